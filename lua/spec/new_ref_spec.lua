-- new_ref_spec.lua -- zlua.new_ref (R-REF-3, R-REF-4).
--
-- A ref is a ByValUserData of a value type: primitives (zlua.types.*),
-- enums and structs.  Primitive and enum refs expose `r.value`; every ref
-- reads by value where its type is expected, and is the true ref that a
-- `ref T` parameter writes through (that last part needs the byref pop of
-- the specs under "R-REF-3 refs as true refs" below).
--
-- Calls into C# run twice where a stub could serve them: through the
-- method's Lua function (a generated stub when the build has stubs) and
-- through the generic invoker (testbed.generic), with the same checks.
local h = require "helpers"

local Demo = CS.Demo
local P = CS.MyGame.Point2D
local Line = CS.MyGame.Line
local Tagged = CS.MyGame.Tagged
local Color = CS.MyGame.Color
local Small = CS.MyGame.Small
local Wide = CS.MyGame.Wide
local T = zlua.types

local both = h.both

describe("R-REF-3 zlua.new_ref of primitives", function()
  it("R-REF-3: a ref of a primitive is a ByValUserData of that type holding the value",
     function()
    local r = zlua.new_ref(T.int32, 5)
    assert.are.equal("byval", h.kind(r))
    assert.is_true(rawequal(T.int32, h.type_of(r)))
    assert.are.equal(5, r.value)
    assert.are.equal("integer", math.type(r.value))
  end)

  it("R-REF-3: no value, or nil, is default(T)", function()
    assert.are.equal(0, zlua.new_ref(T.int32).value)
    assert.are.equal(0, zlua.new_ref(T.int32, nil).value)
    assert.are.equal(false, zlua.new_ref(T.bool).value)
    assert.are.equal(0.0, zlua.new_ref(T.double).value)
    assert.are.equal("float", math.type(zlua.new_ref(T.float).value))
    assert.are.equal(0, zlua.new_ref(T.ulong).value)
  end)

  it("R-REF-3: the value pops by T's parameter rules", function()
    assert.are.equal(true, zlua.new_ref(T.bool, true).value)
    assert.are.equal(255, zlua.new_ref(T.byte, 255).value)
    assert.are.equal(-3, zlua.new_ref(T.sbyte, -3).value)
    assert.are.equal(65, zlua.new_ref(T.char, 65).value)
    assert.are.equal(1.5, zlua.new_ref(T.double, 1.5).value)
    assert.are.equal(0.25, zlua.new_ref(T.float, 0.25).value)
    assert.are.equal(-1, zlua.new_ref(T.ulong, -1).value)          -- two's complement
    assert.are.equal(1 << 40, zlua.new_ref(T.long, 1 << 40).value)
    assert.are.equal(7, zlua.new_ref(T.int, 7.0).value)              -- an exact float
    assert.are.equal(9, zlua.new_ref(T.uint16, 9).value)             -- an alias key
  end)

  it("R-REF-3: a bad value raises the parameter writers' messages", function()
    h.raises("bad argument #2 to 'new_ref' (number out of range for System.Byte)",
             zlua.new_ref, T.byte, 300)
    h.raises("bad argument #2 to 'new_ref' (number out of range for System.Int32)",
             zlua.new_ref, T.int32, 1 << 40)
    h.raises("bad argument #2 to 'new_ref' (number has no integer representation)",
             zlua.new_ref, T.int, 1.5)
    h.raises("bad argument #2 to 'new_ref' (System.Int32 expected, got string)",
             zlua.new_ref, T.int, "1")
    h.raises("bad argument #2 to 'new_ref' (System.Boolean expected, got number)",
             zlua.new_ref, T.bool, 1)
    h.raises("bad argument #2 to 'new_ref' (System.Int32 expected, got MyGame.Point2D)",
             zlua.new_ref, T.int, P(1, 2))
    h.raises("bad argument #2 to 'new_ref' (System.Int32 expected, got table)",
             zlua.new_ref, T.int, {})
    h.raises("wrong number of arguments to 'new_ref' (1 to 2 expected, got 3)",
             zlua.new_ref, T.int, 1, 2)
  end)

  it("R-REF-3: an existing ref of T is copied, never aliased", function()
    local a = zlua.new_ref(T.int, 3)
    local b = zlua.new_ref(T.int, a)
    assert.is_false(rawequal(a, b))
    b.value = 4
    assert.are.equal(3, a.value)
    assert.are.equal(4, b.value)
    -- a ref of another type is no value of T (by-val rules: exactly T)
    h.raises("bad argument #2 to 'new_ref' (System.Int64 expected, got System.Int32)",
             zlua.new_ref, T.long, a)
  end)
end)

describe("R-REF-4 zlua.new_ref's type argument", function()
  it("R-REF-4: T is a type table or a CLR full name", function()
    assert.are.equal(5, zlua.new_ref("System.Int32", 5).value)
    assert.is_true(rawequal(T.int32, h.type_of(zlua.new_ref("System.Int32"))))
    assert.is_true(rawequal(T.int, h.type_of(zlua.new_ref(T.int32))))   -- one table
    assert.are.equal(2, zlua.new_ref("MyGame.Color", 2).value)
    assert.are.equal(1, zlua.new_ref("MyGame.Point2D", 1, 2).x)
  end)

  it("R-REF-4: anything else is refused, look-alike tables included", function()
    h.raises("bad argument #1 to 'new_ref' (type expected, got no value)", zlua.new_ref)
    h.raises("bad argument #1 to 'new_ref' (type expected, got number)", zlua.new_ref, 5)
    h.raises("bad argument #1 to 'new_ref' (type expected, got table)",
             zlua.new_ref, { __fullname = "System.Int32" })
    h.raises("bad argument #1 to 'new_ref' (type expected, got namespace CS.MyGame)",
             zlua.new_ref, CS.MyGame)
    h.raises("bad argument #1 to 'new_ref' (type not found: MyGame.Nope)",
             zlua.new_ref, "MyGame.Nope")
  end)

  it("R-REF-3: a reference type is refused: new_ref expects a value type", function()
    h.raises("new_ref expects a value type", zlua.new_ref, T.string)
    h.raises("new_ref expects a value type", zlua.new_ref, T.object)
    h.raises("new_ref expects a value type", zlua.new_ref, "System.String", "s")
    h.raises("new_ref expects a value type", zlua.new_ref, CS.MyGame.Player)
    h.raises("new_ref expects a value type", zlua.new_ref, CS.MyGame.IShape)
    h.raises("new_ref expects a value type", zlua.new_ref, h.type_of(Demo.MakeArray(1)))
    h.raises("new_ref expects a value type", zlua.new_ref, T.void)
  end)

  it("R-REF-3: Nullable<T> and types without a Lua shape are refused", function()
    h.raises("bad argument #1 to 'new_ref' (System.Nullable`1[System.Int32] has no "
             .. "userdata form: its values are nil or System.Int32)",
             zlua.new_ref, CS.System['Nullable`1[System.Int32]'])
    h.raises("bad argument #1 to 'new_ref' (unsupported type System.Decimal)",
             zlua.new_ref, T.decimal, 1)
    h.raises("bad argument #1 to 'new_ref' (unsupported type ZLuaTests.Span8)",
             zlua.new_ref, "ZLuaTests.Span8")
  end)
end)

describe("R-REF-3 r.value", function()
  it("R-REF-3: r.value reads and writes the payload", function()
    local r = zlua.new_ref(T.int32, 1)
    r.value = 41
    r.value = r.value + 1
    assert.are.equal(42, r.value)
    local f = zlua.new_ref(T.float)
    f.value = 2
    assert.are.equal(2.0, f.value)
    assert.are.equal("float", math.type(f.value))
    local b = zlua.new_ref(T.bool)
    b.value = true
    assert.are.equal(true, b.value)
    local c = zlua.new_ref(T.int32, 7)
    c.value = zlua.new_ref(T.int32, 8)   -- a ref of the type is its value
    assert.are.equal(8, c.value)
    c.value = c                          -- itself, too
    assert.are.equal(8, c.value)
  end)

  it("R-REF-3: writes keep the type's range rules and the field writers' messages", function()
    local r = zlua.new_ref(T.int32, 1)
    h.raises("cannot set 'System.Int32.value' (number out of range for System.Int32)",
             function() r.value = 1 << 40 end)
    h.raises("cannot set 'System.Int32.value' (System.Int32 expected, got string)",
             function() r.value = "2" end)
    h.raises("cannot set 'System.Int32.value' (number has no integer representation)",
             function() r.value = 2.5 end)
    local b = zlua.new_ref(T.byte, 1)
    h.raises("cannot set 'System.Byte.value' (number out of range for System.Byte)",
             function() b.value = 256 end)
    h.raises("cannot set 'System.Boolean.value' (System.Boolean expected, got nil)",
             function() zlua.new_ref(T.bool).value = nil end)
    assert.are.equal(1, r.value)   -- a failed write leaves the value
    assert.are.equal(1, b.value)
  end)

  it("R-REF-3: other names raise the usual member errors", function()
    local r = zlua.new_ref(T.int32, 1)
    h.raises("'System.Int32' has no member 'Nope'", function() return r.Nope end)
    h.raises("'System.Int32' has no member 'nope'", function() r.nope = 1 end)
  end)

  it("R-REF-3: structs keep their own members and get no 'value'", function()
    local p = zlua.new_ref(P, 1, 2)
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
    h.raises("'MyGame.Point2D' has no member 'value'", function() return p.value end)
  end)
end)

describe("R-REF-3 zlua.new_ref of enums", function()
  it("R-REF-3: an enum ref holds the underlying value, names or not", function()
    local c = zlua.new_ref(Color, 2)
    assert.are.equal("byval", h.kind(c))
    assert.is_true(rawequal(Color, h.type_of(c)))
    assert.are.equal(2, c.value)
    assert.are.equal(Color.Red, zlua.new_ref(Color).value)
    assert.are.equal(17, zlua.new_ref(Color, 17).value)
    assert.are.equal(200, zlua.new_ref(Small, Small.B).value)
    assert.are.equal(Wide.Big, zlua.new_ref(Wide, Wide.Big).value)
    assert.are.equal(1, zlua.new_ref(Color, zlua.box(Color, 1)).value)   -- a boxed enum
    c.value = Color.Green
    assert.are.equal(1, c.value)
  end)

  it("R-REF-3: enum values keep the underlying range", function()
    h.raises("bad argument #2 to 'new_ref' (number out of range for MyGame.Small)",
             zlua.new_ref, Small, 300)
    h.raises("bad argument #2 to 'new_ref' (MyGame.Color expected, got string)",
             zlua.new_ref, Color, "Red")
    h.raises("bad argument #2 to 'new_ref' (MyGame.Color expected, got System.Int32)",
             zlua.new_ref, Color, zlua.new_ref(T.int, 1))
    local s = zlua.new_ref(Small, 1)
    h.raises("cannot set 'MyGame.Small.value' (number out of range for MyGame.Small)",
             function() s.value = -1 end)
    assert.are.equal(1, s.value)
  end)
end)

describe("R-REF-3 zlua.new_ref of structs", function()
  it("R-REF-3: no value is default(T)", function()
    local p = zlua.new_ref(P)
    assert.are.equal("byval", h.kind(p))
    assert.is_true(rawequal(P, h.type_of(p)))
    assert.are.equal(0, p.x)
    assert.are.equal(0, zlua.new_ref(Line).b.y)
    assert.is_nil(zlua.new_ref(Tagged).name)
  end)

  it("R-REF-3: arguments follow T's constructor rules, as T(...)", function()
    local p = zlua.new_ref(P, 1, 2)
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
    assert.are.equal(5, zlua.new_ref(P, 3, 4):Length())
    h.raises("bad argument #1 to 'MyGame.Point2D(...)' (System.Single expected, got string)",
             zlua.new_ref, P, "a", 2)
    h.raises("wrong number of arguments to 'MyGame.Point2D(...)' (2 expected, got 3)",
             zlua.new_ref, P, 1, 2, 3)
    h.raises("'MyGame.Line' has no public constructor", zlua.new_ref, Line, 1)
  end)

  it("R-REF-3: an existing ByValUserData of T is copied, never aliased", function()
    local p = P(1, 2)
    local q = zlua.new_ref(P, p)
    assert.is_false(rawequal(p, q))
    q.x = 10
    assert.are.equal(1, p.x)
    assert.are.equal(10, q.x)
    local t = Tagged(3, "abc")
    local u = zlua.new_ref(Tagged, t)
    u.name = "changed"
    assert.are.equal("abc", t.name)
    assert.are.equal("changed", u.name)
  end)

  it("R-REF-3: a non-blittable ref is registered and keeps its references alive (bulk)",
     function()
    h.full_gc(2)
    local baseline = h.structs()
    local keep = {}
    for i = 1, 100 do
      keep[i] = zlua.new_ref(Tagged, i, h.runtime_string("ref-" .. i .. "-"))
    end
    assert.are.equal(baseline + 100, h.structs())
    for round = 1, 5 do
      h.churn(200)
      h.full_gc(1)
    end
    for i = 1, 100 do
      assert.are.equal(i, keep[i].id)
      assert.are.equal("ref-" .. i .. "-", keep[i].name:sub(1, #("ref-" .. i .. "-")))
      assert.are.equal(keep[i].name, Demo.TaggedName(keep[i]))
    end
    keep = nil
    for _ = 1, 10 do
      h.full_gc(1)
      if h.structs() == baseline then break end
    end
    assert.are.equal(baseline, h.structs())
  end)

  it("R-REF-3: primitive, enum and blittable refs register nothing (bulk)", function()
    h.full_gc(1)
    local s0 = testbed.stats()
    local keep = {}
    for i = 1, 100 do
      keep[#keep + 1] = zlua.new_ref(T.int32, i)
      keep[#keep + 1] = zlua.new_ref(Color, i)
      keep[#keep + 1] = zlua.new_ref(P, i, i)
    end
    local s1 = testbed.stats()
    assert.are.equal(s0.structs, s1.structs)
    assert.are.equal(s0.objects, s1.objects)
    assert.are.equal(300, #keep)
  end)
end)

describe("R-REF-3 refs read by value", function()
  it("R-REF-3: a primitive ref passes its value to a by-value parameter", function()
    for _, add in ipairs(both(Demo, "Add")) do
      assert.are.equal(5, add(zlua.new_ref(T.int32, 2), 3))
      assert.are.equal(5, add(2, zlua.new_ref(T.int32, 3)))
    end
    for _, mul in ipairs(both(Demo, "Mul")) do
      assert.are.equal(6.0, mul(zlua.new_ref(T.double, 2), 3))
    end
    for _, echo in ipairs(both(Demo, "EchoByte")) do
      assert.are.equal(200, echo(zlua.new_ref(T.byte, 200)))
    end
    assert.are.equal(true, Demo.Not(zlua.new_ref(T.bool, false)))
    assert.are.equal(1 << 40, Demo.AddLong(zlua.new_ref(T.long, 1 << 40), 0))
    assert.are.equal(4, Demo.OrZero(zlua.new_ref(T.int, 4)))          -- int? parameter
  end)

  it("R-REF-3: an enum ref passes its value to a parameter of that enum", function()
    Demo.SetColor(zlua.new_ref(Color, Color.Blue))
    assert.are.equal(Color.Blue, Demo.GetColor())
    for _, echo in ipairs(both(Demo, "EchoSmall")) do
      assert.are.equal(200, echo(zlua.new_ref(Small, 200)))
    end
  end)

  it("R-REF-3: a struct ref passes its value like any ByValUserData of T", function()
    assert.are.equal(3, Demo.SumPoint(zlua.new_ref(P, 1, 2)))
    assert.are.equal("abc", Demo.TaggedName(zlua.new_ref(Tagged, 1, "abc")))
  end)

  it("R-REF-3: only exactly T: a ref of another type is an argument error", function()
    for _, add in ipairs(both(Demo, "Add")) do
      h.raises("bad argument #1 to 'Demo.Add' (System.Int32 expected, got System.Int64)",
               add, zlua.new_ref(T.long, 2), 3)
    end
    h.raises("bad argument #1 to 'Demo.EchoByte' (System.Byte expected, got System.Int32)",
             Demo.EchoByte, zlua.new_ref(T.int, 2))
    h.raises("bad argument #1 to 'Demo.SetColor' (MyGame.Color expected, got System.Int32)",
             Demo.SetColor, zlua.new_ref(T.int, 2))
    h.raises("bad argument #1 to 'Demo.Add' (System.Int32 expected, got MyGame.Color)",
             Demo.Add, zlua.new_ref(Color, 2), 3)
  end)

  it("R-REF-3: an object parameter gets a boxed copy of the ref's type", function()
    assert.are.equal("System.Int32", Demo.Describe(zlua.new_ref(T.int32, 5)))
    assert.are.equal("System.Int64", Demo.Describe(zlua.new_ref(T.long, 5)))
    assert.are.equal("MyGame.Color", Demo.Describe(zlua.new_ref(Color, 1)))
  end)

  it("R-REF-3: overload dispatch scores a ref as its own type (Identity)", function()
    assert.are.equal("int", Demo.Pick(zlua.new_ref(T.int, 1)))
    assert.are.equal("double", Demo.Pick(zlua.new_ref(T.double, 1)))
    assert.are.equal("Point2D", Demo.Pick(zlua.new_ref(P, 1, 2)))
    assert.are.equal("int,int", Demo.Pick(zlua.new_ref(T.int, 1), 2))
    h.raises_containing("no overload for Demo.Pick matching (System.Int64);",
                        Demo.Pick, zlua.new_ref(T.long, 1))
  end)
end)

-- These go through the byref pop (src/marshal/byref.c): a
-- ByValUserData of exactly A, primitives and enums included, passes its
-- payload address for `ref A`.
describe("R-REF-3 refs as true refs", function()
  it("R-REF-3: out int writes into a primitive ref ()", function()
    for _, try in ipairs(both(Demo, "TryParse")) do
      local r = zlua.new_ref(T.int32)
      assert.is_true(try("12", r))
      assert.are.equal(12, r.value)
    end
  end)

  it("R-REF-3: ref int increments a primitive ref ()", function()
    for _, inc in ipairs(both(Demo, "Increment")) do
      local n = zlua.new_ref(T.int32, 5)
      inc(n)
      assert.are.equal(6, n.value)
    end
  end)

  it("R-REF-3: ref Point2D writes into a struct ref ()", function()
    for _, offset in ipairs(both(Demo, "Offset")) do
      local q = zlua.new_ref(P, 0, 0)
      offset(q, 1, 1)
      assert.are.equal(1, q.x)
      assert.are.equal(1, q.y)
    end
  end)
end)

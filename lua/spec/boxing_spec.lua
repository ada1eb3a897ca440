-- boxing_spec.lua -- zlua.box / zlua.unbox / zlua.cast, enums, the `this`
-- rules of instance methods, Nullable<T> type tables, and OpaqueValues
-- passed back to string parameters (R-BOX-1, R-ENUM-1/2,
-- R-THIS-1, R-REF-4, R-VIEW-1, R-SHAPE-2, type tables, R-OPQ-10).
--
-- Calls into C# run twice where a stub could serve them: through the
-- method's Lua function (a generated stub when the build has stubs) and
-- through the generic invoker (testbed.generic), with the same checks.
local h = require "helpers"

local Demo = CS.Demo
local P = CS.MyGame.Point2D
local Line = CS.MyGame.Line
local Color = CS.MyGame.Color
local Small = CS.MyGame.Small
local Wide = CS.MyGame.Wide
local Player = CS.MyGame.Player
local IShape = CS.MyGame.IShape
local T = zlua.types

-- The function T[name] (a stub when there is one) and the same method
-- through the generic invoker.
local both = h.both

describe("R-BOX-1 zlua.box", function()
  it("R-BOX-1: boxes primitives into ByObjUserData that unbox to the value", function()
    local b = zlua.box(T.int, 5)
    assert.are.equal("byobj", h.kind(b))
    assert.are.equal(T.int, h.type_of(b))
    assert.are.equal(5, zlua.unbox(b))
    assert.are.equal("integer", math.type(zlua.unbox(b)))
    assert.are.equal(true, zlua.unbox(zlua.box(T.bool, true)))
    assert.are.equal(1.5, zlua.unbox(zlua.box(T.double, 1.5)))
    assert.are.equal(255, zlua.unbox(zlua.box(T.byte, 255)))
    assert.are.equal(-1, zlua.unbox(zlua.box(T.long, -1)))
  end)

  it("R-REF-4: the type is a type table or a CLR full name", function()
    assert.are.equal(7, zlua.unbox(zlua.box("System.Int32", 7)))
    assert.are.equal(2, zlua.unbox(zlua.box("MyGame.Color", 2)))
    assert.are.equal(Color, h.type_of(zlua.box("MyGame.Color", 2)))
  end)

  it("R-BOX-1: the value pops by T's rules, with the slots' messages", function()
    h.raises("bad argument #2 to 'box' (number out of range for System.Byte)",
             zlua.box, T.byte, 256)
    h.raises("bad argument #2 to 'box' (System.Int32 expected, got string)",
             zlua.box, T.int, "5")
    h.raises("bad argument #2 to 'box' (number has no integer representation)",
             zlua.box, T.int, 1.5)
    h.raises("bad argument #2 to 'box' (System.Boolean expected, got nil)",
             zlua.box, T.bool, nil)
    h.raises("bad argument #2 to 'box' (MyGame.Point2D expected, got table)",
             zlua.box, P, { x = 1, y = 2 })
    h.raises("bad argument #2 to 'box' (unsupported parameter type)",
             zlua.box, T.decimal, 1)
  end)

  it("R-BOX-1: a reference type raises 'box expects a value type'", function()
    h.raises("box expects a value type", zlua.box, Player, nil)
    h.raises("box expects a value type", zlua.box, T.string, "x")
    h.raises("box expects a value type", zlua.box, T.object, 1)
    h.raises("box expects a value type", zlua.box, "MyGame.IShape", 1)
    h.raises("box expects a value type", zlua.box, T.void, 1)
  end)

  it("R-BOX-1: a struct from a ByValUserData is a boxed copy", function()
    local p = P(1, 2)
    local b = zlua.box(P, p)
    assert.are.equal("byobj", h.kind(b))
    assert.are.equal(P, h.type_of(b))
    p.x = 9
    assert.are.equal(1, b.x)                    -- a copy, not an alias
    assert.is_false(rawequal(b, zlua.box(P, p)))  -- every box is a new object
    assert.are.equal("(1, 2)", tostring(b))
  end)

  it("R-BOX-1: a boxed primitive prints as C# prints it (its ToString)", function()
    assert.are.equal("5", tostring(zlua.box(CS.System.Int32, 5)))
    assert.are.equal("-7", tostring(zlua.box(CS.System.Int64, -7)))
    assert.are.equal("True", tostring(zlua.box(CS.System.Boolean, true)))
    assert.are.equal("5", zlua.box(CS.System.Int32, 5):ToString())
  end)

  it("R-BOX-1: a non-blittable struct's references stay alive in the box", function()
    local b = zlua.box(CS.MyGame.Tagged, Demo.MakeTagged(3, h.runtime_string("t")))
    local name = zlua.unbox(b).name
    h.full_gc(2)
    assert.are.equal(3, zlua.unbox(b).id)
    assert.are.equal(name, zlua.unbox(b).name)
    assert.are.equal(name, Demo.TaggedName(b))   -- a struct slot unboxes it
  end)
end)

describe("R-BOX-1 zlua.unbox", function()
  it("R-BOX-1: zlua.unbox(Demo.Box(5)) == 5", function()
    assert.are.equal(5, zlua.unbox(Demo.Box(5)))
  end)

  it("R-BOX-1: a boxed struct unboxes to an independent ByValUserData copy", function()
    local b = zlua.box(P, P(1, 2))
    local u = zlua.unbox(b)
    assert.are.equal("byval", h.kind(u))
    assert.are.equal(P, h.type_of(u))
    u.x = 7
    assert.are.equal(1, b.x)
    assert.are.equal(1, zlua.unbox(b).x)
  end)

  it("R-BOX-1: a boxed enum unboxes to an integer", function()
    local v = zlua.unbox(zlua.box(Color, 2))
    assert.are.equal(2, v)
    assert.are.equal("integer", math.type(v))
  end)

  it("R-BOX-1: anything else raises 'unbox expects a boxed value'", function()
    for _, v in ipairs({ 5, "s", true, {}, P(1, 2), Player("p"),
                         Demo.MakeStringObject("s"), Demo.MakeArray(2) }) do
      h.raises("unbox expects a boxed value", zlua.unbox, v)
    end
    h.raises("unbox expects a boxed value", zlua.unbox, nil)
    h.raises("unbox expects a boxed value", zlua.unbox)
    h.raises("unbox expects a boxed value", zlua.unbox, Demo.Buffer())
  end)
end)

describe("R-ENUM-1/2 enums and boxed enums", function()
  it("R-ENUM-1: Demo.SetColor(zlua.box(CS.MyGame.Color, 2)) sets Blue", function()
    for _, set in ipairs(both(Demo, "SetColor")) do
      Demo.SetColor(Color.Red)
      set(zlua.box(CS.MyGame.Color, 2))
      assert.are.equal(Color.Blue, Demo.GetColor())
    end
  end)

  it("R-ENUM-1: a byte enum parameter takes its boxed enum; another enum's box is refused", function()
    for _, echo in ipairs(both(Demo, "EchoSmall")) do
      assert.are.equal(200, echo(zlua.box(Small, 200)))
      h.raises("bad argument #1 to 'Demo.EchoSmall' (MyGame.Small expected, got MyGame.Color)",
               echo, zlua.box(Color, 1))
      h.raises("bad argument #1 to 'Demo.EchoSmall' (MyGame.Small expected, got System.Object)",
               echo, Demo.Box(1))
    end
    for _, echo in ipairs(both(Demo, "EchoWide")) do
      assert.are.equal(Wide.Big, echo(zlua.box(Wide, Wide.Big)))
    end
  end)

  it("R-ENUM-2: a value outside the names is allowed; outside the underlying type is an argument error", function()
    assert.are.equal(17, zlua.unbox(zlua.box(Color, 17)))
    assert.are.equal(1 << 40, zlua.unbox(zlua.box(Wide, 1 << 40)))
    h.raises("bad argument #2 to 'box' (number out of range for MyGame.Small)",
             zlua.box, Small, 300)
    h.raises("bad argument #2 to 'box' (number out of range for MyGame.Small)",
             zlua.box, Small, -1)
    h.raises("bad argument #2 to 'box' (number out of range for MyGame.Color)",
             zlua.box, Color, 1 << 31)
    h.raises("bad argument #2 to 'box' (MyGame.Color expected, got string)",
             zlua.box, Color, "Red")
  end)

  it("R-ENUM-2: an enum type table has no constructor; zlua.box makes its values", function()
    -- calling it constructs nothing: the error of a type without one
    h.raises("'MyGame.Color' has no public constructor", function() return Color(1) end)
    h.raises("'MyGame.Color' has no member '_ctor'", function() return Color._ctor end)
    local b = zlua.box(Color, Color.Green)
    assert.are.equal("byobj", h.kind(b))
    assert.are.equal(Color, h.type_of(b))
  end)
end)

describe("R-THIS-1 `this` of instance methods", function()
  it("R-THIS-1: a struct method on a ByValUserData runs on its payload", function()
    for _, scale in ipairs(both(P(0, 0), "Scale")) do
      local p = P(1, 2)
      scale(p, 2)
      assert.are.equal(2, p.x)
      assert.are.equal(4, p.y)
    end
  end)

  it("R-THIS-1: a base method on a ByValUserData boxes a copy first (Object.ToString, ValueType.GetHashCode/Equals)", function()
    local l = Line()
    for _, f in ipairs(both(l, "ToString")) do
      assert.are.equal("MyGame.Line", f(l))         -- System.Object.ToString of the boxed copy
    end
    local p = P(1, 2)
    for _, f in ipairs(both(p, "GetHashCode")) do
      assert.are.equal(zlua.box(P, p):GetHashCode(), f(p))
      assert.are.equal(P(1, 2):GetHashCode(), f(p))
    end
    for _, f in ipairs(both(p, "Equals")) do
      assert.is_true(f(p, P(1, 2)))
      assert.is_false(f(p, P(1, 3)))
    end
    assert.are.equal(1, p.x)                       -- the payload itself is untouched
  end)

  it("R-THIS-1: a struct method on a boxed struct runs on the payload inside the box", function()
    local b = zlua.box(P, P(3, 4))
    for _, len in ipairs(both(b, "Length")) do
      assert.are.equal(5, len(b))
    end
    for _, scale in ipairs(both(b, "Scale")) do
      scale(b, 2)
    end
    assert.are.equal(12, b.x)                      -- scaled twice, in place
    assert.are.equal(16, zlua.unbox(b).y)
    assert.are.equal("(12, 16)", b:ToString())     -- Point2D's own override
    b.x = 1                                        -- fields write into the box
    assert.are.equal(1, zlua.unbox(b).x)
  end)

  it("R-THIS-1: a base method on a boxed struct or enum gets the object", function()
    local bl = zlua.box(Line, Line())
    for _, f in ipairs(both(bl, "ToString")) do
      assert.are.equal("MyGame.Line", f(bl))
    end
    local bp = zlua.box(P, P(1, 2))
    for _, f in ipairs(both(bp, "GetHashCode")) do
      assert.are.equal(P(1, 2):GetHashCode(), f(bp))
    end
    local bc = zlua.box(Color, 2)
    for _, f in ipairs(both(bc, "ToString")) do
      assert.are.equal("Blue", f(bc))             -- System.Enum.ToString
    end
    assert.are.equal("Blue", tostring(bc))
  end)

  it("R-THIS-1: a boxed struct viewed as object dispatches to the struct's override", function()
    local o = zlua.cast(zlua.box(P, P(1, 2)), T.object)
    assert.are.equal(T.object, h.type_of(o))
    assert.are.equal("(1, 2)", o:ToString())
  end)
end)

describe("R-BOX-1 / R-VIEW-1 zlua.cast", function()
  it("R-VIEW-1: cast gives another view of the same object; R-SHAPE-2: identity per view", function()
    local pl = Demo.MakePlayer("ann")
    local s = zlua.cast(pl, IShape)
    assert.are.equal(IShape, h.type_of(s))
    assert.is_false(rawequal(s, pl))
    assert.is_true(rawequal(s, zlua.cast(pl, "MyGame.IShape")))
    assert.is_true(rawequal(pl, zlua.cast(s, Player)))
    assert.is_true(rawequal(pl, zlua.cast(pl, Player)))
    assert.is_true(rawequal(pl, Demo.Same(zlua.cast(s, Player))))
    assert.are.equal(1, s:Area())
    assert.are.equal(1, Demo.TotalArea(s))
    h.raises("'MyGame.IShape' has no member 'Hp'", function() return s.Hp end)
    assert.are.equal(100, zlua.cast(s, Player).Hp)
  end)

  it("R-VIEW-1: an object-typed result is cast to its runtime type", function()
    local o = Demo.Box(5)
    assert.are.equal(T.object, h.type_of(o))
    local i = zlua.cast(o, "System.Int32")
    assert.are.equal(T.int, h.type_of(i))
    assert.are.equal(5, zlua.unbox(i))
    local b = zlua.box(P, P(1, 2))
    assert.is_true(rawequal(b, zlua.cast(zlua.cast(b, T.object), P)))
  end)

  it("R-BOX-1: a type the object is not assignable to raises 'cannot cast'", function()
    local pl = Player("p")
    h.raises("cannot cast", zlua.cast, pl, P)
    h.raises("cannot cast", zlua.cast, pl, T.string)
    h.raises("cannot cast", zlua.cast, Demo.Box(1), Player)
    h.raises("cannot cast", zlua.cast, Demo.Box(1), T.long)
    h.raises("cannot cast", zlua.cast, zlua.box(P, P(1, 2)), "System.Nullable`1[MyGame.Point2D]")
    h.raises("cannot cast", zlua.cast, pl, CS.MyGame.Config)     -- a static class
  end)

  it("R-BOX-1: cast takes objects only", function()
    h.raises("bad argument #1 to 'cast' (object expected, got MyGame.Point2D)",
             zlua.cast, P(1, 2), P)
    h.raises("bad argument #1 to 'cast' (object expected, got nil)", zlua.cast, nil, P)
    h.raises("bad argument #1 to 'cast' (object expected, got number)", zlua.cast, 1, T.int)
  end)
end)

describe("R-REF-4 type arguments cannot be forged", function()
  it("R-REF-4: anything but a type table or a type name is refused", function()
    h.raises("bad argument #1 to 'box' (type expected, got number)", zlua.box, 1, 1)
    h.raises("bad argument #1 to 'box' (type expected, got no value)", zlua.box)
    h.raises("bad argument #1 to 'box' (type expected, got nil)", zlua.box, nil, 1)
    h.raises("bad argument #1 to 'box' (type expected, got MyGame.Point2D)", zlua.box, P(1, 2), 1)
    h.raises("bad argument #1 to 'box' (type expected, got namespace CS.MyGame)",
             zlua.box, CS.MyGame, 1)
    h.raises("bad argument #1 to 'box' (type not found: MyGame.Nope)", zlua.box, "MyGame.Nope", 1)
    h.raises("bad argument #2 to 'cast' (type not found: Nope)", zlua.cast, Player("p"), "Nope")
    h.raises("bad argument #2 to 'cast' (type expected, got boolean)", zlua.cast, Player("p"), true)
  end)

  it("R-REF-4: a look-alike table (copied keys) is no type", function()
    local fake = { __fullname = "MyGame.Color", __name = "Color", __enum = true }
    h.raises("bad argument #1 to 'box' (type expected, got table)", zlua.box, fake, 1)
    local copy = {}
    for k, v in pairs(Color) do copy[k] = v end
    h.raises("bad argument #1 to 'box' (type expected, got table)", zlua.box, copy, 1)
  end)

  it("R-REF-4: a table given a type table's metatable is no type, nor is a type table given another's", function()
    local fake = {}
    debug.setmetatable(fake, debug.getmetatable(Color))
    assert.are.equal("MyGame.Color", fake.__fullname)   -- it looks like Color
    h.raises("bad argument #1 to 'box' (type expected, got table)", zlua.box, fake, 1)
    -- a reference type wearing a value type's metatable stays refused
    local mt = debug.getmetatable(Player)
    debug.setmetatable(Player, debug.getmetatable(P))
    local err = h.error_of(zlua.box, Player, P(1, 2))
    debug.setmetatable(Player, mt)
    assert.are.equal("bad argument #1 to 'box' (type expected, got table)", h.strip_position(err))
    assert.are.equal("box expects a value type", h.strip_position(h.error_of(zlua.box, Player, nil)))
  end)

  it("R-REF-4: a swapped class box in the metatable's closure names no other type", function()
    local newindex = debug.getmetatable(Wide).__newindex
    local _, own = debug.getupvalue(newindex, 1)
    local _, other = debug.getupvalue(debug.getmetatable(Color).__newindex, 1)
    debug.setupvalue(newindex, 1, other)             -- Wide's table now claims Color
    local err = h.error_of(zlua.box, Wide, 1)
    debug.setupvalue(newindex, 1, own)
    assert.are.equal("bad argument #1 to 'box' (type expected, got table)", h.strip_position(err))
    assert.are.equal(1, zlua.unbox(zlua.box(Wide, 1)))
  end)

  it("R-REF-4: a replaced registry entry is checked on read", function()
    local reg = debug.getregistry()
    local ref
    for k, v in pairs(reg) do
      if rawequal(v, Wide) then ref = k end
    end
    assert.is_not_nil(ref)
    reg[ref] = {}                                   -- Wide's type table, as libzlua keeps it
    local err = h.error_of(zlua.box, Wide, 1)
    reg[ref] = 42
    local err2 = h.error_of(zlua.box, Wide, 1)
    reg[ref] = Wide
    assert.are.equal("bad argument #1 to 'box' (type expected, got table)", h.strip_position(err))
    assert.are.equal("bad argument #1 to 'box' (type expected, got table)", h.strip_position(err2))
    assert.are.equal(1, zlua.unbox(zlua.box(Wide, 1)))
  end)
end)

describe("Nullable<T> type tables", function()
  local N = "System.Nullable`1[MyGame.Point2D]"
  local NI = "System.Nullable`1[System.Int32]"

  it("reachable by the runtime's full name through CS, CS.System and CSharp.mscorlib", function()
    local n = CS[N]
    assert.are.equal("table", type(n))
    assert.is_true(rawequal(n, CS.System["Nullable`1[MyGame.Point2D]"]))
    assert.is_true(rawequal(n, CSharp.mscorlib[N]))
    assert.are.equal(N, n.__fullname)
    assert.is_true(rawequal(CS[NI], CSharp.mscorlib[NI]))
    h.raises("type not found: System.Nullable`1[MyGame.Nope]",
             function() return CS["System.Nullable`1[MyGame.Nope]"] end)
    h.raises("type not found: System.Nullable`1[MyGame.Point2D]",
             function() return CSharp.AC[N] end)
  end)

  it("__nullable = true, no other kind key, no instance metatable", function()
    local n = CS[N]
    assert.is_true(n.__nullable)
    assert.is_nil(n.__struct)
    assert.is_nil(n.__enum)
    assert.is_nil(n.__instance_mt)
    assert.is_nil(n.__byval_instance_mt)
    assert.is_nil(n.__byobj_instance_mt)
  end)

  it("N(v) returns T's value: a ByValUserData copy for a struct, nil for nil", function()
    local n = CS[N]
    local p = P(3, 4)
    local v = n(p)
    assert.are.equal("byval", h.kind(v))
    assert.are.equal(P, h.type_of(v))
    assert.is_false(rawequal(v, p))
    assert.are.equal(3, v.x)
    assert.is_nil(n(nil))
    assert.are.equal(5, CS[NI](5))
    assert.are.equal("integer", math.type(CS[NI](5.0)))
    h.raises("bad argument #1 to 'System.Nullable`1[MyGame.Point2D]' (System.Nullable`1[MyGame.Point2D] expected, got table)",
             n, {})
  end)

  it("R-REF-4: a Nullable<T> type is a type argument; it boxes as the CLR does", function()
    local b = zlua.box(N, P(1, 1))
    assert.are.equal(P, h.type_of(b))               -- a boxed T
    assert.are.equal(1, zlua.unbox(b).x)
    assert.is_nil(zlua.box(CS[N], nil))             -- null
    assert.are.equal(4, zlua.unbox(zlua.box(NI, 4)))
  end)
end)

describe("R-OPQ-10 an OpaqueValue passed back to a string parameter", function()
  it("R-OPQ-10: a ref string handle resolves to its string (stub and generic)", function()
    local seen = {}
    local fn = h.callback(function(ref)
      for i, concat in ipairs(both(Demo, "Concat")) do
        seen[i] = concat(ref, "x")
      end
    end)
    assert.are.equal("a", Demo.InvokeWithRefString(fn, "a"))
    assert.are.same({ "ax", "ax" }, seen)
  end)

  it("R-OPQ-10: a handle of another element type raises 'opaque handle type mismatch (…)'", function()
    local errs = {}
    local int_fn = h.callback(function(ref)
      for i, concat in ipairs(both(Demo, "Concat")) do
        errs[i] = h.strip_position(h.error_of(concat, ref, "x"))
      end
    end)
    Demo.InvokeWithRefInt(int_fn, 1)
    for i = 1, 2 do
      assert.are.equal("bad argument #1 to 'Demo.Concat' (opaque handle type mismatch (System.String expected, got System.Int32))", errs[i])
    end
    local pt_fn = h.callback(function(hv)
      errs[3] = h.strip_position(h.error_of(Demo.Concat, "x", hv))
    end)
    Demo.InvokeWithPoint(pt_fn, P(1, 2))
    assert.are.equal("bad argument #2 to 'Demo.Concat' (opaque handle type mismatch (System.String expected, got MyGame.Point2D))", errs[3])
  end)

  it("R-OPQ-10: an expired or foreign handle raises the R-OPQ-3 messages", function()
    local kept
    local fn = h.callback(function(ref) kept = ref end)
    Demo.InvokeWithRefString(fn, "a")
    for _, concat in ipairs(both(Demo, "Concat")) do
      h.raises("bad argument #1 to 'Demo.Concat' (opaque handle expired)", concat, kept, "x")
    end
  end)
end)

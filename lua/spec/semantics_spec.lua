-- Semantics a red team found: names with a NUL (R-NAME-1), read-only
-- lookup tables, indexer errors, bind failures that must cache nothing
-- (R-OOM-2), handles given to object parameters, and messages that say
-- the same thing the same way.
local h = require "helpers"

local Demo = CS.Demo
local Point2D = CS.MyGame.Point2D

describe("R-NAME-1: a NUL inside a name is part of the name", function()
  it("CS, namespace tables and CSharp find no type, and say the whole name", function()
    h.raises("type not found: MyGame.Point2D\\0junk",
             function() return CS["MyGame.Point2D\0junk"] end)
    h.raises("type not found: MyGame.Point2D\\0junk",
             function() return CS.MyGame["Point2D\0junk"] end)
    h.raises("type not found: MyGame.Point2D\\0junk",
             function() return CSharp.AC["MyGame.Point2D\0junk"] end)
    h.raises("type not found: \\0",
             function() return CS["\0"] end)
    h.raises("assembly not found: mscorlib\\0x",
             function() return CSharp["mscorlib\0x"] end)
    -- and nothing was cached under the cut name
    assert.is_true(rawequal(CS["MyGame.Point2D"], Point2D))
  end)

  it("the type arguments of typeof, box, new_ref and generic", function()
    h.raises("bad argument #1 to 'typeof' (type not found: MyGame.Point2D\\0junk)",
             zlua.typeof, "MyGame.Point2D\0junk")
    h.raises("bad argument #1 to 'box' (type not found: System.Int32\\0)",
             zlua.box, "System.Int32\0", 1)
    h.raises("bad argument #1 to 'new_ref' (type not found: System.Int32\\0x)",
             zlua.new_ref, "System.Int32\0x", 1)
    h.raises("bad argument #2 to 'generic' (type not found: System.Int32\\0x)",
             zlua.generic, Demo.First, "System.Int32\0x")
    h.raises("bad argument #2 to 'generic' (Demo has no generic method 'First\\0x')",
             zlua.generic, Demo, "First\0x", "System.Int32")
  end)

  it("zlua.types", function()
    h.raises("zlua.types has no type 'int\\0x'", function() return zlua.types["int\0x"] end)
  end)

  it("members: static, instance, methods, extension methods, writes", function()
    h.raises("'MyGame.Point2D' has no member 'Zero\\0junk'",
             function() return Point2D["Zero\0junk"] end)
    local p = Point2D(1, 2)
    h.raises("'MyGame.Point2D' has no member 'x\\0junk'", function() return p["x\0junk"] end)
    h.raises("'MyGame.Point2D' has no member 'x\\0'", function() p["x\0"] = 1 end)
    h.raises("'Demo' has no member 'Add\\0junk'", function() return Demo["Add\0junk"] end)
    local player = Demo.MakePlayer("ann")
    h.raises("'MyGame.Player' has no member 'Heal\\0'", function() return player["Heal\0"] end)
    assert.are.equal("function", type(player.Heal))
  end)
end)

describe("lookup tables are read-only", function()
  it("CS.MyGame.Point2D = 1 raises and the type stays", function()
    local _ = CS.MyGame.Point2D   -- cached
    h.raises("zlua: CS.MyGame is read-only (cannot assign 'Point2D')",
             function() CS.MyGame.Point2D = 1 end)
    assert.is_true(rawequal(CS.MyGame.Point2D, Point2D))
    assert.is_true(rawequal(CS["MyGame.Point2D"], Point2D))
  end)

  it("CS, a namespace, a probed name, CSharp and an assembly table", function()
    h.raises("zlua: CS is read-only (cannot assign 'MyGame')", function() CS.MyGame = 1 end)
    assert.are.equal("table", type(CS.MyGame))
    h.raises("zlua: CS.MyGame.Nope is read-only (cannot assign 'X')",
             function() CS.MyGame.Nope.X = 1 end)
    h.raises("zlua: CS is read-only (cannot assign 'MyGame.Point2D')",
             function() CS["MyGame.Point2D"] = 1 end)
    h.raises("zlua: CSharp is read-only (cannot assign 'AC')", function() CSharp.AC = {} end)
    h.raises("zlua: CSharp['Assembly-CSharp'] is read-only (cannot assign 'MyGame.Point2D')",
             function() CSharp.AC["MyGame.Point2D"] = 1 end)
    assert.is_true(rawequal(CSharp.AC["MyGame.Point2D"], Point2D))
    h.raises("zlua: CS is read-only (cannot assign 'a\\0b')", function() CS["a\0b"] = 1 end)
  end)
end)

describe("R-IDX-1: an indexer that takes the key but not the value", function()
  local Bag = CS.MyGame.Bag   -- this[int] (int values) and this[string] (string values)
  it("bag[3] = 1.5 is the indexer's argument error, not a missing member", function()
    local bag = Bag()
    h.raises("bad argument #2 to 'MyGame.Bag.set_Item' (number has no integer representation)",
             function() bag[3] = 1.5 end)
    h.raises("bad argument #2 to 'MyGame.Bag.set_Item' (System.Int32 expected, got string)",
             function() bag[3] = "x" end)
    h.raises("bad argument #2 to 'MyGame.Bag.set_Item' (System.String expected, got table)",
             function() bag.k = {} end)
    bag[3] = 7
    assert.are.equal(7, bag[3])
  end)
  it("a key no indexer takes is still a missing member", function()
    local bag = Bag()
    h.raises("'MyGame.Bag' has no member '1.5'", function() return bag[1.5] end)
    h.raises("'MyGame.Bag' has no member 'true'", function() bag[true] = 1 end)
  end)
end)

describe("R-OPQ-10: a handle given to an object parameter, everywhere alike", function()
  -- OnPoint-style callbacks: Demo.InvokeWithPoint(name, p) calls the
  -- global `name` with an OpaqueValue of its Point2D; CallOnRefInt with a
  -- `ref int` handle.
  local function with_point_handle(fn)
    local results
    h.global("zlua_sem_point", function(hv) results = table.pack(fn(hv)) end)
    Demo.InvokeWithPoint("zlua_sem_point", Point2D(1, 2))
    return table.unpack(results, 1, results.n)
  end
  local function with_int_handle(fn)
    local results
    h.global("OnRefInt", function(hv) results = table.pack(fn(hv)) end)
    Demo.CallOnRefInt(41)
    return table.unpack(results, 1, results.n)
  end

  it("a struct handle: a boxed copy for object, in a call and in overload dispatch", function()
    assert.are.equal("MyGame.Point2D", with_point_handle(function(hv) return Demo.Describe(hv) end))
    assert.are.equal("object", with_point_handle(function(hv) return Demo.PickObj(hv) end))
    assert.are.equal("Point2D", with_point_handle(function(hv) return Demo.Pick(hv) end))
  end)

  it("a ref int handle: a boxed copy for object too", function()
    assert.are.equal("System.Int32", with_int_handle(function(hv) return Demo.Describe(hv) end))
    assert.are.equal("object", with_int_handle(function(hv) return Demo.PickObj(hv) end))
  end)

  it("new_ref(P, h) copies the handle's value, as box(P, h) does", function()
    local r, b = with_point_handle(function(hv) return zlua.new_ref(Point2D, hv), zlua.box(Point2D, hv) end)
    assert.are.equal("byval", h.kind(r))
    assert.are.equal(1, r.x)
    assert.are.equal(2, r.y)
    assert.are.equal(1, b.x)
    local msg = with_point_handle(function(hv)
      return select(2, pcall(zlua.new_ref, CS.MyGame.Vector2, hv))
    end)
    assert.are.equal("bad argument #2 to 'new_ref' (opaque handle type mismatch " ..
                     "(MyGame.Vector2 expected, got MyGame.Point2D))", h.strip_position(msg))
  end)

  it("simple parameters never take a handle: the same message everywhere", function()
    local msgs = table.pack(with_int_handle(function(hv)
      return select(2, pcall(Demo.Add, hv, 1)), select(2, pcall(zlua.new_ref, zlua.types.int32, hv)),
             select(2, pcall(zlua.box, zlua.types.int32, hv))
    end))
    assert.are.equal("bad argument #1 to 'Demo.Add' (System.Int32 expected, got light userdata)",
                     h.strip_position(msgs[1]))
    assert.are.equal("bad argument #2 to 'new_ref' (System.Int32 expected, got light userdata)",
                     h.strip_position(msgs[2]))
    assert.are.equal("bad argument #2 to 'box' (System.Int32 expected, got light userdata)",
                     h.strip_position(msgs[3]))
  end)
end)

describe("messages that say the same thing the same way", function()
  it("a property write refuses a value with the field's message", function()
    local p = Demo.MakePlayer("a")
    h.raises("cannot set 'MyGame.Player.Hp' (System.Int32 expected, got string)",
             function() p.Hp = "x" end)
    h.raises("cannot set 'MyGame.Player.Level' (System.Int32 expected, got string)",
             function() p.Level = "x" end)
    h.raises("cannot set 'MyGame.Player.Level' (number out of range for System.Int32)",
             function() p.Level = 1 << 40 end)
    p.Level = 3
    assert.are.equal(3, p.Level)
  end)

  it("a UserData string slot says it wants the userdata", function()
    h.raises("bad argument #1 to 'ZLuaTests.Chain.TakeStringObject' (System.String userdata expected, got string)",
             CS.ZLuaTests.Chain.TakeStringObject, "abc")
  end)

  it("a table key no array index can be is named, a missing one is a hole", function()
    h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table with key [1099511627776])",
             Demo.ArraySum, {[1] = 1, [1 << 40] = 2})
    h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table with a hole at [2])",
             Demo.ArraySum, {[1] = 1, [3] = 2})
    h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table with key 'a\\0b')",
             Demo.ArraySum, {[1] = 1, ["a\0b"] = 2})
  end)
end)

describe("more messages made alike", function()
  it("an instance __tostring given a foreign value raises as __index does", function()
    local bmt = debug.getmetatable(CS.MyGame.Bag())
    h.raises("ByObj userdata of MyGame.Bag expected, got number", bmt.__tostring, 5)
    h.raises("ByObj userdata of MyGame.Bag expected, got number", bmt.__index, 5, "x")
    local pmt = debug.getmetatable(Point2D(1, 2))
    h.raises("ByVal userdata of MyGame.Point2D expected, got table", pmt.__tostring, {})
  end)

  it("Color() and zlua.types.void() raise as Demo() does", function()
    h.raises("'Demo' has no public constructor", function() return Demo() end)
    h.raises("'MyGame.Color' has no public constructor", function() return CS.MyGame.Color() end)
    h.raises("'MyGame.Color' has no public constructor", function() return CS.MyGame.Color(1) end)
    h.raises("'System.Void' has no public constructor", function() return zlua.types.void() end)
    h.raises("'MyGame.Color' has no member '_ctor'", function() return CS.MyGame.Color._ctor end)
  end)

  it("an exception message is not cut at a NUL", function()
    h.raises("System.InvalidOperationException: a\\0b\\0\\0c (in Demo.Throw)",
             Demo.Throw, "a\0b\0\0c")
  end)

  it("a handle as a Table-rule member is a light userdata, as everywhere", function()
    local msg
    h.global("zlua_sem_dto", function(hv)
      msg = select(2, pcall(Demo.TakeDto, {X = hv, Y = 1}))
    end)
    Demo.InvokeWithPoint("zlua_sem_dto", Point2D(1, 2))
    assert.are.equal("bad argument #1 to 'Demo.TakeDto' (member 'X' of MyGame.MyDto: " ..
                     "System.Int32 expected, got light userdata)", h.strip_position(msg))
  end)
end)

-- R-OOM-2, on both runtimes: testbed.bind_oom runs the chunk in fresh
-- states, failing each allocation of its first call in turn, and asserts
-- that the same call then succeeds with memory back (tests/unit/
-- test_bind_oom.c has more cases, on the simulation).
describe("R-OOM-2: a failed allocation while binding caches nothing", function()
  local cases = {
    ["a delegate type"] = "return CS.Demo.ApplyFunc(function(x) return x + 1 end, 1) == 2",
    ["a struct and its members"] = "return CS.MyGame.Point2D(3, 4):Length() == 5",
    ["an indexer"] = "local b = CS.MyGame.Bag() b[3] = 7 b.k = 'v' return b[3] == 7 and b.k == 'v'",
    ["an extension method"] = "local p = CS.Demo.MakePlayer('a') local hp = p.Hp p:Heal(5) " ..
                              "return p.Hp == hp + 5",
    ["a namespace and CSharp"] = "return rawequal(CSharp.AC['MyGame.Color'], CS.MyGame.Color)",
  }
  -- a Lua function as a delegate needs the generated delegate entries
  if not testbed.delegates then cases["a delegate type"] = nil end
  for name, code in pairs(cases) do
    it(name, function()
      assert.is_true(testbed.bind_oom(code) > 0)
    end)
  end
end)

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

-- surface_spec.lua -- the everyday C# surface:
-- operators on instance metatables, indexers, extension methods, #obj.
local h = require "helpers"

local V = CS.MyGame.Vector2
local Bag = CS.MyGame.Bag
local Player = CS.MyGame.Player
local Circle = CS.MyGame.Circle
local Shape = CS.MyGame.Shape

local function xy(v) return v.X, v.Y end

describe("R-OP-1: operator metamethods", function()
  it("R-OP-1: V(1, 2) + V(3, 4) is V(4, 6) through op_Addition", function()
    local r = V(1, 2) + V(3, 4)
    assert.are.equal("byval", h.kind(r))
    assert.are.same({4, 6}, {xy(r)})
  end)
  it("R-OP-1: v - w, -v", function()
    assert.are.same({-2, -2}, {xy(V(1, 2) - V(3, 4))})
    assert.are.same({-1, -2}, {xy(-V(1, 2))})
  end)
  it("R-OP-1: v * 2 and 2 * v pick the op_Multiply of their operand order", function()
    assert.are.same({2, 4}, {xy(V(1, 2) * 2)})
    assert.are.same({3, 6}, {xy(3 * V(1, 2))})
    assert.are.same({0.5, 1}, {xy(V(1, 2) * 0.5)})
  end)
  it("R-OP-1: v == V(1, 2) through op_Equality, ~= too", function()
    local v = V(1, 2)
    assert.is_true(v == V(1, 2))
    assert.is_false(v == V(2, 1))
    assert.is_true(v ~= V(2, 1))
  end)
  it("R-OP-1: <, <=, >, >= by X*X + Y*Y", function()
    local a, b = V(1, 0), V(0, 2)
    assert.is_true(a < b)
    assert.is_false(b < a)
    assert.is_true(b > a)
    assert.is_true(a <= V(0, 1))
    assert.is_true(V(0, 1) >= a)
    assert.is_false(a >= b)
  end)
  it("R-OP-1: no applicable candidate raises `no operator + for (T, boolean)`", function()
    h.raises("no operator + for (MyGame.Vector2, boolean)", function() return V(1, 2) + true end)
    h.raises("no operator * for (MyGame.Vector2, MyGame.Vector2)",
      function() return V(1, 2) * V(1, 2) end)
    h.raises("no operator < for (MyGame.Vector2, number)", function() return V(1, 2) < 3 end)
  end)
  it("R-OP-1: a type without an operator keeps Lua's own error", function()
    local err = h.error_of(function() return Player("p") + 1 end)
    assert.truthy(err:find("attempt to perform arithmetic", 1, true))
  end)
  it("R-OP-1: a bad operand of a bound operator is never a crash", function()
    h.raises("no operator + for (MyGame.Vector2, nil)", function() return V(1, 2) + nil end)
    h.raises("no operator - for (MyGame.Vector2, string)", function() return V(1, 2) - "x" end)
  end)
end)

describe("R-OP-2: identity and ToString", function()
  it("R-OP-2: == on objects without op_Equality is identity, across views", function()
    local c = Circle(1)
    assert.is_true(c == zlua.cast(c, Shape))
    assert.is_true(zlua.cast(c, CS.MyGame.IShape) == c)
    assert.is_false(c == Circle(1))
    assert.is_false(Player("a") == Player("a"))
  end)
  it("R-OP-2: a struct without op_Equality has no __eq: a userdata equals only itself", function()
    local P = CS.MyGame.Point2D
    local p = P(1, 2)
    local q = p
    assert.is_true(p == p)
    assert.is_true(p == q)                         -- one userdata
    assert.is_false(P(1, 2) == P(1, 2))            -- equal fields, two userdata
    assert.is_true(P(1, 2) ~= P(1, 2))
    assert.is_false(p == CS.Demo.MakePoint(1, 2))
    assert.is_false(CS.MyGame.Tagged(1, "a") == CS.MyGame.Tagged(1, "a"))
    assert.is_false(zlua.new_ref(zlua.types.int32, 5) == zlua.new_ref(zlua.types.int32, 5))
    local pl = Player("a")
    assert.is_false(pl.Pos == pl.Pos)              -- each read is a new copy
    assert.is_false(p == 1)                        -- no call: Lua compares userdata only
    -- a boxed copy is a third userdata, equal to neither
    local b = zlua.box(P, p)
    assert.is_true(b == b)
    assert.is_false(b == zlua.box(P, p))
    assert.is_false(b == p)
    assert.is_false(p == b)
    -- compare the values member by member
    local r = P(1, 2)
    assert.is_true(p.x == r.x and p.y == r.y)
    -- and no ordering either: Lua's own error
    h.raises_containing("attempt to compare two MyGame.Point2D values",
      function() return p < r end)
  end)
  it("R-OP-2: tostring(v) calls ToString()", function()
    assert.are.equal("(1, 2.5)", tostring(V(1, 2.5)))
    assert.are.equal("MyGame.Circle", tostring(Circle(1)))
  end)
  it("R-OP-2: SqrMagnitude is a property", function()
    assert.are.equal(25, V(3, 4).SqrMagnitude)
  end)
end)

describe("R-IDX-1: indexers", function()
  it("R-IDX-1: bag[3] = 7; bag[3] == 7", function()
    local bag = Bag()
    bag[3] = 7
    assert.are.equal(7, bag[3])
    assert.are.equal(0, bag[0])
  end)
  it("R-IDX-1: bag[9] raises the C# exception (R-DEF-4)", function()
    local bag = Bag()
    h.raises("System.IndexOutOfRangeException: Index was outside the bounds of the array." ..
      " (in MyGame.Bag.get_Item)", function() return bag[9] end)
    h.raises("System.IndexOutOfRangeException: Index was outside the bounds of the array." ..
      " (in MyGame.Bag.set_Item)", function() bag[-1] = 1 end)
  end)
  it("R-IDX-1: a string key goes to the string indexer", function()
    local bag = Bag()
    assert.is_nil(bag["k"])
    bag["k"] = "v"
    assert.are.equal("v", bag["k"])
    bag.other = "w"
    assert.are.equal("w", bag.other)
  end)
  it("R-IDX-1: the string indexer is a dictionary: any number of keys, kept across collections",
     function()
    local bag = Bag()
    for i = 1, 100 do bag["k" .. i] = "v" .. i end
    bag["k7"] = "seven"   -- an existing key is replaced, not added
    collectgarbage()
    testbed.gc()
    for i = 1, 100 do
      assert.are.equal(i == 7 and "seven" or "v" .. i, bag["k" .. i])
    end
    assert.is_nil(bag["k101"])
  end)

  it("R-IDX-1: members win: bag.Name and bag['Name'] are the field", function()
    local bag = Bag()
    bag["Name"] = "n"
    assert.are.equal("n", bag.Name)
    assert.is_nil(bag["k"])
    bag.Name = "m"
    assert.are.equal("m", bag["Name"])
    assert.are.equal(8, bag.Count)
  end)
  it("R-IDX-1: keys no indexer takes raise the usual member errors", function()
    local bag = Bag()
    h.raises("'MyGame.Bag' has no member '1.5'", function() return bag[1.5] end)
    h.raises("'MyGame.Bag' has no member 'true'", function() return bag[true] end)
    -- the int indexer takes the key 3 but not the value: its argument error
    h.raises("bad argument #2 to 'MyGame.Bag.set_Item' (System.Int32 expected, got string)",
             function() bag[3] = "x" end)
    h.raises("'MyGame.Player' has no member '3'", function() return Player("p")[3] end)
    h.raises("'MyGame.Player' has no member 'nope'", function() return Player("p").nope end)
  end)
  it("R-COLL-1: #bag is its Count", function()
    assert.are.equal(8, #Bag())
    local err = h.error_of(function() return #Player("p") end)
    assert.truthy(err:find("attempt to get length", 1, true))
  end)
end)

describe("R-EXT-1: extension methods", function()
  it("R-EXT-1: player:Heal(5) raises Hp by 5 (PlayerExt.Heal(this Player, int))", function()
    local p = Player("p")
    local hp = p.Hp
    p:Heal(5)
    assert.are.equal(hp + 5, p.Hp)
    p:Heal(-1)
    assert.are.equal(hp + 4, p.Hp)
  end)
  it("R-EXT-1: Circle(1):Greet() through the IShape extension, and through views", function()
    assert.are.equal("area 3", Circle(1):Greet())
    assert.are.equal("area 12", zlua.cast(Circle(2), CS.MyGame.IShape):Greet())
    assert.are.equal("area 1", Player("p"):Greet())
  end)
  it("R-EXT-1: the type's own members win: player.Name is the field", function()
    local p = Player("bob")
    assert.are.equal("bob", p.Name)
    assert.are.equal("string", type(p.Name))
  end)
  it("R-EXT-1: an extension takes only its first parameter's types", function()
    h.raises("'MyGame.Circle' has no member 'Heal'", function() return Circle(1).Heal end)
    -- a Bag's string indexer takes the name instead (R-IDX-1)
    assert.is_nil(CS.MyGame.Bag().Heal)
    h.raises("'MyGame.Vector2' has no member 'Greet'",
      function() return CS.MyGame.Vector2(1, 2):Greet() end)
  end)
  it("R-EXT-1: bad arguments are the method's errors", function()
    local p = Player("p")
    local err = h.error_of(function() p:Heal("x") end)
    assert.truthy(err:find("Heal", 1, true))
    err = h.error_of(function() p.Heal(CS.MyGame.Bag(), 1) end)
    assert.truthy(err:find("Heal", 1, true))
  end)
  it("R-EXT-1: the static class still has them as statics", function()
    local p = Player("p")
    local hp = p.Hp
    CS.MyGame.PlayerExt.Heal(p, 2)
    assert.are.equal(hp + 2, p.Hp)
  end)
end)

-- fixtures_correct.lua: a script over the fixture catalog that uses the
-- surface docs/lua-api.md describes the right way.  ctest
-- annot.fixtures.correct: the checker gives it no diagnostic over the
-- generated annotations; annot.fixtures.correct.runs: it runs on libzlua
-- to its end, so every line the checker accepted is right.
local Demo, MyGame = CS.Demo, CS.MyGame
local P, Color = MyGame.Point2D, MyGame.Color

-- type tables, constructors, statics, enum constants
local p = P(1, 2)
local origin = P()
local q = P._ctor(3, 4)
assert(P._default().x == 0 and origin.y == 0 and q.x == 3)
assert(P.__fullname == "MyGame.Point2D" and P.__struct)
assert(Color.Red == 0 and Color.Blue == 2)
assert(P.Zero.x == 0)
assert(CS["MyGame.Point2D"] == P and CSharp.AC["MyGame.Point2D"] == P)
assert(CSharp["Assembly-CSharp"]["MyGame.Color"] == Color)

-- instance fields and methods
p.x = 5
assert(p.x == 5 and p:Length() > 5)
p:Scale(2)
assert(p.y == 4)

-- static methods, overloads, defaults, full-signature keys
assert(Demo.Add(1, 2) == 3)
assert(Demo.Pick(1) == "int" and Demo.Pick(1.5) == "double" and Demo.Pick("s") == "string")
assert(Demo.Pick(1, 2) ~= nil)
assert(Demo["Pick(System.Int32)"](1) == "int")
assert(Demo.PickDefault(1) == Demo.PickDefault(1, 5))
assert(Demo.Sum({1, 2, 3}) == 6 and Demo.Sum() == 0)

-- multiple results (UnpackedValues) and several values for one parameter
local x, y = Demo.GetPos()
assert(math.type(x) == "float" and math.type(y) == "float")
Demo.FooUnpacked(2, 1)

-- ref and out: a ref from zlua.new_ref, the method's own result only
local r = zlua.new_ref(zlua.types.int32)
assert(Demo.TryParse("12", r) and r.value == 12)
assert(Demo.TryParse("13"))
local moved = P(1, 2)
Demo.Offset(moved, 10, 20)
assert(moved.x == 11)

-- classes, inheritance, interfaces, extension methods
local player = MyGame.Player("ann")
player.Level = 3
assert(player.Level == 3 and player.Name == "ann")
player:Heal(5)
local circle = MyGame.Circle(2)
assert(circle:Area() == 12 and circle:Kind() == "circle")
assert(circle:Greet():find("area") == 1)
assert(Demo.TotalArea(circle) == 12)
local shape = zlua.cast(circle, MyGame.IShape)
assert(shape:Area() == 12)
assert(tostring(circle) ~= "")

-- operators, indexers, collections, arrays
local V = MyGame.Vector2
local v = V(1, 2) + V(3, 4)
assert(v.X == 4 and v.Y == 6)
local bag = MyGame.Bag()
bag[3] = 7
assert(bag[3] == 7)
local list = Demo.MakeList(3)
assert(#list == 3 and list[0] == 1 and Demo.ListSum(list) == 6)
list:Add(4)
assert(list.Count == 4)
local arr = Demo.MakeArray(3)
assert(arr[0] == 1 and arr:get(1) == 2 and arr.Length == 3)
assert(zlua.to_table(arr)[1] == 1)
local keys = {}
for key in pairs(Demo.MakeDict()) do
  keys[#keys + 1] = key
end
assert(#keys == 2)

-- delegates: a Lua function where C# takes one (refused, naming the
-- missing entry, by a build without the generated delegate entries), a C#
-- delegate called
local applied, product = pcall(Demo.Apply, function(a, b) return a * b end, 6, 7)
assert(applied and product == 42
       or not applied and tostring(product):find("no delegate entry", 1, true) ~= nil)
assert(Demo.MakeAdder(1)(2, 3) == 6)

-- generics and boxing through the zlua library
local first = zlua.generic(Demo.First, zlua.types.int32)
assert(first({5, 6}) == 5)
local G = CS.System.Collections.Generic
local IntList = zlua.generic(G.List, zlua.types.int32)
assert(IntList.__fullname ~= nil)
assert(zlua.unbox(zlua.box(Color, 2)) == 2)
Demo.SetColor(zlua.box(Color, 1))
assert(Demo.TypeName(zlua.typeof(MyGame.Circle)) == "MyGame.Circle")
local ok, err = pcall(Demo.Throw, "boom")
local ex = zlua.exception(err)
assert(not ok and ex ~= nil)
print("fixtures_correct: done")

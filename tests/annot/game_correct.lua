-- game_correct.lua: a script over the Skirmish game (tests/game) as its
-- users write it.  ctest annot.game.correct: the checker gives it no
-- diagnostic over the game's annotations (zlua-annot-mono);
-- annot.game.correct.runs: it runs on libzlua (zlua-run-mono
-- --assembly Skirmish.Game.dll) to its end.
local Unit, Vec2, World, Team = CS.Skirmish.Unit, CS.Skirmish.Vec2, CS.Skirmish.World,
                                CS.Skirmish.Team

-- a struct with operators and a property
local v = Vec2(1, 2) + Vec2(3, 4)
assert(v.X == 4 and v.Y == 6 and (v * 0.5).X == 2 and (v - v).Length == 0)

-- a class: constructor, statics, enum constants, fields, methods
local grunt = World.Add(Unit.Spawn("Grunt", 1, 2))
assert(World.Count >= 1 and grunt.Side == Team.Red and Team.Blue == 1)
local archer = Unit("Archer", Team.Blue)
archer.Name = "Bowman"

-- delegates: a field, a property and an event take Lua functions
local hits = {}
grunt.OnDamaged = function(n) hits[#hits + 1] = n end
grunt.Armor = function(n) return n - 10 end
local died
archer:add_Died(function(who, why) died = who.Name .. " " .. why end)
grunt:TakeDamage(40)
archer:TakeDamage(300)
assert(hits[1] == 30 and grunt.Health == 70 and died == "Bowman killed")

-- an interface parameter, an extension method on the interface
assert(World.Damage(grunt, 10) == 70 and grunt:IsAlive())

-- a struct argument, an array field from a table, a Nullable field
grunt:MoveBy(Vec2(2, 2))
assert(grunt.Position.X == 3)
grunt.Path = {Vec2(0, 0), Vec2(3, 4)}
assert(grunt:PathLength() == 5)
grunt.Shield = 5

-- params as one table, out through a ref, a Dictionary
assert(grunt:Pick({"potion", "potion", "arrow"}) == 2)
local count = zlua.new_ref(zlua.types.int32)
assert(grunt:TryGetItem("potion", count) and count.value == 2)
assert(grunt.Inventory["arrow"] == 1)
print("game_correct: done")

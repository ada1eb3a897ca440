-- app.lua -- a game script as a Unity Lua user writes it, over the
-- Skirmish assemblies.  The same file runs on the C host
-- (zlua-run-mono --assembly Skirmish.Game.dll app.lua) and through
-- ZLua.LuaEnv in the C# host (mono zlua-run.exe app.lua): the output is
-- the same line for line.
local Unit, Vec2, World = CS.Skirmish.Unit, CS.Skirmish.Vec2, CS.Skirmish.World

local grunt = World.Add(Unit.Spawn("Grunt", 1, 2))
local hits = {}
grunt.OnDamaged = function (n) hits[#hits + 1] = n end
grunt.Armor = function (n) return n - 10 end
grunt:TakeDamage(40)
print(("app: %s took %d, health %d"):format(grunt.Name, hits[1], grunt.Health))

grunt:MoveBy(Vec2(2, 2))
print(("app: at %s, %.1f from the origin"):format(tostring(grunt.Position), grunt.Position.Length))

grunt:Pick({"potion", "potion", "arrow"})
local count = zlua.new_ref(zlua.types.int32)
assert(grunt:TryGetItem("potion", count))
print(("app: %d potions, alive: %s"):format(count.value, tostring(grunt:IsAlive())))
print("app: done")

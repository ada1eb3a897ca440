-- gen.lua -- tests/gen-game driven from Lua, its XML rules (rules.xml)
-- loaded as each route loads them: the C host with --rules, the Editor's
-- configuration through LuaEnv.LoadMarshalRules.  gen.expected is the
-- output of both, line for line.
local G = CS.GenGame
local Vec2, Arena, Hero = G.Vec2, G.Arena, G.Hero

-- an attribute rule: a's two values
print(("dot %.1f"):format(Arena.Dot(1, 2, Vec2(3, 4))))
-- XML rules: Cross's b as two values, Spawn's result a table
print(("cross %.1f"):format(Arena.Cross(Vec2(1, 0), 0, 1)))
local s = Arena.Spawn(G.Team.Blue)
print(("spawn %s {X = %.0f, Y = %.0f}"):format(type(s), s.X, s.Y))

local h = Hero("Ada")
h:Move(Vec2(1, 2))
h:Move(Vec2(2, 2))
local steps = {}
for i, p in pairs(h:Trail()) do steps[#steps + 1] = ("%d:(%.0f,%.0f)"):format(i, p.X, p.Y) end
print("trail " .. table.concat(steps, " "))
h.Stats:Add("str", 5)
local pick = zlua.generic(Arena, "Pick", CS.System.String)
print(("stats %d, pick %s"):format(Arena.Count(h.Stats), pick("a", "b", false)))
print("gen: done")

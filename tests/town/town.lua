-- town.lua -- the Town game's script, as a Unity Lua user writes it after
-- reading docs/lua-api.md ("Everyday C# in Lua").  The same file runs on
-- the C host and in the Editor's configuration; town.expected is the
-- output of both, line for line.
local T = CS.Town
T.Map.Clear()

-- constants and statics of the base class, through the derived type
print(("max level %d (House), %d (Building)"):format(T.House.MaxLevel, T.Building.MaxLevel))

-- a readonly struct under a Table rule: a table in, a table out
local home = T.House("Rose Cottage", 4)
print(T.Map.Place({X = 2, Y = 3}, home))
print(T.Map.Place(T.Map.Center(), T.Mill("Old Mill")))
local c = T.Map.Center()
print(("center %d,%d (%s)"):format(c.X, c.Y, type(c)))
print(("built %d, via House %d"):format(T.Building.Built, T.House.Built))

-- methods with ':'; a '.' says so
assert(home:Upgrade(2))
print(("%s level %d, upkeep %d"):format(home.Name, home.Level, home:Upkeep()))
local ok, err = pcall(function() return home.Upgrade(1) end)
print((err:gsub("^[^:]*:%d+: ", "")))

-- a List<T> and a T[,]: pairs, as foreach
for i, b in pairs(T.Map.All()) do
  print(("%d: %s %s"):format(i, b.Name, tostring(b.At.X)))
end
local sum, cells = 0, 0
for _, h in pairs(T.Map.Heights(2, 3)) do sum, cells = sum + h, cells + 1 end
print(("heights: %d cells, sum %d"):format(cells, sum))

-- a non-generic IEnumerable
local log = {}
for _, e in pairs(T.Ledger.Log()) do log[#log + 1] = tostring(e) end
print("log: " .. table.concat(log, ", "))

-- params: a table, or nothing
print(("total %d, nothing %d"):format(T.Market.Total({1, 2, 3}), T.Market.Total()))

-- overloads: a number takes long, a boxed long object
print(T.Ledger.Describe(7))
print(T.Ledger.Describe(zlua.box(CS.System.Int64, 7)))

-- a C# exception, read from Lua
local market = T.Market()
market:Buy(T.Resource.Wood, 10)
local bought, e = pcall(function() market:Buy(T.Resource.Gold, 5) end)
local ex, name = zlua.exception(e)
print(("bought gold: %s; %s: %s"):format(tostring(bought), name, ex.Message))
print(("wood left %d, gold left %d"):format(market:Stock(T.Resource.Wood), market:Stock(T.Resource.Gold)))

-- using: a save file closed at the end of the block, even on an error
local kept
do
  local save <close> = T.SaveFile.Create("one")
  save:Write("houses 1")
  kept = save
  print(("saving: %d lines, open files %d"):format(save.Lines, T.SaveFile.Open))
end
print(("closed %s, open files %d"):format(tostring(kept.Closed), T.SaveFile.Open))
local failed = pcall(function()
  local save <close> = T.SaveFile.Create("two")
  error("disk full")
end)
print(("after a failed save: %s, open files %d"):format(tostring(failed), T.SaveFile.Open))
print("town: done")

-- A game that is not a fixture (tests/game/Skirmish.*.cs), opened the
-- documented way: zlua-run-mono --assembly Skirmish.Game.dll.  Its
-- dependency (Skirmish.Core) is found beside it; Skirmish.Mods and
-- Skirmish.Plugins are opened while the script runs, by name and by
-- path, and must be as usable as the assemblies opened at start.
local h = require "helpers"

local dir = assert(os.getenv("ZLUA_GAME_DIR"), "ZLUA_GAME_DIR: the folder of the game's assemblies")
local Unit, Vec2, World, Team = CS.Skirmish.Unit, CS.Skirmish.Vec2, CS.Skirmish.World,
                                CS.Skirmish.Team

describe("a game's own assembly, given with --assembly", function()
  it("structs with operators, a reference found beside the assembly", function()
    local v = Vec2(1, 2) + Vec2(3, 4)
    assert.are.equal(4, v.X)
    assert.is_true(v == Vec2(4, 6))
    assert.are.equal(2, (v * 0.5).X)
    assert.are.equal(0, (v - v).Length)
    assert.are.equal("(4, 6)", tostring(v))
  end)

  it("R-DEL-1: a Lua function in a delegate field whose type no method names", function()
    local u = Unit("Grunt", Team.Red)
    local hits = {}
    u.OnDamaged = function (n) hits[#hits + 1] = n end
    u:TakeDamage(7)
    u:TakeDamage(5)
    assert.are.same({7, 5}, hits)
    assert.are.equal(88, u.Health)
  end)

  it("R-DEL-1: a delegate property and an event", function()
    local u = Unit("Archer", Team.Blue)
    u.Armor = function (n) return n // 2 end
    local died
    u:add_Died(function (who, why) died = who.Name .. " " .. why end)
    u:TakeDamage(300)
    assert.are.equal(-50, u.Health)
    assert.are.equal("Archer killed", died)
  end)

  it("an interface parameter, and an extension method on the interface", function()
    local u = Unit("Scout", Team.Red)
    assert.are.equal(90, World.Damage(u, 10))
    assert.is_true(u:IsAlive())
  end)

  it("Dictionary, out through a ref, params as one table", function()
    local u = Unit("Mule", Team.Red)
    assert.are.equal(2, u:Pick({"potion", "arrow", "potion"}))
    assert.are.equal(2, u.Inventory["potion"])
    local n = zlua.new_ref(zlua.types.int32)
    assert.is_true(u:TryGetItem("arrow", n))
    assert.are.equal(1, n.value)
    assert.is_false(u:TryGetItem("sword", n))
    local seen = {}
    for k, v in pairs(u.Inventory) do seen[k] = v end
    assert.are.same({potion = 2, arrow = 1}, seen)
  end)

  it("Nullable and arrays", function()
    local u = Unit("Knight", Team.Blue)
    assert.is_nil(u.Shield)
    u.Shield = 5
    u:TakeDamage(8)
    assert.are.equal(0, u.Shield)
    assert.are.equal(97, u.Health)
    u.Shield = nil
    assert.is_nil(u.Shield)
    u.Path = {Vec2(0, 0), Vec2(3, 4), Vec2(3, 0)}
    assert.are.equal(3, #u.Path)
    assert.are.equal(9, u:PathLength())
    assert.are.equal(3, u.Path:get(1).X)
  end)
end)

describe("an assembly opened later", function()
  it("R-EXT-1: by name (CSharp): its extension methods, missed before it was open", function()
    local u = Unit("Grunt", Team.Red)
    h.raises("'Skirmish.Unit' has no member 'Shout'", function () return u:Shout() end)
    local book = CSharp["Skirmish.Mods"]["Skirmish.Mods.RuleBook"]
    assert.are.equal("GRUNT!", u:Shout())
    -- its delegate type, reached only through a field
    local rb = book()
    rb.Current = function (v) return v * 3 end
    assert.are.equal(15, rb:Apply(5))
  end)

  it("R-EXT-1 / R-DEL-1: from a path (Assembly.LoadFrom in a script)", function()
    local u = Unit("Mage", Team.Blue)
    h.raises("'Skirmish.Unit' has no member 'Twice'", function () return u:Twice() end)
    local a = CS.System.Reflection.Assembly.LoadFrom(dir .. "/plugins/Skirmish.Plugins.dll")
    assert.are.equal("Skirmish.Plugins", a:GetName().Name)
    assert.are.equal(200, u:Twice())
    assert.are.equal("hi Ann",
      CS.Skirmish.Plugins.Hello.Greet(function (n) return "hi " .. n end, "Ann"))
    -- the game loading it itself finds the same assembly
    assert.are.equal("Skirmish.Plugins", World.LoadPlugin(dir .. "/plugins/Skirmish.Plugins.dll"))
  end)
end)

-- game_misuse.lua: mistakes a script makes over the Skirmish game, each
-- in a function that libzlua's error must end.  ctest annot.game.misuse:
-- the checker flags each one as game_misuse.expected says;
-- annot.game.misuse.runs: each really raises the message given here.
local Unit, Vec2, World, Team = CS.Skirmish.Unit, CS.Skirmish.Vec2, CS.Skirmish.World,
                                CS.Skirmish.Team
local grunt = Unit("Grunt", Team.Red)

local function raises(f, message)
  local ok, err = pcall(f)
  assert(not ok, "no error, expected: " .. message)
  assert(tostring(err):find(message, 1, true), tostring(err))
end

-- a misspelt member
raises(function() return grunt:TakeDamge(1) end, "'Skirmish.Unit' has no member 'TakeDamge'")
raises(function() return Vec2(1, 2).Lenght end, "'Skirmish.Vec2' has no member 'Lenght'")
raises(function() return World.Spwn("a", 1, 2) end, "'Skirmish.World' has no member 'Spwn'")

-- a wrong argument count
raises(function() return Unit.Spawn("a", 1) end, "wrong number of arguments to 'Skirmish.Unit.Spawn' (3 expected, got 2)")
raises(function() return grunt:TakeDamage() end, "wrong number of arguments")
raises(function() return World.Damage(grunt, 1, 2) end, "wrong number of arguments to 'Skirmish.World.Damage' (2 expected, got 3)")

-- a static called as an instance method, an instance method with '.',
-- a static through an instance
raises(function() return Unit:Spawn("a", 1, 2) end, "wrong number of arguments to 'Skirmish.Unit.Spawn' (3 expected, got 4)")
raises(function() return grunt.PathLength() end, "use ':' to call a method")
raises(function() return grunt.Spawn end, "static member 'Spawn' cannot be accessed through an instance")
print("game_misuse: every case raised")

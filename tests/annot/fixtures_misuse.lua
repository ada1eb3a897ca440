-- fixtures_misuse.lua: mistakes a script makes over the fixture catalog,
-- each in a function that libzlua's error must end.  ctest
-- annot.fixtures.misuse: the checker flags each one, with the code and
-- message of fixtures_misuse.expected (line:column code message);
-- annot.fixtures.misuse.runs: each really raises the message given here.
local Demo, MyGame = CS.Demo, CS.MyGame
local P = MyGame.Point2D
local p, player, circle = P(1, 2), MyGame.Player("ann"), MyGame.Circle(2)

local function raises(f, message)
  local ok, err = pcall(f)
  assert(not ok, "no error, expected: " .. message)
  assert(tostring(err):find(message, 1, true), tostring(err))
end

-- a misspelt member: an instance method, a field, a static, a type
raises(function() return p:Lenght() end, "'MyGame.Point2D' has no member 'Lenght'")
raises(function() return player.Nmae end, "'MyGame.Player' has no member 'Nmae'")
raises(function() return Demo.Ad(1, 2) end, "'Demo' has no member 'Ad'")
raises(function() return MyGame.Pointt2D(1, 2) end, "type or namespace not found: MyGame.Pointt2D")

-- a wrong argument count: too few, too many, a method, a constructor
raises(function() return Demo.Add(1) end, "wrong number of arguments to 'Demo.Add' (2 expected, got 1)")
raises(function() return Demo.Add(1, 2, 3) end, "wrong number of arguments to 'Demo.Add' (2 expected, got 3)")
raises(function() return p:Scale(2, 3) end, "wrong number of arguments")
raises(function() return MyGame.Circle() end, "wrong number of arguments to 'MyGame.Circle(...)'")
raises(function() return MyGame.Player() end, "wrong number of arguments to 'MyGame.Player(...)'")

-- a static called as an instance method (the type table passed as its
-- first argument), an instance method called with '.', a static read
-- through an instance
raises(function() return MyGame.Circle:Unit() end, "wrong number of arguments to 'MyGame.Circle.Unit' (0 expected, got 1)")
raises(function() return Demo:Add(1, 2) end, "wrong number of arguments to 'Demo.Add' (2 expected, got 3)")
raises(function() return circle.Area() end, "use ':' to call a method")
raises(function() return player.Count end, "static member 'Count' cannot be accessed through an instance")
print("fixtures_misuse: every case raised")

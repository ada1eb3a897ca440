-- Members of struct instances and type tables (R-META-4, R-THIS-1, R-MEM-1,
-- R-SHAPE-1, R-SHAPE-3).
local h = require "helpers"

local Point2D = CS.MyGame.Point2D
local Line = CS.MyGame.Line

describe("fields (R-META-4)", function()
  it("p.x / p.y read the payload", function()
    local p = Point2D(1, 2)
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
  end)

  it("p.x = 5 writes the payload; other fields untouched", function()
    local p = Point2D(1, 2)
    p.x = 5
    assert.are.equal(5, p.x)
    assert.are.equal("float", math.type(p.x))
    assert.are.equal(2, p.y)
    p.y = -3.5
    assert.are.equal(-3.5, p.y)
    assert.are.equal(5, p.x)
  end)

  it("a write to one userdata does not affect another", function()
    local a, b = Point2D(1, 2), Point2D(1, 2)
    a.x = 42
    assert.are.equal(1, b.x)
  end)

  it("a nested struct field reads as a copy", function()
    local l = Line()
    local a = l.a
    assert.are.equal("byval", h.kind(a))
    assert.is_true(rawequal(Point2D, h.type_of(a)))
    a.x = 9
    assert.are.equal(0, l.a.x)
    assert.is_false(rawequal(l.a, l.a))
  end)

  it("a nested struct field is written by copy", function()
    local l = Line()
    local p = Point2D(3, 4)
    l.b = p
    assert.are.equal(3, l.b.x)
    assert.are.equal(4, l.b.y)
    p.x = 100
    assert.are.equal(3, l.b.x)
    assert.are.equal(0, l.a.x)
  end)

  it("a string field of a non-blittable struct reads and writes", function()
    local t = CS.MyGame.Tagged(1, "a")
    t.name = "b"
    assert.are.equal("b", t.name)
    t.name = nil
    assert.is_nil(t.name)
    t.id = 12
    assert.are.equal(12, t.id)
  end)

  it("a bad value: cannot set 'MyGame.Point2D.x' (System.Single expected, got string)", function()
    local p = Point2D(1, 2)
    h.raises("cannot set 'MyGame.Point2D.x' (System.Single expected, got string)",
             function() p.x = "a" end)
    assert.are.equal(1, p.x)
  end)

  it("a bad value for a struct field: a table is no Point2D (R-DEF-3)", function()
    local l = Line()
    h.raises("cannot set 'MyGame.Line.a' (MyGame.Point2D expected, got table)",
             function() l.a = { x = 1, y = 2 } end)
  end)
end)

describe("instance methods (R-THIS-1)", function()
  it("p:Length()", function()
    local p = Point2D(3, 4)
    assert.are.equal(5, p:Length())
    assert.are.equal("float", math.type(p:Length()))
  end)

  it("p:Scale(2) mutates p itself", function()
    local p = Point2D(3, 4)
    assert.is_nil(p:Scale(2))
    assert.are.equal(6, p.x)
    assert.are.equal(8, p.y)
    assert.are.equal(10, p:Length())
  end)

  it("a method on a nested copy does not mutate the container", function()
    local l = Line()
    l.a = Point2D(1, 1)
    l.a:Scale(5)
    assert.are.equal(1, l.a.x)
  end)

  it("tostring(p) calls ToString(): '(1, 2)'", function()
    assert.are.equal("(1, 2)", tostring(Point2D(1, 2)))
    assert.are.equal("(1.5, -2)", tostring(Point2D(1.5, -2)))
  end)

  it("a method called on the wrong self raises", function()
    local p = Point2D(3, 4)
    h.error_of(function() return p.Length(Line()) end)
    h.error_of(function() return p.Length(io.stdout) end)
    h.error_of(function() return p.Length(nil) end)
    h.error_of(function() return p.Length(1) end)
  end)
end)

describe("statics", function()
  it("static property Point2D.Zero is a ByValUserData", function()
    local z = Point2D.Zero
    assert.are.equal("userdata", type(z))
    assert.are.equal("byval", h.kind(z))
    assert.is_true(rawequal(Point2D, h.type_of(z)))
    assert.are.equal(0, z.x)
    assert.are.equal(0, z.y)
  end)

  it("each read of Point2D.Zero is a fresh copy", function()
    local z = Point2D.Zero
    z.x = 5
    assert.are.equal(0, Point2D.Zero.x)
  end)

  it("static field Point2D.Created reads and writes", function()
    local saved = Point2D.Created
    Point2D.Created = 41
    assert.are.equal(41, Point2D.Created)
    Point2D(1, 1)
    assert.are.equal(42, Point2D.Created)
    Point2D.Created = saved
    assert.are.equal(saved, Point2D.Created)
  end)

  it("a bad value for a static field is an error", function()
    h.raises("cannot set 'MyGame.Point2D.Created' (System.Int32 expected, got string)",
             function() Point2D.Created = "x" end)
  end)

  it("enum constants are integers (R-ENUM-1)", function()
    local Color = CS.MyGame.Color
    assert.are.equal(0, Color.Red)
    assert.are.equal(1, Color.Green)
    assert.are.equal(2, Color.Blue)
    assert.are.equal("integer", math.type(Color.Blue))
    assert.are.equal(200, CS.MyGame.Small.B)
    assert.are.equal(1 << 40, CS.MyGame.Wide.Big)
  end)
end)

describe("R-MEM-1: methods and writability", function()
  it("a method reads as a function", function()
    local p = Point2D(1, 2)
    assert.are.equal("function", type(p.Length))
    assert.are.equal("function", type(p.Scale))
    assert.are.equal("function", type(CS.Demo.Add))
  end)

  it("p.Length = 1 raises 'instance member not writable: Length'", function()
    local p = Point2D(1, 2)
    h.raises("instance member not writable: Length", function() p.Length = 1 end)
    assert.are.equal("function", type(p.Length))
  end)

  it("Point2D.Zero = p raises 'static member not writable: Zero'", function()
    local p = Point2D(1, 2)
    h.raises("static member not writable: Zero", function() Point2D.Zero = p end)
    assert.are.equal(0, Point2D.Zero.x)
  end)

  it("writing a static method raises 'static member not writable: NAME'", function()
    h.raises("static member not writable: Add", function() CS.Demo.Add = 1 end)
    assert.are.equal(3, CS.Demo.Add(1, 2))
  end)

  it("writing an enum constant raises 'static member not writable: Red'", function()
    h.raises("static member not writable: Red", function() CS.MyGame.Color.Red = 5 end)
    assert.are.equal(0, CS.MyGame.Color.Red)
  end)
end)

describe("R-SHAPE-3: statics through an instance, unknown members", function()
  it("p.Created raises \"static member 'Created' cannot be accessed through an instance\"",
    function()
      local p = Point2D(1, 2)
      h.raises("static member 'Created' cannot be accessed through an instance",
               function() return p.Created end)
    end)

  it("p.Zero (static property) raises the same", function()
    local p = Point2D(1, 2)
    h.raises("static member 'Zero' cannot be accessed through an instance",
             function() return p.Zero end)
  end)

  it("writing a static through an instance raises the same", function()
    local p = Point2D(1, 2)
    h.raises("static member 'Created' cannot be accessed through an instance",
             function() p.Created = 1 end)
  end)

  it("p.nope raises \"'MyGame.Point2D' has no member 'nope'\"", function()
    local p = Point2D(1, 2)
    h.raises("'MyGame.Point2D' has no member 'nope'", function() return p.nope end)
  end)

  it("p.nope = 1 raises the same (a typo is loud)", function()
    local p = Point2D(1, 2)
    h.raises("'MyGame.Point2D' has no member 'nope'", function() p.nope = 1 end)
  end)

  it("an unknown static on a type table raises \"'Demo' has no member 'Nope'\"", function()
    h.raises("'Demo' has no member 'Nope'", function() return CS.Demo.Nope end)
    h.raises("'Demo' has no member 'Nope'", function() CS.Demo.Nope = 1 end)
  end)
end)

describe("R-SHAPE-1: metamethods applied to the wrong userdata raise, never crash", function()
  local p = Point2D(1, 2)
  local mt = debug.getmetatable(p)

  local victims = {
    { "a MyGame.Line ByValUserData", function() return Line() end },
    { "a MyGame.Tagged ByValUserData", function() return CS.MyGame.Tagged(1, "a") end },
    { "io.stdout (a foreign full userdata)", function() return io.stdout end },
    { "a table", function() return {} end },
    { "a number", function() return 1 end },
  }

  for _, v in ipairs(victims) do
    local what, make = v[1], v[2]
    it("ByVal __index on " .. what, function()
      h.error_of(mt.__index, make(), "x")
    end)
    it("ByVal __newindex on " .. what, function()
      h.error_of(mt.__newindex, make(), "x", 1)
    end)
  end

  it("ByObj __index / __newindex on a ByValUserData of the same type", function()
    local omt = Point2D.__byobj_instance_mt
    h.error_of(omt.__index, p, "x")
    h.error_of(omt.__newindex, p, "x", 1)
    assert.are.equal(1, p.x)
  end)

  it("__tostring on a foreign userdata does not crash", function()
    local ok, s = pcall(mt.__tostring, io.stdout)
    assert.is_true(not ok or type(s) == "string")
  end)

  it("the Tagged __gc applied to a Point2D leaves the Point2D usable", function()
    local tgc = CS.MyGame.Tagged.__instance_mt.__gc
    assert.are.equal("function", type(tgc))
    local q = Point2D(5, 6)
    pcall(tgc, q)
    pcall(tgc, io.stdout)
    assert.are.equal(5, q.x)
    assert.are.equal("(5, 6)", tostring(q))
  end)

  it("fields are read through the userdata's own layout: Point2D's __index on a Line reads the Line's 'a'", function()
    local l = Line()
    l.a = Point2D(3, 4)
    local a = mt.__index(l, "a")
    assert.are.equal(3, a.x)
    assert.are.equal(4, a.y)
    h.raises("ByVal userdata of MyGame.Point2D expected, got MyGame.Line", mt.__index, l, "Length")
  end)

  it("the victim userdata are unchanged afterwards", function()
    local l = Line()
    pcall(mt.__newindex, l, "x", 7)
    assert.are.equal(0, l.a.x)
    assert.are.equal(0, l.b.x)
    assert.are.equal(1, p.x)
  end)
end)

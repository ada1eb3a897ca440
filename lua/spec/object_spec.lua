-- object_spec.lua -- reference types: ByObjUserData and their
-- views, identity per (object, declared type), members of classes
-- (fields, properties, methods, virtual dispatch, inherited members,
-- statics), class constructors, lifetime through the object registry, and
-- what `object` slots take (the Lua-visible shapes, the default marshal rules, R-SHAPE-1..3, R-VIEW-1, R-MEM-1,
-- R-GC-2, R-CTOR-1, R-DEF-1).
--
-- Calls into C# that a stub can serve run twice: through the method's Lua
-- function (a generated stub when the build has stubs) and through the
-- generic invoker (testbed.generic), with the same checks.
--
-- The managed collector is conservative: a stale word on the C stack can
-- keep any one object alive.  Collection is therefore only ever asserted
-- in bulk (of N objects dropped, nearly all are finalized); the object
-- registry's count, which depends on the Lua collector only (precise), is
-- asserted exactly.
local h = require "helpers"

local Demo = CS.Demo
local P = CS.MyGame.Point2D
local Tagged = CS.MyGame.Tagged
local Player = CS.MyGame.Player
local IShape = CS.MyGame.IShape
local Shape = CS.MyGame.Shape
local Circle = CS.MyGame.Circle
local Node = CS.MyGame.Node
local Object = CS.System.Object

-- The function T[name] (a stub when there is one) and the same method
-- through the generic invoker.
local both = h.both

local function objects()
  return testbed.stats().objects
end

local managed_churn = h.managed_churn

local function count_alive(ids)
  local n = 0
  for _, id in ipairs(ids) do
    if testbed.alive(id) then n = n + 1 end
  end
  return n
end

-- Collects until the object registry is back to `baseline` and at most
-- `slack` of the tracked `ids` are alive, or `rounds` rounds have passed.
local function collect_until(baseline, ids, slack, rounds)
  for _ = 1, rounds or 10 do
    h.full_gc(1)
    if objects() == baseline and count_alive(ids) <= slack then return end
    managed_churn(0)
  end
end

-- The view userdata an `object` slot gives: Tagged.payload is an object
-- field, so a value written there comes back through an `object` slot.
local function through_object(v)
  local t = Tagged(0, "holder")
  t.payload = v
  return t.payload
end

describe("R-VIEW-1 / R-SHAPE-2: ByObjUserData and their views", function()
  it("R-VIEW-1: a class instance is a ByObjUserData viewed as the declared type", function()
    local p = Demo.MakePlayer("ann")
    assert.are.equal("userdata", type(p))
    assert.are.equal("byobj", h.kind(p))
    assert.are.equal(Player, h.type_of(p))
    assert.are.equal(Circle, h.type_of(Circle.Unit()))
    assert.are.equal(Node, h.type_of(Demo.Ring(3)))
    assert.is_nil(Node("a").Next)                    -- null is nil
  end)

  it("R-SHAPE-2: Demo.Same(p) is p (rawequal) while it lives", function()
    for _, same in ipairs(both(Demo, "Same")) do
      local p = Player("ann")
      h.full_gc(1)             -- earlier garbage gone: the count is exact
      local before = objects()
      for _ = 1, 100 do
        assert.is_true(rawequal(p, same(p)))
      end
      assert.are.equal(before, objects())          -- no new registry entry
      local q = Demo.MakePlayer("bob")
      assert.is_true(rawequal(q, same(q)))
      assert.is_false(rawequal(p, q))
      assert.is_nil(same(nil))
    end
  end)

  it("R-SHAPE-2, R-VIEW-1: an argument in another view comes back in the result's view", function()
    -- the generic invoker hands back an argument's own userdata only when
    -- it is the result's object in the result's view
    for _, same in ipairs(both(Demo, "Same")) do
      local p = Player("ann")
      local s = zlua.cast(p, IShape)
      local r = same(s)
      assert.is_true(rawequal(p, r))
      assert.is_false(rawequal(s, r))
      assert.are.equal(Player, h.type_of(r))
      assert.is_true(rawequal(p, same(p)))
      local q = Player("bob")
      assert.is_true(rawequal(q, same(zlua.cast(q, IShape))))
    end
  end)

  it("R-SHAPE-2: another declared type gives a distinct userdata with that view", function()
    local c = Circle(2)
    h.full_gc(1)
    local before = objects()
    local s, i, o = zlua.cast(c, Shape), zlua.cast(c, IShape), through_object(c)
    assert.are.equal(before + 3, objects())        -- one registry entry per view
    assert.are.equal(Shape, h.type_of(s))
    assert.are.equal(IShape, h.type_of(i))
    assert.are.equal(Object, h.type_of(o))
    for _, v in ipairs({ s, i, o }) do
      assert.are.equal("byobj", h.kind(v))
      assert.is_false(rawequal(c, v))
    end
    -- each view is cached per (object, declared type)
    assert.is_true(rawequal(s, zlua.cast(c, Shape)))
    assert.is_true(rawequal(s, zlua.cast(i, Shape)))
    assert.is_true(rawequal(i, zlua.cast(o, IShape)))
    assert.is_true(rawequal(o, through_object(s)))
    assert.is_true(rawequal(c, zlua.cast(o, Circle)))
    assert.are.equal(before + 3, objects())
  end)

  it("R-SHAPE-2: a view through an object slot and back through Demo.Same", function()
    local p = Player("ann")
    local o = through_object(p)
    assert.are.equal(Object, h.type_of(o))
    for _, same in ipairs(both(Demo, "Same")) do
      assert.is_true(rawequal(p, same(o)))           -- the Player view again
    end
    assert.are.equal("MyGame.Player", Demo.Describe(o))
  end)

  it("R-VIEW-1: the members visible are the declared type's", function()
    local c = Circle(2)
    local s, i, o = zlua.cast(c, Shape), zlua.cast(c, IShape), through_object(c)
    assert.are.equal("circle", s.Label)
    h.raises("'MyGame.Shape' has no member 'R'", function() return s.R end)
    h.raises("'MyGame.IShape' has no member 'Label'", function() return i.Label end)
    h.raises("'MyGame.IShape' has no member 'Kind'", function() return i:Kind() end)
    h.raises("'System.Object' has no member 'Area'", function() return o:Area() end)
    h.raises("'System.Object' has no member 'Hp'", function() return through_object(Player("p")).Hp end)
    assert.are.equal("MyGame.Circle", o:ToString())
  end)

  it("R-VIEW-1: an interface view has System.Object's members, as in C#", function()
    local c = Circle(2)
    local i = zlua.cast(c, IShape)
    assert.are.equal("MyGame.Circle", i:ToString())     -- dispatched on the object
    assert.are.equal("MyGame.Circle", tostring(i))
    assert.is_true(i:Equals(c))
    assert.is_false(i:Equals(Circle(2)))
    assert.are.equal(c:GetHashCode(), i:GetHashCode())
    assert.are.equal("MyGame.Player", tostring(zlua.cast(Player("p"), IShape)))
    h.raises("'MyGame.IShape' has no member 'Nope'", function() return i.Nope end)
  end)

  it("R-VIEW-1: zlua.cast changes the view, never the object", function()
    local c = Circle(3)
    local i = zlua.cast(c, IShape)
    c.Label = "changed"
    assert.are.equal("changed", zlua.cast(i, Shape).Label)
    zlua.cast(i, Circle).R = 1
    assert.are.equal(1, c.R)
    h.raises("cannot cast", zlua.cast, c, Player)
  end)

  it("R-VIEW-1: a view passes to parameters by the object's runtime class", function()
    local c = Circle(2)
    local o = through_object(c)
    for _, total in ipairs(both(Demo, "TotalArea")) do
      assert.are.equal(12, total(o))
      assert.are.equal(12, total(zlua.cast(c, Shape)))
    end
    for _, same in ipairs(both(Demo, "Same")) do
      h.raises("bad argument #1 to 'Demo.Same' (MyGame.Player expected, got MyGame.Circle)",
               same, c)
      h.raises("bad argument #1 to 'Demo.Same' (MyGame.Player expected, got System.Object)",
               same, o)
    end
  end)
end)

describe("R-MEM-1: fields, properties and methods of classes", function()
  it("R-MEM-1: fields read and write through the object", function()
    local p = Player("ann")
    assert.are.equal("ann", p.Name)
    assert.are.equal(100, p.Hp)
    p.Hp = 42
    assert.are.equal(42, p.Hp)
    assert.is_true(rawequal(p, Demo.Same(p)))
    assert.are.equal(42, Demo.Same(p).Hp)
    p.Name = "bea"
    assert.are.equal("bea", p.Name)
    p.Name = nil
    assert.is_nil(p.Name)
    h.raises("cannot set 'MyGame.Player.Hp' (System.Int32 expected, got string)",
             function() p.Hp = "x" end)
  end)

  it("R-MEM-1: a struct field reads as a copy, writes copy in", function()
    local p = Player("ann")
    local pos = p.Pos
    assert.are.equal("byval", h.kind(pos))
    pos.x = 9
    assert.are.equal(0, p.Pos.x)
    p.Pos = P(1, 2)
    p:Move(1, 1)
    assert.are.equal(2, p.Pos.x)
    assert.are.equal(3, p.Pos.y)
  end)

  it("R-MEM-1: a struct field's store takes only a value of its type, fast or not", function()
    local p = Player("ann")
    p.Pos = p.Pos                               -- its own copy
    p.Pos = zlua.box(P, P(4, 5))                -- a boxed Point2D: unboxed
    assert.are.equal(4, p.Pos.x)
    h.raises("cannot set 'MyGame.Player.Pos' (MyGame.Point2D expected, got MyGame.Vector2)",
             function() p.Pos = CS.MyGame.Vector2(1, 2) end)
    h.raises("cannot set 'MyGame.Player.Pos' (MyGame.Point2D expected, got table)",
             function() p.Pos = {x = 1, y = 2} end)
    h.raises("cannot set 'MyGame.Player.Pos' (MyGame.Point2D expected, got number)",
             function() p.Pos = 3 end)
    assert.are.equal(4, p.Pos.x)                -- refused stores wrote nothing
    assert.are.equal(5, p.Pos.y)
  end)

  it("R-MEM-1: reference fields hold objects of the declared type", function()
    local n = Node("a")
    n.Next = n
    assert.is_true(rawequal(n, n.Next))
    assert.is_true(rawequal(n, n.Next.Next))
    n.Next = Node("b")
    assert.are.equal("b", n.Next.Name)
    n.Next = nil
    assert.is_nil(n.Next)
    h.raises("cannot set 'MyGame.Node.Next' (MyGame.Node expected, got MyGame.Player)",
             function() n.Next = Player("p") end)
    h.raises("cannot set 'MyGame.Node.Next' (MyGame.Node expected, got table)",
             function() n.Next = {} end)
  end)

  it("R-MEM-1: properties call their accessors; a read-only one is not writable", function()
    local p = Player("ann")
    assert.are.equal(0, p.Level)
    p.Level = 7
    assert.are.equal(7, p.Level)
    assert.are.equal("Sir ann", p.Title)
    h.raises("instance member not writable: Title", function() p.Title = "x" end)
    h.raises("instance member not writable: Move", function() p.Move = 1 end)
    h.raises("instance member not writable: Kind", function() Circle(1).Kind = 1 end)
  end)

  it("R-VIEW-1: methods dispatch on the real object: Circle(2):Area() == 12", function()
    local c = Circle(2)
    assert.are.equal(12, c:Area())
    assert.are.equal(12, zlua.cast(c, Shape):Area())
    assert.are.equal(12, zlua.cast(c, IShape):Area())
    assert.are.equal("circle", c:Kind())
    assert.are.equal("circle", zlua.cast(c, Shape):Kind())   -- overridden
    assert.are.equal(1, zlua.cast(Player("p"), IShape):Area())
    assert.are.equal(3, Circle.Unit():Area())
    for _, total in ipairs(both(Demo, "TotalArea")) do
      assert.are.equal(12, total(c))
      assert.are.equal(1, total(Player("p")))
    end
  end)

  it("R-VIEW-1: a method read through one view dispatches on the object it is given", function()
    local c, p = Circle(2), Player("p")
    local iarea = zlua.cast(c, IShape).Area
    assert.are.equal(1, iarea(p))
    assert.are.equal(12, iarea(c))
    local sarea = zlua.cast(c, Shape).Area
    assert.are.equal(12, sarea(through_object(c)))
    h.raises("calling 'MyGame.Shape.Area' on bad self (MyGame.Shape expected, got MyGame.Player)",
             sarea, p)
    h.raises("calling 'MyGame.IShape.Area' on bad self (MyGame.IShape expected, got MyGame.Node)",
             iarea, Node("n"))
    h.raises("calling 'MyGame.IShape.Area' on bad self (MyGame.IShape expected, got MyGame.Point2D)",
             iarea, P(1, 1))
  end)

  it("R-VIEW-1: inherited fields and methods are flattened at bind time", function()
    local c = Circle(2)
    assert.are.equal("circle", c.Label)               -- a field of Shape
    c.Label = "x"
    assert.are.equal("x", zlua.cast(c, Shape).Label)
    assert.are.equal("circle", c:Kind())              -- Shape.Kind, overridden
    assert.are.equal("MyGame.Circle", c:ToString())   -- System.Object's
    assert.are.equal("MyGame.Circle", tostring(c))
    local p = Player("p")
    assert.is_true(p:Equals(p))
    assert.is_false(p:Equals(Player("p")))
    assert.is_false(p:Equals(1))
    assert.are.equal(p:GetHashCode(), Demo.Same(p):GetHashCode())
  end)

  it("R-SHAPE-3: statics are reachable only through type tables", function()
    local c, p = Circle(2), Player("p")
    h.raises("static member 'Unit' cannot be accessed through an instance", function() return c.Unit end)
    h.raises("static member 'Unit' cannot be accessed through an instance", function() return c:Unit() end)
    h.raises("static member 'Unit' cannot be accessed through an instance", function() c.Unit = 1 end)
    h.raises("static member 'Count' cannot be accessed through an instance", function() return p.Count end)
    h.raises("static member 'Count' cannot be accessed through an instance", function() p.Count = 1 end)
    assert.are.equal("function", type(Circle.Unit))
    assert.are.equal("integer", math.type(Player.Count))
  end)

  it("R-SHAPE-3: unknown members raise \"'T' has no member 'NAME'\"", function()
    local c = Circle(2)
    h.raises("'MyGame.Circle' has no member 'Nope'", function() return c.Nope end)
    h.raises("'MyGame.Circle' has no member 'Nope'", function() c.Nope = 1 end)
    h.raises("'MyGame.Circle' has no member 'Nope'", function() return c:Nope() end)
    h.raises("'MyGame.Player' has no member '1'", function() return Player("p")[1] end)
    -- instance members are not on type tables
    h.raises("'MyGame.Circle' has no member 'Label'", function() return Circle.Label end)
    h.raises("'MyGame.Player' has no member 'Move'", function() return Player.Move end)
  end)

  it("R-SHAPE-1: a ByObj metamethod refuses a ByVal userdata and the reverse", function()
    local oindex = rawget(debug.getmetatable(Player("p")), "__index")
    local vindex = rawget(debug.getmetatable(P(1, 2)), "__index")
    h.raises("ByObj userdata of MyGame.Player expected, got MyGame.Point2D", oindex, P(1, 2), "Name")
    h.raises("ByVal userdata of MyGame.Point2D expected, got MyGame.Player", vindex, Player("p"), "x")
    h.raises("ByObj userdata of MyGame.Player expected, got MyGame.Circle", oindex, Circle(1), "Name")
  end)
end)

describe("R-CTOR-1: class constructors", function()
  it("R-CTOR-1: T(...) constructs through overload dispatch and returns its ByObjUserData", function()
    local count = Player.Count
    local p = Player("ann")
    assert.are.equal("byobj", h.kind(p))
    assert.are.equal(Player, h.type_of(p))
    assert.are.equal("ann", p.Name)
    assert.are.equal(100, p.Hp)
    assert.are.equal(count + 1, Player.Count)
    local c = Circle(1.5)
    assert.are.equal(Circle, h.type_of(c))
    assert.are.equal(1.5, c.R)
    assert.are.equal(6.75, c:Area())
    assert.are.equal("circle", c.Label)
    assert.are.equal(3, Circle(1):Area())              -- an integer for a float
    local n = Node("a")
    assert.are.equal("a", n.Name)
    assert.is_nil(n.Next)
    assert.are.equal("b", Node._ctor("b").Name)
    assert.are.equal(Circle, h.type_of(Circle._ctor(2)))
    assert.are.equal("System.Object", Demo.Describe(Object()))
  end)

  it("R-CTOR-1: arguments are checked like a method's", function()
    h.raises("wrong number of arguments to 'MyGame.Circle(...)' (1 expected, got 0)", Circle)
    h.raises("wrong number of arguments to 'MyGame.Player(...)' (1 expected, got 2)",
             Player, "a", "b")
    h.raises("bad argument #1 to 'MyGame.Circle(...)' (System.Single expected, got string)",
             Circle, "x")
    h.raises("bad argument #1 to 'MyGame.Player(...)' (System.String expected, got table)",
             Player, {})
  end)

  it("R-CTOR-1: constructors are not inherited", function()
    -- System.Object() and Shape() take no argument; Circle and Player do
    h.raises("wrong number of arguments to 'MyGame.Circle(...)' (1 expected, got 0)",
             Circle._ctor)
    h.raises("wrong number of arguments to 'MyGame.Player(...)' (1 expected, got 0)", Player)
  end)

  it("R-CTOR-1: interfaces, abstract and static classes have no public constructor", function()
    for name, T in pairs({ ["MyGame.IShape"] = IShape, ["MyGame.Shape"] = Shape,
                           ["Demo"] = Demo, ["MyGame.Config"] = CS.MyGame.Config }) do
      local msg = "'" .. name .. "' has no public constructor"
      h.raises(msg, function() return T() end)
      h.raises(msg, function() return T(1) end)
      h.raises(msg, function() return T._ctor() end)
    end
  end)
end)

describe("R-GC-2: objects referenced from Lua", function()
  local N = 200

  -- Makes n players with fresh names, tracked; returns them and their ids.
  local function make_players(n, prefix)
    local keep, ids, names = {}, {}, {}
    for i = 1, n do
      names[i] = h.runtime_string(prefix .. i .. "-", 8)
      keep[i] = Demo.MakePlayer(names[i])
      ids[i] = testbed.track(keep[i])
    end
    return keep, ids, names
  end

  it("R-GC-2: objects kept only by Lua survive forced collections", function()
    h.full_gc(2)
    local baseline = objects()
    local keep, ids, names = make_players(N, "kept")
    assert.are.equal(baseline + N, objects())
    for round = 1, 5 do
      managed_churn(round)
      h.churn(200)
      h.full_gc(1)
      -- held objects are never collected: this is exact
      assert.are.equal(N, count_alive(ids), "objects finalized in round " .. round)
      assert.are.equal(baseline + N, objects())
    end
    for i = 1, N do
      assert.are.equal(names[i], keep[i].Name)
      assert.are.equal(100, keep[i].Hp)
    end
  end)

  it("R-GC-2: objects are released once Lua drops them (bulk)", function()
    h.full_gc(2)
    local baseline = objects()
    local ids
    do
      local keep
      keep, ids = make_players(N, "dropped")
      assert.are.equal(baseline + N, objects())
      keep = nil                                                -- luacheck: ignore
    end
    collect_until(baseline, ids, N // 50, 10)
    assert.are.equal(baseline, objects())                      -- exact (Lua side)
    assert.is_true(count_alive(ids) <= N // 50,                -- nearly all (managed side)
      count_alive(ids) .. " of " .. N .. " dropped players still alive")
  end)

  it("R-SHAPE-2: the identity cache is weak: views dropped from Lua are released", function()
    h.full_gc(2)
    local baseline = objects()
    local ids = {}
    -- each object pushed through four views, several times, then dropped;
    -- the cache alone must keep neither a userdata nor an object
    local function push_and_drop(i)
      local c = Circle(i)
      ids[#ids + 1] = testbed.track(c)
      for _ = 1, 3 do
        local s = zlua.cast(c, Shape)
        local v = zlua.cast(c, IShape)
        local o = through_object(c)
        assert(rawequal(zlua.cast(o, Circle), c) and rawequal(zlua.cast(v, Shape), s))
      end
    end
    for i = 1, N do push_and_drop(i) end
    collect_until(baseline, ids, N // 50, 10)
    assert.are.equal(baseline, objects())
    assert.is_true(count_alive(ids) <= N // 50,
      count_alive(ids) .. " of " .. N .. " dropped circles still alive")
  end)

  it("R-SHAPE-2: a userdata kept elsewhere stays the cached one after collections", function()
    local p = Player("ann")
    local holder = setmetatable({}, { __mode = "k" })   -- weak: keeps nothing
    holder[p] = true
    for round = 1, 3 do
      h.full_gc(1)
      managed_churn(round)
      assert.is_true(rawequal(p, Demo.Same(p)))
    end
    assert.is_true(holder[p])
  end)

  -- Demo.Ring(n) in a helper frame: keeps only the first node, walks .Next
  -- n times back to it, tracks every node.
  local function ring(n, ids)
    local first = Demo.Ring(n)
    local node = first
    for _ = 1, n do
      ids[#ids + 1] = testbed.track(node)
      node = node.Next
    end
    assert(rawequal(node, first), "walking .Next " .. n .. " times did not come back")
    return first
  end

  it("R-GC-2: a cycle through C# kept by one Lua reference stays alive", function()
    h.full_gc(2)
    local baseline = objects()
    local ids = {}
    local first = ring(100, ids)
    h.full_gc(2)
    assert.are.equal(baseline + 1, objects())    -- only `first` holds an entry
    for round = 1, 3 do
      managed_churn(round)
      h.full_gc(1)
      assert.are.equal(100, count_alive(ids), "ring nodes finalized in round " .. round)
    end
    local node = first
    for _ = 1, 100 do node = node.Next end
    assert.is_true(rawequal(first, node))
  end)

  it("R-GC-2: Demo.Ring(100) is released once Lua drops it (bulk)", function()
    h.full_gc(2)
    local baseline = objects()
    local ids, rings = {}, 5
    do
      local keep = {}
      for r = 1, rings do keep[r] = ring(100, ids) end
      h.full_gc(1)
      assert.are.equal(baseline + rings, objects())
      assert.are.equal(100 * rings, count_alive(ids))
      keep = nil                                                -- luacheck: ignore
    end
    -- one stale stack word keeps a whole ring: allow one of the five
    collect_until(baseline, ids, 100, 10)
    assert.are.equal(baseline, objects())
    assert.is_true(count_alive(ids) <= 100,
      count_alive(ids) .. " of " .. 100 * rings .. " ring nodes still alive")
  end)
end)

describe("object slots", function()
  it("Lua values box into the runtime types Demo.Describe reports", function()
    local cases = {
      { true, "System.Boolean" }, { false, "System.Boolean" },
      { 1, "System.Int32" }, { 1 << 40, "System.Int64" },
      { 0x7fffffff, "System.Int32" }, { 0x80000000, "System.Int64" },
      { -0x80000000, "System.Int32" }, { -0x80000001, "System.Int64" },
      { math.mininteger, "System.Int64" },
      { 1.5, "System.Double" }, { 2.0, "System.Double" },   -- a float stays a float
      { "s", "System.String" }, { "", "System.String" },
      { P(1, 2), "MyGame.Point2D" }, { Tagged(1, "t"), "MyGame.Tagged" },
      { zlua.box(CS.MyGame.Color, 1), "MyGame.Color" }, { Demo.Box(5), "System.Int32" },
      { Player("p"), "MyGame.Player" }, { Circle(1), "MyGame.Circle" },
      { zlua.cast(Circle(1), IShape), "MyGame.Circle" },
    }
    for _, describe_ in ipairs(both(Demo, "Describe")) do
      for _, case in ipairs(cases) do
        assert.are.equal(case[2], describe_(case[1]), "for " .. tostring(case[1]))
      end
      assert.are.equal("null", describe_(nil))
    end
  end)

  it("a ByValUserData boxes as a copy; a ByObjUserData passes as is", function()
    local pt = P(1, 2)
    local boxed = through_object(pt)
    pt.x = 9
    assert.are.equal(1, zlua.unbox(boxed).x)
    local p = Player("p")
    assert.is_true(rawequal(p, zlua.cast(through_object(p), Player)))
    assert.is_true(rawequal(p, Demo.Same(through_object(p))))
  end)

  it("R-DEF-1: a table, a function, a thread or a foreign userdata is an argument error", function()
    for _, describe_ in ipairs(both(Demo, "Describe")) do
      h.raises("bad argument #1 to 'Demo.Describe' (System.Object expected, got table)",
               describe_, {})
      h.raises("bad argument #1 to 'Demo.Describe' (System.Object expected, got function)",
               describe_, print)
      h.raises("bad argument #1 to 'Demo.Describe' (System.Object expected, got thread)",
               describe_, coroutine.create(print))
      h.raises("bad argument #1 to 'Demo.Describe' (System.Object expected, got FILE*)",
               describe_, io.stdout)
    end
  end)

  it("R-VIEW-1: a string through an object slot stays a userdata", function()
    local s = through_object("str")
    assert.are.equal("userdata", type(s))
    assert.are.equal("byobj", h.kind(s))
    assert.are.equal(Object, h.type_of(s))
    assert.are.equal("str", tostring(s))
    assert.are.equal("System.String", Demo.Describe(s))
    assert.are.equal("str!", Demo.Concat(s, "!"))      -- a String userdata pops as a string
    local t = Tagged(0, "holder")
    t.payload = "str"
    assert.is_true(rawequal(t.payload, t.payload))     -- R-SHAPE-2
  end)

  it("R-GC-2: a String userdata keeps its string alive", function()
    local text = h.runtime_string("kept-")
    local s = through_object(text)
    local id = testbed.track(s)
    for round = 1, 5 do
      managed_churn(round)
      h.full_gc(1)
      assert.is_true(testbed.alive(id), "string finalized in round " .. round)
    end
    assert.are.equal(text, tostring(s))
    assert.are.equal(text, Demo.Concat(s, nil))
  end)

  it("Demo.Mixed() returns its object[] as a userdata", function()
    local m = Demo.Mixed()
    assert.are.equal("userdata", type(m))
    assert.are.equal("byobj", h.kind(m))
    assert.are.equal("System.Object[]", h.type_of(m).__fullname)
  end)
end)

describe("R-SHAPE-2: the identity cache against a hostile script", function()
  -- The identity cache holding ud (a weak-valued table of the registry).
  local function cache_of(ud)
    for _, t in pairs(debug.getregistry()) do
      if type(t) == "table" then
        local mt = getmetatable(t)
        if type(mt) == "table" and rawget(mt, "__mode") == "v" then
          for k, v in pairs(t) do
            if rawequal(v, ud) then return t, k end
          end
        end
      end
    end
  end

  it("R-SHAPE-2: an entry replaced by a script is never returned for another object or view", function()
    local p = Player("ann")
    local cache, key = cache_of(p)
    assert.is_not_nil(cache, "no identity cache holds the player")
    assert.are.equal("integer", math.type(key))          -- the userdata's registry slot + 1
    local fakes = { Player("other"), zlua.cast(p, IShape), through_object(p), P(1, 2),
                    io.stdout, "junk", 42, {} }
    for _, fake in ipairs(fakes) do
      rawset(cache, key, fake)
      local again = Demo.Same(p)
      assert.are.equal("userdata", type(again))
      assert.is_false(rawequal(again, fake))
      assert.are.equal(Player, h.type_of(again))
      assert.are.equal("ann", again.Name)
      assert.is_true(rawequal(again, Demo.Same(p)))      -- cached again
    end
    rawset(cache, key, nil)
    assert.are.equal("ann", Demo.Same(p).Name)
  end)
end)

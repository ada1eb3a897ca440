-- array_spec.lua -- arrays and params (the default marshal rules array rows,
-- R-ARR-1, params T[], R-GC-2, R-SHAPE-1).
--
-- Calls into C# run twice where a stub could serve them: through the
-- method's Lua function (a generated stub when the build has stubs) and
-- through the generic invoker (testbed.generic), with the same checks.
local h = require "helpers"

local Demo = CS.Demo
local P = CS.MyGame.Point2D
local Tagged = CS.MyGame.Tagged
local Player = CS.MyGame.Player

local OOM = "System.OutOfMemoryException: Insufficient memory to continue the " ..
            "execution of the program."

-- The function T[name] (a stub when there is one) and the same method
-- through the generic invoker.
local both = h.both

local function scope_invariants()
  local s = testbed.stats()
  return { handles = s.handles, scope_depth = s.scope_depth }
end

describe("R-ARR-1 arrays are ByObjUserData", function()
  it("R-ARR-1: #arr is Length, get/set use C# 0-based indices", function()
    local a = Demo.MakeArray(5)
    assert.are.equal("byobj", h.kind(a))
    assert.are.equal("System.Int32[]", h.type_of(a).__fullname)
    assert.are.equal(5, #a)
    assert.are.equal(5, a.Length)
    assert.are.equal(1, a:get(0))
    assert.are.equal(5, a:get(4))
    assert.are.equal("integer", math.type(a:get(0)))
    a:set(0, 42)
    assert.are.equal(42, a:get(0))
    assert.are.equal(42 + 2 + 3 + 4 + 5, Demo.ArraySum(a))
    assert.are.equal(3, a:get(2.0))   -- an exact float is an index
  end)

  it("R-ARR-1: an index out of range of a T[] names the index and the bounds", function()
    local a = Demo.MakeArray(3)
    local OUT = "index out of range: %s (System.Int32[] of length 3, indexed from 0)"
    h.raises(OUT:format(3), a.get, a, 3)
    h.raises(OUT:format(-1), a.get, a, -1)
    h.raises(OUT:format(math.maxinteger), a.get, a, math.maxinteger)
    h.raises(OUT:format(math.mininteger), a.get, a, math.mininteger)
    h.raises(OUT:format(3), a.set, a, 3, 1)
    local e = Demo.MakeArray(0)
    assert.are.equal(0, #e)
    h.raises("index out of range: 0 (System.Int32[] of length 0, indexed from 0)", e.get, e, 0)
  end)

  it("R-ARR-1: bad indices, counts and values are argument errors", function()
    local a = Demo.MakeArray(3)
    h.raises("bad argument #1 to 'System.Int32[].get' (System.Int32 expected, got string)",
             a.get, a, "1")
    h.raises("bad argument #1 to 'System.Int32[].get' (number has no integer representation)",
             a.get, a, 1.5)
    h.raises("wrong number of arguments to 'System.Int32[].get' (1 expected, got 0)",
             a.get, a)
    h.raises("wrong number of arguments to 'System.Int32[].get' (1 expected, got 2)",
             a.get, a, 1, 2)
    h.raises("wrong number of arguments to 'System.Int32[].set' (2 expected, got 1)",
             a.set, a, 1)
    h.raises("bad argument #2 to 'System.Int32[].set' (System.Int32 expected, got string)",
             a.set, a, 1, "x")
    h.raises("bad argument #2 to 'System.Int32[].set' (number out of range for System.Int32)",
             a.set, a, 1, 1 << 40)
    assert.are.equal(2, a:get(1))   -- failed writes changed nothing
  end)

  it("R-SHAPE-1: get, set and #'s metamethod refuse anything but a live array", function()
    local a = Demo.MakeArray(3)
    h.raises("calling 'get' on bad self (array expected, got number); use ':' to call a method", a.get, 5, 0)
    h.raises("calling 'get' on bad self (array expected, got MyGame.Point2D)", a.get, P(1, 2), 0)
    h.raises("calling 'set' on bad self (array expected, got MyGame.Player)",
             a.set, Player("x"), 0, 1)
    h.raises("calling 'get' on bad self (array expected, got light userdata); use ':' to call a method",
             a.get, debug.upvalueid(h.raises, 1), 0)
    local len = debug.getmetatable(a).__len
    h.raises("calling '__len' on bad self (array expected, got table); use ':' to call a method", len, {})
    assert.are.equal(3, len(a))
  end)

  it("R-ARR-1: GetValue and SetValue stay bound like any method", function()
    local a = Demo.MakeArray(3)
    assert.are.equal(2, zlua.unbox(a:GetValue(1)))
    a:SetValue(zlua.box(zlua.types.int, 9), 1)
    assert.are.equal(9, a:get(1))
    assert.are.equal(1, a.Rank)
    assert.are.equal(3, a:GetLength(0))
    h.raises("System.IndexOutOfRangeException: Index has to be between upper and lower bound "
             .. "of the array. (in System.Array.GetValue)", a.GetValue, a, 3)
  end)

  it("R-ARR-1: byte[] is a ByObjUserData by default", function()
    local b = Demo.MakeByteArray(4)
    assert.are.equal("byobj", h.kind(b))
    assert.are.equal(4, #b)
    assert.are.equal(3, b:get(3))
    assert.are.equal(4, Demo.CountBytes2(b))
    h.raises("bad argument #2 to 'System.Byte[].set' (number out of range for System.Byte)",
             b.set, b, 0, 256)
  end)
end)

describe("R-ARR-1 element types", function()
  it("R-ARR-1: struct elements read as ByValUserData copies and write by copy", function()
    local ps = Demo.Points(3)
    local p = ps:get(1)
    assert.are.equal("byval", h.kind(p))
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
    p.x = 100                                -- a copy: the array is unchanged
    assert.are.equal(1, ps:get(1).x)
    local q = P(7, 8)
    ps:set(2, q)
    q.x = 0                                  -- copied in: the array keeps 7
    assert.are.equal(7, ps:get(2).x)
    assert.are.equal(0 + 0 + 1 + 2 + 7 + 8, Demo.SumPoints(ps))
    h.raises("bad argument #2 to 'MyGame.Point2D[].set' (MyGame.Point2D expected, got table)",
             ps.set, ps, 0, { x = 1, y = 2 })
  end)

  it("R-ARR-1, R-GC-2: a non-blittable element written from Lua keeps its string alive", function()
    local t = Demo.Taggeds(3)
    assert.are.equal("t1", t:get(1).name)
    local name = h.runtime_string("elem-")
    local v = Tagged(7, name)
    local id = testbed.track(v, "name")
    t:set(1, v)
    v = nil
    for _ = 1, 3 do
      h.churn(2000)
      h.full_gc(1)
    end
    assert.is_true(testbed.alive(id))   -- the array's copy holds it
    assert.are.equal(7, t:get(1).id)
    assert.are.equal(name, t:get(1).name)
    assert.are.equal(name, Demo.TaggedName(t:get(1)))   -- visible to C#
  end)

  it("R-ARR-1: string arrays read strings, null reads nil", function()
    local n = Demo.Names()
    assert.are.equal(3, #n)
    assert.are.equal("a", n:get(0))
    assert.are.equal("c", n:get(2))
    n:set(1, nil)
    assert.is_nil(n:get(1))
    n:set(1, "bee")
    assert.are.equal("bee", n:get(1))
    assert.are.equal(3, Demo.NamesLength(n))
    h.raises("bad argument #2 to 'System.String[].set' (System.String expected, got number)",
             n.set, n, 0, 5)
  end)

  it("R-ARR-1, R-VIEW-1: object[] elements get the System.Object view", function()
    local m = Demo.Mixed()
    assert.are.equal(5, #m)
    local Object = CS.System.Object
    assert.are.equal(Object, h.type_of(m:get(0)))
    assert.are.equal(1, zlua.unbox(m:get(0)))
    assert.are.equal(Object, h.type_of(m:get(1)))   -- a string stays a userdata
    assert.are.equal("System.String", Demo.Describe(m:get(1)))
    assert.are.equal(3.5, zlua.unbox(m:get(2)))
    assert.is_nil(m:get(3))
    assert.are.equal(Object, h.type_of(m:get(4)))
    assert.are.equal("MyGame.Player", Demo.Describe(m:get(4)))
    assert.is_true(rawequal(m:get(4), m:get(4)))     -- R-SHAPE-2
    m:set(3, "s")                                    -- boxed by the object rules
    assert.are.equal("System.String", Demo.Describe(m:get(3)))
    m:set(3, 5)
    assert.are.equal("System.Int32", Demo.Describe(m:get(3)))
  end)

  it("R-ARR-1: a store into a covariant view is checked against the runtime element type", function()
    local ObjectArray = h.type_of(Demo.Mixed())   -- System.Object[]
    local names = zlua.cast(Demo.Names(), ObjectArray)
    assert.are.equal("System.String", Demo.Describe(names:get(0)))
    h.raises("bad argument #2 to 'System.Object[].set' (System.String expected, got " ..
             "MyGame.Player)", names.set, names, 0, Player("p"))
    names:set(0, "ok")
    assert.are.equal("System.String", Demo.Describe(names:get(0)))
  end)
end)

describe("R-ARR-1 multi-dimensional arrays", function()
  it("R-ARR-1: #g is the product of the dimensions, get/set take rank indices", function()
    local g = Demo.MakeGrid(2, 3)
    assert.are.equal("System.Int32[,]", h.type_of(g).__fullname)
    assert.are.equal(6, #g)
    assert.are.equal(12, g:get(1, 2))
    assert.are.equal(0, g:get(0, 0))
    g:set(1, 2, 100)
    assert.are.equal(100, g:get(1, 2))
    assert.are.equal(0 + 1 + 2 + 10 + 11 + 100, Demo.GridSum(g))
    assert.are.equal(2, g.Rank)
    assert.are.equal(3, g:GetLength(1))
  end)

  it("R-ARR-1: each index is checked against its own dimension", function()
    local g = Demo.MakeGrid(2, 3)
    h.raises("index out of range", g.get, g, 2, 0)
    h.raises("index out of range", g.get, g, 0, 3)
    h.raises("index out of range", g.get, g, -1, 0)
    h.raises("index out of range", g.set, g, 0, 3, 1)
    h.raises("wrong number of arguments to 'System.Int32[,].get' (2 expected, got 1)", g.get, g, 0)
    h.raises("wrong number of arguments to 'System.Int32[,].set' (3 expected, got 2)",
             g.set, g, 0, 1)
  end)

  it("R-ARR-1: GetValue(int) on a rank-2 array throws as in the CLR", function()
    local g = Demo.MakeGrid(2, 3)
    h.raises("System.ArgumentException: Only single dimensional arrays are supported for the "
             .. "requested action. (in System.Array.GetValue)", g.GetValue, g, 0)
  end)

  it("mdarray slots take a ByObjUserData or nil, never a table", function()
    for _, f in ipairs(both(Demo, "GridSum")) do
      assert.are.equal(36, f(Demo.MakeGrid(2, 3)))
      h.raises("bad argument #1 to 'Demo.GridSum' (System.Int32[,] expected, got table)",
               f, { { 1, 2 }, { 3, 4 } })
      h.raises("bad argument #1 to 'Demo.GridSum' (System.Int32[,] expected, got table)", f, {})
    end
  end)
end)

describe("R-ARR-1 zlua.to_table and zlua.to_bytes", function()
  it("R-ARR-1: to_table is a 1-based Lua table copy", function()
    local t = zlua.to_table(Demo.MakeArray(4))
    assert.are.same({ 1, 2, 3, 4 }, t)
    assert.are.same({ "a", "b", "c" }, zlua.to_table(Demo.Names()))
    assert.are.same({}, zlua.to_table(Demo.MakeArray(0)))
    local ps = zlua.to_table(Demo.Points(2))
    assert.are.equal(2, #ps)
    assert.are.equal("byval", h.kind(ps[2]))
    assert.are.equal(2, ps[2].y)
    local m = zlua.to_table(Demo.Mixed())
    assert.are.equal(2, zlua.unbox(m[1]) + 1)
    assert.is_nil(m[4])
    assert.are.equal("MyGame.Player", Demo.Describe(m[5]))
  end)

  it("R-ARR-1: to_bytes copies a blittable element array's bytes", function()
    assert.are.equal("\0\1\2\3", zlua.to_bytes(Demo.MakeByteArray(4)))
    assert.are.equal("", zlua.to_bytes(Demo.MakeByteArray(0)))
    assert.are.equal(string.pack("<i4i4i4", 1, 2, 3), zlua.to_bytes(Demo.MakeArray(3)))
    assert.are.equal(string.pack("<ffff", 0, 0, 1, 2), zlua.to_bytes(Demo.Points(2)))
  end)

  it("R-ARR-1: bool[], char[], non-blittable elements and non-arrays are errors", function()
    h.raises("bad argument #1 to 'to_bytes' (array of blittable elements expected, got " ..
             "System.String[])", zlua.to_bytes, Demo.Names())
    h.raises("bad argument #1 to 'to_bytes' (array of blittable elements expected, got " ..
             "MyGame.Tagged[])", zlua.to_bytes, Demo.Taggeds(1))
    h.raises("bad argument #1 to 'to_bytes' (array of blittable elements expected, got " ..
             "System.Object[])", zlua.to_bytes, Demo.Mixed())
    h.raises("bad argument #1 to 'to_bytes' (array expected, got string)", zlua.to_bytes, "ab")
    h.raises("bad argument #1 to 'to_bytes' (array expected, got MyGame.Player)",
             zlua.to_bytes, Player("p"))
    h.raises("bad argument #1 to 'to_table' (array expected, got table)", zlua.to_table, {})
    h.raises("bad argument #1 to 'to_table' (one-dimensional array expected, got " ..
             "System.Int32[,])", zlua.to_table, Demo.MakeGrid(1, 1))
    h.raises("bad argument #1 to 'to_bytes' (one-dimensional array expected, got " ..
             "System.Int32[,])", zlua.to_bytes, Demo.MakeGrid(1, 1))
  end)
end)

describe("tables for T[] slots", function()
  it("an array-shaped table becomes a new T[n], {} a T[0], nil null", function()
    for _, f in ipairs(both(Demo, "NamesLength")) do
      assert.are.equal(2, f({ "x", "y" }))
      assert.are.equal(0, f({}))
      assert.are.equal(-1, f(nil))
      assert.are.equal(3, f(Demo.Names()))
    end
    for _, f in ipairs(both(Demo, "CountBytes2")) do
      assert.are.equal(3, f({ 1, 2, 255 }))
      assert.are.equal(-1, f(nil))
    end
  end)

  it("elements pop by T's rules", function()
    for _, f in ipairs(both(Demo, "SumPoints")) do
      assert.are.equal(10, f({ P(1, 2), P(3, 4) }))
      assert.are.equal(0, f({}))
    end
    for _, f in ipairs(both(Demo, "ArraySum")) do
      assert.are.equal(6, f({ 1, 2.0, 3 }))
    end
  end)

  it("a bad element names its index", function()
    for _, f in ipairs(both(Demo, "SumPoints")) do
      h.raises("bad argument #1 to 'Demo.SumPoints' (element [2]: MyGame.Point2D expected, " ..
               "got number)", f, { P(1, 2), 3 })
      h.raises("bad argument #1 to 'Demo.SumPoints' (element [1]: MyGame.Point2D expected, " ..
               "got table)", f, { { x = 1, y = 2 } })
    end
    for _, f in ipairs(both(Demo, "CountBytes2")) do
      h.raises("bad argument #1 to 'Demo.CountBytes2' (element [3]: number out of range " ..
               "for System.Byte)", f, { 1, 2, 300 })
    end
    for _, f in ipairs(both(Demo, "ArraySum")) do
      h.raises("bad argument #1 to 'Demo.ArraySum' (element [2]: number has no integer " ..
               "representation)", f, { 1, 2.5 })
      h.raises("bad argument #1 to 'Demo.ArraySum' (element [1]: System.Int32 expected, " ..
               "got string)", f, { "1" })
    end
  end)

  it("holes, [0] and other keys are argument errors", function()
    for _, f in ipairs(both(Demo, "ArraySum")) do
      h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table " ..
               "with a hole at [2])", f, { 1, nil, 3 })
      h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table " ..
               "with a hole at [1])", f, { [2] = 1 })
      h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table " ..
               "with a hole at [2])", f, { [1] = 1, [1000000] = 2 })
      h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table " ..
               "with key [0] (arrays from tables start at [1]))", f, { [0] = 1, 2 })
      h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table " ..
               "with key 'x')", f, { 1, 2, x = 3 })
      h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table " ..
               "with key 'n')", f, { n = 0 })
      h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table " ..
               "with key [-1])", f, { [-1] = 1 })
      h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table " ..
               "with key [1.5])", f, { [1.5] = 1 })
      h.raises("bad argument #1 to 'Demo.ArraySum' (System.Int32[] expected, got a table " ..
               "with a boolean key)", f, { [true] = 1 })
    end
  end)

  it("a table's metatable plays no part (raw access only)", function()
    local t = setmetatable({}, { __index = function(_, i) return i end, __len = function() return 3 end })
    assert.are.equal(0, Demo.ArraySum(t))
    local u = setmetatable({ 1, 2 }, { __pairs = function() error("no") end })
    assert.are.equal(3, Demo.ArraySum(u))
  end)

  it("nested tables make jagged arrays' elements only where T[] is the element", function()
    -- string[] elements are strings: a nested table is a bad element
    h.raises("bad argument #1 to 'Demo.NamesLength' (element [2]: System.String expected, " ..
             "got table)", Demo.NamesLength, { "a", { "b" } })
  end)

  it("R-RT-1: the array's creation throwing is the method's exception, nothing held", function()
    local before = scope_invariants()
    for _, f in ipairs(both(Demo, "ArraySum")) do
      testbed.fail_next("array_new")
      h.raises(OOM .. " (in Demo.ArraySum)", f, { 1, 2 })
      assert.are.equal(3, f({ 1, 2 }))
    end
    for _, f in ipairs(both(Demo, "NamesLength")) do
      testbed.fail_next("string_new", 2)   -- an element's conversion
      h.raises(OOM .. " (in Demo.NamesLength)", f, { "a", "b", "c" })
    end
    h.assert_scope_restored(before, "array_new")
  end)

  it("R-GC-2: elements of a table-made array stay alive through collections during the pop", function()
    -- every element pop of a string[] allocates; a collection forced from a
    -- managed allocation cannot free the array being filled (the frame holds it)
    local names = {}
    for i = 1, 200 do names[i] = h.runtime_string("n" .. i .. "-", 64) end
    for _ = 1, 5 do
      assert.are.equal(200, Demo.NamesLength(names))
      testbed.gc()
    end
  end)
end)

describe("params T[]", function()
  it("a params parameter is one slot", function()
    for _, f in ipairs(both(Demo, "Sum")) do
      assert.are.equal(6, f({ 1, 2, 3 }))
      assert.are.equal(0, f({}))
      assert.are.equal(-1, f(nil))
      assert.are.equal(15, f(Demo.MakeArray(5)))
    end
    for _, f in ipairs(both(Demo, "Prefix")) do
      assert.are.equal(105, f(1, { 2, 3 }))
      assert.are.equal(200, f(2, {}))
    end
  end)

  it("left out, it is an empty array, as in C# (R-PARAMS-2)", function()
    for _, f in ipairs(both(Demo, "Sum")) do
      assert.are.equal(0, f())            -- T[0], not null (Sum(null) is -1)
      assert.are.equal(0, f())
    end
    for _, f in ipairs(both(Demo, "Prefix")) do
      assert.are.equal(700, f(7))         -- tail.Length would throw on null
    end
    h.raises("wrong number of arguments to 'Demo.Prefix' (1 to 2 expected, got 0)", Demo.Prefix)
  end)

  it("trailing arguments are not collected", function()
    for _, f in ipairs(both(Demo, "Sum")) do
      h.raises("wrong number of arguments to 'Demo.Sum' (0 to 1 expected, got 3)", f, 1, 2, 3)
      h.raises("bad argument #1 to 'Demo.Sum' (System.Int32[] expected, got number)", f, 1)
    end
    for _, f in ipairs(both(Demo, "Prefix")) do
      h.raises("wrong number of arguments to 'Demo.Prefix' (1 to 2 expected, got 3)", f, 1, 2, 3)
    end
  end)
end)

describe("R-GC-2 arrays and the collectors", function()
  it("R-GC-2: arrays referenced only from Lua live, and are released once dropped (in bulk)", function()
    local n = 50
    local keep, ids = {}, {}
    for i = 1, n do
      keep[i] = Demo.MakeArray(16)
      ids[i] = testbed.track(keep[i])
    end
    h.churn(2000)
    h.full_gc(2)
    for i = 1, n do
      assert.is_true(testbed.alive(ids[i]))
      assert.are.equal(16, keep[i]:get(15))
    end
    keep = nil
    local dead = 0
    for _ = 1, 5 do
      h.churn(2000)
      h.full_gc(1)
    end
    for i = 1, n do
      if not testbed.alive(ids[i]) then dead = dead + 1 end
    end
    -- conservative scanning may keep a few through stale stack words: in bulk
    assert.is_true(dead >= n - 5, ("only %d of %d arrays were released"):format(dead, n))
  end)

  -- Allocation deltas of body(n) with the Lua collector stopped, measured
  -- as zerogc_spec does (the second stats table cancels out against the
  -- empty loop's).
  local function measure(body)
    collectgarbage("collect")
    collectgarbage("stop")
    body(1)
    local s0 = testbed.stats()
    body(1000)
    local s1 = testbed.stats()
    collectgarbage("restart")
    return s1.gc_allocs - s0.gc_allocs, s1.lua_allocs - s0.lua_allocs
  end

  it("R-ARR-1: arr:get(3) and arr:set(3, v) on an int[] allocate nothing once warm", function()
    local a = Demo.MakeArray(10)
    local base_g, base_l = measure(function(n) for _ = 1, n do end end)
    local v
    local g, l = measure(function(n) for _ = 1, n do v = a:get(3) end end)
    assert.are.equal(4, v)
    assert.are.equal(base_g, g)
    assert.are.equal(base_l, l)
    g, l = measure(function(n) for i = 1, n do a:set(3, i) end end)
    assert.are.equal(base_g, g)
    assert.are.equal(base_l, l)
    assert.are.equal(1000, a:get(3))
  end)
end)

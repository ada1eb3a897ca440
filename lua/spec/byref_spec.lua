-- byref_spec.lua -- ref / in / out parameters called from Lua (R-REF-1,
-- R-REF-2, R-OPQ-5, overload dispatch), row by row of the table in
-- docs/lua-api.md "ref, in and out parameters", through the method's function (a generated stub
-- when the build has stubs) and through the generic invoker.
local h = require "helpers"
local it_sim = h.sim_it(it, pending)

local Demo = CS.Demo
local P = CS.MyGame.Point2D
local Tagged = CS.MyGame.Tagged
-- ZLuaTests.Refs (test-only): Rename(ref Tagged t, int id) sets t.id = id and
-- t.name = "tag-" .. id, a string C# makes for the call;
-- InvokeWithRefObject(fn, start) calls fn(h) with a `ref object` handle to
-- a local holding start and returns the local afterwards.
local Refs = CS.ZLuaTests.Refs

-- The function T[name] (a stub when there is one) and the same method
-- through the generic invoker.
local function both(name, target)   -- Demo's, unless said
  return h.both(target or Demo, name)
end

describe("a valid OpaqueValue of exactly A", function()
  it("R-REF-1: passes the handle's slot: C# writes the caller's variable", function()
    for _, inc in ipairs(both("IncrementOpaque")) do
      local ok
      h.global("OnRefInt", function(hv) inc(hv); inc(hv); ok = true end)
      assert.are.equal(7, Demo.CallOnRefInt(5))
      assert.is_true(ok)
    end
  end)

  it("R-REF-1: a ref Point2D handle is a true ref for ref Point2D", function()
    for _, offset in ipairs(both("Offset")) do
      local fn = h.callback(function(hv) offset(hv, 10, 20) end)
      local r = Demo.InvokeWithRefPoint(fn, P(1, 2))
      assert.are.equal(11, r.x)
      assert.are.equal(22, r.y)
    end
  end)

  it("R-REF-1: an `in` parameter takes the handle the same way", function()
    local got
    local fn = h.callback(function(hv) got = Demo.ReadIn(hv) end)
    Demo.InvokeWithRefPoint(fn, P(3, 4))
    assert.are.equal(7, got)
  end)

  it("R-REF-1: a handle of another element type is refused, exactly (ref parameters are invariant)", function()
    local e1, e2
    local f1 = h.callback(function(hv) e1 = h.error_of(Demo.Increment, hv) end)
    Demo.InvokeWithRefPoint(f1, P(1, 2))
    h.raises_containing("opaque handle type mismatch (System.Int32 expected, got MyGame.Point2D)",
                        function() error(e1, 0) end)
    -- a `ref string` slot is not a `ref object`: C# could store any object in it
    local f2 = h.callback(function(hv) e2 = h.error_of(Demo.SwapObj, hv) end)
    assert.are.equal("s", Demo.InvokeWithRefString(f2, "s"))
    h.raises_containing("opaque handle type mismatch (System.Object expected, got System.String)",
                        function() error(e2, 0) end)
  end)

  it("R-REF-1: a `ref object` handle is refused by ref int and ref string, exactly", function()
    for _, inc in ipairs(both("Increment")) do
      local e1, e2
      local fn = h.callback(function(hv)
        e1 = h.error_of(inc, hv)
        e2 = h.error_of(Demo.IncrementOpaque, hv)
      end)
      local r = Refs.InvokeWithRefObject(fn, nil)
      assert.is_nil(r)   -- the slot was not written
      h.raises("bad argument #1 to 'Demo.Increment' (opaque handle type mismatch "
               .. "(System.Int32 expected, got System.Object))", function() error(e1, 0) end)
      h.raises("bad argument #1 to 'Demo.IncrementOpaque' (opaque handle type mismatch "
               .. "(System.Int32 expected, got System.Object))", function() error(e2, 0) end)
    end
    -- nor is a `ref object` slot a `ref string`: C# would read any object as a string
    local e3
    local fn = h.callback(function(hv) e3 = h.error_of(Demo.Replace, hv) end)
    local pl = CS.MyGame.Player("a")
    local r = Refs.InvokeWithRefObject(fn, pl)
    assert.is_true(rawequal(pl, zlua.cast(r, CS.MyGame.Player)))   -- the slot is untouched
    h.raises("bad argument #1 to 'Demo.Replace' (opaque handle type mismatch "
             .. "(System.String expected, got System.Object))", function() error(e3, 0) end)
  end)

  it("R-REF-1: a `ref object` handle is a true ref for ref object: C# writes the caller's slot",
     function()
    for _, swap in ipairs(both("SwapObj")) do
      local seen
      local fn = h.callback(function(hv)
        swap(hv)
        seen = zlua.get_opaquevalue(hv)   -- R-OPQ-7: the slot as C# left it
      end)
      local r = Refs.InvokeWithRefObject(fn, CS.MyGame.Player("a"))
      -- an object slot's string stays a userdata of the object view (R-VIEW-1)
      assert.are.equal("byobj", h.kind(r))
      assert.are.equal("System.String", Demo.Describe(r))
      assert.are.equal("swapped", tostring(r))
      assert.are.equal("swapped", tostring(seen))
      assert.is_true(r == seen)   -- one string object (R-OP-2)
    end
  end)

  it("R-OPQ-3: a handle kept past its call has expired", function()
    local kept
    local fn = h.callback(function(hv) kept = hv end)
    Demo.InvokeWithRefInt(fn, 1)
    h.raises("bad argument #1 to 'Demo.Increment' (opaque handle expired)",
             function() return Demo.Increment(kept) end)
  end)
end)

describe("a ByValUserData of exactly A", function()
  it("R-REF-2: passes its payload: C#'s write is visible", function()
    for _, offset in ipairs(both("Offset")) do
      local p = P(1, 2)
      offset(p, 10, 20)
      assert.are.equal(11, p.x)
      assert.are.equal(22, p.y)
    end
  end)

  it("R-REF-2: whatever made the userdata: T._ctor, a C# result, zlua.to_user_data", function()
    local a = P._ctor(1, 1)
    Demo.Offset(a, 1, 0)
    assert.are.equal(2, a.x)
    local b = Demo.MakePoint(5, 5)
    Demo.Offset(b, 0, 1)
    assert.are.equal(6, b.y)
    local c
    local fn = h.callback(function(hv) c = zlua.to_user_data(hv) end)
    Demo.InvokeWithRefPoint(fn, P(7, 7))
    Demo.Offset(c, 1, 1)
    assert.are.equal(8, c.x)
  end)

  it("R-REF-2: `in` reads the payload", function()
    assert.are.equal(3, Demo.ReadIn(P(1, 2)))
  end)
end)

describe("C# stores references into a non-blittable payload", function()
  -- Every way a script gets a Tagged userdata; each is a true ref.
  local function taggeds()
    return {
      Tagged(1, "a"),
      Tagged._ctor(2, "b"),
      zlua.new_ref(Tagged),
      zlua.new_ref(Tagged, 4, "d"),
      zlua.new_ref(Tagged, Tagged(5, "e")),
      Demo.MakeTagged(6, "f"),
      Demo.Taggeds(1):get(0),
    }
  end

  -- Managed strings the shape of Rename's ("tag-NNN"): a string freed too
  -- early would likely see its memory reused by one of these.
  local function look_alike_churn(round)
    for j = 1, 50 do
      Demo.Concat("tag-", tostring(900 + (round * 50 + j) % 100))
    end
    h.managed_churn(round)
  end

  it("R-REF-2: C#'s writes (an int, a new string) are visible in the userdata", function()
    for _, rename in ipairs(both("Rename", Refs)) do
      local ts = taggeds()
      for i, t in ipairs(ts) do rename(t, 100 + i) end
      for i, t in ipairs(ts) do
        assert.are.equal(100 + i, t.id)
        assert.are.equal("tag-" .. (100 + i), t.name)
        assert.is_nil(t.payload)   -- the field C# did not write
        assert.are.equal("tag-" .. (100 + i), Demo.TaggedName(t))
      end
    end
  end)

  it("R-SUD-2: the string C# stored stays alive and readable through collections", function()
    for _, rename in ipairs(both("Rename", Refs)) do
      local ts = taggeds()
      h.full_gc(2)   -- the temporaries taggeds() made are gone: the count is ts's
      local registered = h.structs()
      for i, t in ipairs(ts) do rename(t, 200 + i) end
      -- written in place: no copy, no new registration
      assert.are.equal(registered, h.structs())
      for round = 1, 5 do
        look_alike_churn(round)
        h.churn(200)
        h.full_gc(1)
      end
      for i, t in ipairs(ts) do
        assert.are.equal(200 + i, t.id)
        assert.are.equal("tag-" .. (200 + i), t.name)
        assert.are.equal("tag-" .. (200 + i), Demo.TaggedName(t))
      end
      -- a second write replaces the first; the new string is kept the same way
      for i, t in ipairs(ts) do rename(t, 300 + i) end
      for round = 1, 3 do
        look_alike_churn(round)
        h.full_gc(1)
      end
      for i, t in ipairs(ts) do assert.are.equal("tag-" .. (300 + i), t.name) end
    end
  end)
end)

describe("a ByValUserData of T for Nullable<T>", function()
  it("R-REF-2: a temp Nullable holding a copy: the userdata is not written", function()
    local p = P(1, 2)
    Demo.SetNullable(p)
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
  end)

  it("R-REF-2: nil is a temp Nullable without value", function()
    for _, has in ipairs(both("NullableHasValue")) do
      assert.is_false(has(nil))
      assert.is_false(has())                 -- an omitted ref: the same
      assert.is_true(has(P(1, 2)))           -- a userdata of T: a value
    end
    Demo.SetNullable(nil)                    -- the write goes to the temp
    Demo.SetNullable()
  end)
end)

describe("anything that pops by value as A", function()
  it("R-REF-2: a temp slot, C#'s write discarded, no error", function()
    for _, inc in ipairs(both("Increment")) do
      local n = 5
      inc(n)
      assert.are.equal(5, n)
    end
    Demo.Replace("hello")
    local pl = CS.MyGame.Player("a")
    Demo.SwapObj(pl)
    assert.are.equal("a", pl.Name)
    Demo.SwapObj("x")
    Demo.SwapObj(1)
  end)

  it("R-REF-2: a value the by-value rules refuse is the usual argument error", function()
    h.raises("bad argument #1 to 'Demo.Increment' (System.Int32 expected, got string)",
             function() return Demo.Increment("5") end)
    h.raises("bad argument #1 to 'Demo.Offset' (MyGame.Point2D expected, got table)",
             function() return Demo.Offset({x = 1}, 1, 1) end)
  end)
end)

describe("omitted or nil for out / ref", function()
  it("a temp slot holding default(A)", function()
    for _, tp in ipairs(both("TryParse")) do
      assert.is_true(tp("12"))
      assert.is_false(tp("x"))
      assert.is_true(tp("12", nil))
    end
    Demo.Increment()
    Demo.Increment(nil)
    assert.are.equal(0, Demo.ReadIn())
  end)

  it("trailing byref parameters count toward arity like defaults", function()
    h.raises("wrong number of arguments to 'Demo.TryParse' (1 to 2 expected, got 0)",
             function() return Demo.TryParse() end)
    h.raises("wrong number of arguments to 'Demo.TryParse' (1 to 2 expected, got 3)",
             function() return Demo.TryParse("1", nil, nil) end)
    h.raises("wrong number of arguments to 'Demo.Offset' (3 expected, got 2)",
             function() return Demo.Offset(P(0, 0), 1) end)
  end)
end)

describe("R-OPQ-5: an argument error midway leaves nothing behind", function()
  it("R-OPQ-5: the scope stack and the handles are as before", function()
    local before = testbed.stats()
    for _ = 1, 20 do
      h.error_of(Demo.Offset, P(1, 1), "x", 1)
      h.error_of(Demo.Offset, P(1, 1), 1)
    end
    local after = testbed.stats()
    assert.are.equal(before.scope_depth, after.scope_depth)
    assert.are.equal(before.handles, after.handles)
  end)
end)

describe("the temp-slot path allocates nothing", function()
  it("Increment(5) and Offset(p, 1, 1) make no Lua or managed allocation", function()
    local inc, offset, p = Demo.Increment, Demo.Offset, P(0, 0)
    for _ = 1, 10 do inc(5); offset(p, 1, 1) end
    collectgarbage("stop")
    local t0 = testbed.stats()
    local t1 = testbed.stats()   -- what one stats() call allocates
    for _ = 1, 1000 do inc(5); offset(p, 1, 1); Demo.TryParse("12") end
    local t2 = testbed.stats()
    collectgarbage("restart")
    assert.are.equal(t1.lua_allocs - t0.lua_allocs, t2.lua_allocs - t1.lua_allocs)
    -- TryParse's "12" becomes a managed string per call: 1000 of them
    assert.are.equal(1000, t2.gc_allocs - t1.gc_allocs)
  end)
end)

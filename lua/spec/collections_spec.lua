-- collections_spec.lua -- #obj, obj[i] and pairs(obj) over the corlib's
-- collections (the everyday C# surface, R-COLL-1): List<int>, Dictionary<string,
-- int>, arrays, and an iterator method's IEnumerable<int>.
local h = require "helpers"

local Demo = CS.Demo
local LIST = "System.Collections.Generic.List`1[System.Int32]"

local function collect(obj)
  local ks, vs = {}, {}
  for k, v in pairs(obj) do
    ks[#ks + 1] = k
    vs[#vs + 1] = v
  end
  return ks, vs
end

describe("R-COLL-1: List<T>", function()
  it("R-COLL-1: #l is Count and l[0] the indexer", function()
    local l = Demo.MakeList(3)
    assert.are.equal(3, #l)
    assert.are.equal(1, l[0])
    assert.are.equal(3, l[2])
    l[1] = 20
    assert.are.equal(20, l[1])
  end)
  it("R-COLL-1: an index outside the list raises the C# exception (R-DEF-4)", function()
    local l = Demo.MakeList(3)
    h.raises("System.ArgumentOutOfRangeException: Index was out of range. Must be non-negative "
             .. "and less than the size of the collection.\nParameter name: index (in " .. LIST
             .. ".get_Item)", function() return l[3] end)
  end)
  it("R-COLL-1: pairs(l) yields (index from 0, value)", function()
    local ks, vs = collect(Demo.MakeList(3))
    assert.are.same({0, 1, 2}, ks)
    assert.are.same({1, 2, 3}, vs)
    assert.are.same({}, (collect(Demo.MakeList(0))))
  end)
  it("R-COLL-1: a list is a C# argument: Demo.ListSum(l) == 6", function()
    local l = Demo.MakeList(3)
    assert.are.equal(6, Demo.ListSum(l))
    l:Add(4)
    assert.are.equal(10, Demo.ListSum(l))
  end)
  it("R-COLL-1: a Lua table is not a List<T> (only arrays take tables, the default marshal rules)", function()
    h.raises("bad argument #1 to 'Demo.ListSum' (" .. LIST .. " expected, got table)",
             function() return Demo.ListSum({1, 2, 3}) end)
  end)
  it("R-COLL-1: the loop sees the list as it is at each step", function()
    local l = Demo.MakeList(3)
    local seen = {}
    for i, v in pairs(l) do
      seen[#seen + 1] = v
      if i == 0 then l:Add(4) end
    end
    assert.are.same({1, 2, 3, 4}, seen)
  end)
  it("R-COLL-1: the iterator called by hand: after the list shrank, with wrong arguments", function()
    local l = Demo.MakeList(3)
    local f, s, c = pairs(l)
    assert.are.equal(l, s)
    assert.is_nil(c)
    assert.are.same({0, 1}, {f(l, nil)})
    assert.are.same({2, 3}, {f(l, 1)})
    assert.is_nil(f(l, 2))
    assert.is_nil(f(l, 1000000))
    assert.is_nil(f(l, math.maxinteger))
    l:Clear()
    assert.is_nil(f(l, nil))
    h.raises("bad argument #1 to 'pairs' iterator (" .. LIST .. " expected, got string)",
             function() return f("x", 1) end)
    h.raises("bad argument #1 to 'pairs' iterator (" .. LIST .. " expected, got " ..
             "System.Collections.Generic.Dictionary`2[System.String,System.Int32])",
             function() return f(Demo.MakeDict(), 1) end)
    h.raises("bad argument #2 to 'pairs' iterator (index expected, got number)",
             function() return f(l, -5) end)
    h.raises("bad argument #2 to 'pairs' iterator (index expected, got number)",
             function() return f(l, 1.5) end)
    h.raises("bad argument #2 to 'pairs' iterator (index expected, got string)",
             function() return f(l, "1") end)
  end)
  it("R-COLL-1: a List iteration step makes no Lua or managed allocation", function()
    local l = Demo.MakeList(1000)
    local function walk()
      local s = 0
      for _, v in pairs(l) do s = s + v end
      return s
    end
    for _ = 1, 3 do walk() end
    collectgarbage("stop")   -- no GC step (and its finalizers) inside the count
    local t0 = testbed.stats()
    local t1 = testbed.stats()   -- what one stats() call allocates
    walk()
    local t2 = testbed.stats()
    for _ = 1, 10 do walk() end
    local t3 = testbed.stats()
    collectgarbage("restart")
    local per_loop = (t2.lua_allocs - t1.lua_allocs) - (t1.lua_allocs - t0.lua_allocs)
    -- ten loops of 1000 steps allocate what ten loops' setup does: nothing per step
    assert.are.equal(10 * per_loop, (t3.lua_allocs - t2.lua_allocs) - (t1.lua_allocs - t0.lua_allocs))
    assert.is_true(per_loop <= 1)
    assert.are.equal(0, t2.gc_allocs - t1.gc_allocs)
    assert.are.equal(0, t3.gc_allocs - t2.gc_allocs)
    assert.are.equal(500500, walk())
  end)
end)

describe("R-COLL-1: arrays", function()
  it("R-COLL-1: pairs(arr) yields (index from 0, value)", function()
    local ks, vs = collect(Demo.MakeArray(3))
    assert.are.same({0, 1, 2}, ks)
    assert.are.same({1, 2, 3}, vs)
  end)
end)

describe("R-COLL-1: Dictionary<K, V>", function()
  it("R-COLL-1: pairs(d) yields (key, value), in no promised order", function()
    local got = {}
    for k, v in pairs(Demo.MakeDict()) do got[k] = v end
    assert.are.same({a = 1, b = 2}, got)
  end)
  it("R-COLL-1: #d is Count, d[k] the indexer, TryGetValue its out value", function()
    local d = Demo.MakeDict()
    assert.are.equal(2, #d)
    assert.are.equal(1, d["a"])
    d["c"] = 3
    assert.are.equal(3, #d)
    local r = zlua.new_ref(zlua.types.int32, 7)
    assert.is_true(d:TryGetValue("c", r))
    assert.are.equal(3, r.value)
    assert.is_false(d:TryGetValue("zz", r))
    assert.are.equal(0, r.value)
  end)
  it("R-COLL-1: a missing key raises KeyNotFoundException (R-DEF-4)", function()
    local d = Demo.MakeDict()
    h.raises("System.Collections.Generic.KeyNotFoundException: The given key 'zz' was not "
             .. "present in the dictionary. (in "
             .. "System.Collections.Generic.Dictionary`2[System.String,System.Int32].get_Item)",
             function() return d["zz"] end)
  end)
  it("R-COLL-1: changing the dictionary inside the loop raises the enumerator's exception (R-DEF-4)", function()
    local d = Demo.MakeDict()
    h.raises("System.InvalidOperationException: Collection was modified; enumeration operation "
             .. "may not execute. (in System.Collections.Generic.Dictionary`2+Enumerator"
             .. "[System.String,System.Int32].MoveNext)",
             function() for _ in pairs(d) do d["z"] = 26 end end)
  end)
  it("R-COLL-1: the dictionary's iterator called by hand with a wrong state raises", function()
    local f = pairs(Demo.MakeDict())
    h.raises("bad argument #1 to 'pairs' iterator (System.Collections.Generic.Dictionary"
             .. "`2+Enumerator[System.String,System.Int32] expected, got table)",
             function() return f({}, nil) end)
  end)
  it("R-COLL-1: an exhausted enumerator stays at its end", function()
    local f, e = pairs(Demo.MakeDict())
    assert.are.same({"a", 1}, {f(e)})
    assert.are.same({"b", 2}, {f(e)})
    assert.is_nil(f(e))
    assert.is_nil(f(e))
  end)
end)

describe("R-COLL-1: any other IEnumerable", function()
  it("R-COLL-1: pairs(Demo.Range(4)) yields (index, 0..3) through its enumerator", function()
    local ks, vs = collect(Demo.Range(4))
    assert.are.same({0, 1, 2, 3}, ks)
    assert.are.same({0, 1, 2, 3}, vs)
    assert.are.equal("integer", math.type(vs[2]))
  end)
  it("R-COLL-1: an exhausted enumerator stays at its end; a bad index raises", function()
    local f, e = pairs(Demo.Range(2))
    assert.are.same({0, 0}, {f(e, nil)})
    assert.are.same({1, 1}, {f(e, 0)})
    assert.is_nil(f(e, 1))
    assert.is_nil(f(e, 2))
    h.raises("bad argument #2 to 'pairs' iterator (index expected, got string)",
             function() return f(e, "x") end)
  end)
  it("R-COLL-1: each pairs() asks for a new enumerator", function()
    local r = Demo.Range(2)
    assert.are.same({0, 1}, (select(2, collect(r))))
    assert.are.same({0, 1}, (select(2, collect(r))))
  end)
  it("R-COLL-1: an enumerator's iterator called by hand with a wrong state raises", function()
    local f = pairs(Demo.Range(2))
    h.raises("bad argument #1 to 'pairs' iterator (System.Collections.IEnumerator expected, "
             .. "got number)", function() return f(1, nil) end)
    h.raises("bad argument #1 to 'pairs' iterator (System.Collections.IEnumerator expected, "
             .. "got " .. LIST .. ")", function() return f(Demo.MakeList(1), nil) end)
  end)
  it("R-COLL-1: a type that is not enumerable has no pairs", function()
    h.raises_containing("table expected, got MyGame.Bag",
                        function() for _ in pairs(CS.MyGame.Bag()) do end end)
  end)
end)

describe("R-ENUM-2: what foreach visits, pairs visits", function()
  it("R-ENUM-2: a multi-dimensional array, row-major, by flat index from 0", function()
    local ks, vs = collect(Demo.MakeGrid(2, 3))   -- g[i, j] = i * 10 + j
    assert.are.same({ 0, 1, 2, 3, 4, 5 }, ks)
    assert.are.same({ 0, 1, 2, 10, 11, 12 }, vs)
    ks, vs = collect(Demo.MakeGrid(0, 3))
    assert.are.same({}, ks)
  end)

  it("R-ENUM-2: an array is the non-generic collections it is in C#", function()
    local a = Demo.MakeArray(3)                  -- {1, 2, 3}
    assert.are.equal(3, zlua.cast(a, CS.System.Collections.IList).Count)
    local ks, vs = collect(zlua.cast(a, CS.System.Collections.IEnumerable))
    assert.are.same({ 0, 1, 2 }, ks)
    assert.are.same({ 1, 2, 3 }, vs)
    ks, vs = collect(zlua.cast(Demo.MakeGrid(2, 2), CS.System.Collections.IEnumerable))
    assert.are.same({ 0, 1, 10, 11 }, vs)        -- every element, row-major
    local e = a:GetEnumerator()
    h.raises_containing("System.InvalidOperationException: Enumeration has not started",
                        function() return e.Current end)
    assert.is_true(e:MoveNext())
  end)

  it("R-ENUM-2: a System.String userdata is its characters, as foreach over it", function()
    local s = Demo.MakeStringObject("ab")       -- a string object, not a Lua string
    local ks, vs = collect(s)
    assert.are.same({ 0, 1 }, ks)
    assert.are.same({ 97, 98 }, vs)              -- UTF-16 code units, as chars are
    local e = s:GetEnumerator()                  -- a CharEnumerator
    assert.is_true(e:MoveNext())
    assert.are.equal(97, e.Current)
  end)

  it("R-ENUM-2: a collection seen as the non-generic IEnumerable", function()
    local items = CS.ZLuaTests.Seqs.Items(3)
    -- the view is IEnumerable's: no Count, nothing but GetEnumerator and Object's
    h.raises("'System.Collections.IEnumerable' has no member 'Count'",
             function() return items.Count end)
    local ks, vs = collect(items)
    assert.are.same({ 0, 1, 2 }, ks)
    assert.are.same({ 1, 2, 3 }, vs)          -- IEnumerator.Current's boxed ints, as numbers
  end)
end)

describe("R-IFACE-1: IEnumerator<T> extends IDisposable, as the corlib's does", function()
  it("R-IFACE-1: an enumerator's Dispose: List<T>'s, a compiler-made iterator's, an IEnumerator<T> view's",
     function()
    local l = CS.Demo.MakeList(3)
    local e = l:GetEnumerator()          -- List<int>.Enumerator, a struct
    assert.is_true(e:MoveNext())
    assert.are.equal(1, e.Current)
    e:Dispose()
    -- an iterator method's enumerator, seen through IEnumerator<string>
    local w = CS.ZLuaTests.Seqs.Words():GetEnumerator()
    assert.is_true(w:MoveNext())
    assert.are.equal("a", w.Current)
    w:Dispose()
    -- Dispose through the view of IEnumerator<int> (its base interface's member)
    local r = CS.Demo.Range(2):GetEnumerator()
    r:Dispose()
  end)
end)

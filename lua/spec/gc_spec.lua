-- StructUserData and the NotBlittableStructRegistry under both collectors
-- (R-SUD-1..3, R-GC-1, R-GC-2).
local h = require "helpers"

local Demo = CS.Demo
local Point2D = CS.MyGame.Point2D
local Line = CS.MyGame.Line
local Tagged = CS.MyGame.Tagged

local managed_churn = h.managed_churn

-- Drops every reference the spec holds and collects until the struct
-- registry is back to `baseline` and every id in `ids` is finalized, or
-- `rounds` rounds have passed.  Repeating matters for the conservative
-- managed collector: a stale pointer on the C stack can keep an object for
-- a round.
local function collect_until(baseline, ids, rounds)
  for _ = 1, rounds or 10 do
    h.full_gc(1)
    local all_dead = true
    for _, id in ipairs(ids or {}) do
      if testbed.alive(id) then all_dead = false end
    end
    if h.structs() == baseline and all_dead then return end
    managed_churn(0)                 -- overwrite stale C stack slots
  end
end

describe("R-SUD-1: blittable struct userdata", function()
  it("Point2D and Line userdata create no registry entry", function()
    h.full_gc(1)
    local s0 = testbed.stats()
    local keep = {}
    for i = 1, 100 do
      keep[#keep + 1] = Point2D(i, i)
      keep[#keep + 1] = Line()
      keep[#keep + 1] = Demo.MakePoint(i, 0)
      keep[#keep + 1] = Point2D.Zero
    end
    local s1 = testbed.stats()
    assert.are.equal(s0.structs, s1.structs)
    assert.are.equal(s0.objects, s1.objects)
    assert.are.equal(400, #keep)
  end)

  it("constructing a Point2D allocates nothing managed", function()
    local g0 = testbed.stats().gc_allocs
    local keep = {}
    for i = 1, 100 do keep[i] = Point2D(i, i) end
    local g1 = testbed.stats().gc_allocs
    assert.are.equal(0, g1 - g0)
  end)

  it("the payload of a blittable userdata survives collections", function()
    local p = Point2D(3, 4)
    for i = 1, 5 do managed_churn(i); h.full_gc(1) end
    assert.are.equal(3, p.x)
    assert.are.equal(5, p:Length())
  end)
end)

describe("R-SUD-2: non-blittable struct userdata keep their references alive", function()
  local baseline
  before_each(function()
    h.full_gc(2)
    baseline = h.structs()
  end)

  it("a Tagged userdata is registered while alive, released after collection", function()
    local name = h.runtime_string("tag-")
    local holder = { t = Tagged(1, name) }
    local id = testbed.track(holder.t, "name")
    assert.are.equal("integer", math.type(id))
    assert.are.equal(baseline + 1, h.structs())
    assert.is_true(testbed.alive(id))

    for round = 1, 50 do
      h.churn(200)
      managed_churn(round)
      testbed.gc()
      assert.are.equal(name, holder.t.name, "name lost in round " .. round)
      assert.is_true(testbed.alive(id), "name finalized in round " .. round)
      assert.are.equal(baseline + 1, h.structs(), "registry count in round " .. round)
    end
    assert.are.equal(1, holder.t.id)
    assert.are.equal(name, Demo.TaggedName(holder.t))

    holder.t = nil
    collect_until(baseline, { id }, 10)
    assert.are.equal(baseline, h.structs())
  end)

  it("R-BIND-1: every reference of a struct holding 300 keeps its object alive", function()
    -- each is announced to the write barrier when the struct is copied into
    -- an object or array (the table of offsets held 256)
    assert.are.equal(300, testbed.ref_fields(CS.ZLuaTests.ManyRefs))
    assert.are.equal(2, testbed.ref_fields(Tagged))          -- name, payload
    local holder = { r = CS.ZLuaTests.ManyRefs() }
    local names, ids = {}, {}
    for i = 0, 299 do
      names[i] = h.runtime_string("ref" .. i .. "-")
      holder.r["F" .. i] = names[i]
    end
    for _, i in ipairs({ 0, 255, 256, 257, 299 }) do   -- past any fixed table of 256
      ids[#ids + 1] = testbed.track(holder.r, "F" .. i)
    end
    for round = 1, 10 do
      h.churn(200)
      managed_churn(round)
      testbed.gc()
      for _, id in ipairs(ids) do
        assert.is_true(testbed.alive(id), "a reference finalized in round " .. round)
      end
    end
    for i = 0, 299 do
      assert.are.equal(names[i], holder.r["F" .. i])
    end
  end)

  it("a reference written into a field later is kept alive too", function()
    local holder = { t = Tagged() }
    assert.are.equal(baseline + 1, h.structs())    -- default(Tagged) is registered too
    local name = h.runtime_string("late-")
    holder.t.name = name
    local id = testbed.track(holder.t, "name")
    for round = 1, 20 do
      managed_churn(round)
      testbed.gc()
      assert.is_true(testbed.alive(id), "name finalized in round " .. round)
    end
    assert.are.equal(name, holder.t.name)
    holder.t = nil
    collect_until(baseline, { id }, 10)
    assert.are.equal(baseline, h.structs())
  end)

  it("a Tagged returned by C# (MakeTagged) is registered and kept alive", function()
    local name = h.runtime_string("made-")
    local holder = { t = Demo.MakeTagged(5, name) }
    local id = testbed.track(holder.t, "name")
    assert.are.equal(baseline + 1, h.structs())
    for round = 1, 20 do
      managed_churn(round)
      testbed.gc()
    end
    assert.is_true(testbed.alive(id))
    assert.are.equal(name, holder.t.name)
    holder.t = nil
    collect_until(baseline, { id }, 10)
    assert.are.equal(baseline, h.structs())
  end)

  it("a copy read from a Tagged field is independent and registered separately", function()
    local name = h.runtime_string("copy-")
    local holder = { a = Tagged(1, name) }
    holder.b = Demo.MakeTagged(2, holder.a.name)
    assert.are.equal(baseline + 2, h.structs())
    local id_a = testbed.track(holder.a, "name")
    holder.a = nil
    collect_until(baseline + 1, { id_a }, 10)
    assert.are.equal(baseline + 1, h.structs())
    -- b holds its own managed copy of the name: it must still read it
    for round = 1, 10 do managed_churn(round); testbed.gc() end
    assert.are.equal(name, holder.b.name)
    holder.b = nil
    collect_until(baseline, {}, 10)
    assert.are.equal(baseline, h.structs())
  end)

  it("releasing a middle entry (swap with tail) keeps the others alive", function()
    local names, ids, holder = {}, {}, {}
    for i = 1, 5 do
      names[i] = h.runtime_string("swap" .. i .. "-")
      holder[i] = Tagged(i, names[i])
      ids[i] = testbed.track(holder[i], "name")
    end
    assert.are.equal(baseline + 5, h.structs())
    -- drop 2 and 4: the tail entries move into their slots
    holder[2], holder[4] = nil, nil
    collect_until(baseline + 3, { ids[2], ids[4] }, 10)
    assert.are.equal(baseline + 3, h.structs())
    for round = 1, 20 do managed_churn(round); testbed.gc() end
    for _, i in ipairs({ 1, 3, 5 }) do
      assert.is_true(testbed.alive(ids[i]), "entry " .. i .. " lost its name")
      assert.are.equal(names[i], holder[i].name)
      assert.are.equal(i, holder[i].id)
    end
    -- drop the (moved) tail entry first, then the rest
    holder[5] = nil
    collect_until(baseline + 2, { ids[5] }, 10)
    assert.are.equal(baseline + 2, h.structs())
    for round = 1, 10 do managed_churn(round); testbed.gc() end
    assert.is_true(testbed.alive(ids[1]))
    assert.is_true(testbed.alive(ids[3]))
    assert.are.equal(names[1], holder[1].name)
    assert.are.equal(names[3], holder[3].name)
    holder[1], holder[3] = nil, nil
    collect_until(baseline, { ids[1], ids[3] }, 10)
    assert.are.equal(baseline, h.structs())
  end)
end)

-- The collector is conservative: a stale word on a C stack may keep any one
-- object alive, so no test asserts that one particular referent was
-- collected. Released referents are checked in bulk instead: of N dropped,
-- nearly all must be collected.
describe("R-SUD-2 / R-GC-2: released referents are collected (in bulk)", function()
  local N = 40
  local function dead_count(ids)
    local dead = 0
    for _, id in ipairs(ids) do if not testbed.alive(id) then dead = dead + 1 end end
    return dead
  end
  local function drop_and_collect(holder, ids)
    for k in pairs(holder) do holder[k] = nil end
    for _ = 1, 10 do
      h.full_gc(1)
      if dead_count(ids) >= N - 2 then break end
      managed_churn(0)
    end
    assert.is_true(dead_count(ids) >= N - 2,
      ("only %d of %d released referents were collected"):format(dead_count(ids), N))
  end

  it("names of Tagged built in Lua, returned by C#, and written later", function()
    for _, make in ipairs({
      function(i) return Tagged(i, h.runtime_string("bulk-")) end,
      function(i) return Demo.MakeTagged(i, h.runtime_string("bulkm-")) end,
      function(i) local t = Tagged() t.name = h.runtime_string("bulkw-") return t end,
    }) do
      local holder, ids = {}, {}
      for i = 1, N do
        holder[i] = make(i)
        ids[i] = testbed.track(holder[i], "name")
      end
      drop_and_collect(holder, ids)
    end
  end)

  it("boxed values held by object userdata", function()
    local holder, ids = {}, {}
    for i = 1, N do
      holder[i] = Demo.Box(1000 + i)
      ids[i] = testbed.track(holder[i])
    end
    drop_and_collect(holder, ids)
  end)
end)

describe("R-SUD-3: access after __gc raises 'struct userdata has been finalized'", function()
  local baseline
  before_each(function()
    collectgarbage("incremental")
    h.full_gc(2)
    baseline = h.structs()
  end)

  it("resurrection through the __gc of a plain table", function()
    local saved
    -- created in their own frame: no register of this function refers to them
    local function make()
      local t = Tagged(1, h.runtime_string("res-"))
      setmetatable({ t }, { __gc = function(o) saved = o[1] end })
    end
    make()
    assert.are.equal(baseline + 1, h.structs())
    collectgarbage()
    collectgarbage()
    -- In one full cycle both the holder and t were unreachable, so both
    -- finalizers ran (Lua 5.4 runs every pending finalizer in a full
    -- collection): the holder's resurrected t, t's retired it.  A retired
    -- userdata keeps its entry while it is reachable (a C function may
    -- hold its payload): released once the collector finds it dead.
    assert.are.equal("userdata", type(saved), "the holder's finalizer did not run")
    assert.are.equal(baseline + 1, h.structs(), "the entry of a reachable userdata went")
    h.raises("struct userdata has been finalized", function() return saved.name end)
    h.raises("struct userdata has been finalized", function() return saved.id end)
    h.raises("struct userdata has been finalized", function() saved.id = 2 end)
    h.raises_containing("struct userdata has been finalized", Demo.TaggedName, saved)
    assert.are.equal("string", type(tostring(saved)))   -- no crash
    saved = nil
    h.full_gc(2)
    assert.are.equal(baseline, h.structs())
  end)

  it("resurrection through a weak-keyed table", function()
    local weak = setmetatable({}, { __mode = "k" })
    local function make()
      weak[Tagged(2, h.runtime_string("weak-"))] = true
    end
    -- Exactly one cycle may see t unreachable, so no automatic cycle may
    -- be in progress when t is made nor run before the collection below
    -- (under ZLUA_RUN_GC=inc one always is: pause 0).
    collectgarbage()
    collectgarbage("stop")
    finally(function() collectgarbage("restart") end)
    make()
    assert.are.equal(baseline + 1, h.structs())
    collectgarbage()   -- exactly one cycle: see below
    -- Lua 5.4 manual, section 2.5.4: resurrected objects (those being finalized)
    -- are removed from weak keys only in the next collection after their
    -- finalizers ran, so t is still a key here, with its __gc done.
    local t = next(weak)
    assert.are.equal("userdata", type(t), "the weak key was already cleared")
    assert.are.equal(baseline + 1, h.structs(), "the entry of a reachable userdata went")
    h.raises("struct userdata has been finalized", function() return t.name end)
    h.raises_containing("struct userdata has been finalized", Demo.TaggedName, t)
    t = nil
    h.full_gc(2)
    assert.are.equal(baseline, h.structs(), "the retired userdata kept its entry")
  end)

  it("R-RT-4: calling __gc by hand (debug library) is refused; the collector's finalizer releases once", function()
    local holder = { t = Tagged(3, h.runtime_string("hand-")), u = Tagged(4, "keep") }
    assert.are.equal(baseline + 2, h.structs())
    local gc = debug.getmetatable(holder.t).__gc
    h.raises("zlua: __gc is called by the collector only", gc, holder.t)
    h.raises("zlua: __gc is called by the collector only", Tagged.__instance_mt.__gc, holder.t)
    assert.are.equal(baseline + 2, h.structs())
    assert.are.equal(3, holder.t.id)                 -- still alive and readable
    holder.t = nil
    collect_until(baseline + 1, {}, 10)              -- the real __gc
    assert.are.equal(baseline + 1, h.structs())
    assert.are.equal("keep", holder.u.name)
    holder.u = nil
    collect_until(baseline, {}, 10)
    assert.are.equal(baseline, h.structs())
  end)

  it("R-RT-4: once the collector's finalizers ran, a call by hand is still refused: plain, as a metamethod, from a script's finalizer", function()
    for i = 1, 20 do Tagged(i, h.runtime_string("warm-")) end
    collect_until(baseline, {}, 10)                  -- finalizers have run here
    local holder = { t = Tagged(5, h.runtime_string("hand-")) }
    local gc = debug.getmetatable(holder.t).__gc
    local msg = "zlua: __gc is called by the collector only"
    h.raises(msg, gc, holder.t)
    h.raises(msg, function() return holder.t < setmetatable({}, { __lt = gc }) end)
    local from_fin
    setmetatable({}, { __gc = function() from_fin = select(2, pcall(function() gc(holder.t) end)) end })
    collectgarbage(); collectgarbage()
    assert.is_truthy(from_fin and tostring(from_fin):find(msg, 1, true), tostring(from_fin))
    assert.are.equal(baseline + 1, h.structs())
    assert.are.equal(5, holder.t.id)                 -- still alive and readable
    holder.t = nil
    collect_until(baseline, {}, 10)
  end)
end)

describe("R-SUD-4 / R-GC-2: the object registry follows the Lua GC", function()
  it("a boxed value's userdata is registered while alive and released after", function()
    h.full_gc(2)
    local o0 = testbed.stats().objects
    local holder = { b = Demo.Box(5) }
    assert.are.equal(o0 + 1, testbed.stats().objects)
    local id = testbed.track(holder.b)
    for round = 1, 10 do managed_churn(round); testbed.gc() end
    assert.is_true(testbed.alive(id))
    holder.b = nil
    for _ = 1, 10 do
      h.full_gc(1)
      if testbed.stats().objects == o0 and not testbed.alive(id) then break end
      managed_churn(0)
    end
    assert.are.equal(o0, testbed.stats().objects)
  end)
end)

-- Registry churn: 100 000 non-blittable struct userdata created and dropped
-- (R-SUD-2 O(1) append / swap-with-tail release, R-SUD-3 __gc, R-GC-3).
local h = require "helpers"

local Demo = CS.Demo
local Tagged = CS.MyGame.Tagged

local TOTAL, EVERY = 100000, 10000

-- Creates one Tagged and drops it, in its own frame (no register of the
-- caller keeps it).
local function make_and_drop(i)
  local t = Tagged(i, "n")
  if i % 7 == 0 then t.name = tostring(i) end      -- a fresh managed string
  return t.id
end

describe("stress: 100 000 Tagged userdata (R-SUD-2, R-SUD-3)", function()
  it("every registry entry is released; a long-lived entry survives the churn", function()
    h.full_gc(2)
    local baseline = h.structs()
    local keeper_name = h.runtime_string("keeper-")
    local keeper = { t = Tagged(-1, keeper_name) }
    local keeper_id = testbed.track(keeper.t, "name")
    assert.are.equal(baseline + 1, h.structs())

    local peak = 0
    for i = 1, TOTAL do
      assert(make_and_drop(i) == i)
      if i % EVERY == 0 then
        peak = math.max(peak, h.structs())
        collectgarbage()
        testbed.gc()
        collectgarbage()
        assert.are.equal(baseline + 1, h.structs(), "entries left after " .. i)
        assert.is_true(testbed.alive(keeper_id), "keeper's name finalized after " .. i)
        assert.are.equal(keeper_name, keeper.t.name, "keeper damaged after " .. i)
      end
    end
    assert.is_true(peak > baseline + 1, "the Lua GC collected everything by itself?")
    assert.are.equal(-1, keeper.t.id)
    assert.are.equal(keeper_name, Demo.TaggedName(keeper.t))

    keeper.t = nil
    for _ = 1, 10 do
      h.full_gc(1)
      if h.structs() == baseline and not testbed.alive(keeper_id) then break end
      Demo.Concat(string.rep("x", 32), "y")
    end
    -- the registry count is exact; whether this one name was collected is
    -- the conservative collector's business (gc_spec checks it in bulk)
    assert.are.equal(baseline, h.structs())
  end)

  -- Built and checked in helper frames, so no dead register of the test
  -- function still refers to a Tagged when it counts the registry.
  local function build(n, live, names)
    for i = 1, n do
      local t = Tagged(i, "n")
      if i % 100 == 0 then
        names[#names + 1] = h.runtime_string("live" .. i .. "-", 8)
        t.name = names[#names]
        live[#live + 1] = t
      end
      if i % 2500 == 0 then testbed.gc() end
    end
  end

  local function verify(live, names)
    for k, t in ipairs(live) do
      assert.are.equal(names[k], t.name)
      assert.are.equal(k * 100, t.id)
    end
  end

  it("interleaved live and dead entries under managed collections", function()
    h.full_gc(2)
    local baseline = h.structs()
    local live, names = {}, {}
    build(20000, live, names)
    h.full_gc(2)
    assert.are.equal(200, #live)
    assert.are.equal(baseline + #live, h.structs())
    verify(live, names)
    live = nil
    h.full_gc(3)
    assert.are.equal(baseline, h.structs())
  end)
end)

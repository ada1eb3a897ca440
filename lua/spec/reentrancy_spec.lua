-- "publish after complete": a finalizer that runs during the first
-- binding of a type and pushes the same type must see either nothing or
-- the finished type table, metatables and caches.  This file must bind
-- MyGame.Tagged, MyGame.Player and MyGame.Line for the first time in its
-- state: keep it free of other uses of them before these tests.
local h = require("helpers")

-- Garbage with finalizers that push `make()` values into `out`.
local function pending_finalizers(n, make, out)
  for _ = 1, n do
    setmetatable({}, { __gc = function() out[#out + 1] = make() end })
  end
end

local function aggressive_gc()
  collectgarbage("incremental", 0, 1000, 0)   -- a step at nearly every allocation
end

describe("publish after complete", function()
  after_each(function() collectgarbage("incremental", 200, 100, 13) end)

  it("a __gc pushing Demo.MakeTagged while the first Demo.MakeTagged binds Tagged", function()
    local made = {}
    local Demo = CS.Demo
    pending_finalizers(200, function() return Demo.MakeTagged(7, "in-gc") end, made)
    aggressive_gc()
    local first = Demo.MakeTagged(1, "first")
    for _ = 1, 50 do h.churn(10) end
    collectgarbage()
    collectgarbage("incremental", 200, 100, 13)
    assert.are.equal("first", first.name)
    assert.is_true(#made > 0)
    for _, t in ipairs(made) do
      assert.are.equal("byval", h.kind(t))
      assert.are.equal("in-gc", t.name)
      assert.are.equal(7, Demo.TaggedName(t) == "in-gc" and 7 or 0)
    end
    assert.is_true(rawequal(h.type_of(first), CS.MyGame.Tagged))
    assert.is_true(rawequal(h.type_of(made[1]), CS.MyGame.Tagged))
  end)

  it("objects: identity holds for pushes made by finalizers during the first binding", function()
    local Demo = CS.Demo
    local keep = Demo.MakePlayer("keep")
    local made = {}
    pending_finalizers(200, function() return Demo.Same(keep) end, made)
    aggressive_gc()
    local again = Demo.Same(keep)
    for _ = 1, 50 do h.churn(10) end
    collectgarbage()
    assert.is_true(rawequal(keep, again))
    for _, p in ipairs(made) do
      assert.are.equal("byobj", h.kind(p))
      assert.is_true(rawequal(keep, p), "R-SHAPE-2: one userdata per (object, view)")
    end
  end)

  it("a struct type bound from inside finalizers only", function()
    local made = {}
    pending_finalizers(100, function() return CS.MyGame.Line() end, made)
    aggressive_gc()
    for _ = 1, 100 do h.churn(10) end
    collectgarbage()
    collectgarbage()
    assert.is_true(#made > 0)
    for _, l in ipairs(made) do
      assert.are.equal("byval", h.kind(l))
      assert.are.equal(0, l.a.x)
    end
  end)
end)

-- Zero garbage on the OpaqueValue push path (R-OPQ-2): no Lua allocation,
-- no managed allocation per call once warmed up.
local h = require "helpers"
local it_sim = h.sim_it(it, pending)

local Demo = CS.Demo
local Point2D = CS.MyGame.Point2D

local N = 1000

-- Allocation deltas of body(n) (h.measure).
local function measure(body)
  return h.measure(body, N)
end

local function empty_loop(n)
  for _ = 1, n do end
end

describe("R-OPQ-2: zero-garbage OpaqueValue pushes", function()
  local base_g, base_l

  setup(function()
    h.global("OnRefInt", function(hv) return end)
    h.global("OnPoint", function(hv) end)
    base_g, base_l = measure(empty_loop)
    -- the measurement is stable
    local g2, l2 = measure(empty_loop)
    assert.are.equal(base_g, g2)
    assert.are.equal(base_l, l2)
  end)

  it("the empty-loop baseline allocates nothing managed", function()
    assert.are.equal(0, base_g)
  end)

  it("Demo.CallOnRefInt(1): 1000 calls, gc_allocs +0, lua_allocs +0", function()
    local call = Demo.CallOnRefInt
    assert.are.equal(1, call(1))
    for _ = 1, 100 do call(1) end                    -- warm-up
    local g, l = measure(function(n)
      for _ = 1, n do call(1) end
    end)
    assert.are.equal(0, g - base_g, "managed allocations per 1000 calls")
    assert.are.equal(0, l - base_l, "Lua allocations per 1000 calls")
  end)

  it("Demo.CallOnPoint(p): 1000 calls, gc_allocs +0, lua_allocs +0", function()
    local call = Demo.CallOnPoint
    local p = Point2D(1, 2)
    assert.is_nil(call(p))
    for _ = 1, 100 do call(p) end                    -- warm-up
    local g, l = measure(function(n)
      for _ = 1, n do call(p) end
    end)
    assert.are.equal(0, g - base_g, "managed allocations per 1000 calls")
    assert.are.equal(0, l - base_l, "Lua allocations per 1000 calls")
  end)

  it("the callbacks really ran and received a handle", function()
    local got = {}
    h.global("OnRefInt", function(hv) got.refint = zlua.get_opaquevalue(hv) end)
    h.global("OnPoint", function(hv) got.point = zlua.get_opaquevalue(hv).y end)
    Demo.CallOnRefInt(41)
    Demo.CallOnPoint(Point2D(1, 2))
    assert.are.equal(41, got.refint)
    assert.are.equal(2, got.point)
    h.global("OnRefInt", function(hv) return end)
    h.global("OnPoint", function(hv) end)
  end)

  it("a callback writing its ref int allocates nothing either", function()
    h.global("OnRefInt", function(hv) zlua.set_opaquevalue(hv, 9) end)
    local call = Demo.CallOnRefInt
    assert.are.equal(9, call(1))
    for _ = 1, 100 do call(1) end
    local g, l = measure(function(n)
      for _ = 1, n do call(1) end
    end)
    h.global("OnRefInt", function(hv) return end)
    assert.are.equal(0, g - base_g, "managed allocations per 1000 calls")
    assert.are.equal(0, l - base_l, "Lua allocations per 1000 calls")
  end)

  it("the scope stack does not grow across the calls", function()
    local before = h.scope_state()
    for _ = 1, N do Demo.CallOnRefInt(1); Demo.CallOnPoint(Point2D.Zero) end
    h.assert_scope_restored(before, "after 2000 IC calls")
  end)
end)

describe("zlua.h: MethodBridge calls with primitive arguments allocate nothing", function()
  it("Demo.Add(1, 2): 1000 calls, gc_allocs +0, lua_allocs +0", function()
    local base_g, base_l = measure(empty_loop)
    local add = Demo.Add
    for _ = 1, 100 do add(1, 2) end
    local g, l = measure(function(n)
      for _ = 1, n do add(1, 2) end
    end)
    assert.are.equal(0, g - base_g)
    assert.are.equal(0, l - base_l)
  end)
end)

describe("R-DEL-1: a Lua function called as a delegate allocates nothing", function()
  if not testbed.delegates then   -- a build without the generated entries refuses the function
    pending("Demo.ApplyFunc(f, x) through Func<int, int> [no delegate entries in this build]")
    return
  end
  it("Demo.ApplyFunc(f, x): 1000 calls through Func<int, int>, gc_allocs +0, lua_allocs +0",
     function()
    local base_g, base_l = measure(empty_loop)
    local apply = Demo.ApplyFunc
    local f = function(x) return x + 1 end
    assert.are.equal(8, apply(f, 7))
    for _ = 1, 100 do apply(f, 1) end
    local g, l = measure(function(n)
      for _ = 1, n do apply(f, 1) end
    end)
    assert.are.equal(0, g - base_g, "managed allocations per 1000 calls")
    assert.are.equal(0, l - base_l, "Lua allocations per 1000 calls")
  end)
end)

-- Delegates and events (R-DEL-1): Lua functions where C# expects a
-- delegate, run through the IC path (R-IC-1), their errors back as the
-- outer call's error (R-DEF-4); C# delegates callable from Lua; events
-- through their accessors.  A build without generated code has no native
-- entries: a Lua function for a delegate slot is then an argument error
-- naming the type, and everything else here still holds.
local h = require "helpers"

local Demo = CS.Demo
local Point2D = CS.MyGame.Point2D
local Counter = CS.MyGame.Counter

local with_entries = testbed.delegates   -- the host registered delegate entries

local function no_entry(argn, method, type)
  return ("bad argument #%d to '%s' (no delegate entry for %s: a Lua function needs the "
          .. "generated entries (zlua_delegate_register))"):format(argn, method, type)
end

describe("R-DEL-1: a Lua function as a delegate", function()
  if not with_entries then
    it("R-DEL-1: without generated entries a Lua function is an argument error naming the type",
       function()
      h.raises(no_entry(1, "Demo.Apply", "MyGame.IntOp"),
               Demo.Apply, function(a, b) return a * b end, 6, 7)
      h.raises(no_entry(1, "Demo.ApplyFunc", "System.Func`2[System.Int32,System.Int32]"),
               Demo.ApplyFunc, function(x) return x end, 1)
      h.raises(no_entry(1, "MyGame.Counter.add_Changed", "System.Action`1[System.Int32]"),
               Counter().add_Changed, Counter(), function() end)
      assert.are.equal(0, testbed.stats().delegates)
    end)
    return
  end

  it("R-DEL-1 / R-IC-1: Demo.Apply calls the function with C#'s arguments and takes its result",
     function()
    assert.are.equal(42, Demo.Apply(function(a, b) return a * b end, 6, 7))
    assert.are.equal(2, Demo.ApplyFunc(function(x) return x + 1 end, 1))
    assert.are.equal(-3, Demo.Apply(function(a, b) return a - b end, 2, 5))
  end)

  it("R-DEL-1 / R-IC-1: a struct argument reaches Lua as an OpaqueValue that expires with the call",
     function()
    local saved
    local r = Demo.ApplyPoint(function(hd)
      saved = hd
      assert.are.equal("userdata", type(hd))   -- a light userdata handle
      return zlua.get_opaquevalue(hd).x
    end, Point2D(5, 1))
    assert.are.equal(5, r)
    h.raises("bad argument #1 to 'get_opaquevalue' (opaque handle expired)",
             zlua.get_opaquevalue, saved)
    local s = testbed.stats()
    assert.are.equal(0, s.scope_depth)
    assert.are.equal(0, s.handles)
  end)

  it("R-DEL-1: the same function for the same delegate type is the same delegate", function()
    local f = function(a, b) return a + b end
    assert.is_true(Demo.SameDelegate(f, f))
    assert.is_false(Demo.SameDelegate(f, function(a, b) return a + b end))
    -- and the cache hit is what Apply gets
    assert.are.equal(3, Demo.Apply(f, 1, 2))
    assert.is_true(Demo.SameDelegate(f, f))
  end)

  it("R-DEL-1: with a function's delegate cached, other values for the slot are still checked", function()
    local f = function(a, b) return a + (b or 10) end
    assert.are.equal(3, Demo.Apply(f, 1, 2))   -- f's delegate of MyGame.IntOp is cached now
    h.raises("bad argument #1 to 'Demo.Apply' (MyGame.IntOp expected, got table)",
             Demo.Apply, {}, 1, 2)
    h.raises("bad argument #1 to 'Demo.Apply' (MyGame.IntOp expected, got number)",
             Demo.Apply, 5, 1, 2)
    -- the same function for another delegate type is that type's delegate
    assert.are.equal(11, Demo.ApplyFunc(f, 1))
    assert.are.equal(7, Demo.Apply(f, 3, 4))
    assert.is_true(Demo.SameDelegate(f, f))
  end)

  it("R-DEL-1 / R-IC-1: a Lua error in the delegate is a managed exception in the C# caller, "
     .. "then the outer call's R-DEF-4 error", function()
    h.raises("System.InvalidOperationException: boom (in Demo.Apply)",
             Demo.Apply, function() error("boom", 0) end, 1, 2)
    local err = h.error_of(Demo.Apply, function() error("with position") end, 1, 2)
    assert.is_truthy(err:find("^.-System%.InvalidOperationException: .-delegate_spec%.lua:%d+: "
                              .. "with position %(in Demo%.Apply%)$"))
    h.raises("System.InvalidOperationException: (error object is not a string) (in Demo.ApplyFunc)",
             Demo.ApplyFunc, function() error({}) end, 1)
    local s = testbed.stats()
    assert.are.equal(0, s.scope_depth)
    assert.are.equal(0, s.handles)
  end)

  it("R-DEL-1 / R-IC-1: a result of the wrong type is reported, never a longjmp", function()
    h.raises("System.InvalidOperationException: bad result from 'MyGame.IntOp' "
             .. "(System.Int32 expected, got string) (in Demo.Apply)",
             Demo.Apply, function() return "x" end, 1, 2)
    h.raises("System.InvalidOperationException: bad result from "
             .. "'System.Func`2[MyGame.Point2D,System.Single]' (System.Single expected, got nil) "
             .. "(in Demo.ApplyPoint)",
             Demo.ApplyPoint, function() end, Point2D(1, 2))
  end)

  it("R-DEL-1: a delegate called while a coroutine runs calls into the state", function()
    local co = coroutine.wrap(function()
      return Demo.Apply(function(a, b) return a * 10 + b end, 4, 2)
    end)
    assert.are.equal(42, co())
  end)

  it("R-DEL-1: other values for a delegate slot pop as references (R-DEF-1)", function()
    h.raises("bad argument #1 to 'Demo.Apply' (MyGame.IntOp expected, got number)",
             Demo.Apply, 5, 1, 2)
    h.raises("bad argument #1 to 'Demo.Apply' (MyGame.IntOp expected, got table)",
             Demo.Apply, {}, 1, 2)
    h.raises("bad argument #1 to 'Demo.Apply' (MyGame.IntOp expected, got "
             .. "System.Action`1[System.String])", Demo.Apply, Demo.Logger(), 1, 2)
    h.raises(h.NRE .. " (in Demo.Apply)", Demo.Apply, nil, 1, 2)
  end)
end)

describe("R-DEL-1: lifetime of Lua-function delegates", function()
  if not with_entries then return end

  it("R-DEL-1: C# keeps the function alive while it holds the delegate", function()
    local c = Counter()
    local seen = {}
    c:add_Changed(function(v) seen[#seen + 1] = v end)   -- no Lua reference left
    h.full_gc(3)
    c:Add(4)
    assert.are.same({4}, seen)
  end)

  -- Bulk assertions: a conservative collector may keep one stale object
  -- alive for a while, so of N released delegates nearly all must go.
  it("R-DEL-1: delegates C# dropped and functions Lua dropped are released (in bulk)", function()
    h.full_gc(2)
    local base = testbed.stats().delegates
    local N = 200
    local fns = setmetatable({}, {__mode = "k"})
    for i = 1, N do
      local f = function(a, b) return a + b + i end
      fns[f] = true
      assert.are.equal(i + 3, Demo.Apply(f, 1, 2))    -- C# drops it on return
    end
    local counters = {}
    for i = 1, N do
      local c = Counter()
      local f = function(v) return v end
      fns[f] = true
      c:add_Changed(f)
      counters[i] = c
    end
    counters = nil
    for _ = 1, 6 do h.full_gc(1) end
    local left = 0
    for _ in pairs(fns) do left = left + 1 end
    assert.is_true(left <= 2 * N // 10, ("%d of %d functions still alive"):format(left, 2 * N))
    local live = testbed.stats().delegates - base
    assert.is_true(live <= 2 * N // 10, ("%d of %d delegate records left"):format(live, 2 * N))
  end)

  it("R-DEL-1: a delegate C# dropped is made again for a function Lua still holds", function()
    local f = function(a, b) return a * b end
    for _ = 1, 3 do
      assert.are.equal(6, Demo.Apply(f, 2, 3))
      h.full_gc(2)
    end
    assert.is_true(Demo.SameDelegate(f, f))
  end)
end)

describe("R-DEL-1: C# delegates in Lua", function()
  it("R-DEL-1: a returned delegate is a callable ByObjUserData with Invoke", function()
    local add = Demo.MakeAdder(1)
    assert.are.equal("byobj", h.kind(add))
    assert.are.equal(CS.MyGame.IntOp, h.type_of(add))
    assert.are.equal(6, add(2, 3))
    assert.are.equal(6, add:Invoke(2, 3))
    local log = Demo.Logger()
    local before = Demo.Log
    log("a")
    log:Invoke("b")
    assert.are.equal(before .. "ab", Demo.Log)
  end)

  it("R-DEL-1: calling a delegate checks its arguments like a method (R-DEF-1)", function()
    local add = Demo.MakeAdder(1)
    h.raises("wrong number of arguments to 'MyGame.IntOp.Invoke' (2 expected, got 1)", add, 1)
    h.raises("bad argument #2 to 'MyGame.IntOp.Invoke' (System.Int32 expected, got string)",
             add, 1, "x")
  end)

  it("R-DEL-1: a C# delegate passed back to C# is the same object", function()
    local add = Demo.MakeAdder(10)
    assert.is_true(Demo.SameDelegate(add, add))
    assert.is_false(Demo.SameDelegate(add, Demo.MakeAdder(10)))
    assert.are.equal(13, Demo.Apply(add, 1, 2))
  end)
end)

describe("R-DEL-1: events through their accessors", function()
  it("R-DEL-1: add_X / remove_X are bound as methods", function()
    local c = Counter()
    assert.are.equal("function", type(c.add_Changed))
    assert.are.equal("function", type(c.remove_Changed))
    -- property accessors stay unbound
    h.raises("'MyGame.Player' has no member 'get_Level'",
             function() return CS.MyGame.Player("p").get_Level end)
  end)

  if not with_entries then return end

  it("R-DEL-1: counter:Add calls a Lua handler; removing with the same function works", function()
    local c = Counter()
    local seen = {}
    local f = function(v) seen[#seen + 1] = v end
    c:add_Changed(f)
    c:Add(5)
    assert.are.same({5}, seen)
    local g = function(v) seen[#seen + 1] = -v end
    c:add_Changed(g)
    c:Add(1)
    assert.are.same({5, 6, -6}, seen)
    c:remove_Changed(f)
    c:Add(1)
    assert.are.same({5, 6, -6, -7}, seen)
    c:remove_Changed(g)
    c:Add(1)
    assert.are.same({5, 6, -6, -7}, seen)
    assert.are.equal(8, c.Value)
  end)

  it("R-DEL-1 / R-DEF-4: a handler's error reaches the caller of the raising method", function()
    local c = Counter()
    c:add_Changed(function(v) error("handler " .. v, 0) end)
    h.raises("System.InvalidOperationException: handler 3 (in MyGame.Counter.Add)", c.Add, c, 3)
    assert.are.equal(3, c.Value)
  end)
end)

describe("R-DEL-1: delegate types are made from functions, not constructed", function()
  it("R-DEL-1: a delegate type table has no constructor (its .ctor takes a raw method pointer)", function()
    h.raises("'MyGame.IntOp' has no public constructor",
             function() return CS.MyGame.IntOp(nil, 255) end)
    h.raises("'MyGame.IntOp' has no public constructor",
             function() return CS.MyGame.IntOp._ctor(nil, 255) end)
  end)
end)

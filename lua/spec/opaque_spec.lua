-- OpaqueValue and StructStackScope (OpaqueValue, R-OPQ-*, R-IC-1) through the
-- IC fixtures of the catalog, which call a Lua GLOBAL function by name.
local h = require "helpers"

local Demo = CS.Demo
local Point2D = CS.MyGame.Point2D

-- Runs fn (which calls into C#) and asserts the scope stack is restored.
local function restoring(what, fn)
  local before = h.scope_state()
  local r = table.pack(fn())
  h.assert_scope_restored(before, what)
  return table.unpack(r, 1, r.n)
end

describe("R-OPQ-2/R-OPQ-7: a struct argument of a C#->Lua call is an OpaqueValue", function()
  it("InvokeWithPoint passes a lightuserdata without a metatable", function()
    local seen = {}
    local fn = h.callback(function(hv, ...)
      seen.n = select("#", ...) + 1
      seen.type = type(hv)
      seen.mt = getmetatable(hv)
      seen.dmt = debug.getmetatable(hv)
      seen.mathtype = math.type(hv)
    end)
    restoring("InvokeWithPoint", function() return Demo.InvokeWithPoint(fn, Point2D(1, 2)) end)
    assert.are.equal(1, seen.n)
    assert.are.equal("userdata", seen.type)
    assert.is_nil(seen.mt)
    assert.is_nil(seen.dmt)
    assert.is_nil(seen.mathtype)
  end)

  it("the handle is not a full userdata: it has no members (R-OPQ-10)", function()
    local err
    local fn = h.callback(function(hv)
      err = select(2, pcall(function() return hv.x end))
    end)
    Demo.InvokeWithPoint(fn, Point2D(1, 2))
    assert.are.equal("string", type(err))
  end)

  it("zlua.get_opaquevalue(h) returns a Point2D ByValUserData copy", function()
    local copy, again
    local fn = h.callback(function(hv)
      copy = zlua.get_opaquevalue(hv)
      copy.x = 99                      -- the copy is independent of the slot
      again = zlua.get_opaquevalue(hv)
    end)
    Demo.InvokeWithPoint(fn, Point2D(1, 2))
    assert.are.equal("userdata", type(copy))
    assert.are.equal("byval", h.kind(copy))
    assert.is_true(rawequal(Point2D, h.type_of(copy)))
    assert.are.equal(99, copy.x)
    assert.are.equal(1, again.x)
    assert.are.equal(2, again.y)
    assert.is_false(rawequal(copy, again))
  end)

  it("the copy outlives the call", function()
    local copy
    local fn = h.callback(function(hv) copy = zlua.get_opaquevalue(hv) end)
    Demo.InvokeWithPoint(fn, Point2D(3, 4))
    assert.are.equal(3, copy.x)
    assert.are.equal(5, copy:Length())
  end)
end)

describe("R-OPQ-3/R-OPQ-4: handles expire with their scope", function()
  it("a handle kept after the call raises 'opaque handle expired'", function()
    local saved
    local fn = h.callback(function(hv) saved = hv end)
    Demo.InvokeWithPoint(fn, Point2D(1, 2))
    assert.are.equal("userdata", type(saved))
    h.raises_containing("opaque handle expired", zlua.get_opaquevalue, saved)
    h.raises_containing("opaque handle expired", zlua.set_opaquevalue, saved, Point2D())
    h.raises_containing("opaque handle expired", zlua.to_user_data, saved)
    h.raises_containing("opaque handle expired", Demo.SumPoint, saved)
  end)

  it("an expired handle stays expired after later calls reuse the stack index", function()
    local first, second
    local f1 = h.callback(function(hv) first = hv end)
    local f2 = h.callback(function()
      -- `first` had the same stack index; its generation is stale
      local ok, err = pcall(zlua.get_opaquevalue, first)
      second = { ok = ok, err = err }
    end)
    Demo.InvokeWithPoint(f1, Point2D(1, 1))
    Demo.InvokeWithPoint(f2, Point2D(2, 2))
    assert.is_false(second.ok)
    assert.truthy(tostring(second.err):find("opaque handle expired", 1, true))
  end)

  it("a foreign lightuserdata raises 'invalid opaque parameter handle'", function()
    local up = 1
    local function closure() return up end
    local foreign = debug.upvalueid(closure, 1)   -- a lightuserdata we did not issue
    assert.are.equal("userdata", type(foreign))
    h.raises_containing("invalid opaque parameter handle", zlua.get_opaquevalue, foreign)
    h.raises_containing("invalid opaque parameter handle", zlua.to_user_data, foreign)
    h.raises_containing("invalid opaque parameter handle", Demo.SumPoint, foreign)
  end)

  it("a foreign lightuserdata inside a live scope is still foreign", function()
    local err
    local foreign = debug.upvalueid(h.callback, 1)
    local fn = h.callback(function()
      err = select(2, pcall(zlua.get_opaquevalue, foreign))
    end)
    Demo.InvokeWithPoint(fn, Point2D(1, 1))
    assert.truthy(tostring(err):find("invalid opaque parameter handle", 1, true))
  end)

  it("zlua.get_opaquevalue rejects a non-handle argument", function()
    h.error_of(zlua.get_opaquevalue, 1)
    h.error_of(zlua.get_opaquevalue, nil)
    h.error_of(zlua.get_opaquevalue, Point2D(1, 2))
  end)
end)

describe("R-OPQ-10: passing a handle back to C#", function()
  it("a by-val struct parameter resolves it (copy): SumPoint(h)", function()
    local sum
    local fn = h.callback(function(hv) sum = Demo.SumPoint(hv) end)
    Demo.InvokeWithPoint(fn, Point2D(1.5, 2))
    assert.are.equal(3.5, sum)
  end)

  it("a by-val primitive parameter never resolves it: Add(h, 1)", function()
    local err
    local fn = h.callback(function(hv)
      err = select(2, pcall(Demo.Add, hv, 1))
    end)
    Demo.InvokeWithRefInt(fn, 5)
    assert.are.equal("bad argument #1 to 'Demo.Add' (System.Int32 expected, got light userdata)",
                     h.strip_position(err))
  end)

  it("a struct handle for a primitive parameter is the same argument error", function()
    local err
    local fn = h.callback(function(hv) err = select(2, pcall(Demo.Add, hv, 1)) end)
    Demo.InvokeWithPoint(fn, Point2D(1, 2))
    assert.are.equal("bad argument #1 to 'Demo.Add' (System.Int32 expected, got light userdata)",
                     h.strip_position(err))
  end)

  it("a ref int handle for a struct parameter is a type mismatch", function()
    local err
    local fn = h.callback(function(hv) err = select(2, pcall(Demo.SumPoint, hv)) end)
    Demo.InvokeWithRefInt(fn, 5)
    assert.are.equal("string", type(err))
    assert.truthy(err:find(
      "opaque handle type mismatch (MyGame.Point2D expected, got System.Int32)", 1, true), err)
  end)

  it("a ref int handle passed to a ref int parameter takes the slot", function()
    local fn = h.callback(function(hv)
      Demo.IncrementOpaque(hv)
      Demo.IncrementOpaque(hv)
    end)
    assert.are.equal(7, Demo.InvokeWithRefInt(fn, 5))
  end)
end)

describe("R-OPQ-8: zlua.set_opaquevalue writes the caller's slot", function()
  it("InvokeWithRefInt: get + 10 then set returns 15", function()
    local got
    local fn = h.callback(function(hv)
      got = zlua.get_opaquevalue(hv)
      zlua.set_opaquevalue(hv, zlua.get_opaquevalue(hv) + 10)
    end)
    local r = restoring("InvokeWithRefInt", function() return Demo.InvokeWithRefInt(fn, 5) end)
    assert.are.equal(5, got)
    assert.are.equal("integer", math.type(got))
    assert.are.equal(15, r)
  end)

  it("a ref int handle reads back what was set, within the call", function()
    local seen
    local fn = h.callback(function(hv)
      zlua.set_opaquevalue(hv, 123)
      seen = zlua.get_opaquevalue(hv)
    end)
    assert.are.equal(123, Demo.InvokeWithRefInt(fn, 0))
    assert.are.equal(123, seen)
  end)

  it("set_opaquevalue pops by the element's writer: range and type errors", function()
    local e1, e2
    local fn = h.callback(function(hv)
      e1 = select(2, pcall(zlua.set_opaquevalue, hv, 2^31))
      e2 = select(2, pcall(zlua.set_opaquevalue, hv, "x"))
    end)
    assert.are.equal(5, Demo.InvokeWithRefInt(fn, 5))
    assert.truthy(tostring(e1):find("number out of range for System.Int32", 1, true), e1)
    assert.truthy(tostring(e2):find("System.Int32 expected, got string", 1, true), e2)
  end)

  it("InvokeWithRefPoint: set a new Point2D, the returned point has its values", function()
    local fn = h.callback(function(hv)
      local np = Point2D(10, 20)
      zlua.set_opaquevalue(hv, np)
      np.x = -1                            -- the slot holds a copy
    end)
    local r = restoring("InvokeWithRefPoint",
                        function() return Demo.InvokeWithRefPoint(fn, Point2D(1, 2)) end)
    assert.are.equal("byval", h.kind(r))
    assert.are.equal(10, r.x)
    assert.are.equal(20, r.y)
  end)

  it("InvokeWithRefPoint: without a set the start value comes back", function()
    local fn = h.callback(function() end)
    local r = Demo.InvokeWithRefPoint(fn, Point2D(3, 4))
    assert.are.equal(3, r.x)
    assert.are.equal(4, r.y)
  end)

  it("InvokeWithRefPoint: a table is not a Point2D (R-DEF-3)", function()
    local err
    local fn = h.callback(function(hv)
      err = select(2, pcall(zlua.set_opaquevalue, hv, { x = 1, y = 2 }))
    end)
    local r = Demo.InvokeWithRefPoint(fn, Point2D(3, 4))
    assert.truthy(tostring(err):find("MyGame.Point2D expected, got table", 1, true), err)
    assert.are.equal(3, r.x)
  end)

  it("InvokeWithRefString: get returns the string, set replaces it", function()
    local got
    local fn = h.callback(function(hv)
      got = zlua.get_opaquevalue(hv)
      zlua.set_opaquevalue(hv, got .. "!")
    end)
    local r = restoring("InvokeWithRefString",
                        function() return Demo.InvokeWithRefString(fn, "h\xC3\xA9") end)
    assert.are.equal("h\xC3\xA9", got)
    assert.are.equal("h\xC3\xA9!", r)
  end)

  it("InvokeWithRefString: set nil makes the slot null", function()
    local fn = h.callback(function(hv) zlua.set_opaquevalue(hv, nil) end)
    assert.is_nil(Demo.InvokeWithRefString(fn, "abc"))
  end)

  it("InvokeWithRefString: a null slot reads as nil", function()
    local got = "unset"
    local fn = h.callback(function(hv) got = zlua.get_opaquevalue(hv) end)
    Demo.InvokeWithRefString(fn, nil)
    assert.is_nil(got)
  end)
end)

describe("R-OPQ-9: zlua.to_user_data copies the slot", function()
  it("the copy and the slot are independent; the handle stays valid", function()
    local u, after_set, u_after, ok_after
    local fn = h.callback(function(hv)
      u = zlua.to_user_data(hv)
      u.x = 99
      ok_after = zlua.get_opaquevalue(hv).x          -- slot unchanged by u.x = 99
      zlua.set_opaquevalue(hv, Point2D(5, 6))
      after_set = zlua.get_opaquevalue(hv)
      u_after = u.x                                 -- u unchanged by the set
    end)
    local r = Demo.InvokeWithRefPoint(fn, Point2D(1, 2))
    assert.are.equal("byval", h.kind(u))
    assert.is_true(rawequal(Point2D, h.type_of(u)))
    assert.are.equal(1, ok_after)
    assert.are.equal(5, after_set.x)
    assert.are.equal(6, after_set.y)
    assert.are.equal(99, u_after)
    assert.are.equal(5, r.x)
    assert.are.equal(99, u.x)                       -- the copy outlives the call
  end)

  it("to_user_data on an InvokeWithPoint handle", function()
    local u
    local fn = h.callback(function(hv) u = zlua.to_user_data(hv) end)
    Demo.InvokeWithPoint(fn, Point2D(7, 8))
    assert.are.equal(7, u.x)
    assert.are.equal(8, u.y)
  end)
end)

describe("R-OPQ-4: nested scopes (InvokeNested)", function()
  it("outer handle survives a no-handle C# call, expires after an inner handle scope", function()
    local r = {}
    local inner = h.callback(function(h1)
      r.inner_x = zlua.get_opaquevalue(h1).x
      r.inner_h0_x = zlua.get_opaquevalue(r.h0).x  -- still in the outer scope's chain
      r.h1 = h1
    end)
    local outer = h.callback(function(h0, inner_name)
      r.h0 = h0
      r.inner_name = inner_name
      r.x0 = zlua.get_opaquevalue(h0).x
      r.add = Demo.Add(1, 2)                        -- issues no handle
      r.after_add = zlua.get_opaquevalue(h0).y      -- h0 still valid
      Demo.InvokeWithPoint(inner_name, Point2D(2, 2))   -- inner scope issues a handle
      r.ok_h0, r.err_h0 = pcall(zlua.get_opaquevalue, h0)
      r.ok_h1, r.err_h1 = pcall(zlua.get_opaquevalue, r.h1)
    end)
    local before = h.scope_state()
    local ret = Demo.InvokeNested(outer, inner)
    h.assert_scope_restored(before, "InvokeNested")
    assert.are.equal(1, ret)
    assert.are.equal(inner, r.inner_name)
    assert.are.equal(1, r.x0)
    assert.are.equal(3, r.add)
    assert.are.equal(1, r.after_add)
    assert.are.equal(2, r.inner_x)
    assert.are.equal(1, r.inner_h0_x)
    assert.is_false(r.ok_h0)
    assert.truthy(tostring(r.err_h0):find("opaque handle expired", 1, true), r.err_h0)
    assert.is_false(r.ok_h1)
    assert.truthy(tostring(r.err_h1):find("opaque handle expired", 1, true), r.err_h1)
  end)

  it("several no-handle C# calls keep the outer handle valid", function()
    local vals = {}
    local inner = h.callback(function() end)
    local outer = h.callback(function(h0)
      for i = 1, 5 do
        Demo.Mul(i, 2)
        Demo.SumPoint(Point2D(i, i))
        Demo.Concat("a", "b")
        vals[i] = zlua.get_opaquevalue(h0).x
      end
    end)
    Demo.InvokeNested(outer, inner)
    assert.are.same({ 1, 1, 1, 1, 1 }, vals)
  end)
end)

describe("R-OPQ-5/R-IC-1: errors in callbacks", function()
  it("InvokeCatch returns the Lua error message", function()
    local fn = h.callback(function() error("bad") end)
    local msg = restoring("InvokeCatch", function() return Demo.InvokeCatch(fn) end)
    assert.are.equal("string", type(msg))
    assert.truthy(msg:find("bad", 1, true), msg)
  end)

  it("InvokeCatch returns 'ok' when the function does not raise", function()
    local fn = h.callback(function() end)
    assert.are.equal("ok", restoring("InvokeCatch", function() return Demo.InvokeCatch(fn) end))
  end)

  it("InvokeCatch reports a libzlua error raised in the callback", function()
    local fn = h.callback(function() return Demo.Add(1) end)
    local msg = Demo.InvokeCatch(fn)
    assert.truthy(msg:find("wrong number of arguments to 'Demo.Add' (2 expected, got 1)", 1,
                           true), msg)
  end)

  it("InvokeCatch reports a managed exception of a nested call (R-DEF-4)", function()
    local fn = h.callback(function()
      testbed.throw_next("System.InvalidOperationException", "boom")
      return Demo.Add(1, 2)
    end)
    local msg = restoring("InvokeCatch", function() return Demo.InvokeCatch(fn) end)
    assert.truthy(msg:find("System.InvalidOperationException: boom (in Demo.Add)", 1, true), msg)
  end)

  it("a Lua error inside an InvokeWithPoint callback restores the scope stack", function()
    local saved
    local fn = h.callback(function(hv) saved = hv; error("callback failed") end)
    local before = h.scope_state()
    local ok, err = pcall(Demo.InvokeWithPoint, fn, Point2D(1, 2))
    assert.is_false(ok)
    assert.truthy(err:find("callback failed (in Demo.InvokeWithPoint)", 1, true), err)
    h.assert_scope_restored(before, "after the failed callback")
    assert.are.equal("userdata", type(saved))
    h.raises_containing("opaque handle expired", zlua.get_opaquevalue, saved)
    -- and the machinery still works
    local ok_sum
    local fn2 = h.callback(function(hv) ok_sum = Demo.SumPoint(hv) end)
    Demo.InvokeWithPoint(fn2, Point2D(2, 3))
    assert.are.equal(5, ok_sum)
  end)

  it("an error in a nested callback restores every level", function()
    local inner = h.callback(function() error("inner failed") end)
    local outer_saw
    local outer = h.callback(function(_, inner_name)
      local before = h.scope_state()
      outer_saw = { pcall(Demo.InvokeWithPoint, inner_name, Point2D(1, 1)) }
      outer_saw.restored = h.scope_state()
      outer_saw.before = before
    end)
    local before = h.scope_state()
    Demo.InvokeNested(outer, inner)
    h.assert_scope_restored(before, "InvokeNested")
    assert.are.same(outer_saw.before, outer_saw.restored)
  end)

  it("an argument error inside a callback restores the scope stack", function()
    local fn = h.callback(function(hv) return Demo.Add(hv, 1) end)
    local before = h.scope_state()
    local ok, err = pcall(Demo.InvokeWithRefInt, fn, 1)
    assert.is_false(ok)
    assert.truthy(err:find("bad argument #1 to 'Demo.Add' (System.Int32 expected, got light "
                           .. "userdata) (in Demo.InvokeWithRefInt)", 1, true), err)
    h.assert_scope_restored(before, "after the argument error")
  end)

  it("the scope state is the same after every IC fixture", function()
    local before = h.scope_state()
    local noop = h.callback(function() end)
    Demo.InvokeWithPoint(noop, Point2D(1, 2))
    Demo.InvokeWithRefPoint(noop, Point2D(1, 2))
    Demo.InvokeWithRefInt(noop, 1)
    Demo.InvokeWithRefString(noop, "s")
    Demo.InvokeNested(noop, noop)
    Demo.InvokeCatch(noop)
    h.assert_scope_restored(before, "after the IC fixtures")
  end)
end)

describe("R-OPQ-5: a Lua -> C# call opens its own scope for a byref argument only", function()
  -- A by-value argument (a scalar, a struct, a reference) is read before
  -- the call, a handle resolved, and an IC call the method makes scopes
  -- its own arguments in a frame that keeps its watermark in the C frame,
  -- not in the scope stack: inside that callback the scope stack is as
  -- deep as outside the call, through a stub and the generic invoker
  -- alike (a scope of the Lua -> C# call's own would make it one deeper).
  local function depth_inside(call, ...)
    local depth
    local function seen() depth = testbed.stats().scope_depth end
    h.global("OnPoint", seen)
    h.global("OnRefInt", seen)
    call(...)
    h.global("OnPoint", nil)
    h.global("OnRefInt", nil)
    return depth
  end

  it("a scalar and a struct argument add no scope of their own", function()
    local outside = testbed.stats().scope_depth
    for _, call in ipairs(h.both(Demo, "CallOnRefInt")) do
      assert.are.equal(outside, depth_inside(call, 1))
    end
    for _, call in ipairs(h.both(Demo, "CallOnPoint")) do
      assert.are.equal(outside, depth_inside(call, Point2D(1, 2)))
    end
    assert.are.equal(outside, testbed.stats().scope_depth)
  end)

  local delegate_case = "a reference argument (a delegate) adds no scope of its own"
  if not testbed.delegates then
    pending(delegate_case .. " [no delegate entries in this build: a Lua function is no delegate]")
  else
    it(delegate_case, function()
      local outside = testbed.stats().scope_depth
      for _, apply in ipairs(h.both(Demo, "Apply")) do
        local depth
        local f = function(a, b) depth = testbed.stats().scope_depth return a + b end
        assert.are.equal(3, apply(f, 1, 2))
        assert.are.equal(outside, depth)
      end
    end)
  end

  it("a struct passed as a handle is read before the call, which then runs", function()
    local seen
    local fn = h.callback(function(hv)
      -- the handle of InvokeWithPoint's slot, handed back to a struct parameter
      seen = restoring("SumPoint", function() return Demo.SumPoint(hv) end)
    end)
    restoring("InvokeWithPoint", function() return Demo.InvokeWithPoint(fn, Point2D(3, 4)) end)
    assert.are.equal(7, seen)
  end)
end)

-- helpers.lua -- shared helpers of the libzlua Lua specs.
--
-- Loaded with `require "helpers"` (busted's --lpath points at lua/spec/).
-- This module runs in the real global environment, not in busted's
-- per-file sandbox, which matters for `global` below.

local assert = require "luassert"

local M = {}

-- ---- runtimes -----------------------------------------------------------------

-- The suite runs on the simulated IL2CPP and on Mono (testbed.runtime).  A
-- case that cannot hold on Mono by a documented fact (README, "One suite,
-- two runtimes") is declared with it_sim instead of it: on Mono it is
-- reported as pending with its reason, never silently left out.
--   local it_sim = h.sim_it(it, pending)
--   it("name", function() ... end)
M.FAULT_IN_BODY = "a fault injected inside a method body: on Mono the body is compiled "
  .. "C#, whose own allocations never pass through the runtime boundary"
M.JIT_GENERICS = "Mono's JIT makes any generic method instance on demand; "
  .. "IL2CPP has only those compiled into the build"
M.NOTHING_STRIPPED = "nothing strips a method's code on Mono (the Editor's JIT compiles "
  .. "every body); an IL2CPP player's managed linker can (R-LINK-1)"

-- The text of a NullReferenceException the runtime raises itself: the
-- corlib's (and IL2CPP's) ends with a period, the one Mono's JIT raises
-- for a null dereference does not.
M.NRE = "System.NullReferenceException: Object reference not set to an instance of an "
  .. (testbed.runtime == "mono" and "object" or "object.")

-- Both ways of calling a method: what a script gets (its stub where the
-- build has one) and the generic invoker, so that each case holds for
-- both paths.  name defaults to nothing: target is required.
--   for _, f in ipairs(h.both(Demo, "Add")) do ... end
function M.both(target, name)
  return { target[name], testbed.generic(target, name) }
end

function M.sim_it(it, pending)
  return function(reason, name, fn)
    assert(type(reason) == "string" and reason ~= "", "sim_it needs a reason")
    if testbed.runtime == "sim" then
      it(name, fn)
    else
      pending(name .. " [on " .. testbed.runtime .. ": " .. reason .. "]")
    end
  end
end

-- ---- errors -------------------------------------------------------------------

-- A message raised with luaL_error carries a "chunk:line: " prefix when it
-- is raised from a Lua frame, none when raised from a C function.  This is
-- that optional prefix and nothing else.
local function strip_position(msg)
  local rest = msg:match("^[^\n]-:%d+: (.*)$")
  return rest or msg
end
M.strip_position = strip_position

-- Calls fn(...) in protected mode; returns the error message (a string), or
-- fails the test when fn does not raise or raises a non-string.
function M.error_of(fn, ...)
  local ok, err = pcall(fn, ...)
  assert.is_false(ok, "expected an error, but the call succeeded")
  assert.are.equal("string", type(err), "error object is a " .. type(err))
  return err
end

-- fn(...) raises exactly `expected` (modulo a position prefix).
function M.raises(expected, fn, ...)
  local err = M.error_of(fn, ...)
  assert.is_true(err == expected or strip_position(err) == expected,
    ("wrong error message\n  expected: %q\n  got:      %q"):format(expected, err))
  return err
end

-- fn(...) raises a message containing `expected` (plain find).
function M.raises_containing(expected, fn, ...)
  local err = M.error_of(fn, ...)
  assert.is_true(err:find(expected, 1, true) ~= nil,
    ("error message lacks the expected text\n  expected to contain: %q\n  got: %q")
      :format(expected, err))
  return err
end

-- ---- lookup tables ------------------------------------------------------------

-- CS, its namespace tables, CSharp and its assembly tables are empty
-- read-only proxies over a cache table, whose __index resolves a miss.
function M.lookup_cache(proxy)
  return debug.getmetatable(proxy).__index
end

function M.lookup_resolver(proxy)
  return debug.getmetatable(M.lookup_cache(proxy)).__index
end

-- ---- userdata -------------------------------------------------------------------

-- "byval" / "byobj" / nil: the kind recorded in the userdata's metatable.
function M.kind(ud)
  local mt = debug.getmetatable(ud)
  return type(mt) == "table" and rawget(mt, "__zlua_ud_kind") or nil
end

-- The type table recorded in the userdata's metatable.
function M.type_of(ud)
  local mt = debug.getmetatable(ud)
  return type(mt) == "table" and rawget(mt, "__type") or nil
end

-- ---- globals for the IC fixtures ------------------------------------------------

-- The IC fixtures (Demo.InvokeWithPoint ...) call a function of the REAL
-- global table by name; busted runs spec code with its own environment, so
-- a plain `function f() end` in a spec would not be visible to them.
function M.global(name, fn)
  rawset(_G, name, fn)
  return name
end

local counter = 0
-- Registers fn under a fresh global name and returns the name.
function M.callback(fn)
  counter = counter + 1
  return M.global("zlua_spec_cb_" .. counter, fn)
end

-- ---- allocation counts --------------------------------------------------------------

-- Allocation deltas (managed, Lua) of body(n), with the Lua collector
-- stopped (a GC step may shrink the string table or a stack, which is a
-- counted realloc).  The full collection before the measurement shrinks
-- the Lua stack, so body(1) runs once more before the first snapshot: the
-- stack regrowth is warm-up, not a per-call allocation.  Both snapshots
-- are taken the same way, so the cost of the measurement itself (the
-- second stats table) is the same in every run and cancels out against a
-- baseline measured the same way.
function M.measure(body, n)
  collectgarbage("collect")
  collectgarbage("stop")
  body(1)
  local s0 = testbed.stats()
  body(n)
  local s1 = testbed.stats()
  collectgarbage("restart")
  return s1.gc_allocs - s0.gc_allocs, s1.lua_allocs - s0.lua_allocs
end

-- ---- scope / GC state ---------------------------------------------------------------

function M.scope_state()
  local s = testbed.stats()
  return { handles = s.handles, scope_depth = s.scope_depth }
end

-- Asserts that the scope stack is exactly as in `before` (R-OPQ-5).
function M.assert_scope_restored(before, what)
  local now = testbed.stats()
  assert.are.equal(before.handles, now.handles,
    (what or "") .. ": scope stack size (handles) not restored")
  assert.are.equal(before.scope_depth, now.scope_depth,
    (what or "") .. ": scope_depth not restored")
end

-- Lua full collections (with finalizers), then a managed collection, n times.
function M.full_gc(n)
  for _ = 1, n or 1 do
    collectgarbage()
    collectgarbage()
    testbed.gc()
  end
end

-- Managed garbage: fresh strings and boxes, but no struct userdata (the
-- registry count stays exact between collections); between collections
-- it also overwrites stale C stack slots that could keep an object.
function M.managed_churn(i)
  local Demo = CS.Demo
  for j = 1, 20 do
    Demo.Concat(string.rep("g", 64), tostring(i * 100 + j))
    Demo.Box(j)
  end
end

function M.structs()
  return testbed.stats().structs
end

-- A string built at run time (never a constant of any chunk), so every
-- managed copy of it is a fresh managed allocation.
function M.runtime_string(prefix, len)
  return (prefix or "") .. string.rep("n", len or 40) .. tostring(os.time()) ..
         tostring(math.random(1, 1 << 30))
end

-- Allocates Lua garbage (tables, strings, closures).
function M.churn(n)
  local keep = {}
  for i = 1, n or 1000 do
    keep[i % 64] = { i, tostring(i) .. "x", function() return i end }
  end
  return #keep
end

return M

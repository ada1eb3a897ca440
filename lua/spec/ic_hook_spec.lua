-- IC calls (C# calling Lua) against a script's call hook: the hook sees
-- every C function libzlua calls through Lua -- the IC trampoline among
-- them, while its job is pending -- and can call it with its own
-- arguments or with the locals it reads from the pending frame.  Such a
-- call is refused, or does the pending job whole; it never reads memory
-- it was not given.
local h = require("helpers")
local Demo = CS.Demo
local Point2D = CS.MyGame.Point2D

local known = {}
for _, lib in ipairs({ _G, string, table, math, coroutine, debug, io, os, utf8, package }) do
  for _, v in pairs(lib) do if type(v) == "function" then known[v] = true end end
end

-- Runs fn with a call hook that calls every C function it has not seen,
-- the first time it is called, from the hook, with each argument list
-- args(locals) gives (locals: the values the pending frame holds).
-- Returns pcall(fn)'s results and how many functions the hook called.
local function with_hook(args, fn, ...)
  local seen, called = {}, 0
  debug.sethook(function()
    local info = debug.getinfo(2, "fS")
    if not info or info.what ~= "C" or known[info.func] or seen[info.func] then return end
    seen[info.func] = true
    local locals = {}
    for i = 1, 3 do
      local name, v = debug.getlocal(2, i)
      if name == nil then break end
      locals[i] = v
    end
    for _, a in ipairs(args(locals)) do
      called = called + 1
      pcall(info.func, table.unpack(a, 1, a.n or #a))
    end
  end, "c")
  local res = table.pack(pcall(fn, ...))
  debug.sethook()
  return called, table.unpack(res, 1, res.n)
end

local function three(locals)   -- what the pending frame holds, then two of our own
  return { { n = 3, locals[1], 1, 2 }, { n = 3, locals[1], 13, {} }, { n = 3, locals[1], 5, "x" } }
end

describe("the IC trampoline under a call hook (R-IC-1)", function()
  before_each(function()
    h.global("Outer", function(hv, inner) Seen = inner end)
    h.global("OnPoint", function(hv) end)
    h.global("OnRefInt", function(hv) end)
  end)

  it("called with three arguments of the hook's, it refuses, and the call goes on", function()
    local call = Demo.InvokeNested            -- a string argument: the protected path
    Seen = nil
    local n, ok, err = with_hook(three, call, "Outer", "inner")
    assert.is_true(n > 0)
    assert.is_true(ok, err)
    assert.are.equal("inner", Seen)
  end)

  it("called with no argument, it runs the pending call, and the real one is refused", function()
    local call = Demo.InvokeNested
    Seen = nil
    local _, ok, err = with_hook(function() return { { n = 0 } } end, call, "Outer", "inner")
    assert.are.equal("inner", Seen)           -- run once, from the hook
    assert.is_false(ok)
    assert.are.equal("System.InvalidOperationException: zlua: the IC trampoline is not "
                     .. "callable from Lua (in Demo.InvokeNested)", h.strip_position(err))
  end)

  it("a site's first call (its name interned) and later ones, the same", function()
    local call = Demo.CallOnPoint
    local p = Point2D(1, 2)
    local n, ok, err = with_hook(three, call, p)
    assert.is_true(ok, err)
    local _, ok2, err2 = with_hook(three, call, p)
    assert.is_true(ok2, err2)
    assert.is_true(n > 0)
  end)

  -- a Lua function as a delegate needs the generated delegate entries
  local it_entries = testbed.delegates and it or pending
  it_entries("a delegate's bad result: the message's protected call, given the hook's values", function()
    local bad = function() return "x" end
    local n, ok, err = with_hook(function(locals)
      return { { n = 1, {} }, { n = 1, 5 }, { n = 1, "y" }, { n = 3, locals[1], 13, 5 }, { n = 0 } }
    end, Demo.Apply, bad, 1, 2)
    assert.is_true(n > 0)
    assert.is_false(ok)
    assert.is_truthy(tostring(err):find("System.InvalidOperationException: ", 1, true))
    -- and the state is as it was
    assert.are.equal(3, Demo.Apply(function(a, b) return a + b end, 1, 2))
    local s = testbed.stats()
    assert.are.equal(0, s.scope_depth)
    assert.are.equal(0, s.handles)
  end)

  it("afterwards, without the hook, every call works", function()
    assert.are.equal(7, Demo.CallOnRefInt(7))
    assert.is_nil(Demo.CallOnPoint(Point2D(1, 2)))
    Seen = nil
    Demo.InvokeNested("Outer", "again")
    assert.are.equal("again", Seen)
  end)
end)

-- R-IC-3: C# -> Lua calls declared in C# ([LuaInvoke] static extern
-- methods, MyGame.LuaCalls).  zlua-stubgen writes each method's IC stub
-- and the registration table; the host registers it as LuaEnv does
-- (zlua_ic_register); in the Editor the backend registers a trampoline of
-- its own per method (the plugin cannot hold a project's stubs).
-- OnPointSum calls the Lua global of its own name ([LuaInvoke]), the others
-- the global their attribute names (OnRefInt: [LuaInvoke("OnIntSlot")]).
local h = require "helpers"

local LuaCalls = CS.MyGame.LuaCalls
local Point2D = CS.MyGame.Point2D

local N = 1000
local function measure(body)
  return h.measure(body, N)
end

-- every host serves them: the generated stubs, registered by the host or
-- its LuaEnv, or the Editor's trampolines
assert(testbed.lua_invoke, "the host registered no IC stubs for the [LuaInvoke] methods")

-- Mono's native invoke (mono_runtime_invoke, how Lua reaches a C# method
-- there) garbles a struct passed to or returned from an internal call by
-- value (a Point2D arrives as zeros), so Lua calling such a method itself
-- is refused on Mono; compiled C# calling it passes the struct as the C
-- ABI does (PointSumOf), on both runtimes.
local MONO_ICALL_STRUCT = "is an internal call that takes or returns a struct by value"
-- Through a LuaEnv a live env is the state C# reaches (zlua_env_current):
-- the host's env runs the whole spec (Boot.cs calls a [LuaInvoke] method
-- after its env is gone, in both configurations)
local ENV_ALIVE = "the host's LuaEnv runs the spec, and it is the state C# reaches"

describe("R-IC-3: [LuaInvoke] methods call Lua through their generated IC stubs", function()
  local it_no_env = testbed.host ~= nil
    and function(reason, name) pending(name .. " [on the " .. testbed.host .. " host: " .. reason .. "]") end
    or function(_, name, fn) it(name, fn) end

  it("a struct argument reaches Lua as an OpaqueValue; the result comes back", function()
    local seen = {}
    h.global("OnPointSum", function(hv, ...)
      seen.n = select("#", ...) + 1
      seen.type = type(hv)
      seen.mt = debug.getmetatable(hv)
      local p = zlua.get_opaquevalue(hv)
      seen.handle = hv
      return p.x + p.y + 0.5
    end)
    -- C# passes Point2D(1, 2) by value (LuaCalls.PointSumOf)
    assert.are.equal(3.5, LuaCalls.PointSumOf(1, 2))
    assert.are.equal(1, seen.n)
    assert.are.equal("userdata", seen.type)
    assert.is_nil(seen.mt)
    -- the handle expired when the call returned (R-OPQ-3)
    local ok, err = pcall(zlua.get_opaquevalue, seen.handle)
    assert.is_false(ok)
    assert.matches("expired", tostring(err), 1, true)
  end)

  it("structs of two registers: four floats, and ints with a reference (a table)", function()
    local line, dto
    h.global("OnLine", function(hv)
      local l = zlua.get_opaquevalue(hv)
      line = {l.a.x, l.a.y, l.b.x, l.b.y}
      return 0.5
    end)
    h.global("OnDto", function(d)   -- MyDto's marshal rule: a table
      dto = {d.X, d.Y, d.Tag}
      return 100
    end)
    assert.are.equal(100.5, LuaCalls.StructsOf(1, 4, "tag"))
    assert.are.same({1, 2, 3, 4}, line)
    assert.are.same({5, 6, "tag"}, dto)
  end)

  it("a struct of 24 bytes by value: the call (the Editor: refused, with why)", function()
    h.global("OnTaggedArg", function(t)
      local v = zlua.get_opaquevalue(t)
      return v.id * 10 + #v.name
    end)
    if testbed.host == "editor" then
      local ok, err = pcall(LuaCalls.TaggedArgOf, 4)
      assert.is_false(ok)
      assert.matches("NotSupportedException", tostring(err), 1, true)
      assert.matches("MyGame.LuaCalls::TaggedArg cannot call Lua in the Editor: a struct passed "
                     .. "by value that the C ABI passes on the stack", tostring(err), 1, true)
    else
      assert.are.equal(43, LuaCalls.TaggedArgOf(4))
    end
  end)

  it("overloads of an internal call's name get no code (the Editor: refused, with why)", function()
    local ok, err = pcall(CS.ZLuaTests.BadInvoke.Twice, 2)
    assert.is_false(ok)
    if testbed.host == "editor" then
      assert.matches("NotSupportedException", tostring(err), 1, true)
      assert.matches("ZLuaTests.BadInvoke::Twice cannot call Lua in the Editor: overloaded",
                     tostring(err), 1, true)
    else
      assert.matches("MissingMethodException", tostring(err), 1, true)
    end
  end)

  it("Lua calling the method itself with a struct: the call, or on Mono a clear refusal", function()
    h.global("OnPointSum", function(hv)
      local p = zlua.get_opaquevalue(hv)
      return p.x + p.y
    end)
    local ok, r = pcall(LuaCalls.OnPointSum, Point2D(1, 2))
    if testbed.runtime == "sim" then
      assert.is_true(ok)
      assert.are.equal(3, r)
    else
      assert.is_false(ok)
      assert.matches("NotSupportedException", tostring(r), 1, true)
      assert.matches("MyGame.LuaCalls::OnPointSum " .. MONO_ICALL_STRUCT, tostring(r), 1, true)
    end
  end)

  it("a struct result comes back", function()
    h.global("OnMakePoint", function(x, y) return Point2D(x * 10, y * 10) end)
    assert.are.equal(30, LuaCalls.MakePointSum(1, 2))
  end)

  it("struct results of two registers of either class and through the caller's buffer", function()
    h.global("OnMakeLine", function(s)
      local l = CS.MyGame.Line()
      l.a = Point2D(s, s + 1)
      l.b = Point2D(s + 2, s + 3)
      return l
    end)
    h.global("OnMakeDto", function(x) return {X = x, Y = x * 2, Tag = "abc"} end)
    h.global("OnMakeTagged", function(id) return CS.MyGame.Tagged(id, "name") end)
    -- Line (1, 2, 3, 4): 10; MyDto (5, 10, "abc"): 18; Tagged (5, "name"): 9
    assert.are.equal(37, LuaCalls.StructResults(1, 5))
  end)

  it("a ref slot is a handle Lua writes through to the C# caller's local", function()
    h.global("OnIntSlot", function(hv)
      zlua.set_opaquevalue(hv, zlua.get_opaquevalue(hv) * 10 + 1)
    end)
    assert.are.equal(41, LuaCalls.RefInt(4))
  end)

  it("a struct by ref is a handle to the caller's slot", function()
    h.global("OnPointRef", function(hv)
      local v = zlua.get_opaquevalue(hv)
      zlua.set_opaquevalue(hv, Point2D(v.x + 10, v.y + 20))
      return v.x * v.y
    end)
    -- the slot (1, 2) became (11, 22); the result, 2, was added to x
    local p = LuaCalls.PointRefMoved(1, 2)
    assert.are.equal(13, p.x)
    assert.are.equal(22, p.y)
  end)

  it("integer and floating-point arguments arrive in order; a double comes back", function()
    local seen
    h.global("OnMix", function(a, b, c, d)
      seen = {a, b, c, d}
      return a + b + c + d
    end)
    assert.are.equal(-7 + 2.5 + 2 ^ 40 + 0.125, LuaCalls.Mix(-7, 2.5, 2 ^ 40, 0.125))
    assert.are.same({-7, 2.5, 2 ^ 40, 0.125}, seen)
    assert.are.equal(math.type(seen[1]), "integer")
    assert.are.equal(math.type(seen[3]), "integer")
  end)

  it("a reference argument reaches Lua; an int comes back", function()
    h.global("OnName", function(s) return #s end)
    assert.are.equal(6, LuaCalls.NameLength("héllo"))   -- its UTF-8 bytes
    h.global("OnName", function(s) return s == nil and -1 or 0 end)
    assert.are.equal(-1, LuaCalls.NameLength(nil))
  end)

  it("a Lua error surfaces in C# as the managed exception, the stack restored", function()
    h.global("OnMix", function() error("ic3 boom", 0) end)
    local top = testbed.stats().scope_depth
    local ok, err = pcall(LuaCalls.Mix, 1, 2, 3, 4)
    assert.is_false(ok)
    assert.matches("InvalidOperationException", tostring(err), 1, true)
    assert.matches("ic3 boom", tostring(err), 1, true)
    assert.are.equal(top, testbed.stats().scope_depth)
    -- and the next call works
    h.global("OnMix", function() return 7 end)
    assert.are.equal(7, LuaCalls.Mix(0, 0, 0, 0))
  end)

  it("a missing Lua global is a managed exception too", function()
    h.global("OnMix", nil)
    local ok, err = pcall(LuaCalls.Mix, 1, 2, 3, 4)
    assert.is_false(ok)
    assert.matches("OnMix", tostring(err), 1, true)
  end)

  it_no_env(ENV_ALIVE, "with no state to reach, the stub throws a clear exception", function()
    h.global("OnMix", function() return 1 end)
    local ok, err = testbed.without_state(function()
      return LuaCalls.Mix(1, 2, 3, 4)
    end)
    assert.is_false(ok)
    assert.matches("InvalidOperationException", tostring(err), 1, true)
    assert.matches("MyGame.LuaCalls::Mix calls Lua, but no Lua state", tostring(err), 1, true)
  end)

  it("1000 calls allocate nothing, managed or Lua (R-OPQ-2)", function()
    -- C# calls each method n times (MyGame.LuaCalls.RepeatScalar): one
    -- Lua -> C# call per measurement, whatever it costs, the same for any n
    h.global("OnMix", function(a, b, c, d) return 1.5 end)
    h.global("OnPointRef", function(hv) return 1 end)
    h.global("OnIntSlot", function(hv) zlua.set_opaquevalue(hv, 2) end)
    local repeat_ = LuaCalls.RepeatScalar
    repeat_(100)                                      -- warm-up
    local g1, l1 = measure(function() repeat_(1) end)
    local g, l = measure(function() repeat_(N) end)
    assert.are.equal(0, g - g1, "managed allocations per 1000 calls")
    assert.are.equal(0, l - l1, "Lua allocations per 1000 calls")
  end)

  it("1000 calls with a struct by value allocate nothing either", function()
    h.global("OnPointSum", function(hv) return 1 end)
    h.global("OnIntSlot", function(hv) zlua.set_opaquevalue(hv, 2) end)
    local repeat_ = LuaCalls.Repeat
    repeat_(100)
    local g1, l1 = measure(function() repeat_(1) end)
    local g, l = measure(function() repeat_(N) end)
    assert.are.equal(0, g - g1, "managed allocations per 1000 calls")
    assert.are.equal(0, l - l1, "Lua allocations per 1000 calls")
  end)
end)

-- [LuaInvokeByName]: the first argument, a string, names the global (the
-- fixtures' Demo.Invoke* call DemoLua's methods so)
describe("R-IC-3: [LuaInvokeByName] methods call the global their first argument names", function()
  local Demo = CS.Demo

  it("looks the name up on each call; the other arguments are the call's", function()
    local function double(hv) zlua.set_opaquevalue(hv, zlua.get_opaquevalue(hv) * 2) end
    local a = h.callback(function(hv) zlua.set_opaquevalue(hv, zlua.get_opaquevalue(hv) + 1) end)
    local b = h.callback(double)
    assert.are.equal(42, Demo.InvokeWithRefInt(a, 41))
    assert.are.equal(82, Demo.InvokeWithRefInt(b, 41))
    h.global(a, double)   -- the same name, another function now
    assert.are.equal(82, Demo.InvokeWithRefInt(a, 41))
  end)

  it("a name of 255 bytes is called; a NUL is part of it", function()
    local long = ("n"):rep(255)
    h.global(long, function(hv) zlua.set_opaquevalue(hv, 7) end)
    assert.are.equal(7, Demo.InvokeWithRefInt(long, 0))
    h.global("OnA\0x", function(hv) zlua.set_opaquevalue(hv, 8) end)
    assert.are.equal(8, Demo.InvokeWithRefInt("OnA\0x", 0))
  end)

  it("a null or overlong name is the caller's error, before Lua is reached", function()
    local called = false
    h.global(("n"):rep(256), function() called = true end)
    h.raises("System.ArgumentNullException: Value cannot be null.\nParameter name: fn " ..
             "(in Demo.InvokeWithRefInt)", Demo.InvokeWithRefInt, nil, 1)
    h.raises("System.ArgumentException: Lua function name longer than 255 bytes " ..
             "(in Demo.InvokeWithRefInt)", Demo.InvokeWithRefInt, ("n"):rep(256), 1)
    -- 128 two-byte characters: 256 bytes
    h.raises("System.ArgumentException: Lua function name longer than 255 bytes " ..
             "(in Demo.InvokeCatch)", Demo.InvokeCatch, ("\u{e9}"):rep(128))
    assert.is_false(called)
  end)

  it("a method whose first parameter is no string, or with both attributes, gets no code", function()
    local cases = {
      {CS.ZLuaTests.BadInvoke.NoName, 1, "NoName",
       "[LuaInvokeByName] without a string first parameter (the Lua global's name)"},
      {CS.ZLuaTests.BadInvoke.Both, "OnBoth", "Both", "both [LuaInvoke] and [LuaInvokeByName]"},
    }
    for _, c in ipairs(cases) do
      local ok, err = pcall(c[1], c[2])
      assert.is_false(ok)
      if testbed.host == "editor" then
        assert.matches("NotSupportedException", tostring(err), 1, true)
        assert.matches("ZLuaTests.BadInvoke::" .. c[3] .. " cannot call Lua in the Editor: " ..
                       c[4], tostring(err), 1, true)
      else
        assert.matches("MissingMethodException", tostring(err), 1, true)
        assert.matches(c[3], tostring(err), 1, true)
      end
    end
  end)

  it("a missing global is the Lua error, named", function()
    assert.are.equal("zlua_spec_missing is not a function (a nil value)",
                     Demo.InvokeCatch("zlua_spec_missing"))
  end)
end)

-- R-PTR-1: libzlua's own memory stays out of a script's reach.  Nothing
-- libzlua dereferences is named by a value a script can write or forge
-- (the main thread is the state's, not the registry's entry); no address
-- of libzlua's memory reaches a script as a light userdata (registry keys,
-- the IC call on the Lua stack); and a T* parameter takes only nil and
-- the pointers C# handed to Lua.  (The forged delegate target itself is
-- tests/unit/test_delegates.c: the fixtures give a script no delegate's
-- Target.)
--
-- Before the fix these read freed or foreign memory (ASan: heap
-- use-after-free on the collected coroutine, a read of a libzlua static or
-- of the IC call on the C stack); CI runs them in the ASan + UBSan build.
local h = require "helpers"

local Demo = CS.Demo

local with_entries = testbed.delegates   -- the host registered delegate entries

-- Every light userdata among the registry's keys and values.
local function registry_light()
  local found = {}
  for k, v in pairs(debug.getregistry()) do
    for _, x in ipairs({k, v}) do
      if type(x) == "userdata" and debug.getmetatable(x) == nil then
        found[#found + 1] = x
      end
    end
  end
  return found
end

describe("R-PTR-1: the main thread is the state's, not the registry's", function()
  -- first in this file: the state's first delegate is made on the
  -- coroutine while the registry names another one
  if with_entries then
    it("a delegate first made in a coroutine while LUA_RIDX_MAINTHREAD names another "
       .. "coroutine runs on the main thread after that coroutine is gone", function()
      local reg = debug.getregistry()
      local main = reg[1]
      local decoy = coroutine.create(function() end)
      reg[1] = decoy
      local on_main = {}
      local f = function(a, b)
        on_main[#on_main + 1] = select(2, coroutine.running())
        return a + b
      end
      local ok, r = coroutine.resume(coroutine.create(function()
        return Demo.Apply(f, 1, 2)
      end))
      reg[1] = main
      decoy = nil
      h.full_gc(2)
      assert.is_true(ok, r)
      assert.are.equal(3, r)
      assert.are.equal(30, Demo.Apply(f, 10, 20))
      -- the decoy is gone: a delegate on it would run on a freed thread
      assert.are.same({true, true}, on_main)
    end)
  end

  it("the registry's entry replaced for good changes nothing libzlua runs on", function()
    local reg = debug.getregistry()
    local main = reg[1]
    reg[1] = "not a thread"
    local ok, err = pcall(function()
      local v = coroutine.wrap(function()
        return CS.MyGame.Point2D(3, 4).x
      end)()
      assert.are.equal(3, v)
      if with_entries then
        assert.are.equal(9, Demo.Apply(function(a, b) return a * b end, 3, 3))
      end
    end)
    reg[1] = main
    assert.is_true(ok, err)
  end)
end)

describe("R-PTR-1: no libzlua address is a light userdata a script can reach", function()
  it("the registry holds no light userdata after libzlua's caches are made", function()
    assert.are.equal(5, zlua.generic(Demo.First, zlua.types.int32)({5, 6}))
    local fn = h.callback(function(ref) return ref end)
    assert.are.equal(5, Demo.InvokeWithRefInt(fn, 5))
    if with_entries then
      assert.are.equal(3, Demo.Apply(function(a, b) return a + b end, 1, 2))
    end
    local found = registry_light()
    for _, p in ipairs(found) do   -- what C# would then read
      h.raises("bad argument #1 to 'Demo.ReadPtr' (System.Int32* expected, got a light "
               .. "userdata C# did not produce)", Demo.ReadPtr, p, 0)
    end
    assert.are.equal(0, #found)
  end)

  it("a hook finds no address of the IC call in a C frame's slots", function()
    local seen = {}
    local function hook()
      for level = 2, 3 do
        local info = debug.getinfo(level, "S")
        if info and info.what == "C" then
          for i = 1, 8 do
            local name, v = debug.getlocal(level, i)
            if name == nil then break end
            if type(v) == "userdata" and debug.getmetatable(v) == nil then
              seen[#seen + 1] = v
            end
          end
        end
      end
    end
    -- fresh names: the IC call takes the trampoline (the name is not cached)
    local fns = {}
    for i = 1, 3 do
      fns[i] = h.global("zlua_safety2_ic_" .. i, function(ref)
        return zlua.get_opaquevalue(ref)
      end)
    end
    debug.sethook(hook, "c")
    local ok, err = pcall(function()
      for i = 1, 3 do Demo.InvokeWithRefInt(fns[i], i) end
    end)
    debug.sethook()
    assert.is_true(ok, err)
    -- handles of finished calls and anything else: never a readable pointer
    for _, p in ipairs(seen) do
      local okr, e = pcall(Demo.ReadPtr, p, 0)
      assert.is_false(okr)
      assert.is_truthy(e:find("opaque handle", 1, true)
                       or e:find("C# did not produce", 1, true), e)
    end
  end)
end)

describe("R-PTR-1: T* parameters take nil and the pointers C# produced", function()
  it("a pointer C# returned is taken, also through a copy of it in a table", function()
    local t = {p = Demo.Buffer()}
    assert.are.equal(10, Demo.ReadPtr(t.p, 0))
    assert.are.equal(30, Demo.ReadPtr(Demo.Buffer(), 2))
  end)

  it("nil is the null pointer", function()
    h.raises("System.NullReferenceException: Object reference not set to an instance "
             .. "of an object. (in Demo.ReadPtr)", Demo.ReadPtr, nil, 0)
  end)

  it("an OpaqueValue handle is named as one; full userdata are no pointer", function()
    local fn = h.callback(function(ref)
      h.raises("bad argument #1 to 'Demo.ReadPtr' (opaque handle type mismatch "
               .. "(System.Int32* expected, got System.Int32))", Demo.ReadPtr, ref, 0)
    end)
    assert.are.equal(5, Demo.InvokeWithRefInt(fn, 5))
    h.raises("bad argument #1 to 'Demo.ReadPtr' (System.Int32* expected, got FILE*)",
             Demo.ReadPtr, io.stdout, 0)
  end)
end)

describe("R-PTR-1: a delegate's target names its function, checked on every call", function()
  if not with_entries then return end
  local Held = CS.ZLuaTests.Held
  local tampered = "System.InvalidOperationException: zlua: delegate target tampered with "
                   .. "(it names no Lua function of this delegate) (in Demo.Apply)"

  -- the target as a script can write it: the box viewed as its own type
  local function writable(box)
    for _, T in ipairs({zlua.types.int64, zlua.types.intptr}) do
      local ok, v = pcall(zlua.cast, box, T)
      if ok then return v end
    end
    error("the target is no boxed integer: " .. tostring(box))
  end

  it("a rewritten target is a managed exception, never an access through it", function()
    local f = function(a, b) return a + b end
    local g = function(a, b) return a * b end
    assert.are.equal(3, Demo.Apply(f, 1, 2))
    assert.are.equal(6, Demo.Apply(g, 2, 3))
    local tf, tg = writable(Held.TargetOf(f)), writable(Held.TargetOf(g))
    local genuine = tf.value
    for _, forged in ipairs({0x41414141, -1, 0x7FFFFFFF00000100, 8}) do
      -- f called just before: a rewrite right after a good call is seen too
      tf.value = genuine
      assert.are.equal(3, Demo.Apply(f, 1, 2))
      tf.value = forged
      h.raises(tampered, Demo.Apply, f, 1, 2)
    end
    -- another delegate's genuine name: that record's target is another box
    tf.value = tg.value
    h.raises(tampered, Demo.Apply, f, 1, 2)
    assert.are.equal(6, Demo.Apply(g, 2, 3))
    -- written back, the delegate works again
    tf.value = genuine
    assert.are.equal(3, Demo.Apply(f, 1, 2))
  end)

  it("a stale name (a record released and its slot reused) names nothing", function()
    local f = function(a, b) return a - b end
    assert.are.equal(1, Demo.Apply(f, 3, 2))
    local stale = writable(Held.TargetOf(f)).value
    -- f's delegate and target die in C#; their record goes at a sweep
    f = nil
    h.full_gc(3)
    local g = function(a, b) return a + 10 * b end
    assert.are.equal(23, Demo.Apply(g, 3, 2))
    local tg = writable(Held.TargetOf(g))
    local genuine = tg.value
    tg.value = stale
    h.raises(tampered, Demo.Apply, g, 3, 2)
    tg.value = genuine
    assert.are.equal(23, Demo.Apply(g, 3, 2))
  end)
end)

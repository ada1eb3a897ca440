-- R-RT-4 / R-SUD-3 / R-GC-2 / SPEC 11: no script, with or without the debug
-- library, can make libzlua touch freed or foreign memory.
--
-- 1. A pending finalizer runs at any allocation.  A userdata whose __gc is
--    pending can be handed back to a script (a weak-keyed table keeps such
--    keys until the collection after their finalizers ran); a C function
--    given it may then allocate, and that allocation runs the finalizer
--    while the function still holds the userdata's object or payload.
--    Each case below crashed or read a released registry cell before the
--    finalizer only retired a userdata (its memory goes when the collector
--    finds it dead: docs/architecture.md, "Hostile scripts").
-- 2. A box of the wrong purpose: see the second describe.
local h = require("helpers")

local Tagged = CS.MyGame.Tagged
local Player = CS.MyGame.Player
local Demo = CS.Demo

-- The default collector settings (the gc-inc / gc-gen variants keep their
-- own against collectgarbage: the attack then depends on their timing).
local FORCED = os.getenv("ZLUA_RUN_GC") ~= nil and os.getenv("ZLUA_RUN_GC") ~= ""
  and os.getenv("ZLUA_RUN_GC") ~= "default"

-- A string large enough that copying it needs an allocation of its own.
local BIG = string.rep("x", 1 << 20)

-- make() -> a userdata whose finalizer is pending: the only reference to
-- it is a weak key, an emergency collection (an injected allocation
-- failure: Lua collects, without running finalizers, and retries) found
-- it unreachable, and the collector stays stopped.
local function pending(make)
  collectgarbage()
  collectgarbage("stop")
  local weak = setmetatable({}, { __mode = "k" })
  local function fill() weak[make()] = true end   -- no register here keeps it
  fill()
  testbed.fail_alloc(#BIG)
  local copy = BIG .. "y"   -- fails once: the emergency collection, then succeeds
  assert.are.equal(#BIG + 1, #copy)
  copy = nil
  local ud = next(weak)
  assert.are.equal("userdata", type(ud), "the weak key was cleared")
  return ud
end

-- fn(...) with the collector restarted so that the first allocation that
-- checks it runs a whole cycle, the pending finalizer included; then the
-- usual settings.  Returns fn's results (pcall's).
local function at_next_allocation(fn, ...)
  collectgarbage("incremental", 0, 1000, 30)
  collectgarbage("restart")
  local r = table.pack(pcall(fn, ...))
  collectgarbage("incremental", 200, 100, 13)
  return table.unpack(r, 1, r.n)
end

-- The finalizer of ud ran: every access raises.  Where the attack's
-- timing is ours (the default collector), it ran inside the call.
local function assert_finalized(what, ud, check)
  if FORCED then
    collectgarbage(); collectgarbage()
  end
  h.raises(what, check, ud)
end

describe("a pending finalizer run by an allocation inside a call (R-RT-4)", function()
  after_each(function()
    collectgarbage("restart")
    collectgarbage("incremental", 200, 100, 13)
    h.full_gc(2)
  end)

  it("zlua.to_table keeps reading the array its userdata held", function()
    local arr = pending(function() return Demo.Taggeds(50) end)
    local ok, t = at_next_allocation(zlua.to_table, arr)
    assert.is_true(ok, tostring(t))
    assert.are.equal(50, #t)
    for i = 1, 50 do
      assert.are.equal(i - 1, t[i].id)
      assert.are.equal("t" .. (i - 1), t[i].name)
    end
    assert_finalized("object userdata has been finalized", arr, zlua.to_table)
  end)

  it("zlua.cast reads the object after checking its type argument", function()
    local p = pending(function() return Player(h.runtime_string("cast-")) end)
    local ok, o = at_next_allocation(zlua.cast, p, CS.System.Object)
    assert.is_true(ok, tostring(o))
    assert.are.equal("MyGame.Player", Demo.Describe(o))
    assert.are.equal(100, zlua.cast(o, Player).Hp)
    assert_finalized("object userdata has been finalized", p, function(u) return u.Hp end)
  end)

  it("zlua.new_ref(T, t) copies from the payload it read before allocating", function()
    local name = h.runtime_string("copy-")
    local src = pending(function() return Tagged(7, name) end)
    local ok, c = at_next_allocation(zlua.new_ref, "MyGame.Tagged", src)
    assert.is_true(ok, tostring(c))
    assert.are.equal(7, c.id)
    assert.are.equal(name, c.name)
    assert_finalized("struct userdata has been finalized", src, function(u) return u.id end)
  end)

  it("a retired userdata keeps its cell while reachable, and releases it once dead", function()
    h.full_gc(2)
    local base = h.structs()
    local t = pending(function() return Tagged(9, h.runtime_string("keep-")) end)
    collectgarbage("restart")
    collectgarbage(); collectgarbage()       -- its finalizer ran; t still holds it
    h.raises("struct userdata has been finalized", function() return t.id end)
    assert.are.equal(base + 1, h.structs())
    t = nil
    h.full_gc(2)
    assert.are.equal(base, h.structs())
  end)
end)

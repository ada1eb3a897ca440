-- R-RT-4 / R-SUD-3 / R-GC-2 / type tables: no script, with or without the debug
-- library, can make libzlua touch freed or foreign memory.
--
-- 1. A pending finalizer runs at any allocation.  A userdata whose __gc is
--    pending can be handed back to a script (a weak-keyed table keeps such
--    keys until the collection after their finalizers ran); a C function
--    given it may then allocate, and that allocation runs the finalizer
--    while the function still holds the userdata's object or payload.
--    Before a finalizer only retired a userdata (its memory goes when the
--    collector finds it dead: docs/architecture.md, "Hostile scripts"),
--    to_table read the NULLed object of its array (UBSan: offset applied
--    to a null pointer, then SIGSEGV) and new_ref copied a cell already
--    zeroed and back in the pool; cast has the same shape (its allocation
--    comes after its last read, so it only guards against a change).
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
  -- a step of 2^24 bytes times 1000: a whole cycle of any heap a spec run
  -- has, and no overflow of a 32-bit l_mem (2^30 times 1000 wraps on
  -- i386, where the step then did too little to reach the finalizer).
  -- A forced variant keeps its own settings: asking for them again would
  -- not change them, but in generational mode after a bad collection
  -- (Lua then runs incremental cycles until a good one) it re-enters
  -- generational mode with a full cycle, the pending finalizer included,
  -- before fn is even called.
  if not FORCED then
    collectgarbage("incremental", 0, 1000, 24)
  end
  collectgarbage("restart")
  local r = table.pack(pcall(fn, ...))
  if not FORCED then
    collectgarbage("incremental", 200, 100, 13)
  end
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

-- ---- 2. boxes of the wrong purpose -------------------------------------------------
--
-- Closures keep their classes and methods in boxes (src/core/ptrbox.h), which
-- debug.setupvalue can move from one closure to another.  A box records
-- what it is for and whose it is; each read names both, so every foreign
-- box below is refused as tampering.  Before, any METHOD box passed for
-- any other: a pair iterator's MoveNext could be its get_Current (a
-- 16-byte struct written into a bool's buffer), an enumerator's MoveNext a
-- struct method called on a boxed object, a struct constructor could make
-- a ByVal userdata of a reference class.

local TAMPERED = "zlua: tampered upvalue ("

-- The userdata upvalues of f, by index.
local function boxes_of(f)
  local t = {}
  for i = 1, 255 do
    local name, v = debug.getupvalue(f, i)
    if name == nil then break end
    if type(v) == "userdata" then t[i] = v end
  end
  return t
end

-- The C closures whose boxes are swapped below: group ("kind:type":
-- closures of one group may share boxes), the closure, and a call of it.
local function targets()
  local P, V, Pl = CS.MyGame.Point2D, CS.MyGame.Vector2, CS.MyGame.Player
  local t = {}
  local function add(group, f, call, any_same)
    t[#t + 1] = { group = group, f = f, call = call, any_same = any_same }
  end
  for _, make in ipairs { function() return Demo.MakeArray(3) end,
                          function() return Demo.MakeList(3) end,
                          function() return Demo.MakeDict() end,
                          function() return Demo.Range(3) end } do
    local o = make()
    local mt = debug.getmetatable(o)
    local name = mt.__name
    add("pairs:" .. name, mt.__pairs, function() return mt.__pairs(o) end)
    local f, s, c = pairs(o)
    add("iter:" .. name, f, function() return f(s, c) end)
    add("instance:" .. name, mt.__index, function() return mt.__index(o, "nope") end)
  end
  local p, v, pl = P(1, 2), V(1, 2), Pl("boxes")
  local pm, vm, plm = debug.getmetatable(p), debug.getmetatable(v), debug.getmetatable(pl)
  add("instance:P", pm.__index, function() return pm.__index(p, "nope") end)
  add("instance:P", pm.__newindex, function() pm.__newindex(p, "nope", 1) end)
  -- __tostring reads its class for the fallback text only: another
  -- type's class box of the same kind just names that type
  add("instance:P", pm.__tostring, function() return pm.__tostring(p) end, true)
  add("instance:Pl", plm.__index, function() return plm.__index(pl, "nope") end)
  add("op:V", vm.__add, function() return vm.__add(v, v) end)
  add("op:V", vm.__eq, function() return vm.__eq(v, V(1, 2)) end)
  local l = Demo.MakeList(2)
  local lm = debug.getmetatable(l)
  add("len:List", lm.__len, function() return lm.__len(l) end)
  local ptm = debug.getmetatable(P)
  add("type:P", ptm.__tostring, function() return ptm.__tostring(P) end)
  add("type:P", ptm.__newindex, function() ptm.__newindex(P, "Created", 1) end)
  local statics_index = debug.getmetatable(ptm.__index).__index
  add("type:P", statics_index, function() return statics_index(ptm.__index, "Zero") end)
  add("ctor_struct:P", P._ctor, function() return P._ctor(1, 2) end)
  add("ctor_default:P", P._default, function() return P._default() end)
  local plcall = debug.getmetatable(Pl).__call
  add("ctor:Pl", plcall, function() return plcall(Pl, "made") end)
  add("generic:First", Demo.First, function() return Demo.First({ 1 }) end)
  return t
end

-- "pairs" of "pairs:System.Int32[]"
local function kind(group) return group:match("^[^:]*") end

describe("a box of the wrong purpose (R-RT-4, type tables)", function()
  it("each box of every closure is refused by every other closure's slot", function()
    local ts = targets()
    -- the pool: every box of every target, and member descriptors
    local pool = {}
    for _, tg in ipairs(ts) do
      for _, b in pairs(boxes_of(tg.f)) do pool[#pool + 1] = { group = tg.group, box = b } end
    end
    local _, members = debug.getupvalue(debug.getmetatable(CS.MyGame.Point2D(0, 0)).__index, 1)
    for _, v in pairs(members) do
      if type(v) == "userdata" then pool[#pool + 1] = { group = "member", box = v } end
    end
    local swaps = 0
    for _, tg in ipairs(ts) do
      pcall(tg.call)   -- untampered first: whatever a first call binds is bound
      for slot, own in pairs(boxes_of(tg.f)) do
        for _, other in ipairs(pool) do
          if other.group ~= tg.group and not rawequal(other.box, own) then
            debug.setupvalue(tg.f, slot, other.box)
            local ok, err = pcall(tg.call)
            debug.setupvalue(tg.f, slot, own)
            swaps = swaps + 1
            local what = ("%s: slot %d, a box of %s: %s"):format(tg.group, slot, other.group,
                                                                 tostring(err))
            local same = kind(other.group) == kind(tg.group)
            if not (same and tg.any_same) then
              assert.is_false(ok, what)
              assert.are.equal("string", type(err), what)
            end
            if same and tg.any_same then
              -- anything but a crash
            elseif same then
              -- the class box of the same closure kind made for another
              -- type: the closure serves that type, and refuses this one
              assert.is_truthy(err:find(TAMPERED, 1, true) or err:find(" expected, got ", 1, true),
                               what)
            else
              assert.is_truthy(err:find(TAMPERED, 1, true), what)
            end
          end
        end
      end
    end
    assert.is_true(swaps > 1000, "only " .. swaps .. " swaps")
  end)

  -- every box of iterator f put in each other box's slot: each call raises
  -- the tampered-with error, and the genuine box goes back
  local function refuses_own_boxes(f, s)
    local own = boxes_of(f)
    for i, a in pairs(own) do
      for j, b in pairs(own) do
        if i ~= j then
          debug.setupvalue(f, i, b)
          local ok, err = pcall(f, s, nil)
          debug.setupvalue(f, i, a)
          assert.is_false(ok, ("slot %d took slot %d's box"):format(i, j))
          assert.is_truthy(tostring(err):find(TAMPERED, 1, true), tostring(err))
        end
      end
    end
  end

  it("a pair iterator refuses its own boxes in each other's slots", function()
    local d = Demo.MakeDict()
    local f, s = pairs(d)
    refuses_own_boxes(f, s)
    local n = 0
    for k, v in pairs(d) do n = n + 1 end   -- still the genuine iterator
    assert.is_true(n > 0)
  end)

  it("an enumerable's iterator refuses its own boxes in each other's slots", function()
    local f, s = pairs(Demo.Range(5))
    refuses_own_boxes(f, s)
  end)

  it("the enumerable iterator given a struct enumerator's method, on the boxed enumerator", function()
    local _, e = pairs(Demo.MakeDict())           -- a Dictionary enumerator (ByVal)
    local boxed = zlua.box(h.type_of(e), e)       -- the same struct, boxed (ByObj)
    local fe = pairs(Demo.Range(3))
    local fd = pairs(Demo.MakeDict())
    local own = boxes_of(fe)
    for i, a in pairs(own) do
      for _, b in pairs(boxes_of(fd)) do
        debug.setupvalue(fe, i, b)
        h.raises_containing(TAMPERED, fe, boxed, nil)
        debug.setupvalue(fe, i, a)
      end
    end
  end)

  it("a struct constructor given a reference class's box", function()
    local P, Pl = CS.MyGame.Point2D, CS.MyGame.Player
    local ctor = P._ctor
    local _, own = debug.getupvalue(ctor, 1)
    local _, player = debug.getupvalue(debug.getmetatable(Pl).__call, 1)
    debug.setupvalue(ctor, 1, player)
    local ok, err = pcall(function() return ctor().Name end)
    debug.setupvalue(ctor, 1, own)
    assert.is_false(ok)
    assert.are.equal("zlua: tampered upvalue (class expected)", h.strip_position(err))
    assert.are.equal(3, ctor(3, 4).x)
  end)
end)

-- R-RT-4 / type tables: no script, with or without the debug library,
-- can make libzlua touch freed or foreign memory.  A finalizer that never
-- runs costs at most its registry cell or slot until lua_close.
--
-- Most of these snippets crashed (heap use-after-free under ASan, usually
-- at lua_close) before the registries owned their memory; CI runs them in
-- the ASan + UBSan build, where a regression fails the run.
local h = require("helpers")

local Tagged = CS.MyGame.Tagged
local Point2D = CS.MyGame.Point2D
local Player = CS.MyGame.Player
local Demo = CS.Demo

describe("registry safety when finalizers do not run (R-RT-4)", function()
  it("writes to T.__instance_mt raise, nothing is orphaned", function()
    local T = CS.MyGame.Tagged
    h.full_gc(2)
    local base = h.structs()
    local mt = T.__instance_mt
    local a = T(1, "a")
    local g = mt.__gc
    assert.are.equal("function", type(g))
    h.raises("zlua: MyGame.Tagged.__instance_mt is read-only", function() mt.__gc = nil end)
    do local b = T(2, "b") end
    collectgarbage(); collectgarbage()
    h.raises("zlua: MyGame.Tagged.__instance_mt is read-only", function() mt.__gc = g end)
    assert.are.equal(base + 1, h.structs())   -- b's cell went with b
    assert.are.equal(1, a.id)
    a = nil
    collectgarbage(); collectgarbage()
    assert.are.equal(base, h.structs())       -- and a's with a
  end)

  it("the live metatable's __gc removed through the debug library costs a cell, not safety", function()
    h.full_gc(2)
    local base = h.structs()
    local a = Tagged(1, h.runtime_string("live-"))
    local live = debug.getmetatable(a)
    local g = rawget(live, "__gc")
    rawset(live, "__gc", nil)
    do local b = Tagged(2, h.runtime_string("orphan-")) end
    h.full_gc(2)
    rawset(live, "__gc", g)
    assert.are.equal(base + 2, h.structs())      -- b's cell stays until lua_close
    assert.are.equal(1, a.id)
    a = nil
    h.full_gc(2)
    assert.are.equal(base + 1, h.structs())
  end)

  it("debug.setmetatable(ud, nil) and another type's metatable", function()
    h.full_gc(2)
    local base = h.structs()
    local objects = testbed.stats().objects
    do
      local t = Tagged(3, h.runtime_string("nomt-"))
      debug.setmetatable(t, nil)
      local q = Tagged(4, h.runtime_string("pointmt-"))
      debug.setmetatable(q, debug.getmetatable(Point2D(1, 2)))
      local p = Point2D(5, 6)
      debug.setmetatable(p, debug.getmetatable(Tagged(5, "x")))
      h.raises("ByVal userdata of MyGame.Tagged expected, got MyGame.Point2D",
               function() return p.name end)
      local pl = Demo.MakePlayer(h.runtime_string("pl-"))
      debug.setmetatable(pl, nil)
      local pl2 = Demo.MakePlayer(h.runtime_string("pl2-"))
      debug.setmetatable(pl2, debug.getmetatable(Point2D(1, 2)))
    end
    h.full_gc(3)
    -- t and q (cells) and pl, pl2 (slots) stay registered until lua_close
    assert.is_true(h.structs() <= base + 2)
    assert.is_true(testbed.stats().objects <= objects + 2)
    local t = Tagged(6, "after")
    assert.are.equal("after", t.name)
  end)

  it("Player.__byobj_instance_mt is read-only too", function()
    local mt = Player.__byobj_instance_mt
    h.raises("zlua: MyGame.Player.__byobj_instance_mt is read-only", function() mt.__gc = nil end)
    h.raises("zlua: MyGame.Point2D.__instance_mt is read-only",   -- one view, both names
             function() Point2D.__byval_instance_mt.__index = print end)
  end)

  it("the issue's snippet 2: finalizers Lua skips at the C-stack limit", function()
    local T = CS.MyGame.Tagged
    local function deep(n)
      if n == 0 then
        for i = 1, 50 do local t = T(i, "x") end
        collectgarbage()
        return
      end
      pcall(deep, n - 1)
    end
    local warn_was = warn
    warn("@off")
    for d = 150, 200 do deep(d) end
    collectgarbage(); collectgarbage()
    warn("@on")
    assert.are.equal(warn_was, warn)
    local t = T(1, "still fine")
    assert.are.equal("still fine", t.name)
    assert.is_true(testbed.stats().structs >= 1)
  end)

  it("an error inside a finalizer that holds zlua values", function()
    for i = 1, 20 do
      setmetatable({ Tagged(i, "f" .. i) }, { __gc = function() error("boom") end })
    end
    warn("@off")
    h.full_gc(2)
    warn("@on")
    assert.are.equal("y", Tagged(1, "y").name)
  end)
end)

describe("trusted pointers are checked", function()
  it("a Tagged member descriptor copied into Point2D's member table raises", function()
    local p = Point2D(1, 2)
    local _, pmembers = debug.getupvalue(Point2D.__instance_mt.__index, 1)
    local _, tmembers = debug.getupvalue(Tagged.__instance_mt.__index, 1)
    assert.are.equal("table", type(pmembers))
    pmembers.zzz = tmembers.name
    h.raises("zlua: member table of MyGame.Point2D tampered with at 'zzz'", function() return p.zzz end)
    h.raises("zlua: member table of MyGame.Point2D tampered with at 'zzz'",
             function() p.zzz = "x" end)
    pmembers.zzz = select(2, debug.getupvalue(Point2D.__instance_mt.__index, 2))   -- a class box
    h.raises("zlua: member table of MyGame.Point2D tampered with at 'zzz'", function() return p.zzz end)
    pmembers.zzz = nil
    assert.are.equal(1, p.x)
  end)

  it("a generic closure from the trampolines has no upvalue a script could swap", function()
    -- the first closures of a state are light C functions that know their
    -- method's index by themselves: debug.setupvalue finds nothing
    local add = testbed.generic(Demo, "Add")
    assert.is_nil(debug.getupvalue(add, 1))
    assert.is_nil(debug.setupvalue(add, 1, 42))
    assert.are.equal(3, add(1, 2))
  end)

  it("debug.setupvalue on a bridge closure: anything but its method raises", function()
    -- closures past the trampolines carry their method's index in the
    -- state's closure table in an upvalue (a generated stub's entry has
    -- none: see the next test); only an index the table holds is a method
    local add = testbed.generic(Demo, "Add", "upvalue")
    local name, orig = debug.getupvalue(add, 1)
    assert.are.equal("", name)
    assert.are.equal("integer", math.type(orig))
    local ok, err = pcall(function()
      local _, cls = debug.getupvalue(Point2D.__instance_mt.__index, 2)
      for _, bad in ipairs({ cls, 0, -1, 1 << 40, math.mininteger, 1.5, 0 / 0, "Add", {},
                             io.stdout, Point2D(1, 2) }) do
        debug.setupvalue(add, 1, bad)
        h.raises("zlua: tampered upvalue (method expected)", add, 1, 2)
      end
      -- another genuine method runs by its own rules, through the general entry
      debug.setupvalue(add, 1, select(2, debug.getupvalue(testbed.generic(Demo, "Concat", "upvalue"), 1)))
      assert.are.equal("ab", add("a", "b"))
      debug.setupvalue(add, 1,
                       select(2, debug.getupvalue(testbed.generic(Demo, "MakeTagged", "upvalue"), 1)))
      assert.are.equal("t", add(1, "t").name)
    end)
    debug.setupvalue(add, 1, orig)
    assert.is_true(ok, err)
    assert.are.equal(3, add(1, 2))
  end)

  it("a generated stub's entry has no upvalue a script could swap (R-META-3)", function()
    if testbed.stubs then
      assert.are.equal("stub", testbed.bridge_kind(Demo, "Add"))
      assert.is_nil(debug.getupvalue(Demo.Add, 1))
      assert.are.equal(3, Demo.Add(1, 2))
    else
      assert.are.equal("generic", testbed.bridge_kind(Demo, "Add"))
    end
  end)

  it("instance and static metamethods with swapped upvalues raise", function()
    local p = Point2D(1, 2)
    local index = Point2D.__instance_mt.__index
    local _, members = debug.getupvalue(index, 1)
    local _, cls = debug.getupvalue(index, 2)
    local _, method = debug.getupvalue(testbed.generic(Demo, "Add", "upvalue"), 1)
    debug.setupvalue(index, 2, method)
    assert.are.equal(1, p.x)                             -- the field fast path reads no upvalue
    assert.are.equal("function", type(p.Length))         -- nor does the method fast path
    assert.is_true(math.abs(p:Length() - math.sqrt(5)) < 1e-6)
    -- the slow path (any name the field index does not hold) reads both
    h.raises("zlua: tampered upvalue (class expected)", function() return p.nope end)
    h.raises("zlua: tampered upvalue (class expected)", function() return p[true] end)
    debug.setupvalue(index, 2, cls)
    debug.setupvalue(index, 1, 7)
    h.raises("zlua: tampered upvalue (member table expected)", function() return p.nope end)
    debug.setupvalue(index, 1, members)
    assert.are.equal("function", type(p.Length))
    h.raises("'MyGame.Point2D' has no member 'nope'", function() return p.nope end)
    local smeta = debug.getmetatable(Point2D).__index
    local sindex = debug.getmetatable(smeta).__index
    local _, scls = debug.getupvalue(sindex, 1)
    debug.setupvalue(sindex, 1, method)
    h.raises("zlua: tampered upvalue (class expected)", function() return Point2D.Created end)
    debug.setupvalue(sindex, 1, scls)
    assert.are.equal("number", type(Point2D.Created))
  end)

  it("constructor closures with swapped upvalues", function()
    -- T(...) is Point2D's generated stub when the build has stubs (no
    -- upvalue at all); T._ctor(...) is always the boxed closure
    if testbed.stubs then
      assert.is_nil(debug.getupvalue(debug.getmetatable(Point2D).__call, 1))
    end
    local call = Point2D._ctor
    local _, cls = debug.getupvalue(call, 1)
    assert.is_nil(debug.getupvalue(call, 2))              -- the metatable comes from C
    debug.setupvalue(call, 1, select(2, debug.getupvalue(testbed.generic(Demo, "Add", "upvalue"), 1)))
    h.raises("zlua: tampered upvalue (class expected)", call, 3, 4)
    debug.setupvalue(call, 1, cls)
    assert.are.equal(3, call(3, 4).x)
    local pcall_ = debug.getmetatable(Player).__call
    local _, pcls = debug.getupvalue(pcall_, 1)
    debug.setupvalue(pcall_, 2, -1000)                    -- argument skip: 0 or 1 only
    assert.is_true(pcall(Player, "x") or true)
    debug.setupvalue(pcall_, 2, 1)
    debug.setupvalue(pcall_, 1, pcls)
    assert.are.equal("p", Player("p").Name)
  end)

  it("metamethods called directly with foreign values raise, never crash", function()
    h.raises_containing("table expected", h.lookup_resolver(CS), 5, "MyGame")
    h.raises_containing("table expected", h.lookup_resolver(CSharp), 5, "mscorlib")
    h.raises_containing("table expected", debug.getmetatable(zlua.types).__index, 5, "int")
    local asm = CSharp["Assembly-CSharp"]
    h.raises_containing("table expected", h.lookup_resolver(asm), true, "Demo")
    for _, f in ipairs({ Point2D.__instance_mt.__index, Point2D.__instance_mt.__newindex,
                         Player.__byobj_instance_mt.__index, Tagged.__instance_mt.__tostring }) do
      for _, v in ipairs({ 1, "s", {}, io.stdout, Point2D(1, 1), Demo.MakePlayer("z") }) do
        pcall(f, v, "x", 1)
        pcall(f, v, 1, 1)
      end
    end
  end)

  it("a type table's statics table holds boxes a script cannot misuse", function()
    local statics = debug.getmetatable(Point2D).__index
    local _, slots_owner = debug.getupvalue(debug.getmetatable(statics).__index, 1)
    assert.are.equal("userdata", type(slots_owner))
    local reg = debug.getregistry()
    -- replace every libzlua table in the registry by a number, then restore
    local saved = {}
    for k, v in pairs(reg) do
      if type(k) == "number" and type(v) == "table" and k > 2 then saved[k] = v end
    end
    for k in pairs(saved) do reg[k] = 1 end
    for _, f in ipairs({ function() return Point2D.Created end, function() return Tagged(1, "a") end,
                         function() return Point2D(1, 2):Length() end,
                         function() return Demo.MakePlayer("r") end,
                         function() return tostring(Point2D(1, 2)) end,
                         function() return Point2D(1, 2).nope end }) do
      pcall(f)
    end
    for k, v in pairs(saved) do reg[k] = v end
    assert.are.equal(5, Point2D(3, 4):Length())
  end)

  it("a constructor whose by-value metatable entry was replaced raises", function()
    local reg, mt, key = debug.getregistry(), debug.getmetatable(Point2D(1, 2)), nil
    for k, v in pairs(reg) do if v == mt then key = k break end end
    assert.is_not_nil(key)
    reg[key] = 1
    h.raises("zlua: internal table replaced", function() return Point2D(1, 2) end)
    reg[key] = mt
    local p = Point2D(3, 4)
    assert.are.equal(3, p.x)
    assert.are.equal(mt, debug.getmetatable(p))
    assert.are.equal(5, p:Length())
  end)
end)

describe("publish after complete", function()
  it("C functions captured by a call hook during a type's first binding are harmless later", function()
    local captured, seen = {}, {}
    local known = {}
    for _, lib in ipairs({ _G, string, table, math, coroutine, debug, io, os, utf8, package }) do
      for _, v in pairs(lib) do if type(v) == "function" then known[v] = true end end
    end
    debug.sethook(function()
      local info = debug.getinfo(2, "fS")
      if info and info.what == "C" and not known[info.func] and not seen[info.func] then
        seen[info.func] = true
        captured[#captured + 1] = info.func
      end
    end, "c")
    local Line = CSharp["Assembly-CSharp"]["MyGame.Line"]
    local l = Line()
    debug.sethook()
    assert.is_true(#captured > 0)
    for _, f in ipairs(captured) do
      for _, args in ipairs({ {}, { 1 }, { io.stdout }, { {} , "x" }, { l, "a", 1 } }) do
        pcall(f, table.unpack(args))
      end
    end
    l.a = Point2D(1, 2)
    assert.are.equal(1, l.a.x)
  end)
end)

describe("clearer errors", function()
  it("constructors are named T(...) in messages", function()
    h.raises("bad argument #1 to 'MyGame.Point2D(...)' (System.Single expected, got string)",
             Point2D, "a", 1)
    h.raises("wrong number of arguments to 'MyGame.Tagged(...)' (2 expected, got 3)",
             Tagged, 1, "a", 3)
    h.raises("wrong number of arguments to 'MyGame.Player(...)' (1 expected, got 3)",
             Player, 1, 2, 3)
  end)

  it("a non-string key is named by its value", function()
    local p = Point2D(1, 2)
    h.raises("'MyGame.Point2D' has no member 'true'", function() return p[true] end)
    h.raises("'MyGame.Point2D' has no member '42'", function() return p[42] end)
    h.raises("'MyGame.Point2D' has no member '1.5'", function() return p[1.5] end)
    h.raises("'MyGame.Point2D' has no member 'table'", function() return p[{}] end)
    h.raises("'MyGame.Point2D' has no member 'false'", function() p[false] = 1 end)
  end)

  it("the no-overload list names userdata by their type", function()
    h.raises("no overload for Demo.Pick matching (MyGame.Player); candidates: " ..
             "Pick(System.Int32), Pick(System.Double), Pick(System.String), Pick(MyGame.Point2D), " ..
             "Pick(System.Int32,System.Int32)",
             Demo.Pick, Demo.MakePlayer("x"))
    h.raises_containing("matching (MyGame.Tagged,boolean)", Demo.Pick, Tagged(1, "a"), true)
  end)

  it("long managed exception messages are kept, or cut visibly", function()
    local long = string.rep("m", 3000)
    testbed.throw_next("System.InvalidOperationException", long)
    h.raises("System.InvalidOperationException: " .. long .. " (in Demo.Add)", Demo.Add, 1, 2)
    testbed.throw_next("System.InvalidOperationException", string.rep("n", 10000))
    local err = h.error_of(Demo.Add, 1, 2)
    assert.is_truthy(err:find("... (message truncated) (in Demo.Add)", 1, true))
  end)

  it("running out of memory while popping a string is Lua's 'not enough memory'", function()
    local big = string.rep("s", 200000)
    testbed.fail_alloc(300000)                        -- the UTF-16 buffer of `big`
    h.raises("not enough memory", Demo.Concat, big, "x")
    testbed.fail_alloc(0)
    assert.are.equal(200001, #Demo.Concat(big, "x"))
  end)
end)

describe("__gc and debug hooks (R-RT-4)", function()
  it("__gc installed as a hook function is harmless", function()
    local gc = debug.getmetatable(CS.MyGame.Tagged(1, "h")).__gc
    debug.sethook(gc, "c")
    local t = CS.MyGame.Tagged(2, "under hook")
    debug.sethook()
    assert.are.equal("under hook", t.name)
  end)

  it("finalizers that run while a hook is active still release", function()
    h.full_gc(2)
    local base = h.structs()
    local n = 0
    debug.sethook(function() n = n + 1 end, "crl")
    for i = 1, 300 do local t = CS.MyGame.Tagged(i, h.runtime_string("hk-")) end
    collectgarbage(); collectgarbage()
    debug.sethook()
    h.full_gc(2)
    assert.is_true(n > 0)
    assert.are.equal(base, h.structs())
  end)
end)

describe("debug.setlocal and libzlua's C frames", function()
  it("writes Lua locals as the standard one does, refuses C frames", function()
    local x = 1
    assert.are.equal("x", debug.setlocal(1, 1, 5))
    assert.are.equal(5, x)
    h.raises_containing("level out of range", debug.setlocal, 100, 1, 0)
    -- inside an IC callback, level 2 is the C# method's bridge closure (C)
    local err
    local cb = h.callback(function(hd)
      local ok, e = pcall(debug.setlocal, 3, 1, nil)
      err = e
    end)
    CS.Demo.InvokeWithPoint(cb, CS.MyGame.Point2D(1, 2))
    assert.are.equal("zlua: debug.setlocal cannot write a C function's stack", err)
    assert.are.equal(package.loaded.debug.setlocal, debug.setlocal)
  end)

  it("refuses a Lua function's internal slots (the interpreter relies on them)", function()
    for i = 1, 1 do
      assert.are.equal("(for state)", (debug.getlocal(1, 1)))
      local ok, err = pcall(function() local r = debug.setlocal(3, 1, 0) return r end)
      assert.is_false(ok)
      assert.is_truthy(err:find("zlua: debug.setlocal cannot write the internal slot (for state)", 1, true))
      assert.are.equal(1, i)
    end
    assert.is_nil(debug.setlocal(1, 200, 0))   -- no such variable: nil, as before
  end)
end)

describe("swapped member tables", function()
  it("an instance member found through the static path raises, and the reverse", function()
    local V = CS.MyGame.Vector2
    local sindex = debug.getmetatable(debug.getmetatable(V).__index).__index
    local reg = debug.getregistry()
    local _, inst = debug.getupvalue(V.__instance_mt.__index, 1)
    -- find Vector2's static_slots table in the registry and swap it for the
    -- instance member table
    local slots_ref
    for k, v in pairs(reg) do
      if type(k) == "number" and type(v) == "table" and v ~= inst and next(v) == nil then
        -- an empty table: Vector2 has no static fields; try it
        reg[k] = inst
        local ok, err = pcall(function() return V.Y end)
        reg[k] = v
        if not ok and err:find("tampered", 1, true) then slots_ref = k break end
      end
    end
    assert.is_not_nil(slots_ref, "the swapped static table was not detected")
    assert.is_truthy(sindex)
    local v = V(1, 2)
    local _, cls = debug.getupvalue(V.__instance_mt.__index, 2)
    debug.setupvalue(V.__instance_mt.__index, 1, reg[slots_ref])
    h.raises("'MyGame.Vector2' has no member 'Y2'", function() return v.Y2 end)
    debug.setupvalue(V.__instance_mt.__index, 1, inst)
    assert.are.equal(2, v.Y)
    assert.is_truthy(cls)
  end)
end)

describe("IC function names", function()
  it("a name with an embedded NUL is not its prefix", function()
    local called = 0
    h.global("OnA", function() called = called + 1 end)
    h.raises_containing("OnA\\0x is not a function (a nil value)",
                        CS.Demo.InvokeWithPoint, "OnA\0x", CS.MyGame.Point2D(1, 2))
    assert.are.equal(0, called)
    CS.Demo.InvokeWithPoint("OnA", CS.MyGame.Point2D(1, 2))
    assert.are.equal(1, called)
  end)
end)

describe("instance methods through the field index", function()
  local Line = CS.MyGame.Line

  -- p.Length finds its closure without checking p; the closure checks its
  -- self argument once, with the messages of every other method call.
  -- each through the method's own function (a stub when the build has
  -- them) and through the generic invoker's instance entry
  for _, via in ipairs({ "own", "generic" }) do
  local function fetch(o, name)
    return via == "own" and o[name] or testbed.generic(o, name)
  end
  it("a method fetched from one instance refuses another type's userdata (" .. via .. ")", function()
    local len = fetch(Point2D(1, 2), "Length")
    local move = fetch(Player("p"), "Move")
    h.raises("calling 'MyGame.Point2D.Length' on bad self (MyGame.Point2D expected, got MyGame.Line)",
             len, Line())
    h.raises("calling 'MyGame.Point2D.Length' on bad self (MyGame.Point2D expected, got MyGame.Player)",
             len, Player("q"))
    h.raises("calling 'MyGame.Player.Move' on bad self (MyGame.Player expected, got MyGame.Point2D)",
             move, Point2D(1, 2), 1, 2)
    h.raises("calling 'MyGame.Point2D.Length' on bad self (MyGame.Point2D expected, got table); use ':' to call a method",
             len, {})
    h.raises("calling 'MyGame.Point2D.Length' on bad self (MyGame.Point2D expected, got FILE*); use ':' to call a method",
             len, io.stdout)
    h.raises("calling 'MyGame.Point2D.Length' on bad self (MyGame.Point2D expected, got light userdata); use ':' to call a method",
             len, Demo.Buffer())   -- a light userdata
    h.raises("calling 'MyGame.Point2D.Length' on bad self (MyGame.Point2D expected, got no value); use ':' to call a method",
             len)
    local tagged = CS.MyGame.Tagged(1, "t")   -- a userdata longer than a Point2D
    h.raises("calling 'MyGame.Point2D.Length' on bad self (MyGame.Point2D expected, got MyGame.Tagged)",
             len, tagged)
  end)
  end

  it("argument counts and types keep their messages", function()
    local p, pl = Point2D(3, 4), Player("p")
    h.raises("wrong number of arguments to 'MyGame.Point2D.Length' (0 expected, got 1)",
             function() return p:Length(1) end)
    h.raises("wrong number of arguments to 'MyGame.Player.Move' (2 expected, got 1)",
             function() return pl:Move(1) end)
    h.raises("bad argument #2 to 'MyGame.Player.Move' (System.Single expected, got string)",
             function() return pl:Move(1, "2") end)
    assert.are.equal(5, p:Length())
    pl:Move(1, 2)
    pl:Move(0.5, 0.5)
    assert.are.equal(1.5, pl.Pos.x)
    assert.are.equal(2.5, pl.Pos.y)
  end)

  it("another type's __index applied to a userdata serves that userdata's own methods", function()
    local index = debug.getmetatable(Point2D(1, 2)).__index
    local l = Line()
    h.raises("ByVal userdata of MyGame.Point2D expected, got MyGame.Line", index, l, "Length")
    local pl = Player("p")
    local oindex = debug.getmetatable(pl).__index
    h.raises("ByObj userdata of MyGame.Player expected, got MyGame.Point2D", oindex,
             Point2D(1, 2), "Move")
    assert.are.equal(pl.Move, oindex(pl, "Move"))
  end)

  it("a method fetched before finalization refuses the finalized userdata", function()
    local tagged_mt = debug.getmetatable(CS.MyGame.Tagged(1, "t"))
    local len = Point2D(1, 2).Length
    local move = Player("p").Move
    local saved
    local function resurrect()
      -- A blittable Point2D has no __gc: it gets Tagged's metatable, whose
      -- __gc releases it by its own header (and marks it finalized).
      local p = Point2D(3, 4)
      debug.setmetatable(p, tagged_mt)
      setmetatable({ p, Player("ghost") }, { __gc = function(o) saved = o end })
    end
    resurrect()
    h.full_gc(2)
    assert.is_not_nil(saved, "the holder was finalized")
    h.raises("struct userdata has been finalized", len, saved[1])
    h.raises("object userdata has been finalized", move, saved[2], 1, 1)
    h.raises("object userdata has been finalized", function() return saved[2]:Move(1, 1) end)
    h.raises("object userdata has been finalized", function() return saved[2].Move end)
  end)

  it("method boxes moved between closures run by their own rules", function()
    -- the generic invoker's closures (a stub's entry has no upvalue)
    local p = Point2D(3, 4)
    local len, scale, add = testbed.generic(p, "Length", "upvalue"),
                            testbed.generic(p, "Scale", "upvalue"),
                            testbed.generic(Demo, "Add", "upvalue")
    local _, len_box = debug.getupvalue(len, 1)
    local _, scale_box = debug.getupvalue(scale, 1)
    local _, add_box = debug.getupvalue(add, 1)
    local ok, err = pcall(function()
      debug.setupvalue(len, 1, add_box)        -- a static method in the instance entry
      assert.are.equal(3, len(1, 2))
      debug.setupvalue(len, 1, scale_box)      -- another instance method
      len(p, 2)
      assert.are.equal(6, p.x)
      debug.setupvalue(add, 1, len_box)        -- an instance method in the simple entry
      assert.are.equal(10, add(p))
      debug.setupvalue(len, 1, -7)
      h.raises("zlua: tampered upvalue (method expected)", len, p)
      debug.setupvalue(len, 1, 1 << 30)
      h.raises("zlua: tampered upvalue (method expected)", len, p)
    end)
    debug.setupvalue(len, 1, len_box)
    debug.setupvalue(add, 1, add_box)
    assert.is_true(ok, err)
    assert.are.equal(10, p:Length())
    assert.are.equal(3, add(1, 2))
  end)

  it("a registry entry of a method closure replaced by a script costs only the fast path", function()
    local p = Point2D(3, 4)
    local len = p.Length
    local reg, key = debug.getregistry(), nil
    for k, v in pairs(reg) do if v == len then key = k end end
    assert.is_not_nil(key, "the closure is referenced from the registry")
    reg[key] = 42                              -- not a function: the member table answers
    assert.are.equal(len, p.Length)
    assert.are.equal(5, p:Length())
    reg[key] = len
    assert.are.equal(5, p:Length())
  end)
end)

describe("struct constructors in cells", function()
  it("a bad argument raises with the same message", function()
    h.raises("bad argument #2 to 'MyGame.Point2D(...)' (System.Single expected, got string)",
             Point2D, 1, "2")
    h.raises("bad argument #1 to 'MyGame.Point2D(...)' (System.Single expected, got nil)",
             Point2D._ctor, nil, 2)
  end)

  it("a throwing constructor raises after its scope is closed; T(...) and T._ctor agree", function()
    testbed.throw_next("System.InvalidOperationException", "no point")
    h.raises_containing("System.InvalidOperationException: no point (in MyGame.Point2D(...))",
                        Point2D, 1, 2)
    local created = Point2D.Created
    local a, b = Point2D(1.5, -2), Point2D._ctor(1.5, -2)
    assert.are.equal(created + 2, Point2D.Created)
    assert.are.equal(1.5, a.x); assert.are.equal(-2, a.y)
    assert.are.equal(a.x, b.x); assert.are.equal(a.y, b.y)
    assert.are.equal(0, Point2D().x)
  end)
end)

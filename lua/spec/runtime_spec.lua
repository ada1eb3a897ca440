-- runtime_spec.lua -- the player runtime contract: managed
-- exceptions raised the way IL2CPP raises them (C++ exceptions) by method
-- bodies and by runtime operations, caught by the glue, turned into R-DEF-4
-- Lua errors with everything restored (R-RT-1); static constructors run
-- once before the first access (R-RT-2); a C# caller of a failing Lua
-- function gets a managed exception (R-IC-1).
--
-- The static constructors here are counted, not assumed first: another
-- spec of the same process (lua.one_process) may have run MyGame.Config's
-- already; ZLuaTests.InitRetry is this file's alone.

local h = require "helpers"
local it_sim = h.sim_it(it, pending)

local Demo = CS.Demo
local OOM = "System.OutOfMemoryException: Insufficient memory to continue the " ..
            "execution of the program."
local function tie(type_name)
  return "System.TypeInitializationException: The type initializer for '" ..
         type_name .. "' threw an exception."
end

-- Everything a failed call must leave as it found (R-DEF-4, R-OPQ-5).
local function invariants()
  h.full_gc(2)
  local s = testbed.stats()
  return { handles = s.handles, scope_depth = s.scope_depth,
           structs = s.structs, objects = s.objects }
end

local function assert_invariants(before, what)
  local now = invariants()
  for k, v in pairs(before) do
    assert.are.equal(v, now[k], what .. ": " .. k .. " not restored")
  end
end

describe("R-RT-2 static constructors", function()
  -- first: nothing may touch MyGame.Config before this test
  it("MyGame.Config's first access runs its static constructor once", function()
    local Config = CS.MyGame.Config
    assert.are.equal(3, Config.Version)
    assert.is_true(Config.Loaded)
    assert.are.equal(1, Config.Inits)
    assert.are.equal(3, Config.Get())
    Config.Version = 4
    assert.are.equal(4, Config.Get())
    assert.are.equal(1, Config.Inits)
    Config.Version = 3
  end)

  it("a throwing static constructor is System.TypeInitializationException naming the type", function()
    h.raises(tie("MyGame.Broken") .. " (in MyGame.Broken.Value)",
             function() return CS.MyGame.Broken.Value end)
  end)

  it("the type stays unusable: every later access throws again", function()
    local Broken = CS.MyGame.Broken
    h.raises(tie("MyGame.Broken") .. " (in MyGame.Broken.Value)",
             function() return Broken.Value end)
    h.raises(tie("MyGame.Broken") .. " (in MyGame.Broken.Value)",
             function() Broken.Value = 1 end)
    h.raises(tie("MyGame.Broken") .. " (in MyGame.Broken(...))", Broken)
  end)

  -- a static constructor that calls Lua, which uses the class: the
  -- runtime lets that inner call proceed (this thread runs the
  -- constructor), but the class is not initialised until the
  -- constructor returns, and here it then throws
  local it_entries = testbed.delegates and it or pending
  it_entries("R-RT-2: a class used from inside its own static constructor is not initialised until it returns",
     function()
    local Reentrant, Hooks = CS.MyGame.Reentrant, CS.MyGame.Hooks
    local inner
    Hooks.OnInit = function(x) inner = Reentrant.Get(); return -x end
    h.raises(tie("MyGame.Reentrant") .. " (in MyGame.Reentrant.Get)", Reentrant.Get)
    assert.are.equal(0, inner)          -- ran while the constructor did
    -- the constructor failed: the type stays unusable, however it was
    -- reached during its constructor
    h.raises(tie("MyGame.Reentrant") .. " (in MyGame.Reentrant.Get)", Reentrant.Get)
    h.raises(tie("MyGame.Reentrant") .. " (in MyGame.Reentrant.Value)",
             function() return Reentrant.Value end)
    Hooks.OnInit = nil
  end)

  it("a failed class init (injected) is retried on the next access", function()
    -- a class nothing else initialises, so the injection is this test's
    local InitRetry = CS.ZLuaTests.InitRetry
    testbed.fail_next("class_init")
    local ok, err = pcall(h.raises, tie("ZLuaTests.InitRetry") .. " (in ZLuaTests.InitRetry.Value)",
                          function() return InitRetry.Value end)
    testbed.fail_next("class_init", 0)   -- never left pending for later specs
    assert(ok, err)
    assert.are.equal(7, InitRetry.Value)
  end)
end)

describe("R-RT-1 method bodies that throw", function()
  it("Demo.Throw(msg) is 'System.InvalidOperationException: msg (in Demo.Throw)'", function()
    local before = invariants()
    h.raises("System.InvalidOperationException: boom (in Demo.Throw)", Demo.Throw, "boom")
    assert_invariants(before, "Demo.Throw")
  end)

  it("Demo.ThrowArg names the parameter", function()
    h.raises("System.ArgumentException: Value does not fall within the expected range.\n" ..
             "Parameter name: x (in Demo.ThrowArg)", Demo.ThrowArg, "x")
  end)

  it("a throwing struct constructor leaves no userdata half made", function()
    local before = invariants()
    local msg = "System.ArgumentOutOfRangeException: Specified argument was out of the " ..
                "range of valid values.\nParameter name: v"
    h.raises(msg .. " (in MyGame.Fragile(...))", CS.MyGame.Fragile, -1)
    h.raises(msg .. " (in Demo.MakeFragile)", Demo.MakeFragile, -1)
    assert.are.equal(2, CS.MyGame.Fragile(2).v)
    assert.are.equal(5, Demo.MakeFragile(5).v)
    assert_invariants(before, "Fragile")
  end)
end)

describe("R-RT-1 runtime operations that throw", function()
  it("string creation out of memory while popping an argument", function()
    local before = invariants()
    testbed.fail_next("string_new")
    h.raises(OOM .. " (in Demo.Concat)", Demo.Concat, "a", "b")
    assert.are.equal("ab", Demo.Concat("a", "b"))
    assert_invariants(before, "string_new")
  end)

  it("string creation out of memory for the second argument", function()
    testbed.fail_next("string_new", 2)
    h.raises(OOM .. " (in Demo.Concat)", Demo.Concat, "a", "b")
  end)

  it("object creation whose static constructor throws", function()
    local before = invariants()
    testbed.fail_next("object_new")
    h.raises(tie("MyGame.Player") .. " (in MyGame.Player(...))", CS.MyGame.Player, "p")
    assert.are.equal("p", CS.MyGame.Player("p").Name)
    assert_invariants(before, "object_new")
  end)

  it("boxing for an object field", function()
    local t = CS.MyGame.Tagged(1, "x")
    testbed.fail_next("value_box")
    h.raises(tie("System.Int32") .. " (in MyGame.Tagged.payload)",
             function() t.payload = 5 end)
    t.payload = 6   -- the next box works
    assert.is_not_nil(t.payload)
  end)

  it_sim(h.FAULT_IN_BODY, "array creation inside a method body", function()
    testbed.fail_next("array_new")
    h.raises(OOM .. " (in Demo.MakeArray)", Demo.MakeArray, 3)
  end)

  it("an unknown operation is refused by the testbed", function()
    h.raises_containing("unknown runtime operation", testbed.fail_next, "nope")
  end)
end)

describe("R-IC-1 a Lua error raised into the C# caller", function()
  it("is a System.InvalidOperationException carrying the Lua message", function()
    local before = invariants()
    local fn = h.callback(function() error("lua side failed", 0) end)
    h.raises("System.InvalidOperationException: lua side failed (in Demo.InvokeWithRefInt)",
             Demo.InvokeWithRefInt, fn, 5)
    assert_invariants(before, "IC error")
  end)
end)

describe("every fixture method made to throw (R-DEF-4)", function()
  local P = CS.MyGame.Point2D
  local player = CS.MyGame.Player("p")
  local pt = P(3, 4)
  local nop = h.callback(function() end)
  -- name as reported, then the call; each one throws the injected exception
  local calls = {
    {"Demo.Add", function() return Demo.Add(1, 2) end},
    {"Demo.AddLong", function() return Demo.AddLong(1, 2) end},
    {"Demo.Mul", function() return Demo.Mul(1.5, 2) end},
    {"Demo.EchoByte", function() return Demo.EchoByte(1) end},
    {"Demo.EchoULong", function() return Demo.EchoULong(1) end},
    {"Demo.EchoChar", function() return Demo.EchoChar(65) end},
    {"Demo.Concat", function() return Demo.Concat("a", "b") end},
    {"Demo.Not", function() return Demo.Not(true) end},
    {"Demo.MakePoint", function() return Demo.MakePoint(1, 2) end},
    {"Demo.SumPoint", function() return Demo.SumPoint(pt) end},
    {"Demo.MakeTagged", function() return Demo.MakeTagged(1, "t") end},
    {"Demo.GetColor", function() return Demo.GetColor() end},
    {"Demo.Box", function() return Demo.Box(1) end},
    {"Demo.MaybeInt", function() return Demo.MaybeInt(true) end},
    {"Demo.OrZero", function() return Demo.OrZero(5) end},
    {"Demo.MakeArray", function() return Demo.MakeArray(2) end},
    {"Demo.MakePlayer", function() return Demo.MakePlayer("x") end},
    {"Demo.MakeFragile", function() return Demo.MakeFragile(1) end},
    {"Demo.InvokeWithRefInt", function() return Demo.InvokeWithRefInt(nop, 1) end},
    {"MyGame.Config.Get", function() return CS.MyGame.Config.Get() end},
    {"MyGame.Point2D(...)", function() return P(1, 2) end},
    {"MyGame.Player(...)", function() return CS.MyGame.Player("q") end},
    {"MyGame.Point2D.Length", function() return pt:Length() end},
    {"MyGame.Point2D.Scale", function() return pt:Scale(2) end},
    {"MyGame.Player.Move", function() return player:Move(1, 2) end},
    {"MyGame.Player.Area", function() return player:Area() end},
    {"MyGame.Player.get_Level", function() return player.Level end},
    {"MyGame.Player.set_Level", function() player.Level = 3 end},
  }
  for _, c in ipairs(calls) do
    it(c[1] .. " reports the exception and restores everything", function()
      local before = invariants()
      testbed.throw_next("System.InvalidOperationException", "injected")
      h.raises_containing("System.InvalidOperationException: injected (in " .. c[1],
                          c[2])
      assert_invariants(before, c[1])
      assert.is_true(pcall(c[2]), c[1] .. " runs normally afterwards")
    end)
  end
end)

describe("a null or dead this", function()
  it("is refused by libzlua before any invoke", function()
    local move = CS.MyGame.Player("p").Move
    h.raises("calling 'MyGame.Player.Move' on bad self (MyGame.Player expected, got nil); use ':' to call a method",
             move, nil, 1, 2)
    local len = CS.MyGame.Point2D(1, 2).Length
    h.raises("calling 'MyGame.Point2D.Length' on bad self (MyGame.Point2D expected, got nil); use ':' to call a method",
             len, nil)
  end)

  it("a finalized (resurrected) userdata is refused as this", function()
    local saved
    local function resurrect()
      -- Tagged is not blittable: its payload cell is released by __gc
      setmetatable({ CS.MyGame.Tagged(1, "t"), CS.MyGame.Player("ghost") },
                   { __gc = function(o) saved = o end })
    end
    resurrect()
    h.full_gc(2)
    assert.is_not_nil(saved, "the holder was finalized")
    h.raises("struct userdata has been finalized", function() return saved[1]:ToString() end)
    h.raises("object userdata has been finalized", function() return saved[2]:Move(1, 1) end)
  end)
end)

describe("1000 alternating throwing and normal calls", function()
  it("leave the state working and every invariant intact", function()
    local before = invariants()
    local ok_fn = h.callback(function(ref) zlua.set_opaquevalue(ref, zlua.get_opaquevalue(ref) + 1) end)
    local bad_fn = h.callback(function() error("no", 0) end)
    local throws = {
      function() testbed.throw_next("System.InvalidOperationException", "x"); return Demo.Add(1, 2) end,
      function() return Demo.Throw("y") end,
      function() testbed.fail_next("string_new"); return Demo.Concat("a", "b") end,
      function() testbed.fail_next("object_new"); return CS.MyGame.Player("q") end,
      function() return CS.MyGame.Fragile(-1) end,
      function() return Demo.InvokeWithRefInt(bad_fn, 1) end,
      function() return CS.MyGame.Broken.Value end,
    }
    for i = 1, 1000 do
      if i % 2 == 1 then
        local ok = pcall(throws[(i // 2) % #throws + 1])
        assert.is_false(ok, "call " .. i .. " should have thrown")
      else
        assert.are.equal(i + 1, Demo.Add(i, 1))
        assert.are.equal("a" .. i, Demo.Concat("a", tostring(i)))
        assert.are.equal(i + 1, Demo.InvokeWithRefInt(ok_fn, i))
      end
    end
    assert_invariants(before, "after 1000 calls")
    assert.are.equal(1, CS.MyGame.Config.Inits)
  end)
end)

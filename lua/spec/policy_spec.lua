-- R-POLICY-1: which C# types scripts may reach is the embedder's policy
-- (zlua_policy_allow / _deny / _preset).  Each case runs in a state of its
-- own (testbed.sandbox), its rules set after zlua_open and before anything
-- binds; the same checks run on the simulation, on Mono and in the Editor
-- host.  libzlua's own managed entry points are refused without any rule.
local ESTATE, EINVAL = -3, -2

local function denied(name)
  return "type not accessible: " .. name
end

local function run(opts, chunk, late)
  return testbed.sandbox(opts, chunk, late)
end

local function refused(opts, chunk, name)
  local ok, msg = run(opts, chunk)
  assert.is_false(ok, chunk)
  assert.is_truthy(msg:find(denied(name), 1, true), msg)
end

local function works(opts, chunk, want)
  local ok, res = run(opts, chunk)
  assert.is_true(ok, res)
  if want ~= nil then assert.are.equal(want, res) end
end

describe("R-POLICY-1: the embedder's policy of reachable types", function()
  it("R-POLICY-1: a denied namespace's types raise 'type not accessible' through CS and CSharp",
     function()
    local opts = { deny = { "MyGame.*" } }
    refused(opts, "return CS.MyGame.Point2D", "MyGame.Point2D")
    refused(opts, "return CSharp['Assembly-CSharp']['MyGame.Point2D']", "MyGame.Point2D")
    refused(opts, "return CS['MyGame.Point2D']", "MyGame.Point2D")
    -- another namespace, and the global namespace, stay reachable
    works(opts, "return CS.Demo.Add(1, 2)", "3")
    works(opts, "return rawequal(CS.System.String, CS['System.String'])", "true")
  end)

  it("R-POLICY-1: a type rule beats its namespace's, an allow list is deny '*' plus allows",
     function()
    local opts = { deny = { "MyGame.*" }, allow = { "MyGame.Point2D" } }
    works(opts, "return CS.MyGame.Point2D(1, 2).x", "1.0")
    refused(opts, "return CS.MyGame.Color", "MyGame.Color")
    local only = { deny = { "*" }, allow = { "MyGame.*" } }
    works(only, "return CS.MyGame.Point2D(3, 4).y", "4.0")
    refused(only, "return CS.Demo", "Demo")
    refused(only, "return CS.System.String", "System.String")
    -- the later of an allow and a deny of one pattern decides
    works({ deny = { "MyGame.Color" }, allow = { "MyGame.Color" } },
          "return tostring(CS.MyGame.Color ~= nil)", "true")
  end)

  it("R-POLICY-1: an assembly rule covers every type of it, below namespace and type rules",
     function()
    local opts = { deny = { "[Assembly-CSharp]" }, allow = { "MyGame.Point2D" } }
    refused(opts, "return CS.Demo", "Demo")
    refused(opts, "return CS.MyGame.Color", "MyGame.Color")
    works(opts, "return CS.MyGame.Point2D(5, 6).x", "5.0")
    works({ deny = { "[Assembly-CSharp.dll]" } }, "return rawequal(CS.System.String, CS.System.String)", "true")
    refused({ deny = { "[Assembly-CSharp.dll]" } }, "return CS.Demo", "Demo")
  end)

  it("R-POLICY-1: a value C# hands over of a denied type raises where it would reach Lua",
     function()
    local opts = { deny = { "MyGame.Tagged" } }
    refused(opts, "return CS.Demo.MakeTagged(1, 'a')", "MyGame.Tagged")
    works(opts, "return CS.Demo.SumPoint(CS.MyGame.Point2D(1, 2))", "3.0")
    -- the type is never bound, however often it is asked for
    refused(opts, "pcall(CS.Demo.MakeTagged, 1, 'a') return CS.Demo.MakeTagged(2, 'b')",
            "MyGame.Tagged")
  end)

  it("R-POLICY-1: a Lua function for a denied delegate type is an argument error", function()
    -- judged before the entry is looked for: the same with or without entries
    local ok, msg = run({ deny = { "MyGame.IntOp" } },
                        "return CS.Demo.Apply(function(a, b) return a + b end, 1, 2)")
    assert.is_false(ok)
    assert.is_truthy(msg:find("bad argument #1 to 'Demo.Apply' (type not accessible: MyGame.IntOp)",
                              1, true), msg)
    if testbed.delegates then
      works({}, "return CS.Demo.Apply(function(a, b) return a + b end, 1, 2)", "3")
    end
  end)

  it("R-POLICY-1: a type named by a string (generic arguments, box, typeof) is judged too",
     function()
    local opts = { deny = { "MyGame.Point2D" } }
    local ok, msg = run(opts, "return zlua.typeof('MyGame.Point2D')")
    assert.is_false(ok)
    assert.is_truthy(msg:find("bad argument #1 to 'typeof' (type not accessible: MyGame.Point2D)",
                              1, true), msg)
    ok, msg = run(opts, "return zlua.box('MyGame.Point2D', 1)")
    assert.is_false(ok)
    assert.is_truthy(msg:find("(type not accessible: MyGame.Point2D)", 1, true), msg)
    -- an array of a denied element type is denied with it
    refused({ deny = { "System.String" } }, "return CS.Demo.Names()", "System.String[]")
  end)

  it("R-POLICY-1: the mods preset denies reflection (System.Type), the rest stays", function()
    local opts = { preset = "mods" }
    -- the object's view: System.Type on the simulation, the runtime's
    -- System.RuntimeType on Mono; both denied
    local ok, msg = run(opts, "return zlua.typeof(CS.Demo)")
    assert.is_false(ok)
    assert.is_truthy(msg:find("type not accessible: System%.R?u?n?t?i?m?e?Type$"), msg)
    refused(opts, "return CS.System.Type", "System.Type")
    works(opts, "return CS.Demo.Add(2, 3)", "5")
    works(opts, "return CS.Demo.Concat('m', 'od')", "mod")
    -- refined afterwards: allowed again
    works({ preset = "mods", allow = { "System.Type", "System.RuntimeType" } },
          "return tostring(zlua.typeof(CS.Demo) ~= nil)", "true")
  end)

  it("R-POLICY-1: rules are refused once a type was bound, and malformed ones always", function()
    local ok, res, late = run({}, "return CS.Demo.Add(1, 1)", "MyGame.*")
    assert.is_true(ok)
    assert.are.equal(ESTATE, late)
    for _, bad in ipairs({ "System..IO", "*x", "[]", "Sys tem", "A.", ".A", "A.*.*", "" }) do
      local r, why = run({ deny = { bad } }, "return 1")
      assert.is_nil(r, bad)
      assert.are.equal(bad .. ": " .. EINVAL, why)
    end
  end)

  it("R-POLICY-1: libzlua's own managed entry points are never reachable", function()
    if testbed.runtime ~= "mono" then
      return   -- the simulation's corlib has no ZLua.* types: test_policy.c names them
    end
    -- the host helpers are not public: no type there at all
    local ok, msg = pcall(function() return CS.ZLuaMonoHost.Reflect.Collect() end)
    assert.is_false(ok)
    assert.is_truthy(tostring(msg):find("ZLuaMonoHost.Reflect", 1, true), tostring(msg))
    if testbed.host == "editor" then
      ok, msg = pcall(function() return CS.ZLua.LuaEnv end)
      assert.is_false(ok)
      assert.is_truthy(tostring(msg):find(denied("ZLua.LuaEnv"), 1, true), tostring(msg))
      ok, msg = pcall(function() return CSharp["ZLua.LuaEnv"]["ZLua.LuaEnv"] end)
      assert.is_false(ok)
      assert.is_truthy(tostring(msg):find(denied("ZLua.LuaEnv"), 1, true), tostring(msg))
      -- even an allow rule does not open them
      ok, msg = run({ allow = { "ZLua.LuaEnv", "[ZLua.LuaEnv]" } }, "return CS.ZLua.LuaEnv")
      assert.is_false(ok)
      assert.is_truthy(msg:find(denied("ZLua.LuaEnv"), 1, true), msg)
    end
  end)
end)

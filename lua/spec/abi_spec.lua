-- abi_spec.lua -- structs whose layout the calling convention treats
-- specially (R-META-3), through the generated stubs and through the
-- generic invoker: by value in, by value out, by ref, and handed from C#
-- to Lua (IC) as ref handles.  The simulation's bodies take and return
-- the natural C structs, so a stub declaring one otherwise (a padding
-- member turning an eightbyte of floats into an INTEGER one on x86-64)
-- reads garbage here.  Every value is exact in float and double.

local h = require "helpers"

local Abi = CS.ZLuaTests.Abi

-- each struct: its Make arguments, the fields they give, their sum
local cases = {
  { name = "FloatDouble", args = { 2.25, 1500 }, fields = { "a", "b" } },
  { name = "IntFloat", args = { -7, 0.5 }, fields = { "a", "b" } },
  { name = "ByteFloatByte", args = { 200, 1.5, 3 }, fields = { "a", "b", "c" } },
  { name = "DoubleFloatFloat", args = { 1500.125, 0.25, 2 }, fields = { "a", "b", "c" } },
  { name = "Nested", args = { 3, 0.5, 0.25, 1498.5 }, fields = { "head.a", "head.b", "x", "y" } },
  { name = "Sized", args = { 2.25, 1500 }, fields = { "a", "b" } },
  -- Pack = 1: no stub declares it, so by value it keeps the generic invoker
  { name = "Packed", args = { 200, -70000 }, fields = { "a", "b" }, packed = true },
}

local function field(v, path)
  for part in path:gmatch("[^.]+") do v = v[part] end
  return v
end

-- the struct's fields as a list, in declaration order
local function values(v, c)
  local r = {}
  for i, f in ipairs(c.fields) do r[i] = field(v, f) end
  return r
end

local function plus(list, k)
  local r = {}
  for i, x in ipairs(list) do r[i] = x + k end
  return r
end

local function sum(list)
  local s = 0
  for _, x in ipairs(list) do s = s + x end
  return s
end

-- the method's Lua function (a stub when the build has stubs) and the same
-- method through the generic invoker
local function paths(name)
  return { { "entry", Abi[name] }, { "generic", testbed.generic(Abi, name) } }
end

describe("R-META-3: structs the ABI treats specially", function()
  it("are served by stubs when the build has them", function()
    local want = testbed.stubs and "stub" or "generic"
    for _, c in ipairs(cases) do
      for _, m in ipairs({ "Make", "Sum", "Next", "Bump", "Invoke" }) do
        if not c.packed or m == "Bump" then   -- a byref is a pointer either way
          assert.are.equal(want, testbed.bridge_kind(Abi, m .. c.name), m .. c.name)
        elseif m ~= "Invoke" then
          assert.are.equal("generic", testbed.bridge_kind(Abi, m .. c.name), m .. c.name)
        end
      end
    end
  end)

  for _, c in ipairs(cases) do
    it(c.name .. ": returned by value (Make), exactly", function()
      for _, f in ipairs(paths("Make" .. c.name)) do
        assert.are.same(c.args, values(f[2](table.unpack(c.args)), c), f[1])
      end
    end)

    it(c.name .. ": passed by value (Sum), exactly", function()
      local v = Abi["Make" .. c.name](table.unpack(c.args))
      for _, f in ipairs(paths("Sum" .. c.name)) do
        assert.are.equal(sum(c.args), f[2](v), f[1])
      end
      if c.name ~= "IntFloat" and c.name ~= "ByteFloatByte" and not c.packed then
        assert.are.equal(1502.25 + (c.name == "DoubleFloatFloat" and 0.125 or 0), sum(c.args))
      end
    end)

    it(c.name .. ": passed and returned by value (Next)", function()
      local v = Abi["Make" .. c.name](table.unpack(c.args))
      for _, f in ipairs(paths("Next" .. c.name)) do
        assert.are.same(plus(c.args, 1), values(f[2](v), c), f[1])
        assert.are.same(c.args, values(v, c), f[1] .. ": the argument is a copy")
      end
    end)

    it(c.name .. ": passed by ref (Bump) writes the caller's struct", function()
      for _, f in ipairs(paths("Bump" .. c.name)) do
        local v = Abi["Make" .. c.name](table.unpack(c.args))
        f[2](v)
        assert.are.same(plus(c.args, 1), values(v, c), f[1])
      end
    end)

    if not c.packed then   -- no IC method takes Packed
      it(c.name .. ": C# calling Lua with a ref handle (Invoke), read, bumped and set", function()
        for _, inv in ipairs(paths("Invoke" .. c.name)) do
          for _, bump in ipairs(paths("Bump" .. c.name)) do
            local seen
            local fn = h.callback(function(hv)
              seen = Abi["Sum" .. c.name](zlua.to_user_data(hv))
              bump[2](hv)                            -- through the handle: C#'s local
            end)
            local r = inv[2](fn, Abi["Make" .. c.name](table.unpack(c.args)))
            assert.are.equal(sum(c.args), seen, inv[1] .. "/" .. bump[1])
            assert.are.same(plus(c.args, 1), values(r, c), inv[1] .. "/" .. bump[1])
          end
          local fn = h.callback(function(hv)
            local copy = zlua.to_user_data(hv)
            zlua.set_opaquevalue(hv, Abi["Next" .. c.name](Abi["Next" .. c.name](copy)))
          end)
          local r = inv[2](fn, Abi["Make" .. c.name](table.unpack(c.args)))
          assert.are.same(plus(c.args, 2), values(r, c), inv[1] .. " set")
        end
      end)
    end
  end
end)

describe("R-META-3: a method whose code no stub may call directly", function()
  -- in the simulation: methodPointer NULL, shared code of another
  -- signature (indirect_call_via_invokers), an unresolved-call stub that
  -- raises; each has the shape of Demo.Add, which a stub serves
  local Pointers = CS.ZLuaTests.Pointers
  for _, name in ipairs({ "NoPointer", "Indirect", "Unresolved" }) do
    it(name .. " keeps the generic invoker and gives the right result", function()
      assert.are.equal("generic", testbed.bridge_kind(Pointers, name))
      assert.are.equal(12, Pointers[name](1, 2))
      assert.are.equal(-51, testbed.generic(Pointers, name)(-5, -1))
    end)
  end

  it("while a method of the same shape takes its stub", function()
    assert.are.equal(testbed.stubs and "stub" or "generic", testbed.bridge_kind(CS.Demo, "Add"))
  end)
end)

describe("R-LINK-1: a method whose code the managed linker stripped", function()
  -- in the simulation: its metadata without code (no methodPointer, no
  -- invoker), as a player's linker leaves a method link.xml did not keep
  local it_sim = h.sim_it(it, pending)
  local Pointers = CS.ZLuaTests.Pointers
  it_sim(h.NOTHING_STRIPPED, "raises an error naming it, on every path, and Lua goes on",
         function()
    local want = "System.ExecutionEngineException: zlua: ZLuaTests.Pointers.Stripped has no "
      .. "code in this player: the managed linker stripped it"
    assert.are.equal("generic", testbed.bridge_kind(Pointers, "Stripped"))
    for _, f in ipairs(h.both(Pointers, "Stripped")) do
      h.raises_containing(want, f, 1, 2)
    end
    assert.are.equal(12, Pointers.NoPointer(1, 2))
  end)
end)

-- unsupported_spec.lua -- methods libzlua binds but cannot call (the
-- default marshal rules for TypedReference, decimal and by-val ref structs;
-- docs/lua-api.md "Methods Lua cannot call"):
-- they stay on their type table (a function, never `'T' has no member`),
-- are reported once per method and state through the log function, and
-- raise `'T.M' cannot be called from Lua: WHY` when called.  Also the
-- overload tie of overload dispatch (no unique best: the first declared).
--
-- The types live in the test-only assembly ZLua.Tests (tests/sim/
-- sim_catalog_tests.c), not in the fixture catalog.  No other spec binds
-- ZLuaTests.Unsupported, so its report lines are all still to come at the
-- first test, also when every spec shares one process (lua.one_process).

local h = require "helpers"

testbed.logs()   -- whatever opening the state logged is not ours

local NAME = "ZLuaTests.Unsupported"
local INT = "System.Int32"
local function ints(n)
  local t = {}
  for i = 1, n do t[i] = INT end
  return table.concat(t, ",")
end

-- method name -> its signature key and the reason, exactly as method_bind.c
-- words them (the frame of Huge: 1100 bytes of Big, the int result at the
-- next 16-byte boundary, 1104 + 4)
local UNUSABLE = {
  TakeDecimal = { "TakeDecimal(System.Decimal)",
                  "unsupported parameter type System.Decimal (parameter 1)" },
  GetDecimal = { "GetDecimal()", "unsupported return type System.Decimal" },
  TakeTyped = { "TakeTyped(System.TypedReference)",
                "unsupported parameter type System.TypedReference (parameter 1)" },
  TakeSpan = { "TakeSpan(ZLuaTests.Span8)",
               "unsupported parameter type ZLuaTests.Span8 (parameter 1)" },
  Many = { "Many(" .. ints(17) .. ")", "17 parameters, more than the bridge's 16" },
  Huge = { "Huge(ZLuaTests.Big)",
           "its arguments need 1108 bytes, more than the bridge's 1024" },
  get_Price = { "get_Price()", "unsupported return type System.Decimal" },
}

local function log_line(method)
  local u = UNUSABLE[method]
  return ("[ZLua] %s.%s cannot be called from Lua: %s"):format(NAME, u[1], u[2])
end

local function call_error(method)
  return ("'%s.%s' cannot be called from Lua: %s"):format(NAME, method, UNUSABLE[method][2])
end

-- the lines as a set: the order members bind in is not part of the contract
local function as_set(lines)
  local s = {}
  for _, l in ipairs(lines) do
    assert.is_nil(s[l], "logged twice: " .. l)
    s[l] = true
  end
  return s
end

describe("methods Lua cannot call", function()
  it("are reported once each, through the log function, when the type binds", function()
    local U = CS.ZLuaTests.Unsupported
    assert.are.equal(3, U.Fine(3))   -- every member is bound by now
    local want = {}
    for method in pairs(UNUSABLE) do want[log_line(method)] = true end
    assert.are.same(want, as_set(testbed.logs()))
  end)

  it("binding the type again in the same state logs nothing new", function()
    local U = CSharp["ZLua.Tests"][NAME]
    assert.is_true(rawequal(CS.ZLuaTests.Unsupported, U))
    assert.is_true(rawequal(U, CSharp["ZLua.Tests.dll"][NAME]))
    for method in pairs(UNUSABLE) do
      if method ~= "get_Price" then
        assert.are.equal("function", type(U[method]))
        pcall(U[method], 1)
      end
    end
    pcall(function() return U.Price end)
    assert.are.same({}, testbed.logs())
  end)

  it("exist on their type table as functions", function()
    local U = CS.ZLuaTests.Unsupported
    for method in pairs(UNUSABLE) do
      if method ~= "get_Price" then
        assert.are.equal("function", type(U[method]), method)
      end
    end
  end)

  it("raise `'T.M' cannot be called from Lua: WHY` when called", function()
    local U = CS.ZLuaTests.Unsupported
    h.raises(call_error("TakeDecimal"), function() return U.TakeDecimal(1) end)
    h.raises(call_error("TakeDecimal"), function() return U.TakeDecimal() end)
    h.raises(call_error("GetDecimal"), function() return U.GetDecimal() end)
    h.raises(call_error("TakeTyped"), function() return U.TakeTyped(1) end)
    h.raises(call_error("TakeSpan"), function() return U.TakeSpan({}) end)
    h.raises(call_error("Many"), function()
      return U.Many(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)
    end)
    h.raises(call_error("Huge"), function() return U.Huge(CS.ZLuaTests.Big()) end)
  end)

  it("reading a decimal property raises its getter's error", function()
    local U = CS.ZLuaTests.Unsupported
    h.raises(call_error("get_Price"), function() return U.Price end)
  end)

  it("leave the type usable: Fine(3) == 3", function()
    assert.are.equal(3, CS.ZLuaTests.Unsupported.Fine(3))
    assert.are.equal(-7, CSharp["ZLua.Tests"][NAME].Fine(-7))
  end)

  it("an unknown name still raises `has no member`", function()
    h.raises("'ZLuaTests.Unsupported' has no member 'Nope'",
             function() return CS.ZLuaTests.Unsupported.Nope end)
  end)
end)

describe("no unique best overload", function()
  local Ties, AB = CS.ZLuaTests.Ties, CS.ZLuaTests.AB

  it("AB converts to IA and to IB alike: the first declared wins", function()
    assert.are.equal("IA", Ties.Tie(AB()))
  end)

  it("the other candidate stays reachable by its full-signature key", function()
    assert.are.equal("IB", Ties["Tie(ZLuaTests.IB)"](AB()))
    assert.are.equal("IA", Ties["Tie(ZLuaTests.IA)"](AB()))
  end)

  it("nothing applicable still lists both candidates", function()
    h.raises("no overload for ZLuaTests.Ties.Tie matching (number); candidates: " ..
             "Tie(ZLuaTests.IA), Tie(ZLuaTests.IB)", function() return Ties.Tie(1) end)
  end)
end)

describe("value types without a Lua shape are not constructed", function()
  it("a ref struct or decimal type table refuses T(), T._ctor() and T._default()", function()
    for _, name in ipairs({ "ZLuaTests.Span8", "System.Decimal" }) do
      local T = CS[name]
      local msg = "'" .. name .. "' cannot be constructed from Lua: unsupported type"
      h.raises(msg, function() return T() end)
      h.raises(msg, function() return T._ctor() end)
      h.raises(msg, function() return T._default() end)
    end
  end)

  it("a large but ordinary struct is constructed (only the method's frame is too big)", function()
    assert.are.equal("byval", h.kind(CS.ZLuaTests.Big()))
  end)
end)

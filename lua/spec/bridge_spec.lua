-- bridge_spec.lua -- generated MethodBridge stubs against the generic
-- invoker (R-META-3): "both give identical Lua-visible results".
-- Every case runs the method's Lua function (a stub when the build has
-- stubs) and the same method through the generic invoker
-- (testbed.generic), and compares results or error messages exactly.

local h = require "helpers"

local Demo = CS.Demo
local P = CS.MyGame.Point2D
local Player = CS.MyGame.Player

local function outcome(f, ...)
  local r = table.pack(pcall(f, ...))
  for i = 2, r.n do
    if type(r[i]) == "string" then r[i] = h.strip_position(r[i]) end
    if type(r[i]) == "userdata" then   -- compare userdata by what they hold
      local ok, x, y = pcall(function() return r[i].x, r[i].y end)
      r[i] = ok and ("(%s, %s)"):format(tostring(x), tostring(y)) or tostring(getmetatable(r[i]) ~= nil)
    end
  end
  return r
end

local function same(T, name, ...)
  local stub, generic = T[name], testbed.generic(T, name)
  local a, b = outcome(stub, ...), outcome(generic, ...)
  assert.are.same(b, a, name)
  return a
end

describe("stubs", function()
  it("serve the fixture methods when the build has them", function()
    local want = testbed.stubs and "stub" or "generic"
    assert.are.equal(want, testbed.bridge_kind(Demo, "Add"))
    assert.are.equal(want, testbed.bridge_kind(Demo, "Concat"))
    assert.are.equal(want, testbed.bridge_kind(CS.MyGame.Config, "Get"))
    assert.is_nil(testbed.bridge_kind(testbed, "generic"))   -- not a bound method
  end)
end)

describe("stub and generic invoker agree (R-META-3)", function()
  it("on results", function()
    assert.are.equal(3, same(Demo, "Add", 1, 2)[2])
    assert.are.equal("ab", same(Demo, "Concat", "a", "b")[2])
    same(Demo, "Mul", 1.5, 2)
    same(Demo, "AddLong", 2^40, 1)
    same(Demo, "EchoByte", 255)
    same(Demo, "EchoChar", 65)
    same(Demo, "Not", true)
    same(Demo, "EchoSmall", 200)
    same(Demo, "MakePoint", 1, 2)
    same(Demo, "SumPoint", P(1, 2))
    same(Demo, "MaybeInt", true)
    same(Demo, "MaybeInt", false)
    same(Demo, "OrZero", nil)
    same(Demo, "OrZero", 5)
    same(Demo, "GetColor")
    same(Demo, "Box", 4)
    same(Demo, "ReadPtr", Demo.Buffer(), 1)
    assert.are.equal(3, same(CS.MyGame.Config, "Get")[2])
  end)

  it("on argument errors (R-DEF-1)", function()
    same(Demo, "Add", 1)                 -- arity
    same(Demo, "Add", 1, 2, 3)
    same(Demo, "Add", "1", 2)            -- no string coercion
    same(Demo, "Add", 1.5, 2)            -- no integer representation
    same(Demo, "Add", 2^40, 2)           -- range
    same(Demo, "EchoByte", 256)
    same(Demo, "SumPoint", {})
    same(Demo, "Concat", 1, 2)
    same(Demo, "ReadPtr", 0, 0)
  end)

  it("on managed exceptions (R-DEF-4) and what they leave behind", function()
    local before = testbed.stats()
    testbed.throw_next("System.InvalidOperationException", "boom")
    local a = outcome(Demo.Add, 1, 2)
    testbed.throw_next("System.InvalidOperationException", "boom")
    local b = outcome(testbed.generic(Demo, "Add"), 1, 2)
    assert.are.same(b, a)
    assert.are.equal("System.InvalidOperationException: boom (in Demo.Add)", a[2])
    same(Demo, "Throw", "x")
    same(Demo, "MakeFragile", -1)
    local now = testbed.stats()
    assert.are.equal(before.handles, now.handles)
    assert.are.equal(before.scope_depth, now.scope_depth)
  end)

  it("on instance methods, self included", function()
    local pl = Player("p")
    same(pl, "Move", pl, 1, 2)
    assert.are.equal(2, pl.Pos.x)          -- moved once by each
    same(pl, "Move", nil, 1, 2)          -- bad self
    same(pl, "Move", P(1, 2), 1, 2)
    local pt = P(3, 4)
    assert.are.equal(5, same(pt, "Length", pt)[2])
    same(pt, "Length", pl)
    same(pt, "Length")                  -- no self at all
    same(pl, "Move")                    -- no self at all, a method with parameters
    h.raises("calling 'MyGame.Player.Move' on bad self (MyGame.Player expected, got no value); use ':' to call a method",
             testbed.generic(pl, "Move"))
    same(pt, "Length", pt, 1)           -- one too many
    same(pl, "Area", pl)
  end)

  it("on a method called with '.' for ':': the self, not the count", function()
    local pl = Player("p")
    same(pl, "Move", 1, 2)              -- pl.Move(1, 2): self 1, one argument short
    same(pl, "Move", 1, 2, 3)           -- the count right, the self a number
    h.raises("calling 'MyGame.Player.Move' on bad self (MyGame.Player expected, got number); "
             .. "use ':' to call a method", function() return pl.Move(1, 2) end)
    h.raises("calling 'MyGame.Player.Area' on bad self (MyGame.Player expected, got no value); "
             .. "use ':' to call a method", function() return pl.Area() end)
    -- an overload set: the self before the no-overload error
    local list = CS.System.Collections.Generic["List`1[System.Int32]"]()
    h.raises("calling 'System.Collections.Generic.List`1[System.Int32].Add' on bad self "
             .. "(System.Collections.Generic.List`1[System.Int32] expected, got number); "
             .. "use ':' to call a method", function() return list.Add(5) end)
  end)

  it("on struct constructors: T(...) (a stub) and T._ctor(...) (generic)", function()
    local function agree(T, ...)
      local a, b = outcome(T, ...), outcome(T._ctor, ...)
      assert.are.same(b, a)
      return a
    end
    assert.are.equal("(1.0, 2.0)", agree(P, 1, 2)[2])
    agree(P)                              -- default(T)
    agree(P, 1)                           -- no such overload
    agree(P, "a", 2)
    agree(P, 1, {})
    agree(CS.MyGame.Fragile, 3)
    agree(CS.MyGame.Fragile, -1)          -- throws: R-DEF-4
    testbed.throw_next("System.InvalidOperationException", "boom")
    local a = outcome(P, 1, 2)
    testbed.throw_next("System.InvalidOperationException", "boom")
    assert.are.same(outcome(P._ctor, 1, 2), a)
    assert.are.equal("System.InvalidOperationException: boom (in MyGame.Point2D(...))", a[2])
  end)

  it("on byrefs and OpaqueValues", function()
    local seen
    local fn = h.callback(function(ref)
      local a = outcome(Demo.Increment, ref)
      local b = outcome(testbed.generic(Demo, "Increment"), ref)
      seen = { a, b, zlua.get_opaquevalue(ref) }
    end)
    assert.are.equal(5, Demo.InvokeWithRefInt(fn, 3))
    assert.are.same(seen[2], seen[1])
    same(Demo, "Increment", 1)           -- a plain value: a temporary
    same(Demo, "Increment", nil)
  end)
end)

-- overload_spec.lua -- overload dispatch: which
-- candidate of a Lua name serves a call, the full-signature keys, C#
-- default parameter values, constructors through the same resolver, and
-- the no-overload error.
--
-- Calls run through the name's Lua function and, where a stub could serve
-- the chosen candidate, through the generic invoker too (testbed.generic).
local h = require "helpers"

local Demo = CS.Demo
local P = CS.MyGame.Point2D
local Player = CS.MyGame.Player
local Circle = CS.MyGame.Circle

local PICK_CANDIDATES = "candidates: Pick(System.Int32), Pick(System.Double), " ..
  "Pick(System.String), Pick(MyGame.Point2D), Pick(System.Int32,System.Int32)"

describe("the best conversion wins", function()
  for _, path in ipairs({ { "by name", Demo.Pick },
                          { "generic invoker", testbed.generic(Demo, "Pick") } }) do
    local via, pick = path[1], path[2]
    it(via .. ": integer → int (Identity beats ImplicitNumeric to double)", function()
      assert.are.equal("int", pick(1))
    end)
    it(via .. ": non-integral number → double", function()
      assert.are.equal("double", pick(1.5))
    end)
    it(via .. ": an integral-valued float → double (Identity) over int (ImplicitNumeric)", function()
      assert.are.equal("double", pick(2.0))
    end)
    it(via .. ": string → string", function()
      assert.are.equal("string", pick("a"))
    end)
    it(via .. ": a ByValUserData → its struct", function()
      assert.are.equal("Point2D", pick(P(1, 2)))
    end)
    it(via .. ": nil → the reference type (NullLiteral), never a struct", function()
      assert.are.equal("string", pick(nil))
    end)
    it(via .. ": the argument count selects the candidates", function()
      assert.are.equal("int,int", pick(1, 2))
    end)
  end

  it("string → string beats string → object (ImplicitReference)", function()
    assert.are.equal("string", Demo.PickObj("s"))
  end)
  it("an integer → object by boxing when no other candidate takes it", function()
    assert.are.equal("object", Demo.PickObj(1))
    assert.are.equal("object", Demo.PickObj(true))
    assert.are.equal("object", Demo.PickObj(P(1, 2)))
  end)
  it("nil to object or string: the more specific target wins", function()
    assert.are.equal("string", Demo.PickObj(nil))
  end)
  it("Circle → Shape beats Circle → IShape (more specific target)", function()
    assert.are.equal("Shape", Demo.PickShape(Circle(1)))
    assert.are.equal("Shape", Demo.PickShape(Circle.Unit()))
  end)
  it("an object that only implements the interface takes the interface", function()
    assert.are.equal("IShape", Demo.PickShape(Player("p")))
  end)
end)

describe("a remembered choice", function()
  it("follows the arguments' types and ranges call after call", function()
    local pick = Demo.Pick
    local seq = {
      {1, "int"}, {1.5, "double"}, {1, "int"}, {"a", "string"}, {1 << 40, "double"},
      {1, "int"}, {2.0, "double"}, {P(1, 2), "Point2D"}, {nil, "string"}, {-1, "int"},
      {2147483648, "double"}, {2147483647, "int"},
    }
    for round = 1, 3 do
      for i, c in ipairs(seq) do
        assert.are.equal(c[2], pick(c[1]), ("round %d, call %d"):format(round, i))
      end
    end
    h.raises("no overload for Demo.Pick matching (boolean); " .. PICK_CANDIDATES,
             function() return pick(true) end)
    assert.are.equal("int", pick(7))
  end)

  it("objects by their runtime class, not their view", function()
    local c = Circle(1)
    for _ = 1, 3 do
      assert.are.equal("Shape", Demo.PickShape(c))
      assert.are.equal("IShape", Demo.PickShape(Player("p")))
    end
  end)
end)

describe("no applicable candidate", function()
  it("lists the Lua types and every candidate's full-signature key", function()
    h.raises("no overload for Demo.Pick matching (boolean); " .. PICK_CANDIDATES,
             function() return Demo.Pick(true) end)
    h.raises("no overload for Demo.Pick matching (string,number); " .. PICK_CANDIDATES,
             function() return Demo.Pick("a", 1.5) end)
    h.raises("no overload for Demo.Pick matching (); " .. PICK_CANDIDATES,
             function() return Demo.Pick() end)
  end)

  it("the error carries the caller's chunk:line: prefix", function()
    local err = h.error_of(function() return Demo.Pick(true) end)
    assert.truthy(err:match("^[^\n]-:%d+: no overload for Demo%.Pick"), err)
  end)

  it("an integer out of every candidate's range applies nowhere", function()
    h.raises("no overload for Demo.PickShape matching (number); candidates: " ..
             "PickShape(MyGame.IShape), PickShape(MyGame.Shape)",
             function() return Demo.PickShape(1) end)
  end)

  it("an OpaqueValue is no by-val int, so Pick(h) finds no overload", function()
    local err
    local fn = h.callback(function(hv) err = h.error_of(Demo.Pick, hv) end)
    Demo.InvokeWithRefInt(fn, 5)
    assert.are.equal("no overload for Demo.Pick matching (light userdata); " ..
                     PICK_CANDIDATES, h.strip_position(err))
  end)

  it("R-OPQ-10: a Point2D handle passed back to a by-val Point2D candidate resolves it", function()
    local got
    local fn = h.callback(function(hv) got = Demo.Pick(hv) end)
    Demo.InvokeWithRefPoint(fn, P(1, 2))
    assert.are.equal("Point2D", got)
  end)
end)

describe("full-signature keys", function()
  it("each candidate is bound under its key", function()
    assert.are.equal("int", Demo["Pick(System.Int32)"](1))
    assert.are.equal("double", Demo["Pick(System.Double)"](1))
    assert.are.equal("string", Demo["Pick(System.String)"]("x"))
    assert.are.equal("Point2D", Demo["Pick(MyGame.Point2D)"](P(0, 0)))
    assert.are.equal("int,int", Demo["Pick(System.Int32,System.Int32)"](1, 2))
    assert.are.equal("object", Demo["PickObj(System.Object)"]("s"))
    assert.are.equal("IShape", Demo["PickShape(MyGame.IShape)"](Circle(1)))
  end)

  it("a key is one method: its own argument errors", function()
    h.raises("bad argument #1 to 'Demo.Pick' (number has no integer representation)",
             function() return Demo["Pick(System.Int32)"](1.5) end)
    h.raises("wrong number of arguments to 'Demo.Pick' (1 expected, got 2)",
             function() return Demo["Pick(System.Int32)"](1, 2) end)
  end)

  it("a name with one candidate has no key", function()
    assert.is_nil(rawget(Demo, "Add(System.Int32,System.Int32)"))
    h.raises("'Demo' has no member 'Add(System.Int32,System.Int32)'",
             function() return Demo["Add(System.Int32,System.Int32)"] end)
  end)
end)

describe("C# default parameter values", function()
  for _, path in ipairs({ { "by name", Demo.PickDefault },
                          { "generic invoker", testbed.generic(Demo, "PickDefault") } }) do
    local via, pd = path[1], path[2]
    it(via .. ": an omitted trailing parameter takes its C# default", function()
      assert.are.equal(6, pd(1))        -- 1 + 5
      assert.are.equal(3, pd(1, 2))
    end)
    it(via .. ": the count must reach the required parameters and not pass them all", function()
      h.raises("wrong number of arguments to 'Demo.PickDefault' (1 to 2 expected, got 0)",
               function() return pd() end)
      h.raises("wrong number of arguments to 'Demo.PickDefault' (1 to 2 expected, got 3)",
               function() return pd(1, 2, 3) end)
    end)
    it(via .. ": a given argument is still checked", function()
      h.raises("bad argument #2 to 'Demo.PickDefault' (System.Int32 expected, got string)",
               function() return pd(1, "x") end)
    end)
  end
  for _, path in ipairs({ { "by name", Demo.OrDefault },
                          { "generic invoker", testbed.generic(Demo, "OrDefault") } }) do
    local via, od = path[1], path[2]
    -- the metadata records `int? v = 5` under the Nullable type with an
    -- int32's bytes: decoded as the recorded type it would read as 0
    it(via .. ": a Nullable<T> parameter's default is its T constant", function()
      assert.are.equal(5, od())
      assert.are.equal(-1, od(nil))
      assert.are.equal(7, od(7))
    end)
  end
end)

describe("R-CTOR-1: constructors through the same resolver", function()
  it("R-CTOR-1: class constructors pick by argument", function()
    assert.are.equal("ann", Player("ann").Name)
    assert.are.equal(1.5, Circle(1.5).R)
  end)
  it("R-CTOR-1: struct constructors: none → default, else the matching one", function()
    local p = P()
    assert.are.equal(0, p.x)
    assert.are.equal(2, P(1, 2).y)
  end)
  it("R-CTOR-1: no matching constructor is the constructor's no-overload error", function()
    h.raises("bad argument #1 to 'MyGame.Player(...)' (System.String expected, got boolean)",
             function() return Player(true) end)
  end)
end)

describe("scoring allocates nothing", function()
  it("a warm five-way dispatch makes no Lua or managed allocation", function()
    local pick, p = Demo.Pick, P(1, 2)
    for _ = 1, 10 do pick(p) end
    collectgarbage("stop")   -- no GC step (and its finalizers) inside the count
    local t0 = testbed.stats()
    local t1 = testbed.stats()   -- what one stats() call allocates
    for _ = 1, 1000 do pick(p) end   -- its result, "Point2D", is interned already
    local t2 = testbed.stats()
    collectgarbage("restart")
    assert.are.equal(t1.lua_allocs - t0.lua_allocs, t2.lua_allocs - t1.lua_allocs)
    assert.are.equal(0, t2.gc_allocs - t1.gc_allocs)
  end)
end)

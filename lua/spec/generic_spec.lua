-- generic_spec.lua -- generic methods (the everyday C# surface, R-GEN-1):
-- zlua.generic picks one instantiation the build compiled, of a static or
-- an instance generic method; zlua.typeof gives a System.Type.
--   C#: public static T First<T>(T[] items);   // int, string, Point2D only
--       public static string TypeName(System.Type t);
--       ZLuaTests.Echoer: public T Echo<T>(T x); // int, string only
local h = require "helpers"
local it_sim = h.sim_it(it, pending)

local Demo = CS.Demo
local P = CS.MyGame.Point2D

describe("R-GEN-1: zlua.generic", function()
  it("R-GEN-1: First<System.Int32> by zlua.types.int32", function()
    assert.are.equal(5, zlua.generic(CS.Demo.First, zlua.types.int32)({5, 6}))
  end)
  it("R-GEN-1: First<System.String> (a shared reference-type body)", function()
    assert.are.equal("a", zlua.generic(Demo.First, zlua.types.string)({"a", "b"}))
  end)
  it("R-GEN-1: First<MyGame.Point2D> returns a ByValUserData", function()
    local p = zlua.generic(CS.Demo.First, CS.MyGame.Point2D)({P(1, 2)})
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
    assert.are.equal("byval", h.kind(p))
  end)
  it("R-GEN-1: type arguments as full-name strings", function()
    assert.are.equal(7, zlua.generic(Demo.First, "System.Int32")({7}))
    assert.are.equal(3, zlua.generic(Demo.First, "MyGame.Point2D")({P(3, 4)}).x)
  end)
  it("R-GEN-1: the type table and the method's name", function()
    assert.are.equal(9, zlua.generic(Demo, "First", zlua.types.int32)({9}))
  end)
  it("R-GEN-1: the function is cached per (method, type arguments)", function()
    local f = zlua.generic(Demo.First, zlua.types.int32)
    assert.are.equal(f, zlua.generic(Demo.First, "System.Int32"))
    assert.are_not.equal(f, zlua.generic(Demo.First, zlua.types.string))
  end)
  it_sim(h.JIT_GENERICS, "R-GEN-1: an instantiation the build lacks raises", function()
    h.raises("generic method instance not available: Demo.First<System.Double>",
      zlua.generic, CS.Demo.First, zlua.types.double)
  end)
  it("R-GEN-1: type arguments the method cannot take raise, on every runtime", function()
    h.raises("generic method instance not available: Demo.First<System.Int32,System.String>",
      zlua.generic, CS.Demo.First, zlua.types.int32, zlua.types.string)
  end)
  it("R-GEN-1: calling the open generic method directly raises", function()
    h.raises("generic method Demo.First needs zlua.generic", CS.Demo.First, {1})
    h.raises("generic method Demo.First needs zlua.generic", CS.Demo.First)
  end)
  it("R-GEN-1: the instantiation's arguments go through dispatch as any method", function()
    h.raises_containing("bad argument #1", zlua.generic(Demo.First, zlua.types.int32), "x")
    h.raises_containing("System.IndexOutOfRangeException",
      zlua.generic(Demo.First, zlua.types.int32), {})
  end)
  it("R-GEN-1: hostile arguments raise, never crash", function()
    h.raises("bad argument #1 to 'generic' (generic method expected, got function)",
      zlua.generic, print, zlua.types.int32)
    h.raises("bad argument #1 to 'generic' (generic method expected, got no value)", zlua.generic)
    h.raises("bad argument #2 to 'generic' (type expected, got no value)",
      zlua.generic, Demo.First)
    h.raises("bad argument #2 to 'generic' (type expected, got table)",
      zlua.generic, Demo.First, {__fullname = "System.Int32"})
    h.raises("bad argument #2 to 'generic' (type not found: No.Such)",
      zlua.generic, Demo.First, "No.Such")
    h.raises("bad argument #2 to 'generic' (Demo has no generic method 'TypeName')",
      zlua.generic, Demo, "TypeName", zlua.types.int32)
    -- a non-generic method is no generic method
    h.raises("bad argument #1 to 'generic' (generic method expected, got function)",
      zlua.generic, Demo.TypeName, zlua.types.int32)
    -- the open function's upvalue swapped: refused, not dereferenced
    local f = Demo.First
    local name, was = debug.getupvalue(f, 1)
    if name ~= nil then
      debug.setupvalue(f, 1, io.stdout)
      local ok, err = pcall(h.raises,
        "bad argument #1 to 'generic' (generic method expected, got function)",
        zlua.generic, f, zlua.types.int32)
      debug.setupvalue(f, 1, was)   -- Demo.First is the type table's, for later specs
      assert(ok, err)
      assert.are.equal(5, zlua.generic(f, zlua.types.int32)({5}))
    end
  end)
end)

-- ZLuaTests.Echoer (test-only): public T Echo<T>(T x) { Calls++; return x; },
-- built for Echo<int> and Echo<string> only.
describe("R-GEN-1: an instance generic method", function()
  local Echoer = CS.ZLuaTests.Echoer

  it("R-GEN-1: zlua.generic(obj.Echo, T) is called with the instance first", function()
    local e = Echoer()
    local echo_int = zlua.generic(e.Echo, zlua.types.int32)
    assert.are.equal(5, echo_int(e, 5))
    assert.are.equal("integer", math.type(echo_int(e, 6.0)))
    assert.are.equal("s", zlua.generic(e.Echo, "System.String")(e, "s"))
    assert.are.equal(3, e.Calls)   -- each call reached e
    -- the function is not bound to e: another instance is its own `this`
    local other = Echoer()
    assert.are.equal(7, echo_int(other, 7))
    assert.are.equal(1, other.Calls)
    assert.are.equal(3, e.Calls)
  end)

  it("R-GEN-1: the type table and the name reach the same function", function()
    local e = Echoer()
    local f = zlua.generic(Echoer, "Echo", zlua.types.int32)
    assert.are.equal(f, zlua.generic(e.Echo, zlua.types.int32))
    assert.are.equal(9, f(e, 9))
  end)

  it("R-GEN-1: calling the open method through the instance raises", function()
    local e = Echoer()
    h.raises("generic method ZLuaTests.Echoer.Echo needs zlua.generic", function()
      return e:Echo(1)
    end)
    assert.are.equal(0, e.Calls)
  end)

  it("R-GEN-1: the instance and the argument go through the method's checks", function()
    local echo_int = zlua.generic(Echoer().Echo, zlua.types.int32)
    h.raises("calling 'ZLuaTests.Echoer.Echo' on bad self (ZLuaTests.Echoer expected, got string); use ':' to call a method",
      echo_int, "x", 1)
    h.raises("calling 'ZLuaTests.Echoer.Echo' on bad self (ZLuaTests.Echoer expected, got "
             .. "MyGame.Player)", echo_int, CS.MyGame.Player("p"), 1)
    h.raises("bad argument #1 to 'ZLuaTests.Echoer.Echo' (System.Int32 expected, got string)",
      echo_int, Echoer(), "x")
    h.raises("wrong number of arguments to 'ZLuaTests.Echoer.Echo' (1 expected, got 0)",
      echo_int, Echoer())
  end)

  it_sim(h.JIT_GENERICS, "R-GEN-1: an instantiation the build lacks raises", function()
    h.raises("generic method instance not available: ZLuaTests.Echoer.Echo<System.Double>",
      zlua.generic, Echoer().Echo, zlua.types.double)
  end)
end)

describe("R-GEN-1: zlua.typeof", function()
  it("R-GEN-1: Demo.TypeName(zlua.typeof(CS.MyGame.Circle)) == 'MyGame.Circle'", function()
    assert.are.equal("MyGame.Circle", Demo.TypeName(zlua.typeof(CS.MyGame.Circle)))
  end)
  it("R-GEN-1: a ByObjUserData, one per type, by type table or full name", function()
    local t = zlua.typeof(CS.MyGame.Circle)
    assert.are.equal("byobj", h.kind(t))
    assert.are.equal("MyGame.Circle", t.FullName)
    assert.are.equal(t, zlua.typeof("MyGame.Circle"))
    assert.are.equal("System.Int32", zlua.typeof(zlua.types.int32).FullName)
  end)
  it("R-GEN-1: hostile arguments raise", function()
    h.raises("bad argument #1 to 'typeof' (type expected, got no value)", zlua.typeof)
    h.raises("bad argument #1 to 'typeof' (type not found: Nope)", zlua.typeof, "Nope")
  end)
end)

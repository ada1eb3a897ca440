-- usage_spec.lua -- what a game's own code declares, used the way Unity Lua
-- users write scripts: a generic method beside a non-generic one of the
-- same name (R-GEN-1), interfaces extending interfaces (R-VIEW-1),
-- indexer accessors as methods (R-IDX-1), arrays indexed with [] (R-ARR-1),
-- float and integer arguments in overload dispatch, statics of
-- a base class, what C# hides, and the messages of typos, of a broken
-- generic constraint and of a yield inside a function C# called.  The types
-- are ZLuaTests' (tests/fixtures/ZLua.Tests.cs; the simulation's
-- sim_bodies_usage.c and sim_generics.c).
local h = require "helpers"

local Z = CS.ZLuaTests
local T = zlua.types
local it_sim = h.sim_it(it, pending)

describe("R-GEN-1: a generic method sharing its name with a non-generic one", function()
  -- Unity's GameObject: GetComponent(Type) and GetComponent<T>()
  local e = Z.Entity()

  it("the name calls the non-generic method", function()
    assert.are.equal("by type", e:GetComponent(zlua.typeof(Z.Mob)))
  end)

  it("zlua.generic(obj.Name, T) finds the generic definition of that name", function()
    local get = zlua.generic(e.GetComponent, Z.Mob)
    local mob = get(e)
    assert.are.equal(10, mob.Hp)
    assert.are.equal("ZLuaTests.Mob", h.type_of(mob).__fullname)
    assert.is_true(rawequal(get, zlua.generic(e.GetComponent, "ZLuaTests.Mob")))   -- cached
  end)

  it("zlua.generic(Type, 'Name', T) finds it too, the same function", function()
    local get = zlua.generic(Z.Entity, "GetComponent", Z.Mob)
    assert.are.equal(10, get(e).Hp)
    assert.is_true(rawequal(get, zlua.generic(e.GetComponent, Z.Mob)))
  end)

  it_sim(h.JIT_GENERICS, "an instance absent from the build is refused", function()
    h.raises("generic method instance not available: ZLuaTests.Entity.GetComponent<ZLuaTests.Echoer>",
             zlua.generic, e.GetComponent, "ZLuaTests.Echoer")
  end)

  it("a type argument its constraint refuses is named (where T : new())", function()
    h.raises("generic argument MyGame.Player violates the constraint of T on "
             .. "ZLuaTests.Entity.GetComponent<T> (new())",
             zlua.generic, e.GetComponent, "MyGame.Player")
  end)

  it("a method of no generic definition is refused as before", function()
    h.raises("bad argument #1 to 'generic' (generic method expected, got function)",
             zlua.generic, CS.Demo.Add, T.int32)
    h.raises("bad argument #2 to 'generic' (ZLuaTests.Mob has no generic method 'Damage')",
             zlua.generic, Z.Mob, "Damage", T.int32)
  end)
end)

describe("R-VIEW-1: an interface view has the members of the interfaces it extends", function()
  it("IKillable : IDamageable", function()
    local k = Z.Mob.Spawn()   -- declared IKillable
    assert.are.equal("ZLuaTests.IKillable", h.type_of(k).__fullname)
    assert.is_false(k.Dead)   -- IKillable's own
    k:Damage(4)               -- IDamageable's, dispatched on the Mob
    assert.are.equal(6, k.Hp)
    k:Damage(6)
    assert.is_true(k.Dead)
    assert.is_string(k:ToString())   -- System.Object's, as before
  end)

  it("IEnumerator<T> has IEnumerator's MoveNext", function()
    local en = CS.Demo.Range(2):GetEnumerator()
    assert.is_true(en:MoveNext())
    assert.are.equal(0, en.Current)
    assert.is_true(en:MoveNext())
    assert.are.equal(1, en.Current)
    assert.is_false(en:MoveNext())
  end)

  it("IList has ICollection's Count", function()
    local l = Z.Seqs.IntList(3)   -- a List<int>, declared System.Collections.IList
    assert.are.equal("System.Collections.IList", h.type_of(l).__fullname)
    assert.are.equal(3, l.Count)
    assert.are.equal(3, #l)
  end)

  it("what C# hides stays hidden: a private field is no member", function()
    h.raises("'ZLuaTests.Mob' has no member 'hp'", function() return Z.Mob().hp end)
  end)
end)

describe("R-IDX-1: indexer accessors are methods too", function()
  it("get_Item / set_Item reach the indexer where a member has the key's name", function()
    local bag = CS.MyGame.Bag()
    bag:set_Item("Count", "counted")
    assert.are.equal("counted", bag:get_Item("Count"))   -- the string indexer
    assert.are.equal(8, bag.Count)                        -- the property: members win
    assert.are.equal(8, bag["Count"])
    bag:set_Item(2, 5)
    assert.are.equal(5, bag[2])
    assert.are.equal(5, bag:get_Item(2))
  end)

  it("an indexer of two parameters is reached through get_Item", function()
    local g = Z.Grid()
    assert.are.equal(12, g:get_Item(1, 2))
    h.raises("'ZLuaTests.Grid' has no member '1'", function() return g[1] end)
  end)

  it("List<T> too", function()
    local l = CS.Demo.MakeList(3)
    assert.are.equal(2, l:get_Item(1))
    l:set_Item(1, 7)
    assert.are.equal(7, l[1])
  end)
end)

describe("R-ARR-1: a[i] and a[i] = v are a:get(i) and a:set(i, v)", function()
  it("0-based, the same values", function()
    local a = CS.Demo.MakeArray(3)
    assert.are.equal(1, a[0])
    assert.are.equal(3, a[2])
    assert.are.equal(a:get(1), a[1])
    a[1] = 20
    assert.are.equal(20, a:get(1))
    assert.are.equal(20, a[1.0])   -- an exact float is an index
    local s = CS.Demo.Names()
    assert.are.equal(s:get(0), s[0])
  end)

  it("the same errors, out of range naming the bounds", function()
    local a = CS.Demo.MakeArray(3)
    h.raises("index out of range: 3 (System.Int32[] of length 3, indexed from 0)",
             function() return a[3] end)
    h.raises("index out of range: -1 (System.Int32[] of length 3, indexed from 0)",
             function() a[-1] = 1 end)
    h.raises("bad argument #1 to 'System.Int32[].get' (number has no integer representation)",
             function() return a[1.5] end)
    h.raises("bad argument #2 to 'System.Int32[].set' (System.Int32 expected, got string)",
             function() a[0] = "x" end)
    h.raises("'System.Int32[]' has no member 'nope'", function() return a.nope end)
    assert.are.equal(3, a.Length)   -- names are members, as before
  end)

  it("an mdarray takes its rank's indices through get / set only", function()
    local g = CS.Demo.MakeGrid(2, 3)
    h.raises("wrong number of arguments to 'System.Int32[,].get' (2 expected, got 1)",
             function() return g[0] end)
  end)
end)

describe("the Lua number subtype in overload dispatch", function()
  it("a float prefers float and double over integral types", function()
    assert.are.equal("float", Z.Numbers.Kind(2.0))   -- Kind(int) is declared first
    assert.are.equal("float", Z.Numbers.Kind(2.5))
    assert.are.equal("float", Z.Numbers.Wide(2.0))
  end)

  it("an integer prefers integral types", function()
    assert.are.equal("int", Z.Numbers.Kind(2))
    assert.are.equal("long", Z.Numbers.Wide(2))      -- Wide(float) is declared first
    assert.are.equal("long", Z.Numbers.Wide(1 << 40))
  end)

  it("a boxed number goes to the object overload, not the number's", function()
    assert.are.equal("long", Z.Numbers.Probe(5))
    assert.are.equal("object", Z.Numbers.Probe(zlua.box(CS.System.Int64, 5)))
    assert.are.equal("object", Z.Numbers.Probe(zlua.box(CS.System.Int32, 5)))
    assert.are.equal("object", Z.Numbers.Probe("five"))
  end)

  it("a refusal names two different things", function()
    h.raises("no overload for ZLuaTests.Numbers.Wide matching (boxed System.Int64); candidates: "
             .. "Wide(System.Single), Wide(System.Int64)",
             function() return Z.Numbers.Wide(zlua.box(CS.System.Int64, 5)) end)
    h.raises("bad argument #1 to 'Demo.AddLong' (System.Int64 expected, got a boxed System.Int64 "
             .. "(zlua.unbox gives its value))",
             function() return CS.Demo.AddLong(zlua.box(CS.System.Int64, 5), 1) end)
    local fake = setmetatable({}, {__name = "MyGame.Point2D"})
    h.raises("bad argument #1 to 'Demo.SumPoint' (MyGame.Point2D expected, got table named "
             .. "'MyGame.Point2D')", function() return CS.Demo.SumPoint(fake) end)
  end)

  it("the choice follows the subtype at each call", function()
    for _ = 1, 3 do
      assert.are.equal("int", Z.Numbers.Kind(3))
      assert.are.equal("float", Z.Numbers.Kind(3.0))
    end
  end)
end)

describe("statics of a base class through a derived type's table", function()
  it("methods, fields and properties, as C# allows", function()
    assert.are.equal("base hello", Z.StaticDerived.Hello())
    assert.are.equal("base", Z.StaticDerived.Label)
    Z.StaticDerived.Counter = 5
    assert.are.equal(5, Z.StaticBase.Counter)
    Z.StaticBase.Counter = 6
    assert.are.equal(6, Z.StaticDerived.Counter)
  end)

  it("constants too (R-STATIC-2)", function()
    assert.are.equal(5, Z.StaticBase.MaxLevel)
    assert.are.equal(5, Z.StaticDerived.MaxLevel)
    h.raises("static member not writable: MaxLevel", function() Z.StaticDerived.MaxLevel = 6 end)
  end)

  it("still not through an instance", function()
    h.raises("static member 'Counter' cannot be accessed through an instance",
             function() return Z.StaticDerived().Counter end)
    h.raises("static member 'MaxLevel' cannot be accessed through an instance",
             function() return Z.StaticDerived().MaxLevel end)
  end)
end)

describe("what C# hides is not reachable", function()
  it("an internal class", function()
    h.raises("type not found: ZLuaTests.Secret", function() return CS["ZLuaTests.Secret"] end)
    h.raises("type not found: ZLuaTests.Secret",
             function() return CSharp["ZLua.Tests"]["ZLuaTests.Secret"] end)
    h.raises("type or namespace not found: ZLuaTests.Secret",
             function() return Z.Secret.Peek() end)
    h.raises("bad argument #1 to 'typeof' (type not found: ZLuaTests.Secret)",
             zlua.typeof, "ZLuaTests.Secret")
  end)

  it("a private nested class", function()
    h.raises("type not found: ZLuaTests.Entity+Cache",
             function() return CS["ZLuaTests.Entity+Cache"] end)
    h.raises("'ZLuaTests.Entity' has no member 'Cache'", function() return Z.Entity.Cache end)
  end)
end)

describe("clear messages", function()
  it("a typo under CS names the name at the first use needing a type", function()
    h.raises("type or namespace not found: MyGame.Vectr3",
             function() return CS.MyGame.Vectr3(1, 2, 3) end)
    h.raises("bad argument #1 to 'box' (type or namespace not found: MyGame.Vectr3)",
             zlua.box, CS.MyGame.Vectr3, 1)
    h.raises("bad argument #1 to 'new_ref' (type or namespace not found: MyGame.Vectr3)",
             zlua.new_ref, CS.MyGame.Vectr3)
    local _ = CS.MyGame.Point2D   -- MyGame is a namespace a class was found in
    h.raises("type or namespace not found: MyGame.Vectr3",   -- not '...Vectr3.Zero'
             function() return CS.MyGame.Vectr3.Zero(1) end)
    h.raises("bad argument #1 to 'box' (type or namespace not found: MyGame.Vectr3)",
             zlua.box, CS.MyGame.Vectr3.One, 1)
    h.raises("bad argument #1 to 'box' (type expected, got namespace CS.MyGame)",
             zlua.box, CS.MyGame, 1)
    h.raises("type not found: CS.MyGame (a namespace)", function() return CS.MyGame() end)
  end)

  it("coroutine.yield in a function C# called cannot yield across the C# call", function()
    local YIELD = "System.InvalidOperationException: cannot yield across a C# call: "
      .. "coroutine.yield in a Lua function C# called (it must return) "
      .. "(in Demo.InvokeWithRefInt)"
    local fn = h.callback(function(_) coroutine.yield(1) end)
    local co = coroutine.create(function() return CS.Demo.InvokeWithRefInt(fn, 1) end)
    local ok, err = coroutine.resume(co)
    assert.is_false(ok)
    assert.are.equal(YIELD, h.strip_position(err))
    -- outside any coroutine: the same
    h.raises(YIELD, CS.Demo.InvokeWithRefInt, fn, 1)
  end)
end)

describe("generic types named and constructed (R-GEN-1)", function()
  local G = CS.System.Collections.Generic
  local LIST = "System.Collections.Generic.List`1[System.Int32]"

  it("zlua.generic(CS.Ns.Name, T...) and the reflection name give one type table", function()
    local _ = CS.Demo.MakeList   -- Demo's members: the state meets List<int>
    local L = zlua.generic(G.List, zlua.types.int32)
    assert.are.equal(LIST, L.__fullname)
    assert.is_true(rawequal(L, CS[LIST]))
    assert.is_true(rawequal(L, G["List`1[System.Int32]"]))
    assert.is_true(rawequal(L, h.type_of(CS.Demo.MakeList(1))))
    local l = L()
    l:Add(4)
    l:Add(5)
    assert.are.equal(2, #l)
    assert.are.equal(9, CS.Demo.ListSum(l))
  end)

  it("type names in messages are in the reflection format on both runtimes", function()
    h.raises("bad argument #1 to 'Demo.ListSum' (" .. LIST .. " expected, got table)",
             CS.Demo.ListSum, {})
    assert.are.equal("System.Collections.Generic.IEnumerable`1[System.Int32]",
                     h.type_of(CS.Demo.Range(1)).__fullname)
  end)

  it("the definition's type table serves as well", function()
    local _ = CS.Demo.MakeList
    local def = G["List`1"]
    assert.are.equal("System.Collections.Generic.List`1", def.__fullname)
    assert.is_true(rawequal(zlua.generic(def, T.int32), CS[LIST]))
  end)

  it("an instance not met is refused, and a non-generic type", function()
    h.raises("generic type instance not available: System.Collections.Generic.List`1[System.Double]",
             zlua.generic, G.List, zlua.types.double)
    h.raises("bad argument #1 to 'generic' (generic method or type expected, got Demo)",
             zlua.generic, CS.Demo, zlua.types.int32)
  end)
end)

describe("R-GEN-1: a type argument breaking a generic constraint is named", function()
  -- ZLuaTests.Constrained: one generic method per kind of constraint; the
  -- build compiled one instance of each, which a satisfying argument gets
  local C = Z.Constrained
  local function broken(arg, param, def, what)
    return ("generic argument %s violates the constraint of %s on %s (%s)"):format(arg, param, def,
                                                                              what)
  end

  it("where T : struct (a Nullable<T> is no struct here either)", function()
    h.raises(broken("System.String", "T", "ZLuaTests.Constrained.OfStruct<T>", "struct"),
             zlua.generic, C.OfStruct, T.string)
    local _ = CS.Demo.MaybeInt   -- meets System.Nullable`1[System.Int32]
    local NI = CS["System.Nullable`1[System.Int32]"]
    h.raises(broken("System.Nullable`1[System.Int32]", "T", "ZLuaTests.Constrained.OfStruct<T>",
                    "struct"), zlua.generic, C.OfStruct, NI)
    assert.are.equal("System.Int32", zlua.generic(C.OfStruct, T.int32)())
  end)

  it("where T : class", function()
    h.raises(broken("System.Int32", "T", "ZLuaTests.Constrained.OfClass<T>", "class"),
             zlua.generic, C.OfClass, T.int32)
    h.raises(broken("MyGame.Point2D", "T", "ZLuaTests.Constrained.OfClass<T>", "class"),
             zlua.generic, C, "OfClass", CS.MyGame.Point2D)
    assert.are.equal("System.String", zlua.generic(C.OfClass, T.string)())
  end)

  it("where T : new(): no public parameterless constructor, an abstract class, an interface",
     function()
    local def = "ZLuaTests.Constrained.OfNew<T>"
    h.raises(broken("System.String", "T", def, "new()"), zlua.generic, C.OfNew, T.string)
    h.raises(broken("MyGame.Player", "T", def, "new()"), zlua.generic, C.OfNew, CS.MyGame.Player)
    h.raises(broken("MyGame.Shape", "T", def, "new()"), zlua.generic, C.OfNew, CS.MyGame.Shape)
    h.raises(broken("MyGame.IShape", "T", def, "new()"), zlua.generic, C.OfNew, CS.MyGame.IShape)
    assert.are.equal("ZLuaTests.Mob", zlua.generic(C.OfNew, Z.Mob)())
  end)

  it("where T : SomeBase", function()
    local def = "ZLuaTests.Constrained.OfShape<T>"
    h.raises(broken("MyGame.Player", "T", def, "MyGame.Shape"),
             zlua.generic, C.OfShape, CS.MyGame.Player)
    h.raises(broken("System.Int32", "T", def, "MyGame.Shape"), zlua.generic, C.OfShape, T.int32)
    assert.are.equal("MyGame.Circle", zlua.generic(C.OfShape, CS.MyGame.Circle)())
  end)

  it("where T : SomeInterface", function()
    h.raises(broken("MyGame.Circle", "T", "ZLuaTests.Constrained.OfDamageable<T>",
                    "ZLuaTests.IDamageable"), zlua.generic, C.OfDamageable, CS.MyGame.Circle)
    assert.are.equal("ZLuaTests.Mob", zlua.generic(C.OfDamageable, Z.Mob)())
  end)

  it("several parameters: the first argument breaking its own is named", function()
    local def = "ZLuaTests.Constrained.OfPair<TKey,TValue>"
    h.raises(broken("System.String", "TKey", def, "struct"),
             zlua.generic, C.OfPair, T.string, T.string)
    h.raises(broken("System.String", "TValue", def, "new()"),   -- a class, without new()
             zlua.generic, C.OfPair, T.int32, T.string)
    h.raises(broken("System.Int32", "TValue", def, "class"),
             zlua.generic, C.OfPair, T.int32, T.int32)
    assert.are.equal("System.Int32,ZLuaTests.Mob", zlua.generic(C.OfPair, T.int32, Z.Mob)())
  end)

  it("a generic type's constraint: Nullable<T> where T : struct", function()
    local N = CS.System["Nullable`1"]
    h.raises(broken("System.String", "T", "System.Nullable`1", "struct"), zlua.generic, N, T.string)
    h.raises(broken("MyGame.Player", "T", "System.Nullable`1", "struct"),
             zlua.generic, N, CS.MyGame.Player)
  end)

  it("arguments keeping the constraints but not in the build stay 'not available'", function()
    h.raises("generic method instance not available: ZLuaTests.Constrained.OfPair<System.Int32>",
             zlua.generic, C.OfPair, T.int32)   -- the wrong count: nothing to check
    h.raises("generic type instance not available: System.Nullable`1[System.Int32,System.Int32]",
             zlua.generic, CS.System["Nullable`1"], T.int32, T.int32)
  end)

  it_sim(h.JIT_GENERICS, "arguments keeping the constraints, absent from the build", function()
    h.raises("generic method instance not available: ZLuaTests.Constrained.OfStruct<System.Double>",
             zlua.generic, C.OfStruct, T.double)
  end)
end)

describe("habits of other bridges (docs/lua-api.md, 'Coming from xLua or tolua')", function()
  it("ipairs does not walk a List or an array: indices start at 0", function()
    local function walk(c)
      local seen = {}
      local err = h.error_of(function() for _, v in ipairs(c) do seen[#seen + 1] = v end end)
      return table.concat(seen, ","), h.strip_position(err)
    end
    local seen, err = walk(CS.Demo.MakeArray(3))   -- 1, 2, 3
    assert.are.equal("2,3", seen)
    assert.are.equal("index out of range: 3 (System.Int32[] of length 3, indexed from 0)", err)
    seen, err = walk(CS.Demo.MakeList(3))
    assert.are.equal("2,3", seen)
    assert.is_truthy(err:find("^System.ArgumentOutOfRangeException: "))
    local n = 0
    for i, v in pairs(CS.Demo.MakeList(3)) do n = n + 1; assert.are.equal(i + 1, v) end
    assert.are.equal(3, n)
  end)

  it("out values are not extra results: a ref receives them", function()
    assert.are.equal(1, select("#", CS.Demo.TryParse("12")))
    local r = zlua.new_ref(zlua.types.int32)
    assert.is_true(CS.Demo.TryParse("12", r))
    assert.are.equal(12, r.value)
  end)

  it("params takes one table", function()
    assert.are.equal(6, CS.Demo.Sum({1, 2, 3}))
    h.raises("wrong number of arguments to 'Demo.Sum' (0 to 1 expected, got 3)", CS.Demo.Sum, 1, 2, 3)
  end)
end)

describe("R-COLL-1: pairs over any IEnumerable<T> gives values viewed as T", function()
  it("strings as Lua strings", function()
    local ks, vs = {}, {}
    for i, v in pairs(Z.Seqs.Words()) do
      ks[#ks + 1] = i
      vs[#vs + 1] = v
    end
    assert.are.same({ 0, 1 }, ks)
    assert.are.same({ "a", "b" }, vs)   -- not System.String userdata
  end)

  it("value types as values, as before", function()
    for i, v in pairs(CS.Demo.Range(2)) do
      assert.are.equal("integer", math.type(v))
      assert.are.equal(i, v)
    end
  end)
end)

describe("local x <close> over an IDisposable, as C#'s using", function()
  local Lease = Z.Lease

  it("disposes at the end of the block, on break and on an error", function()
    local a = Lease()
    do local x <close> = a end
    assert.are.equal(1, a.Disposed)
    local b = Lease()
    assert.is_false(pcall(function() local y <close> = b; error("boom") end))
    assert.are.equal(1, b.Disposed)
    local c = Lease()
    for i = 1, 3 do
      local z <close> = c
      if i == 2 then break end
    end
    assert.are.equal(2, c.Disposed)
  end)

  it("through an interface view, an explicit implementation too", function()
    local e = Z.Seqs.Words():GetEnumerator()   -- IEnumerator<string> : IDisposable
    do local w <close> = e end
  end)

  it("a type that is not IDisposable is not closable, and __close checks its self", function()
    h.raises_containing("got a non-closable value",
                        function() local p <close> = CS.MyGame.Player("x") end)
    local mt = debug.getmetatable(Lease())
    h.raises("bad argument #1 to '__close' (System.IDisposable expected, got number)",
             mt.__close, 5)
    h.raises("bad argument #1 to '__close' (System.IDisposable expected, got MyGame.Player)",
             mt.__close, CS.MyGame.Player("x"))
  end)
end)

describe("a C# exception caught by pcall, inspected", function()
  it("zlua.exception(err) gives the exception and its type; err stays the R-DEF-4 text", function()
    local ok, err = pcall(function() return CS.Demo.Throw("boom") end)
    assert.is_false(ok)
    assert.are.equal("string", type(err))
    assert.is_truthy(err:find("System.InvalidOperationException: boom (in Demo.Throw)", 1, true))
    local ex, name = zlua.exception(err)
    assert.are.equal("System.InvalidOperationException", name)
    assert.are.equal("boom", ex.Message)
    assert.are.equal(err, tostring(err))
  end)

  it("nil for a Lua error, a non-string, or an error older than the last C# one", function()
    local _, lua_err = pcall(error, "plain")
    assert.is_nil(zlua.exception(lua_err))
    assert.is_nil(zlua.exception(nil))
    assert.is_nil(zlua.exception({}))
    local _, first = pcall(CS.Demo.Throw, "one")
    local _, second = pcall(CS.Demo.Throw, "two")
    assert.is_nil(zlua.exception(first))
    assert.are.equal("two", zlua.exception(second).Message)
  end)
end)

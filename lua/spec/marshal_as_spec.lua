-- marshal_as_spec.lua -- [LuaMarshalAs] and XML marshal rules (docs/marshal-rules.md): the six LuaMarshalTypes on parameters, returns, fields and
-- properties, their errors, the priority chain (one test per
-- link), slot counting in arity and overload dispatch,
-- and the two registration paths.
--
-- zlua-run registers the rule tables the build compiled from the
-- attributes and the XML files (tests/marshal/catalog.xml, tests.xml);
-- ctest runs this file again with ZLUA_RUN_MARSHAL=live (the attributes
-- registered unvalidated at run time, as the Mono path does) and =variant
-- (the tables compiled from tests/marshal/variant/catalog.xml, where
-- XmlVec's rule differs: the same sources, another behaviour).

testbed.logs()   -- whatever opening the state logged is not ours

-- the registration the host made: compiled tables on the simulation,
-- attributes read live on Mono (tests/host/host_marshal.h)
local MODE = testbed.marshal or "tables"
local h = require "helpers"
local D = CS.Demo
local C = CS.ZLuaTests.Chain
local V2 = CS.MyGame.Vector2

local function err(f, ...)
  local ok, e = pcall(f, ...)
  assert.is_false(ok)
  return tostring(e)
end

describe("UnpackedValues (the [LuaMarshalAs] semantics)", function()
  it("a parameter takes its members' values in Members order (FooUnpacked: Y, X)", function()
    D.FooUnpacked(2, 1)            -- first value -> Y, second -> X
    local x, y = D.GetPos()
    assert.are.equal(1, x)
    assert.are.equal(2, y)
  end)

  it("a return pushes its members as several results (GetPos, XmlPair)", function()
    D.FooUnpacked(4, 3)
    assert.are.same({3, 4}, {D.GetPos()})
    assert.are.same({3, 4}, {D.XmlPair()})
    assert.are.equal(2, select("#", D.XmlPair()))
  end)

  it("too few values: expects N values for 'PARAM'", function()
    local e = err(D.FooUnpacked, 1)
    assert.matches("wrong number of arguments to 'Demo.FooUnpacked' (expects 2 values for 'v', got 1 argument)", e, 1, true)
    e = err(D.FooUnpacked)
    assert.matches("expects 2 values for 'v'", e, 1, true)
  end)

  it("too many values: the argument-count error", function()
    local e = err(D.FooUnpacked, 1, 2, 3)
    assert.matches("wrong number of arguments to 'Demo.FooUnpacked' (2 expected, got 3)", e, 1, true)
  end)

  it("each value pops by its member's type, naming the member", function()
    local e = err(D.FooUnpacked, "a", 1)
    assert.matches("bad argument #1 to 'Demo.FooUnpacked' (member 'Y' of MyGame.Vector2: System.Single expected, got string)", e, 1, true)
    e = err(D.FooUnpacked, 1, {})
    assert.matches("bad argument #2 to 'Demo.FooUnpacked' (member 'X' of MyGame.Vector2: System.Single expected, got table)", e, 1, true)
  end)

  it("a struct is not a substitute for its values", function()
    local e = err(D.FooUnpacked, V2(1, 2))
    assert.matches("expects 2 values for 'v'", e, 1, true)
  end)
end)

describe("Table (the [LuaMarshalAs] semantics)", function()
  it("a parameter reads its members by key (FooTable)", function()
    D.FooTable({X = 5, Y = 6})
    assert.are.same({5, 6}, {D.GetPos()})
  end)

  it("a missing key: missing key 'Y' for MyGame.Vector2", function()
    local e = err(D.FooTable, {X = 1})
    assert.matches("bad argument #1 to 'Demo.FooTable' (missing key 'Y' for MyGame.Vector2)", e, 1, true)
  end)

  it("only a table: a ByValUserData of the struct is an argument error", function()
    local e = err(D.FooTable, V2(1, 2))
    assert.matches("bad argument #1 to 'Demo.FooTable' (table expected, got MyGame.Vector2)", e, 1, true)
    e = err(D.FooTable, nil)
    assert.matches("(table expected, got nil)", e, 1, true)
  end)

  it("a member of the wrong type names the member", function()
    local e = err(D.FooTable, {X = "a", Y = 1})
    assert.matches("(member 'X' of MyGame.Vector2: System.Single expected, got string)", e, 1, true)
  end)

  it("keys are read raw: a script's metatable is never called", function()
    local called = false
    local t = setmetatable({X = 1}, {__index = function() called = true; return 2 end})
    local e = err(D.FooTable, t)
    assert.matches("missing key 'Y' for MyGame.Vector2", e, 1, true)
    assert.is_false(called)
  end)

  it("Nullable<struct>: nil is no value, a table a value (Bar)", function()
    assert.are.equal("null", D.Bar(nil))
    assert.are.equal("1,2", D.Bar({X = 1, Y = 2}))
    local e = err(D.Bar, V2(1, 2))
    assert.matches("bad argument #1 to 'Demo.Bar' (table expected, got MyGame.Vector2)", e, 1, true)
  end)

  it("an optional key ('Tag?') missing keeps its default (TakeDto, type-level attribute)", function()
    assert.are.equal("1,2,nil", D.TakeDto({X = 1, Y = 2}))
    assert.are.equal("1,2,a", D.TakeDto({X = 1, Y = 2, Tag = "a"}))
    local e = err(D.TakeDto, {X = 1})
    assert.matches("bad argument #1 to 'Demo.TakeDto' (missing key 'Y' for MyGame.MyDto)", e, 1, true)
  end)

  it("a return pushes one table with the listed members (MakeDto, type-level attribute)", function()
    local d = D.MakeDto(3, 4, "t")
    assert.are.equal("table", type(d))
    assert.are.same({X = 3, Y = 4, Tag = "t"}, d)
    assert.are.same({X = 3, Y = 4}, D.MakeDto(3, 4, nil))
  end)

  it("a Nullable return: a table with a value, nil without (Chain.MaybeVec)", function()
    assert.are.same({X = 1, Y = 2}, C.MaybeVec(true))
    assert.is_nil(C.MaybeVec(false))
  end)

  it("a member out of its type's range names the member", function()
    local e = err(D.TakeDto, {X = 2^40, Y = 1})
    assert.matches("bad argument #1 to 'Demo.TakeDto' (member 'X' of MyGame.MyDto: number out of range for System.Int32)", e, 1, true)
    e = err(D.TakeDto, {X = 1.5, Y = 1})
    assert.matches("(member 'X' of MyGame.MyDto: number has no integer representation)", e, 1, true)
    e = err(D.TakeDto, {X = 1, Y = 2, Tag = {}})
    assert.matches("(member 'Tag' of MyGame.MyDto: System.String expected, got table)", e, 1, true)
  end)

  it("a listed property is read through its getter (Chain.Diag: X, Y, SqrMagnitude)", function()
    assert.are.same({X = 3, Y = 3, SqrMagnitude = 18}, C.Diag(3))
  end)

  it("each call pushes a new table", function()
    assert.are_not.equal(D.MakeDto(1, 2, nil), D.MakeDto(1, 2, nil))
  end)
end)

describe("Bytes (the [LuaMarshalAs] semantics)", function()
  it("a byte[] parameter takes a Lua string of raw octets (CountBytes)", function()
    assert.are.equal(3, D.CountBytes("abc"))
    assert.are.equal(0, D.CountBytes(""))
    assert.are.equal(4, D.CountBytes("a\0b\255"))
    assert.are.equal(-1, D.CountBytes(nil))
  end)

  it("only a string (or nil): userdata and tables are argument errors", function()
    local e = err(D.CountBytes, {1, 2})
    assert.matches("bad argument #1 to 'Demo.CountBytes' (string expected, got table)", e, 1, true)
    e = err(D.CountBytes, D.MakeByteArray(2))
    assert.matches("bad argument #1 to 'Demo.CountBytes' (string expected, got System.Byte[])", e, 1, true)
  end)

  it("a byte[] return is a Lua string (MakeBytes, XmlBytes); without a rule a userdata", function()
    assert.are.equal("\0\1\2\3", D.MakeBytes(4))
    assert.are.equal("", D.MakeBytes(0))
    assert.are.equal("\0\1\2", D.XmlBytes(3))
    assert.are.equal("userdata", type(D.MakeByteArray(4)))
  end)

  it("on a string slot: the UTF-8 bytes, a string only (Chain.TakeBytes, EchoBytes)", function()
    assert.are.equal("5:h\195\169llo", C.TakeBytes("h\195\169llo"))   -- 5 UTF-16 units
    assert.are.equal("null", C.TakeBytes(nil))
    local e = err(C.TakeBytes, D.MakeStringObject("x"))
    assert.matches("bad argument #1 to 'ZLuaTests.Chain.TakeBytes' (string expected, got System.String)", e, 1, true)
    assert.are.equal("h\195\169llo", C.EchoBytes("h\195\169llo"))
  end)
end)

describe("UserData (the [LuaMarshalAs] semantics)", function()
  it("a string return is a ByObjUserData of System.String (MakeStringObject)", function()
    local s = D.MakeStringObject("hi")
    assert.are.equal("userdata", type(s))
    assert.are.equal("hi", tostring(s))
    assert.are.equal("hi!", D.Concat(s, "!"))     -- and goes back as a string
    assert.are.equal("string", type(D.Concat("a", "b")))   -- no rule: a Lua string
  end)

  -- Chain.TakeStringObject([LuaMarshalAs(UserData)] string s): s.Length .. ":" .. s
  it("a string parameter takes the System.String userdata or nil (stub and generic)", function()
    local s = D.MakeStringObject("abc")
    for _, f in ipairs({C.TakeStringObject, testbed.generic(C, "TakeStringObject")}) do
      assert.are.equal("3:abc", f(s))
      assert.are.equal("null", f(nil))
    end
    assert.are.equal(testbed.stubs and "stub" or "generic", testbed.bridge_kind(C, "TakeStringObject"))
  end)

  it("a plain Lua string is an argument error: the slot forces the userdata shape", function()
    for _, f in ipairs({C.TakeStringObject, testbed.generic(C, "TakeStringObject")}) do
      local e = err(f, "abc")
      assert.matches("bad argument #1 to 'ZLuaTests.Chain.TakeStringObject' (System.String userdata expected, got string)", e, 1, true)
      e = err(f, 5)
      assert.matches("bad argument #1 to 'ZLuaTests.Chain.TakeStringObject' (System.String userdata expected, got number)", e, 1, true)
      e = err(f, V2(1, 2))
      assert.matches("(System.String userdata expected, got MyGame.Vector2)", e, 1, true)
    end
  end)

  it("R-OPQ-10: a valid handle to a string slot is no Lua string: it resolves", function()
    local got
    D.InvokeWithRefString(h.callback(function(ref)
      got = C.TakeStringObject(ref)
    end), "hi")
    assert.are.equal("2:hi", got)
  end)

  it("overload dispatch: a Lua string does not convert to the UserData slot (Chain.StringShape)", function()
    assert.are.equal("object", C.StringShape("a"))
    assert.are.equal("string object", C.StringShape(D.MakeStringObject("a")))
    assert.are.equal("string object", C.StringShape(nil))   -- the first of two NullLiterals
  end)
end)

describe("calls into Lua: rules on a delegate's Invoke (the [LuaMarshalAs] semantics, R-DEL-1)", function()
  -- VecSink(v): v is UnpackedValues X, Y; CellSource(): its result is a
  -- Table A, B (both attributes, in every registration)
  if not testbed.delegates then return end
  it("an UnpackedValues parameter reaches Lua as its members' values", function()
    local got = C.Send(function(...)
      local t = table.pack(...)
      return t.n .. ":" .. tostring(t[1]) .. "," .. tostring(t[2])
    end, 1.5, -2)
    assert.are.equal("2:1.5,-2.0", got)
  end)
  it("a Table result is read from the table the function returns", function()
    assert.are.equal("3,4", C.Fetch(function() return {A = 3, B = 4} end))
  end)
  it("a missing key or a non-table is the caller's exception, never a longjmp",
     function()
    local before = testbed.stats()
    assert.are.equal("System.InvalidOperationException: bad result from "
                     .. "'ZLuaTests.CellSource' (missing key 'B' for ZLuaTests.Cell) "
                     .. "(in ZLuaTests.Chain.Fetch)",
                     err(C.Fetch, function() return {A = 3} end))
    assert.are.equal("System.InvalidOperationException: bad result from "
                     .. "'ZLuaTests.CellSource' (table expected, got number) "
                     .. "(in ZLuaTests.Chain.Fetch)",
                     err(C.Fetch, function() return 5 end))
    -- and nothing is left behind
    assert.are.equal(before.scope_depth, testbed.stats().scope_depth)
    assert.are.equal(before.handles, testbed.stats().handles)
    assert.are.equal("1,2", C.Fetch(function() return {A = 1, B = 2} end))
  end)
end)

describe("an illegal attribute (illegal rules)", function()
  it("Demo.EchoIntIllegal(5) runs as Default", function()
    -- the rule is checked when Demo binds (the first test above, or an
    -- earlier spec of the same process): the rule lines since the state
    -- opened that name the method
    D.EchoIntIllegal(5)
    local logs = testbed.rule_logs("Demo.EchoIntIllegal")
    testbed.logs()   -- read: what follows must log nothing new
    if MODE == "live" then
      -- registered at run time unvalidated: logged once, treated as Default
      assert.are.same({"[ZLua] Invalid LuaMarshalAs: Demo.EchoIntIllegal(System.Int32) " ..
                       "parameter 'value' (System.Int32): LuaMarshalType.UserData is not " ..
                       "allowed; falling back to Default."}, logs)
    else
      -- the build kept it out of the tables (cmake/marshal.cmake, --skip)
      assert.are.same({}, logs)
    end
    D.EchoIntIllegal(6)
    assert.are.same({}, testbed.logs())   -- once
    local e = err(D.EchoIntIllegal, "x")
    assert.matches("bad argument #1 to 'Demo.EchoIntIllegal' (System.Int32 expected, got string)", e, 1, true)
  end)
end)

describe("illegal rules on fields: Probe.Spread, Probe.Grip", function()
  -- [LuaMarshalAs(UnpackedValues, Members = {"X", "Y"})] Vector2 Spread and
  -- [LuaMarshalAs(OpaqueValue)] Vector2 Grip: illegal on a field, so the
  -- build leaves them out of its tables (cmake/marshal.cmake, --skip); the
  -- live registration checks them when Probe binds (its first use here).
  -- Nothing else is logged then: not Probe.Twin either, which Pair's legal
  -- type-level rule does not reach (the last test below)
  it("read live they are logged once each and treated as Default", function()
    local p = CS.ZLuaTests.Probe()
    local logs = testbed.rule_logs("ZLuaTests.Probe")
    testbed.logs()   -- read: what follows must log nothing new
    table.sort(logs)
    if MODE == "live" then
      assert.are.same({
        "[ZLua] Invalid LuaMarshalAs: ZLuaTests.Probe.Grip field (MyGame.Vector2): " ..
        "LuaMarshalType.OpaqueValue is not allowed on a field or property (Lua reads it " ..
        "through a call: the handle would die with the call's scope); falling back to Default.",
        "[ZLua] Invalid LuaMarshalAs: ZLuaTests.Probe.Spread field (MyGame.Vector2): " ..
        "LuaMarshalType.UnpackedValues is not allowed on a field or property (a read gives " ..
        "one Lua value); falling back to Default."}, logs)
    else
      assert.are.same({}, logs)
    end
    -- Default: a ByValUserData copy each way
    assert.are.equal(V2, h.type_of(p.Spread))
    assert.are.same({11, 12}, {p.Spread.X, p.Spread.Y})
    p.Spread = V2(1, 2)
    assert.are.equal(2, p.Spread.Y)
    local e = err(function() p.Spread = 1 end)
    assert.matches("cannot set 'ZLuaTests.Probe.Spread' (MyGame.Vector2 expected, got number)", e, 1, true)
    CS.ZLuaTests.Probe()   -- binding is once: nothing more is logged
    assert.are.same({}, testbed.logs())
  end)

  it("an OpaqueValue field never reads as a handle, even inside a call into Lua", function()
    local p = CS.ZLuaTests.Probe()
    local inside, kind
    D.InvokeWithRefString(h.callback(function()
      -- a scope is open here: the read still gives a copy, not a handle
      inside = p.Grip
      kind = type(inside)
    end), "x")
    assert.are.equal("userdata", kind)
    -- kept after the call: an independent copy, readable and writable
    assert.are.same({13, 14}, {inside.X, inside.Y})
    inside.X = 1
    assert.are.equal(13, p.Grip.X)
    assert.are.equal("userdata", type(p.Grip))
    p.Grip = V2(5, 6)
    assert.are.same({5, 6}, {p.Grip.X, p.Grip.Y})
  end)

  -- tests.xml gives ZLuaTests.Pair a type-level UnpackedValues "A,B": legal
  -- on the struct, so the build takes it; Probe.Twin is a Pair field
  it("a type-level rule reaches the slots that can take it; a field keeps the defaults, silently", function()
    local Pair = CS.ZLuaTests.Pair
    assert.are.equal("1,2", C.PairText(1, 2))          -- a parameter: two values
    assert.are.same({3, 4}, {C.MakePair(3, 4)})        -- a return: two results
    local p = CS.ZLuaTests.Probe()
    assert.are.equal(Pair, h.type_of(p.Twin))          -- a field: a ByValUserData copy
    assert.are.same({15, 16}, {p.Twin.A, p.Twin.B})
    local t = Pair()
    t.A, t.B = 5, 6
    p.Twin = t
    assert.are.same({5, 6}, {p.Twin.A, p.Twin.B})
    local e = err(function() p.Twin = 1 end)
    assert.matches("cannot set 'ZLuaTests.Probe.Twin' (ZLuaTests.Pair expected, got number)", e, 1, true)
    -- the rule is legal: nothing was logged for the field, now or when
    -- Probe bound (the test above saw every line of that)
    assert.are.same({}, testbed.logs())
  end)
end)

describe("fields and properties with a rule (tests/marshal/tests.xml)", function()
  local P = CS.ZLuaTests.Probe

  it("a field with a Table rule reads as a table and takes one", function()
    local p = P()
    assert.are.same({X = 1, Y = 2}, p.Pos)
    p.Pos = {X = 9, Y = 8}
    assert.are.same({X = 9, Y = 8}, p.Pos)
    local ok, e = pcall(function() p.Pos = V2(1, 2) end)
    assert.is_false(ok)
    assert.matches("cannot set 'ZLuaTests.Probe.Pos' (table expected, got MyGame.Vector2)", e, 1, true)
    ok, e = pcall(function() p.Pos = {X = 1} end)
    assert.is_false(ok)
    assert.matches("missing key 'Y' for MyGame.Vector2", e, 1, true)
  end)

  it("a property with a Table rule: its getter's result and its setter's value", function()
    local p = P()
    assert.are.same({X = 5, Y = 6}, p.Aim)
    p.Aim = {X = 7, Y = 3}
    assert.are.same({X = 7, Y = 3}, p.Aim)
    local ok, e = pcall(function() p.Aim = {Y = 1} end)
    assert.is_false(ok)
    assert.matches("missing key 'X' for MyGame.Vector2", e, 1, true)
  end)

  it("a byte[] field with a Bytes rule", function()
    local p = P()
    assert.is_nil(p.Blob)
    p.Blob = "x\0y"
    assert.are.equal("x\0y", p.Blob)
    local ok, e = pcall(function() p.Blob = {1} end)
    assert.is_false(ok)
    assert.matches("(string expected, got table)", e, 1, true)
  end)

  it("a string field with a UserData rule reads as System.String userdata and takes one", function()
    local p = P()
    assert.is_nil(p.Label)
    p.Label = D.MakeStringObject("lab")
    assert.are.equal("userdata", type(p.Label))
    assert.are.equal("lab", tostring(p.Label))
    local ok, e = pcall(function() p.Label = "lab" end)
    assert.is_false(ok)
    assert.matches("cannot set 'ZLuaTests.Probe.Label' (System.String userdata expected, got string)", e, 1, true)
    p.Label = nil
    assert.is_nil(p.Label)
  end)
end)

describe("the priority chain", function()
  it("a parameter attribute beats the parameter's XML rule (XmlOverride)", function()
    assert.are.equal("7,8", D.XmlOverride(7, 8))
    local e = err(D.XmlOverride, {X = 1, Y = 2})
    assert.matches("expects 2 values for 'v'", e, 1, true)
  end)

  it("a parameter XML rule applies where no attribute is (XmlVec)", function()
    if MODE == "variant" then
      assert.are.equal("1,2", D.XmlVec(2, 1))   -- the variant: UnpackedValues "Y,X"
    else
      assert.are.equal("1,2", D.XmlVec({X = 1, Y = 2}))
    end
  end)

  it("a parameter XML rule beats the type-level rule (Chain.CellXml: UnpackedValues B,A)", function()
    assert.are.equal("2,1", C.CellXml(1, 2))
  end)

  it("a member attribute beats the member's XML rule (Probe.Marked: Table over UserData)", function()
    local p = CS.ZLuaTests.Probe()
    assert.are.same({X = 3, Y = 4}, p.Marked)
    p.Marked = {X = 1, Y = 2}
    assert.are.same({X = 1, Y = 2}, p.Marked)
  end)

  it("a member rule beats the type-level rule (Probe.Home: UserData)", function()
    local p = CS.ZLuaTests.Probe()
    assert.are.equal("userdata", type(p.Home))
    assert.are.equal(7, p.Home.A)
    assert.are.same({A = 9, B = 10}, p.Other)   -- no member rule: the type-level one
  end)

  it("a type-level attribute beats the type-level XML rule (MyDto keeps Tag?)", function()
    -- tests.xml's MyDto rule lists X,Y only; the attribute's X,Y,Tag? wins
    assert.are.equal("1,2,t", D.TakeDto({X = 1, Y = 2, Tag = "t"}))
  end)

  it("a type-level XML rule applies to every slot of the type (Chain.CellText, MakeCell)", function()
    assert.are.equal("1,2", C.CellText({A = 1, B = 2}))
    assert.are.same({A = 3, B = 4}, C.MakeCell(3, 4))
  end)

  it("a readonly struct's fields are written as its constructor would (Chain.GridText)", function()
    assert.are.equal("3,4", C.GridText({X = 3, Y = 4}))
    h.raises("bad argument #1 to 'ZLuaTests.Chain.GridText' (missing key 'Y' for ZLuaTests.GridPos)",
             function() return C.GridText({X = 3}) end)
  end)

  it("a rule equal to Default does not count (Chain.CellXmlDefault: the type-level rule)", function()
    assert.are.equal("3,4", C.CellXmlDefault({A = 3, B = 4}))
  end)

  it("no rule anywhere: the default marshal rules (R-DEF-3: no table for a struct)", function()
    local e = err(D.SumPoint, {x = 1, y = 2})
    assert.matches("bad argument #1 to 'Demo.SumPoint' (MyGame.Point2D expected, got table)", e, 1, true)
  end)
end)

describe("slot counting (overload dispatch rule 1)", function()
  it("an UnpackedValues parameter counts len(Members) arguments in overload dispatch", function()
    assert.are.equal("int", C.Place(1))
    assert.are.equal("vec 1,2", C.Place(1, 2))
    assert.are.equal("int3", C.Place(1, 2, 3))
  end)

  it("the full-signature key is unchanged and takes the values", function()
    local f = C["Place(MyGame.Vector2)"]
    assert.are.equal("function", type(f))
    assert.are.equal("vec 3,4", f(3, 4))
    assert.matches("expects 2 values for 'v'", err(f, 3), 1, true)
  end)

  it("no candidate: the error lists the candidates by their keys", function()
    local e = err(C.Place, {})
    assert.matches("no overload for ZLuaTests.Chain.Place matching (table); candidates: " ..
                   "Place(MyGame.Vector2), Place(System.Int32), " ..
                   "Place(System.Int32,System.Int32,System.Int32)", e, 1, true)
  end)

  it("the values of the unpacked candidate are scored by its members' types", function()
    local e = err(C.Place, "a", "b")
    assert.matches("no overload for ZLuaTests.Chain.Place matching (string,string)", e, 1, true)
  end)
end)

describe("generated stubs (R-META-3) and rule shapes", function()
  it("a method with a multi-value slot has a stub of its shape", function()
    local want = testbed.stubs and "stub" or "generic"
    assert.are.equal(want, testbed.bridge_kind(D, "FooUnpacked"))
    assert.are.equal(want, testbed.bridge_kind(D, "GetPos"))
    assert.are.equal(want, testbed.bridge_kind(D, "FooTable"))
  end)

  it("a state whose rules give the method another shape takes the generic invoker", function()
    -- the stubs were generated with the fixture tables: XmlVec's Table
    -- parameter there, UnpackedValues in the variant
    local want = (testbed.stubs and MODE ~= "variant") and "stub" or "generic"
    assert.are.equal(want, testbed.bridge_kind(D, "XmlVec"))
  end)

  it("a stub and the generic invoker give the same results and errors", function()
    local g = testbed.generic(D, "FooUnpacked")
    g(6, 5)
    assert.are.same({5, 6}, {D.GetPos()})
    assert.are.same({5, 6}, {testbed.generic(D, "GetPos")()})
    assert.are.equal(err(D.FooUnpacked, "a", 1), err(g, "a", 1))
    assert.are.equal(err(D.FooUnpacked, 1, {}), err(g, 1, {}))
    assert.are.equal(err(D.FooUnpacked, 1), err(g, 1))
  end)
end)

describe("rules reach the metas at bind time", function()
  it("nothing is logged for rules the runtime resolves", function()
    -- every rule of the tables names something the catalog has: no
    -- `LuaMarshalAs rule ignored` line (the EchoIntIllegal test above
    -- holds the only line a mode may log)
    assert.are.same({}, testbed.logs())
  end)
end)

-- The generic invoker serves these shapes with its simple entry (a
-- parameter in a 64-bit cell, UnpackedValues taking several Lua values):
-- the values and every message are the stub's (R-META-3).
describe("R-META-3: Table and UnpackedValues parameters through the generic invoker", function()
  local unpacked = testbed.generic(D, "FooUnpacked")
  local tabled = testbed.generic(D, "FooTable")

  it("takes the values as the stub does", function()
    unpacked(2, 1)
    assert.are.same({1, 2}, {D.GetPos()})
    tabled({X = 5, Y = 6})
    assert.are.same({5, 6}, {D.GetPos()})
  end)

  it("gives the stub's messages", function()
    local cases = { table.pack(1), table.pack(), table.pack(1, 2, 3), table.pack("a", 1),
                    table.pack(1, {}), table.pack(V2(1, 2)) }
    for _, args in ipairs(cases) do
      assert.are.equal(err(D.FooUnpacked, table.unpack(args, 1, args.n)),
                       err(unpacked, table.unpack(args, 1, args.n)))
    end
    assert.matches("bad argument #2 to 'Demo.FooUnpacked' (member 'X' of MyGame.Vector2: "
                   .. "System.Single expected, got table)", err(unpacked, 1, {}), 1, true)
    for _, arg in ipairs({ {X = 1}, V2(1, 2), {X = "a", Y = 1} }) do
      assert.are.equal(err(D.FooTable, arg), err(tabled, arg))
    end
    assert.are.equal(err(D.FooTable, nil), err(tabled, nil))
    assert.matches("(missing key 'Y' for MyGame.Vector2)", err(tabled, {X = 1}), 1, true)
  end)
end)

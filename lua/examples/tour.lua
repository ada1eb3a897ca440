-- tour.lua -- a guided tour of libzlua, milestone 1.
--
--   build/zlua-run lua/examples/tour.lua
--
-- Every section says what libzlua does and why, then shows the value.
-- The tour checks what it shows; it ends with a one-line summary (and
-- fails, with that summary, if anything did not behave as described).

local sections, checks, failed = 0, 0, {}

-- Prints the title and the explanation, then runs body; an unexpected error
-- in body is reported and the tour goes on with the next section.
local function section(title, why, body)
  sections = sections + 1
  print(("\n== %d. %s"):format(sections, title))
  for line in why:gmatch("[^\n]+") do print("   " .. line) end
  local ok, err = pcall(body)
  if not ok then
    checks = checks + 1
    failed[#failed + 1] = ("section %q stopped: %s"):format(title, tostring(err))
    print("   !! section stopped: " .. tostring(err))
  end
end

local function show(label, value, expected)
  print(("   %-44s -> %s"):format(label, tostring(value)))
  if expected ~= nil then
    checks = checks + 1
    if value ~= expected then
      failed[#failed + 1] = ("%s: expected %s, got %s"):format(label, tostring(expected),
                                                                 tostring(value))
    end
  end
end

-- Shows the error fn raises (and checks it contains `expected`).
local function show_error(label, expected, fn, ...)
  local ok, err = pcall(fn, ...)
  err = ok and "(no error)" or tostring(err)
  print(("   %-44s -> error: %s"):format(label, err))
  checks = checks + 1
  if ok or not err:find(expected, 1, true) then
    failed[#failed + 1] = ("%s: expected an error with %q, got %s"):format(label, expected, err)
  end
end

local Demo, Point2D = CS.Demo, CS.MyGame.Point2D
local Color, Tagged = CS.MyGame.Color, CS.MyGame.Tagged

print("libzlua " .. zlua.version .. " -- marshaling between Lua 5.4 and IL2CPP")

section("Type tables", [[
CS resolves names on demand across assemblies (a name that is no type reads as
a namespace); CSharp[assembly][fullName] is the core root. Every path returns
one cached table per type, created on first use.]], function()
  show("CS.MyGame.Point2D == CSharp.AC['MyGame.Point2D']",
       rawequal(Point2D, CSharp.AC["MyGame.Point2D"]), true)
  show("CS['MyGame.Point2D'] is the same table", rawequal(Point2D, CS["MyGame.Point2D"]), true)
  show("CSharp.mscorlib['System.Int32'].__fullname",
       CSharp.mscorlib["System.Int32"].__fullname, "System.Int32")
  show("Point2D.__assembly", Point2D.__assembly, "Assembly-CSharp")
  show("Point2D.__struct", Point2D.__struct, true)
  show("Color.__enum", Color.__enum, true)
  show("Point2D.__instance_mt.__zlua_ud_kind", Point2D.__instance_mt.__zlua_ud_kind, "byval")
  show_error("CS.MyGame.Nope(1, 2)", "type or namespace not found: MyGame.Nope",
             function() return CS.MyGame.Nope(1, 2) end)
end)

section("Constructors and struct userdata", [[
A struct lives in Lua as a ByValUserData: a full userdata holding a copy of
the value. T(...) runs the public constructor in place inside that userdata:
one Lua allocation, no managed one. T() is default(T).]], function()
  local p = Point2D(3, 4)
  show("Point2D(3, 4)", p, nil)
  show("p.x (field read by precomputed offset)", p.x, 3)
  show("p:Length()", p:Length(), 5)
  p:Scale(2)
  show("after p:Scale(2), tostring(p)", tostring(p), "(6, 8)")
  show("Point2D().x (default)", Point2D().x, 0)
  show("getmetatable(p) (metatables are protected)", getmetatable(p), false)
  show_error("CS.Demo() (a static class)", "'Demo' has no public constructor",
             function() return CS.Demo() end)
end)

section("Members are checked, loudly", [[
Methods win over fields and cannot be overwritten; statics are not reachable
through an instance; a typo is an error, not a silent nil.]], function()
  local p = Point2D(6, 8)
  local l = CS.MyGame.Line()
  local a = l.a
  a.x = 9
  show("nested struct reads as a copy: l.a.x", l.a.x, 0)
  show("Point2D.Zero (static property)", tostring(Point2D.Zero), "(0, 0)")
  show_error("p.nope", "'MyGame.Point2D' has no member 'nope'", function() return p.nope end)
  show_error("p.Created", "cannot be accessed through an instance",
             function() return p.Created end)
  show_error("p.Length = 1", "instance member not writable: Length", function() p.Length = 1 end)
  show_error("p.x = 'a'", "System.Single expected, got string", function() p.x = "a" end)
  show_error("ByVal __index applied to io.stdout", "", debug.getmetatable(p).__index,
             io.stdout, "x")
end)

section("The default marshal matrix", [[
Integers are checked against the CLR type's range, floats must be exact to
reach an integer slot, strings are UTF-8 on the Lua side and UTF-16 on the
C# side (NULs survive, invalid bytes become U+FFFD), bool takes booleans only.]], function()
  show("Demo.Add(2.0, 3)", Demo.Add(2.0, 3), 5)
  show("Demo.AddLong(2^62, 1)", Demo.AddLong(2^62, 1), (1 << 62) + 1)
  show("Demo.EchoULong(-1) (2^64-1, two's complement)", Demo.EchoULong(-1), -1)
  show("Demo.EchoChar(65535)", Demo.EchoChar(65535), 65535)
  show("Demo.Concat('h\\xC3\\xA9', 'llo')", Demo.Concat("h\xC3\xA9", "llo"), "h\xC3\xA9llo")
  show("#Demo.Concat('a\\0b', '')", #Demo.Concat("a\0b", ""), 3)
  show("Demo.Concat('\\xff', '') == U+FFFD", Demo.Concat("\xff", "") == "\xEF\xBF\xBD", true)
  show("Demo.Concat(nil, 'x') (nil is null)", Demo.Concat(nil, "x"), "x")
  Demo.SetColor(Color.Blue)
  show("SetColor(Color.Blue); GetColor()", Demo.GetColor(), 2)
  show("Demo.EchoWide(1 << 40)", Demo.EchoWide(1 << 40), 1 << 40)
  show("type(Demo.Box(5)) (object slot: a userdata)", type(Demo.Box(5)), "userdata")
  show("Demo.MaybeInt(false) == nil (null -> nil)", Demo.MaybeInt(false) == nil, true)
  show("Demo.OrZero(nil)", Demo.OrZero(nil), 0)
  show("Demo.SumPoint(Demo.MakePoint(1, 2))", Demo.SumPoint(Demo.MakePoint(1, 2)), 3)
  show_error("Demo.EchoByte(256)", "number out of range for System.Byte", Demo.EchoByte, 256)
  show_error("Demo.Add(2.5, 1)", "number has no integer representation", Demo.Add, 2.5, 1)
  show_error("Demo.Not(1)", "System.Boolean expected, got number", Demo.Not, 1)
  show_error("Demo.SumPoint({})  (no tables for structs)",
             "bad argument #1 to 'Demo.SumPoint' (MyGame.Point2D expected, got table)",
             Demo.SumPoint, {})
  show_error("Demo.Add(1)", "wrong number of arguments to 'Demo.Add' (2 expected, got 1)",
             Demo.Add, 1)
end)

section("Managed exceptions", [[
A C# exception becomes a Lua error naming the exception, its message and the
method -- raised only after the call's scope and temporaries are released.]], function()
  local before = testbed.stats()
  show_error('Demo.Throw("boom")  (a C# throw)',
             "System.InvalidOperationException: boom (in Demo.Throw)", Demo.Throw, "boom")
  show("scope stack unchanged afterwards", testbed.stats().handles == before.handles, true)
end)

section("OpaqueValue: C# calling Lua", [[
When C# calls Lua, a struct argument or a ref slot is not copied: Lua gets an
OpaqueValue, a lightuserdata handle to the C# slot. Pushing one allocates
nothing. It is valid only while the call runs; the scope then ends and the
handle expires, so Lua can never touch a dead C# stack slot.]], function()
  local kept
  _G.TourPoint = function(h)
    print(("   %-44s -> %s, metatable %s"):format("  callback got", type(h),
                                                   tostring(getmetatable(h))))
    local copy = zlua.get_opaquevalue(h)
    show("  zlua.get_opaquevalue(h) (a copy)", tostring(copy), "(1, 2)")
    show("  Demo.SumPoint(h) (passed back, by copy)", Demo.SumPoint(h), 3)
    show_error("  Demo.Add(h, 1) (primitives never take one)", "got light userdata", Demo.Add, h, 1)
    kept = h
  end
  Demo.InvokeWithPoint("TourPoint", Point2D(1, 2))
  show_error("the kept handle after the call", "opaque handle expired", zlua.get_opaquevalue, kept)

  _G.TourRefInt = function(h) zlua.set_opaquevalue(h, zlua.get_opaquevalue(h) + 10) end
  show("InvokeWithRefInt: set(h, get(h) + 10) on 5", Demo.InvokeWithRefInt("TourRefInt", 5), 15)
  _G.TourRefPoint = function(h)
    local u = zlua.to_user_data(h)     -- an independent copy; h stays valid
    zlua.set_opaquevalue(h, Point2D(10, 20))
    show("  to_user_data copy after set (unchanged)", tostring(u), "(1, 1)")
  end
  show("InvokeWithRefPoint: the slot C# sees", tostring(Demo.InvokeWithRefPoint("TourRefPoint",
       Point2D(1, 1))), "(10, 20)")
  _G.TourRefString = function(h) zlua.set_opaquevalue(h, zlua.get_opaquevalue(h) .. "!") end
  show("InvokeWithRefString on 'hi'", Demo.InvokeWithRefString("TourRefString", "hi"), "hi!")
end)

section("Nested scopes", [[
A scope that issued a handle bumps the generation when it ends, expiring every
handle of the chain; a C# call that issued none leaves outer handles valid.]], function()
  local before = testbed.stats()
  _G.TourInner = function(h1) end
  _G.TourOuter = function(h0, inner)
    Demo.Add(1, 2)
    show("  h0 after Demo.Add (no handle issued)", zlua.get_opaquevalue(h0).x, 1)
    Demo.InvokeWithPoint(inner, Point2D(2, 2))
    show_error("  h0 after an inner call issued a handle", "opaque handle expired",
               zlua.get_opaquevalue, h0)
  end
  Demo.InvokeNested("TourOuter", "TourInner")
  _G.TourFail = function() error("bad") end
  show("InvokeCatch: the Lua error comes back to C#",
       tostring(Demo.InvokeCatch("TourFail")):find("bad", 1, true) ~= nil, true)
  show("handles / scope_depth after all IC calls",
       testbed.stats().handles .. "/" .. testbed.stats().scope_depth,
       before.handles .. "/" .. before.scope_depth)
end)

section("Zero garbage", [[
The hot path allocates nothing: no Lua userdata, no boxing, no managed objects.]], function()
  _G.OnRefInt = function(h) end
  for _ = 1, 100 do Demo.CallOnRefInt(1) end
  collectgarbage("stop")
  local s0 = testbed.stats()
  local g0, l0 = s0.gc_allocs, s0.lua_allocs
  for _ = 1, 1000 do Demo.CallOnRefInt(1) end
  local s1 = testbed.stats()
  local g1, l1 = s1.gc_allocs, s1.lua_allocs
  local s2 = testbed.stats()          -- the cost of one snapshot, for comparison
  collectgarbage("restart")
  show("managed allocations in 1000 IC calls", g1 - g0, 0)
  show("Lua allocations in 1000 IC calls", (l1 - l0) - (s2.lua_allocs - l1), 0)
end)

section("GC: payloads stay alive", [[
A non-blittable struct userdata (here Tagged, holding a string) is entered into
the NotBlittableStructRegistry; the GC shim hands its payload to the managed
collector as a root, so the string survives as long as the Lua userdata does.
Its __gc retires it (a resurrected userdata refuses access) and the entry goes
once the collector finds the retired userdata dead.]], function()
  collectgarbage(); testbed.gc()
  local base = testbed.stats().structs
  local holder = { t = Tagged(1, string.rep("n", 40) .. tostring(os.time())) }
  local id = testbed.track(holder.t, "name")
  for _ = 1, 20 do
    for i = 1, 50 do Demo.Concat("garbage", tostring(i)) end
    testbed.gc()
  end
  show("after 20 managed collections, name alive", testbed.alive(id), true)
  show("registry entries while held", testbed.stats().structs - base, 1)
  local saved
  local function resurrect()
    setmetatable({ Tagged(2, "ghost") }, { __gc = function(o) saved = o[1] end })
  end
  holder.t = nil
  resurrect()
  collectgarbage(); collectgarbage(); testbed.gc()
  -- the ghost is finalized but reachable again: it keeps its entry
  -- until the collector finds it dead (a C function may hold it)
  show("registry entries after the drop", testbed.stats().structs - base, 1)
  show_error("resurrected userdata.name", "struct userdata has been finalized",
             function() return saved.name end)
  saved = nil
  collectgarbage(); collectgarbage(); testbed.gc()
  show("registry entries once the ghost is gone", testbed.stats().structs - base, 0)
end)

print()
local summary = ("tour complete: %d sections, %d of %d checks as described"):format(
  sections, checks - #failed, checks)
if #failed > 0 then
  for _, f in ipairs(failed) do print("   MISMATCH " .. f) end
  error(summary, 0)
end
print(summary)

-- The default marshal matrix through the "by-val basics" fixtures,
-- and the argument / exception errors R-DEF-1..4.
local h = require "helpers"

local Demo = CS.Demo
local Point2D = CS.MyGame.Point2D
local Color = CS.MyGame.Color

describe("by value: integers", function()
  it("Add(2, 3) == 5, an integer", function()
    local r = Demo.Add(2, 3)
    assert.are.equal(5, r)
    assert.are.equal("integer", math.type(r))
    assert.are.equal(-7, Demo.Add(-10, 3))
  end)

  it("Int32 limits are accepted", function()
    assert.are.equal(2147483647, Demo.Add(2147483647, 0))
    assert.are.equal(-2147483648, Demo.Add(-2147483648, 0))
  end)

  it("out of Int32 range: 'number out of range for System.Int32'", function()
    h.raises("bad argument #1 to 'Demo.Add' (number out of range for System.Int32)",
             Demo.Add, 2147483648, 0)
    h.raises("bad argument #2 to 'Demo.Add' (number out of range for System.Int32)",
             Demo.Add, 0, -2147483649)
  end)

  it("a float with an exact integer value is accepted: Add(2.0, 3) == 5", function()
    local r = Demo.Add(2.0, 3)
    assert.are.equal(5, r)
    assert.are.equal("integer", math.type(r))
    assert.are.equal(0, Demo.Add(-0.0, 0))
  end)

  it("a non-integral float: 'number has no integer representation'", function()
    h.raises("bad argument #1 to 'Demo.Add' (number has no integer representation)",
             Demo.Add, 2.5, 3)
    h.raises("bad argument #2 to 'Demo.Add' (number has no integer representation)",
             Demo.Add, 1, 0/0)
  end)

  it("a string is no integer", function()
    h.raises("bad argument #1 to 'Demo.Add' (System.Int32 expected, got string)",
             Demo.Add, "1", 2)
  end)

  it("AddLong covers the Int64 range", function()
    assert.are.equal(1 << 62, Demo.AddLong(1 << 61, 1 << 61))
    assert.are.equal(math.maxinteger, Demo.AddLong(1 << 62, (1 << 62) - 1))
    assert.are.equal(math.mininteger, Demo.AddLong(math.mininteger, 0))
    assert.are.equal("integer", math.type(Demo.AddLong(1, 2)))
  end)

  it("AddLong accepts the exact float 2^62", function()
    assert.are.equal(1 << 62, Demo.AddLong(2^62, 0))
    assert.are.equal((1 << 62) + 1, Demo.AddLong(2^62, 1))
  end)

  it("AddLong rejects the float 2^63: 'number out of range for System.Int64'", function()
    h.raises("bad argument #1 to 'Demo.AddLong' (number out of range for System.Int64)",
             Demo.AddLong, 2^63, 0)
  end)

  it("EchoByte: 0 and 255 round-trip", function()
    assert.are.equal(0, Demo.EchoByte(0))
    assert.are.equal(255, Demo.EchoByte(255))
    assert.are.equal(255, Demo.EchoByte(255.0))
  end)

  it("EchoByte(256) and EchoByte(-1) are range errors", function()
    h.raises("bad argument #1 to 'Demo.EchoByte' (number out of range for System.Byte)",
             Demo.EchoByte, 256)
    h.raises("bad argument #1 to 'Demo.EchoByte' (number out of range for System.Byte)",
             Demo.EchoByte, -1)
  end)

  it("EchoULong: integers are reinterpreted (two's complement)", function()
    assert.are.equal(-1, Demo.EchoULong(-1))
    assert.are.equal(math.maxinteger, Demo.EchoULong(math.maxinteger))
    assert.are.equal(math.mininteger, Demo.EchoULong(math.mininteger))
    assert.are.equal(0, Demo.EchoULong(0))
  end)

  it("EchoULong: an exact float in [0, 2^64) is accepted", function()
    assert.are.equal(math.mininteger, Demo.EchoULong(2^63))   -- 2^63 appears negative
    assert.are.equal(12, Demo.EchoULong(12.0))
  end)

  it("EchoULong: floats outside [0, 2^64) are range errors", function()
    h.raises("bad argument #1 to 'Demo.EchoULong' (number out of range for System.UInt64)",
             Demo.EchoULong, 2^64)
    h.raises("bad argument #1 to 'Demo.EchoULong' (number out of range for System.UInt64)",
             Demo.EchoULong, -1.0)
  end)

  it("EchoChar: UTF-16 code units 0..65535", function()
    assert.are.equal(0, Demo.EchoChar(0))
    assert.are.equal(65, Demo.EchoChar(65))
    assert.are.equal(65535, Demo.EchoChar(65535))
    assert.are.equal("integer", math.type(Demo.EchoChar(65)))
  end)

  it("EchoChar: 65536 and -1 are range errors", function()
    h.raises("bad argument #1 to 'Demo.EchoChar' (number out of range for System.Char)",
             Demo.EchoChar, 65536)
    h.raises("bad argument #1 to 'Demo.EchoChar' (number out of range for System.Char)",
             Demo.EchoChar, -1)
  end)

  it("EchoChar: a string is not a char", function()
    h.raises("bad argument #1 to 'Demo.EchoChar' (System.Char expected, got string)",
             Demo.EchoChar, "a")
  end)
end)

describe("by value: floating point", function()
  it("Mul takes numbers and integers, returns a float", function()
    assert.are.equal(3.0, Demo.Mul(1.5, 2))
    local r = Demo.Mul(2, 3)
    assert.are.equal(6, r)
    assert.are.equal("float", math.type(r))
    assert.are.equal(0.1 * 0.2, Demo.Mul(0.1, 0.2))   -- double precision kept
  end)

  it("Mul rejects a boolean", function()
    h.raises("bad argument #2 to 'Demo.Mul' (System.Double expected, got boolean)",
             Demo.Mul, 1, true)
  end)
end)

describe("by value: strings (R-DEF-2)", function()
  it("Concat('a', 'b') == 'ab'", function()
    assert.are.equal("ab", Demo.Concat("a", "b"))
  end)

  it("UTF-8 round-trips: 'héllo', a supplementary-plane character", function()
    assert.are.equal("h\xC3\xA9llo", Demo.Concat("h\xC3\xA9", "llo"))
    assert.are.equal("\xF0\x9F\x98\x80!", Demo.Concat("\xF0\x9F\x98\x80", "!"))
    assert.are.equal("\xE2\x82\xAC", Demo.Concat("", "\xE2\x82\xAC"))
  end)

  it("an embedded NUL round-trips: 'a\\0b' has length 3", function()
    local s = Demo.Concat("a\0b", "")
    assert.are.equal(3, #s)
    assert.are.equal("a\0b", s)
    assert.are.equal("a\0b\0", Demo.Concat("a\0b", "\0"))
  end)

  it("an invalid UTF-8 byte becomes U+FFFD", function()
    assert.are.equal("\xEF\xBF\xBD", Demo.Concat("\xff", ""))
    assert.are.equal("a\xEF\xBF\xBDb", Demo.Concat("a\xff", "b"))
  end)

  it("nil is null: Concat(nil, 'x') == 'x'", function()
    assert.are.equal("x", Demo.Concat(nil, "x"))
    assert.are.equal("x", Demo.Concat("x", nil))
  end)

  it("an empty string is not null", function()
    local s = Demo.Concat("", "")
    assert.are.equal("", s)
  end)

  it("a number is not a string", function()
    h.raises("bad argument #1 to 'Demo.Concat' (System.String expected, got number)",
             Demo.Concat, 1, "x")
  end)
end)

describe("by value: booleans", function()
  it("Not(true) == false, Not(false) == true", function()
    assert.are.equal(false, Demo.Not(true))
    assert.are.equal(true, Demo.Not(false))
  end)

  it("boolean only: Not(1) raises", function()
    h.raises("bad argument #1 to 'Demo.Not' (System.Boolean expected, got number)",
             Demo.Not, 1)
  end)

  it("boolean only: Not(nil) raises", function()
    h.raises("bad argument #1 to 'Demo.Not' (System.Boolean expected, got nil)",
             Demo.Not, nil)
  end)
end)

describe("by value: structs", function()
  it("MakePoint returns a ByValUserData copy", function()
    local p = Demo.MakePoint(1, 2)
    assert.are.equal("userdata", type(p))
    assert.are.equal("byval", h.kind(p))
    assert.is_true(rawequal(Point2D, h.type_of(p)))
    assert.are.equal(1, p.x)
    assert.are.equal(2, p.y)
  end)

  it("SumPoint takes a ByValUserData by value", function()
    assert.are.equal(3, Demo.SumPoint(Point2D(1, 2)))
    assert.are.equal(7.5, Demo.SumPoint(Demo.MakePoint(3.5, 4)))
  end)

  it("MakeTagged / TaggedName round-trip a non-blittable struct", function()
    local t = Demo.MakeTagged(7, "seven")
    assert.are.equal("byval", h.kind(t))
    assert.is_true(rawequal(CS.MyGame.Tagged, h.type_of(t)))
    assert.are.equal(7, t.id)
    assert.are.equal("seven", t.name)
    assert.are.equal("seven", Demo.TaggedName(t))
    assert.are.equal("a", Demo.TaggedName(CS.MyGame.Tagged(1, "a")))
    assert.is_nil(Demo.TaggedName(CS.MyGame.Tagged()))
  end)

  it("R-DEF-1/R-DEF-3: a table is not accepted for a struct", function()
    h.raises("bad argument #1 to 'Demo.SumPoint' (MyGame.Point2D expected, got table)",
             Demo.SumPoint, {})
    h.raises("bad argument #1 to 'Demo.SumPoint' (MyGame.Point2D expected, got table)",
             Demo.SumPoint, { x = 1, y = 2 })
  end)

  it("R-DEF-1: another struct type is named", function()
    h.raises("bad argument #1 to 'Demo.SumPoint' (MyGame.Point2D expected, got MyGame.Line)",
             Demo.SumPoint, CS.MyGame.Line())
  end)

  it("R-DEF-1: nil is no struct", function()
    h.raises("bad argument #1 to 'Demo.SumPoint' (MyGame.Point2D expected, got nil)",
             Demo.SumPoint, nil)
  end)

  it("R-DEF-3: several stack values are not a struct", function()
    h.error_of(Demo.SumPoint, 1, 2)
  end)
end)

describe("by value: enums (R-ENUM-1, R-ENUM-2)", function()
  it("SetColor / GetColor with an integer", function()
    Demo.SetColor(2)
    local c = Demo.GetColor()
    assert.are.equal(2, c)
    assert.are.equal("integer", math.type(c))
  end)

  it("SetColor / GetColor with the Color.Red constant", function()
    Demo.SetColor(Color.Blue)
    Demo.SetColor(Color.Red)
    assert.are.equal(Color.Red, Demo.GetColor())
    assert.are.equal(0, Demo.GetColor())
  end)

  it("an integer outside the declared names is allowed (C# semantics)", function()
    Demo.SetColor(17)
    assert.are.equal(17, Demo.GetColor())
    Demo.SetColor(Color.Red)
  end)

  it("EchoSmall (byte-backed): 200 round-trips, 7 too", function()
    assert.are.equal(200, Demo.EchoSmall(200))
    assert.are.equal(200, Demo.EchoSmall(CS.MyGame.Small.B))
    assert.are.equal(7, Demo.EchoSmall(7))
  end)

  it("EchoSmall(256) and EchoSmall(-1): 'number out of range for MyGame.Small'", function()
    h.raises("bad argument #1 to 'Demo.EchoSmall' (number out of range for MyGame.Small)",
             Demo.EchoSmall, 256)
    h.raises("bad argument #1 to 'Demo.EchoSmall' (number out of range for MyGame.Small)",
             Demo.EchoSmall, -1)
  end)

  it("EchoWide (long-backed): 2^40 round-trips", function()
    assert.are.equal(1 << 40, Demo.EchoWide(1 << 40))
    assert.are.equal(1 << 40, Demo.EchoWide(CS.MyGame.Wide.Big))
    assert.are.equal(math.maxinteger, Demo.EchoWide(math.maxinteger))
  end)

  it("an enum parameter rejects a string", function()
    h.raises("bad argument #1 to 'Demo.SetColor' (MyGame.Color expected, got string)",
             Demo.SetColor, "Red")
  end)
end)

describe("by value: object and Nullable", function()
  it("Box(5) returns a userdata (a boxed System.Int32), not a number", function()
    local b = Demo.Box(5)
    assert.are.equal("userdata", type(b))
    assert.are.equal("byobj", h.kind(b))
  end)

  it("MaybeInt(true) == 7, MaybeInt(false) == nil", function()
    local v = Demo.MaybeInt(true)
    assert.are.equal(7, v)
    assert.are.equal("integer", math.type(v))
    assert.is_nil(Demo.MaybeInt(false))
    assert.are.equal(1, select("#", Demo.MaybeInt(false)))
  end)

  it("OrZero(nil) == 0, OrZero(4) == 4", function()
    assert.are.equal(0, Demo.OrZero(nil))
    assert.are.equal(4, Demo.OrZero(4))
    assert.are.equal(4, Demo.OrZero(4.0))
  end)

  it("a Nullable<int> parameter pops its value as an int", function()
    h.raises("bad argument #1 to 'Demo.OrZero' (number has no integer representation)",
             Demo.OrZero, 4.5)
  end)

  -- Nullable<bool>: both fields are bools, so only their names tell the
  -- flag from the value; CI runs this with both corlib layouts.
  it("MaybeNot(true) == false, MaybeNot(false) == true, MaybeNot(nil) == nil", function()
    assert.are.equal(false, Demo.MaybeNot(true))
    assert.are.equal(true, Demo.MaybeNot(false))
    assert.is_nil(Demo.MaybeNot(nil))
    assert.are.equal(1, select("#", Demo.MaybeNot(nil)))
  end)

  it("a Nullable<bool> parameter takes a boolean or nil only", function()
    h.raises("bad argument #1 to 'Demo.MaybeNot' (System.Nullable`1[System.Boolean] expected, got number)",
             Demo.MaybeNot, 1)
    h.raises("bad argument #1 to 'Demo.MaybeNot' (System.Nullable`1[System.Boolean] expected, got string)",
             Demo.MaybeNot, "true")
  end)
end)

describe("R-DEF-1 arity", function()
  it("Demo.Add(1): wrong number of arguments to 'Demo.Add' (2 expected, got 1)", function()
    h.raises("wrong number of arguments to 'Demo.Add' (2 expected, got 1)", Demo.Add, 1)
  end)

  it("Demo.Add(1, 2, 3): (2 expected, got 3)", function()
    h.raises("wrong number of arguments to 'Demo.Add' (2 expected, got 3)", Demo.Add, 1, 2, 3)
  end)

  it("Demo.Add(): (2 expected, got 0)", function()
    h.raises("wrong number of arguments to 'Demo.Add' (2 expected, got 0)", Demo.Add)
  end)

  it("a trailing nil counts as an argument", function()
    h.raises("wrong number of arguments to 'Demo.Add' (2 expected, got 3)",
             Demo.Add, 1, 2, nil)
  end)
end)

describe("R-DEF-4 managed exceptions", function()
  it("an exception becomes 'System.InvalidOperationException: boom (in Demo.Add)'", function()
    local before = h.scope_state()
    testbed.throw_next("System.InvalidOperationException", "boom")
    h.raises_containing("System.InvalidOperationException: boom (in Demo.Add)",
                        Demo.Add, 1, 2)
    h.assert_scope_restored(before, "after the exception")
  end)

  it("the next call runs normally", function()
    testbed.throw_next("System.InvalidOperationException", "boom")
    pcall(Demo.Add, 1, 2)
    assert.are.equal(3, Demo.Add(1, 2))
  end)

  it("the exception type and the method are named for other methods too", function()
    testbed.throw_next("System.ArgumentException", "bad arg")
    h.raises_containing("System.ArgumentException: bad arg (in Demo.Concat)",
                        Demo.Concat, "a", "b")
  end)

  it("an exception in a method returning a struct leaves no scope behind", function()
    local before = h.scope_state()
    testbed.throw_next("System.InvalidOperationException", "boom")
    h.raises_containing("System.InvalidOperationException: boom (in Demo.MakePoint)",
                        Demo.MakePoint, 1, 2)
    h.assert_scope_restored(before, "after the exception")
  end)
end)

-- Unmanaged pointers (the default marshal rules): T* travels as a plain
-- lightuserdata both ways, and reaches the invoker the way IL2CPP passes
-- it (args[i] is the pointer value, not the address of a slot holding it).
local h = require "helpers"

local Demo = CS.Demo

describe("pointers (unsafe)", function()
  it("Buffer() returns a lightuserdata without a metatable", function()
    local p = Demo.Buffer()
    assert.are.equal("userdata", type(p))
    assert.are.equal(p, Demo.Buffer())   -- the same address each time
    assert.is_nil(getmetatable(p))
  end)

  it("ReadPtr(Buffer(), i) reads the buffer, not the bridge's frame", function()
    local p = Demo.Buffer()
    assert.are.equal(10, Demo.ReadPtr(p, 0))
    assert.are.equal(30, Demo.ReadPtr(Demo.Buffer(), 2))
    assert.are.equal(40, Demo.ReadPtr(p, 3))
  end)

  it("WritePtr then ReadPtr sees the store", function()
    local p = Demo.Buffer()
    Demo.WritePtr(p, 1, -5)
    assert.are.equal(-5, Demo.ReadPtr(p, 1))
    assert.are.equal(-5, Demo.ReadPtr(Demo.Buffer(), 1))
    Demo.WritePtr(p, 1, 20)   -- the buffer lives for the process: restore it
    assert.are.equal(20, Demo.ReadPtr(p, 1))
    assert.are.equal(10, Demo.ReadPtr(p, 0))
    assert.are.equal(30, Demo.ReadPtr(p, 2))
  end)

  it("nil is the null pointer (the method then throws)", function()
    h.raises("System.NullReferenceException: Object reference not set to an instance "
             .. "of an object. (in Demo.ReadPtr)", Demo.ReadPtr, nil, 0)
  end)

  it("anything but a lightuserdata or nil: 'System.Int32* expected, got X'", function()
    h.raises("bad argument #1 to 'Demo.ReadPtr' (System.Int32* expected, got number)",
             Demo.ReadPtr, 0, 0)
    h.raises("bad argument #1 to 'Demo.ReadPtr' (System.Int32* expected, got string)",
             Demo.ReadPtr, "p", 0)
    h.raises("bad argument #1 to 'Demo.WritePtr' (System.Int32* expected, got table)",
             Demo.WritePtr, {}, 0, 1)
    h.raises("bad argument #1 to 'Demo.WritePtr' (System.Int32* expected, got MyGame.Point2D)",
             Demo.WritePtr, CS.MyGame.Point2D(1, 2), 0, 1)
    -- the index after the pointer still pops as an int
    h.raises("bad argument #2 to 'Demo.ReadPtr' (System.Int32 expected, got string)",
             Demo.ReadPtr, Demo.Buffer(), "2")
    assert.are.equal(30, Demo.ReadPtr(Demo.Buffer(), 2))
  end)
  it("an OpaqueValue handle is no int*: refused, live or expired", function()
    local held
    local fn = h.callback(function(ref)
      held = ref
      h.raises("bad argument #1 to 'Demo.ReadPtr' (opaque handle type mismatch "
               .. "(System.Int32* expected, got System.Int32))", Demo.ReadPtr, ref, 0)
    end)
    assert.are.equal(5, Demo.InvokeWithRefInt(fn, 5))
    h.raises("bad argument #1 to 'Demo.WritePtr' (opaque handle type mismatch "
             .. "(System.Int32* expected, got expired handle))", Demo.WritePtr, held, 0, 1)
    assert.are.equal(30, Demo.ReadPtr(Demo.Buffer(), 2))
  end)
end)

-- R-THREAD-1: a Lua state belongs to the thread that opened it.  A
-- delegate made from a Lua function and invoked on another thread throws
-- InvalidOperationException there, naming both threads, without touching
-- the state; on its own thread the same delegate keeps working.
-- (An IC call from another thread: tests/unit/test_ic.c, which makes one.)
local Demo = CS.Demo

local REFUSAL = "^System%.InvalidOperationException: zlua: this Lua state belongs to thread "
  .. "(%d+) %(the thread that opened it%) and was called from thread (%d+); call it "
  .. "from its own thread %(queue the work to that thread%)$"

describe("R-THREAD-1: a state used from its own thread only", function()
  if not testbed.delegates then
    pending("a Lua function becomes a delegate only with the generated entries, which this "
            .. "build has not (delegate_spec checks the refusal); test_ic.c's other-thread call "
            .. "covers R-THREAD-1 here")
    return
  end

  it("R-THREAD-1: a Lua function's delegate invoked on another thread throws there, naming both",
     function()
    local ran = 0
    local f = function(x) ran = ran + 1; return x * 2 end
    local before = testbed.stats()
    local r = Demo.ApplyFuncOnThread(f, 21)
    local owner, caller = r:match(REFUSAL)
    assert.is_not_nil(owner, r)
    assert.are_not.equal(owner, caller)
    assert.are.equal(0, ran)   -- the function never ran
    local after = testbed.stats()
    assert.are.equal(before.scope_depth, after.scope_depth)
    assert.are.equal(before.handles, after.handles)
    -- on the state's own thread the same function serves as before
    assert.are.equal(42, Demo.ApplyFunc(f, 21))
    assert.are.equal(1, ran)
  end)

  it("R-THREAD-1: every refusal leaves the state as it was (many, then a normal call)", function()
    local f = function(x) return x + 1 end
    for i = 1, 20 do
      assert.is_not_nil(Demo.ApplyFuncOnThread(f, i):match(REFUSAL))
    end
    collectgarbage()
    assert.are.equal(8, Demo.ApplyFunc(f, 7))
    assert.are.equal(0, testbed.stats().scope_depth)
  end)
end)

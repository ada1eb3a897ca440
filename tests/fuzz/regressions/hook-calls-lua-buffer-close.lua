-- Not a libzlua bug: a call hook that calls the function it runs for with
-- values of its own reached Lua's own buffer-box __close (lauxlib, run by
-- luaL_pushresult of a large string.rep), which dereferenced its NULL
-- argument.  The harness now checks what that method is given (fz_ubox_guard).
P(function() debug.sethook(function(ev, line)
P(function() local f, a, w = HOOKED() if f and w == "C" then P(f, 3.0, V[16], V[16], CS["MyGame"]["Point2D"]) end end)
end, "c", 0) end)
P(function() V[3] = CS["MyGame.Tagged"]._ctor(MT(zlua.types.int8(string.rep("long", 1000), true, 256, "x")).__type(CS.Demo.MakeArray(3))) end)
P(function() for i = 1, 19 do local co = coroutine.create(function(...)
end) V[16] = co coroutine.resume(co, H[#H]) end end)
P(function() coroutine.wrap(function() if D < 4 then D = D + 1 P(function() V[12] = CS.Demo.InvokeWithRefString(CS.Demo.Mul(function(h, g, ...)
end, 0.5), function(h, g, ...)
end) end) D = D - 1 end coroutine.yield() if D < 4 then D = D + 1 P(function() V[8] = CS.Demo.CallOnRefInt(14) end) D = D - 1 end end)() end)
P(function() CS["MyGame"]["Line"].__byobj_instance_mt.__len = function(o)
end end)
P(function() V[4] = setmetatable({zlua.types.ulong}, {__gc = function(o)
end}) end)
P(function() OnRefInt = function(h, g, ...)
P(function() local r = REG() r[1] = coroutine.create(NOOP) P(coroutine.wrap(function() V[4] = CS.Demo.Apply(function(h, g, ...)
end, -2, -2) end)) end)
end end)

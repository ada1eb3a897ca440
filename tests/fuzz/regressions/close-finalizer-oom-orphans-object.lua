-- No debug library: a finalizer that runs at lua_close creates a Player
-- userdata (Lua marks nothing for finalization once lua_close began) and
-- drops it; an allocation failure (OOM) during Point2D's first binding
-- makes Lua run an emergency collection, which frees that userdata while
-- its object-registry entry stays.  zlua_ctx_release -> zlua__oreg_free
-- then writes into the freed userdata.
V[7] = setmetatable({}, {__gc = function(o)
  OOM(6)
  P(function() local mt = getmetatable(CS.Demo.MakePlayer("p")) local z = CS.MyGame.Point2D.Zero end)
end})
P(function() local y = CS.Demo.MakePlayer("p") end)

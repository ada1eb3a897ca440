-- No debug library: the metatable T.__byobj_instance_mt gives is the live one.
CS.MyGame.Player.__byobj_instance_mt.__gc = nil
P(function() local p = CS.MyGame.Player("x") end)
collectgarbage() collectgarbage()
P(function() local q = CS.MyGame.Player("y") end)

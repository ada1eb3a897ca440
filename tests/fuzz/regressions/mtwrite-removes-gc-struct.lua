-- No debug library: the metatable T.__instance_mt gives is the live one.
CS.MyGame.Tagged.__instance_mt.__gc = nil
P(function() local t = CS.MyGame.Tagged(1, "t") end)
collectgarbage() collectgarbage()
P(function() local u = CS.MyGame.Tagged(2, "u") end)

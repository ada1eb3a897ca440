-- No debug library: one allocation fails (OOM) during Tagged's first
-- binding; the error is caught, the half-built binding stays cached, and
-- the next Tagged value dereferences a NULL meta in zlua__value_store.
P(function() OOM(12) end)
P(function() V[4] = testbed.alive(4) end)
P(function() V[16] = CSharp["Assembly-CSharp"]["MyGame.Tagged"][1] end)
P(function() V[1] = CS.Demo.MakeTagged(7, "m") end)

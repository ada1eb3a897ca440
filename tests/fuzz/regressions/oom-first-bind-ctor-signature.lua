-- No debug library: one allocation fails (the 39th after OOM) while
-- System.Exception is bound; a constructor stays in the overload chain
-- without its signature, and the no-overload message reads it.
P(function() V[8] = CS["System"]["Char"](65536) end)
P(function() V[10] = CSharp.AC.Demo.EchoIntIllegal(15) end)
P(function() OOM(39) end)
P(function() if D < 4 then D = D + 1 P(function() V[10] = CS.Demo.CallOnRefInt(14) end) D = D - 1 end end)
P(function() if D < 4 then D = D + 1 P(function() V[10] = CS.Demo.CallOnRefInt(255) end) D = D - 1 end end)
P(function() V[4] = zlua.to_user_data(H[#H]) end)
P(function() V[11] = nil end)
P(function() V[1] = CSharp.mscorlib["System.Exception"](nil, nil) end)

-- A delegate's target, reached and rewritten by a script: the box held the
-- record's address, and the next invocation dereferenced what was written.
local f = function(a, b) return a + b end
P(function() CS.Demo.Apply(f, 1, 2) end)
P(function()
  local box = CS.ZLuaTests.Held.TargetOf(f)
  local ok, v = pcall(zlua.cast, box, zlua.types.int64)
  if not ok then v = zlua.cast(box, zlua.types.intptr) end
  v.value = 0x41414140
end)
P(function() CS.Demo.Apply(f, 1, 2) end)

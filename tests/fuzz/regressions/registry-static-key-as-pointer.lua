-- A registry key that was the address of a libzlua static, passed to an
-- int* parameter: C# read past the one-byte static.
P(function() zlua.generic(CS.Demo.First, zlua.types.int32)({5, 6}) end)
for k in pairs(debug.getregistry()) do
  if type(k) == "userdata" then P(function() CS.Demo.ReadPtr(k, 0) end) end
end

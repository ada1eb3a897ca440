-- app.lua -- the package sample's script (Samples~/Boot): Boot.cs runs it
-- with LuaEnv.DoFile, then calls greet and add from C#.
print("app.lua: running on " .. _VERSION)

function greet(name)
  return "hello, " .. name .. " (from Lua)"
end

function add(a, b)
  return a + b
end

-- C# from Lua, through CS.  In a player a method only Lua calls can be
-- stripped by the managed linker (the package's link.xml is pending):
-- the call is protected so that the sample says so instead of stopping.
local ok, max = pcall(function() return CS.System.Math.Max(3, 7) end)
print("app.lua: System.Math.Max(3, 7) = " .. (ok and tostring(max) or ("unavailable: " .. tostring(max))))

-- app.lua -- the package sample's script (Samples~/Boot): Boot.cs runs it
-- with LuaEnv.DoFile, then calls greet and add from C#, and on_hit through
-- its [LuaInvoke] method OnHit.
print("app.lua: running on " .. _VERSION)

function greet(name)
  return "hello, " .. name .. " (from Lua)"
end

function add(a, b)
  return a + b
end

function on_hit(damage, multiplier)
  return math.floor(damage * multiplier)
end

-- C# from Lua, through CS.  In a player a method only Lua calls is kept
-- from the managed linker by the link.xml generation writes; the call is
-- protected so that a build without it says so instead of stopping.
local ok, max = pcall(function() return CS.System.Math.Max(3, 7) end)
print("app.lua: System.Math.Max(3, 7) = " .. (ok and tostring(max) or ("unavailable: " .. tostring(max))))

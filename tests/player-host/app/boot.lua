-- boot.lua: what Boot.cs runs first, the same file in the Editor and the player
local util = require("util")   -- from the search path Boot added

function add(a, b) return a + b end
function greet(who) return util.hello(who) end
function max_of(a, b) return CS.System.Math.Max(a, b) end
function on_frame(frame, dt) return frame + dt end   -- Boot.OnFrame, C# -> Lua

print("booted: " .. _VERSION .. ", " .. tostring(CS.System.String.Empty == ""))

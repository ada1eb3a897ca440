-- util.lua: a module boot.lua requires through LuaEnv.AddSearchPath
local M = {}
function M.hello(who) return "hello, " .. who end
return M

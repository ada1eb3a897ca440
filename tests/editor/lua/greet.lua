-- a module LuaEnvCheck requires from its search path
local M = {}
function M.hello(name) return "hello, " .. name end
return M

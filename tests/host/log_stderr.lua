-- log_stderr.lua -- zlua-run (either runtime) writes libzlua's log lines to
-- stderr as they come, as a LuaEnv hands them to its log callback, and the
-- specs still read them through testbed.logs() (ctest run.log_stderr,
-- run.mono.log_stderr; tests/host/log_stderr.expect checks stderr).
testbed.logs()
local U = CS.ZLuaTests.Unsupported
assert(type(U.Many) == "function")   -- binds: a method Lua cannot call is logged
local kept = 0
for _, line in ipairs(testbed.logs()) do
  if line:find("cannot be called from Lua", 1, true) then
    kept = kept + 1
  end
end
assert(kept > 0, "testbed.logs() lost libzlua's lines")
print("testbed.logs() kept them: " .. kept)

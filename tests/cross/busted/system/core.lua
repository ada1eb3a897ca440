-- system.core for the emulated runs (tests/cross/busted/README.md):
-- busted's clocks (the durations in its report) and sleep.
local M = {}

function M.gettime()
  return os.time() + 0.0
end

function M.monotime()
  return os.clock()
end

function M.sleep(seconds)
  local stop = os.clock() + (seconds or 0)
  while os.clock() < stop do end
end

return M

-- bench/bind.lua -- start-up cost: binds the N generated types of M
-- static methods each (tests/sim/sim_generated.c; tests/scale/gen_types.awk
-- for Mono) by name, as a game's scripts reach their types, and prints
-- the calling thread's CPU time per type and per member.  Run by
-- tools/bench-bind.sh on each host:
--   zlua-run bench/bind.lua N M        (ZLUA_SIM_EXTRA_CLASSES=N ZLUA_SIM_EXTRA_MEMBERS=M)
--   zlua-run-mono --assembly Generated.dll bench/bind.lua N M
local N, M = tonumber(arg[1]), tonumber(arg[2])
assert(N and M and N > 0, "usage: bind.lua N M")
local cs = CS
local names = {}
for i = 0, N - 1 do
  names[i + 1] = "Gen.N" .. (i // 100) .. ".C" .. i
end
local t0 = testbed.cpu()
for i = 1, N do
  local T = cs[names[i]]
  if T == nil then error("no type " .. names[i]) end
end
local t = testbed.cpu() - t0
-- the last member of the last type is bound and answers
if M > 0 then
  local last = cs[names[N]]["M" .. (M - 1)](1)
  assert(last == M, "M" .. (M - 1) .. "(1) gave " .. tostring(last))
end
io.write(string.format("bind N=%d M=%d us/type=%.2f ns/member=%.1f\n", N, M,
                       t * 1e6 / N, t * 1e9 / (N * math.max(M, 1))))

-- The allocation-failure oracle (README "The retry-after-OOM oracle"):
-- each ORACLE(op, prefix, k) fails allocation k of operation op in a fresh
-- state, then runs op again with memory back, which must succeed.  Ops
-- (fz_oracle_ops, fuzz_gen.c): 5 Apply with a Lua delegate, 9 an event
-- handler, 10 to_table of Taggeds, 13 zlua.generic, 16 new_ref, 18 an IC
-- callback; k spread over the bindings' first allocations.
ORACLE(5, 0, 3)
ORACLE(5, 0, 40)
ORACLE(9, 0, 11)
ORACLE(10, 0, 7)
ORACLE(10, 1, 90)
ORACLE(13, 0, 5)
ORACLE(13, 0, 60)
ORACLE(16, 0, 20)
ORACLE(18, 0, 2)
ORACLE(18, 0, 150)
ORACLE(2, 0, 30)
ORACLE(8, 0, 25)

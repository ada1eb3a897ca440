/*
 * fuzz_gen.h -- the grammar of the fuzz harness: input bytes in,
 * a Lua program over the whole Lua-visible API of libzlua out.
 */
#ifndef ZLUA_FUZZ_GEN_H
#define ZLUA_FUZZ_GEN_H

#include <stddef.h>
#include <stdint.h>

/* The fixed Lua text run before every generated program (same chunk). */
extern const char fz_prelude[];

/* Generates the program for data[0..size) into out (NUL-terminated, at
 * most cap - 1 bytes; generation stops before the buffer fills).  Returns
 * the program's length.  A pure function of the bytes. */
size_t fz_generate(const uint8_t *data, size_t size, char *out, size_t cap);

/* Productions to leave out (bits by name, ZLUA_FUZZ_SKIP=reg_keys,reg,...:
 * reg_keys reg setupvalue memtable setmt mtwrite setlocal oom callmm
 * reg_main hookcall ptrarg pairsbox pending delget oracle), so
 * a fuzzing run can look past a known crash.  0 (default): nothing. */
extern unsigned fz_skip_mask;
unsigned fz_parse_skip(const char *list);

/* The operations of the allocation-failure oracle (ORACLE, fuzz_zlua.c):
 * chunks that return true when they gave the right result. */
extern const char *const fz_oracle_ops[];
extern const size_t fz_oracle_op_count;

#endif

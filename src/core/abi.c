/*
 * abi.c -- the stub ABI a generated table must have been compiled with.
 *
 * A table compiled against another version's zlua_stub.h would have its
 * stubs read bridges and userdata heads at other offsets, or call helpers
 * whose contract changed: nothing a check at call time could catch.  So
 * registration compares the number the table recorded with this build's.
 */
#include "core/state.h"
#include "zlua_stub.h"

int zlua__ctx_abi_check(zlua__ctx *ctx, const char *what, unsigned abi)
{
    if (abi == ZLUA_STUB_ABI)
        return ZLUA_OK;
    zlua__log(ctx,
             "%s: the table was compiled for stub ABI %u, this libzlua has stub ABI %u; "
             "regenerate it with this libzlua's zlua-stubgen and compile it with its zlua_stub.h",
             what, abi, (unsigned)ZLUA_STUB_ABI);
    return ZLUA_EVERSION;
}

/*
 * stub.c -- the registered table of generated stubs (R-META-3): its
 * registration (zlua_stub_register, zlua_stub_abi), the search that gives
 * a method its entry at bind time, and the entries' bridges.
 */
#include <stdio.h>
#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/state.h"
#include "marshal/meta.h"
#include "zlua_stub.h"

int zlua_stub_register(lua_State *L, const zlua_stub_table *t)
{
    if (L == NULL || t == NULL)
        return ZLUA_EINVAL;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    int rc = zlua__ctx_abi_check(ctx, "zlua_stub_register", t->abi);
    if (rc != ZLUA_OK)
        return rc;   /* its entries cannot even be read safely */
    const zlua_stub_entry *table = t->entries;
    size_t count = t->count;
    if (table == NULL && count > 0)
        return ZLUA_EINVAL;
    /* once: entries already handed to Lua index the first table */
    if (ctx->stubs != NULL)
        return ZLUA_EINVAL;
    for (size_t i = 0; i < count; i++) {
        if (table[i].key == NULL || table[i].sig == NULL || table[i].fn == NULL)
            return ZLUA_EINVAL;
        if (i > 0 && strcmp(table[i - 1].key, table[i].key) >= 0)
            return ZLUA_EINVAL;   /* bind time searches it by halves */
    }
    const zlua_bridge **bridges = NULL;
    if (count > 0) {
        bridges = zlua__ctx_arena_alloc(ctx, count * sizeof *bridges);
        if (bridges == NULL)
            return ZLUA_ENOMEM;
        memset(bridges, 0, count * sizeof *bridges);
    }
    ctx->stubs = count > 0 ? table : NULL;
    ctx->nstubs = count;
    ctx->head.bridges = bridges;
    ctx->head.nbridges = count;
    return ZLUA_OK;
}

/* The Lua-value shape of m's slots, as stub keys spell it ("" for one
 * value each; zlua_bridge_shape). */
void zlua__stub_shape(const zlua__method *m, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    if (!m->multi && m->ret_slots <= 1)
        return;
    int w = snprintf(buf, size, "@");
    for (int i = 0; w > 0 && (size_t)w < size - n && i < m->bridge.nparams; i++) {
        n += (size_t)w;
        w = snprintf(buf + n, size - n, "%s%d", i ? "," : "", zlua_meta_slots(m->params[i]));
    }
    if (w > 0 && (size_t)w < size - n) {
        n += (size_t)w;
        w = snprintf(buf + n, size - n, ">%d", (int)m->ret_slots);
    }
    if (w < 0 || (size_t)w >= size - n)
        buf[0] = '\0';
}

/* Whether entry `index`, found by m's key, may serve m: it was generated
 * for a method of m's reduced signature (a token that moved makes a key
 * name another method: one line says so, once per binding), and the
 * runtime lets m's code be called directly. */
static int zlua_stub_serves(zlua__ctx *ctx, const zlua__method *m, long index)
{
    char sig[512];
    const char *want = ctx->stubs[index].sig;
    if (zlua_bridge_signature(m->bridge.method, sig, sizeof sig) == 0 || strcmp(sig, want) != 0) {
        zlua__log(ctx, "%s: stub entry %s was generated for %s, not %s; the generic invoker"
                      " serves it", m->bridge.display, ctx->stubs[index].key, want,
                 sig[0] ? sig : "a stub shape");
        return 0;
    }
    return zlua_rt_method_direct(m->bridge.method);
}

/* The index of m's entry in the registered table, or -1. */
long zlua__stub_find(zlua__ctx *ctx, const zlua__method *m)
{
    char key[512], shape[128];
    /* the generator made an entry only for a method it could stub */
    if (ctx->nstubs == 0 || zlua_bridge_method_key(m->bridge.method, key, sizeof key) == 0)
        return -1;
    zlua__stub_shape(m, shape, sizeof shape);
    if (shape[0] != '\0') {
        size_t n = strlen(key);
        if (n + strlen(shape) + 1 > sizeof key)
            return -1;
        memcpy(key + n, shape, strlen(shape) + 1);
    }
    size_t lo = 0, hi = ctx->nstubs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(ctx->stubs[mid].key, key);
        if (c == 0)
            return zlua_stub_serves(ctx, m, (long)mid) ? (long)mid : -1;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

void zlua__stub_publish(zlua__ctx *ctx, long index, const zlua_bridge *b)
{
    ctx->head.bridges[index] = b;
}

lua_CFunction zlua__stub_entry_fn(const zlua__ctx *ctx, long index)
{
    return ctx->stubs[index].fn;
}

zlua_stub_body zlua__stub_entry_body(const zlua__ctx *ctx, long index)
{
    return ctx->stubs[index].body;
}

zlua_stub_args zlua__stub_entry_args(const zlua__ctx *ctx, long index)
{
    return ctx->stubs[index].args;
}

/* The method whose registered entry is f, or NULL (a linear scan: the
 * testbed's queries only). */
const zlua_bridge *zlua__stub_of_entry(const zlua__ctx *ctx, lua_CFunction f)
{
    for (size_t i = 0; i < ctx->nstubs; i++)
        if (ctx->stubs[i].fn == f && ctx->head.bridges[i] != NULL)
            return ctx->head.bridges[i];
    return NULL;
}

unsigned zlua_stub_abi(void)
{
    return ZLUA_STUB_ABI;
}

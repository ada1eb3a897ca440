/*
 * ic_shape.h -- what an IC call's arguments and result are, in Lua terms:
 * how many values they push and take back, and whether a bare lua_pcall
 * can run the call (no push allocates, the pop cannot raise).  A site's
 * is computed when it binds (bridge/ic.c), a delegate type's when the
 * type binds (delegate_pop.c): never per call.
 */
#ifndef ZLUA_MARSHAL_IC_SHAPE_H
#define ZLUA_MARSHAL_IC_SHAPE_H

#include "marshal/meta.h"

/* A call's shape: a site's or a delegate type's, bound once, or what a
 * call without either gives (checked on each call). */
typedef struct zlua__ic_shape {
    const zlua_meta *const *args;
    const zlua_meta *ret;      /* NULL: no result */
    int nargs;
    int nvals;                 /* the Lua values the arguments occupy (an
                                  UnpackedValues slot: its members, lua-api.md, "[LuaMarshalAs]") */
    int nres;                  /* the results the call takes back */
    int direct;                /* no push allocates and the pop cannot
                                  raise: a bare lua_pcall can run it */
    int scalar;                /* direct, at most ZLUA_IC_SCALAR_MAX
                                  arguments, each and the result one number
                                  or boolean (8 bytes at most) copied by its
                                  meta's push / pop: no handle issued */
    int args_i4;               /* scalar, and every argument an int32: pushed
                                  without reading the metas */
} zlua__ic_shape;

/* Whether m's pop can raise: a Table rule's reads its members by key,
 * which interns the key (memory).  Every other pop reads the values it is
 * given and raw slots only, and reports instead of raising. */
static inline int zlua__ic_pop_may_raise(const zlua_meta *m)
{
    return m->mtype == ZLUA_MARSHAL_TABLE;
}

/* The most arguments of a scalar shape: its callers may copy them into
 * an array of eight-byte cells (bridge/ic_scalar.h). */
#define ZLUA_IC_SCALAR_MAX 8

/* Whether m is one Lua number or boolean, pushed by a copy that cannot
 * raise (a primitive's or an enum's default writer). */
static inline int zlua__ic_meta_scalar(const zlua_meta *m)
{
    return zlua_kind_is_scalar(m->kind) && m->push_arg == zlua__push_arg_copy &&
           m->push_safe && zlua_meta_slots(m) == 1 && m->size <= 8;
}

static inline void zlua__ic_shape_fill(zlua__ic_shape *s, const zlua_meta *const *args,
                                       int nargs, const zlua_meta *ret)
{
    int safe = 1, scalar = 1, i4 = 1, nvals = 0;
    for (int i = 0; i < nargs; i++) {
        safe &= args[i]->push_safe != 0;
        scalar &= zlua__ic_meta_scalar(args[i]);
        i4 &= args[i]->kind == ZLUA_K_I4;
        nvals += zlua_meta_slots(args[i]);
    }
    s->args = args;
    s->ret = ret;
    s->nargs = nargs;
    s->nvals = nvals;
    s->nres = ret != NULL ? zlua_meta_slots(ret) : 0;
    s->direct = safe && (ret == NULL || !zlua__ic_pop_may_raise(ret));
    s->scalar = s->direct && scalar && nargs <= ZLUA_IC_SCALAR_MAX &&
                (ret == NULL || zlua__ic_meta_scalar(ret));
    s->args_i4 = s->scalar && i4;
}

#endif

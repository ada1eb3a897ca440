/*
 * method_entry.c -- MethodBridge: the Lua functions that call bound
 * methods (R-META-1): `this` from self, the generic entries (general,
 * overloaded, simple, simple ref, instance), the closures that carry
 * them and what their trampolines call.
 */
#include "bridge/method_call.h"

#include "core/ptrbox.h"
#include "core/exception.h"

void *zlua__method_self(lua_State *L, const zlua__method *m)
{
    zlua__ud *u = zlua_ud_any(L, 1);
    zlua__class *owner = zlua__method_owner(m);
    if (u != NULL && u->magic == ZLUA_UD_BYVAL) {
        if (u->cls == owner)
            return zlua_ud_payload(u);
        if (!owner->valuetype && il2cpp_class_is_assignable_from(owner->klass, u->cls->klass)) {
            Il2CppObject *boxed;   /* a base method's `this`: a boxed copy */
            Il2CppException *exc = zlua_rt_value_box(u->cls->klass, zlua_ud_payload(u), &boxed);
            if (exc != NULL)
                zlua__exc_raise(L, exc, m->bridge.display);
            return boxed;
        }
    } else if (u != NULL && u->magic == ZLUA_UD_BYOBJ) {
        /* the view is the method's class: the object is one (a ByObj
         * userdata's object is always of its view, R-VIEW-1) */
        if (u->cls == owner && !owner->valuetype)
            return u->obj;
        Il2CppClass *k = il2cpp_object_get_class(u->obj);
        if (il2cpp_class_is_assignable_from(owner->klass, k))
            return owner->valuetype ? il2cpp_object_unbox(u->obj) : (void *)u->obj;
    } else if (u != NULL && u->magic == ZLUA_UD_DEAD) {
        luaL_error(L, "struct userdata has been finalized");
    } else if (u != NULL && u->magic == ZLUA_UD_DEAD_OBJ) {
        luaL_error(L, "object userdata has been finalized");
    }
    /* no userdata of ours (a number, nothing): most likely a method
     * called with '.' (`hero.Heal(5)`), which passes no self */
    luaL_error(L, "calling '%s' on bad self (%s expected, got %s)%s", m->bridge.display,
               owner->full_name, zlua__typename(L, 1),
               u == NULL ? "; use ':' to call a method" : "");
    return NULL;
}

/* The call of m, chosen for the n arguments from base: its stub when the
 * stack holds exactly its arguments, else the generic call (omitted
 * arguments take their defaults). */
ZLUA_INLINE int zlua_method_entry_run(lua_State *L, const zlua__method *m, int base, int n)
{
    if (m->stub != NULL && n == m->nslots) {   /* the stack holds exactly its arguments */
        if (m->stub_body != NULL)
            return m->stub_body(L, &m->bridge);   /* its bridge is at hand */
        return m->stub(L);
    }
    void *this_ptr = m->bridge.instance ? zlua__method_self(L, m) : NULL;
    return zlua_method_call_inline(L, m, base, n, this_ptr, 1);   /* omitted: defaults */
}

/* The first Lua argument and the argument count (self excluded). */
ZLUA_INLINE int zlua_method_entry_args(const zlua__method *head, int *n)
{
    int base = head->bridge.instance ? 2 : 1;
    *n -= base - 1;
    if (*n < 0)
        *n = 0;
    return base;
}

/* An instance method called with nothing at all: the bad-self error, as
 * the generated stubs give it (R-META-3: both paths answer alike),
 * before the argument count is looked at. */
ZLUA_INLINE void zlua_method_check_any_self(lua_State *L, const zlua__method *head, int n)
{
    if (head->bridge.instance && n == 0)
        (void)zlua__method_self(L, head);   /* raises: `got no value` */
}

ZLUA_INLINE int zlua_method_entry_select(lua_State *L, const zlua__method *head, int n)
{
    zlua_method_check_any_self(L, head, n);
    int base = zlua_method_entry_args(head, &n);
    /* `Demo.Pick(1)` again: the memo's answer inline (no call into
     * select); anything else, select (which tries the same again: a
     * non-integer right after an integer call asks lua_isinteger twice,
     * once, as the memo then holds its key) */
    lua_Integer v;
    const zlua__method *m = n == 1 ? zlua_method_select_int_arg(L, head, base, &v) : NULL;
    if (m == NULL)
        m = zlua__method_select(L, head, base, n);
    return zlua_method_entry_run(L, m, base, n);
}

/* The overloaded entry's calls but the memo's stub answer (below). */
ZLUA_COLD static int zlua_method_entry_overloaded_rest(lua_State *L, const zlua__method *head,
                                                       const zlua__method *m, int base, int n)
{
    if (m == NULL)
        m = zlua__method_select(L, head, base, n);
    return zlua_method_entry_run(L, m, base, n);
}

/* A generic closure's method.  Upvalue 1 is the method's index in the
 * context's closure table (zlua__method_push_generic_closure): a script
 * may have replaced it with the debug library, so anything but an index
 * the table holds is refused, and another method's index runs that
 * method by its own rules (the entries check what they rely on). */
ZLUA_INLINE const zlua__method *zlua_method_upvalue(lua_State *L)
{
    const zlua__ctx *ctx = zlua_ctx_of(L);
    const zlua__method *m = NULL;
    if (ctx != NULL)
        m = zlua_ctx_closure(ctx, lua_tointegerx(L, lua_upvalueindex(1), NULL));
    if (m == NULL)
        zlua__box_tampered(L, "method");
    return m;
}

ZLUA_INLINE int zlua_method_entry_general_inline(lua_State *L, const zlua__method *m)
{
    int n = lua_gettop(L);
    if (m->next != NULL || n != m->nslots + m->bridge.instance)
        return zlua_method_entry_select(L, m, n);
    void *this_ptr = m->bridge.instance ? zlua__method_self(L, m) : NULL;
    return zlua_method_call_inline(L, m, 1 + m->bridge.instance, m->nslots, this_ptr, 1);
}

/* The general entry's body, for the lean entries' unusual calls. */
static int zlua_method_entry_general(lua_State *L, const zlua__method *m)
{
    return zlua_method_entry_general_inline(L, m);
}

/* The C closure of every entry kind (upvalue 1: the method's index,
 * zlua_method_upvalue): the method's own body, as for a trampoline. */
static int zlua_method_entry(lua_State *L)
{
    const zlua__method *m = zlua_method_upvalue(L);
    return m->run(L, m);
}

/* The same for a name with several candidates: straight to dispatch. */
ZLUA_INLINE int zlua_method_run_overloaded(lua_State *L, const zlua__method *head)
{
    int n = lua_gettop(L);
    zlua_method_check_any_self(L, head, n);
    int base = zlua_method_entry_args(head, &n);
    /* `Demo.Pick(1)` again, a stub chosen: the memo's answer and the
     * stub's body from this small frame (a tail call); everything else
     * out of line (select tries the memo again only when it had no
     * answer here) */
    lua_Integer v = 0;
    const zlua__method *m = n == 1 ? zlua_method_select_int_arg(L, head, base, &v) : NULL;
    int nret;   /* the integer read once, for a static stub's args body */
    if (m != NULL && !m->bridge.instance && zlua_method_args_i4(L, m, NULL, v, &nret))
        return nret;
    if (m != NULL && m->stub != NULL && m->stub_body != NULL && n == m->nslots)
        return m->stub_body(L, &m->bridge);
    return zlua_method_entry_overloaded_rest(L, head, m, base, n);
}

static int zlua_method_body_overloaded(lua_State *L, const zlua__method *m)
{
    return zlua_method_run_overloaded(L, m);
}
/* The simple entry's body for exactly n parameters: n is a constant at
 * each call site below, so the pops unroll.  An int32 argument costs two
 * Lua API calls and a range check; every other value (a scalar, a small
 * struct), one indirect writer call.  Simple methods are static: no
 * virtual dispatch. */
ZLUA_INLINE int zlua_method_simple_call(lua_State *L, const zlua__method *m, int n, int kinds,
                                        int multi)
{
    uint64_t cells[ZLUA_SIMPLE_PARAMS];
    _Alignas(16) uint64_t ret[ZLUA_SIMPLE_RET_WORDS];   /* any result: 16-aligned */
    void *args[ZLUA_SIMPLE_PARAMS];
    ret[0] = 0;
    /* R-RT-2: simple methods are static */
    zlua_class_init(L, zlua__method_owner(m), m->bridge.display);
    zlua_method_pop_cells(L, m, n, 1, kinds, multi, cells, args);
    /* by-value parameters: a handle given for a struct was read by its
     * pop, and a nested IC call scopes itself, so the call needs no scope
     * of its own (R-OPQ-5 holds trivially: nothing to restore, nothing to
     * expire) */
    Il2CppException *exc = zlua__method_rt_invoke(m, m->bridge.method, NULL, args, ret);
    return zlua_method_finish(L, m, exc, ret, 1);
}

/* The entry for simple methods: every value fits a 64-bit cell, so there
 * is no frame layout, no `this` and no virtual dispatch to consider.  One
 * body per parameter count and way of knowing the kinds (zlua_method_kind:
 * read, every parameter an int32, or every pop its writer's), chosen when
 * the closure index is handed out for this very method
 * (zlua_method_prepare_closure): nothing of its shape is asked again per
 * call.  Another argument count goes to the general entry.  With a
 * parameter of several Lua values (UnpackedValues), the Lua arguments are
 * the method's slots, nslots of them. */
#define ZLUA_BODY_SIMPLE(NAME, N, KINDS, MULTI)                              \
    static int NAME(lua_State *L, const zlua__method *m)                     \
    {                                                                        \
        if (ZLUA_UNLIKELY(lua_gettop(L) != ((MULTI) ? m->nslots : (N))))     \
            return zlua_method_entry_general(L, m);                          \
        return zlua_method_simple_call(L, m, (N), (KINDS), (MULTI));         \
    }
#define ZLUA_BODIES_SIMPLE(PREFIX, KINDS, MULTI)                             \
    ZLUA_BODY_SIMPLE(PREFIX##1, 1, KINDS, MULTI)                             \
    ZLUA_BODY_SIMPLE(PREFIX##2, 2, KINDS, MULTI)                             \
    ZLUA_BODY_SIMPLE(PREFIX##3, 3, KINDS, MULTI)                             \
    ZLUA_BODY_SIMPLE(PREFIX##4, 4, KINDS, MULTI)
ZLUA_BODY_SIMPLE(zlua_method_body_simple_0, 0, ZLUA_KINDS_READ, 0)
ZLUA_BODIES_SIMPLE(zlua_method_body_simple_, ZLUA_KINDS_READ, 0)
ZLUA_BODIES_SIMPLE(zlua_method_body_simple_i4_, ZLUA_KINDS_I4, 0)
ZLUA_BODIES_SIMPLE(zlua_method_body_simple_w_, ZLUA_KINDS_WRITER, 0)
ZLUA_BODIES_SIMPLE(zlua_method_body_simple_multi_, ZLUA_KINDS_READ, 1)
ZLUA_BODIES_SIMPLE(zlua_method_body_simple_multi_w_, ZLUA_KINDS_WRITER, 1)

/* The simple ref entry's body for exactly n parameters: as the simple
 * one's, but a byref parameter takes a ByValUserData of its element type
 * (its payload is the ref, no copy: lua-api.md, "ref, in and out").  Anything else for a byref
 * (a handle, a value for a temp slot, nil) goes to the general entry,
 * which pops again from the start (nothing is held yet).  With every ref
 * a userdata's own payload no OpaqueValue is taken in this frame, so, as
 * for scalars, the call needs no scope of its own. */
ZLUA_INLINE int zlua_method_simple_ref_call(lua_State *L, const zlua__method *m, int n,
                                            int kinds)
{
    uint64_t cells[ZLUA_SIMPLE_PARAMS], ret = 0;
    void *args[ZLUA_SIMPLE_PARAMS];
    zlua_class_init(L, zlua__method_owner(m), m->bridge.display);   /* R-RT-2: static */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 4
#endif
    for (int i = 0; i < n; i++) {
        if ((m->simple_refs >> i) & 1u) {
            if (!zlua_method_pop_byref_payload(L, 1 + i, m->params[i], &args[i]))
                return zlua_method_entry_general(L, m);
        } else {
            args[i] = &cells[i];
            zlua_method_pop_arg(L, m, i, 1 + i, zlua_method_kind(m, i, kinds), &cells[i]);
        }
    }
    Il2CppException *exc = zlua__method_rt_invoke(m, m->bridge.method, NULL, args, &ret);
    if (m->ret_kind == ZLUA_K_VOID && exc == NULL)
        return 0;   /* a ref method mostly answers through its refs alone */
    return zlua_method_finish(L, m, exc, &ret, 1);
}

/* The bodies for static methods of scalars and payload refs, one per
 * parameter count and way of knowing the other parameters' kinds, as the
 * simple ones.  An overload added after the closure was made, or another
 * argument count, goes to the general entry. */
#define ZLUA_BODY_SIMPLE_REF(NAME, N, KINDS)                                     \
    static int NAME(lua_State *L, const zlua__method *m)                         \
    {                                                                            \
        if (ZLUA_UNLIKELY(lua_gettop(L) != (N) || m->next != NULL))              \
            return zlua_method_entry_general(L, m);                              \
        return zlua_method_simple_ref_call(L, m, (N), (KINDS));                  \
    }
#define ZLUA_BODIES_SIMPLE_REF(PREFIX, KINDS)                                    \
    ZLUA_BODY_SIMPLE_REF(PREFIX##2, 2, KINDS)                                    \
    ZLUA_BODY_SIMPLE_REF(PREFIX##3, 3, KINDS)                                    \
    ZLUA_BODY_SIMPLE_REF(PREFIX##4, 4, KINDS)
ZLUA_BODY_SIMPLE_REF(zlua_method_body_simple_ref_1, 1, ZLUA_KINDS_READ)   /* the ref alone */
ZLUA_BODIES_SIMPLE_REF(zlua_method_body_simple_ref_, ZLUA_KINDS_READ)
ZLUA_BODIES_SIMPLE_REF(zlua_method_body_simple_ref_i4_, ZLUA_KINDS_I4)
ZLUA_BODIES_SIMPLE_REF(zlua_method_body_simple_ref_w_, ZLUA_KINDS_WRITER)

typedef int (*zlua_method_body)(lua_State *L, const zlua__method *m);

/* By way of knowing the kinds (ZLUA_KINDS_*), then parameter count.  A
 * multi-value method has a parameter of several values, never an int32
 * one alone: its int32 row is its read row. */
#define ZLUA_BODY_ROW(PREFIX, FIRST)                                          \
    {FIRST, PREFIX##1, PREFIX##2, PREFIX##3, PREFIX##4}
static const zlua_method_body zlua_method_bodies_simple[3][ZLUA_SIMPLE_PARAMS + 1] = {
    ZLUA_BODY_ROW(zlua_method_body_simple_, zlua_method_body_simple_0),
    ZLUA_BODY_ROW(zlua_method_body_simple_i4_, zlua_method_body_simple_0),
    ZLUA_BODY_ROW(zlua_method_body_simple_w_, zlua_method_body_simple_0),
};
static const zlua_method_body zlua_method_bodies_simple_multi[3][ZLUA_SIMPLE_PARAMS + 1] = {
    ZLUA_BODY_ROW(zlua_method_body_simple_multi_, zlua_method_body_simple_0),
    ZLUA_BODY_ROW(zlua_method_body_simple_multi_, zlua_method_body_simple_0),
    ZLUA_BODY_ROW(zlua_method_body_simple_multi_w_, zlua_method_body_simple_0),
};
#define ZLUA_BODY_ROW_REF(PREFIX)                                             \
    {zlua_method_entry_general, zlua_method_body_simple_ref_1, PREFIX##2, PREFIX##3, PREFIX##4}
static const zlua_method_body zlua_method_bodies_simple_ref[3][ZLUA_SIMPLE_PARAMS + 1] = {
    ZLUA_BODY_ROW_REF(zlua_method_body_simple_ref_),
    ZLUA_BODY_ROW_REF(zlua_method_body_simple_ref_i4_),
    ZLUA_BODY_ROW_REF(zlua_method_body_simple_ref_w_),
};
_Static_assert(ZLUA_SIMPLE_PARAMS == 4, "a lean body per parameter count, 0 to 4");
_Static_assert(ZLUA_KINDS_READ == 0 && ZLUA_KINDS_I4 == 1 && ZLUA_KINDS_WRITER == 2,
               "the rows of the body tables");

static const zlua_method_body zlua_method_bodies_instance[ZLUA_SIMPLE_PARAMS + 1];   /* below */

/* How the lean body of head knows its parameters' kinds, its payload refs
 * (the bits of `refs`, which the simple ref entry pops itself) aside:
 * every one an int32, none an int32 or a float, or per argument.  The
 * lean shapes only: kinds holds their kinds. */
static int zlua_method_kinds_of(const zlua__method *head, unsigned refs)
{
    int i4 = 1, writer = 1;
    for (int i = 0; i < head->bridge.nparams; i++) {
        if ((refs >> i) & 1u)
            continue;
        i4 &= head->kinds[i] == ZLUA_K_I4;
        writer &= head->kinds[i] != ZLUA_K_I4 && head->kinds[i] != ZLUA_K_R4;
    }
    return i4 ? ZLUA_KINDS_I4 : writer ? ZLUA_KINDS_WRITER : ZLUA_KINDS_READ;
}

/* The body serving head, by its entry kind and parameter count. */
static zlua_method_body zlua_method_body_of(const zlua__method *head)
{
    int n = head->bridge.nparams;
    int lean = n >= 0 && n <= ZLUA_SIMPLE_PARAMS;
    if (!lean)
        return head->entry == ZLUA_ENTRY_OVERLOADED ? zlua_method_body_overloaded
                                                    : zlua_method_entry_general;
    switch (head->entry) {
    case ZLUA_ENTRY_OVERLOADED:
        return zlua_method_body_overloaded;
    case ZLUA_ENTRY_INSTANCE:
        return zlua_method_bodies_instance[n];
    case ZLUA_ENTRY_SIMPLE:
        return head->multi ? zlua_method_bodies_simple_multi[zlua_method_kinds_of(head, 0)][n]
                           : zlua_method_bodies_simple[zlua_method_kinds_of(head, 0)][n];
    case ZLUA_ENTRY_SIMPLE_REF:
        return zlua_method_bodies_simple_ref[zlua_method_kinds_of(head, head->simple_refs)][n];
    default:
        return zlua_method_entry_general;
    }
}

void zlua__method_push_closure(lua_State *L, zlua__method *head)
{
    /* a stub given fewer arguments than its parameters hands a call its
     * method lets omit to the generic path (zlua_bridge_other_count) */
    if (head->next == NULL && head->stub != NULL)
        lua_pushcfunction(L, head->stub);   /* no upvalue: nothing to swap */
    else
        zlua__method_push_generic_closure(L, head);
}

/* The entry kind serving head (the simple entries for the shapes they
 * take, the general one otherwise), and head's closure table index. */
static void zlua_method_prepare_closure(lua_State *L, zlua__method *head)
{
    if (head->closure != 0)
        return;
    head->entry = ZLUA_ENTRY_GENERAL;
    if (head->next != NULL)
        head->entry = ZLUA_ENTRY_OVERLOADED;
    else if (head->bridge.instance && head->scalar_shape && !head->is_ctor)
        head->entry = ZLUA_ENTRY_INSTANCE;
    else if (head->simple)
        head->entry = ZLUA_ENTRY_SIMPLE;
    else if (head->simple_refs != 0)
        head->entry = ZLUA_ENTRY_SIMPLE_REF;
    head->run = zlua_method_body_of(head);
    head->closure = zlua__ctx_closure_add(zlua__ctx_check(L), head);
    if (head->closure == 0)
        luaL_error(L, "not enough memory");
}

void zlua__method_push_upvalue_closure(lua_State *L, zlua__method *head)
{
    zlua_method_prepare_closure(L, head);
    lua_pushinteger(L, (lua_Integer)head->closure);
    lua_pushcclosure(L, zlua_method_entry, 1);
}

void zlua__method_push_generic_closure(lua_State *L, zlua__method *head)
{
    zlua_method_prepare_closure(L, head);
    if (head->closure < ZLUA_TRAMPOLINES)
        lua_pushcfunction(L, zlua__trampolines[head->closure]);   /* no upvalue */
    else
        zlua__method_push_upvalue_closure(L, head);
}

const zlua__method *zlua__method_of_function(lua_State *L, int idx)
{
    lua_CFunction f = lua_tocfunction(L, idx);
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (f == NULL || ctx == NULL)
        return NULL;
    /* a linear walk: for library queries (zlua.generic, zlua_bridge_kind),
     * never on a call path */
    for (uint32_t i = 1; i < ZLUA_TRAMPOLINES; i++)
        if (f == zlua__trampolines[i])
            return zlua_ctx_closure(ctx, i);
    if (f != zlua_method_entry) {
        const zlua_bridge *b = zlua__stub_of_entry(ctx, f);
        return b != NULL ? b->priv : NULL;
    }
    if (lua_getupvalue(L, idx, 1) == NULL)
        return NULL;
    const zlua__method *m = zlua_ctx_closure(ctx, lua_tointegerx(L, -1, NULL));
    lua_pop(L, 1);
    return m;
}

/* ---- instance methods ----------------------------------------------------
 *
 * `p:Length()`, `player:Move(1, 2)`: the instance __index found the
 * closure through the field index (types/instance.c) without checking
 * self, so self is checked here, once, and the call goes on in 64-bit
 * cells like the simple entry's. */

/* `this` from self at 1: a userdata of m's own class is the common case,
 * recognised by its length, magic and class (never dereferenced before
 * its length says it is one of ours); everything else (a derived class, a
 * boxed copy for a base method, finalized or foreign values and their
 * messages) is zlua_method_this's. */
ZLUA_INLINE void *zlua_method_lean_this(lua_State *L, const zlua__method *m)
{
    zlua__ud *u = lua_touserdata(L, 1);
    if (u != NULL && lua_rawlen(L, 1) >= sizeof *u && u->cls == zlua__method_owner(m)) {
        if (u->magic == ZLUA_UD_BYVAL)
            return zlua_ud_payload(u);
        /* a ByObj userdata's object is of its view or derived from it */
        if (u->magic == ZLUA_UD_BYOBJ)
            return zlua__method_owner(m)->valuetype ? il2cpp_object_unbox(u->obj) : (void *)u->obj;
    }
    return zlua__method_self(L, m);
}

/* The instance body for exactly n parameters (a constant at each call
 * site: the pops unroll).  Arguments start at 2, after self. */
ZLUA_INLINE int zlua_method_lean_call(lua_State *L, const zlua__method *m, int n,
                                          void *this_ptr)
{
    uint64_t cells[ZLUA_SIMPLE_PARAMS], ret = 0;
    void *args[ZLUA_SIMPLE_PARAMS];
    zlua_method_pop_cells(L, m, n, 2, ZLUA_KINDS_READ, 0, cells, args);
    Il2CppException *exc = zlua_method_run(m, this_ptr, args, &ret);
    return zlua_method_finish(L, m, exc, &ret, 1);
}

/* The instance bodies, one per parameter count as the simple ones.  An
 * overload added after the closure was made, or another argument count,
 * goes to the general entry. */
#define ZLUA_BODY_INSTANCE(N)                                                     \
    static int zlua_method_body_instance_##N(lua_State *L, const zlua__method *m) \
    {                                                                             \
        if (ZLUA_UNLIKELY(lua_gettop(L) != (N) + 1 || m->next != NULL))           \
            return zlua_method_entry_general(L, m);                               \
        return zlua_method_lean_call(L, m, (N), zlua_method_lean_this(L, m));     \
    }
ZLUA_BODY_INSTANCE(0)
ZLUA_BODY_INSTANCE(1)
ZLUA_BODY_INSTANCE(2)
ZLUA_BODY_INSTANCE(3)
ZLUA_BODY_INSTANCE(4)

static const zlua_method_body zlua_method_bodies_instance[ZLUA_SIMPLE_PARAMS + 1] = {
    zlua_method_body_instance_0, zlua_method_body_instance_1, zlua_method_body_instance_2,
    zlua_method_body_instance_3, zlua_method_body_instance_4,
};

/* ---- the generic entries' trampolines ----------------------------------------------------
 *
 * Every generic closure needs to know its method.  A C closure keeps it in
 * an upvalue (the method's index in the context's closure table), which
 * costs a checked read on every call and which a script can replace with
 * the debug library.  The first ZLUA_TRAMPOLINES indexes get a light C
 * function of their own instead (bridge/trampoline.c): it passes its
 * index, fixed at compile time, here; there is nothing to read and
 * nothing to swap.  The entry kind was fixed when the index was handed
 * out, for this very method. */
int zlua__method_entry_at(lua_State *L, uint32_t index)
{
    const zlua__ctx *ctx = zlua_ctx_of(L);
    if (ZLUA_UNLIKELY(ctx == NULL))   /* not a state of libzlua's */
        return zlua__box_tampered(L, "method");
    /* index < ZLUA_TRAMPOLINES: zlua__method_open made the table that
     * long, every slot not handed out the stand-in below */
    const zlua__method *m = ctx->closures[index];
    return m->run(L, m);   /* the body chosen for m when this index was handed out */
}

/* What a trampoline whose index this state never handed out runs: the
 * refusal an unknown upvalue gets. */
static int zlua_method_run_unknown(lua_State *L, const zlua__method *m)
{
    (void)m;
    return zlua__box_tampered(L, "method");
}

static const zlua__method zlua_method_unknown = {.run = zlua_method_run_unknown};

void zlua__method_open(lua_State *L, zlua__ctx *ctx)
{
    if (!zlua__ctx_closures_reserve(ctx, ZLUA_TRAMPOLINES, &zlua_method_unknown))
        luaL_error(L, "not enough memory");
}

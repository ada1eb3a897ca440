/*
 * overload.c -- overload dispatch (lua-api.md, "Overloads"): which candidate of a Lua
 * name serves a call.
 *
 * The candidates are bucketed by Lua argument count once, at bind time,
 * so a call scores only those that can take its argument count.  Scoring
 * reads values and metadata (marshal/score.c); nothing is converted or
 * allocated until the chosen method pops its arguments, and the error
 * path alone builds a string.
 */
#include <string.h>

#include <lauxlib.h>

#include "bridge/method.h"
#include "core/state.h"
#include "marshal/meta.h"

/* Ranks kept per call for this many applicable candidates; more (a rare
 * name) are scored again when compared. */
#define ZLUA_OVERLOAD_KEEP 8

int zlua__method_index_overloads(zlua__ctx *ctx, zlua__method *head)
{
    size_t total = 0;
    for (const zlua__method *m = head; m != NULL; m = m->next)
        total += (size_t)(m->nslots - m->nreq_slots) + 1u;
    /* unusable candidates are listed by the no-overload error, never picked */
    zlua__overloads *ov =
        zlua__ctx_arena_alloc(ctx, sizeof *ov + total * sizeof ov->cands[0]);
    if (ov == NULL)
        return 0;
    uint32_t at = 0;
    for (int n = 0; n <= ZLUA_MAX_PARAMS; n++) {
        ov->first[n] = at;
        for (const zlua__method *m = head; m != NULL; m = m->next)
            if (m->nslots == n && !m->unsupported)
                ov->cands[at++] = m;
        ov->exact[n] = at - ov->first[n];
        /* then those that reach n by leaving trailing defaults out */
        for (const zlua__method *m = head; m != NULL; m = m->next)
            if (m->nreq_slots <= n && n < m->nslots && !m->unsupported &&
                zlua__method_params_for(m, n) >= 0)   /* on a parameter's boundary */
                ov->cands[at++] = m;
        ov->count[n] = at - ov->first[n];
    }
    head->overloads = ov;
    return 1;
}

/* Fills ranks[0..n) for m; 0 when some argument is inapplicable. */
static inline int zlua_overload_rank(lua_State *L, const zlua__method *m,
                                     const zlua__score_arg *args, int n, uint8_t *ranks)
{
    for (int i = 0; i < n; i++) {
        ranks[i] = (uint8_t)zlua__meta_score_arg(L, &args[i], m->slots[i]);
        if (ranks[i] == ZLUA_RANK_NONE)
            return 0;
    }
    return 1;
}

/* Argument i: 1 when a's conversion is better than b's, -1 when worse
 * (lua-api.md, "Overloads" 3: by rank, then by the more specific target). */
static inline int zlua_overload_compare_arg(const zlua__method *a, int ra, const zlua__method *b,
                                     int rb, int i)
{
    if (ra != rb)
        return ra > rb ? 1 : -1;
    return zlua__meta_compare_targets(a->slots[i], b->slots[i]);
}

/* 1 when a beats b: better on at least one argument, worse on none. */
static inline int zlua_overload_beats(const zlua__method *a, const uint8_t *ra, const zlua__method *b,
                               const uint8_t *rb, int n)
{
    int better = 0;
    for (int i = 0; i < n; i++) {
        int c = zlua_overload_compare_arg(a, ra[i], b, rb[i], i);
        if (c < 0)
            return 0;
        better |= c > 0;
    }
    return better;
}

/* The best of the k candidates in group when more than
 * ZLUA_OVERLOAD_KEEP of them apply (a rare name): ranks are scored again
 * for each comparison instead of kept. */
static const zlua__method *zlua_overload_pick_many(lua_State *L,
                                                  const zlua__method *const *group, int k,
                                                  const zlua__score_arg *args, int n)
{
    uint8_t rb[ZLUA_MAX_PARAMS], rj[ZLUA_MAX_PARAMS];
    const zlua__method *first = NULL, *best = NULL;
    for (int j = 0; j < k; j++) {
        if (!zlua_overload_rank(L, group[j], args, n, rj))
            continue;
        if (first == NULL)
            first = group[j];
        if (best == NULL || zlua_overload_beats(group[j], rj, best, rb, n)) {
            best = group[j];
            memcpy(rb, rj, sizeof rb);
        }
    }
    for (int j = 0; j < k && best != NULL; j++)
        if (group[j] != best && zlua_overload_rank(L, group[j], args, n, rj) &&
            !zlua_overload_beats(best, rb, group[j], rj, n))
            return first;
    return best;
}

/* The best of the k candidates in group, or NULL when none applies.  The
 * one that beats every other applicable candidate wins; with no unique
 * best, the first declared applicable one (lua-api.md, "Overloads" 3). */
static const zlua__method *zlua_overload_pick(lua_State *L, const zlua__method *const *group,
                                             int k, const zlua__score_arg *args, int n)
{
    uint8_t ranks[ZLUA_OVERLOAD_KEEP][ZLUA_MAX_PARAMS];
    const zlua__method *app[ZLUA_OVERLOAD_KEEP];
    int napp = 0, best = -1;
    for (int j = 0; j < k; j++) {
        if (napp == ZLUA_OVERLOAD_KEEP)
            return zlua_overload_pick_many(L, group, k, args, n);
        if (!zlua_overload_rank(L, group[j], args, n, ranks[napp]))
            continue;
        app[napp] = group[j];
        if (best < 0 || zlua_overload_beats(app[napp], ranks[napp], app[best], ranks[best], n))
            best = napp;
        napp++;
    }
    if (best < 0)
        return NULL;
    /* the winner of the pass must beat every other applicable candidate
     * (specificity is a partial order: a later winner may tie an earlier) */
    for (int j = 0; j < napp; j++)
        if (j != best && !zlua_overload_beats(app[best], ranks[best], app[j], ranks[j], n))
            return app[0];
    return app[best];
}

/* `chunk:line: no overload for Demo.Pick matching (boolean); candidates:
 * Pick(System.Int32), ...` (rule 4). */
static int zlua_overload_none(lua_State *L, const zlua__method *head, int base, int n)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_where(L, 1);
    luaL_addvalue(&b);
    if (head->is_ctor)
        lua_pushfstring(L, "no overload for %s(...) matching (",
                        zlua__method_owner(head)->full_name);
    else
        lua_pushfstring(L, "no overload for %s.%s matching (", zlua__method_owner(head)->full_name,
                        il2cpp_method_get_name(head->bridge.method));
    luaL_addvalue(&b);
    for (int i = 0; i < n; i++) {
        if (i)
            luaL_addchar(&b, ',');
        zlua__push_argname(L, base + i);
        luaL_addvalue(&b);
    }
    luaL_addstring(&b, "); candidates: ");
    for (const zlua__method *m = head; m != NULL; m = m->next) {
        luaL_addstring(&b, m->signature);
        if (m->next)
            luaL_addstring(&b, ", ");
    }
    luaL_pushresult(&b);
    return lua_error(L);
}

/* The candidate of ov for the n arguments at base, or NULL when none
 * applies. */
static const zlua__method *zlua_overload_choose(lua_State *L, zlua__overloads *ov, int base,
                                               int n)
{
    if (ov == NULL || n < 0 || n > ZLUA_MAX_PARAMS)
        return NULL;
    zlua__score_arg args[ZLUA_MAX_PARAMS];
    int memo = n <= ZLUA_MEMO_ARGS;
    for (int i = 0; i < n; i++) {   /* each argument read once (rule 6) */
        zlua__meta_score_read(L, base + i, &args[i]);
        memo &= args[i].key != 0;
    }
    struct zlua__overload_memo *slot = memo ? &ov->memo[n] : NULL;
    if (slot != NULL && slot->chosen != NULL) {
        int i = 0;
        while (i < n && slot->keys[i] == args[i].key)
            i++;
        if (i == n)
            return slot->chosen;
    }
    const zlua__method *const *group = ov->cands + ov->first[n];
    const zlua__method *m = zlua_overload_pick(L, group, ov->exact[n], args, n);
    if (m == NULL)   /* rule 1: one that needs no omission wins first */
        m = zlua_overload_pick(L, group + ov->exact[n], ov->count[n] - ov->exact[n],
                               args, n);
    if (m != NULL && slot != NULL) {
        for (int i = 0; i < n; i++)
            slot->keys[i] = args[i].key;
        slot->chosen = m;
    }
    return m;
}

int zlua__method_first_arg_fits(lua_State *L, const zlua__method *head, int idx,
                               const zlua__method **first)
{
    zlua__score_arg arg;
    zlua__meta_score_read(L, idx, &arg);
    int count = 0;
    *first = NULL;
    for (const zlua__method *m = head; m != NULL; m = m->next) {
        if (m->unsupported || m->nslots < 1 ||
            zlua__meta_score_arg(L, &arg, m->slots[0]) == ZLUA_RANK_NONE)
            continue;
        if (count++ == 0)
            *first = m;
    }
    return count;
}

const zlua__method *zlua__method_select_quiet(lua_State *L, const zlua__method *head, int base,
                                            int n)
{
    return zlua_overload_choose(L, (zlua__overloads *)head->overloads, base, n);
}

/* Before an arity or no-overload error, the self an instance method
 * needs: `hero.Heal(5)` (a '.' for a ':') is a bad self, not a count. */
static void zlua_overload_check_self(lua_State *L, const zlua__method *head)
{
    if (head->bridge.instance && !head->is_ctor)   /* T(...) has no self */
        (void)zlua__method_self(L, head);
}

const zlua__method *zlua__method_select(lua_State *L, const zlua__method *head, int base, int n)
{
    if (head->next == NULL) {
        if (head->unsupported)   /* before its arity: it may have kept no parameters */
            zlua__method_raise_unsupported(L, head);
        if (n > head->nslots || n < head->nreq_slots || zlua__method_params_for(head, n) < 0) {
            zlua_overload_check_self(L, head);
            zlua__method_raise_arity(L, head, n);
        }
        return head;
    }
    lua_Integer v;
    const zlua__method *quick = n == 1 ? zlua_method_select_int_arg(L, head, base, &v) : NULL;
    if (quick != NULL)   /* `Demo.Pick(1)` again: the memo's answer */
        return quick;
    const zlua__method *m = zlua_overload_choose(L, (zlua__overloads *)head->overloads, base, n);
    if (m != NULL)
        return m;
    zlua_overload_check_self(L, head);
    zlua_overload_none(L, head, base, n);
    return NULL;
}

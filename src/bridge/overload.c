/*
 * overload.c -- overload dispatch (SPEC 7.6): which candidate of a Lua
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
#include "core/context.h"
#include "marshal/meta.h"

/* Ranks kept per call for this many applicable candidates; more (a rare
 * name) are scored again when compared. */
#define ZLUA_OVERLOAD_KEEP 8

int zlua_method_index_overloads(zlua_ctx *ctx, zlua_method *head)
{
    size_t total = 0;
    for (const zlua_method *m = head; m != NULL; m = m->next)
        total += (size_t)(m->nparams - m->nrequired) + 1u;
    /* unusable candidates are listed by the no-overload error, never picked */
    zlua_overloads *ov =
        zlua_ctx_arena_alloc(ctx, sizeof *ov + total * sizeof ov->cands[0]);
    if (ov == NULL)
        return 0;
    uint16_t at = 0;
    for (int n = 0; n <= ZLUA_MAX_PARAMS; n++) {
        ov->first[n] = at;
        for (const zlua_method *m = head; m != NULL; m = m->next)
            if (m->nparams == n && !m->unsupported)
                ov->cands[at++] = m;
        ov->exact[n] = (uint16_t)(at - ov->first[n]);
        /* then those that reach n by leaving trailing defaults out */
        for (const zlua_method *m = head; m != NULL; m = m->next)
            if (m->nrequired <= n && n < m->nparams && !m->unsupported)
                ov->cands[at++] = m;
        ov->count[n] = (uint16_t)(at - ov->first[n]);
    }
    head->overloads = ov;
    return 1;
}

/* Fills ranks[0..n) for m; 0 when some argument is inapplicable. */
static int zlua_overload_rank(lua_State *L, const zlua_method *m, int base, int n,
                              uint8_t *ranks)
{
    for (int i = 0; i < n; i++) {
        ranks[i] = (uint8_t)zlua_meta_score(L, base + i, m->params[i]);
        if (ranks[i] == ZLUA_RANK_NONE)
            return 0;
    }
    return 1;
}

/* Argument i: 1 when a's conversion is better than b's, -1 when worse
 * (SPEC 7.6 rule 3: by rank, then by the more specific target). */
static int zlua_overload_compare_arg(const zlua_method *a, int ra, const zlua_method *b,
                                     int rb, int i)
{
    if (ra != rb)
        return ra > rb ? 1 : -1;
    return zlua_meta_compare_targets(a->params[i], b->params[i]);
}

/* 1 when a beats b: better on at least one argument, worse on none. */
static int zlua_overload_beats(const zlua_method *a, const uint8_t *ra, const zlua_method *b,
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

/* The best of the k candidates in group, or NULL when none applies.  The
 * one that beats every other applicable candidate wins; with no unique
 * best, the first declared applicable one. */
static const zlua_method *zlua_overload_pick(lua_State *L, const zlua_method *const *group,
                                             int k, int base, int n)
{
    uint8_t kept[ZLUA_OVERLOAD_KEEP][ZLUA_MAX_PARAMS];
    const zlua_method *app[ZLUA_OVERLOAD_KEEP];
    uint8_t scratch[ZLUA_MAX_PARAMS], best_r[ZLUA_MAX_PARAMS];
    int napp = 0, nmore = 0, best = -1;
    const zlua_method *first = NULL, *best_m = NULL;
    for (int j = 0; j < k; j++) {
        uint8_t *r = napp < ZLUA_OVERLOAD_KEEP ? kept[napp] : scratch;
        if (!zlua_overload_rank(L, group[j], base, n, r))
            continue;
        if (first == NULL)
            first = group[j];
        if (best_m == NULL || zlua_overload_beats(group[j], r, best_m, best_r, n)) {
            best_m = group[j];
            best = j;
            memcpy(best_r, r, (size_t)n);
        }
        if (napp < ZLUA_OVERLOAD_KEEP)
            app[napp++] = group[j];
        else
            nmore++;
    }
    if (best_m == NULL)
        return NULL;
    /* the winner of the pass must beat every other applicable candidate */
    for (int j = 0; j < napp; j++)
        if (app[j] != best_m && !zlua_overload_beats(best_m, best_r, app[j], kept[j], n))
            return first;
    if (nmore > 0) {
        int seen = 0;
        for (int j = 0; j < k; j++) {
            if (!zlua_overload_rank(L, group[j], base, n, scratch) ||
                ++seen <= ZLUA_OVERLOAD_KEEP || j == best)
                continue;
            if (!zlua_overload_beats(best_m, best_r, group[j], scratch, n))
                return first;
        }
    }
    return best_m;
}

/* `chunk:line: no overload for Demo.Pick matching (boolean); candidates:
 * Pick(System.Int32), ...` (rule 4). */
static int zlua_overload_none(lua_State *L, const zlua_method *head, int base, int n)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_where(L, 1);
    luaL_addvalue(&b);
    if (head->is_ctor)
        lua_pushfstring(L, "no overload for %s(...) matching (", head->owner->full_name);
    else
        lua_pushfstring(L, "no overload for %s.%s matching (", head->owner->full_name,
                        il2cpp_method_get_name(head->mi));
    luaL_addvalue(&b);
    for (int i = 0; i < n; i++) {
        if (i)
            luaL_addchar(&b, ',');
        luaL_addstring(&b, zlua_typename(L, base + i));
    }
    luaL_addstring(&b, "); candidates: ");
    for (const zlua_method *m = head; m != NULL; m = m->next) {
        luaL_addstring(&b, m->signature);
        if (m->next)
            luaL_addstring(&b, ", ");
    }
    luaL_pushresult(&b);
    return lua_error(L);
}

const zlua_method *zlua_method_select(lua_State *L, const zlua_method *head, int base, int n)
{
    if (head->next == NULL) {
        if (head->unsupported)   /* before its arity: it may have kept no parameters */
            zlua_method_raise_unsupported(L, head);
        if (n > head->nparams || n < head->nrequired)
            luaL_error(L, "wrong number of arguments to '%s' (%d expected, got %d)",
                       head->display, head->nparams, n);
        return head;
    }
    const zlua_overloads *ov = head->overloads;
    if (ov != NULL && n >= 0 && n <= ZLUA_MAX_PARAMS) {
        const zlua_method *const *group = ov->cands + ov->first[n];
        const zlua_method *m = zlua_overload_pick(L, group, ov->exact[n], base, n);
        if (m == NULL)   /* rule 1: one that needs no omission wins first */
            m = zlua_overload_pick(L, group + ov->exact[n], ov->count[n] - ov->exact[n],
                                   base, n);
        if (m != NULL)
            return m;
    }
    zlua_overload_none(L, head, base, n);
    return NULL;
}

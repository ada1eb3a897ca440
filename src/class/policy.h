/*
 * policy.h -- the embedder's policy of reachable types (R-POLICY-1,
 * class/policy.c): asked once per type and state where a type becomes
 * reachable, never per call.
 */
#ifndef ZLUA_CLASS_POLICY_H
#define ZLUA_CLASS_POLICY_H

#include <lua.h>

#include "class/class.h"

/* Whether cls may be reached by L's scripts (judged once, kept in cls).
 * The first judgement freezes the rules: zlua_policy_* refuse to change
 * what was judged already. */
int zlua__policy_allows(zlua__ctx *ctx, zlua__class *cls);
/* The same, raising `type not accessible: NAME` when it may not. */
void zlua__policy_check(lua_State *L, zlua__class *cls);

#endif

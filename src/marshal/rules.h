/*
 * rules.h -- [LuaMarshalAs] rules (docs/marshal-rules.md; R-XML-4): the registered
 * name-keyed tables, their per-state resolution and the meta of a slot.
 *
 * Everything here runs at bind time.  A slot's meta is chosen once by the
 * priority chain (marshal-rules.md) and then only its writers run per call.
 */
#ifndef ZLUA_RULES_H
#define ZLUA_RULES_H

#include "core/state.h"
#include "marshal/meta.h"

/* The slot a meta is wanted for. */
typedef struct zlua__site {
    int kind;                  /* ZLUA_RULE_PARAM, _RETURN, _FIELD, _PROPERTY */
    Il2CppClass *klass;        /* the declaring class */
    const MethodInfo *mi;      /* PARAM / RETURN: the method */
    int index;                 /* PARAM: 0-based; RETURN: -1 */
    const char *name;          /* FIELD / PROPERTY: the member's name */
    const char *signature;     /* PARAM / RETURN: "Name(T1,T2)" (the method's key) */
    const char *property;      /* PARAM / RETURN of a property accessor: the
                                  property, whose rules come next (marshal-rules.md, priority chain) */
    int ic;                    /* PARAM / RETURN of a method C# calls into Lua
                                  through (zlua_meta_param): pushed / popped */
} zlua__site;

/* The meta of the slot: its type's own (zlua__meta_get) unless a rule of
 * the chain applies (marshal-rules.md, priority chain); NULL only when memory ran out. */
const zlua_meta *zlua__meta_for_site(zlua__ctx *ctx, const zlua__site *site,
                                    const Il2CppType *type);

/* The metas of method's slots as C# calls Lua through it (index -1: the
 * return), resolved once per state (zlua_meta_param). */
const zlua_meta *zlua__meta_ic_slot(zlua__ctx *ctx, const MethodInfo *method, int index);

/* The check of zlua_rules_check for a state's context (site may carry
 * ZLUA_RULE_DIR_IC). */
int zlua__rule_check(zlua__ctx *ctx, const Il2CppType *type, int site, int mtype,
                    const char *members, char *why, size_t why_size);

/* "(T1,T2)" of mi with ctx's type names into buf; 0 when it does not fit
 * or memory ran out. */
size_t zlua__rule_signature(zlua__ctx *ctx, const MethodInfo *mi, char *buf, size_t size);

/* A rule's meta (rule_meta.c): the type's meta base with the writers of
 * mtype and the members listed; NULL when memory ran out.  The rule was
 * checked (zlua__rule_check) for this slot. */
const zlua_meta *zlua__rule_meta_make(zlua__ctx *ctx, const zlua_meta *base, int mtype,
                                     const char *members, const char *slot_name);

/* Members listed by one rule, at most. */
#define ZLUA_MAX_MEMBERS 16

/* Resolves the comma-separated members on the value type k (named
 * full_name in messages) into out[0..max): public instance fields or
 * properties of scalar, enum or string type, readable (need bit 1) and
 * writable (bit 2) as the slot needs; a trailing '?' (Table only) makes a
 * key optional.  Returns the count, or -1 with why. */
int zlua__rule_members(zlua__ctx *ctx, Il2CppClass *k, const char *full_name, int mtype,
                      const char *members, int need, zlua__meta_member *out, int max,
                      char *why, size_t why_size);

/* "LuaMarshalType.Table", for messages. */
const char *zlua__rule_type_name(int mtype);

#endif

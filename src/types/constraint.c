/*
 * constraint.c -- generic parameter constraints (R-GEN-1).
 *
 * An instantiation whose type arguments break a constraint of the
 * definition (`where T : struct`, `class`, `new()`, a base class or an
 * interface) exists in no player, and Mono refuses to make one.  Either
 * way the lookup finds nothing; before saying the instance is not
 * available, zlua.generic asks the definition's metadata (through the
 * glue: zlua_rt_generic_param_get, zlua_rt_generic_constraint) which
 * constraint the arguments break, so that the message names it, the same
 * on every runtime.  Only the failure path comes here: a found instance
 * is never second-guessed.
 *
 * A constraint that is itself generic (`where T : IComparable<T>`) or
 * another parameter (`where T : U`) would have to be inflated with the
 * arguments first, which the runtime's C API cannot do: it is not
 * checked here, and an instance it refuses stays "not available".
 */
#include <string.h>

#include <lauxlib.h>

#include "types/types.h"
#include "zlua.h"

#define ZLUA_GP_CLASS ZLUA_GENERIC_PARAMETER_ATTRIBUTE_REFERENCE_TYPE_CONSTRAINT
#define ZLUA_GP_STRUCT ZLUA_GENERIC_PARAMETER_ATTRIBUTE_NOT_NULLABLE_VALUE_TYPE_CONSTRAINT
#define ZLUA_GP_NEW ZLUA_GENERIC_PARAMETER_ATTRIBUTE_DEFAULT_CONSTRUCTOR_CONSTRAINT

/* Whether C# can write `new A()` for a `new()` constraint: any value
 * type, or a concrete class with a public parameterless constructor. */
static int zlua_constraint_newable(const zlua__class *a)
{
    if (a->valuetype)
        return 1;
    if (a->abstract || a->interface)
        return 0;
    void *iter = NULL;
    const MethodInfo *m;
    while ((m = il2cpp_class_get_methods(a->klass, &iter)) != NULL) {
        uint32_t iflags;
        uint32_t flags = il2cpp_method_get_flags(m, &iflags);
        if ((flags & ZLUA_METHOD_ATTRIBUTE_STATIC) == 0 &&
            (flags & ZLUA_METHOD_ATTRIBUTE_MEMBER_ACCESS_MASK) == ZLUA_METHOD_ATTRIBUTE_PUBLIC &&
            il2cpp_method_get_param_count(m) == 0 && strcmp(il2cpp_method_get_name(m), ".ctor") == 0)
            return 1;
    }
    return 0;
}

/* The class of a constraint type that can be checked as it is, or NULL:
 * one naming a generic parameter (T, U, IComparable<T>) is open. */
static Il2CppClass *zlua_constraint_closed(const Il2CppType *t)
{
    if (t == NULL)
        return NULL;
    int e = il2cpp_type_get_type(t);
    if (e == ZLUA_IL2CPP_TYPE_VAR || e == ZLUA_IL2CPP_TYPE_MVAR ||
        e == ZLUA_IL2CPP_TYPE_GENERICINST)
        return NULL;
    return il2cpp_class_from_type(t);
}

/* The constraint of parameter i (p) that a breaks, as the message shows
 * it ("struct", "class", "new()", a type's full name), or NULL: none.
 * C#'s order: class or struct, then the types, then new(). */
static const char *zlua_constraint_broken(lua_State *L, zlua__ctx *ctx, const MethodInfo *mi,
                                          Il2CppClass *def, uint32_t i,
                                          const zlua_rt_generic_param *p, const zlua__class *a)
{
    if ((p->flags & ZLUA_GP_CLASS) && a->valuetype)
        return "class";
    if ((p->flags & ZLUA_GP_STRUCT) && (!a->valuetype || a->nullable))
        return "struct";
    for (uint32_t j = 0; j < p->constraint_count; j++) {
        Il2CppClass *k = zlua_constraint_closed(zlua_rt_generic_constraint(mi, def, i, j));
        if (k == NULL || il2cpp_class_is_assignable_from(k, a->klass))
            continue;
        zlua__class *c = zlua__class_get(ctx, k);
        if (c == NULL)
            luaL_error(L, "not enough memory");
        return c->full_name;
    }
    if ((p->flags & ZLUA_GP_NEW) && !zlua_constraint_newable(a))
        return "new()";
    return NULL;
}

void zlua__generic_check_constraints(lua_State *L, const MethodInfo *mi, zlua__class *def,
                                     const char *shown, zlua__class *const *args, int n)
{
    if (n < 1 || n > ZLUA_GENERIC_MAX_ARGS)
        return;
    Il2CppClass *k = mi == NULL ? def->klass : NULL;
    zlua_rt_generic_param ps[ZLUA_GENERIC_MAX_ARGS], extra;
    for (int i = 0; i < n; i++)
        if (!zlua_rt_generic_param_get(mi, k, (uint32_t)i, &ps[i]))
            return;   /* no metadata, or fewer parameters: not ours to tell */
    if (zlua_rt_generic_param_get(mi, k, (uint32_t)n, &extra))
        return;       /* more parameters than arguments */
    zlua__ctx *ctx = zlua__ctx_check(L);
    for (int i = 0; i < n; i++) {
        const char *broken = zlua_constraint_broken(L, ctx, mi, k, (uint32_t)i, &ps[i], args[i]);
        if (broken == NULL)
            continue;
        /* generic argument System.String violates the constraint of T on
         * ZLuaTests.Constrained.OfStruct<T> (struct) */
        luaL_Buffer b;
        luaL_buffinit(L, &b);
        luaL_addstring(&b, "generic argument ");
        luaL_addstring(&b, args[i]->full_name);
        luaL_addstring(&b, " violates the constraint of ");
        luaL_addstring(&b, ps[i].name);
        luaL_addstring(&b, " on ");
        luaL_addstring(&b, shown);
        if (mi != NULL) {   /* a method's parameters, C#'s way; a type's name has its arity */
            luaL_addchar(&b, '<');
            for (int j = 0; j < n; j++) {
                if (j > 0)
                    luaL_addchar(&b, ',');
                luaL_addstring(&b, ps[j].name);
            }
            luaL_addchar(&b, '>');
        }
        luaL_addstring(&b, " (");
        luaL_addstring(&b, broken);
        luaL_addchar(&b, ')');
        luaL_pushresult(&b);
        lua_error(L);
    }
}

/*
 * registry.c -- struct and object userdata pushed by the embedder
 * (zlua_registry_push_struct / _object): checked fronts to the same
 * userdata makers the writers use, so a non-blittable struct gets its
 * registry cell and an object its identity-cache entry as always.
 */
#include "class/class.h"
#include "core/state.h"
#include "marshal/meta.h"
#include "marshal/ud.h"
#include "scope/scope.h"

/* The binding of klass in L's state: ZLUA_OK, or why not. */
static int zlua_api_class(lua_State *L, Il2CppClass *klass, zlua__class **out)
{
    if (L == NULL || klass == NULL)
        return ZLUA_EINVAL;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    *out = zlua__meta_bind(ctx, zlua__class_get(ctx, klass));
    return *out != NULL ? ZLUA_OK : ZLUA_ENOMEM;
}

int zlua_registry_push_struct(lua_State *L, Il2CppClass *klass, const void *payload)
{
    zlua__class *cls;
    int rc = zlua_api_class(L, klass, &cls);
    if (rc != ZLUA_OK)
        return rc;
    if (!cls->valuetype || cls->is_enum || cls->nullable || payload == NULL)
        return ZLUA_EINVAL;
    zlua__ud_push_byval(L, cls, payload);
    return ZLUA_OK;
}

int zlua_registry_push_object(lua_State *L, Il2CppClass *view, Il2CppObject *obj)
{
    zlua__class *cls;
    int rc = zlua_api_class(L, view, &cls);
    if (rc != ZLUA_OK)
        return rc;
    if (cls->valuetype)
        return ZLUA_EINVAL;
    if (obj != NULL && !il2cpp_class_is_assignable_from(view, il2cpp_object_get_class(obj)))
        return ZLUA_EINVAL;
    zlua__ud_push_byobj(L, cls, obj);
    return ZLUA_OK;
}

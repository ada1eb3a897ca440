/*
 * api.c -- the marshalling functions zlua.h offers generated code: a
 * meta's writers, pushing struct and object userdata, resolving an
 * OpaqueValue (issue 9 §1).  Each is a checked front to the writers,
 * registries and scope the bridges use themselves.
 */
#include "class/class.h"
#include "core/context.h"
#include "marshal/meta.h"
#include "marshal/ud.h"
#include "scope/scope.h"

int zlua_meta_pop(lua_State *L, int idx, const zlua_meta *m, void *dst)
{
    if (L == NULL || m == NULL || dst == NULL)
        return ZLUA_POP_TYPE;
    return m->pop(L, idx, m, dst);
}

void zlua_meta_push(lua_State *L, const zlua_meta *m, const void *src)
{
    m->push(L, m, src);
}

/* The binding of klass in L's state: ZLUA_OK, or why not. */
static int zlua_api_class(lua_State *L, Il2CppClass *klass, zlua_class **out)
{
    if (L == NULL || klass == NULL)
        return ZLUA_EINVAL;
    zlua_ctx *ctx = zlua_ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    *out = zlua_meta_bind(ctx, zlua_class_get(ctx, klass));
    return *out != NULL ? ZLUA_OK : ZLUA_ENOMEM;
}

int zlua_registry_push_struct(lua_State *L, Il2CppClass *klass, const void *payload)
{
    zlua_class *cls;
    int rc = zlua_api_class(L, klass, &cls);
    if (rc != ZLUA_OK)
        return rc;
    if (!cls->valuetype || cls->is_enum || cls->nullable || payload == NULL)
        return ZLUA_EINVAL;
    zlua_ud_push_byval(L, cls, payload);
    return ZLUA_OK;
}

int zlua_registry_push_object(lua_State *L, Il2CppClass *view, Il2CppObject *obj)
{
    zlua_class *cls;
    int rc = zlua_api_class(L, view, &cls);
    if (rc != ZLUA_OK)
        return rc;
    if (cls->valuetype)
        return ZLUA_EINVAL;
    if (obj != NULL && !il2cpp_class_is_assignable_from(view, il2cpp_object_get_class(obj)))
        return ZLUA_EINVAL;
    zlua_ud_push_byobj(L, cls, obj);
    return ZLUA_OK;
}

int zlua_opaque_resolve_slot(lua_State *L, int idx, void **addr, const zlua_meta **elem)
{
    if (L == NULL || addr == NULL || elem == NULL)
        return ZLUA_EINVAL;
    zlua_ctx *ctx = zlua_ctx_get(L);
    if (ctx == NULL)
        return ZLUA_ESTATE;
    const zlua_slot *slot;
    if (lua_type(L, idx) != LUA_TLIGHTUSERDATA ||
        zlua_opaque_resolve(ctx, L, idx, &slot) != ZLUA_POP_OK)
        return ZLUA_EINVAL;
    *addr = slot->addr;
    *elem = slot->meta;
    return ZLUA_OK;
}

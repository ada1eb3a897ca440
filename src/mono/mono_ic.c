/*
 * mono_ic.c -- ZLua.LuaIC.Call on Mono: the fixtures' C#-calls-Lua
 * methods (R-IC-1) reach libzlua's IC path through this internal call,
 * which does what a generated IC stub does under IL2CPP: resolve the
 * argument metas, point the slots at the C# caller's locals, invoke,
 * done -- and turn a Lua error into a managed exception raised from this
 * frame after the call's scope is closed.
 *
 * Each argument is a System.TypedReference the caller made over its own
 * slot (Mono's layout: the type, the slot's address, the class).
 */
#include <string.h>

#include <mono/metadata/exception.h>
#include <mono/metadata/loader.h>

#include "core/utf.h"
#include "mono_rt.h"
#include "zlua.h"

#define ZM_IC_NAME_MAX 255
#define ZM_IC_MAX_ARGS 2

typedef struct zm_typedref {
    MonoType *type;
    void *value;
    MonoClass *klass;
} zm_typedref;

static lua_State *zm_ic_state;

void zm_ic_set_state(lua_State *L)
{
    zm_ic_state = L;
}

lua_State *zm_ic_get_state(void)
{
    return zm_ic_state;
}

/* fn's UTF-8 bytes, all of them: a name may hold a NUL ("OnA\0x" is not
 * "OnA"); libzlua's own conversion, as its string pops make it.  0 when
 * they do not fit. */
static int zm_ic_name(MonoString *fn, char *out, size_t *len)
{
    const uint16_t *u = mono_string_chars(fn);
    size_t n = (size_t)mono_string_length(fn);
    size_t k = zlua__utf16_to_utf8(u, n, NULL);
    if (k > ZM_IC_NAME_MAX)
        return 0;
    zlua__utf16_to_utf8(u, n, out);
    out[k] = '\0';
    *len = k;
    return 1;
}

static MonoString *zm_ic_call(MonoString *fn, int32_t argc, int32_t byref_mask, void *arg0,
                              void *arg1, MonoBoolean catch_error)
{
    lua_State *L = zm_ic_state;
    if (L == NULL)
        mono_raise_exception(mono_get_exception_invalid_operation("no lua_State"));
    if (fn == NULL)
        mono_raise_exception(mono_get_exception_argument_null("fn"));
    if (argc < 0 || argc > ZM_IC_MAX_ARGS)
        mono_raise_exception(mono_get_exception_argument("argc", "0 to 2 arguments"));
    char name[ZM_IC_NAME_MAX + 1];
    size_t len = 0;
    if (!zm_ic_name(fn, name, &len))
        mono_raise_exception(mono_get_exception_argument(
            "fn", "Lua function name longer than 255 bytes"));

    zm_typedref *refs[ZM_IC_MAX_ARGS] = {arg0, arg1};
    const zlua_meta *metas[ZM_IC_MAX_ARGS] = {NULL, NULL};
    void *slots[ZM_IC_MAX_ARGS] = {NULL, NULL};
    for (int32_t i = 0; i < argc; i++) {
        zm_typedref *r = refs[i];
        if (r == NULL)
            mono_raise_exception(mono_get_exception_argument_null("arg"));
        MonoType *t = (byref_mask >> i) & 1 ? mono_class_get_byref_type(r->klass) : r->type;
        metas[i] = zlua_meta_type(L, (const Il2CppType *)(void *)t);
        slots[i] = r->value;
        if (metas[i] == NULL)
            mono_raise_exception(mono_get_exception_invalid_operation(
                "no marshal descriptor for an IC argument"));
    }
    zlua_ic_call c;
    memset(&c, 0, sizeof c);
    c.function = name;
    c.function_len = len;
    c.nargs = argc;
    c.arg_meta = metas;
    c.arg_slots = slots;
    if (zlua_ic_invoke(L, &c) == ZLUA_OK)
        return NULL;   /* the stack is back already */
    if (!catch_error) {
        Il2CppException *ex = zlua_ic_exception(L, &c);
        zlua_ic_done(L, &c);
        mono_raise_exception((MonoException *)(void *)ex);
    }
    size_t mlen = 0;
    const char *msg = zlua_ic_error(L, &c, &mlen);
    /* the message lives on the Lua stack until done: copy it first */
    MonoString *s = mono_string_new_len(zm.domain, msg ? msg : "Lua error",
                                        msg ? (unsigned)mlen : 9);
    zlua_ic_done(L, &c);
    return s;
}

void zm_ic_register(void)
{
    MonoString *(*fn)(MonoString *, int32_t, int32_t, void *, void *, MonoBoolean) = zm_ic_call;
    const void *p;
    memcpy(&p, &fn, sizeof p);   /* the API takes code as a data pointer */
    mono_add_internal_call("ZLua.LuaIC::Call", p);
}

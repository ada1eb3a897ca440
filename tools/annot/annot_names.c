/*
 * annot_names.c -- the names the annotations give C# types, and the Lua
 * type of each kind of slot (docs/lua-api.md, "Calling C#").
 *
 * A class of instances is named by the type's full name with nested
 * types joined by '.' ("MyGame.Point2D", "Ns.Outer.Inner"); the class of
 * its type table by "CS." and that name.  A generic instance's IL name
 * ("System.Collections.Generic.List<System.Int32>") has characters an
 * annotation name cannot hold, so each becomes '_': the names only need
 * to be distinct and stable, and what a script writes (a variable's
 * type) comes from completion.
 */
#include <string.h>

#include "annot.h"

static void annot_name_plain(annot_buf *b, const char *s)
{
    for (; *s != '\0'; s++) {
        char c = *s;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '_' || c == '.';
        char one[2] = {ok ? c : '_', '\0'};
        annot_buf_add(b, one);
    }
}

void annot_name_instance(annot_buf *b, Il2CppClass *k)
{
    if (il2cpp_class_is_inflated(k)) {
        char *name = il2cpp_type_get_name(il2cpp_class_get_type(k));
        if (name == NULL)
            annot_die("out of memory");
        annot_name_plain(b, name);
        il2cpp_free(name);
        return;
    }
    Il2CppClass *outer = il2cpp_class_get_declaring_type(k);
    if (outer != NULL) {
        annot_name_instance(b, outer);
        annot_buf_add(b, ".");
    } else if (il2cpp_class_get_namespace(k)[0] != '\0') {
        annot_name_plain(b, il2cpp_class_get_namespace(k));
        annot_buf_add(b, ".");
    }
    annot_name_plain(b, il2cpp_class_get_name(k));
}

void annot_name_table(annot_buf *b, Il2CppClass *k)
{
    annot_buf_add(b, "CS.");
    annot_name_instance(b, k);
}

static const char *const annot_keywords[] = {
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
    "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"};

int annot_is_lua_name(const char *s)
{
    if (s == NULL || s[0] == '\0' || (s[0] >= '0' && s[0] <= '9'))
        return 0;
    for (const char *p = s; *p != '\0'; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9') || *p == '_'))
            return 0;
    for (size_t i = 0; i < sizeof annot_keywords / sizeof annot_keywords[0]; i++)
        if (strcmp(s, annot_keywords[i]) == 0)
            return 0;
    return 1;
}

void annot_quote(annot_buf *b, const char *s)
{
    for (; *s != '\0'; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            annot_buf_printf(b, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            annot_buf_printf(b, "\\%u", c);
        else {
            char one[2] = {(char)c, '\0'};
            annot_buf_add(b, one);
        }
    }
}

/* The value type T of a Nullable<T>: its field `value`'s. */
static const Il2CppType *annot_nullable_arg(Il2CppClass *k)
{
    void *iter = NULL;
    FieldInfo *f;
    while ((f = il2cpp_class_get_fields(k, &iter)) != NULL)
        if (strcmp(il2cpp_field_get_name(f), "value") == 0)
            return il2cpp_field_get_type(f);
    return NULL;
}

/* A delegate's Invoke as a Lua function type: what a Lua function
 * serving it receives and returns. */
static void annot_delegate_fun(annot_buf *b, Il2CppClass *k)
{
    void *iter = NULL;
    const MethodInfo *mi, *invoke = NULL;
    while ((mi = il2cpp_class_get_methods(k, &iter)) != NULL)
        if (strcmp(il2cpp_method_get_name(mi), "Invoke") == 0)
            invoke = mi;
    if (invoke == NULL) {
        annot_buf_add(b, "function");
        return;
    }
    annot_buf_add(b, "fun(");
    uint32_t n = il2cpp_method_get_param_count(invoke);
    for (uint32_t i = 0; i < n; i++) {
        const char *pn = il2cpp_method_get_param_name(invoke, i);
        if (!annot_is_lua_name(pn))
            annot_buf_printf(b, "%sarg%u: ", i ? ", " : "", i + 1);
        else
            annot_buf_printf(b, "%s%s: ", i ? ", " : "", pn);
        const Il2CppType *pt = il2cpp_method_get_param(invoke, i);
        /* C# hands a struct or a byref to the function as an OpaqueValue */
        Il2CppClass *pk = il2cpp_class_from_type(pt);
        int kind = il2cpp_type_get_type(pt);
        int by_struct = pk != NULL && !il2cpp_class_is_enum(pk) && !annot_class_is_nullable(pk) &&
                        (kind == ZLUA_IL2CPP_TYPE_VALUETYPE ||
                         (kind == ZLUA_IL2CPP_TYPE_GENERICINST && il2cpp_class_is_valuetype(pk)));
        if (il2cpp_type_is_byref(pt) || by_struct)
            annot_buf_add(b, "lightuserdata");
        else
            annot_type(b, pt, ANNOT_OUT);
    }
    annot_buf_add(b, ")");
    const Il2CppType *rt = il2cpp_method_get_return_type(invoke);
    if (il2cpp_type_get_type(rt) != ZLUA_IL2CPP_TYPE_VOID) {
        annot_buf_add(b, ": ");
        annot_type(b, rt, ANNOT_IN);
    }
}

/* A reference parameter is not written `T|nil` though C# takes null
 * there: the checker counts a parameter that may be nil as one a call
 * may leave out, and would let `CS.MyGame.Player()` pass; an explicit
 * nil is flagged instead (docs/lua-api.md, "Annotations for editors and
 * checkers").  A Nullable<T> is `nil|T`: nil is its value. */
void annot_type(annot_buf *b, const Il2CppType *t, int dir)
{
    if (il2cpp_type_is_byref(t)) {
        /* a handle, a ref (zlua.new_ref), a value for a temporary, nil */
        annot_buf_add(b, "any");
        return;
    }
    int kind = il2cpp_type_get_type(t);
    switch (kind) {
    case ZLUA_IL2CPP_TYPE_BOOLEAN:
        annot_buf_add(b, "boolean");
        return;
    case ZLUA_IL2CPP_TYPE_CHAR: case ZLUA_IL2CPP_TYPE_I1: case ZLUA_IL2CPP_TYPE_U1:
    case ZLUA_IL2CPP_TYPE_I2: case ZLUA_IL2CPP_TYPE_U2: case ZLUA_IL2CPP_TYPE_I4:
    case ZLUA_IL2CPP_TYPE_U4: case ZLUA_IL2CPP_TYPE_I8: case ZLUA_IL2CPP_TYPE_U8:
    case ZLUA_IL2CPP_TYPE_I: case ZLUA_IL2CPP_TYPE_U:
        annot_buf_add(b, "integer");
        return;
    case ZLUA_IL2CPP_TYPE_R4: case ZLUA_IL2CPP_TYPE_R8:
        annot_buf_add(b, "number");
        return;
    case ZLUA_IL2CPP_TYPE_STRING:
        annot_buf_add(b, "string");
        return;
    case ZLUA_IL2CPP_TYPE_PTR: case ZLUA_IL2CPP_TYPE_FNPTR:
        annot_buf_add(b, "lightuserdata");
        return;
    case ZLUA_IL2CPP_TYPE_VOID:
        annot_buf_add(b, "nil");
        return;
    case ZLUA_IL2CPP_TYPE_SZARRAY: case ZLUA_IL2CPP_TYPE_ARRAY: {
        Il2CppClass *ak = il2cpp_class_from_type(t);
        Il2CppClass *ek = ak != NULL ? il2cpp_class_get_element_class(ak) : NULL;
        annot_buf b_elem;
        annot_buf_init(&b_elem);
        if (ek == NULL)
            annot_buf_add(&b_elem, "any");
        else
            annot_type(&b_elem, il2cpp_class_get_type(ek), ANNOT_OUT);
        const char *e = b_elem.s;
        int paren = strchr(e, '|') != NULL;
        annot_buf_printf(b, "zlua.Array<%s>", e);
        /* an array-shaped table makes a new T[] (not T[,]) */
        if (dir != ANNOT_OUT && kind == ZLUA_IL2CPP_TYPE_SZARRAY)
            annot_buf_printf(b, "|%s%s%s[]", paren ? "(" : "", e, paren ? ")" : "");
        annot_buf_free(&b_elem);
        return;
    }
    case ZLUA_IL2CPP_TYPE_OBJECT: case ZLUA_IL2CPP_TYPE_VAR: case ZLUA_IL2CPP_TYPE_MVAR:
        annot_buf_add(b, "any");
        return;
    default:
        break;
    }
    Il2CppClass *k = il2cpp_class_from_type(t);
    if (k == NULL) {
        annot_buf_add(b, "any");
        return;
    }
    if (annot_class_is_nullable(k)) {
        const Il2CppType *arg = annot_nullable_arg(k);
        if (arg == NULL) {
            annot_buf_add(b, "any");
            return;
        }
        annot_buf val;   /* nil first: a delegate's function type stays last */
        annot_buf_init(&val);
        annot_type(&val, arg, dir);
        annot_buf_printf(b, "nil|%s", val.s);
        annot_buf_free(&val);
        return;
    }
    if (il2cpp_class_is_enum(k)) {
        annot_buf_add(b, "integer");
        if (dir == ANNOT_IN && annot_set_has(k)) {   /* a boxed enum too (zlua.box) */
            annot_buf_add(b, "|");
            annot_name_instance(b, k);
        }
        return;
    }
    if (!annot_set_has(k)) {
        annot_buf_add(b, "any");
        return;
    }
    annot_name_instance(b, k);
    /* an interface parameter: any object (the classes name no interface
     * parent, annot_class.c) */
    Il2CppClass *object = il2cpp_class_from_name(il2cpp_get_corlib(), "System", "Object");
    if (dir == ANNOT_IN && il2cpp_class_is_interface(k) && annot_set_has(object)) {
        annot_buf_add(b, "|");
        annot_name_instance(b, object);
    }
    /* R-DEL-1: a Lua function; last, so that its result type ends the union */
    if (dir != ANNOT_OUT && annot_class_is_delegate(k)) {
        annot_buf_add(b, "|");
        annot_delegate_fun(b, k);
    }
}

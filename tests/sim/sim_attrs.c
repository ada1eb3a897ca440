/*
 * sim_attrs.c -- custom attributes: [LuaMarshalAs] on types (through the
 * IL2CPP API), on fields (il2cpp_custom_attrs_from_field) and on
 * parameters / returns (sim.h only: IL2CPP has no API for those).
 *
 * As in Unity 2021+, an Il2CppCustomAttrInfo is a handle into metadata:
 * il2cpp_custom_attrs_free does nothing, NULL means "no attributes", and
 * il2cpp_custom_attrs_get_attr constructs a new attribute object per call.
 * il2cpp_class_has_attribute answers from the same tables without
 * constructing anything (the test assembly's ref struct carries
 * System.Runtime.CompilerServices.IsByRefLikeAttribute, sim_zluatests.c).
 */
#include <stdlib.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_internal.h"

Il2CppCustomAttrInfo *il2cpp_custom_attrs_from_class(Il2CppClass *klass)
{
    return klass ? klass->attrs : NULL;
}

Il2CppCustomAttrInfo *il2cpp_custom_attrs_from_method(const MethodInfo *m)
{
    /* [LuaMarshalAs] is never attached to methods; marker attributes
     * ([Extension]) are */
    return m ? sim_m(m)->attrs : NULL;
}

/* libil2cpp 2021+: the field's attributes by its token; here kept on the
 * FieldInfo ([LuaMarshalAs] on a field) */
Il2CppCustomAttrInfo *il2cpp_custom_attrs_from_field(const FieldInfo *field)
{
    return field ? field->attrs : NULL;
}

static const SimAttr *find_attr(const Il2CppCustomAttrInfo *ainfo,
                                Il2CppClass *attr_klass)
{
    if (ainfo == NULL || attr_klass == NULL)
        return NULL;
    for (int i = 0; i < ainfo->count; i++)
        if (il2cpp_class_is_assignable_from(attr_klass, ainfo->attrs[i].klass))
            return &ainfo->attrs[i];
    return NULL;
}

/* ---- parameter attributes --------------------------------------------------------
 * IL2CPP reaches a parameter's attributes only through its ParamDef
 * token (vm::Method::GetParameterToken) and the metadata's attribute
 * ranges by token; the simulation numbers a parameter by its method's
 * token and position, and keeps the [ParamArray] ones in a list. */

typedef struct {
    const Il2CppImage *image;
    uint32_t token;
} SimParamMark;

static SimParamMark *param_marks;
static size_t param_mark_count;

uint32_t sim_param_token(const SimMethod *m, uint32_t position)
{
    return 0x08000000u | ((m->token & 0xFFFFFu) << 4 | (position & 0xFu));
}

void sim_param_array_mark(const Il2CppImage *image, uint32_t token)
{
    SimParamMark *grown = realloc(param_marks, (param_mark_count + 1) * sizeof *grown);
    if (grown == NULL)
        sim_catalog_fail("out of memory", "params");
    param_marks = grown;
    param_marks[param_mark_count++] = (SimParamMark){image, token};
}

uint32_t sim_method_get_parameter_token(const MethodInfo *method, int32_t position)
{
    const SimMethod *m = sim_m(method);
    if (m == NULL || position < 0 || (uint32_t)position >= m->param_count)
        return 0;
    while (m->inflated_from != NULL)   /* an instance's parameters are its definition's */
        m = m->inflated_from;
    return sim_param_token(m, (uint32_t)position);
}

bool sim_metadata_has_attribute(const Il2CppImage *image, uint32_t token, Il2CppClass *attribute)
{
    if (token == 0 || attribute == NULL || attribute != sim_k.param_array)
        return false;   /* parameters carry no other attribute the simulation models */
    for (size_t i = 0; i < param_mark_count; i++)
        if (param_marks[i].image == image && param_marks[i].token == token)
            return true;
    return false;
}

/* libil2cpp's Class::HasAttribute: a metadata query over klass's own
 * attribute table (not its parents': C# attributes such as
 * IsByRefLikeAttribute are not inherited, and libil2cpp does not walk the
 * hierarchy); no attribute object is constructed, nothing is allocated. */
bool il2cpp_class_has_attribute(Il2CppClass *klass, Il2CppClass *attr_class)
{
    return klass != NULL && find_attr(klass->attrs, attr_class) != NULL;
}

/* libil2cpp's Method::HasAttribute: the same query over a method's own
 * attribute table ([Extension] on extension methods). */
bool il2cpp_method_has_attribute(const MethodInfo *method, Il2CppClass *attr_class)
{
    return method != NULL && find_attr(sim_m(method)->attrs, attr_class) != NULL;
}

bool il2cpp_custom_attrs_has_attr(Il2CppCustomAttrInfo *ainfo,
                                  Il2CppClass *attr_klass)
{
    return find_attr(ainfo, attr_klass) != NULL;
}

Il2CppObject *il2cpp_custom_attrs_get_attr(Il2CppCustomAttrInfo *ainfo,
                                           Il2CppClass *attr_klass)
{
    const SimAttr *a = find_attr(ainfo, attr_klass);
    if (a == NULL)
        return NULL;
    /* a marker attribute without state (IsByRefLikeAttribute): a plain
     * object of its class; only [LuaMarshalAs] carries state */
    if (a->text != NULL && a->klass == sim_k.invoke_attr) {
        /* new LuaInvokeAttribute(text) */
        SimLuaInvokeAttribute *obj = (SimLuaInvokeAttribute *)il2cpp_object_new(a->klass);
        Il2CppString *text = il2cpp_string_new(a->text);
        if (obj == NULL || text == NULL)
            return NULL;
        sim_gc_store((void **)&obj->name, text);
        return &obj->obj;
    }
    if (!il2cpp_class_is_assignable_from(sim_k.marshal_attr, a->klass))
        return il2cpp_object_new(a->klass);
    /* new LuaMarshalAsAttribute(Value) { Members = new[] { ... } } */
    SimMarshalAsAttribute *obj =
        (SimMarshalAsAttribute *)il2cpp_object_new(a->klass);
    if (obj == NULL)
        return NULL;
    obj->luaMarshalType = a->marshal.type;
    if (a->marshal.member_count > 0) {
        Il2CppArray *members = il2cpp_array_new(
            sim_k.string, (il2cpp_array_size_t)a->marshal.member_count);
        if (members == NULL)
            return NULL;
        Il2CppString **slots =
            (Il2CppString **)(void *)((char *)members +
                                      il2cpp_array_object_header_size());
        for (int i = 0; i < a->marshal.member_count; i++)
            sim_gc_store((void **)&slots[i], sim_literal(a->marshal.members[i]));
        sim_gc_store((void **)&obj->members, members);
    }
    return &obj->obj;
}

void il2cpp_custom_attrs_free(Il2CppCustomAttrInfo *ainfo)
{
    (void)ainfo;
}

int sim_param_marshal_as(const MethodInfo *m, int index,
                         const char *const **members, int *member_count)
{
    const SimMarshalAs *none = NULL, *a = none;
    if (m && index >= -1 && index < (int)sim_m(m)->param_count)
        a = &sim_m(m)->marshal[index + 1];
    if (members)
        *members = a ? a->members : NULL;
    if (member_count)
        *member_count = a ? a->member_count : 0;
    return a ? a->type : 0;
}

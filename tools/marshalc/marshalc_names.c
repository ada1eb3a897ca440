/*
 * marshalc_names.c -- what both attribute readers (tests/sim/tool over
 * the simulated runtime, src/mono/mono_attrs.c over Mono) need to turn
 * metadata into rules, through the runtime API alone: type names spelled
 * as libzlua spells them, member lists, and strings that live as long as
 * the process (marshalc_attrs.h).
 */
#include "marshalc_attrs.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "il2cpp_api.h"

/* Every string handed out lives as long as the process (the rules point
 * at them): a block list keeps them reachable. */
typedef struct marshalc_block {
    struct marshalc_block *next;
    char data[];
} marshalc_block;
static marshalc_block *marshalc_blocks;

char *marshalc_alloc(size_t n)
{
    marshalc_block *b = malloc(sizeof *b + n);
    if (b == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    b->next = marshalc_blocks;
    marshalc_blocks = b;
    return b->data;
}

char *marshalc_keep(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = marshalc_alloc(n);
    memcpy(p, s, n);
    return p;
}

zlua_marshal_rule marshalc_rule_at(int site, const char *type, const char *member,
                                   const char *signature, int index)
{
    zlua_marshal_rule r = {0};
    r.site = (uint8_t)site;
    r.type = marshalc_keep(type);
    r.member = member != NULL ? marshalc_keep(member) : NULL;
    r.signature = signature != NULL ? marshalc_keep(signature) : NULL;
    r.index = index;
    return r;
}

void marshalc_type_name(Il2CppClass *k, char *buf, size_t size)
{
    Il2CppClass *outer = il2cpp_class_get_declaring_type(k);
    if (outer != NULL) {
        marshalc_type_name(outer, buf, size);
        size_t n = strlen(buf);
        if (n + 1 < size)
            snprintf(buf + n, size - n, "+%s", il2cpp_class_get_name(k));
    } else if (il2cpp_class_get_namespace(k)[0] != '\0') {
        snprintf(buf, size, "%s.%s", il2cpp_class_get_namespace(k), il2cpp_class_get_name(k));
    } else {
        snprintf(buf, size, "%s", il2cpp_class_get_name(k));
    }
}

char *marshalc_join(const char *const *members, int count)
{
    if (count <= 0)
        return NULL;
    size_t n = 1;
    for (int i = 0; i < count; i++)
        n += strlen(members[i]) + 1;
    char *s = marshalc_alloc(n);
    s[0] = '\0';
    for (int i = 0; i < count; i++) {
        if (i)
            strcat(s, ",");
        strcat(s, members[i]);
    }
    return s;
}

Il2CppClass *marshalc_attr_class(void)
{
    size_t count = 0;
    const Il2CppAssembly **as = il2cpp_domain_get_assemblies(il2cpp_domain_get(), &count);
    for (size_t i = 0; i < count; i++) {
        Il2CppClass *k = il2cpp_class_from_name(il2cpp_assembly_get_image(as[i]), "ZLua",
                                                "LuaMarshalAsAttribute");
        if (k != NULL)
            return k;
    }
    return NULL;
}

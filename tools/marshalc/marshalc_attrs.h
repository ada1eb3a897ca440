/*
 * marshalc_attrs.h -- reads the [LuaMarshalAs] attributes of every loaded
 * assembly as name-keyed rules (zlua.h, zlua_marshal_rule).
 *
 * Shared by the build-time tools (zlua-marshalc validates and emits them;
 * zlua-stubgen shapes stubs by them) and by the test host's "live" mode,
 * which registers them unvalidated as a runtime that reads attributes
 * live (Mono, the Editor) would.  Each runtime has its reader: Mono's
 * reads every site through its reflection API (mono_attrs.c); the
 * simulated runtime's (tests/sim/tool/sim_attrs.c) reads type-level and
 * field attributes through the custom attribute API
 * (il2cpp_custom_attrs_from_class, _from_field), and parameter and
 * return ones from its catalog, IL2CPP having no API for those.
 * Property attributes are not read.
 */
#ifndef ZLUA_MARSHALC_ATTRS_H
#define ZLUA_MARSHALC_ATTRS_H

#include <lua.h>

#include "zlua.h"

/* Called once per attribute found; r lives for the call (copy it), its
 * strings for the process's lifetime.  assembly: Assembly.GetName().Name. */
typedef void (*marshalc_attr_fn)(void *ud, const char *assembly, const zlua_marshal_rule *r);

/* Walks every assembly of the domain.  L: an opened state (type names
 * and signatures are spelled as libzlua spells them).  Returns the number
 * of attributes found. */
int marshalc_read_attributes(lua_State *L, marshalc_attr_fn fn, void *ud);

/* ---- for the readers (marshalc_names.c), through the runtime API ------------- */

/* Storage and copies that live as long as the process (rules point at
 * them); out of memory ends it. */
char *marshalc_alloc(size_t n);
char *marshalc_keep(const char *s);
/* A rule naming its site, its strings kept: the type, and for a member
 * its name (NULL: the type itself), for a method's slot its signature
 * and index (-1: the return).  The readers fill in what the attribute
 * says. */
zlua_marshal_rule marshalc_rule_at(int site, const char *type, const char *member,
                                   const char *signature, int index);
/* "MyGame.Point2D", "Demo+Inner": as libzlua names a type definition. */
void marshalc_type_name(Il2CppClass *k, char *buf, size_t size);
/* The members joined by commas; NULL for none. */
char *marshalc_join(const char *const *members, int count);
/* ZLua.LuaMarshalAsAttribute, in whichever loaded image defines it. */
Il2CppClass *marshalc_attr_class(void);

#endif

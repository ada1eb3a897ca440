/*
 * sim_init.c -- builds the whole catalog, in dependency order.
 *
 * Environment (test-only): ZLUA_SIM_EXTRA_CLASSES=N adds a generated
 * assembly of N classes to the domain, ZLUA_SIM_EXTRA_MEMBERS=M gives each
 * M static methods (sim_generated.c).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "sim_catalog.h"
#include "sim_fixtures.h"
#include "sim_tables.h"

SimKnown sim_k;

static bool initialized;

static Il2CppClass *known(const char *full_name)
{
    Il2CppClass *k = sim_class(full_name);
    if (k == NULL) {
        fprintf(stderr, "zlua_sim: catalog error: missing %s\n", full_name);
        abort();
    }
    return k;
}

static void find_known(void)
{
    sim_k.object = known("System.Object");
    sim_k.value_type = known("System.ValueType");
    sim_k.enum_ = known("System.Enum");
    sim_k.string = known("System.String");
    sim_k.void_ = known("System.Void");
    sim_k.boolean = known("System.Boolean");
    sim_k.char_ = known("System.Char");
    sim_k.sbyte = known("System.SByte");
    sim_k.byte = known("System.Byte");
    sim_k.int16 = known("System.Int16");
    sim_k.uint16 = known("System.UInt16");
    sim_k.int32 = known("System.Int32");
    sim_k.uint32 = known("System.UInt32");
    sim_k.int64 = known("System.Int64");
    sim_k.uint64 = known("System.UInt64");
    sim_k.single = known("System.Single");
    sim_k.double_ = known("System.Double");
    sim_k.intptr = known("System.IntPtr");
    sim_k.uintptr = known("System.UIntPtr");
    sim_k.array = known("System.Array");
    sim_k.nullable = known("System.Nullable`1");
    sim_k.exception = known("System.Exception");
    sim_k.delegate = known("System.Delegate");
    sim_k.multicast_delegate = known("System.MulticastDelegate");
    sim_k.point2d = known("MyGame.Point2D");
    sim_k.vector2 = known("MyGame.Vector2");
    sim_k.player = known("MyGame.Player");
    sim_k.ishape = known("MyGame.IShape");
    sim_k.demo = known("Demo");
    sim_k.marshal_attr = known("ZLua.LuaMarshalAsAttribute");
    sim_k.invoke_attr = known("ZLua.LuaInvokeAttribute");
    sim_k.param_array = known("System.ParamArrayAttribute");
}

/* The bodies use C structs for Nullable<T>; the metadata computes the
 * layout.  They must agree. */
static void check_nullable(Il2CppClass *k, size_t value_off, size_t has_off,
                           size_t size)
{
    const FieldInfo *v = sim_field(k, SIM_NULLABLE_VALUE_NAME);
    const FieldInfo *h = sim_field(k, SIM_NULLABLE_HAS_VALUE_NAME);
    size_t hdr = sizeof(Il2CppObject);
    if (v->offset != (int32_t)(hdr + value_off) ||
        h->offset != (int32_t)(hdr + has_off) ||
        k->value_size != (int32_t)size) {
        fprintf(stderr, "zlua_sim: catalog error: layout of %s\n", k->full_name);
        abort();
    }
}

#define CHECK_NULLABLE(k, ctype)                                              \
    check_nullable((k), offsetof(ctype, value), offsetof(ctype, has_value),   \
                   sizeof(ctype))

static void build_nullables(void)
{
    Il2CppClass *def = sim_k.nullable;
    def->is_generic = true;
    def->il_name = "System.Nullable<T>";
    sim_generic_param_class("T");

    sim_k.nullable_int32 = sim_nullable_of(sim_k.int32);
    sim_k.nullable_point2d = sim_nullable_of(sim_k.point2d);
    sim_k.nullable_vector2 = sim_nullable_of(sim_k.vector2);
    /* both fields are bool: only the names tell them apart */
    sim_k.nullable_boolean = sim_nullable_of(sim_k.boolean);
    CHECK_NULLABLE(sim_k.nullable_int32, SimNullableInt32);
    CHECK_NULLABLE(sim_k.nullable_boolean, SimNullableBoolean);
    CHECK_NULLABLE(sim_k.nullable_point2d, SimNullablePoint2D);
    CHECK_NULLABLE(sim_k.nullable_vector2, SimNullableVector2);
}

static void add_nullable_members(void)
{
    sim_add_methods(sim_k.nullable_int32, sim_methods_nullable_int32);
    sim_add_methods(sim_k.nullable_point2d, sim_methods_nullable_point2d);
    sim_add_methods(sim_k.nullable_vector2, sim_methods_nullable_vector2);
    sim_add_properties(sim_k.nullable_int32, sim_props_nullable);
    sim_add_properties(sim_k.nullable_point2d, sim_props_nullable);
    sim_add_properties(sim_k.nullable_vector2, sim_props_nullable);
}

void sim_init(void)
{
    if (initialized)
        return;
    initialized = true;
    sim_gc_init();
    sim_domain_init();

    sim_build_shells(sim_corlib_image(), sim_catalog_corlib);
    sim_build_shells(sim_common_image(), sim_catalog_common);
    sim_build_shells(sim_game_image(), sim_catalog_game);
    sim_build_shells(sim_tests_image(), sim_catalog_tests);
    sim_build_shells(sim_corlib_image(), sim_catalog_collections);  /* R-COLL-1 */
    sim_build_shells(sim_game_image(), sim_catalog_range_iter);     /* after Demo */
    find_known();
    sim_build_hierarchy(sim_catalog_corlib);
    sim_build_hierarchy(sim_catalog_common);
    sim_build_hierarchy(sim_catalog_game);
    sim_build_hierarchy(sim_catalog_tests);
    sim_build_hierarchy(sim_catalog_collections);
    sim_build_hierarchy(sim_catalog_range_iter);
    build_nullables();
    sim_delegates_init();   /* Action`1<int> & co., named by fields and params */

    sim_build_members(sim_catalog_corlib);
    sim_build_members(sim_catalog_common);
    sim_build_members(sim_catalog_game);
    sim_build_members(sim_catalog_tests);
    sim_build_members(sim_catalog_collections);
    sim_build_members(sim_catalog_range_iter);
    add_nullable_members();
    sim_resolve_overrides();
    sim_generics_init();    /* Demo.First<T>'s compiled instantiations */

    sim_strings_init();
    sim_exceptions_init();
    sim_generated_init();   /* ZLUA_SIM_EXTRA_CLASSES, sim_generated.c */
}

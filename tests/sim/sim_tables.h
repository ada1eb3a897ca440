/*
 * sim_tables.h -- the method and property tables, defined next to their
 * bodies (sim_bodies_*.c) and attached to classes by the catalogs
 * (sim_catalog_*.c).  Each table ends with an entry whose name is NULL.
 */
#ifndef ZLUA_SIM_TABLES_H
#define ZLUA_SIM_TABLES_H

#include "sim_internal.h"

/* Adjustor thunks find the payload right after the object header. */
#define SIM_UNBOXED(obj) ((void *)((char *)(obj) + sizeof(Il2CppObject)))
#define SIM_BODY(f) ((Il2CppMethodPointer)(f))

/* sim_bodies_corlib.c */
extern const SimMethodDef sim_methods_object[];
extern const SimMethodDef sim_methods_value_type[];
extern const SimMethodDef sim_methods_enum[];
extern const SimMethodDef sim_methods_string[];
extern const SimPropertyDef sim_props_string[];
extern const SimMethodDef sim_methods_array[];
extern const SimMethodDef sim_methods_array_enum[];
extern const SimMethodDef sim_methods_boolean[], sim_methods_int32[], sim_methods_int64[];
extern const SimMethodDef sim_methods_string_enumerable[];   /* sim_collections.c */
extern const SimPropertyDef sim_props_array[];
extern const SimMethodDef sim_methods_attribute[];
extern const SimMethodDef sim_methods_exception[];
extern const SimPropertyDef sim_props_exception[];
extern const SimMethodDef sim_methods_exception_subclass[];
extern const SimMethodDef sim_methods_nullable_int32[];
extern const SimMethodDef sim_methods_nullable_point2d[];
extern const SimMethodDef sim_methods_nullable_vector2[];
extern const SimPropertyDef sim_props_nullable[];

/* sim_delegates.c */
extern const SimMethodDef sim_methods_delegate[];
extern const SimMethodDef sim_methods_intop[];
extern const SimMethodDef sim_methods_async_callback[];
extern const SimMethodDef sim_methods_vec_sink[];
extern const SimMethodDef sim_methods_cell_source[];

/* sim_bodies_game.c */
extern const SimMethodDef sim_methods_point2d[];
extern const SimPropertyDef sim_props_point2d[];
extern const SimMethodDef sim_methods_tagged[];
extern const SimMethodDef sim_methods_vector2[];
extern const SimPropertyDef sim_props_vector2[];
extern const SimMethodDef sim_methods_bag[];
extern const SimPropertyDef sim_props_bag[];
extern const SimMethodDef sim_methods_demo_coll[];   /* sim_collections.c */
extern const SimMethodDef sim_methods_player_ext[];
extern const SimMethodDef sim_methods_ishape[];
extern const SimMethodDef sim_methods_player[];
extern const SimPropertyDef sim_props_player[];
extern const SimMethodDef sim_methods_shape[];
extern const SimMethodDef sim_methods_circle[];
extern const SimMethodDef sim_methods_counter[];
extern const SimMethodDef sim_methods_node[];

/* sim_bodies_demo.c, sim_bodies_ic.c */
extern const SimMethodDef sim_methods_demo[];
extern const SimMethodDef sim_methods_demo_ic[];
extern const SimMethodDef sim_methods_demo_lua[];
extern const SimMethodDef sim_methods_lua_calls[];   /* sim_bodies_luacalls.c */
extern const SimMethodDef sim_methods_bad_invoke[];  /* sim_bodies_tests.c */

/* sim_bodies_demo2.c: the second milestone's Demo members and the
 * compiler-generated classes its lambdas live in */
extern const SimMethodDef sim_methods_demo_delegates[];
extern const SimMethodDef sim_methods_demo_m2[];
extern const SimMethodDef sim_methods_adder_closure[];
extern const SimMethodDef sim_methods_demo_lambdas[];
void sim_demo_cctor(void);
void sim_demo_lambdas_cctor(void);

/* sim_generics.c: generic methods (R-GEN-1), System.Type */
extern const SimMethodDef sim_methods_demo_generic[];
extern const SimMethodDef sim_methods_type[];
extern const SimPropertyDef sim_props_type[];
extern const SimMethodDef sim_methods_echoer[];   /* ZLuaTests.Echoer */
extern const SimMethodDef sim_methods_entity[];   /* ZLuaTests.Entity */
extern const SimMethodDef sim_methods_constrained[];   /* ZLuaTests.Constrained */
/* sim_bodies_usage.c: ZLuaTests types shaped like a game's own */
extern const SimMethodDef sim_methods_numbers[];
extern const SimMethodDef sim_methods_idamageable[];
extern const SimPropertyDef sim_props_idamageable[];
extern const SimMethodDef sim_methods_ikillable[];
extern const SimPropertyDef sim_props_ikillable[];
extern const SimMethodDef sim_methods_mob[];
extern const SimPropertyDef sim_props_mob[];
extern const SimMethodDef sim_methods_lease[];
extern const SimMethodDef sim_methods_static_base[];
extern const SimPropertyDef sim_props_static_base[];
extern const SimMethodDef sim_methods_static_derived[];
extern const SimMethodDef sim_methods_grid[];
extern const SimPropertyDef sim_props_grid[];
extern const SimMethodDef sim_methods_secret[];
extern const SimMethodDef sim_methods_seqs[];
extern const SimMethodDef sim_methods_words_iter[];
/* Dispose of an enumerator holding nothing (sim_collections.c) */
void sim_dispose_nothing(void *self, const MethodInfo *m);

/* sim_bodies_runtime.c */
extern const SimMethodDef sim_methods_config[];
extern const SimMethodDef sim_methods_broken[];
extern const SimMethodDef sim_methods_reentrant[];
extern const SimMethodDef sim_methods_fragile[];
extern const SimMethodDef sim_methods_demo_rt[];
void sim_config_cctor(void);
void sim_broken_cctor(void);
void sim_init_retry_cctor(void);
void sim_reentrant_cctor(void);

/* sim_bodies_tests.c: the test-only assembly ZLua.Tests */
extern const SimMethodDef sim_methods_unsupported[];
extern const SimPropertyDef sim_props_unsupported[];
extern const SimMethodDef sim_methods_ab[];
extern const SimMethodDef sim_methods_ties[];
extern const SimMethodDef sim_methods_demo_marshal[];
extern const SimMethodDef sim_methods_chain[];
extern const SimMethodDef sim_methods_probe[];
extern const SimPropertyDef sim_props_probe[];
extern const SimMethodDef sim_methods_refs[];      /* ZLuaTests.Refs */
extern const SimMethodDef sim_methods_held[];      /* ZLuaTests.Held (R-PTR-1) */
extern const SimMethodDef sim_methods_refs_ic[];   /* sim_bodies_ic.c */
extern const SimMethodDef sim_methods_abi[];       /* ZLuaTests.Abi (sim_bodies_abi.c) */
extern const SimMethodDef sim_methods_abi_ic[];    /* sim_bodies_ic.c */
extern const SimMethodDef sim_methods_pointers[];  /* ZLuaTests.Pointers (sim_pointers.c) */

#endif /* ZLUA_SIM_TABLES_H */

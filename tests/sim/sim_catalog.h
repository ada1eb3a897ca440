/*
 * sim_catalog.h -- the class tables of the three images.
 */
#ifndef ZLUA_SIM_CATALOG_H
#define ZLUA_SIM_CATALOG_H

#include "sim_internal.h"

extern const SimClassDef sim_catalog_corlib[];  /* mscorlib */
extern const SimClassDef sim_catalog_common[];  /* ZLua.Common ([LuaMarshalAs]) */
extern const SimClassDef sim_catalog_game[];    /* Assembly-CSharp */
extern const SimClassDef sim_catalog_tests[];   /* ZLua.Tests (test-only) */
/* sim_collections.c (R-COLL-1): corlib collections; Demo+<Range>d__12 */
extern const SimClassDef sim_catalog_collections[];
extern const SimClassDef sim_catalog_range_iter[];

#endif /* ZLUA_SIM_CATALOG_H */

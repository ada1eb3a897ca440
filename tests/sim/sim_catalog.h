/*
 * sim_catalog.h -- the class tables of the two images.
 */
#ifndef ZLUA_SIM_CATALOG_H
#define ZLUA_SIM_CATALOG_H

#include "sim_internal.h"

extern const SimClassDef sim_catalog_corlib[];  /* mscorlib */
extern const SimClassDef sim_catalog_game[];    /* Assembly-CSharp */

#endif /* ZLUA_SIM_CATALOG_H */

/*
 * marshalc_live.h -- the [LuaMarshalAs] rules of the assemblies a build
 * tool opened, gathered at its run time and registered unvalidated, one
 * table per assembly, as an Editor registers them: their attributes
 * (marshalc_read_attributes) and a project's XML rule files
 * (marshalc_xml_parse).  zlua-stubgen-mono shapes stubs by them,
 * zlua-annot-mono annotations: a method they give several Lua values
 * (UnpackedValues) is what the binder of a player registering the
 * compiled tables of the same rules makes of it.  (zlua-marshalc checks
 * them; an illegal rule shapes nothing here.)
 */
#ifndef ZLUA_MARSHALC_LIVE_H
#define ZLUA_MARSHALC_LIVE_H

#include <lua.h>

/* Registers (zlua_rules_register) the rules for the assemblies named
 * (Assembly.GetName().Name; rules for any other are left out): their
 * attributes, then the XML files'.  L: an opened state.  0; or -1 with
 * *failed set to the XML file whose errors were printed, or to NULL when
 * registering failed (out of memory).  The tables live as long as the
 * process, as registered tables must. */
int marshalc_live_register(lua_State *L, const char *const *assemblies, int nassemblies,
                           const char *const *xml, int nxml, const char **failed);

/* The same for the XML files alone, their errors handed to err (with
 * ud): a process whose attributes are registered already (the Editor's,
 * which reads them live) adds only a project's files. */
int marshalc_live_register_xml(const char *const *assemblies, int nassemblies,
                               const char *const *xml, int nxml, const char **failed,
                               void (*err)(void *ud, const char *line), void *ud);

/* The same, each file once per process (by its path as given): the
 * registry keeps what it is given for the process's life, so a file
 * registered before is not registered again, and shapes as it did then
 * (the Editor's generators, run again and again in one process). */
int marshalc_live_register_xml_once(const char *const *assemblies, int nassemblies,
                                    const char *const *xml, int nxml, const char **failed,
                                    void (*err)(void *ud, const char *line), void *ud);

#endif

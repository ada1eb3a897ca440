/*
 * stubgen_keep.h -- the stub generator's preservation list (R-LINK-1):
 * every type the walk binds, with the members Lua may bind (its public
 * methods, constructors included, fields and properties), plus the
 * entries of a project's explicit lists, written as `keep` lines of the
 * report and as a link.xml for Unity's managed linker (UnityLinker).
 *
 * Report lines, one per entry, sorted (ASSEMBLY: the assembly's simple
 * name; TYPE: as link.xml spells it, "Ns.Outer/Inner", "Ns.List`1" for
 * a generic type's instances):
 *
 *   keep     ASSEMBLY TYPE type             the type itself (preserve="nothing")
 *   keep     ASSEMBLY TYPE all              the whole type (preserve="all")
 *   keep     ASSEMBLY TYPE method NAME      <method name="NAME"/>
 *   keep     ASSEMBLY TYPE field NAME       <field name="NAME"/>
 *   keep     ASSEMBLY TYPE property NAME    <property name="NAME"/>
 *
 * A type has either a `type` or an `all` line, never both.
 */
#ifndef ZLUA_STUBGEN_KEEP_H
#define ZLUA_STUBGEN_KEEP_H

#include <stdio.h>

#include "il2cpp_api.h"

/* Notes k (a type the walk binds: a visible type, or a closed generic
 * instance, kept as its definition) with its public members.  0, or -1
 * when out of memory. */
int sg_keep_class(Il2CppClass *k);

/* Notes delegate type k (met in a signature or a field) with the
 * members libzlua calls of it: .ctor and Invoke.  0, or -1 (memory). */
int sg_keep_delegate(Il2CppClass *k);

/* Reads a project's explicit list (docs/embedding.md, "Stripping"):
 *   ASSEMBLY TYPE            the whole type
 *   ASSEMBLY TYPE MEMBER     every method, field and property of that name
 * '#' starts a comment.  Each entry must name an open assembly, a type
 * of it and (if given) a member of that type.  Returns the number of
 * errors, each handed to err as "FILE:LINE: error: ..." (a file that
 * cannot be read is one). */
typedef void (*sg_keep_err_fn)(void *ud, const char *line);
int sg_keep_list(const char *file, sg_keep_err_fn err, void *ud);

/* The `keep` lines, sorted, to report. */
void sg_keep_report(FILE *report);

/* The list as a link.xml at path; 0, or -1 (the file cannot be written). */
int sg_keep_link_xml(const char *path);

/* Forgets every entry (a next run starts empty). */
void sg_keep_reset(void);

#endif

/*
 * annot.h -- the parts of zlua-annot, the annotation generator
 * (R-ANNOT-1): EmmyLua / LuaLS annotations of every type a script can
 * reach, spelled as libzlua binds them (docs/lua-api.md), so that an
 * editor completes `CS.MyGame.Point2D(1, 2):Length()` and a checker
 * (emmylua_check) flags a misspelt member, a wrong argument count or a
 * static called as an instance method before the script runs.
 *
 *   annot_buf.c    a growable string, the one way text is built
 *   annot_set.c    which classes are written (the walked assemblies'
 *                  types, what their members name, bases, interfaces)
 *   annot_names.c  a class's annotation names and a slot's Lua type
 *   annot_class.c  one class: its instance class and its type table
 *   annot_tree.c   the CS namespaces and the CSharp assembly tables
 *   zlua_annot.c   the command line
 */
#ifndef ZLUA_ANNOT_H
#define ZLUA_ANNOT_H

#include <stdarg.h>
#include <stddef.h>

#include <lua.h>

#include "il2cpp_api.h"

/* ---- annot_buf.c ---------------------------------------------------------------------- */

typedef struct annot_buf {
    char *s;      /* NUL-terminated, never NULL after annot_buf_init */
    size_t len, cap;
} annot_buf;

void annot_buf_init(annot_buf *b);
void annot_buf_free(annot_buf *b);
void annot_buf_clear(annot_buf *b);
void annot_buf_add(annot_buf *b, const char *s);
void annot_buf_printf(annot_buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Reports a fatal error and exits (out of memory, a write that failed;
 * in the Editor's run, tool_run.h: back to its caller). */
void annot_die(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;

/* ---- annot_set.c ---------------------------------------------------------------------- */

/* Adds the public types of img (nested public ones too), as a script
 * reaches them through CS; open generic definitions are left out (Lua
 * uses their closed instances). */
void annot_set_add_image(const Il2CppImage *img);
/* Completes the set: the types the added ones' public members name (one
 * level: what those name in turn is `any`), then every base class and
 * interface of a class in the set.  Call once, after the images. */
void annot_set_close(void);
/* Forgets every class (the next run in the same process starts empty). */
void annot_set_reset(void);
size_t annot_set_count(void);
Il2CppClass *annot_set_at(size_t i);
/* Whether k is written: only such a class is named in a Lua type. */
int annot_set_has(Il2CppClass *k);
/* Whether C# outside k's assembly could name it (public, nested in
 * public types only): libzlua hands out no other type table. */
int annot_class_visible(Il2CppClass *k);
/* Whether k is a delegate type (derives from System.MulticastDelegate). */
int annot_class_is_delegate(Il2CppClass *k);
/* Whether k is a static class (abstract and sealed): no instances. */
int annot_class_is_static(Il2CppClass *k);
/* Whether k is System.Nullable`1 instantiated (Lua sees T or nil). */
int annot_class_is_nullable(Il2CppClass *k);

/* ---- annot_names.c -------------------------------------------------------------------- */

/* The class of k's instances ("MyGame.Point2D", nested "Ns.Outer.Inner",
 * a generic instance's IL name with each character Lua names cannot hold
 * made '_'), appended to b. */
void annot_name_instance(annot_buf *b, Il2CppClass *k);
/* The class of k's type table: "CS." and the instance class's name. */
void annot_name_table(annot_buf *b, Il2CppClass *k);

/* The direction of a slot: what Lua passes in, what it gets back, or
 * both (a field or property: one declared type serves its reads and its
 * writes, so a delegate field also takes a function and an array field
 * a table, as writes do; no `nil`, which every read would have to test). */
enum { ANNOT_IN, ANNOT_OUT, ANNOT_FIELD };
/* The Lua type of a slot of type t (docs/lua-api.md, "Calling C#"):
 * boolean, integer, number, string, a written class, `any` for what the
 * annotations do not model; arrays as zlua.Array<E> (and a table of E
 * going in), Nullable<T> as nil|T, a delegate going in also as a
 * function; a reference never as T|nil (annot_names.c says why). */
void annot_type(annot_buf *b, const Il2CppType *t, int dir);

/* Whether s can be written after a '.' in Lua (an identifier that is no
 * keyword); other names are written as ["..."] keys. */
int annot_is_lua_name(const char *s);
/* Appends s as the contents of a Lua string literal (quotes not included). */
void annot_quote(annot_buf *b, const char *s);

/* ---- annot_class.c -------------------------------------------------------------------- */

/* Notes the [Extension] methods of the set's classes: each becomes an
 * instance method of its first parameter's class (R-EXT-1).  Call after
 * annot_set_close. */
void annot_class_collect_extensions(void);
/* Forgets the extension methods collected. */
void annot_class_reset(void);
/* Appends the annotations of k: its instance class (members, indexer,
 * operators, call of a delegate) and its type table's class (statics,
 * constants, nested types, constructors).  L: a state opened with
 * zlua_open, for the full-signature keys of overloads. */
void annot_class_write(annot_buf *b, lua_State *L, Il2CppClass *k);

/* ---- annot_tree.c --------------------------------------------------------------------- */

/* Appends the classes of CS and its namespace tables, of CSharp and its
 * assembly tables, and the two globals, for the set's classes. */
void annot_tree_write(annot_buf *b);

#endif

/*
 * sim_exceptions.c -- managed exceptions without unwinding.
 *
 * A body "throws" by recording a pending exception (sim_raise) and
 * returning; zlua_rt_invoke hands it to the caller, like the try/catch a
 * player's glue puts around invoker_method.  Nothing longjmps.
 */
#include <stdlib.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_internal.h"

/* GC-visible cells (data segments are not roots) */
typedef struct ExceptionCells {
    Il2CppException *pending;     /* raised by the running body */
    Il2CppException *throw_next;  /* sim_throw_next */
} ExceptionCells;

static ExceptionCells *cells;

void sim_exceptions_init(void)
{
    if (cells == NULL)
        cells = sim_gc_alloc_root(sizeof *cells);
}

static ExceptionCells *the_cells(void)
{
    sim_init();  /* exceptions need the catalog; idempotent */
    return cells;
}

Il2CppException *sim_exception_new(const char *ns, const char *name,
                                   Il2CppString *msg)
{
    Il2CppClass *k = sim_find_class(ns ? ns : "", name ? name : "");
    if (k == NULL || !il2cpp_class_is_subclass_of(k, sim_k.exception, false))
        k = sim_k.exception;
    SimException *e = (SimException *)il2cpp_object_new(k);
    if (e == NULL)
        return NULL;
    sim_gc_store((void **)&e->_message, msg);
    return &e->obj;
}

void sim_raise_string(const char *ns, const char *name, Il2CppString *msg)
{
    if (the_cells()->pending)
        return;  /* the first throw already unwinds the C# frame */
    cells->pending = sim_exception_new(ns, name, msg);
}

void sim_raise(const char *ns, const char *name, const char *msg)
{
    if (the_cells()->pending)
        return;
    Il2CppString *s = msg ? sim_string_lossy(msg, strlen(msg)) : NULL;
    sim_raise_string(ns, name, s);
}

void sim_throw_next(const char *ns, const char *name, const char *msg)
{
    ExceptionCells *c = the_cells();
    Il2CppString *s = msg ? sim_string_lossy(msg, strlen(msg)) : NULL;
    c->throw_next = sim_exception_new(ns, name, s);
}

/* The rare cases of zlua_rt_invoke: an injected exception, or a call a
 * player would not survive, reported as the managed exception it raises. */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static Il2CppException *zlua_rt_invoke_unusual(const MethodInfo *method, void *obj,
                                               void **args, void *ret)
{
    if (the_cells()->throw_next) {
        Il2CppException *e = cells->throw_next;
        cells->throw_next = NULL;
        return e;
    }
    if (method == NULL)
        return sim_exception_new("System", "ArgumentNullException", sim_literal("method"));
    const SimMethod *m = sim_m(method);
    if (method->methodPointer == NULL || method->invoker_method == NULL) {
        /* an abstract method invoked without il2cpp_object_get_virtual_method;
         * a player would crash here */
        return sim_exception_new("System", "InvalidOperationException",
                                 sim_string_printf("abstract method %s::%s "
                                                   "invoked directly",
                                                   m->klass->full_name, m->name));
    }
    if (obj == NULL && !(m->flags & METHOD_ATTRIBUTE_STATIC)) {
        /* IL2CPP's generated code null-checks `this` */
        return sim_exception_new("System", "NullReferenceException",
                                 sim_literal(SIM_NRE_MESSAGE));
    }
    return zlua_rt_invoke(method, obj, args, ret);   /* only the catalog was missing */
}

/* True when method can go straight to its invoker: the test hook is
 * idle and the call is one a player would survive. */
static inline int sim_invoke_plain(const ExceptionCells *c, const MethodInfo *method,
                                   const void *obj)
{
    return c != NULL && c->throw_next == NULL && method != NULL &&
           method->invoker_method != NULL && method->methodPointer != NULL &&
           (obj != NULL || (sim_m(method)->flags & METHOD_ATTRIBUTE_STATIC));
}

/* The player's version is a try/catch around the invoker, free when
 * nothing is thrown; this one adds what catching costs without C++
 * exceptions (the pending cell saved, cleared, read and restored, so
 * nested invokes keep their own), so that benchmarks measure libzlua and
 * not the simulation. */
Il2CppException *zlua_rt_invoke(const MethodInfo *method, void *obj, void **args,
                                void *ret)
{
    ExceptionCells *c = cells;
    if (!sim_invoke_plain(c, method, obj))
        return zlua_rt_invoke_unusual(method, obj, args, ret);
    Il2CppException *outer = c->pending;
    c->pending = NULL;
    method->invoker_method(method->methodPointer, method, obj, args, ret);
    Il2CppException *raised = c->pending;
    c->pending = outer;
    return raised;
}

void il2cpp_format_exception(const Il2CppException *ex, char *message,
                             int message_size)
{
    /* "Namespace.Name: message" (no ": message" without one), copied like
     * libil2cpp does, with strncpy: NOT NUL-terminated when truncated. */
    if (ex == NULL || message == NULL || message_size <= 0)
        return;
    Il2CppClass *k = ex->klass;
    const SimException *e = (const SimException *)(const void *)ex;
    Il2CppString *text = NULL;
    if (il2cpp_class_is_subclass_of(k, sim_k.exception, false))
        text = e->_message;
    size_t ns = strlen(k->namespaze), nm = strlen(k->name);
    size_t ml = text ? sim_string_to_utf8(text, NULL, 0) : 0;
    size_t total = ns + 1 + nm + (text ? 2 + ml : 0);
    char *full = malloc(total + 1);
    if (full == NULL) {
        message[0] = '\0';
        return;
    }
    size_t n = 0;
    memcpy(full + n, k->namespaze, ns);
    n += ns;
    full[n++] = '.';
    memcpy(full + n, k->name, nm);
    n += nm;
    if (text) {
        full[n++] = ':';
        full[n++] = ' ';
        sim_string_to_utf8(text, full + n, ml + 1);
        n += ml;
    }
    full[n] = '\0';
    strncpy(message, full, (size_t)message_size);
    free(full);
}

/*
 * sim_exceptions.c -- managed exceptions, thrown as IL2CPP throws them.
 *
 * A body throws with sim_raise: a C++ exception (sim_throw.cpp) that
 * unwinds through the body and its invoker to whoever catches it -- the
 * runtime glue in libzlua's calls, as in a player.  The test hooks of
 * sim.h inject exceptions into invokes and into the runtime operations
 * that can throw in IL2CPP (sim_fail_next).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_fixtures.h"
#include "sim_internal.h"
#include "sim_stub_hook.h"

/* GC-visible cells (data segments are not roots) */
typedef struct ExceptionCells {
    Il2CppException *throw_next;  /* sim_throw_next */
    Il2CppException *oom;         /* preallocated, like libil2cpp's */
} ExceptionCells;

static ExceptionCells *cells;
static int fail_countdown[SIM_OP_COUNT];   /* 0 idle, n: the n-th call throws */
/* The invoker prologue's one flag: set while an exception is armed or
 * while calls are checked (the default; sim_set_invoke_checks). */
int sim_invoke_armed = 1;
static int invoke_checks = 1;

void sim_set_invoke_checks(int on)
{
    invoke_checks = on != 0;
    sim_invoke_armed = invoke_checks || (cells != NULL && cells->throw_next != NULL);
}

void sim_exceptions_init(void)
{
    if (cells != NULL)
        return;
    cells = sim_gc_alloc_root(sizeof *cells);
    cells->oom = sim_exception_new("System", "OutOfMemoryException",
                                   sim_literal("Insufficient memory to continue the execution of the program."));
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
    SimException *e = (SimException *)sim_object_alloc(k);
    if (e == NULL)
        return cells ? cells->oom : NULL;
    sim_gc_store((void **)&e->_message, msg);
    return (Il2CppException *)(void *)e;
}

void sim_raise_exception(Il2CppException *ex)
{
    sim_throw(ex ? ex : the_cells()->oom);
}

void sim_raise_string(const char *ns, const char *name, Il2CppString *msg)
{
    the_cells();
    sim_throw(sim_exception_new(ns, name, msg));
}

void sim_raise(const char *ns, const char *name, const char *msg)
{
    the_cells();
    Il2CppString *s = msg ? sim_string_lossy(msg, strlen(msg)) : NULL;
    sim_raise_string(ns, name, s);
}

void sim_raise_oom(void)
{
    sim_throw(the_cells()->oom);
}

Il2CppException *il2cpp_exception_from_name_msg(const Il2CppImage *image,
                                                const char *name_space,
                                                const char *name,
                                                const char *msg)
{
    (void)image;
    Il2CppString *s = msg ? sim_string_lossy(msg, strlen(msg)) : NULL;
    return sim_exception_new(name_space, name, s);
}

void sim_throw_next(const char *ns, const char *name, const char *msg)
{
    ExceptionCells *c = the_cells();
    Il2CppString *s = msg ? sim_string_lossy(msg, strlen(msg)) : NULL;
    sim_gc_store((void **)&c->throw_next, sim_exception_new(ns, name, s));
    sim_invoke_armed = 1;
}

/* ---- fault injection -------------------------------------------------------- */

static const char *const op_names[SIM_OP_COUNT] = {
    "object_new", "value_box", "string_new", "array_new", "class_init"};

int sim_fail_next(const char *op, int nth)
{
    for (int i = 0; i < SIM_OP_COUNT; i++)
        if (strcmp(op, op_names[i]) == 0) {
            fail_countdown[i] = nth > 0 ? nth : 0;
            return 1;
        }
    return 0;
}

void sim_fail_point(int op, const Il2CppClass *klass)
{
    if (fail_countdown[op] == 0 || --fail_countdown[op] != 0)
        return;
    /* Allocation fails with OutOfMemoryException; the operations that run
     * a static constructor fail the way a throwing one makes them. */
    if (op == SIM_OP_STRING_NEW || op == SIM_OP_ARRAY_NEW)
        sim_raise_oom();
    Il2CppString *msg = sim_string_printf("The type initializer for '%s' threw an exception.",
                                          klass ? klass->full_name : "?");
    sim_raise_string("System", "TypeInitializationException", msg);
}

/* ---- the invoker prologue --------------------------------------------------- */

void sim_crash(const char *fmt, const char *a, const char *b)
{
    /* where a player would crash (a segfault, a call through NULL): fail
     * loudly, so that no test can pass over it */
    fprintf(stderr, "sim: fatal: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    abort();
}

void sim_invoke_unusual(const MethodInfo *method, const void *obj)
{
    const SimMethod *m = sim_m(method);
    if (obj == NULL && !(m->flags & METHOD_ATTRIBUTE_STATIC))
        sim_crash("instance method %s::%s invoked with a null this "
                  "(IL2CPP's method bodies do not check it: a player crashes)",
                  m->klass->full_name, m->name);
    if (cells != NULL && cells->throw_next != NULL) {
        Il2CppException *e = cells->throw_next;
        cells->throw_next = NULL;
        sim_invoke_armed = invoke_checks;
        sim_throw(e);
    }
}

void sim_stub_before_call(const MethodInfo *method, const void *self)
{
    if (sim_invoke_armed)
        sim_invoke_unusual(method, self);
}

void sim_invoke_abstract(Il2CppMethodPointer fn, const MethodInfo *method, void *obj,
                         void **args, void *ret)
{
    (void)fn, (void)obj, (void)args, (void)ret;
    const SimMethod *m = sim_m(method);
    sim_crash("abstract method %s::%s invoked without virtual dispatch "
              "(a player calls through NULL)", m->klass->full_name, m->name);
}

void il2cpp_format_exception(const Il2CppException *ex, char *message,
                             int message_size)
{
    /* "Namespace.Name: message" (no ": message" without one), copied like
     * libil2cpp does, with strncpy: NOT NUL-terminated when truncated. */
    if (ex == NULL || message == NULL || message_size <= 0)
        return;
    Il2CppClass *k = ex->object.klass;
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

/*
 * sim_pointers.c -- methods whose methodPointer no direct call may take
 * (SimMethodDef.pointer), the runtime's answer to libzlua's question
 * (zlua_rt_method_direct), and the fixture class that has one of each:
 *
 *   public static class ZLuaTests.Pointers {
 *     public static int NoPointer(int a, int b);    // a * 10 + b; methodPointer NULL
 *     public static int Indirect(int a, int b);     // a * 10 + b; shared code
 *     public static int Unresolved(int a, int b);   // a * 10 + b; an unresolved call
 *     public static int Stripped(int a, int b);     // metadata only: no pointer, no invoker
 *   }
 *
 * As in IL2CPP, invoker_method reaches each correctly: a NULL pointer or
 * an unresolved-call stub is not called at all, shared code is called
 * with its own (shared) signature.  Calling methodPointer with the
 * method's signature instead crashes (NULL, or shared code reading the
 * arguments as addresses) or raises (the unresolved call).
 */
#include "zlua.h"

#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

#define VAL(T, i) (*(T *)args[i])

/* What IL2CPP 2022.3 puts where a generic instance has no code of its own:
 * a stub that raises.  The caller's arguments are never read. */
void sim_unresolved_call(void)
{
    sim_raise("System", "ExecutionEngineException",
              "unresolved call: no code was generated for this method");
}

/* (zlua_rt_method_direct is the runtime glue's: it reads the MethodInfo
 * bits above, as it reads libil2cpp's) */

/* a * 10 + b, the code behind all three */
static int32_t pointers_combine(int32_t a, int32_t b, const MethodInfo *m)
{
    (void)m;
    return a * 10 + b;
}

/* The code of a fully shared generic instance: every argument and the
 * result by address (IL2CPP's shared signature has this shape). */
static void pointers_shared(const void *a, const void *b, void *ret, const MethodInfo *m)
{
    *(int32_t *)ret = pointers_combine(*(const int32_t *)a, *(const int32_t *)b, m);
}

/* NoPointer, Unresolved: the invoker reaches the code itself */
SIM_INVOKER(sim_inv_ptr_own_code)
{
    (void)fn, (void)obj;
    *(int32_t *)ret = pointers_combine(VAL(int32_t, 0), VAL(int32_t, 1), m);
}

/* Indirect: the shared code, with its own signature */
SIM_INVOKER(sim_inv_ptr_shared)
{
    typedef void (*Fn)(const void *, const void *, void *, const MethodInfo *);
    (void)obj;
    ((Fn)fn)(args[0], args[1], ret, m);
}

#define I4(n) {"System.Int32", (n), NULL, NULL}

const SimMethodDef sim_methods_pointers[] = {
    {.name = "NoPointer", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {I4("a"), I4("b")}, .body = SIM_BODY(pointers_combine),
     .invoker = sim_inv_ptr_own_code, .pointer = SIM_POINTER_NULL},
    {.name = "Indirect", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {I4("a"), I4("b")}, .body = SIM_BODY(pointers_shared),
     .invoker = sim_inv_ptr_shared, .pointer = SIM_POINTER_INDIRECT},
    {.name = "Unresolved", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {I4("a"), I4("b")}, .body = SIM_BODY(pointers_combine),
     .invoker = sim_inv_ptr_own_code, .pointer = SIM_POINTER_UNRESOLVED},
    /* the body is there for the C# catalog's sake; the player has none */
    {.name = "Stripped", .flags = SIM_M_STATIC, .ret = "System.Int32",
     .params = {I4("a"), I4("b")}, .body = SIM_BODY(pointers_combine),
     .invoker = sim_inv_ptr_own_code, .pointer = SIM_POINTER_STRIPPED},
    {.name = NULL}};

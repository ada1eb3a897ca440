/*
 * sim_invokers.h -- one invoker per signature shape, like IL2CPP's
 * RuntimeInvoker_* functions.
 *
 * Name: sim_inv_<return>_<params>, with v void, b bool, u1 uint8_t,
 * c2 Il2CppChar, i4 int32_t, i8 int64_t, u8 uint64_t, r4 float, r8 double,
 * s Il2CppString*, o Il2CppObject*, a Il2CppArray*, P SimPoint2D,
 * T SimTagged, F SimFragile, V SimVector2, D SimMyDto, NI / NP / NV Nullable<int /
 * Point2D / Vector2>, pX a byref X (X*), ptr an unmanaged pointer
 * (int32_t*), I an IntPtr (intptr_t, a value type: args[i] points to it),
 * t the instance (`this`, void*).
 * Like IL2CPP's generated invokers (and Runtime::InvokeConvertArgs), a
 * pointer parameter's args[i] IS the pointer value, as for references.
 * Enums travel as their underlying integer (Color i4, Small u1, Wide i8).
 */
#ifndef ZLUA_SIM_INVOKERS_H
#define ZLUA_SIM_INVOKERS_H

#include "sim_internal.h"

#define SIM_INVOKER_DECL(name)                                              \
    void name(Il2CppMethodPointer fn, const MethodInfo *m, void *obj,      \
              void **args, void *ret)

/* The prologue every invoker runs: one load and a branch.  While calls
 * are checked (the default) a null `this` of an instance method crashes,
 * as in a player where the body dereferences it, and an armed exception
 * is thrown; the benchmark turns the checks off (sim_set_invoke_checks).
 * The checked path is a separate function the invoker tail-calls, so that
 * the unchecked path needs no frame of its own: it costs what IL2CPP's
 * generated invoker costs (load the arguments, call, store the result),
 * and the benchmark measures libzlua, not the simulation's checks. */
#if defined(__GNUC__)
#define SIM_NOINLINE __attribute__((noinline))
#else
#define SIM_NOINLINE
#endif

/* Defines invoker `name` with the prologue; the body follows the macro. */
#define SIM_INVOKER(name)                                                   \
    static inline void name##_body(Il2CppMethodPointer fn,                  \
                                   const MethodInfo *m, void *obj,          \
                                   void **args, void *ret);                 \
    static SIM_NOINLINE void name##_checked(Il2CppMethodPointer fn,         \
                                            const MethodInfo *m, void *obj, \
                                            void **args, void *ret)         \
    {                                                                       \
        sim_invoke_unusual(m, obj);                                         \
        name##_body(fn, m, obj, args, ret);                                 \
    }                                                                       \
    SIM_INVOKER_DECL(name)                                                  \
    {                                                                       \
        if (SIM_UNLIKELY(sim_invoke_armed)) {                               \
            name##_checked(fn, m, obj, args, ret);                          \
            return;                                                         \
        }                                                                   \
        name##_body(fn, m, obj, args, ret);                                 \
    }                                                                       \
    static inline void name##_body(Il2CppMethodPointer fn,                  \
                                   const MethodInfo *m, void *obj,          \
                                   void **args, void *ret)

SIM_INVOKER_DECL(sim_inv_i4_i4_i4);
SIM_INVOKER_DECL(sim_inv_i8_i8_i8);
SIM_INVOKER_DECL(sim_inv_r8_r8_r8);
SIM_INVOKER_DECL(sim_inv_u1_u1);
SIM_INVOKER_DECL(sim_inv_u8_u8);
SIM_INVOKER_DECL(sim_inv_c2_c2);
SIM_INVOKER_DECL(sim_inv_s_s_s);
SIM_INVOKER_DECL(sim_inv_b_b);
SIM_INVOKER_DECL(sim_inv_P_r4_r4);
SIM_INVOKER_DECL(sim_inv_r4_P);
SIM_INVOKER_DECL(sim_inv_T_i4_s);
SIM_INVOKER_DECL(sim_inv_s_T);
SIM_INVOKER_DECL(sim_inv_v_i4);
SIM_INVOKER_DECL(sim_inv_i4);
SIM_INVOKER_DECL(sim_inv_i8_i8);
SIM_INVOKER_DECL(sim_inv_o_i4);
SIM_INVOKER_DECL(sim_inv_NI_b);
SIM_INVOKER_DECL(sim_inv_i4_NI);
SIM_INVOKER_DECL(sim_inv_v_pi4);
SIM_INVOKER_DECL(sim_inv_v_pP_i4_i4);
SIM_INVOKER_DECL(sim_inv_v_pNP);
SIM_INVOKER_DECL(sim_inv_b_pNP);
SIM_INVOKER_DECL(sim_inv_v_ps);
SIM_INVOKER_DECL(sim_inv_b_s_pi4);
SIM_INVOKER_DECL(sim_inv_r4_pP);
SIM_INVOKER_DECL(sim_inv_r8_i4_r4_i8_r8);
SIM_INVOKER_DECL(sim_inv_r4_r4_r4);
SIM_INVOKER_DECL(sim_inv_r4_L);
SIM_INVOKER_DECL(sim_inv_i4_r4);
SIM_INVOKER_DECL(sim_inv_i4_T);
SIM_INVOKER_DECL(sim_inv_L_r4);
SIM_INVOKER_DECL(sim_inv_Dto_i4);
SIM_INVOKER_DECL(sim_inv_T_i4);
SIM_INVOKER_DECL(sim_inv_r4_r4_i4);
SIM_INVOKER_DECL(sim_inv_i4_Dto);
SIM_INVOKER_DECL(sim_inv_r4_r4_r4_s);
SIM_INVOKER_DECL(sim_inv_v_po);
SIM_INVOKER_DECL(sim_inv_i4_a);
SIM_INVOKER_DECL(sim_inv_i4_i4_a);
SIM_INVOKER_DECL(sim_inv_v_V);
SIM_INVOKER_DECL(sim_inv_V);
SIM_INVOKER_DECL(sim_inv_s_NV);
SIM_INVOKER_DECL(sim_inv_s_D);
SIM_INVOKER_DECL(sim_inv_D_i4_i4_s);
SIM_INVOKER_DECL(sim_inv_a_i4);
SIM_INVOKER_DECL(sim_inv_s_s);
SIM_INVOKER_DECL(sim_inv_s_i4);
SIM_INVOKER_DECL(sim_inv_s_r8);
SIM_INVOKER_DECL(sim_inv_s_P);
SIM_INVOKER_DECL(sim_inv_s_i4_i4);
SIM_INVOKER_DECL(sim_inv_v_s_P);
SIM_INVOKER_DECL(sim_inv_P_s_P);
SIM_INVOKER_DECL(sim_inv_i4_s_i4);
SIM_INVOKER_DECL(sim_inv_i4_s_s);
SIM_INVOKER_DECL(sim_inv_i4_i4);
SIM_INVOKER_DECL(sim_inv_v_P);
SIM_INVOKER_DECL(sim_inv_o_s);
SIM_INVOKER_DECL(sim_inv_o_o);
SIM_INVOKER_DECL(sim_inv_r4_o);
SIM_INVOKER_DECL(sim_inv_P);
SIM_INVOKER_DECL(sim_inv_v_t);
SIM_INVOKER_DECL(sim_inv_b_t_o);
SIM_INVOKER_DECL(sim_inv_i4_t);
SIM_INVOKER_DECL(sim_inv_s_t);
SIM_INVOKER_DECL(sim_inv_c2_t_i4);
SIM_INVOKER_DECL(sim_inv_v_t_s);
SIM_INVOKER_DECL(sim_inv_i4_t_i4);
SIM_INVOKER_DECL(sim_inv_o_t_i4);
SIM_INVOKER_DECL(sim_inv_o_t_i4_i4_o_o);
SIM_INVOKER_DECL(sim_inv_i4_t_o);
SIM_INVOKER_DECL(sim_inv_v_t_o_i4);
SIM_INVOKER_DECL(sim_inv_v_t_i4);
SIM_INVOKER_DECL(sim_inv_b_t);
SIM_INVOKER_DECL(sim_inv_v_t_P);
SIM_INVOKER_DECL(sim_inv_P_t);
SIM_INVOKER_DECL(sim_inv_v_t_V);
SIM_INVOKER_DECL(sim_inv_V_t);
SIM_INVOKER_DECL(sim_inv_v_t_r4_r4);
SIM_INVOKER_DECL(sim_inv_r4_t);
SIM_INVOKER_DECL(sim_inv_v_t_r4);
SIM_INVOKER_DECL(sim_inv_v_t_i4_s);
SIM_INVOKER_DECL(sim_inv_i4_s);
SIM_INVOKER_DECL(sim_inv_v_s);
SIM_INVOKER_DECL(sim_inv_F_i4);
SIM_INVOKER_DECL(sim_inv_ptr);
SIM_INVOKER_DECL(sim_inv_i4_ptr_i4);
SIM_INVOKER_DECL(sim_inv_v_ptr_i4_i4);
SIM_INVOKER_DECL(sim_inv_NB_NB);

/* second milestone */
SIM_INVOKER_DECL(sim_inv_o);
SIM_INVOKER_DECL(sim_inv_a);
SIM_INVOKER_DECL(sim_inv_s_o);
SIM_INVOKER_DECL(sim_inv_b_o_o);
SIM_INVOKER_DECL(sim_inv_o_o_o);
SIM_INVOKER_DECL(sim_inv_i4_o_i4);
SIM_INVOKER_DECL(sim_inv_s_o_i4);
SIM_INVOKER_DECL(sim_inv_i4_o_i4_i4);
SIM_INVOKER_DECL(sim_inv_r4_o_P);
SIM_INVOKER_DECL(sim_inv_r4_a);
SIM_INVOKER_DECL(sim_inv_o_a);
SIM_INVOKER_DECL(sim_inv_P_a);
SIM_INVOKER_DECL(sim_inv_a_i4_i4);
SIM_INVOKER_DECL(sim_inv_v_t_o);
SIM_INVOKER_DECL(sim_inv_v_t_o_I);
SIM_INVOKER_DECL(sim_inv_i4_t_i4_i4);
SIM_INVOKER_DECL(sim_inv_r4_t_P);

/* the everyday C# surface */
SIM_INVOKER_DECL(sim_inv_V_V_V);
SIM_INVOKER_DECL(sim_inv_V_V_r4);
SIM_INVOKER_DECL(sim_inv_V_r4_V);
SIM_INVOKER_DECL(sim_inv_V_V);
SIM_INVOKER_DECL(sim_inv_b_V_V);
SIM_INVOKER_DECL(sim_inv_v_t_i4_i4);
SIM_INVOKER_DECL(sim_inv_s_t_s);
SIM_INVOKER_DECL(sim_inv_v_t_s_s);
SIM_INVOKER_DECL(sim_inv_v_o_i4);
SIM_INVOKER_DECL(sim_inv_i4_o);   /* collections (R-COLL-1) */
SIM_INVOKER_DECL(sim_inv_o_t);

#endif /* ZLUA_SIM_INVOKERS_H */

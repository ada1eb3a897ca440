/*
 * sim_invokers.c -- the invokers (MethodInfo::invoker_method).
 *
 * IL2CPP's invoker shape: args[i] points to the value of a value-type
 * parameter, IS the object pointer of a reference-type parameter, IS the
 * pointer value of a pointer parameter (int*), and is the slot address of
 * a byref parameter; the result is written unboxed to ret (a reference or
 * pointer result as the pointer itself).  obj is `this` as the
 * method pointer expects it: the object for reference types, the unboxed
 * payload for value-type methods.  Every method pointer is cast back to
 * exactly the type of its body.
 */
#include "sim_fixtures.h"
#include "sim_invokers.h"

#define VAL(T, i) (*(T *)args[i])  /* value-type parameter */
#define REF(T, i) ((T)args[i])     /* reference, pointer or byref parameter */

SIM_INVOKER(sim_inv_i4_i4_i4)
{
    typedef int32_t (*Fn)(int32_t, int32_t, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(int32_t, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_i8_i8_i8)
{
    typedef int64_t (*Fn)(int64_t, int64_t, const MethodInfo *);
    (void)obj;
    *(int64_t *)ret = ((Fn)fn)(VAL(int64_t, 0), VAL(int64_t, 1), m);
}

SIM_INVOKER(sim_inv_r8_r8_r8)
{
    typedef double (*Fn)(double, double, const MethodInfo *);
    (void)obj;
    *(double *)ret = ((Fn)fn)(VAL(double, 0), VAL(double, 1), m);
}

SIM_INVOKER(sim_inv_u1_u1)
{
    typedef uint8_t (*Fn)(uint8_t, const MethodInfo *);
    (void)obj;
    *(uint8_t *)ret = ((Fn)fn)(VAL(uint8_t, 0), m);
}

SIM_INVOKER(sim_inv_u8_u8)
{
    typedef uint64_t (*Fn)(uint64_t, const MethodInfo *);
    (void)obj;
    *(uint64_t *)ret = ((Fn)fn)(VAL(uint64_t, 0), m);
}

SIM_INVOKER(sim_inv_c2_c2)
{
    typedef Il2CppChar (*Fn)(Il2CppChar, const MethodInfo *);
    (void)obj;
    *(Il2CppChar *)ret = ((Fn)fn)(VAL(Il2CppChar, 0), m);
}

SIM_INVOKER(sim_inv_s_s_s)
{
    typedef Il2CppString * (*Fn)(Il2CppString *, Il2CppString *, const MethodInfo *);
    (void)obj;
    *(Il2CppString * *)ret = ((Fn)fn)(
        REF(Il2CppString *, 0), REF(Il2CppString *, 1), m);
}

SIM_INVOKER(sim_inv_b_b)
{
    typedef bool (*Fn)(bool, const MethodInfo *);
    (void)obj;
    *(bool *)ret = ((Fn)fn)(VAL(bool, 0), m);
}

SIM_INVOKER(sim_inv_P_r4_r4)
{
    typedef SimPoint2D (*Fn)(float, float, const MethodInfo *);
    (void)obj;
    *(SimPoint2D *)ret = ((Fn)fn)(VAL(float, 0), VAL(float, 1), m);
}

SIM_INVOKER(sim_inv_r4_P)
{
    typedef float (*Fn)(SimPoint2D, const MethodInfo *);
    (void)obj;
    *(float *)ret = ((Fn)fn)(VAL(SimPoint2D, 0), m);
}

SIM_INVOKER(sim_inv_T_i4_s)
{
    typedef SimTagged (*Fn)(int32_t, Il2CppString *, const MethodInfo *);
    (void)obj;
    *(SimTagged *)ret = ((Fn)fn)(VAL(int32_t, 0), REF(Il2CppString *, 1), m);
}

SIM_INVOKER(sim_inv_s_T)
{
    typedef Il2CppString * (*Fn)(SimTagged, const MethodInfo *);
    (void)obj;
    *(Il2CppString * *)ret = ((Fn)fn)(VAL(SimTagged, 0), m);
}

SIM_INVOKER(sim_inv_v_i4)
{
    typedef void (*Fn)(int32_t, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_i4)
{
    typedef int32_t (*Fn)(const MethodInfo *);
    (void)obj;
    (void)args;
    *(int32_t *)ret = ((Fn)fn)(m);
}

SIM_INVOKER(sim_inv_i8_i8)
{
    typedef int64_t (*Fn)(int64_t, const MethodInfo *);
    (void)obj;
    *(int64_t *)ret = ((Fn)fn)(VAL(int64_t, 0), m);
}

SIM_INVOKER(sim_inv_o_i4)
{
    typedef Il2CppObject * (*Fn)(int32_t, const MethodInfo *);
    (void)obj;
    *(Il2CppObject * *)ret = ((Fn)fn)(VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_NI_b)
{
    typedef SimNullableInt32 (*Fn)(bool, const MethodInfo *);
    (void)obj;
    *(SimNullableInt32 *)ret = ((Fn)fn)(VAL(bool, 0), m);
}

SIM_INVOKER(sim_inv_i4_NI)
{
    typedef int32_t (*Fn)(SimNullableInt32, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(SimNullableInt32, 0), m);
}

SIM_INVOKER(sim_inv_NB_NB)
{
    typedef SimNullableBoolean (*Fn)(SimNullableBoolean, const MethodInfo *);
    (void)obj;
    *(SimNullableBoolean *)ret = ((Fn)fn)(VAL(SimNullableBoolean, 0), m);
}

SIM_INVOKER(sim_inv_v_pi4)
{
    typedef void (*Fn)(int32_t *, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(REF(int32_t *, 0), m);
}

SIM_INVOKER(sim_inv_v_pP_i4_i4)
{
    typedef void (*Fn)(SimPoint2D *, int32_t, int32_t, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(REF(SimPoint2D *, 0), VAL(int32_t, 1), VAL(int32_t, 2), m);
}

SIM_INVOKER(sim_inv_v_pNP)
{
    typedef void (*Fn)(SimNullablePoint2D *, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(REF(SimNullablePoint2D *, 0), m);
}

SIM_INVOKER(sim_inv_b_pNP)
{
    typedef bool (*Fn)(SimNullablePoint2D *, const MethodInfo *);
    (void)obj;
    *(bool *)ret = ((Fn)fn)(REF(SimNullablePoint2D *, 0), m);
}

SIM_INVOKER(sim_inv_v_ps)
{
    typedef void (*Fn)(Il2CppString **, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(REF(Il2CppString **, 0), m);
}

SIM_INVOKER(sim_inv_b_s_pi4)
{
    typedef bool (*Fn)(Il2CppString *, int32_t *, const MethodInfo *);
    (void)obj;
    *(bool *)ret = ((Fn)fn)(REF(Il2CppString *, 0), REF(int32_t *, 1), m);
}

SIM_INVOKER(sim_inv_L_r4)
{
    typedef SimLine (*Fn)(float, const MethodInfo *);
    (void)obj;
    *(SimLine *)ret = ((Fn)fn)(VAL(float, 0), m);
}

SIM_INVOKER(sim_inv_Dto_i4)
{
    typedef SimMyDto (*Fn)(int32_t, const MethodInfo *);
    (void)obj;
    *(SimMyDto *)ret = ((Fn)fn)(VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_T_i4)
{
    typedef SimTagged (*Fn)(int32_t, const MethodInfo *);
    (void)obj;
    *(SimTagged *)ret = ((Fn)fn)(VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_r4_r4_i4)
{
    typedef float (*Fn)(float, int32_t, const MethodInfo *);
    (void)obj;
    *(float *)ret = ((Fn)fn)(VAL(float, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_i4_T)
{
    typedef int32_t (*Fn)(SimTagged, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(SimTagged, 0), m);
}

SIM_INVOKER(sim_inv_i4_r4)
{
    typedef int32_t (*Fn)(float, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(float, 0), m);
}

SIM_INVOKER(sim_inv_r4_L)
{
    typedef float (*Fn)(SimLine, const MethodInfo *);
    (void)obj;
    *(float *)ret = ((Fn)fn)(VAL(SimLine, 0), m);
}

SIM_INVOKER(sim_inv_i4_Dto)
{
    typedef int32_t (*Fn)(SimMyDto, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(SimMyDto, 0), m);
}

SIM_INVOKER(sim_inv_r4_r4_r4_s)
{
    typedef float (*Fn)(float, float, Il2CppString *, const MethodInfo *);
    (void)obj;
    *(float *)ret = ((Fn)fn)(VAL(float, 0), VAL(float, 1), REF(Il2CppString *, 2), m);
}

SIM_INVOKER(sim_inv_r4_r4_r4)
{
    typedef float (*Fn)(float, float, const MethodInfo *);
    (void)obj;
    *(float *)ret = ((Fn)fn)(VAL(float, 0), VAL(float, 1), m);
}

SIM_INVOKER(sim_inv_r8_i4_r4_i8_r8)
{
    typedef double (*Fn)(int32_t, float, int64_t, double, const MethodInfo *);
    (void)obj;
    *(double *)ret = ((Fn)fn)(VAL(int32_t, 0), VAL(float, 1), VAL(int64_t, 2), VAL(double, 3), m);
}

SIM_INVOKER(sim_inv_r4_pP)
{
    typedef float (*Fn)(SimPoint2D *, const MethodInfo *);
    (void)obj;
    *(float *)ret = ((Fn)fn)(REF(SimPoint2D *, 0), m);
}

SIM_INVOKER(sim_inv_v_po)
{
    typedef void (*Fn)(Il2CppObject **, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(REF(Il2CppObject **, 0), m);
}

SIM_INVOKER(sim_inv_i4_a)
{
    typedef int32_t (*Fn)(Il2CppArray *, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(REF(Il2CppArray *, 0), m);
}

SIM_INVOKER(sim_inv_i4_i4_a)
{
    typedef int32_t (*Fn)(int32_t, Il2CppArray *, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(int32_t, 0), REF(Il2CppArray *, 1), m);
}

SIM_INVOKER(sim_inv_v_V)
{
    typedef void (*Fn)(SimVector2, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(VAL(SimVector2, 0), m);
}

SIM_INVOKER(sim_inv_V)
{
    typedef SimVector2 (*Fn)(const MethodInfo *);
    (void)obj;
    (void)args;
    *(SimVector2 *)ret = ((Fn)fn)(m);
}

SIM_INVOKER(sim_inv_s_NV)
{
    typedef Il2CppString * (*Fn)(SimNullableVector2, const MethodInfo *);
    (void)obj;
    *(Il2CppString * *)ret = ((Fn)fn)(VAL(SimNullableVector2, 0), m);
}

SIM_INVOKER(sim_inv_s_D)
{
    typedef Il2CppString * (*Fn)(SimMyDto, const MethodInfo *);
    (void)obj;
    *(Il2CppString * *)ret = ((Fn)fn)(VAL(SimMyDto, 0), m);
}

SIM_INVOKER(sim_inv_D_i4_i4_s)
{
    typedef SimMyDto (*Fn)(int32_t, int32_t, Il2CppString *, const MethodInfo *);
    (void)obj;
    *(SimMyDto *)ret = ((Fn)fn)(
        VAL(int32_t, 0), VAL(int32_t, 1), REF(Il2CppString *, 2), m);
}

SIM_INVOKER(sim_inv_a_i4)
{
    typedef Il2CppArray * (*Fn)(int32_t, const MethodInfo *);
    (void)obj;
    *(Il2CppArray * *)ret = ((Fn)fn)(VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_s_s)
{
    typedef Il2CppString * (*Fn)(Il2CppString *, const MethodInfo *);
    (void)obj;
    *(Il2CppString * *)ret = ((Fn)fn)(REF(Il2CppString *, 0), m);
}

SIM_INVOKER(sim_inv_s_i4)
{
    typedef Il2CppString * (*Fn)(int32_t, const MethodInfo *);
    (void)obj;
    *(Il2CppString * *)ret = ((Fn)fn)(VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_s_r8)
{
    typedef Il2CppString * (*Fn)(double, const MethodInfo *);
    (void)obj;
    *(Il2CppString * *)ret = ((Fn)fn)(VAL(double, 0), m);
}

SIM_INVOKER(sim_inv_s_P)
{
    typedef Il2CppString * (*Fn)(SimPoint2D, const MethodInfo *);
    (void)obj;
    *(Il2CppString * *)ret = ((Fn)fn)(VAL(SimPoint2D, 0), m);
}

SIM_INVOKER(sim_inv_s_i4_i4)
{
    typedef Il2CppString * (*Fn)(int32_t, int32_t, const MethodInfo *);
    (void)obj;
    *(Il2CppString * *)ret = ((Fn)fn)(VAL(int32_t, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_v_s_P)
{
    typedef void (*Fn)(Il2CppString *, SimPoint2D, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(REF(Il2CppString *, 0), VAL(SimPoint2D, 1), m);
}

SIM_INVOKER(sim_inv_P_s_P)
{
    typedef SimPoint2D (*Fn)(Il2CppString *, SimPoint2D, const MethodInfo *);
    (void)obj;
    *(SimPoint2D *)ret = ((Fn)fn)(
        REF(Il2CppString *, 0), VAL(SimPoint2D, 1), m);
}

SIM_INVOKER(sim_inv_i4_s_i4)
{
    typedef int32_t (*Fn)(Il2CppString *, int32_t, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(REF(Il2CppString *, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_i4_s_s)
{
    typedef int32_t (*Fn)(Il2CppString *, Il2CppString *, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(
        REF(Il2CppString *, 0), REF(Il2CppString *, 1), m);
}

SIM_INVOKER(sim_inv_i4_i4)
{
    typedef int32_t (*Fn)(int32_t, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(VAL(int32_t, 0), m);
}

/* Unmanaged pointers: args[i] is the pointer, never the address of a
 * slot holding it, so a caller that passes the slot makes the body read
 * the caller's stack instead of the buffer. */
SIM_INVOKER(sim_inv_ptr)
{
    typedef int32_t *(*Fn)(const MethodInfo *);
    (void)obj;
    (void)args;
    *(int32_t **)ret = ((Fn)fn)(m);
}

SIM_INVOKER(sim_inv_i4_ptr_i4)
{
    typedef int32_t (*Fn)(int32_t *, int32_t, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(REF(int32_t *, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_v_ptr_i4_i4)
{
    typedef void (*Fn)(int32_t *, int32_t, int32_t, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(REF(int32_t *, 0), VAL(int32_t, 1), VAL(int32_t, 2), m);
}

SIM_INVOKER(sim_inv_v_P)
{
    typedef void (*Fn)(SimPoint2D, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(VAL(SimPoint2D, 0), m);
}

SIM_INVOKER(sim_inv_o_s)
{
    typedef Il2CppObject * (*Fn)(Il2CppString *, const MethodInfo *);
    (void)obj;
    *(Il2CppObject * *)ret = ((Fn)fn)(REF(Il2CppString *, 0), m);
}

SIM_INVOKER(sim_inv_o_o)
{
    typedef Il2CppObject * (*Fn)(Il2CppObject *, const MethodInfo *);
    (void)obj;
    *(Il2CppObject * *)ret = ((Fn)fn)(REF(Il2CppObject *, 0), m);
}

SIM_INVOKER(sim_inv_r4_o)
{
    typedef float (*Fn)(Il2CppObject *, const MethodInfo *);
    (void)obj;
    *(float *)ret = ((Fn)fn)(REF(Il2CppObject *, 0), m);
}

SIM_INVOKER(sim_inv_P)
{
    typedef SimPoint2D (*Fn)(const MethodInfo *);
    (void)obj;
    (void)args;
    *(SimPoint2D *)ret = ((Fn)fn)(m);
}

SIM_INVOKER(sim_inv_v_t)
{
    typedef void (*Fn)(void *, const MethodInfo *);
    (void)args;
    (void)ret;
    ((Fn)fn)(obj, m);
}

SIM_INVOKER(sim_inv_b_t_o)
{
    typedef bool (*Fn)(void *, Il2CppObject *, const MethodInfo *);
    *(bool *)ret = ((Fn)fn)(obj, REF(Il2CppObject *, 0), m);
}

SIM_INVOKER(sim_inv_i4_t)
{
    typedef int32_t (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(int32_t *)ret = ((Fn)fn)(obj, m);
}

SIM_INVOKER(sim_inv_s_t)
{
    typedef Il2CppString * (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(Il2CppString * *)ret = ((Fn)fn)(obj, m);
}

SIM_INVOKER(sim_inv_c2_t_i4)
{
    typedef Il2CppChar (*Fn)(void *, int32_t, const MethodInfo *);
    *(Il2CppChar *)ret = ((Fn)fn)(obj, VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_v_t_s)
{
    typedef void (*Fn)(void *, Il2CppString *, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, REF(Il2CppString *, 0), m);
}

SIM_INVOKER(sim_inv_i4_t_i4)
{
    typedef int32_t (*Fn)(void *, int32_t, const MethodInfo *);
    *(int32_t *)ret = ((Fn)fn)(obj, VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_o_t_i4)
{
    typedef Il2CppObject * (*Fn)(void *, int32_t, const MethodInfo *);
    *(Il2CppObject * *)ret = ((Fn)fn)(obj, VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_o_t_i4_i4_o_o)
{
    typedef Il2CppObject *(*Fn)(void *, int32_t, int32_t, Il2CppObject *, Il2CppObject *,
                                const MethodInfo *);
    *(Il2CppObject **)ret = ((Fn)fn)(obj, VAL(int32_t, 0), VAL(int32_t, 1),
                                     REF(Il2CppObject *, 2), REF(Il2CppObject *, 3), m);
}

SIM_INVOKER(sim_inv_i4_t_o)
{
    typedef int32_t (*Fn)(void *, Il2CppObject *, const MethodInfo *);
    *(int32_t *)ret = ((Fn)fn)(obj, REF(Il2CppObject *, 0), m);
}

SIM_INVOKER(sim_inv_v_t_o_i4)
{
    typedef void (*Fn)(void *, Il2CppObject *, int32_t, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, REF(Il2CppObject *, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_v_t_i4)
{
    typedef void (*Fn)(void *, int32_t, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, VAL(int32_t, 0), m);
}

SIM_INVOKER(sim_inv_b_t)
{
    typedef bool (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(bool *)ret = ((Fn)fn)(obj, m);
}

SIM_INVOKER(sim_inv_v_t_P)
{
    typedef void (*Fn)(void *, SimPoint2D, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, VAL(SimPoint2D, 0), m);
}

SIM_INVOKER(sim_inv_P_t)
{
    typedef SimPoint2D (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(SimPoint2D *)ret = ((Fn)fn)(obj, m);
}

SIM_INVOKER(sim_inv_v_t_V)
{
    typedef void (*Fn)(void *, SimVector2, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, VAL(SimVector2, 0), m);
}

SIM_INVOKER(sim_inv_V_t)
{
    typedef SimVector2 (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(SimVector2 *)ret = ((Fn)fn)(obj, m);
}

SIM_INVOKER(sim_inv_v_t_r4_r4)
{
    typedef void (*Fn)(void *, float, float, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, VAL(float, 0), VAL(float, 1), m);
}

SIM_INVOKER(sim_inv_r4_t)
{
    typedef float (*Fn)(void *, const MethodInfo *);
    (void)args;
    *(float *)ret = ((Fn)fn)(obj, m);
}

SIM_INVOKER(sim_inv_v_t_r4)
{
    typedef void (*Fn)(void *, float, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, VAL(float, 0), m);
}

SIM_INVOKER(sim_inv_v_t_i4_s)
{
    typedef void (*Fn)(void *, int32_t, Il2CppString *, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, VAL(int32_t, 0), REF(Il2CppString *, 1), m);
}

SIM_INVOKER(sim_inv_i4_s)
{
    typedef int32_t (*Fn)(Il2CppString *, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(REF(Il2CppString *, 0), m);
}

SIM_INVOKER(sim_inv_v_s)
{
    typedef void (*Fn)(Il2CppString *, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(REF(Il2CppString *, 0), m);
}

SIM_INVOKER(sim_inv_F_i4)
{
    typedef SimFragile (*Fn)(int32_t, const MethodInfo *);
    (void)obj;
    *(SimFragile *)ret = ((Fn)fn)(VAL(int32_t, 0), m);
}

/* ---- second milestone: shapes, delegates, arrays, objects ---------------------- */

SIM_INVOKER(sim_inv_o)
{
    typedef Il2CppObject *(*Fn)(const MethodInfo *);
    (void)obj;
    (void)args;
    *(Il2CppObject **)ret = ((Fn)fn)(m);
}

SIM_INVOKER(sim_inv_a)
{
    typedef Il2CppArray *(*Fn)(const MethodInfo *);
    (void)obj;
    (void)args;
    *(Il2CppArray **)ret = ((Fn)fn)(m);
}

SIM_INVOKER(sim_inv_s_o)
{
    typedef Il2CppString *(*Fn)(Il2CppObject *, const MethodInfo *);
    (void)obj;
    *(Il2CppString **)ret = ((Fn)fn)(REF(Il2CppObject *, 0), m);
}

SIM_INVOKER(sim_inv_b_o_o)
{
    typedef bool (*Fn)(Il2CppObject *, Il2CppObject *, const MethodInfo *);
    (void)obj;
    *(bool *)ret = ((Fn)fn)(REF(Il2CppObject *, 0), REF(Il2CppObject *, 1), m);
}

SIM_INVOKER(sim_inv_o_o_o)
{
    typedef Il2CppObject *(*Fn)(Il2CppObject *, Il2CppObject *, const MethodInfo *);
    (void)obj;
    *(Il2CppObject **)ret = ((Fn)fn)(REF(Il2CppObject *, 0), REF(Il2CppObject *, 1), m);
}

SIM_INVOKER(sim_inv_i4_o_i4)
{
    typedef int32_t (*Fn)(Il2CppObject *, int32_t, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(REF(Il2CppObject *, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_s_o_i4)
{
    typedef Il2CppString *(*Fn)(Il2CppObject *, int32_t, const MethodInfo *);
    (void)obj;
    *(Il2CppString **)ret = ((Fn)fn)(REF(Il2CppObject *, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_i4_o_i4_i4)
{
    typedef int32_t (*Fn)(Il2CppObject *, int32_t, int32_t, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(REF(Il2CppObject *, 0), VAL(int32_t, 1),
                               VAL(int32_t, 2), m);
}

SIM_INVOKER(sim_inv_r4_o_P)
{
    typedef float (*Fn)(Il2CppObject *, SimPoint2D, const MethodInfo *);
    (void)obj;
    *(float *)ret = ((Fn)fn)(REF(Il2CppObject *, 0), VAL(SimPoint2D, 1), m);
}

SIM_INVOKER(sim_inv_r4_a)
{
    typedef float (*Fn)(Il2CppArray *, const MethodInfo *);
    (void)obj;
    *(float *)ret = ((Fn)fn)(REF(Il2CppArray *, 0), m);
}

SIM_INVOKER(sim_inv_a_i4_i4)
{
    typedef Il2CppArray *(*Fn)(int32_t, int32_t, const MethodInfo *);
    (void)obj;
    *(Il2CppArray **)ret = ((Fn)fn)(VAL(int32_t, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_v_t_o)
{
    typedef void (*Fn)(void *, Il2CppObject *, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, REF(Il2CppObject *, 0), m);
}

/* a delegate constructor: (object target, IntPtr method); IntPtr is a
 * value type, so args[1] points to it */
SIM_INVOKER(sim_inv_v_t_o_I)
{
    typedef void (*Fn)(void *, Il2CppObject *, intptr_t, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, REF(Il2CppObject *, 0), VAL(intptr_t, 1), m);
}

SIM_INVOKER(sim_inv_i4_t_i4_i4)
{
    typedef int32_t (*Fn)(void *, int32_t, int32_t, const MethodInfo *);
    *(int32_t *)ret = ((Fn)fn)(obj, VAL(int32_t, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_r4_t_P)
{
    typedef float (*Fn)(void *, SimPoint2D, const MethodInfo *);
    *(float *)ret = ((Fn)fn)(obj, VAL(SimPoint2D, 0), m);
}

/* ---- the everyday C# surface --------------------------------------- */

SIM_INVOKER(sim_inv_V_V_V)
{
    typedef SimVector2 (*Fn)(SimVector2, SimVector2, const MethodInfo *);
    (void)obj;
    *(SimVector2 *)ret = ((Fn)fn)(VAL(SimVector2, 0), VAL(SimVector2, 1), m);
}

SIM_INVOKER(sim_inv_V_V_r4)
{
    typedef SimVector2 (*Fn)(SimVector2, float, const MethodInfo *);
    (void)obj;
    *(SimVector2 *)ret = ((Fn)fn)(VAL(SimVector2, 0), VAL(float, 1), m);
}

SIM_INVOKER(sim_inv_V_r4_V)
{
    typedef SimVector2 (*Fn)(float, SimVector2, const MethodInfo *);
    (void)obj;
    *(SimVector2 *)ret = ((Fn)fn)(VAL(float, 0), VAL(SimVector2, 1), m);
}

SIM_INVOKER(sim_inv_V_V)
{
    typedef SimVector2 (*Fn)(SimVector2, const MethodInfo *);
    (void)obj;
    *(SimVector2 *)ret = ((Fn)fn)(VAL(SimVector2, 0), m);
}

SIM_INVOKER(sim_inv_b_V_V)
{
    typedef bool (*Fn)(SimVector2, SimVector2, const MethodInfo *);
    (void)obj;
    *(bool *)ret = ((Fn)fn)(VAL(SimVector2, 0), VAL(SimVector2, 1), m);
}

SIM_INVOKER(sim_inv_v_t_i4_i4)
{
    typedef void (*Fn)(void *, int32_t, int32_t, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, VAL(int32_t, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_s_t_s)
{
    typedef Il2CppString *(*Fn)(void *, Il2CppString *, const MethodInfo *);
    *(Il2CppString **)ret = ((Fn)fn)(obj, REF(Il2CppString *, 0), m);
}

SIM_INVOKER(sim_inv_v_t_s_s)
{
    typedef void (*Fn)(void *, Il2CppString *, Il2CppString *, const MethodInfo *);
    (void)ret;
    ((Fn)fn)(obj, REF(Il2CppString *, 0), REF(Il2CppString *, 1), m);
}

SIM_INVOKER(sim_inv_v_o_i4)
{
    typedef void (*Fn)(Il2CppObject *, int32_t, const MethodInfo *);
    (void)obj;
    (void)ret;
    ((Fn)fn)(REF(Il2CppObject *, 0), VAL(int32_t, 1), m);
}

/* R-GEN-1: Demo.First<T>'s instantiations (sim_generics.c) */
SIM_INVOKER(sim_inv_o_a)
{
    typedef Il2CppObject *(*Fn)(Il2CppArray *, const MethodInfo *);
    (void)obj;
    *(Il2CppObject **)ret = ((Fn)fn)(REF(Il2CppArray *, 0), m);
}

SIM_INVOKER(sim_inv_P_a)
{
    typedef SimPoint2D (*Fn)(Il2CppArray *, const MethodInfo *);
    (void)obj;
    *(SimPoint2D *)ret = ((Fn)fn)(REF(Il2CppArray *, 0), m);
}

/* ---- collections (R-COLL-1) ---- */

SIM_INVOKER(sim_inv_i4_o)
{
    typedef int32_t (*Fn)(Il2CppObject *, const MethodInfo *);
    (void)obj;
    *(int32_t *)ret = ((Fn)fn)(REF(Il2CppObject *, 0), m);
}

SIM_INVOKER(sim_inv_o_t)
{
    typedef Il2CppObject *(*Fn)(void *, const MethodInfo *);
    (void)args;
    *(Il2CppObject **)ret = ((Fn)fn)(obj, m);
}

/*
 * sim_bodies_abi.c -- ZLuaTests.Abi (sim_catalog_tests.c): methods taking
 * and returning, by value and by ref, the structs whose layout a calling
 * convention treats specially (sim_fixtures.h).  Real C functions with
 * the structs by value in their signatures and IL2CPP's convention (the
 * arguments, then the const MethodInfo *), so a stub that declares one
 * of these structs otherwise than IL2CPP does passes garbage here.  The
 * C#-calls-Lua methods (Invoke*) are in sim_bodies_ic.c.
 */
#include "sim_fixtures.h"
#include "sim_invokers.h"
#include "sim_tables.h"

#define VAL(T, i) (*(T *)args[i])  /* value-type parameter: args[i] points to it */

/* Sum(v): the fields added as doubles; Next(v): each field + 1 (by value
 * in and out); Bump(ref v): each field + 1 in place. */

static SimFloatDouble abi_make_fd(float a, double b, const MethodInfo *m)
{
    (void)m;
    return (SimFloatDouble){a, b};
}
static double abi_sum_fd(SimFloatDouble v, const MethodInfo *m)
{
    (void)m;
    return (double)v.a + v.b;
}
static SimFloatDouble abi_next_fd(SimFloatDouble v, const MethodInfo *m)
{
    (void)m;
    return (SimFloatDouble){v.a + 1, v.b + 1};
}
static void abi_bump_fd(SimFloatDouble *v, const MethodInfo *m)
{
    (void)m;
    v->a += 1, v->b += 1;
}

static SimIntFloat abi_make_intf(int32_t a, float b, const MethodInfo *m)
{
    (void)m;
    return (SimIntFloat){a, b};
}
static double abi_sum_intf(SimIntFloat v, const MethodInfo *m)
{
    (void)m;
    return (double)v.a + v.b;
}
static SimIntFloat abi_next_intf(SimIntFloat v, const MethodInfo *m)
{
    (void)m;
    return (SimIntFloat){v.a + 1, v.b + 1};
}
static void abi_bump_intf(SimIntFloat *v, const MethodInfo *m)
{
    (void)m;
    v->a += 1, v->b += 1;
}

static SimByteFloatByte abi_make_bfb(uint8_t a, float b, uint8_t c, const MethodInfo *m)
{
    (void)m;
    return (SimByteFloatByte){a, b, c};
}
static double abi_sum_bfb(SimByteFloatByte v, const MethodInfo *m)
{
    (void)m;
    return (double)v.a + v.b + v.c;
}
static SimByteFloatByte abi_next_bfb(SimByteFloatByte v, const MethodInfo *m)
{
    (void)m;
    return (SimByteFloatByte){(uint8_t)(v.a + 1), v.b + 1, (uint8_t)(v.c + 1)};
}
static void abi_bump_bfb(SimByteFloatByte *v, const MethodInfo *m)
{
    (void)m;
    v->a = (uint8_t)(v->a + 1), v->b += 1, v->c = (uint8_t)(v->c + 1);
}

static SimDoubleFloatFloat abi_make_dff(double a, float b, float c, const MethodInfo *m)
{
    (void)m;
    return (SimDoubleFloatFloat){a, b, c};
}
static double abi_sum_dff(SimDoubleFloatFloat v, const MethodInfo *m)
{
    (void)m;
    return v.a + v.b + v.c;
}
static SimDoubleFloatFloat abi_next_dff(SimDoubleFloatFloat v, const MethodInfo *m)
{
    (void)m;
    return (SimDoubleFloatFloat){v.a + 1, v.b + 1, v.c + 1};
}
static void abi_bump_dff(SimDoubleFloatFloat *v, const MethodInfo *m)
{
    (void)m;
    v->a += 1, v->b += 1, v->c += 1;
}

static SimNested abi_make_nested(int32_t a, float b, float x, float y, const MethodInfo *m)
{
    (void)m;
    return (SimNested){{a, b}, x, y};
}
static double abi_sum_nested(SimNested v, const MethodInfo *m)
{
    (void)m;
    return (double)v.head.a + v.head.b + v.x + v.y;
}
static SimNested abi_next_nested(SimNested v, const MethodInfo *m)
{
    (void)m;
    return (SimNested){{v.head.a + 1, v.head.b + 1}, v.x + 1, v.y + 1};
}
static void abi_bump_nested(SimNested *v, const MethodInfo *m)
{
    (void)m;
    v->head.a += 1, v->head.b += 1, v->x += 1, v->y += 1;
}

static SimSized sized_of(float a, float b)
{
    SimSized s = {0};
    s.a = a, s.b = b;
    return s;
}
static SimSized abi_make_sized(float a, float b, const MethodInfo *m)
{
    (void)m;
    return sized_of(a, b);
}
static double abi_sum_sized(SimSized v, const MethodInfo *m)
{
    (void)m;
    return (double)v.a + v.b;
}
static SimSized abi_next_sized(SimSized v, const MethodInfo *m)
{
    (void)m;
    return sized_of(v.a + 1, v.b + 1);
}
static void abi_bump_sized(SimSized *v, const MethodInfo *m)
{
    (void)m;
    v->a += 1, v->b += 1;
}

static SimPacked abi_make_packed(uint8_t a, int32_t b, const MethodInfo *m)
{
    (void)m;
    SimPacked r = {a, b};
    return r;
}
static double abi_sum_packed(SimPacked v, const MethodInfo *m)
{
    (void)m;
    return (double)v.a + v.b;
}
static SimPacked abi_next_packed(SimPacked v, const MethodInfo *m)
{
    (void)m;
    SimPacked r = {(uint8_t)(v.a + 1), v.b + 1};
    return r;
}
static void abi_bump_packed(SimPacked *v, const MethodInfo *m)
{
    (void)m;
    v->a = (uint8_t)(v->a + 1), v->b += 1;
}

/* ---- invokers: one set per struct ------------------------------------------------- */

#define ABI_INVOKERS(tag, S)                                                   \
    SIM_INVOKER(sim_inv_abi_sum_##tag)                                         \
    {                                                                          \
        typedef double (*Fn)(S, const MethodInfo *);                           \
        (void)obj;                                                             \
        *(double *)ret = ((Fn)fn)(VAL(S, 0), m);                               \
    }                                                                          \
    SIM_INVOKER(sim_inv_abi_next_##tag)                                        \
    {                                                                          \
        typedef S (*Fn)(S, const MethodInfo *);                                \
        (void)obj;                                                             \
        *(S *)ret = ((Fn)fn)(VAL(S, 0), m);                                    \
    }                                                                          \
    SIM_INVOKER(sim_inv_abi_bump_##tag)                                        \
    {                                                                          \
        typedef void (*Fn)(S *, const MethodInfo *);                           \
        (void)obj, (void)ret;                                                  \
        ((Fn)fn)((S *)args[0], m);   /* a byref: args[0] is the address */     \
    }

ABI_INVOKERS(fd, SimFloatDouble)
ABI_INVOKERS(intf, SimIntFloat)
ABI_INVOKERS(bfb, SimByteFloatByte)
ABI_INVOKERS(dff, SimDoubleFloatFloat)
ABI_INVOKERS(nested, SimNested)
ABI_INVOKERS(sized, SimSized)
ABI_INVOKERS(packed, SimPacked)

SIM_INVOKER(sim_inv_abi_make_packed)
{
    typedef SimPacked (*Fn)(uint8_t, int32_t, const MethodInfo *);
    (void)obj;
    *(SimPacked *)ret = ((Fn)fn)(VAL(uint8_t, 0), VAL(int32_t, 1), m);
}

SIM_INVOKER(sim_inv_abi_make_fd)
{
    typedef SimFloatDouble (*Fn)(float, double, const MethodInfo *);
    (void)obj;
    *(SimFloatDouble *)ret = ((Fn)fn)(VAL(float, 0), VAL(double, 1), m);
}
SIM_INVOKER(sim_inv_abi_make_intf)
{
    typedef SimIntFloat (*Fn)(int32_t, float, const MethodInfo *);
    (void)obj;
    *(SimIntFloat *)ret = ((Fn)fn)(VAL(int32_t, 0), VAL(float, 1), m);
}
SIM_INVOKER(sim_inv_abi_make_bfb)
{
    typedef SimByteFloatByte (*Fn)(uint8_t, float, uint8_t, const MethodInfo *);
    (void)obj;
    *(SimByteFloatByte *)ret = ((Fn)fn)(VAL(uint8_t, 0), VAL(float, 1), VAL(uint8_t, 2), m);
}
SIM_INVOKER(sim_inv_abi_make_dff)
{
    typedef SimDoubleFloatFloat (*Fn)(double, float, float, const MethodInfo *);
    (void)obj;
    *(SimDoubleFloatFloat *)ret = ((Fn)fn)(VAL(double, 0), VAL(float, 1), VAL(float, 2), m);
}
SIM_INVOKER(sim_inv_abi_make_nested)
{
    typedef SimNested (*Fn)(int32_t, float, float, float, const MethodInfo *);
    (void)obj;
    *(SimNested *)ret =
        ((Fn)fn)(VAL(int32_t, 0), VAL(float, 1), VAL(float, 2), VAL(float, 3), m);
}
SIM_INVOKER(sim_inv_abi_make_sized)
{
    typedef SimSized (*Fn)(float, float, const MethodInfo *);
    (void)obj;
    *(SimSized *)ret = ((Fn)fn)(VAL(float, 0), VAL(float, 1), m);
}

/* ---- the table ------------------------------------------------------------------------ */

#define ABI_P(t, n) {(t), (n), NULL, NULL}
#define ABI_STATIC(n, r, f, inv, ...)                                           \
    {.name = (n), .flags = SIM_M_STATIC, .ret = (r), .params = {__VA_ARGS__},   \
     .body = SIM_BODY(f), .invoker = (inv)}
/* Sum, Next, Bump of struct type T (its tag in the C names) */
#define ABI_TRIO(name, T, tag)                                                  \
    ABI_STATIC("Sum" name, "System.Double", abi_sum_##tag, sim_inv_abi_sum_##tag, \
               ABI_P(T, "v")),                                                  \
    ABI_STATIC("Next" name, T, abi_next_##tag, sim_inv_abi_next_##tag, ABI_P(T, "v")), \
    ABI_STATIC("Bump" name, "System.Void", abi_bump_##tag, sim_inv_abi_bump_##tag, \
               ABI_P("ref " T, "v"))

const SimMethodDef sim_methods_abi[] = {
    ABI_STATIC("MakeFloatDouble", "ZLuaTests.FloatDouble", abi_make_fd, sim_inv_abi_make_fd,
               ABI_P("System.Single", "a"), ABI_P("System.Double", "b")),
    ABI_TRIO("FloatDouble", "ZLuaTests.FloatDouble", fd),
    ABI_STATIC("MakeIntFloat", "ZLuaTests.IntFloat", abi_make_intf, sim_inv_abi_make_intf,
               ABI_P("System.Int32", "a"), ABI_P("System.Single", "b")),
    ABI_TRIO("IntFloat", "ZLuaTests.IntFloat", intf),
    ABI_STATIC("MakeByteFloatByte", "ZLuaTests.ByteFloatByte", abi_make_bfb,
               sim_inv_abi_make_bfb, ABI_P("System.Byte", "a"), ABI_P("System.Single", "b"),
               ABI_P("System.Byte", "c")),
    ABI_TRIO("ByteFloatByte", "ZLuaTests.ByteFloatByte", bfb),
    ABI_STATIC("MakeDoubleFloatFloat", "ZLuaTests.DoubleFloatFloat", abi_make_dff,
               sim_inv_abi_make_dff, ABI_P("System.Double", "a"), ABI_P("System.Single", "b"),
               ABI_P("System.Single", "c")),
    ABI_TRIO("DoubleFloatFloat", "ZLuaTests.DoubleFloatFloat", dff),
    ABI_STATIC("MakeNested", "ZLuaTests.Nested", abi_make_nested, sim_inv_abi_make_nested,
               ABI_P("System.Int32", "a"), ABI_P("System.Single", "b"),
               ABI_P("System.Single", "x"), ABI_P("System.Single", "y")),
    ABI_TRIO("Nested", "ZLuaTests.Nested", nested),
    ABI_STATIC("MakeSized", "ZLuaTests.Sized", abi_make_sized, sim_inv_abi_make_sized,
               ABI_P("System.Single", "a"), ABI_P("System.Single", "b")),
    ABI_TRIO("Sized", "ZLuaTests.Sized", sized),
    ABI_STATIC("MakePacked", "ZLuaTests.Packed", abi_make_packed, sim_inv_abi_make_packed,
               ABI_P("System.Byte", "a"), ABI_P("System.Int32", "b")),
    ABI_TRIO("Packed", "ZLuaTests.Packed", packed),
    {.name = NULL}};

/*
 * sim_fixtures.h -- the C layouts of the catalog's types.
 *
 * il2cpp.exe emits one C++ struct per managed type and computes field
 * offsets with offsetof on it (plus the object header for value types).
 * The simulation does the same: the catalog takes every size, alignment
 * and offset from these structs, and the method bodies use the same
 * structs, so metadata and code cannot disagree -- on 32-bit builds too.
 */
#ifndef ZLUA_SIM_FIXTURES_H
#define ZLUA_SIM_FIXTURES_H

#include <stdbool.h>
#include <stdint.h>

#include "sim_internal.h"

/* ---- mscorlib ---------------------------------------------------------------- */

/* System.Decimal (Mono corlib order; 16 bytes, 4-aligned) */
typedef struct SimDecimal {
    int32_t flags, hi, lo, mid;
} SimDecimal;

/* System.TypedReference, as libil2cpp's Il2CppTypedRef: the type, the
 * address of the value, its class (Mono corlib: type, Value, Type) */
typedef struct SimTypedReference {
    const Il2CppType *type;
    void *value;
    Il2CppClass *klass;
} SimTypedReference;

/* System.RuntimeType, as libil2cpp's Il2CppReflectionType: the object
 * header and the Il2CppType it stands for (R-GEN-1) */
typedef struct SimReflectionType {
    Il2CppObject obj;
    const Il2CppType *type;
} SimReflectionType;

typedef struct SimException {
    Il2CppObject obj;
    Il2CppString *_className;
    Il2CppString *_message;
    struct SimException *_innerException;
} SimException;

typedef struct SimStringStatics {
    Il2CppString *Empty;
} SimStringStatics;

/* Field names and flags as each corlib declares them: .NET's
 * `private readonly bool hasValue; internal T value;`, Mono's
 * `internal T value; internal bool has_value;`. */
#if SIM_NULLABLE_HASVALUE_FIRST
#define SIM_NULLABLE_STRUCT(T) struct { bool has_value; T value; }
#define SIM_NULLABLE_VALUE_NAME "value"
#define SIM_NULLABLE_HAS_VALUE_NAME "hasValue"
#define SIM_NULLABLE_HAS_VALUE_FLAGS (SIM_FIELD_PRIVATE | FIELD_ATTRIBUTE_INIT_ONLY)
#else
#define SIM_NULLABLE_STRUCT(T) struct { T value; bool has_value; }
#define SIM_NULLABLE_VALUE_NAME "value"
#define SIM_NULLABLE_HAS_VALUE_NAME "has_value"
#define SIM_NULLABLE_HAS_VALUE_FLAGS SIM_FIELD_ASSEMBLY
#endif

typedef SIM_NULLABLE_STRUCT(int32_t) SimNullableInt32;
typedef SIM_NULLABLE_STRUCT(bool) SimNullableBoolean;

/* System.Delegate, laid out as libil2cpp's Il2CppDelegate of Unity 2021.2+
 * (il2cpp-object-internals.h; the managed fields of Unity's corlib
 * Delegate.cs, in this order).  64-bit offsets: method_ptr 16,
 * invoke_impl 24, m_target 32, method 40, delegate_trampoline 48,
 * extra_arg 56, method_code 64, interp_method 72, interp_invoke_impl 80,
 * method_info 88, original_method_info 96, data 104, method_is_virtual
 * 112; MulticastDelegate.delegates 120.  IL2CPP's generated code calls
 * invoke_impl(method_code, args..., method): for a closed delegate
 * invoke_impl is the target's method pointer and method_code the target;
 * otherwise method_code is the delegate itself and invoke_impl a stub of
 * the delegate type (_OpenStatic, _Multicast). */
typedef struct SimDelegate {
    Il2CppObject obj;
    Il2CppMethodPointer method_ptr;  /* the target method's code */
    Il2CppMethodPointer invoke_impl; /* what Invoke calls */
    Il2CppObject *target;            /* m_target */
    const MethodInfo *method;
    void *delegate_trampoline;       /* reverse P/Invoke; NULL otherwise */
    intptr_t extra_arg;              /* the type's _Multicast stub */
    /* method_code, libil2cpp's invoke_impl_this: the first argument of
     * invoke_impl.  An IntPtr to the collector: it points to the
     * delegate itself or to m_target, both kept alive otherwise. */
    Il2CppObject *invoke_impl_this;
    void *interp_method;
    void *interp_invoke_impl;
    Il2CppObject *method_info;       /* System.Reflection.MethodInfo (lazy) */
    Il2CppObject *original_method_info;
    Il2CppObject *data;              /* System.DelegateData */
    bool method_is_virtual;
} SimDelegate;

typedef struct SimMulticastDelegate {
    SimDelegate delegate;
    Il2CppArray *delegates;          /* Delegate[]: NULL for a single one */
} SimMulticastDelegate;

/* ---- Assembly-CSharp ----------------------------------------------------------- */

typedef struct SimPoint2D {
    float x, y;
} SimPoint2D;

typedef struct SimLine {
    SimPoint2D a, b;
} SimLine;

typedef struct SimTagged {
    int32_t id;
    Il2CppString *name;
    Il2CppObject *payload;
} SimTagged;

typedef struct SimMyDto {
    int32_t X;
    int32_t Y;
    Il2CppString *Tag;
} SimMyDto;

typedef struct SimVector2 {
    float X, Y;
} SimVector2;

typedef SIM_NULLABLE_STRUCT(SimPoint2D) SimNullablePoint2D;
typedef SIM_NULLABLE_STRUCT(SimVector2) SimNullableVector2;

typedef struct SimPlayer {
    Il2CppObject obj;
    Il2CppString *Name;
    int32_t Hp;
    SimPoint2D Pos;
    int32_t level;               /* <Level>k__BackingField */
} SimPlayer;

/* MyGame.Shape (abstract) and MyGame.Circle : Shape -- a derived class
 * begins with its base, as il2cpp.exe lays out Circle_t after Shape_t */
typedef struct SimShape {
    Il2CppObject obj;
    Il2CppString *Label;
} SimShape;

typedef struct SimCircle {
    SimShape base;
    float R;
} SimCircle;

/* MyGame.Counter: `public event Action<int> Changed` is a private field
 * of the same name plus add_/remove_ accessors */
typedef struct SimCounter {
    Il2CppObject obj;
    int32_t Value;
    SimMulticastDelegate *Changed;
} SimCounter;

typedef struct SimNode {
    Il2CppObject obj;
    struct SimNode *Next;
    Il2CppString *Name;
} SimNode;

/* MyGame.Bag: an int indexer over 8 slots, a string indexer
 * over a dictionary (two string[] that grow, as a corlib one would; any
 * number of keys), a public field named like a possible key */
#define SIM_BAG_SLOTS 8
typedef struct SimBag {
    Il2CppObject obj;
    Il2CppString *Name;
    int32_t slots[SIM_BAG_SLOTS];
    Il2CppArray *keys, *values;   /* string[]: count used */
    int32_t count;
} SimBag;

/* Demo+<>c__DisplayClass0_0: the closure C# emits for MakeAdder's k */
typedef struct SimAdderClosure {
    Il2CppObject obj;
    int32_t k;
} SimAdderClosure;

/* Demo+<>c: the singleton holding Demo's capture-free lambdas */
typedef struct SimDemoLambdasStatics {
    Il2CppObject *instance;          /* <>9 */
    SimMulticastDelegate *logger;    /* <>9__1_0: Logger()'s cached delegate */
} SimDemoLambdasStatics;

typedef struct SimMarshalAsAttribute {
    Il2CppObject obj;
    int32_t luaMarshalType;      /* ZLua.LuaMarshalType */
    Il2CppArray *members;        /* string[], the Members property's */
} SimMarshalAsAttribute;

typedef struct SimLuaInvokeAttribute {
    Il2CppObject obj;
    Il2CppString *name;          /* the Lua global; NULL: the method's name */
} SimLuaInvokeAttribute;

typedef struct SimPoint2DStatics {
    int32_t Created;
} SimPoint2DStatics;

typedef struct SimPlayerStatics {
    int32_t Count;
} SimPlayerStatics;

/* MyGame.Config, MyGame.Broken, MyGame.Fragile (static constructors and
 * exceptions, sim_bodies_runtime.c) */
typedef struct SimConfigStatics {
    bool Loaded;
    int32_t Version;
    int32_t Inits;
} SimConfigStatics;

typedef struct SimBrokenStatics {
    int32_t Value;
} SimBrokenStatics;

typedef struct SimInitRetryStatics {
    int32_t Value;
} SimInitRetryStatics;

typedef struct SimHooksStatics {
    Il2CppObject *OnInit;   /* Func<int, int> */
} SimHooksStatics;

typedef struct SimReentrantStatics {
    int32_t Value;
} SimReentrantStatics;

typedef struct SimFragile {
    int32_t v;
} SimFragile;

typedef struct SimDemoStatics {
    int32_t s_color;             /* SetColor / GetColor */
    SimVector2 s_pos;            /* FooUnpacked / FooTable / GetPos */
    Il2CppString *Log;           /* public static string Log = ""; */
} SimDemoStatics;

/* ---- ZLua.Tests (sim_catalog_tests.c; not part of the fixture catalog) ---------- */

/* public ref struct Span8 { public int a; } */
typedef struct SimSpan8 {
    int32_t a;
} SimSpan8;

/* [StructLayout(LayoutKind.Sequential, Size = 1100)]
 * public struct Big { public int first; }: larger than the bridge's
 * 1024-byte argument frame */
#define SIM_BIG_SIZE 1100
/* ZLuaTests.Cell, ZLuaTests.Probe: [LuaMarshalAs] probes */
typedef struct SimCell {
    int32_t A, B;
} SimCell;

/* ZLuaTests.ManyRefs: 300 string fields F0..F299 (R-BIND-1) */
#define SIM_MANY_REFS 300
typedef struct SimManyRefs {
    Il2CppString *F[SIM_MANY_REFS];
} SimManyRefs;

typedef struct SimProbe {
    Il2CppObject obj;
    SimVector2 Pos;
    SimVector2 aim;              /* <Aim>k__BackingField */
    Il2CppArray *Blob;
    SimCell Home, Other;
    Il2CppString *Label;
    SimVector2 Marked;
    SimVector2 Spread, Grip;     /* illegal attributes on purpose (illegal rules) */
    SimCell Twin;                /* a ZLuaTests.Pair: Cell's layout */
} SimProbe;

typedef struct SimBig {
    int32_t first;
    unsigned char rest[SIM_BIG_SIZE - sizeof(int32_t)];
} SimBig;

/* ZLuaTests.Echoer (R-GEN-1): an instance generic method that
 * counts its calls, so a test sees the call reach its `this` */
typedef struct SimEchoer {
    Il2CppObject obj;
    int32_t Calls;
} SimEchoer;

/* ZLuaTests.Mob (sim_bodies_usage.c): hp is private */
typedef struct SimMob {
    Il2CppObject obj;
    int32_t hp;
} SimMob;

/* ZLuaTests.Seqs+<Words>d__0: the state machine of `yield return` */
typedef struct SimWordsIter {
    Il2CppObject obj;
    int32_t state;          /* the next word's index; -1 done */
    Il2CppString *current;
} SimWordsIter;

/* System.Array's enumerator (System.Array+ArrayEnumerator): every
 * element in memory order, which is foreach's (row-major) */
typedef struct SimArrayEnum {
    Il2CppObject obj;
    Il2CppArray *array;
    int32_t index;          /* -1 before the first MoveNext */
} SimArrayEnum;

/* ZLuaTests.Lease: an IDisposable counting its Dispose calls */
typedef struct SimLease {
    Il2CppObject obj;
    int32_t Disposed;
} SimLease;

/* ZLuaTests.StaticBase's statics */
typedef struct SimStaticBaseStatics {
    int32_t Counter;
} SimStaticBaseStatics;

/* a new ZLuaTests.Mob, constructed (GetComponent<Mob>, sim_generics.c) */
Il2CppObject *sim_mob_new(void);
/* a new List<int> of 1..n (Demo.MakeList, ZLuaTests.Seqs.IntList) */
Il2CppObject *sim_list_int_new(int32_t n);

/* ZLuaTests.Abi's structs: layouts the calling conventions treat
 * specially, declared as IL2CPP declares them (fields in order, the C
 * compiler's alignment), so that the bodies take and return them exactly
 * as compiled C# code does.  On x86-64 System V: FloatDouble is passed in
 * two SSE registers, IntFloat in one INTEGER register, ByteFloatByte and
 * Nested in an INTEGER and an SSE one, DoubleFloatFloat in two SSE ones;
 * Sized ([StructLayout(Size = 12)]) is IL2CPP's union of its fields and
 * a byte array, two INTEGER registers. */
typedef struct SimFloatDouble {
    float a;
    double b;
} SimFloatDouble;

typedef struct SimIntFloat {
    int32_t a;
    float b;
} SimIntFloat;

typedef struct SimByteFloatByte {
    uint8_t a;
    float b;
    uint8_t c;
} SimByteFloatByte;

typedef struct SimDoubleFloatFloat {
    double a;
    float b, c;
} SimDoubleFloatFloat;

typedef struct SimNested {
    SimIntFloat head;
    float x, y;
} SimNested;

/* [StructLayout(LayoutKind.Sequential, Pack = 1)]: not a natural layout
 * (b at 1), which no stub declares: its methods keep the invoker */
#pragma pack(push, 1)
typedef struct SimPacked {
    uint8_t a;
    int32_t b;
} SimPacked;
#pragma pack(pop)

#define SIM_SIZED_SIZE 12
typedef struct SimSized {
    union {
        struct {
            float a, b;
        };
        uint8_t pad[SIM_SIZED_SIZE];
    };
} SimSized;

/* MyGame.Color, MyGame.Small, MyGame.Wide, ZLua.LuaMarshalType travel as
 * their underlying integers (int32_t, uint8_t, int64_t, int32_t). */

#endif /* ZLUA_SIM_FIXTURES_H */

/*
 * sim_catalog_tests.c -- the test-only assembly "ZLua.Tests" (image
 * "ZLua.Tests.dll"), namespace ZLuaTests: types whose methods libzlua
 * binds but cannot call (the default marshal rules "decimal, by-val ref
 * struct" and "TypedReference" rows) and an overload tie (overload dispatch
 * rule 3).  Kept out of Assembly-CSharp, whose content the fixture catalog fixes; as if
 * compiled from:
 *
 *   namespace ZLuaTests {
 *     public ref struct Span8 { public int a; }      // [IsByRefLike]
 *     [StructLayout(LayoutKind.Sequential, Size = 1100)]
 *     public struct Big { public int first; }
 *     public static class Unsupported {
 *       public static int TakeDecimal(decimal d);     // (int)d
 *       public static decimal GetDecimal();           // 42m
 *       public static int TakeTyped(TypedReference r);// __refvalue(r, int)
 *       public static int TakeSpan(Span8 s);          // s.a
 *       public static int Many(int a0, ..., int a16); // the sum
 *       public static int Huge(Big b);                // b.first
 *       public static int Fine(int x);                // x
 *       public static decimal Price { get; }          // 9.5m
 *     }
 *     public interface IA {}  public interface IB {}
 *     public class AB : IA, IB { public AB() {} }
 *     public static class Ties {
 *       public static string Tie(IA a);   // "IA"
 *       public static string Tie(IB b);   // "IB"
 *     }
 *     public struct ManyRefs { public string F0, ..., F299; }  // R-BIND-1
 *     // [LuaMarshalAs] probes (rules in tests/marshal/tests.xml)
 *     public struct Cell { public int A; public int B; }
 *     public struct Pair { public int A; public int B; }   // XML: type-level UnpackedValues
 *     public class Probe {
 *       public Probe();                       // Pos (1,2), Aim (5,6), Home (7,8), Other (9,10)
 *       public MyGame.Vector2 Pos;
 *       public MyGame.Vector2 Aim { get; set; }
 *       public byte[] Blob;
 *       public Cell Home, Other;
 *       public string Label;
 *       [LuaMarshalAs(LuaMarshalType.Table, Members = new[] { "X", "Y" })]
 *       public MyGame.Vector2 Marked;         // (3, 4)
 *       // illegal on purpose (illegal rules): kept out of the compiled tables
 *       [LuaMarshalAs(LuaMarshalType.UnpackedValues, Members = new[] { "X", "Y" })]
 *       public MyGame.Vector2 Spread;         // (11, 12)
 *       [LuaMarshalAs(LuaMarshalType.OpaqueValue)]
 *       public MyGame.Vector2 Grip;           // (13, 14)
 *       public Pair Twin;                     // (15, 16)
 *     }
 *     public static class Chain {
 *       public static string Place([LuaMarshalAs(LuaMarshalType.UnpackedValues,
 *           Members = new[] { "X", "Y" })] MyGame.Vector2 v);   // "vec X,Y"
 *       public static string Place(int a);                      // "int"
 *       public static string Place(int a, int b, int c);        // "int3"
 *       public static string CellText(Cell c);                  // "A,B"
 *       public static string CellXml(Cell c);                   // "A,B"
 *       public static string CellXmlDefault(Cell c);            // "A,B"
 *       public static Cell MakeCell(int a, int b);
 *       public static MyGame.Vector2 Diag(float k);             // (k, k)
 *       public static MyGame.Vector2? MaybeVec(bool has);       // (1, 2) or null
 *       public static string TakeBytes([LuaMarshalAs(LuaMarshalType.Bytes)] string s);
 *                                                               // s.Length + ":" + s
 *       [return: LuaMarshalAs(LuaMarshalType.Bytes)]
 *       public static string EchoBytes(string s);               // s
 *       public static string TakeStringObject(
 *           [LuaMarshalAs(LuaMarshalType.UserData)] string s);  // s.Length + ":" + s
 *       public static string StringShape(
 *           [LuaMarshalAs(LuaMarshalType.UserData)] string s);  // "string object"
 *       public static string StringShape(object o);             // "object"
 *       public static string GridText(GridPos p);               // "X,Y"
 *       public static string PairText(Pair p);                  // "A,B"
 *       public static Pair MakePair(int a, int b);
 *     }
 *     // C# writing through refs Lua holds
 *     public static class Refs {
 *       public static void Rename(ref MyGame.Tagged t, int id);  // t.id = id;
 *                                                 // t.name = "tag-" + id (a new string)
 *       public static object InvokeWithRefObject(string fn, object start);
 *                 // fn(h), h a ref object handle; returns the slot after the call
 *     }
 *     // structs a calling convention treats specially (sim_bodies_abi.c)
 *     public struct FloatDouble { public float a; public double b; }
 *     public struct IntFloat { public int a; public float b; }
 *     public struct ByteFloatByte { public byte a; public float b; public byte c; }
 *     public struct DoubleFloatFloat { public double a; public float b, c; }
 *     public struct Nested { public IntFloat head; public float x, y; }
 *     [StructLayout(LayoutKind.Sequential, Size = 12)]
 *     public struct Sized { public float a, b; }
 *     [StructLayout(LayoutKind.Sequential, Pack = 1)]
 *     public struct Packed { public byte a; public int b; }   // no Invoke
 *     public static class Abi {   // for each S of the six, named by S:
 *       public static S MakeS(<S's fields>);
 *       public static double SumS(S v);           // the fields added as doubles
 *       public static S NextS(S v);               // each field + 1
 *       public static void BumpS(ref S v);        // each field += 1
 *       public static S InvokeS(string fn, S start);
 *                 // fn(h), h a ref S handle; returns the slot after the call
 *     }
 *     public static class Pointers {                // sim_pointers.c
 *       public static int NoPointer(int a, int b);  // a * 10 + b, each
 *       public static int Indirect(int a, int b);
 *       public static int Unresolved(int a, int b);
 *     }
 *     // the object a delegate is closed over (R-PTR-1)
 *     public static class Held {
 *       public static object TargetOf(MyGame.IntOp d);  // d.Target (null for null)
 *     }
 *     // shaped like a game's own code (sim_bodies_usage.c)
 *     public static class Numbers {            // declared in this order
 *       public static string Kind(int x);      // "int"
 *       public static string Kind(float x);    // "float"
 *       public static string Wide(float x);    // "float"
 *       public static string Wide(long x);     // "long"
 *       public static string Probe(long x);    // "long"
 *       public static string Probe(object o);  // "object"
 *     }
 *     public interface IDamageable { void Damage(int n); int Hp { get; } }
 *     public interface IKillable : IDamageable { bool Dead { get; } }
 *     public class Mob : IKillable {
 *       int hp;                                // private; 10 after the ctor
 *       public Mob();
 *       public void Damage(int n);             // hp -= n
 *       public int Hp { get; }                 // hp
 *       public bool Dead { get; }              // hp <= 0
 *       public static IKillable Spawn();       // new Mob()
 *     }
 *     public class Entity {                    // sim_generics.c
 *       public Entity();
 *       public string GetComponent(System.Type t);   // "by type"
 *       public T GetComponent<T>() where T : new();  // new T(); built for Mob only
 *       class Cache {}                         // private nested
 *     }
 *     public static class Constrained { ... }  // constraints: sim_generics.c
 *     public class Lease : IDisposable {       // local x <close> (lua-api.md)
 *       public int Disposed;
 *       public Lease();
 *       public void Dispose();                 // Disposed++
 *     }
 *     public class StaticBase {
 *       public const int MaxLevel = 5;
 *       public static int Counter;
 *       public static string Hello();          // "base hello"
 *       public static string Label { get; }    // "base"
 *       public StaticBase();
 *     }
 *     public class StaticDerived : StaticBase { public StaticDerived(); }
 *     public class Grid { public Grid(); public int this[int x, int y] { get; } }  // x*10+y
 *     internal static class Secret { public static int Peek(); }              // 1
 *     public static class Seqs {
 *       public static IEnumerable<string> Words();   // yield return "a", "b"
 *       public static System.Collections.IList IntList(int n);  // a List<int> of 1..n
 *       public static System.Collections.IEnumerable Items(int n);  // the same
 *     }
 *     // an instance generic method (R-GEN-1; sim_generics.c)
 *     public class Echoer {
 *       public int Calls;
 *       public Echoer();
 *       public T Echo<T>(T x);                    // Calls++; x; built for int, string only
 *     }
 *   }
 *
 * Each unusable method has a real body and invoker (sim_bodies_tests.c),
 * so a generic-invoker call through the runtime would work: only
 * libzlua's refusal keeps Lua from reaching them.
 */
#include <stdalign.h>
#include <stddef.h>

#include "sim_catalog.h"
#include "sim_fixtures.h"
#include "sim_tables.h"

#define STRUCT_FLAGS                                                          \
    (TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_SEQUENTIAL |     \
     SIM_TYPE_BEFORE_FIELD_INIT)
#define STATIC_CLASS_FLAGS                                                    \
    (TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | TYPE_ATTRIBUTE_SEALED | \
     SIM_TYPE_BEFORE_FIELD_INIT)
#define INTERFACE_FLAGS                                                       \
    (TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_INTERFACE | TYPE_ATTRIBUTE_ABSTRACT)

static const SimFieldDef f_init_retry[] = {
    {"Value", "System.Int32", FIELD_ATTRIBUTE_PUBLIC | FIELD_ATTRIBUTE_STATIC,
     offsetof(SimInitRetryStatics, Value), 0},
    {0}};

static const SimFieldDef f_span8[] = {
    {"a", "System.Int32", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimSpan8, a), 0},
    {0}};

/* What makes a ref struct one in metadata (besides an [Obsolete] that
 * only compilers read): the attribute libzlua asks about. */
static const SimAttrDef a_span8[] = {
    {"System.Runtime.CompilerServices.IsByRefLikeAttribute", 0, NULL, 0},
    {NULL, 0, NULL, 0}};

static const SimFieldDef f_big[] = {
    {"first", "System.Int32", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimBig, first), 0},
    {0}};

/* public struct ManyRefs { public string F0, ..., F299; } */
#define MANY_REF(i) {"F" #i, "System.String", FIELD_ATTRIBUTE_PUBLIC, \
                     offsetof(SimManyRefs, F) + (i) * sizeof(Il2CppString *), 0}
#define MANY_REF10(t) MANY_REF(t##0), MANY_REF(t##1), MANY_REF(t##2), MANY_REF(t##3), \
                      MANY_REF(t##4), MANY_REF(t##5), MANY_REF(t##6), MANY_REF(t##7), \
                      MANY_REF(t##8), MANY_REF(t##9)
static const SimFieldDef f_many_refs[] = {
    MANY_REF(0), MANY_REF(1), MANY_REF(2), MANY_REF(3), MANY_REF(4),
    MANY_REF(5), MANY_REF(6), MANY_REF(7), MANY_REF(8), MANY_REF(9),
    MANY_REF10(1), MANY_REF10(2), MANY_REF10(3), MANY_REF10(4), MANY_REF10(5),
    MANY_REF10(6), MANY_REF10(7), MANY_REF10(8), MANY_REF10(9),
    MANY_REF10(10), MANY_REF10(11), MANY_REF10(12), MANY_REF10(13), MANY_REF10(14),
    MANY_REF10(15), MANY_REF10(16), MANY_REF10(17), MANY_REF10(18), MANY_REF10(19),
    MANY_REF10(20), MANY_REF10(21), MANY_REF10(22), MANY_REF10(23), MANY_REF10(24),
    MANY_REF10(25), MANY_REF10(26), MANY_REF10(27), MANY_REF10(28), MANY_REF10(29),
    {0}};
_Static_assert(sizeof f_many_refs / sizeof f_many_refs[0] == SIM_MANY_REFS + 1,
               "ManyRefs: one definition per field");

/* public readonly struct GridPos { public readonly int X, Y; } */
static const SimFieldDef f_grid_pos[] = {
    {"X", "System.Int32", FIELD_ATTRIBUTE_PUBLIC | FIELD_ATTRIBUTE_INIT_ONLY, offsetof(SimCell, A), 0},
    {"Y", "System.Int32", FIELD_ATTRIBUTE_PUBLIC | FIELD_ATTRIBUTE_INIT_ONLY, offsetof(SimCell, B), 0},
    {0}};

static const SimFieldDef f_cell[] = {
    {"A", "System.Int32", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimCell, A), 0},
    {"B", "System.Int32", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimCell, B), 0},
    {0}};

/* ZLuaTests.Pair: Cell's layout and fields (SimCell) */
static const SimFieldDef f_pair[] = {
    {"A", "System.Int32", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimCell, A), 0},
    {"B", "System.Int32", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimCell, B), 0},
    {0}};

static const SimFieldDef f_echoer[] = {
    {"Calls", "System.Int32", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimEchoer, Calls), 0},
    {0}};

#define ABI_F(ctype, field, type)                                               \
    {#field, type, FIELD_ATTRIBUTE_PUBLIC, offsetof(ctype, field), 0}
static const SimFieldDef f_float_double[] = {
    ABI_F(SimFloatDouble, a, "System.Single"), ABI_F(SimFloatDouble, b, "System.Double"),
    {0}};
static const SimFieldDef f_int_float[] = {
    ABI_F(SimIntFloat, a, "System.Int32"), ABI_F(SimIntFloat, b, "System.Single"), {0}};
static const SimFieldDef f_byte_float_byte[] = {
    ABI_F(SimByteFloatByte, a, "System.Byte"), ABI_F(SimByteFloatByte, b, "System.Single"),
    ABI_F(SimByteFloatByte, c, "System.Byte"), {0}};
static const SimFieldDef f_double_float_float[] = {
    ABI_F(SimDoubleFloatFloat, a, "System.Double"),
    ABI_F(SimDoubleFloatFloat, b, "System.Single"),
    ABI_F(SimDoubleFloatFloat, c, "System.Single"), {0}};
static const SimFieldDef f_nested[] = {
    ABI_F(SimNested, head, "ZLuaTests.IntFloat"), ABI_F(SimNested, x, "System.Single"),
    ABI_F(SimNested, y, "System.Single"), {0}};
static const SimFieldDef f_packed[] = {
    ABI_F(SimPacked, a, "System.Byte"), ABI_F(SimPacked, b, "System.Int32"), {0}};
static const SimFieldDef f_sized[] = {
    ABI_F(SimSized, a, "System.Single"), ABI_F(SimSized, b, "System.Single"), {0}};

static const char *const members_x_y[] = {"X", "Y"};
static const SimAttrDef a_marked[] = {
    {"ZLua.LuaMarshalAsAttribute", SIM_MARSHAL_TABLE, members_x_y, 2},
    {NULL, 0, NULL, 0}};

/* illegal on purpose (illegal rules): a member is read and written through
 * Lua's index, one value each way, in a Lua -> C# call */
static const SimAttrDef a_spread[] = {
    {"ZLua.LuaMarshalAsAttribute", SIM_MARSHAL_UNPACKED_VALUES, members_x_y, 2},
    {NULL, 0, NULL, 0}};
static const SimAttrDef a_grip[] = {
    {"ZLua.LuaMarshalAsAttribute", SIM_MARSHAL_OPAQUE_VALUE, NULL, 0},
    {NULL, 0, NULL, 0}};

static const SimFieldDef f_probe[] = {
    {"Pos", "MyGame.Vector2", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimProbe, Pos), 0},
    {"<Aim>k__BackingField", "MyGame.Vector2", SIM_FIELD_PRIVATE,
     offsetof(SimProbe, aim), 0},
    {"Blob", "System.Byte[]", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimProbe, Blob), 0},
    {"Home", "ZLuaTests.Cell", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimProbe, Home), 0},
    {"Other", "ZLuaTests.Cell", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimProbe, Other), 0},
    {"Label", "System.String", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimProbe, Label), 0},
    {"Marked", "MyGame.Vector2", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimProbe, Marked), 0,
     a_marked},
    {"Spread", "MyGame.Vector2", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimProbe, Spread), 0,
     a_spread},
    {"Grip", "MyGame.Vector2", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimProbe, Grip), 0, a_grip},
    {"Twin", "ZLuaTests.Pair", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimProbe, Twin), 0},
    {0}};

static const SimFieldDef f_mob[] = {
    {"hp", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimMob, hp), 0},
    {0}};

static const SimFieldDef f_words_iter[] = {
    {"<>1__state", "System.Int32", SIM_FIELD_PRIVATE, offsetof(SimWordsIter, state), 0},
    {"<>2__current", "System.String", SIM_FIELD_PRIVATE, offsetof(SimWordsIter, current), 0},
    {0}};

static const SimFieldDef f_lease[] = {
    {"Disposed", "System.Int32", FIELD_ATTRIBUTE_PUBLIC, offsetof(SimLease, Disposed), 0},
    {0}};

static const SimFieldDef f_static_base[] = {
    {"MaxLevel", "System.Int32", SIM_F_LITERAL, 0, 5},
    {"Counter", "System.Int32", SIM_F_STATIC, offsetof(SimStaticBaseStatics, Counter), 0},
    {0}};

const SimClassDef sim_catalog_tests[] = {
    {.ns = "ZLuaTests", .name = "Span8", .kind = SIM_KIND_STRUCT,
     .flags = STRUCT_FLAGS, .size = sizeof(SimSpan8), .align = alignof(SimSpan8),
     .fields = f_span8, .attrs = a_span8},
    {.ns = "ZLuaTests", .name = "Big", .kind = SIM_KIND_STRUCT,
     .flags = STRUCT_FLAGS, .size = sizeof(SimBig), .align = alignof(SimBig),
     .fields = f_big},
    {.ns = "ZLuaTests", .name = "Unsupported", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_unsupported}, .properties = sim_props_unsupported},
    {.ns = "ZLuaTests", .name = "IA", .kind = SIM_KIND_INTERFACE,
     .flags = INTERFACE_FLAGS, .size = sizeof(Il2CppObject)},
    {.ns = "ZLuaTests", .name = "IB", .kind = SIM_KIND_INTERFACE,
     .flags = INTERFACE_FLAGS, .size = sizeof(Il2CppObject)},
    {.ns = "ZLuaTests", .name = "AB", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .interfaces = {"ZLuaTests.IA", "ZLuaTests.IB"},
     .methods = {sim_methods_ab}},
    {.ns = "ZLuaTests", .name = "Ties", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_ties}},
    {.ns = "ZLuaTests", .name = "Cell", .kind = SIM_KIND_STRUCT,
     .flags = STRUCT_FLAGS, .size = sizeof(SimCell), .align = alignof(SimCell),
     .fields = f_cell},
    {.ns = "ZLuaTests", .name = "Pair", .kind = SIM_KIND_STRUCT,
     .flags = STRUCT_FLAGS, .size = sizeof(SimCell), .align = alignof(SimCell),
     .fields = f_pair},
    {.ns = "ZLuaTests", .name = "ManyRefs", .kind = SIM_KIND_STRUCT,
     .flags = STRUCT_FLAGS, .size = sizeof(SimManyRefs), .align = alignof(SimManyRefs),
     .fields = f_many_refs},
    {.ns = "ZLuaTests", .name = "GridPos", .kind = SIM_KIND_STRUCT,
     .flags = STRUCT_FLAGS, .size = sizeof(SimCell), .align = alignof(SimCell),
     .fields = f_grid_pos},
    /* delegates with [LuaMarshalAs] on Invoke: rules in the C# -> Lua
     * direction (sim_delegates.c) */
    {.ns = "ZLuaTests", .name = "VecSink", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED,
     .parent = "System.MulticastDelegate", .size = sizeof(SimMulticastDelegate),
     .methods = {sim_methods_vec_sink}},
    {.ns = "ZLuaTests", .name = "CellSource", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_SEALED,
     .parent = "System.MulticastDelegate", .size = sizeof(SimMulticastDelegate),
     .methods = {sim_methods_cell_source}},
    {.ns = "ZLuaTests", .name = "Probe", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimProbe), .fields = f_probe, .methods = {sim_methods_probe},
     .properties = sim_props_probe},
    {.ns = "ZLuaTests", .name = "Chain", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_chain}},
    {.ns = "ZLuaTests", .name = "Refs", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_refs, sim_methods_refs_ic}},
    {.ns = "ZLuaTests", .name = "BadInvoke", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_bad_invoke}},
    {.ns = "ZLuaTests", .name = "Held", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_held}},
    {.ns = "ZLuaTests", .name = "Echoer", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimEchoer), .fields = f_echoer, .methods = {sim_methods_echoer}},
    /* shaped like a game's own code (sim_bodies_usage.c, sim_generics.c) */
    {.ns = "ZLuaTests", .name = "Numbers", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_numbers}},
    {.ns = "ZLuaTests", .name = "IDamageable", .kind = SIM_KIND_INTERFACE,
     .flags = INTERFACE_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_idamageable}, .properties = sim_props_idamageable},
    {.ns = "ZLuaTests", .name = "IKillable", .kind = SIM_KIND_INTERFACE,
     .flags = INTERFACE_FLAGS, .size = sizeof(Il2CppObject),
     .interfaces = {"ZLuaTests.IDamageable"}, .methods = {sim_methods_ikillable},
     .properties = sim_props_ikillable},
    {.ns = "ZLuaTests", .name = "Mob", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT, .size = sizeof(SimMob),
     .interfaces = {"ZLuaTests.IKillable", "ZLuaTests.IDamageable"}, .fields = f_mob,
     .methods = {sim_methods_mob}, .properties = sim_props_mob},
    {.ns = "ZLuaTests", .name = "Entity", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_entity}},
    {.ns = "", .name = "Cache", .declaring = "ZLuaTests.Entity", .kind = SIM_KIND_CLASS,
     .flags = SIM_TYPE_NESTED_PRIVATE | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject)},
    {.ns = "ZLuaTests", .name = "Constrained", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_constrained}},
    {.ns = "ZLuaTests", .name = "Lease", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimLease), .interfaces = {"System.IDisposable"},
     .fields = f_lease, .methods = {sim_methods_lease}},
    {.ns = "ZLuaTests", .name = "StaticBase", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .static_size = sizeof(SimStaticBaseStatics),
     .fields = f_static_base, .methods = {sim_methods_static_base},
     .properties = sim_props_static_base},
    {.ns = "ZLuaTests", .name = "StaticDerived", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .parent = "ZLuaTests.StaticBase", .size = sizeof(Il2CppObject),
     .methods = {sim_methods_static_derived}},
    {.ns = "ZLuaTests", .name = "Grid", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_grid},
     .properties = sim_props_grid},
    {.ns = "ZLuaTests", .name = "Seqs", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject), .methods = {sim_methods_seqs}},
    {.ns = "", .name = "<Words>d__0", .declaring = "ZLuaTests.Seqs", .kind = SIM_KIND_CLASS,
     .flags = SIM_TYPE_NESTED_PRIVATE | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(SimWordsIter),
     .interfaces = {"System.Collections.Generic.IEnumerable`1[System.String]",
                    "System.Collections.Generic.IEnumerator`1[System.String]",
                    "System.IDisposable"},
     .fields = f_words_iter, .methods = {sim_methods_words_iter}},
    /* internal static class: NotPublic */
    {.ns = "ZLuaTests", .name = "Secret", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_ABSTRACT | TYPE_ATTRIBUTE_SEALED | SIM_TYPE_BEFORE_FIELD_INIT,
     .size = sizeof(Il2CppObject), .methods = {sim_methods_secret}},
#define ABI_STRUCT(n, ctype, f)                                                  \
    {.ns = "ZLuaTests", .name = (n), .kind = SIM_KIND_STRUCT, .flags = STRUCT_FLAGS, \
     .size = sizeof(ctype), .align = alignof(ctype), .fields = (f)}
    ABI_STRUCT("FloatDouble", SimFloatDouble, f_float_double),
    ABI_STRUCT("IntFloat", SimIntFloat, f_int_float),
    ABI_STRUCT("ByteFloatByte", SimByteFloatByte, f_byte_float_byte),
    ABI_STRUCT("DoubleFloatFloat", SimDoubleFloatFloat, f_double_float_float),
    ABI_STRUCT("Nested", SimNested, f_nested),
    ABI_STRUCT("Sized", SimSized, f_sized),
    ABI_STRUCT("Packed", SimPacked, f_packed),
    {.ns = "ZLuaTests", .name = "Abi", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_abi, sim_methods_abi_ic}},
    /* a static constructor only runtime_spec's injected class-init failure
     * reaches: no beforefieldinit, so it runs at the first access */
    {.ns = "ZLuaTests", .name = "InitRetry", .kind = SIM_KIND_CLASS,
     .flags = TYPE_ATTRIBUTE_PUBLIC | TYPE_ATTRIBUTE_ABSTRACT | TYPE_ATTRIBUTE_SEALED,
     .size = sizeof(Il2CppObject), .static_size = sizeof(SimInitRetryStatics),
     .fields = f_init_retry, .cctor = sim_init_retry_cctor},
    /* methodPointer NULL, shared code, an unresolved call (sim_pointers.c) */
    {.ns = "ZLuaTests", .name = "Pointers", .kind = SIM_KIND_CLASS,
     .flags = STATIC_CLASS_FLAGS, .size = sizeof(Il2CppObject),
     .methods = {sim_methods_pointers}},
    {.name = NULL}};

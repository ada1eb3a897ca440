/*
 * fuzz_gen.c -- the grammar of the libzlua fuzz harness.
 *
 * The input bytes are a stream of choices: pick(n) consumes one byte (two
 * for n > 256) and returns it modulo n; an exhausted input reads as zeros,
 * and choice 0 is always the shortest alternative, so generation ends.
 * The program is a list of statements, each wrapped as
 * `P(function() ... end)` (P, from the harness, is a pcall that drops the
 * error; being a C function it holds no state a script could reach), over
 * a value pool V[1..16], the handles kept from C# -> Lua calls (H), and
 * the prelude's helpers (MT, UP, SUP, MEM, STA, REG, RK, ...).
 *
 * What the grammar reaches: every fixture type through CS / CSharp /
 * zlua.types, members (valid and invalid names, statics through
 * instances), constructors, methods with hostile arguments, the zlua
 * library, IC callbacks (the Lua globals Demo's IC methods call), handles
 * kept past their scope, coroutines, __gc resurrection, every
 * collectgarbage mode, and the debug library used against libzlua's own
 * metatables, closures, upvalues and registry entries.
 */
#include "fuzz_gen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- the prelude -------------------------------------------------------- */

const char fz_prelude[] =
    "local dbg = debug\n"
    "V, H, D, W = {}, {}, 0, {}\n"
    "NOOP = function(...) return ... end\n"
    "print, warn = NOOP, NOOP\n"
    "for _, k in ipairs{'exit','execute','remove','rename','tmpname','getenv'}"
    " do os[k] = nil end\n"
    "for _, k in ipairs{'read','lines','open','popen','input','output','close',"
    "'tmpfile','write'} do io[k] = nil end\n"
    "io.stdout, io.stderr, io.stdin = nil, nil, nil\n"
    /* R-LIB-1: the standard debug library opened anew, each way a script
     * can (zlua_open's guards make every one refuse C frames) */
    "local LL, SEARCH = package.loadlib, package.searchers[3]\n"
    "function LOADDBG(k) if LIBLUA == nil then return dbg end k = k % 3\n"
    " if k == 0 then return LL(LIBLUA, 'luaopen_debug')() end\n"
    " if k == 1 then local cp = package.cpath package.cpath = LIBLUA"
    " local ld = SEARCH('debug') package.cpath = cp return ld('debug') end\n"
    " local r = require local pkg = LL(LIBLUA, 'luaopen_package')() require = r"
    " return pkg.loadlib(LIBLUA, 'luaopen_debug')() end\n"
    "dofile, loadfile, require, package.loadlib = nil, nil, nil, nil\n"
    "function MT(x) return dbg.getmetatable(x) end\n"
    "function UP(f, i) local _, v = dbg.getupvalue(f, i) return v end\n"
    "function SUP(f, i, v) return dbg.setupvalue(f, i, v) end\n"
    "function MEM(x) return UP(MT(x).__index, 1) end\n"
    "function STA(t) return MT(t).__index end\n"
    "function REG() return dbg.getregistry() end\n"
    "function KEEP(h) H[#H + 1] = h if #H > 32 then table.remove(H, 1) end return h end\n"
    "function RK(n) local ks = {} for k in next, dbg.getregistry() do"
    " if math.type(k) == 'integer' and k >= 3 then ks[#ks + 1] = k end end"
    " if #ks == 0 then return nil end table.sort(ks) return ks[n % #ks + 1] end\n"
    "function CP(t, drop) local c = {} for k, v in next, t do c[k] = v end"
    " if drop then c[drop] = nil end return c end\n"
    "function NTH(t, n) local i = 0 for k, v in next, t do i = i + 1"
    " if i >= n then return k, v end end end\n"
    /* the registry's LUA_RIDX_MAINTHREAD and LUA_RIDX_GLOBALS entries, to
     * put back after a production replaced them */
    "MAIN, GLOB = dbg.getregistry()[1], dbg.getregistry()[2]\n"
    /* light userdata (no metatable) and functions a production captured */
    "LU, CF = {}, {}\n"
    "function ADDL(x) if type(x) == 'userdata' and dbg.getmetatable(x) == nil then"
    " LU[#LU + 1] = x if #LU > 32 then table.remove(LU, 1) end end end\n"
    "function ADDF(f) if type(f) == 'function' then CF[#CF + 1] = f"
    " if #CF > 32 then table.remove(CF, 1) end end end\n"
    "function CFN(n) if #CF == 0 then return NOOP end return CF[n % #CF + 1] end\n"
    /* the n-th light userdata in reach: captured ones, the registry's keys
     * and values, the upvalues of captured functions */
    "function LUD(n) local t = {} for _, x in ipairs(LU) do t[#t + 1] = x end"
    " for k, v in next, dbg.getregistry() do for _, x in ipairs{k, v} do"
    " if type(x) == 'userdata' and dbg.getmetatable(x) == nil then t[#t + 1] = x end end end"
    " for _, f in ipairs(CF) do for i = 1, 4 do local _, x = dbg.getupvalue(f, i)"
    " if type(x) == 'userdata' and dbg.getmetatable(x) == nil then t[#t + 1] = x end end end"
    " if #t == 0 then return nil end return t[n % #t + 1] end\n"
    /* inside a script's hook: the function the hook runs for (the frame
     * above the hook's own), its locals {n = count, ...} and what it is */
    "function HOOKED() local hk = dbg.gethook() if hk == nil then return nil end"
    " for lv = 2, 24 do local i = dbg.getinfo(lv, 'f') if i == nil then return nil end"
    " if i.func == hk then local j = dbg.getinfo(lv + 1, 'fS') if j == nil then return nil end"
    " local a = {n = 0} for k = 1, 6 do local n, v = dbg.getlocal(lv + 1, k)"
    " if n == nil then break end a[k] = v a.n = k ADDL(v) end"
    " ADDF(j.func) return j.func, a, j.what end end end\n";

/* ---- generator state ---------------------------------------------------- */

enum { CTX_TOP, CTX_FN, CTX_CB, CTX_GC, CTX_HOOK, CTX_CO };

typedef struct G {
    const uint8_t *in;
    size_t n, pos;
    char *out;
    size_t cap, len;
    int full;
    int depth;   /* function nesting */
    int vdepth;  /* value nesting */
    int ctx;
    int stmts;   /* statements left (all depths) */
} G;

static unsigned u8(G *g)
{
    return g->pos < g->n ? g->in[g->pos++] : 0u;
}

static unsigned pick(G *g, unsigned n)
{
    if (n <= 1)
        return 0;
    if (n <= 256)
        return u8(g) % n;
    unsigned v = u8(g);
    v |= u8(g) << 8;
    return v % n;
}

static int more(const G *g)
{
    return g->pos < g->n;
}

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define PICKS(g, list) ((list)[pick((g), (unsigned)NELEM(list))])

static void emit(G *g, const char *s)
{
    size_t k = strlen(s);
    if (g->len + k + 1 > g->cap) {
        g->full = 1;
        return;
    }
    memcpy(g->out + g->len, s, k + 1);
    g->len += k;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void emitf(G *g, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= sizeof buf) {
        g->full = 1;
        return;
    }
    emit(g, buf);
}

/* A Lua string literal for s[0..n). */
static void emit_str(G *g, const char *s, size_t n)
{
    emit(g, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            emitf(g, "\\%c", c);
        else if (c < 32 || c >= 127)
            emitf(g, "\\%03u", c);
        else {
            char one[2] = {(char)c, 0};
            emit(g, one);
        }
    }
    emit(g, "\"");
}

static void emit_cstr(G *g, const char *s)
{
    emit_str(g, s, strlen(s));
}

/* ---- skipped productions (ZLUA_FUZZ_SKIP) -------------------------------------
 * A skipped production is generated as usual (so it consumes the same
 * bytes) and then replaced by a no-op: the program is the unskipped one
 * minus those statements. */
unsigned fz_skip_mask;

static const char *const fz_feature_names[] = {
    "reg_keys", "reg", "setupvalue", "memtable", "setmt", "mtwrite", "setlocal",
    "oom", "callmm", "reg_main", "hookcall", "ptrarg", "pairsbox", "pending",
    "delget", "oracle", "policy", "thread", "reopen",
};
enum { F_REG_KEYS, F_REG, F_SETUPVALUE, F_MEMTABLE, F_SETMT, F_MTWRITE, F_SETLOCAL,
       F_OOM, F_CALLMM, F_REG_MAIN, F_HOOKCALL, F_PTRARG, F_PAIRSBOX, F_PENDING,
       F_DELGET, F_ORACLE, F_POLICY, F_THREAD, F_REOPEN };

unsigned fz_parse_skip(const char *list)
{
    unsigned mask = 0;
    for (size_t i = 0; list != NULL && i < NELEM(fz_feature_names); i++) {
        size_t k = strlen(fz_feature_names[i]);
        for (const char *p = list; (p = strstr(p, fz_feature_names[i])) != NULL; p += k)
            if ((p == list || p[-1] == ',') && (p[k] == ',' || p[k] == '\0'))
                mask |= 1u << i;
    }
    return mask;
}

/* ends a production that began at output offset mark */
static void skip_end(G *g, size_t mark, int feature, const char *noop)
{
    if (!(fz_skip_mask & (1u << feature)) || g->full)
        return;
    g->len = mark;
    g->out[mark] = '\0';
    emit(g, noop);
}

/* ---- vocabularies -------------------------------------------------------- */

typedef struct fz_type {
    const char *full;   /* CLR full name */
    const char *image;  /* the CSharp key of its assembly */
    const char *ctor;   /* a plausible constructor signature (see arg) */
} fz_type;

static const fz_type types[] = {
    {"MyGame.Point2D", "AC", "ff"},       {"MyGame.Line", "AC", ""},
    {"MyGame.Tagged", "AC", "is"},        {"MyGame.MyDto", "AC", ""},
    {"MyGame.Vector2", "AC", "ff"},       {"MyGame.Player", "AC", "s"},
    {"MyGame.IShape", "AC", ""},          {"MyGame.Color", "AC", "i"},
    {"MyGame.Small", "AC", "y"},          {"MyGame.Wide", "AC", "l"},
    {"Demo", "AC", ""},                   {"MyGame.Circle", "AC", "f"},
    {"MyGame.Shape", "AC", ""},           {"MyGame.Config", "AC", ""},
    {"MyGame.Broken", "AC", ""},          {"MyGame.Fragile", "AC", "i"},
    {"MyGame.Counter", "AC", ""},         {"MyGame.Node", "AC", "s"},
    {"MyGame.Bag", "AC", ""},             {"MyGame.IntOp", "AC", "L"},
    {"MyGame.PlayerExt", "AC", ""},       {"ZLua.LuaMarshalType", "AC", ""},
    {"ZLua.LuaMarshalAsAttribute", "AC", "i"},
    {"System.Object", "mscorlib", ""},    {"System.String", "mscorlib", "s"},
    {"System.Int32", "mscorlib", "i"},    {"System.Boolean", "mscorlib", "b"},
    {"System.Byte", "mscorlib", "y"},     {"System.Int64", "mscorlib", "l"},
    {"System.UInt64", "mscorlib", "u"},   {"System.Single", "mscorlib", "f"},
    {"System.Double", "mscorlib", "d"},   {"System.Char", "mscorlib", "C"},
    {"System.IntPtr", "mscorlib", "i"},   {"System.Decimal", "mscorlib", ""},
    {"System.Void", "mscorlib", ""},      {"System.ValueType", "mscorlib", ""},
    {"System.Enum", "mscorlib", ""},      {"System.Array", "mscorlib", ""},
    {"System.Exception", "mscorlib", "s"},
    {"System.InvalidOperationException", "mscorlib", "s"},
    {"System.Attribute", "mscorlib", ""}, {"System.Nullable`1", "mscorlib", "o"},
    {"System.Nullable`1[System.Int32]", "mscorlib", "n"},
    {"System.Nullable`1[MyGame.Point2D]", "mscorlib", "P"},
    {"System.Int32[]", "mscorlib", "z"},  {"System.String[]", "mscorlib", ""},
    {"System.Int32[,]", "mscorlib", ""},  {"MyGame.Nope", "AC", ""},
    {"MyGame", "AC", ""},                 {"System.Int32&", "mscorlib", ""},
    /* libzlua's own entry points: never reachable (R-POLICY-1; on Mono
     * they exist, on the simulation they are names of nothing) */
    {"ZLua.LuaEnv", "ZLua.LuaEnv", ""},
    {"ZLuaMonoHost.LuaDelegate", "ZLua.MonoHost", ""},
    {"ZLuaMonoHost.Reflect", "ZLua.MonoHost", ""},
};

/* the hot ones first: pick_type favours them */
#define HOT_TYPES 11

static const char *const zlua_type_keys[] = {
    "int", "int32", "float", "string", "object", "bool", "char", "byte", "sbyte",
    "short", "ushort", "uint", "long", "ulong", "double", "intptr", "uintptr",
    "decimal", "void", "int8", "uint8", "int16", "uint16", "uint32", "int64",
    "uint64", "nope",
};

/* member names: instance fields, methods, statics, meta keys, garbage */
static const char *const names[] = {
    "x", "y", "a", "b", "id", "name", "payload", "X", "Y", "Tag", "Name", "Hp",
    "Pos", "Level", "Title", "R", "Label", "Value", "Next", "Length", "Scale", "get", "set",
    "value", "value__", "Invoke", "add_Changed", "remove_Changed",
    "ToString", "Move", "Area", "GetType", "Equals", "GetHashCode", "Kind", "Add",
    "get_Level", "set_Level", "get_Title", "Created", "Zero", "Count", "Red",
    "Green", "Blue", "A", "B", "Big", "Concat", "MakePoint", "Version", "Loaded",
    "Inits", "Log", "Get", "Unit", "SqrMagnitude", "__fullname", "__name",
    "__assembly", "__struct", "__valuetype", "__enum", "__nullable",
    "__instance_mt", "__byval_instance_mt", "__byobj_instance_mt", "__type",
    "__zlua_ud_kind", "__index", "__gc", "_ctor", "_default", "__call", "nope",
    "", "<Level>k__BackingField", "s_color", "s_pos", "m_value", ".ctor",
    "Pick(System.Int32)", "Pick(MyGame.Point2D)", "Sum", "Empty", "_message",
    "Offset(MyGame.Point2D&,System.Int32,System.Int32)",
    "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn",
};

static const char *const metakeys[] = {
    "__index", "__newindex", "__gc", "__tostring", "__type", "__name",
    "__metatable", "__zlua_ud_kind", "__call", "__close", "__mode", "__eq",
    "__len", "__concat", "__add", "__lt", "__pairs",
};

/* Demo's static methods, with a plausible signature:
 * i int, z small size, l long, f/d number, b bool, s string, y byte,
 * u ulong, C char, c Color, o anything, n int or nil, r ref int,
 * R ref Point2D, S ref string, P Point2D, T Tagged, a int[], V Vector2
 * table, U unpacked pair, D MyDto table, B bytes, Y Player, I IShape,
 * F callback name, L Lua function, p pointer, O a zlua object */
typedef struct fz_method {
    const char *name, *sig;
} fz_method;

static const fz_method demo[] = {
    {"Add", "ii"}, {"AddLong", "ll"}, {"Mul", "dd"}, {"EchoByte", "y"},
    {"EchoULong", "u"}, {"EchoChar", "C"}, {"Concat", "ss"}, {"Not", "b"},
    {"MakePoint", "ff"}, {"SumPoint", "P"}, {"MakeTagged", "is"},
    {"TaggedName", "T"}, {"SetColor", "c"}, {"GetColor", ""}, {"EchoSmall", "y"},
    {"EchoWide", "l"}, {"Box", "i"}, {"MaybeInt", "b"}, {"OrZero", "n"},
    {"Increment", "r"}, {"IncrementOpaque", "r"}, {"Offset", "Rii"},
    {"SetNullable", "R"}, {"Replace", "S"}, {"TryParse", "sr"}, {"ReadIn", "P"},
    {"SwapObj", "o"}, {"Sum", "a"}, {"Prefix", "ia"}, {"FooUnpacked", "U"},
    {"GetPos", ""}, {"FooTable", "V"}, {"Bar", "V"}, {"TakeDto", "D"},
    {"MakeDto", "iis"}, {"CountBytes", "B"}, {"MakeBytes", "z"},
    {"MakeByteArray", "z"}, {"MakeStringObject", "s"}, {"EchoIntIllegal", "i"},
    {"Pick", "o"}, {"Pick", "ii"}, {"MakePlayer", "s"}, {"Same", "Y"},
    {"TotalArea", "I"}, {"MakeArray", "z"}, {"ArraySum", "a"},
    {"InvokeWithPoint", "FP"}, {"InvokeWithRefPoint", "FP"},
    {"InvokeWithRefInt", "Fi"}, {"InvokeWithRefString", "Fs"},
    {"InvokeNested", "FF"}, {"InvokeCatch", "F"}, {"CallOnRefInt", "i"},
    {"CallOnPoint", "P"},
    /* later additions to the catalog; absent ones raise, which is fine */
    {"Throw", "s"}, {"ThrowArg", "s"}, {"MakeFragile", "i"}, {"Apply", "Lii"},
    {"ApplyFunc", "Li"}, {"ApplyPoint", "LP"}, {"MakeAdder", "i"}, {"Logger", ""},
    {"SameDelegate", "oo"}, {"MakeGrid", "zz"}, {"GridSum", "O"}, {"Names", ""},
    {"NamesLength", "O"}, {"Points", "z"}, {"SumPoints", "O"}, {"Taggeds", "z"},
    {"Mixed", ""}, {"CountBytes2", "O"}, {"Buffer", ""}, {"ReadPtr", "pq"},
    {"WritePtr", "pqi"}, {"PickDefault", "i"}, {"PickObj", "o"},
    {"PickShape", "O"}, {"Describe", "o"}, {"Ring", "z"}, {"First", "O"},
    {"TypeName", "O"}, {"MakeList", "z"}, {"ListSum", "O"}, {"MakeDict", ""},
    {"Range", "z"}, {"XmlVec", "V"}, {"XmlPair", ""}, {"XmlOverride", "U"},
    {"XmlBytes", "z"},
    /* full-signature keys */
    {"Pick(System.Int32)", "i"}, {"Pick(System.Double)", "d"},
    {"Pick(System.String)", "s"}, {"Pick(MyGame.Point2D)", "P"},
    {"Pick(System.Int32,System.Int32)", "ii"},
    {"Offset(MyGame.Point2D&,System.Int32,System.Int32)", "Rii"},
};

static const char *const cbnames[] = {
    "F1", "F2", "OnPoint", "OnRefInt", "F3", "F4",
};

static const char *const ic_fn_names[] = {
    "\"F1\"", "\"F2\"", "\"OnPoint\"", "\"OnRefInt\"", "\"F3\"", "\"F4\"",
    "\"nope\"", "\"\"", "\"error\"", "\"collectgarbage\"", "\"coroutine\"",
    "\"V\"", "nil", "string.rep(\"f\", 300)", "\"F1\\0x\"",
};

static const char *const ints[] = {
    "255", "256", "-1", "65535", "65536", "2147483647", "2147483648",
    "-2147483648", "-2147483649", "4294967295", "4294967296", "math.maxinteger",
    "math.mininteger", "1099511627776", "9007199254740993", "0x7fffffffffffffff",
    "-0x8000000000000000", "127", "-128", "200",
};

static const char *const floats[] = {
    "0.5", "-0.0", "1e308", "-1e308", "1/0", "-1/0", "0/0", "2^53", "2^63",
    "2^64", "-2^63", "3.0", "1e-320", "255.0", "256.5", "2147483647.0",
    "2147483648.0", "-2^31", "0.1", "-1.5",
};

static const char *const strs[] = {
    "\"\"", "\"abc\"", "\"a\\0b\"", "\"\\xff\\xfe\"", "\"\\u{10FFFF}\"",
    "\"\\xed\\xa0\\x80\"", "string.rep(\"x\", 300)", "string.rep(\"\\0\", 17)",
    "\"F1\"", "\"OnPoint\"", "\"x\"", "\"Name\"", "string.rep(\"long\", 1000)",
    "\"1\"", "\"0x10\"", "\" 5 \"", "\"1e2\"", "\"-0\"", "\"nan\"", "\"inf\"",
    "\"MyGame.Point2D\"", "\"System.Int32\"",
};

static const char *const exc_names[] = {
    "\"System.InvalidOperationException\"", "\"System.ArgumentException\"",
    "\"System.NullReferenceException\"", "\"System.Nope\"", "\"Nope\"", "\"\"",
    "\"System.OverflowException\"",
};

/* ---- expressions ----------------------------------------------------------- */

static void g_value(G *g);
static void g_obj(G *g);
static void g_func(G *g);
static void g_body(G *g, int ctx, unsigned max);
static void g_stmt(G *g);

static void g_slot(G *g)
{
    emitf(g, "V[%u]", 1 + pick(g, 16));
}

static const fz_type *pick_type(G *g)
{
    if (pick(g, 4) != 0)
        return &types[pick(g, HOT_TYPES)];
    return &types[pick(g, (unsigned)NELEM(types))];
}

static void g_type_of(G *g, const fz_type *t)
{
    const char *dot = strchr(t->full, '.');
    switch (pick(g, 7)) {
    case 0:
    case 1:
        if (dot == NULL) {
            emitf(g, "CS.%s", t->full);
        } else {
            emit(g, "CS[");
            emit_str(g, t->full, (size_t)(dot - t->full));
            emit(g, "][");
            emit_cstr(g, dot + 1);
            emit(g, "]");
        }
        break;
    case 2:
        emit(g, "CS[");
        emit_cstr(g, t->full);
        emit(g, "]");
        break;
    case 3:
        emit(g, strcmp(t->image, "AC") == 0 ? PICKS(g, ((const char *const[]){
                                                  "CSharp.AC[", "CSharp[\"Assembly-CSharp\"]["}))
                                            : "CSharp.mscorlib[");
        emit_cstr(g, t->full);
        emit(g, "]");
        break;
    case 4:   /* the other assembly, or an unknown one */
        emit(g, PICKS(g, ((const char *const[]){"CSharp.mscorlib[", "CSharp.AC[",
                                                "CSharp.nope["})));
        emit_cstr(g, t->full);
        emit(g, "]");
        break;
    case 5:
        emitf(g, "zlua.types.%s", PICKS(g, zlua_type_keys));
        break;
    default:
        if (g->vdepth < 3) {
            g->vdepth++;
            emit(g, "MT(");
            g_obj(g);
            emit(g, ").__type");
            g->vdepth--;
        } else {
            emit(g, "CS.MyGame.Point2D");
        }
    }
}

static void g_type(G *g)
{
    g_type_of(g, pick_type(g));
}

static void g_name(G *g)
{
    emit_cstr(g, PICKS(g, names));
}

/* obj.name, or obj[key] for other keys */
static void g_index(G *g)
{
    switch (pick(g, 8)) {
    case 0:
        emit(g, "[1]");
        break;
    case 1:
        emit(g, PICKS(g, ((const char *const[]){"[0]", "[-1]", "[true]", "[1.5]",
                                                "[{}]", "[V[1]]", "[2^63]"})));
        break;
    default: {
        const char *n = PICKS(g, names);
        int ident = n[0] != '\0' && (n[0] < '0' || n[0] > '9');
        for (const char *p = n; *p; p++)
            if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                  (*p >= '0' && *p <= '9') || *p == '_'))
                ident = 0;
        if (ident) {
            emitf(g, ".%s", n);
        } else {
            emit(g, "[");
            emit_cstr(g, n);
            emit(g, "]");
        }
    }
    }
}

static void g_lud(G *g)
{
    switch (pick(g, 10)) {
    case 9: {   /* registry keys, captured locals */
        size_t mark = g->len;
        emitf(g, "LUD(%u)", pick(g, 64));
        skip_end(g, mark, F_PTRARG, "nil");
        break;
    }
    case 0:
        emit(g, "H[#H]");
        break;
    case 1:
        emitf(g, "H[%u]", 1 + pick(g, 8));
        break;
    case 2:
        emit(g, "UP(zlua.get_opaquevalue, 1)");   /* the context */
        break;
    case 3:
        emit(g, "UP(CS.Demo.Add, 1)");           /* a zlua__method */
        break;
    case 4:
        emit(g, "UP(MT(");
        g_obj(g);
        emit(g, ").__index, 2)");               /* a zlua__class */
        break;
    case 5:
        emit(g, "MEM(");
        g_obj(g);
        emit(g, ")");
        g_index(g);                              /* a zlua__member */
        break;
    case 6:
        emit(g, "debug.upvalueid(");
        g_func(g);
        emitf(g, ", %u)", 1 + pick(g, 3));
        break;
    case 7:
        emit(g, "UP(MT(");
        g_type(g);
        emit(g, ").__call, 1)");
        break;
    default:
        emit(g, "UP(STA(");
        g_type(g);
        emit(g, ")._ctor, 1)");
    }
}

/* an argument for one signature letter */
static void g_arg(G *g, char c)
{
    if (pick(g, 8) == 0) {   /* hostile instead */
        g_value(g);
        return;
    }
    switch (c) {
    case 'i':
    case 'l':
        if (pick(g, 3) == 0)
            emit(g, PICKS(g, ints));
        else
            emitf(g, "%d", (int)pick(g, 20) - 3);
        break;
    case 'z':
        emitf(g, "%d", pick(g, 16) == 0 ? -1 : (int)pick(g, 9));
        break;
    case 'q':
        /* an index into Demo.Buffer()'s four ints: the unsafe methods do
         * no bounds check (C# pointer arithmetic), so an index outside
         * would be the fixture's own out-of-bounds access, not libzlua's */
        emitf(g, "%d", (int)pick(g, 4));
        break;
    case 'f':
    case 'd':
        if (pick(g, 3) == 0)
            emit(g, PICKS(g, floats));
        else {
            int ip = (int)pick(g, 10) - 2;
            emitf(g, "%d.%u", ip, pick(g, 10));
        }
        break;
    case 'b':
        emit(g, pick(g, 2) ? "true" : "false");
        break;
    case 's':
    case 'B':
        emit(g, PICKS(g, strs));
        break;
    case 'y':
        emitf(g, "%u", pick(g, 256));
        break;
    case 'u':
        emit(g, PICKS(g, ((const char *const[]){"0", "1", "-1", "2^63", "2^64",
                                                "math.mininteger", "1.5"})));
        break;
    case 'C':
        emit(g, PICKS(g, ((const char *const[]){"65", "0", "65535", "65536",
                                                "0xD800", "-1"})));
        break;
    case 'c':
        emit(g, PICKS(g, ((const char *const[]){"0", "1", "2", "CS.MyGame.Color.Red",
                                                "CS.MyGame.Color.Blue", "7",
                                                "2^31"})));
        break;
    case 'n':
        if (pick(g, 2))
            emit(g, "nil");
        else
            emitf(g, "%u", pick(g, 10));
        break;
    case 'r':
    case 'S':
        switch (pick(g, 4)) {
        case 0: emit(g, "H[#H]"); break;
        case 1: emit(g, "nil"); break;
        case 2: emit(g, c == 'r' ? "5" : "\"s\""); break;
        default: emit(g, "zlua.new_ref and zlua.new_ref(zlua.types.int, 1)");
        }
        break;
    case 'R':
    case 'P':
        switch (pick(g, 6)) {
        case 0: emit(g, "H[#H]"); break;
        case 1: emit(g, "CS.Demo.MakePoint(1, 2)"); break;
        case 2: emit(g, "CS.MyGame.Point2D.Zero"); break;
        case 3: g_slot(g); break;
        default: {
            unsigned px = pick(g, 5);
            emitf(g, "CS.MyGame.Point2D(%u, %u)", px, pick(g, 5));
        }
        }
        break;
    case 'T':
        switch (pick(g, 4)) {
        case 0: emit(g, "CS.Demo.MakeTagged(1, \"t\")"); break;
        case 1: g_slot(g); break;
        case 2: emit(g, "CS.MyGame.Tagged()"); break;
        default: emit(g, "CS.MyGame.Tagged(2, \"u\")");
        }
        break;
    case 'a':
        emit(g, PICKS(g, ((const char *const[]){"{1, 2, 3}", "{}", "CS.Demo.MakeArray(3)",
                                                "{1, nil, 3}", "{[0] = 1}", "{x = 1}",
                                                "{1.5}", "{\"1\"}", "nil", "{1, {2}}",
                                                "{[1] = 1, [1 << 40] = 2}",
                                                "CS.Demo.MakeGrid(2, 2)", "CS.Demo.Names()",
                                                "CS.Demo.Mixed()", "CS.Demo.Points(2)",
                                                "CS.Demo.Taggeds(2)",
                                                "{CS.MyGame.Point2D(1, 2), 3}"})));
        break;
    case 'V':
        emit(g, PICKS(g, ((const char *const[]){"{X = 1, Y = 2}", "{X = 1}", "{}",
                                                "{X = \"1\", Y = 2}", "nil",
                                                "CS.MyGame.Vector2(1, 2)",
                                                "setmetatable({}, {__index = function(t, k) "
                                                "collectgarbage() return 1 end})"})));
        break;
    case 'U':
        emit(g, PICKS(g, ((const char *const[]){"1, 2", "1", "1.5, 1/0", "\"a\", 2",
                                                "CS.MyGame.Vector2(1, 2)"})));
        break;
    case 'D':
        emit(g, PICKS(g, ((const char *const[]){"{X = 1, Y = 2, Tag = \"t\"}",
                                                "{X = 1, Y = 2}", "{X = 1}",
                                                "CS.MyGame.MyDto()", "{Tag = 5}"})));
        break;
    case 'Y':
    case 'I':
        switch (pick(g, 3)) {
        case 0: emit(g, "CS.Demo.MakePlayer(\"p\")"); break;
        case 1: g_slot(g); break;
        default: emit(g, "CS.MyGame.Player(\"q\")");
        }
        break;
    case 'F':
        emit(g, PICKS(g, ic_fn_names));
        break;
    case 'L':
        g_func(g);
        break;
    case 'p':
        switch (pick(g, 4)) {
        case 0: emit(g, "H[#H]"); break;
        case 1: {
            size_t mark = g->len;
            emitf(g, "LUD(%u)", pick(g, 64));
            skip_end(g, mark, F_PTRARG, "nil");
            break;
        }
        default: emit(g, "CS.Demo.Buffer()");
        }
        break;
    case 'O':
        g_obj(g);
        break;
    default:
        g_value(g);
    }
}

static void g_args_sig(G *g, const char *sig)
{
    size_t n = strlen(sig);
    unsigned mode = pick(g, 10);
    if (mode == 0) {            /* a wrong count of hostile values */
        unsigned k = pick(g, 6);
        for (unsigned i = 0; i < k; i++) {
            if (i)
                emit(g, ", ");
            g_value(g);
        }
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (i)
            emit(g, ", ");
        g_arg(g, sig[i]);
    }
    if (mode == 1) {            /* one too many */
        if (n)
            emit(g, ", ");
        g_value(g);
    }
}

static void g_args(G *g)
{
    unsigned k = pick(g, 5);
    for (unsigned i = 0; i < k; i++) {
        if (i)
            emit(g, ", ");
        g_value(g);
    }
}

static void g_demo_call(G *g)
{
    const fz_method *m = &PICKS(g, demo);
    if (strchr(m->name, '(') != NULL) {
        emit(g, "CS.Demo[");
        emit_cstr(g, m->name);
        emit(g, "](");
    } else {
        emitf(g, pick(g, 4) ? "CS.Demo.%s(" : "CSharp.AC.Demo.%s(", m->name);
    }
    g_args_sig(g, m->sig);
    emit(g, ")");
}

/* a construction: T(...), T._ctor(...), T._default() */
static void g_new(G *g)
{
    const fz_type *t = pick_type(g);
    unsigned form = pick(g, 5);
    g_type_of(g, t);
    switch (form) {
    case 0:
        emit(g, "._default(");
        if (pick(g, 4) == 0)
            g_value(g);
        emit(g, ")");
        return;
    case 1:
        emit(g, "._ctor(");
        break;
    default:
        emit(g, "(");
    }
    if (pick(g, 4) == 0)
        g_args(g);
    else
        g_args_sig(g, t->ctor);
    emit(g, ")");
}

static void g_table(G *g)
{
    switch (pick(g, 12)) {
    case 0: emit(g, "{}"); break;
    case 1: emit(g, "{1, 2, 3}"); break;
    case 2: emit(g, "{X = 1, Y = 2}"); break;
    case 3: emit(g, "{X = 1.5, Y = \"2\", Tag = \"t\"}"); break;
    case 4: emit(g, "{1, nil, 3}"); break;
    case 5: emit(g, "{[0] = 1, x = 2}"); break;
    case 6:
        emit(g, "{");
        g_value(g);
        emit(g, ", ");
        g_value(g);
        emit(g, "}");
        break;
    case 7:
        emit(g, "{X = ");
        g_value(g);
        emit(g, ", Y = ");
        g_value(g);
        emit(g, "}");
        break;
    case 8:
        emit(g, "setmetatable({}, {__index = function(t, k) ");
        g_stmt(g);
        emit(g, " return 1 end})");
        break;
    case 9:
        emit(g, "setmetatable({1, 2}, {__len = function() return 1e9 end})");
        break;
    case 10:
        emit(g, "V");
        break;
    default:
        emit(g, "{n = ");
        g_value(g);
        emit(g, "}");
    }
}

static void g_meta(G *g)
{
    switch (pick(g, 6)) {
    case 0:
        emit(g, "MT(");
        g_obj(g);
        emit(g, ")");
        break;
    case 1:
        g_type(g);
        emit(g, ".__instance_mt");
        break;
    case 2:
        g_type(g);
        emit(g, ".__byobj_instance_mt");
        break;
    case 3:
        g_type(g);
        emit(g, ".__byval_instance_mt");
        break;
    case 4:
        emit(g, "MT(");
        g_type(g);
        emit(g, ")");
        break;
    default:
        emit(g, "STA(");
        g_type(g);
        emit(g, ")");
    }
}

static void g_value(G *g)
{
    if (g->full)
        return;
    unsigned k = g->vdepth >= 3 ? pick(g, 8) : pick(g, 26);
    g->vdepth++;
    switch (k) {
    case 0: emit(g, "nil"); break;
    case 1: emit(g, pick(g, 2) ? "true" : "false"); break;
    case 2: emitf(g, "%d", (int)pick(g, 20) - 3); break;
    case 3: emit(g, PICKS(g, ints)); break;
    case 4: emit(g, PICKS(g, floats)); break;
    case 5: emit(g, PICKS(g, strs)); break;
    case 6: g_slot(g); break;
    case 7: emit(g, PICKS(g, ((const char *const[]){"H[#H]", "FOREIGN1", "FOREIGN2"}))); break;
    case 8: g_table(g); break;
    case 9: g_type(g); break;
    case 10: g_new(g); break;
    case 11: g_demo_call(g); break;
    case 12: g_func(g); break;
    case 13:
        emit(g, PICKS(g, ((const char *const[]){"coroutine.running()",
                                                "coroutine.create(NOOP)",
                                                "coroutine.create(CS.Demo.Add)"})));
        break;
    case 14: g_lud(g); break;
    case 15: g_meta(g); break;
    case 16:
        if (g->ctx == CTX_CB)
            emit(g, pick(g, 3) ? "h" : "g");
        else if (g->ctx == CTX_GC)
            emit(g, pick(g, 2) ? "o" : "o[1]");
        else if (g->ctx == CTX_HOOK)
            emit(g, "ev");
        else
            g_slot(g);
        break;
    case 17:
        emit(g, "(");
        g_obj(g);
        emit(g, ")");
        g_index(g);
        break;
    case 18:
        emit(g, PICKS(g, ((const char *const[]){"zlua.to_user_data(H[#H])",
                                                "zlua.get_opaquevalue(H[#H])",
                                                "zlua.types", "zlua", "CS", "CSharp",
                                                "CS.MyGame", "CSharp.AC", "testbed",
                                                "zlua.new_ref(zlua.types.int32, 5)",
                                                "zlua.new_ref(CS.MyGame.Point2D, 1, 2)",
                                                "zlua.new_ref(CS.MyGame.Tagged, 1, 's')",
                                                "zlua.new_ref(CS.MyGame.Color, 2)",
                                                "zlua.box(CS.MyGame.Color, 1)",
                                                "CS.Demo.MakeAdder(1)"})));
        break;
    case 19:
        emit(g, PICKS(g, ((const char *const[]){
                             "CS.Demo.Box(3)", "CS.Demo.MakeArray(3)",
                             "CS.Demo.MakeStringObject(\"s\")", "CS.Demo.MakeByteArray(4)",
                             "CS.Demo.MaybeInt(true)", "CS.Demo.MakePlayer(\"p\")",
                             "CS.Demo.MakeTagged(7, \"m\")", "CS.MyGame.Point2D.Zero",
                             "CS.Demo.GetPos()", "CS.Demo.MakeDto(1, 2, \"d\")",
                             "CS.Demo.MakeBytes(3)"})));
        break;
    default:
        g_obj(g);
    }
    g->vdepth--;
}

/* a value likely to be one of libzlua's */
static void g_obj(G *g)
{
    if (g->full)
        return;
    g->vdepth++;
    unsigned k = g->vdepth >= 4 ? 0 : pick(g, 12);
    switch (k) {
    case 0:
    case 1:
    case 2:
    case 3:
        g_slot(g);
        break;
    case 4:
    case 5:
        g_new(g);
        break;
    case 6:
        emit(g, PICKS(g, ((const char *const[]){
                             "CS.Demo.MakePlayer(\"p\")", "CS.Demo.MakeTagged(1, \"t\")",
                             "CS.Demo.Box(5)", "CS.Demo.MakeArray(2)",
                             "CS.Demo.MakeStringObject(\"o\")", "CS.Demo.MakePoint(1, 2)",
                             "CS.MyGame.Line()", "CS.MyGame.Tagged()",
                             "CS.MyGame.Player(\"n\")", "CS.Demo.MakeByteArray(2)"})));
        break;
    case 7:
        g_demo_call(g);
        break;
    case 8:
        g_type(g);
        break;
    case 9:
        if (g->ctx == CTX_CB)
            emit(g, "zlua.to_user_data(h)");
        else if (g->ctx == CTX_GC)
            emit(g, "o[1]");
        else
            emit(g, "zlua.to_user_data(H[#H])");
        break;
    case 10:
        emit(g, "W[1]");
        break;
    default:
        g_value(g);
    }
    g->vdepth--;
}

/* a function of libzlua (or something else callable) */
static void g_zfunc(G *g)
{
    switch (pick(g, 14)) {
    case 0:
        emit(g, PICKS(g, ((const char *const[]){"zlua.get_opaquevalue", "zlua.set_opaquevalue",
                                                "zlua.to_user_data", "MT(zlua.types).__index",
                                                "zlua.new_ref", "zlua.box", "zlua.unbox",
                                                "zlua.cast", "zlua.to_table", "zlua.to_bytes",
                                                "MT(CS).__index", "MT(CS.MyGame).__index",
                                                "MT(CSharp).__index", "MT(CSharp.AC).__index",
                                                "testbed.stats", "testbed.track"})));
        break;
    case 1:
    case 2:
    {
        const char *m = PICKS(g, demo).name;
        if (strchr(m, '(') != NULL) {
            emit(g, "CS.Demo[");
            emit_cstr(g, m);
            emit(g, "]");
        } else {
            emitf(g, "CS.Demo.%s", m);
        }
    }
        break;
    case 3:
        g_type(g);
        emit(g, pick(g, 2) ? "._ctor" : "._default");
        break;
    case 4:
    case 5:
        emit(g, "MT(");
        g_type(g);
        emitf(g, ").%s", PICKS(g, ((const char *const[]){"__call", "__newindex", "__tostring"})));
        break;
    case 6:
        emit(g, "MT(STA(");
        g_type(g);
        emit(g, ")).__index");
        break;
    case 7:
    case 8:
    case 9:
        emit(g, "MT(");
        g_obj(g);
        emitf(g, ").%s", PICKS(g, ((const char *const[]){"__index", "__newindex", "__gc",
                                                         "__tostring"})));
        break;
    case 10:
        g_meta(g);
        emitf(g, ".%s", PICKS(g, ((const char *const[]){"__index", "__newindex", "__gc",
                                                         "__tostring"})));
        break;
    case 11:
        emit(g, "(");
        g_obj(g);
        emitf(g, ").%s", PICKS(g, ((const char *const[]){"Length", "Scale", "ToString", "Move",
                                                         "Area", "GetType", "Equals"})));
        break;
    default:
        g_slot(g);
    }
}

static void g_fn_body(G *g, const char *params, int ctx)
{
    int saved_ctx = g->ctx, saved_vdepth = g->vdepth;
    emitf(g, "function(%s)\n", params);
    g->depth++;
    g->vdepth = 0;
    g_body(g, ctx, 4);
    g->depth--;
    g->ctx = saved_ctx;
    g->vdepth = saved_vdepth;
    emit(g, "end");
}

static void g_func(G *g)
{
    if (g->full)
        return;
    unsigned k = g->depth >= 3 || g->stmts <= 0 ? pick(g, 4) : pick(g, 9);
    switch (k) {
    case 0:
        emit(g, PICKS(g, ((const char *const[]){"NOOP", "error", "tostring",
                                                "coroutine.yield", "collectgarbage",
                                                "KEEP"})));
        break;
    case 1:
    case 2:
        g_zfunc(g);
        break;
    case 3:
        g_slot(g);
        break;
    case 4:
    case 5:
        g_fn_body(g, "h, g, ...", CTX_CB);
        break;
    case 6:
        g_fn_body(g, "o", CTX_GC);
        break;
    case 7:
        g_fn_body(g, "...", CTX_CO);
        break;
    default:
        g_fn_body(g, "...", CTX_FN);
    }
}

/* ---- statements --------------------------------------------------------- */

/* an IC call (C# calling Lua), guarded against unbounded recursion */
static void g_ic_call(G *g)
{
    emit(g, "if D < 4 then D = D + 1 P(function() ");
    switch (pick(g, 9)) {
    case 0:
        g_slot(g);
        emit(g, " = CS.Demo.CallOnPoint(");
        g_arg(g, 'P');
        emit(g, ")");
        break;
    case 1:
        g_slot(g);
        emit(g, " = CS.Demo.CallOnRefInt(");
        g_arg(g, 'i');
        emit(g, ")");
        break;
    case 2:
        emit(g, "CS.Demo.InvokeWithPoint(");
        g_args_sig(g, "FP");
        emit(g, ")");
        break;
    case 3:
        g_slot(g);
        emit(g, " = CS.Demo.InvokeWithRefPoint(");
        g_args_sig(g, "FP");
        emit(g, ")");
        break;
    case 4:
        g_slot(g);
        emit(g, " = CS.Demo.InvokeWithRefInt(");
        g_args_sig(g, "Fi");
        emit(g, ")");
        break;
    case 5:
        g_slot(g);
        emit(g, " = CS.Demo.InvokeWithRefString(");
        g_args_sig(g, "Fs");
        emit(g, ")");
        break;
    case 6:
        emit(g, "CS.Demo.InvokeNested(");
        g_args_sig(g, "FF");
        emit(g, ")");
        break;
    case 7:
        g_slot(g);
        emit(g, " = CS.Demo.InvokeCatch(");
        g_args_sig(g, "F");
        emit(g, ")");
        break;
    default:
        g_slot(g);
        emit(g, " = CS.Demo.ApplyPoint(");
        g_args_sig(g, "LP");
        emit(g, ")");
    }
    emit(g, " end) D = D - 1 end");
}

/* what a callback does with its handle h (and g) */
static void g_cb_stmt(G *g)
{
    switch (pick(g, 14)) {
    case 0: emit(g, "KEEP(h)"); break;
    case 1:
        g_slot(g);
        emit(g, " = zlua.get_opaquevalue(h)");
        break;
    case 2:
        emit(g, "zlua.set_opaquevalue(h, ");
        g_value(g);
        emit(g, ")");
        break;
    case 3:
        g_slot(g);
        emit(g, " = zlua.to_user_data(h)");
        break;
    case 4:
    {
        g_slot(g);
        const char *m = PICKS(g, ((const char *const[]){"IncrementOpaque", "Increment", "SumPoint",
                                                        "ReadIn", "SetNullable", "Replace",
                                                        "SwapObj", "Pick", "TaggedName", "Same",
                                                        "OrZero", "Add"}));
        emitf(g, " = CS.Demo.%s(h%s)", m, pick(g, 3) == 0 ? ", 1" : "");
        break;
    }
    case 5:
        emit(g, "CS.Demo.Offset(h, 1, 2)");
        break;
    case 6:
        emit(g, "error(");
        g_value(g);
        emit(g, ")");
        break;
    case 7:
        emit(g, "coroutine.yield(h)");
        break;
    case 8:
        g_ic_call(g);
        break;
    case 9:
        emit(g, "if type(g) == \"string\" and D < 4 then D = D + 1 "
                "P(CS.Demo.InvokeCatch, g) D = D - 1 end");
        break;
    case 10:
        emit(g, "return ");
        g_value(g);
        break;
    case 11:
        emit(g, "collectgarbage()");
        break;
    default:
        g_stmt(g);
    }
}

static void g_gc_stmt(G *g)
{
    switch (pick(g, 8)) {
    case 0:
        g_slot(g);
        emit(g, " = o");
        break;
    case 1:
        g_slot(g);
        emit(g, " = o[1]");
        break;
    case 2:
        emit(g, "R = o");
        break;
    case 3:
        emit(g, "setmetatable(o, getmetatable(o))");   /* finalize again later */
        break;
    case 4:
        g_slot(g);
        emit(g, " = (o[1])");
        g_index(g);
        break;
    default:
        g_stmt(g);
    }
}

static void g_hookcall(G *g);

static void g_hook_stmt(G *g)
{
    switch (pick(g, 6)) {
    case 5:
        g_hookcall(g);
        break;
    case 0:
        g_slot(g);
        emit(g, " = debug.getinfo(2, \"f\").func");
        break;
    case 1: {
        size_t mark = g->len;
        unsigned lv = 2 + pick(g, 3);
        emitf(g, "debug.setlocal(%u, %d, ", lv, (int)pick(g, 5) - 1);
        g_value(g);
        emit(g, ")");
        skip_end(g, mark, F_SETLOCAL, "V[1] = nil");
        break;
    }
    default:
        g_stmt(g);
    }
}

static void g_co_stmt(G *g)
{
    switch (pick(g, 4)) {
    case 0:
        emit(g, "coroutine.yield(");
        g_value(g);
        emit(g, ")");
        break;
    case 1:
        g_ic_call(g);
        break;
    default:
        g_stmt(g);
    }
}

static void g_collect(G *g)
{
    switch (pick(g, 10)) {
    case 0:
    case 1:
        emit(g, "collectgarbage(\"collect\")");
        break;
    case 2:
    case 3:
        emitf(g, "collectgarbage(\"step\", %s)",
              PICKS(g, ((const char *const[]){"0", "1", "4", "1000"})));
        break;
    case 4:
    {
        const char *a = PICKS(g, ((const char *const[]){"0", "10", "100", "200"}));
        const char *b = PICKS(g, ((const char *const[]){"100", "400", "1000"}));
        emitf(g, "collectgarbage(\"incremental\", %s, %s, %s)", a, b,
              PICKS(g, ((const char *const[]){"0", "5", "13"})));
        break;
    }
    case 5:
    {
        const char *a = PICKS(g, ((const char *const[]){"1", "20", "100"}));
        emitf(g, "collectgarbage(\"generational\", %s, %s)", a,
              PICKS(g, ((const char *const[]){"50", "100", "200"})));
        break;
    }
    case 6:
        emit(g, PICKS(g, ((const char *const[]){"collectgarbage(\"stop\")",
                                                "collectgarbage(\"restart\")",
                                                "collectgarbage(\"incremental\")",
                                                "collectgarbage(\"generational\")"})));
        break;
    case 7:
        g_slot(g);
        emit(g, " = collectgarbage(\"count\")");
        break;
    case 8:
        emit(g, "testbed.gc()");
        break;
    default:
        emit(g, "collectgarbage()");
    }
}

static void g_debug_case(G *g, unsigned k);

static void g_debug(G *g)
{
    size_t mark = g->len;
    unsigned k = pick(g, 24);
    static const signed char feature[24] = {
        F_SETMT, F_SETMT, -1, F_CALLMM, F_CALLMM, F_CALLMM, F_CALLMM, -1,
        F_SETUPVALUE, F_SETUPVALUE, F_MEMTABLE, F_MEMTABLE, F_MEMTABLE, F_REG, F_REG, F_REG,
        F_REG, F_REG, F_REG_KEYS, -1, -1, -1, F_SETLOCAL, -1};
    g_debug_case(g, k);
    if (feature[k] >= 0)
        skip_end(g, mark, feature[k], "V[1] = nil");
}

static void g_debug_case(G *g, unsigned k)
{
    switch (k) {
    case 0:
    case 1:
        emit(g, "debug.setmetatable(");
        g_obj(g);
        emit(g, ", ");
        switch (pick(g, 8)) {
        case 0: emit(g, "nil"); break;
        case 1: emit(g, "{}"); break;
        case 2:
            emit(g, "{__gc = ");
            g_func(g);
            emit(g, "}");
            break;
        case 3:
            emit(g, "{__gc = MT(");
            g_obj(g);
            emit(g, ").__gc}");
            break;
        case 4:
            emit(g, "{__index = MT(");
            g_obj(g);
            emit(g, ").__index, __newindex = MT(");
            g_obj(g);
            emit(g, ").__newindex}");
            break;
        case 5:
            emit(g, "CP(");
            g_meta(g);
            emitf(g, ", \"%s\")", PICKS(g, metakeys));
            break;
        default:
            g_meta(g);
        }
        emit(g, ")");
        break;
    case 2:
        g_slot(g);
        emit(g, " = MT(");
        g_obj(g);
        emit(g, ")");
        if (pick(g, 2))
            emitf(g, ".%s", PICKS(g, metakeys));
        break;
    case 3:
    case 4:
        g_slot(g);
        emit(g, " = MT(");
        g_obj(g);
        emit(g, ").__index(");
        g_value(g);
        emit(g, ", ");
        g_name(g);
        emit(g, ")");
        break;
    case 5:
        emit(g, "MT(");
        g_obj(g);
        emit(g, ").__newindex(");
        g_value(g);
        emit(g, ", ");
        g_name(g);
        emit(g, ", ");
        g_value(g);
        emit(g, ")");
        break;
    case 6:
        emit(g, "MT(");
        g_obj(g);
        emitf(g, ").%s(", PICKS(g, ((const char *const[]){"__gc", "__tostring", "__gc"})));
        g_value(g);
        emit(g, ")");
        break;
    case 7:
        g_slot(g);
        emit(g, " = UP(");
        g_zfunc(g);
        emitf(g, ", %u)", 1 + pick(g, 3));
        break;
    case 8:
    case 9:
        emit(g, "SUP(");
        g_zfunc(g);
        emitf(g, ", %u, ", 1 + pick(g, 3));
        if (pick(g, 2)) {
            emit(g, "UP(");
            g_zfunc(g);
            emitf(g, ", %u)", 1 + pick(g, 3));
        } else {
            g_value(g);
        }
        emit(g, ")");
        break;
    case 10:   /* move every member of one type's member table to another's */
        emit(g, "local a, b = MEM(");
        g_obj(g);
        emit(g, "), MEM(");
        g_obj(g);
        emit(g, ") for k, v in next, a do b[k] = v end");
        break;
    case 11:
        emit(g, "MEM(");
        g_obj(g);
        emit(g, ")[");
        g_name(g);
        emit(g, "] = ");
        if (pick(g, 2)) {
            emit(g, "MEM(");
            g_obj(g);
            emit(g, ")[");
            g_name(g);
            emit(g, "]");
        } else {
            g_value(g);
        }
        break;
    case 12:
        emit(g, "STA(");
        g_type(g);
        emit(g, ")[");
        g_name(g);
        emit(g, "] = ");
        if (pick(g, 2)) {
            emit(g, "STA(");
            g_type(g);
            emit(g, ")[");
            g_name(g);
            emit(g, "]");
        } else {
            g_value(g);
        }
        break;
    case 13:
        emitf(g, "local r, k = REG(), RK(%u) if k then r[k] = ", pick(g, 64));
        g_value(g);
        emit(g, " end");
        break;
    case 14:
    {
        unsigned a = pick(g, 64);
        emitf(g, "local r, a, b = REG(), RK(%u), RK(%u) if a and b then r[a], r[b] = r[b], r[a] end",
              a, pick(g, 64));
        break;
    }
    case 15:
    {
        unsigned a = pick(g, 64);
        emitf(g, "local t = REG()[RK(%u)] if type(t) == \"table\" then local k = NTH(t, %u) "
                 "if k ~= nil then t[k] = ",
              a, 1 + pick(g, 8));
    }
        g_value(g);
        emit(g, " end end");
        break;
    case 16:
    {
        unsigned a = pick(g, 64);
        emitf(g, "local t, u = REG()[RK(%u)], REG()[RK(%u)] if type(t) == \"table\" and "
                 "type(u) == \"table\" then for k, v in next, t do u[k] = v end end",
              a, pick(g, 64));
        break;
    }
    case 17:
        g_slot(g);
        emitf(g, " = REG()[RK(%u)]", pick(g, 64));
        break;
    case 18:
        emit(g, "local r = REG() for k in next, r do if type(k) == \"userdata\" then r[k] = ");
        g_value(g);
        emit(g, " end end");
        break;
    case 19:
        switch (pick(g, 4)) {
        case 0:
            emit(g, "debug.sethook()");
            break;
        case 1:
            emit(g, "debug.sethook(");
            g_slot(g);
            emit(g, ", ");
            g_fn_body(g, "ev, line", CTX_HOOK);
            emit(g, ", \"l\")");
            break;
        default:
            emit(g, "debug.sethook(");
            g_fn_body(g, "ev, line", CTX_HOOK);
            {
                const char *mask = PICKS(g, ((const char *const[]){"c", "r", "l", "crl", "",
                                                                   "cr"}));
                emitf(g, ", \"%s\", %u)", mask, pick(g, 3) == 0 ? 0u : pick(g, 50));
            }
        }
        break;
    case 20:
        g_slot(g);
        emit(g, " = debug.getuservalue(");
        g_obj(g);
        emitf(g, ", %d)", (int)pick(g, 4) - 1);
        break;
    case 21:
        emit(g, "debug.setuservalue(");
        g_obj(g);
        emit(g, ", ");
        g_value(g);
        emitf(g, ", %d)", (int)pick(g, 4) - 1);
        break;
    case 22:
    {
        unsigned lv = 1 + pick(g, 6);
        emitf(g, "debug.setlocal(%u, %d, ", lv, (int)pick(g, 6) - 1);
    }
        g_value(g);
        emit(g, ")");
        break;
    default:
        g_slot(g);
        emitf(g, " = debug.upvalueid(");
        g_zfunc(g);
        emitf(g, ", %u)", 1 + pick(g, 2));
    }
}

/* writes to what T.__instance_mt & co. give, and to the type table */
static void g_mtwrite_case(G *g);

static void g_mtwrite(G *g)
{
    size_t mark = g->len;
    g_mtwrite_case(g);
    skip_end(g, mark, F_MTWRITE, "V[1] = nil");
}

static void g_mtwrite_case(G *g)
{
    switch (pick(g, 7)) {
    case 0:
    case 1:
        g_meta(g);
        emitf(g, ".%s = ", PICKS(g, metakeys));
        g_value(g);
        break;
    case 2:
        g_type(g);
        emitf(g, ".%s = ", PICKS(g, ((const char *const[]){"__instance_mt", "__byval_instance_mt",
                                                           "__byobj_instance_mt", "__gc",
                                                           "__index"})));
        g_value(g);
        break;
    case 3:
        emit(g, "rawset(");
        g_type(g);
        emit(g, ", ");
        g_name(g);
        emit(g, ", ");
        g_value(g);
        emit(g, ")");
        break;
    case 4:
        emit(g, "setmetatable(");
        g_meta(g);
        emit(g, ", {__index = ");
        g_value(g);
        emit(g, "})");
        break;
    case 5:
        emit(g, "local m = ");
        g_meta(g);
        emitf(g, " m.%s, m.%s = m.%s, m.%s", "__index", "__gc", "__gc", "__index");
        break;
    default:
        emit(g, "debug.setmetatable(");
        g_type(g);
        emit(g, ", ");
        g_meta(g);
        emit(g, ")");
    }
}

static void g_coroutine(G *g)
{
    switch (pick(g, 7)) {
    case 0:
        g_slot(g);
        emit(g, " = coroutine.create(");
        g_func(g);
        emit(g, ")");
        break;
    case 1:
        g_slot(g);
        emit(g, " = coroutine.wrap(");
        g_func(g);
        emit(g, ")");
        break;
    case 2:
    case 3:
        g_slot(g);
        emit(g, " = select(2, coroutine.resume(");
        g_slot(g);
        emit(g, ", ");
        g_value(g);
        emit(g, "))");
        break;
    case 4:
        emit(g, "coroutine.close(");
        g_slot(g);
        emit(g, ")");
        break;
    case 5:
        emit(g, "local co = coroutine.create(");
        g_fn_body(g, "...", CTX_CO);
        emit(g, ") ");
        g_slot(g);
        emit(g, " = co coroutine.resume(co, ");
        g_value(g);
        emit(g, ")");
        break;
    default:
        emit(g, "coroutine.wrap(function() ");
        g_ic_call(g);
        emit(g, " coroutine.yield() ");
        g_ic_call(g);
        emit(g, " end)()");
    }
}

static void g_gcobj(G *g)
{
    switch (pick(g, 6)) {
    case 0:
    case 1:
        emit(g, "setmetatable({");
        g_obj(g);
        emit(g, ", ");
        g_value(g);
        emit(g, "}, {__gc = ");
        g_fn_body(g, "o", CTX_GC);
        emit(g, "})");
        break;
    case 2:
        g_slot(g);
        emit(g, " = setmetatable({");
        g_obj(g);
        emit(g, "}, {__gc = ");
        g_fn_body(g, "o", CTX_GC);
        emit(g, "})");
        break;
    case 3:
        emitf(g, "W = setmetatable({");
        g_obj(g);
        emit(g, ", ");
        g_obj(g);
        emitf(g, "}, {__mode = \"%s\"})", PICKS(g, ((const char *const[]){"k", "v", "kv"})));
        break;
    case 4: {
        size_t mark = g->len;
        emit(g, "debug.setmetatable(");
        g_obj(g);
        emit(g, ", {__gc = ");
        g_fn_body(g, "o", CTX_GC);
        emit(g, "})");
        skip_end(g, mark, F_SETMT, "V[1] = nil");
        break;
    }
    default:
        emit(g, "for i = 1, 8 do setmetatable({");
        g_obj(g);
        emit(g, "}, {__gc = function(o) V[i] = o[1] end}) end");
    }
}

static void g_misc(G *g)
{
    g_slot(g);
    emit(g, " = ");
    switch (pick(g, 16)) {
    case 0: emit(g, "tostring("); g_value(g); emit(g, ")"); break;
    case 1: emit(g, "#"); g_obj(g); break;
    case 2: g_obj(g); emit(g, " == "); g_value(g); break;
    case 3: g_obj(g); emit(g, " < "); g_value(g); break;
    case 4: g_obj(g); emit(g, " .. "); g_value(g); break;
    case 5: emit(g, "("); g_obj(g); emit(g, ")("); g_args(g); emit(g, ")"); break;
    case 6: emit(g, "-("); g_obj(g); emit(g, ")"); break;
    case 7: g_obj(g); emit(g, " + "); g_value(g); break;
    case 8: emit(g, "rawequal("); g_obj(g); emit(g, ", "); g_obj(g); emit(g, ")"); break;
    case 9: emit(g, "rawlen("); g_obj(g); emit(g, ")"); break;
    case 10: emit(g, "getmetatable("); g_obj(g); emit(g, ")"); break;
    case 11: emit(g, "next("); g_obj(g); emit(g, ")"); break;
    case 12: emit(g, "string.format(\"%s\", "); g_obj(g); emit(g, ")"); break;
    case 13: emit(g, "setmetatable("); g_obj(g); emit(g, ", {})"); break;
    case 14: emit(g, "select(2, pcall(pairs, "); g_obj(g); emit(g, "))"); break;
    default: emit(g, "type("); g_value(g); emit(g, ")");
    }
}

static void g_zlua(G *g)
{
    switch (pick(g, 9)) {
    case 0:
        g_slot(g);
        emit(g, " = zlua.get_opaquevalue(");
        g_value(g);
        emit(g, ")");
        break;
    case 1:
        emit(g, "zlua.set_opaquevalue(");
        g_value(g);
        emit(g, ", ");
        g_value(g);
        emit(g, ")");
        break;
    case 2:
        g_slot(g);
        emit(g, " = zlua.to_user_data(");
        g_value(g);
        emit(g, ")");
        break;
    case 3:
        g_slot(g);
        emitf(g, " = zlua.types.%s", PICKS(g, zlua_type_keys));
        break;
    case 4:
        emit(g, "zlua.types[");
        g_value(g);
        emit(g, "] = ");
        g_value(g);
        break;
    case 5:
    case 6:
        g_slot(g);
        emitf(g, " = zlua.%s(", PICKS(g, ((const char *const[]){"box", "unbox", "cast", "new_ref",
                                                               "typeof", "generic", "to_table",
                                                               "to_bytes"})));
        g_args(g);
        emit(g, ")");
        break;
    case 7:
        emitf(g, "zlua.%s = ", PICKS(g, ((const char *const[]){"get_opaquevalue", "types",
                                                              "version"})));
        g_value(g);
        break;
    default:
        g_slot(g);
        emit(g, " = zlua.version");
    }
}

static void g_testbed(G *g)
{
    switch (pick(g, 5)) {
    case 0:
        g_slot(g);
        emit(g, " = testbed.stats()");
        break;
    case 1:
        g_slot(g);
        emit(g, " = testbed.track(");
        g_obj(g);
        if (pick(g, 2)) {
            emit(g, ", ");
            emit(g, PICKS(g, ((const char *const[]){"\"name\"", "\"payload\"", "\"id\"",
                                                    "\"x\"", "\"Tag\""})));
        }
        emit(g, ")");
        break;
    case 2:
        g_slot(g);
        emitf(g, " = testbed.alive(%d)", (int)pick(g, 8) - 1);
        break;
    case 3:
        emit(g, "testbed.throw_next(");
        emit(g, PICKS(g, exc_names));
        emit(g, ", ");
        emit(g, PICKS(g, strs));
        emit(g, ")");
        break;
    default:
        emit(g, "testbed.gc()");
    }
}

/* ---- productions of the second red-team round ------------------------------ */

/* the registry's LUA_RIDX_MAINTHREAD (1) and LUA_RIDX_GLOBALS (2) entries
 * replaced (never by nil: Lua indexes the registry's array part for
 * LUA_RIDX_GLOBALS, and a rehash could shrink it), then what would run on
 * the main thread or read the globals: a delegate or an IC call from a
 * coroutine, a collection that frees the decoy */
static void g_reg_main(G *g)
{
    size_t mark = g->len;
    emit(g, "local r = REG() ");
    switch (pick(g, 8)) {
    case 0:
        emit(g, "r[1] = coroutine.create(");
        g_func(g);
        emit(g, ")");
        break;
    case 1:
        emit(g, "r[1] = coroutine.create(NOOP)");
        break;
    case 2:
        emit(g, "r[1] = ");
        emit(g, PICKS(g, ((const char *const[]){"\"x\"", "{}", "V[1]", "coroutine.running()",
                                                "MAIN", "FOREIGN2", "CS.Demo.Box(1)"})));
        break;
    case 3:
        emit(g, "r[2] = ");
        emit(g, PICKS(g, ((const char *const[]){"{}", "CP(GLOB)", "CP(GLOB, \"F1\")",
                                                "setmetatable({}, {__index = GLOB})", "5",
                                                "GLOB", "CS", "coroutine.create(NOOP)"})));
        break;
    case 4:
        emit(g, "r[1], r[2] = r[2], r[1]");
        break;
    case 5:
        emit(g, "r[1], r[2] = MAIN, GLOB");
        break;
    default:
        emit(g, "local co = coroutine.create(NOOP) r[1] = co co = nil");
    }
    switch (pick(g, 6)) {
    case 0:
        break;
    case 1:
        emit(g, " collectgarbage() collectgarbage()");
        break;
    case 2:
        emit(g, " P(coroutine.wrap(function() ");
        g_slot(g);
        emit(g, " = CS.Demo.Apply(");
        g_args_sig(g, "Lii");
        emit(g, ") end))");
        break;
    case 3:
        emit(g, " P(coroutine.wrap(function() ");
        g_ic_call(g);
        emit(g, " end))");
        break;
    case 4:
        emit(g, " ");
        g_ic_call(g);
        break;
    default:
        emit(g, " P(function() ");
        g_slot(g);
        emit(g, " = CS.Demo.Apply(");
        g_args_sig(g, "Lii");
        emit(g, ") end)");
    }
    if (pick(g, 3) == 0)
        emit(g, " r[1], r[2] = MAIN, GLOB");
    skip_end(g, mark, F_REG_MAIN, "V[1] = nil");
}

/* inside a script's hook: call the function the hook runs for with its
 * own locals, a mix, nothing or values of ours (HOOKED in the prelude);
 * what it captures (the function, light userdata among the locals) stays
 * in CF / LU for later productions */
static void g_hookcall(G *g)
{
    size_t mark = g->len;
    emit(g, "local f, a, w = HOOKED() if f");
    if (pick(g, 2))
        emit(g, " and w == \"C\"");
    emit(g, " then ");
    switch (pick(g, 6)) {
    case 0:
        emit(g, "P(f, table.unpack(a, 1, a.n))");
        break;
    case 1:
        emit(g, "P(f, a[1], ");
        g_value(g);
        emit(g, ", ");
        g_value(g);
        emit(g, ")");
        break;
    case 2:
        emit(g, "P(f)");
        break;
    case 3: {
        unsigned n = pick(g, 5);
        emit(g, "P(f");
        for (unsigned i = 0; i < n; i++) {
            emit(g, ", ");
            g_value(g);
        }
        emit(g, ")");
        break;
    }
    case 4:
        emit(g, "P(f, table.unpack(a, 2, a.n))");
        break;
    default:
        g_slot(g);
        emit(g, " = f");
    }
    emit(g, " end");
    skip_end(g, mark, F_HOOKCALL, "V[1] = nil");
}

/* a call hook around an IC call, a delegate or a bridge call, calling
 * what it catches (the IC trampoline while its job is pending) */
static void g_hookcall_stmt(G *g)
{
    size_t mark = g->len;
    int saved_ctx = g->ctx;
    emit(g, "debug.sethook(function(ev, line) P(function() ");
    g->ctx = CTX_HOOK;
    g_hookcall(g);
    g->ctx = saved_ctx;
    emitf(g, " end) end, \"%s\") P(function() ", pick(g, 3) ? "c" : "cr");
    switch (pick(g, 4)) {
    case 0:
        g_slot(g);
        emit(g, " = CS.Demo.Apply(");
        g_args_sig(g, "Lii");
        emit(g, ")");
        break;
    case 1:
        g_slot(g);
        emit(g, " = ");
        g_demo_call(g);
        break;
    default:
        g_ic_call(g);
    }
    emit(g, " end) debug.sethook()");
    skip_end(g, mark, F_HOOKCALL, "V[1] = nil");
}

/* light userdata in a script's reach (registry keys and values, locals a
 * hook read, upvalues of captured functions) and captured functions given
 * to the T* parameters; the fuzz build's Demo.ReadPtr / WritePtr abort on
 * any pointer C# did not hand out (tests/sim/sim_bodies_demo.c) */
static void g_ptrarg(G *g)
{
    size_t mark = g->len;
    const char *m = pick(g, 2) ? "ReadPtr" : "WritePtr";
    const char *tail = m[0] == 'R' ? "" : ", 7";
    unsigned q = pick(g, 4);
    switch (pick(g, 6)) {
    case 0:
        emitf(g, "for i = 1, 40 do local p = LUD(i) if p == nil then break end"
                 " P(CS.Demo.%s, p, %u%s) end", m, q, tail);
        break;
    case 1:
        emitf(g, "P(CS.Demo.%s, CFN(%u), %u%s)", m, pick(g, 64), q, tail);
        break;
    case 2:
        emitf(g, "P(CS.Demo.%s, UP(CFN(%u), %u), %u%s)", m, pick(g, 64), 1 + pick(g, 3), q,
              tail);
        break;
    case 3:   /* the registry's light userdata after a generic cache is made */
        emitf(g, "P(function() zlua.generic(CS.Demo.First, zlua.types.int32)({5, 6}) end)"
                 " P(CS.Demo.%s, LUD(%u), %u%s)", m, pick(g, 64), q, tail);
        break;
    case 4:
        g_slot(g);
        emitf(g, " = CS.Demo.%s(", m);
        g_lud(g);
        emitf(g, ", %u%s)", q, tail);
        break;
    default:
        emitf(g, "P(CS.Demo.%s, LUD(%u), %u%s)", m, pick(g, 64), q, tail);
    }
    skip_end(g, mark, F_PTRARG, "V[1] = nil");
}

/* a collection's pair iterator or __pairs with a box (upvalue) of another
 * closure, or one of its own in the wrong slot, then iterated */
static const char *const collections[] = {
    "CS.Demo.MakeArray(3)", "CS.Demo.MakeList(3)", "CS.Demo.MakeDict()", "CS.Demo.Range(3)",
    "CS.Demo.Taggeds(2)",   "CS.Demo.Points(2)",   "CS.Demo.Names()",    "CS.Demo.Mixed()",
    "CS.Demo.MakeGrid(2, 2)", "CS.Demo.MakeBytes(3)", "CS.Demo.Ring(3)",
};

static void g_collection(G *g)
{
    if (pick(g, 5) == 0)
        g_obj(g);
    else
        emit(g, PICKS(g, collections));
}

/* a closure of libzlua's whose boxes are taken */
static void g_box_source(G *g)
{
    switch (pick(g, 7)) {
    case 0:
        emit(g, "(pairs(");
        g_collection(g);
        emit(g, "))");
        break;
    case 1:
        emit(g, "MT(");
        g_collection(g);
        emit(g, ").__pairs");
        break;
    case 2:
        emit(g, "MT(");
        g_obj(g);
        emitf(g, ").%s", PICKS(g, ((const char *const[]){"__index", "__newindex", "__len",
                                                         "__eq", "__add", "__tostring",
                                                         "__call", "__gc"})));
        break;
    case 3:
        emit(g, PICKS(g, ((const char *const[]){"CS.Demo.First", "CS.MyGame.Point2D._ctor",
                                                "CS.MyGame.Point2D._default",
                                                "MT(CS.MyGame.Player).__call",
                                                "MT(CS.MyGame.Point2D).__tostring",
                                                "MT(CS.MyGame.Point2D).__newindex",
                                                "CS.MyGame.Player(\"b\").Heal",
                                                "CS.MyGame.Counter().add_Changed"})));
        break;
    case 4:
        emit(g, "f");   /* the iterator's own boxes, swapped among its slots */
        break;
    case 5:
        emitf(g, "CFN(%u)", pick(g, 64));
        break;
    default:
        g_zfunc(g);
    }
}

static void g_pairsbox(G *g)
{
    size_t mark = g->len;
    emit(g, "local o = ");
    g_collection(g);
    emit(g, " local f, s, c = pairs(o) local src = ");
    g_box_source(g);
    emit(g, " ");
    unsigned i = 1 + pick(g, 4), j = 1 + pick(g, 4);
    switch (pick(g, 5)) {
    case 0:
        emitf(g, "SUP(MT(o).__pairs, %u, UP(src, %u)) f, s, c = MT(o).__pairs(o)", i, j);
        break;
    case 1:
        emitf(g, "P(debug.upvaluejoin, f, %u, src, %u)", i, j);
        break;
    case 2:   /* every slot from the same source slot */
        emitf(g, "for i = 1, 4 do SUP(f, i, UP(src, %u)) end", j);
        break;
    default:
        emitf(g, "SUP(f, %u, UP(src, %u))", i, j);
    }
    switch (pick(g, 4)) {
    case 0:
        emit(g, " ");
        g_slot(g);
        emit(g, " = f");
        break;
    case 1:
        emit(g, " P(f, s, c) P(f, s, ");
        g_value(g);
        emit(g, ")");
        break;
    default:
        emit(g, " local n = 0 for k, v in f, s, c do n = n + 1 ");
        g_slot(g);
        emit(g, " = v if n > 8 then break end end");
    }
    skip_end(g, mark, F_PAIRSBOX, "V[1] = nil");
}

/* a userdata whose __gc is pending -- its only reference a weak key, an
 * emergency collection (OOM(0): Lua collects without finalizers and
 * retries) found it unreachable -- handed to a call that allocates while
 * it holds the object: the collector restarted so that allocation runs
 * the finalizer */
static const char *const fresh_objects[] = {
    "CS.Demo.Taggeds(20)", "CS.Demo.MakeArray(8)", "CS.Demo.MakeList(4)", "CS.Demo.MakeDict()",
    "CS.Demo.Points(6)", "CS.Demo.Names()", "CS.Demo.Mixed()", "CS.MyGame.Player(\"pend\")",
    "CS.MyGame.Tagged(7, \"pend\")", "CS.MyGame.Point2D(1, 2)", "CS.Demo.MakeBytes(9)",
    "CS.MyGame.Bag()", "CS.MyGame.Counter()", "CS.Demo.Box(3)",
    "zlua.new_ref(zlua.types.int32, 5)", "CS.Demo.MakeGrid(2, 3)",
};

static void g_pending(G *g)
{
    size_t mark = g->len;
    emit(g, "collectgarbage() collectgarbage(\"stop\") "
            "local w = setmetatable({}, {__mode = \"k\"}) (function() w[");
    if (pick(g, 4) == 0)
        g_new(g);
    else
        emit(g, PICKS(g, fresh_objects));
    emit(g, "] = true end)() OOM(0) local s = string.rep(\"x\", 300) .. \"y\" s = nil "
            "local u = next(w) ");
    switch (pick(g, 4)) {
    case 0:
        emit(g, "collectgarbage(\"generational\") ");
        break;
    case 1:
        emit(g, "collectgarbage(\"step\", 0) ");
        break;
    default:
        emit(g, "collectgarbage(\"incremental\", 0, 1000, 30) ");
    }
    emit(g, "collectgarbage(\"restart\") P(function() ");
    switch (pick(g, 12)) {
    case 0:
    case 1:
        g_slot(g);
        emit(g, " = zlua.to_table(u)");
        break;
    case 2:
        g_slot(g);
        emit(g, " = zlua.cast(u, ");
        emit(g, PICKS(g, ((const char *const[]){"CS.System.Object", "CS.MyGame.Player",
                                                "zlua.types.object", "CS.MyGame.Tagged",
                                                "CS.System.Array", "CS.MyGame.Point2D"})));
        emit(g, ")");
        break;
    case 3:
        emit(g, "u");
        g_index(g);
        emit(g, " = ");
        g_value(g);
        break;
    case 4:
        emit(g, PICKS(g, ((const char *const[]){"u.name = string.rep(\"n\", 100)",
                                                "u.Name = string.rep(\"n\", 100)",
                                                "u.x = 1.5", "u.Level = 3",
                                                "u[1] = string.rep(\"e\", 50)",
                                                "u.k = string.rep(\"v\", 60)",
                                                "u.value = 9", "u.Value = 2"})));
        break;
    case 5:
        g_slot(g);
        emit(g, " = zlua.new_ref(");
        emit(g, PICKS(g, ((const char *const[]){"\"MyGame.Tagged\"", "CS.MyGame.Point2D",
                                                "CS.MyGame.Player", "zlua.types.int32"})));
        emit(g, ", u)");
        break;
    case 6:
        g_slot(g);
        emit(g, " = u");
        g_index(g);
        break;
    case 7:
        emit(g, "local n = 0 for k, v in pairs(u) do n = n + 1 ");
        g_slot(g);
        emit(g, " = v if n > 30 then break end end");
        break;
    case 8:
        g_slot(g);
        emit(g, " = tostring(u) .. #u");
        break;
    case 9:
        g_slot(g);
        emit(g, " = zlua.to_bytes(u)");
        break;
    case 10:
        g_slot(g);
        emitf(g, " = CS.Demo.%s(u)", PICKS(g, ((const char *const[]){"Describe", "SwapObj",
                                                                    "TypeName", "ArraySum",
                                                                    "SumPoints", "ListSum",
                                                                    "Same", "PickObj"})));
        break;
    default:
        g_slot(g);
        emit(g, " = (u):");
        emit(g, PICKS(g, ((const char *const[]){"ToString", "GetType", "Move", "Heal",
                                                "Add", "GetHashCode"})));
        emit(g, "(");
        g_args(g);
        emit(g, ")");
    }
    emit(g, " end) collectgarbage(\"restart\") ");
    if (pick(g, 2))
        emit(g, "collectgarbage(\"incremental\", 200, 100, 13) ");
    g_slot(g);
    emit(g, " = u");
    skip_end(g, mark, F_PENDING, "V[1] = nil");
}

/* a delegate a script gets back (returned, read from a member, or the
 * target ZLuaTests.Held.TargetOf finds), its target written through
 * .value, then invoked */
static void g_delget(G *g)
{
    size_t mark = g->len;
    emit(g, "local f = ");
    if (pick(g, 3) == 0)
        g_func(g);
    else
        emit(g, "function(a, b) return (a or 0) + (b or 0) end");
    emit(g, " local d = ");
    switch (pick(g, 5)) {
    case 0: emit(g, "CS.Demo.MakeAdder(2)"); break;
    case 1: emit(g, "CS.Demo.Logger()"); break;
    case 2: emit(g, "(function() local c = CS.MyGame.Counter() c:add_Changed(f) "
                    "return c.Changed end)()"); break;
    case 3: g_slot(g); break;
    default: emit(g, "f");
    }
    emit(g, " P(CS.Demo.Apply, f, 1, 2) local b = ");
    switch (pick(g, 5)) {
    case 0:
        emitf(g, "d.%s", PICKS(g, ((const char *const[]){"Target", "m_target", "method_ptr",
                                                        "Method", "extra_arg"})));
        break;
    case 1:
        emit(g, "CS.ZLuaTests.Held.TargetOf(d)");
        break;
    default:
        emit(g, "CS.ZLuaTests.Held.TargetOf(f)");
    }
    emit(g, " ");
    g_slot(g);
    emit(g, " = b ");
    switch (pick(g, 4)) {
    case 0:
        emit(g, "b.value = ");
        break;
    case 1:
        emit(g, "b.m_value = ");
        break;
    default:
        emitf(g, "local ok, v = pcall(zlua.cast, b, zlua.types.%s) if not ok then "
                 "v = zlua.cast(b, zlua.types.intptr) end v.value = ",
              PICKS(g, ((const char *const[]){"int64", "intptr", "uint64", "int32", "object"})));
    }
    emit(g, PICKS(g, ((const char *const[]){"0x41414140", "0", "1", "-1", "math.maxinteger",
                                            "2", "0x7ff0", "1 << 32", "3"})));
    switch (pick(g, 4)) {
    case 0:
        emit(g, " P(d, 1, 2)");
        break;
    case 1:
        emit(g, " P(CS.Demo.ApplyFunc, f, 1)");
        break;
    default:
        emit(g, " P(CS.Demo.Apply, f, 1, 2)");
    }
    skip_end(g, mark, F_DELGET, "V[1] = nil");
}

/* ---- the allocation-failure oracle's operations ------------------------------
 * Chunks returning true when they gave the right result, run by the
 * harness's ORACLE in fresh states (fuzz_zlua.c): each must be
 * deterministic and repeatable in one state (the oracle checks that too,
 * and skips an operation that is not), touch no fixture static it reads
 * back, and observe no collection.  The first is the empty prefix. */
const char *const fz_oracle_ops[] = {
    "return true",
    "return CS.Demo.Add(1, 2) == 3",
    "return CS.MyGame.Point2D(3, 4):Length() == 5",
    "return CS.Demo.Concat('a', 'b') == 'ab' and CS.Demo.Concat('a\\0', 'b') == 'a\\0b'",
    "local p = CS.Demo.MakePlayer('o') p.Level = 3 return p.Level == 3 and p.Name == 'o'",
    "return CS.Demo.Apply(function(a, b) return a * b end, 3, 4) == 12",
    "return CS.Demo.ApplyFunc(function(x) return x + 1 end, 1) == 2",
    "return CS.Demo.ApplyPoint(function(h) return zlua.get_opaquevalue(h).x end, "
    "CS.MyGame.Point2D(3, 4)) == 3",
    "local add = CS.Demo.MakeAdder(1) return add(2, 3) == 6",
    "local c = CS.MyGame.Counter() local seen = 0 c:add_Changed(function(v) seen = v end) "
    "c:Add(3) return seen == 3",
    "local t = zlua.to_table(CS.Demo.Taggeds(5)) return #t == 5 and t[5].name == 't4'",
    "local t = zlua.to_table(CS.Demo.MakeArray(3)) return #t == 3",
    "local n = 0 for _, v in pairs(CS.Demo.MakeList(3)) do n = n + 1 end "
    "for k, v in pairs(CS.Demo.MakeDict()) do n = n + 1 end return n >= 3",
    "return zlua.generic(CS.Demo.First, zlua.types.int32)({5, 6}) == 5",
    "local p = CS.Demo.MakePlayer('c') return rawequal(zlua.cast(p, CS.MyGame.Player), p) "
    "and zlua.cast(p, CS.System.Object) ~= nil",
    "return zlua.unbox(zlua.cast(CS.Demo.Box(5), zlua.types.object)) == 5",
    "local r = zlua.new_ref(zlua.types.int32, 5) CS.Demo.Increment(r) return r.value == 6",
    "local r = zlua.new_ref('MyGame.Tagged', CS.MyGame.Tagged(7, 'n')) return r.id == 7",
    "function OnRefInt(h) CS.Demo.IncrementOpaque(h) end return CS.Demo.CallOnRefInt(1) == 2",
    "function OnPoint(h) return nil end return CS.Demo.CallOnPoint(CS.MyGame.Point2D(1, 2)) == nil",
    "function F1(h) return 1 end return CS.Demo.InvokeCatch('F1') ~= nil",
    "return CS.Demo.Pick(1) == 'int' and CS.Demo.Pick('s') == 'string'",
    "return zlua.box(CS.MyGame.Color, 2):ToString() == 'Blue'",
    "local v = CS.MyGame.Vector2(1, 2) + CS.MyGame.Vector2(3, 4) return v.X == 4",
    "local b = CS.MyGame.Bag() b[3] = 7 return b[3] == 7",
    "return rawequal(CSharp.AC['MyGame.Point2D'], CS.MyGame.Point2D)",
    "return CS.Demo.PickDefault(1) == 6 and CS.Demo.OrZero(nil) == 0",
    "local N = CS['System.Nullable`1[System.Int32]'] return N ~= nil",
    "return zlua.typeof(CS.MyGame.Player) ~= nil",
    "return CS.Demo.Describe(5) == 'System.Int32' and CS.Demo.PickObj('s') == 'string'",
    "return CS.Demo.SumPoints(CS.Demo.Points(3)) == 9",
    "return #zlua.to_bytes(CS.Demo.MakeBytes(4)) == 4",
    "return CS.Demo.ReadPtr(CS.Demo.Buffer(), 2) == 30",
    "return CS.Demo.GridSum(CS.Demo.MakeGrid(2, 2)) == 22",
    "local p = CS.MyGame.Player('h') local hp = p.Hp p:Heal(5) return p.Hp == hp + 5",
    "return pcall(CS.Demo.Throw, 'x') == false",
    "return select(2, pcall(function() return CS['MyGame.Point2D\\0junk'] end)) ~= "
    "CS.MyGame.Point2D",
};
const size_t fz_oracle_op_count = sizeof fz_oracle_ops / sizeof fz_oracle_ops[0];

/* ORACLE(op, prefix, k): the allocation-failure oracle of the harness
 * (fuzz_zlua.c): op k-th allocation failing in a fresh state, then
 * again with memory back, which must succeed when it did without */
static void g_oracle(G *g)
{
    size_t mark = g->len;
    unsigned op = pick(g, (unsigned)fz_oracle_op_count);
    unsigned prefix = pick(g, 3) ? 0 : pick(g, (unsigned)fz_oracle_op_count);
    unsigned k = pick(g, 4) ? pick(g, 64) : pick(g, 1200);
    emitf(g, "ORACLE(%u, %u, %u)", op, prefix, k);
    skip_end(g, mark, F_ORACLE, "V[1] = nil");
}

/* [policy] R-POLICY-1's rules (POLICY, the harness's): effective as the
 * program's first statement, refused (ZLUA_ESTATE) once a type is bound */
static void g_policy(G *g)
{
    size_t mark = g->len;
    unsigned a = pick(g, 256) | (pick(g, 256) << 8);
    unsigned b = pick(g, 256) | (pick(g, 256) << 8);
    emitf(g, "V[1] = POLICY(%u, %u)", a, b);
    skip_end(g, mark, F_POLICY, "V[1] = nil");
}

/* [thread] R-THREAD-1: a Lua function's delegate invoked on a second
 * thread (refused there, the state untouched) */
static void g_thread(G *g)
{
    size_t mark = g->len;
    g_slot(g);
    emit(g, " = CS.Demo.ApplyFuncOnThread(");
    g_func(g);
    emitf(g, ", %d)", (int)pick(g, 200) - 100);
    skip_end(g, mark, F_THREAD, "V[1] = nil");
}

/* [reopen] R-LIB-1: the standard debug library opened anew (LOADDBG, the
 * prelude's: loadlib, the C searcher, a fresh package library), its
 * setlocal aimed at C frames from a finalizer that runs inside whatever
 * the next statement calls */
static void g_reopen(G *g)
{
    size_t mark = g->len;
    emitf(g, "local d = LOADDBG(%u) RD = d setmetatable({}, {__gc = function() "
             "pcall(d.setlocal, %u, %d, ", pick(g, 3), 2 + pick(g, 4), (int)pick(g, 5) - 1);
    g_value(g);
    emit(g, ") end}); ");
    g_collect(g);
    emit(g, "; ");   /* a statement may begin with '(' */
    g_stmt(g);
    skip_end(g, mark, F_REOPEN, "V[1] = nil");
}

static void g_stmt(G *g)
{
    if (g->full)
        return;
    g->stmts--;
    unsigned k = pick(g, 50);
    switch (k) {
    case 47:
        g_policy(g);
        break;
    case 48:
        g_thread(g);
        break;
    case 49:
        g_reopen(g);
        break;
    case 40:
        g_reg_main(g);
        break;
    case 41:
        g_hookcall_stmt(g);
        break;
    case 42:
        g_ptrarg(g);
        break;
    case 43:
        g_pairsbox(g);
        break;
    case 44:
        g_pending(g);
        break;
    case 45:
        g_delget(g);
        break;
    case 46:
        g_oracle(g);
        break;
    case 0:
        g_slot(g);
        emit(g, " = ");
        g_value(g);
        break;
    case 1:
    case 2:
    case 3:
        g_slot(g);
        emit(g, " = ");
        g_new(g);
        break;
    case 4:
    case 5:
        g_slot(g);
        emit(g, " = (");
        g_obj(g);
        emit(g, ")");
        g_index(g);
        break;
    case 6:
    case 7:
        emit(g, "(");
        g_obj(g);
        emit(g, ")");
        g_index(g);
        emit(g, " = ");
        g_value(g);
        break;
    case 8:
    case 9: {
        const char *m = PICKS(g, ((const char *const[]){"Length", "Scale", "ToString", "Move",
                                                        "Area", "GetType", "Equals", "Kind",
                                                        "GetHashCode", "Add", "get_Level",
                                                        "set_Level", "Heal", "Greet",
                                                        "get", "set", "GetValue",
                                                        "SetValue"}));
        g_slot(g);
        if (pick(g, 3)) {
            emit(g, " = (");
            g_obj(g);
            emitf(g, "):%s(", m);
            g_args(g);
        } else {   /* a method of one value called on another */
            emit(g, " = (");
            g_obj(g);
            emitf(g, ").%s(", m);
            g_value(g);
            if (pick(g, 2)) {
                emit(g, ", ");
                g_value(g);
            }
        }
        emit(g, ")");
        break;
    }
    case 10:
    case 11:
    case 12:
        g_slot(g);
        emit(g, " = ");
        g_demo_call(g);
        break;
    case 13:
        g_type(g);
        g_index(g);
        emit(g, " = ");
        g_value(g);
        break;
    case 14:
        g_slot(g);
        emit(g, " = ");
        g_type(g);
        g_index(g);
        break;
    case 15:
    case 16:
        emitf(g, "%s = ", PICKS(g, cbnames));
        if (pick(g, 5))
            g_fn_body(g, "h, g, ...", CTX_CB);
        else
            g_value(g);
        break;
    case 17:
    case 18:
        g_ic_call(g);
        break;
    case 19:
    case 20:
        g_zlua(g);
        break;
    case 21:
    case 22:
        g_coroutine(g);
        break;
    case 23:
    case 24:
        g_gcobj(g);
        break;
    case 25:
    case 26:
        g_collect(g);
        break;
    case 27:
    case 28:
    case 29:
    case 30:
        g_debug(g);
        break;
    case 31:
    case 32:
        g_mtwrite(g);
        break;
    case 33:
    case 34:
        g_misc(g);
        break;
    case 35:
        g_testbed(g);
        break;
    case 36:
        if (g->depth == 0) {   /* no nested loops */
            emitf(g, "for i = 1, %u do ", 1 + pick(g, 20));
            g->depth++;
            g_stmt(g);
            g->depth--;
            emit(g, " end");
        } else {
            g_slot(g);
            emit(g, " = nil");
        }
        break;
    case 37:
        switch (pick(g, 3)) {
        case 0: emit(g, "for k in next, V do V[k] = nil end"); break;
        case 1: emit(g, "H = {}"); break;
        default: g_slot(g); emit(g, " = nil");
        }
        break;
    case 38:
    {
        size_t mark = g->len;
        emitf(g, "OOM(%u)", pick(g, 4) == 0 ? 1000u : pick(g, 48));
        skip_end(g, mark, F_OOM, "V[1] = nil");
        break;
    }
    default:
        g_slot(g);
        emit(g, " = ");
        g_obj(g);
    }
}

/* 1..max statements (while input and budget last), each in P(...) */
static void g_body(G *g, int ctx, unsigned max)
{
    g->ctx = ctx;
    unsigned n = 1 + pick(g, max);
    for (unsigned i = 0; i < n && g->stmts > 0 && !g->full; i++) {
        if (ctx == CTX_CB && pick(g, 6) == 0) {   /* an error that reaches C# */
            emit(g, "error(\"cb\")\n");
            break;
        }
        emit(g, "P(function() ");
        switch (ctx) {
        case CTX_CB: g_cb_stmt(g); break;
        case CTX_GC: g_gc_stmt(g); break;
        case CTX_HOOK: g_hook_stmt(g); break;
        case CTX_CO: g_co_stmt(g); break;
        default: g_stmt(g);
        }
        emit(g, " end)\n");
        if (!more(g))
            break;
    }
    if (ctx == CTX_CB && pick(g, 4) == 0) {
        emit(g, "return ");
        g_value(g);
        emit(g, "\n");
    }
}

#define FZ_MAX_TOP 64
#define FZ_MAX_STMTS 400
#define FZ_SOFT_LIMIT (96u * 1024u)

size_t fz_generate(const uint8_t *data, size_t size, char *out, size_t cap)
{
    G g = {.in = data, .n = size, .out = out, .cap = cap, .stmts = FZ_MAX_STMTS};
    if (cap == 0)
        return 0;
    out[0] = '\0';
    /* one program in four starts with a policy, before anything binds */
    if (more(&g) && pick(&g, 4) == 0) {
        emit(&g, "P(function() ");
        g_policy(&g);
        emit(&g, " end)\n");
    }
    for (int top = 0; top < FZ_MAX_TOP && more(&g) && g.stmts > 0; top++) {
        size_t mark = g.len;
        g.ctx = CTX_TOP;
        g.depth = 0;
        g.vdepth = 0;
        emit(&g, "P(function() ");
        g_stmt(&g);
        emit(&g, " end)\n");
        if (g.full || g.len > FZ_SOFT_LIMIT) {   /* drop a statement that did not fit */
            g.len = mark;
            out[mark] = '\0';
            break;
        }
    }
    return g.len;
}

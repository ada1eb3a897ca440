/*
 * policy.c -- which C# types a state's scripts may reach (R-POLICY-1).
 *
 * The embedder's rules (zlua_policy_allow / _deny / _preset, zlua.h) are
 * kept in the context's arena and read only where a type becomes
 * reachable: when its type table or instance metatables are made
 * (types/typetable.c), when a Lua function is made a delegate of it
 * (marshal/delegate_pop.c), when it is a type argument of zlua.generic
 * (lib/instantiate.c).  Each of those happens once per type and state, so
 * no call ever pays for the policy; the decision is kept in the class.
 *
 * libzlua's own managed entry points (the Editor's LuaEnv and its host
 * helpers, the IC entry) are refused before any rule is read: native code
 * trusts what they are given, so no script may call them.
 */
#include <string.h>

#include <lauxlib.h>

#include "class/class.h"
#include "class/policy.h"
#include "zlua.h"

enum { ZLUA_POLICY_ALL, ZLUA_POLICY_ASSEMBLY, ZLUA_POLICY_NAMESPACE, ZLUA_POLICY_TYPE };

typedef struct zlua__policy_rule {
    const char *name;     /* assembly, namespace (no ".*") or type; "" for "*" */
    size_t len;
    uint8_t kind, allow;
} zlua__policy_rule;

struct zlua__policy {
    zlua__policy_rule *rules;
    uint32_t n, cap;
};

/* ---- deciding ---------------------------------------------------------------------- */

/* The types no rule can open: the managed side of libzlua's own native
 * entries (what they are handed is trusted by native code). */
static int zlua_policy_own(const char *name, const char *assembly)
{
    static const char *const assemblies[] = {"ZLua.LuaEnv", "ZLua.MonoHost"};
    for (size_t i = 0; i < sizeof assemblies / sizeof assemblies[0]; i++)
        if (assembly != NULL && strcmp(assembly, assemblies[i]) == 0)
            return 1;
    return strncmp(name, "ZLuaMonoHost.", 13) == 0 || strcmp(name, "ZLua.LuaEnv") == 0;
}

/* The length of name's namespace: up to the last '.' before any '+' (a
 * nested type's namespace is its outermost type's). */
static size_t zlua_policy_ns_len(const char *name, size_t len)
{
    size_t end = 0;
    for (size_t i = 0; i < len && name[i] != '+'; i++)
        if (name[i] == '.')
            end = i;
    return end;
}

/* How specifically r names (name, len) of assembly: 0 not at all, more is
 * more specific (a type before its enclosing type, a namespace before the
 * one enclosing it, any namespace before an assembly, that before "*"). */
static size_t zlua_policy_score(const zlua__policy_rule *r, const char *name, size_t len,
                                const char *assembly)
{
    switch (r->kind) {
    case ZLUA_POLICY_ALL:
        return 1;
    case ZLUA_POLICY_ASSEMBLY:
        return assembly != NULL && strlen(assembly) == r->len &&
                       memcmp(assembly, r->name, r->len) == 0 ? 2 : 0;
    case ZLUA_POLICY_NAMESPACE: {
        size_t ns = zlua_policy_ns_len(name, len);
        if (r->len > ns || memcmp(name, r->name, r->len) != 0 ||
            (r->len < ns && name[r->len] != '.'))
            return 0;
        return 4 + r->len;
    }
    default:   /* a type, or a type enclosing it */
        if (r->len > len || memcmp(name, r->name, r->len) != 0)
            return 0;
        if (r->len == len)
            return (size_t)1 << 30;
        return name[r->len] == '+' ? ((size_t)1 << 29) + r->len : 0;
    }
}

/* The rules' verdict on one type that is no construction: the highest
 * score decides; of equal ones, the later rule. */
static int zlua_policy_name_allowed(const struct zlua__policy *p, const char *name, size_t len,
                                    const char *assembly)
{
    size_t best = 0;
    int allow = 1;
    for (uint32_t i = 0; p != NULL && i < p->n; i++) {
        size_t s = zlua_policy_score(&p->rules[i], name, len, assembly);
        if (s != 0 && s >= best) {
            best = s;
            allow = p->rules[i].allow;
        }
    }
    return allow;
}

static int zlua_policy_class_allowed(zlua__ctx *ctx, zlua__class *cls, int depth);

/* A generic argument list "[A,B[C]]" at args: each argument, a type by
 * its full name, must be allowed too (one the runtime cannot find is
 * judged by its name alone). */
static int zlua_policy_args_allowed(zlua__ctx *ctx, const char *args, int depth)
{
    char arg[512];
    const char *p = args + 1;
    while (*p != '\0' && *p != ']') {
        const char *start = p;
        int nest = 0;
        for (; *p != '\0' && (nest > 0 || (*p != ',' && *p != ']')); p++)
            nest += *p == '[' ? 1 : *p == ']' ? -1 : 0;
        size_t n = (size_t)(p - start);
        if (n == 0 || n >= sizeof arg)
            return 0;   /* a name this cannot read is not let through */
        memcpy(arg, start, n);
        arg[n] = '\0';
        zlua__class *a = zlua__class_find(ctx, arg);
        if (a != NULL ? !zlua_policy_class_allowed(ctx, a, depth + 1)
                      : (zlua_policy_own(arg, NULL) ||
                         !zlua_policy_name_allowed(ctx->policy, arg, n, NULL)))
            return 0;
        if (*p == ',')
            p++;
    }
    return 1;
}

static int zlua_policy_class_allowed(zlua__ctx *ctx, zlua__class *cls, int depth)
{
    if (depth > 16)
        return 0;   /* deeper than any name libzlua makes */
    if (cls->is_array || cls->nullable)
        return cls->element == NULL || zlua_policy_class_allowed(ctx, cls->element, depth + 1);
    const char *name = cls->full_name;
    const char *args = strchr(name, '[');
    size_t len = args != NULL ? (size_t)(args - name) : strlen(name);
    if (zlua_policy_own(name, cls->assembly) ||
        !zlua_policy_name_allowed(ctx->policy, name, len, cls->assembly))
        return 0;
    return args == NULL || zlua_policy_args_allowed(ctx, args, depth);
}

int zlua__policy_allows(zlua__ctx *ctx, zlua__class *cls)
{
    ctx->policy_frozen = 1;   /* a type is judged: the rules apply as they are */
    if (!cls->policy_judged) {
        cls->policy_denied = !zlua_policy_class_allowed(ctx, cls, 0);
        cls->policy_judged = 1;
    }
    return !cls->policy_denied;
}

void zlua__policy_check(lua_State *L, zlua__class *cls)
{
    if (!zlua__policy_allows(cls->ctx, cls))
        luaL_error(L, "type not accessible: %s", cls->full_name);
}

/* ---- the embedder's rules -------------------------------------------------------------- */

/* pattern as a rule: "*", "[Assembly]", "Name.Space.*", "Name.Space.Type". */
static int zlua_policy_parse(const char *pattern, zlua__policy_rule *r)
{
    size_t len = strlen(pattern);
    r->name = pattern;
    r->len = len;
    if (len == 1 && pattern[0] == '*') {
        r->kind = ZLUA_POLICY_ALL;
        r->len = 0;
        return 1;
    }
    if (len >= 3 && pattern[0] == '[' && pattern[len - 1] == ']') {
        r->kind = ZLUA_POLICY_ASSEMBLY;
        r->name = pattern + 1;
        r->len = len - 2;
        /* "[Game.dll]" names the assembly Game: the runtime's names lack it */
        if (r->len > 4 && memcmp(r->name + r->len - 4, ".dll", 4) == 0)
            r->len -= 4;
        return memchr(r->name, '[', r->len) == NULL && memchr(r->name, ']', r->len) == NULL;
    }
    if (len >= 3 && memcmp(pattern + len - 2, ".*", 2) == 0) {
        r->kind = ZLUA_POLICY_NAMESPACE;
        r->len = len - 2;
    } else {
        r->kind = ZLUA_POLICY_TYPE;
    }
    /* a name: no wildcard, bracket or space anywhere, no empty part */
    if (r->len == 0 || r->name[0] == '.' || r->name[r->len - 1] == '.' ||
        r->name[r->len - 1] == '+')
        return 0;
    for (size_t i = 0; i < r->len; i++) {
        char c = r->name[i];
        if (c == '*' || c == '[' || c == ']' || c == ' ' || c == ',' ||
            (c == '.' && r->name[i + 1] == '.'))
            return 0;
    }
    return 1;
}

static int zlua_policy_add(lua_State *L, const char *pattern, int allow)
{
    if (L == NULL || pattern == NULL)
        return ZLUA_EINVAL;
    zlua__ctx *ctx = zlua__ctx_get(L);
    if (ctx == NULL || ctx->policy_frozen)
        return ZLUA_ESTATE;
    zlua__policy_rule r;
    if (!zlua_policy_parse(pattern, &r))
        return ZLUA_EINVAL;
    struct zlua__policy *p = ctx->policy;
    if (p == NULL) {
        p = zlua__ctx_arena_alloc(ctx, sizeof *p);
        if (p == NULL)
            return ZLUA_ENOMEM;
        ctx->policy = p;
    }
    if (p->n == p->cap) {
        /* the arena keeps the old array until the state closes: rules are
         * few and set once */
        uint32_t cap = p->cap ? 2 * p->cap : 32;
        zlua__policy_rule *more = zlua__ctx_arena_alloc(ctx, cap * sizeof *more);
        if (more == NULL)
            return ZLUA_ENOMEM;
        if (p->n != 0)
            memcpy(more, p->rules, p->n * sizeof *more);
        p->rules = more;
        p->cap = cap;
    }
    char *name = zlua__ctx_arena_alloc(ctx, r.len + 1);
    if (name == NULL)
        return ZLUA_ENOMEM;
    memcpy(name, r.name, r.len);
    name[r.len] = '\0';
    r.name = name;
    r.allow = (uint8_t)(allow != 0);
    p->rules[p->n++] = r;
    return ZLUA_OK;
}

int zlua_policy_allow(lua_State *L, const char *pattern)
{
    return zlua_policy_add(L, pattern, 1);
}

int zlua_policy_deny(lua_State *L, const char *pattern)
{
    return zlua_policy_add(L, pattern, 0);
}

/* What untrusted scripts (mods) may not reach: native memory and interop,
 * reflection, code generation and assembly loading, files, processes and
 * the machine's environment, threads, timers and tasks, sockets and the
 * web, and the Editor.  docs/lua-api.md ("What scripts may reach") lists
 * the same. */
static const char *const zlua_policy_mods[] = {
    "System.Runtime.InteropServices.*", "System.Runtime.CompilerServices.*",
    "System.Reflection.*", "System.Runtime.Loader.*", "System.Runtime.Remoting.*",
    "System.Runtime.Serialization.*", "System.CodeDom.*", "System.Resources.*",
    "System.Type", "System.RuntimeType", "System.TypedReference", "System.ArgIterator",
    "System.RuntimeTypeHandle", "System.RuntimeMethodHandle", "System.RuntimeFieldHandle",
    "System.ModuleHandle", "System.Activator", "System.AppDomain", "System.AppContext",
    "System.Environment", "System.Buffer", "System.GC",
    "System.IO.*", "System.Diagnostics.*", "Microsoft.Win32.*", "Mono.*",
    "System.Threading.*", "System.Timers.*",
    "System.Net.*", "System.Security.*", "System.Web.*",
    "UnityEngine.Networking.*", "UnityEngine.Windows.*", "UnityEditor.*",
};

int zlua_policy_preset(lua_State *L, int preset)
{
    if (L == NULL || preset != ZLUA_POLICY_MODS)
        return ZLUA_EINVAL;
    for (size_t i = 0; i < sizeof zlua_policy_mods / sizeof zlua_policy_mods[0]; i++) {
        int rc = zlua_policy_deny(L, zlua_policy_mods[i]);
        if (rc != ZLUA_OK)
            return rc;
    }
    return ZLUA_OK;
}

/*
 * sim_internal.h -- metadata structures of the simulated IL2CPP runtime.
 *
 * libzlua treats every one of these structs as opaque (il2cpp_api.h), so
 * their layout is ours.  What must match IL2CPP is behaviour: the object
 * layouts, the offsets, the calling convention and the quirks of the C API
 * (see the comments at each function).  Metadata is malloc'd and lives for
 * the whole process; managed objects never live only in metadata, because
 * IL2CPP runs bdwgc with GC_set_no_dls(1) (data segments are not roots).
 */
#ifndef ZLUA_SIM_INTERNAL_H
#define ZLUA_SIM_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "il2cpp-api.h"
#include "il2cpp/il2cpp_api.h"   /* libzlua's subset: checked against ours */
#include "sim.h"

#if defined(__GNUC__)
#define SIM_NORETURN __attribute__((noreturn))
#define SIM_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define SIM_NORETURN
#define SIM_UNLIKELY(x) (x)
#endif

/* ---- configuration ---------------------------------------------------------
 * Defaults follow libil2cpp of the runtimes libzlua targets (Unity 2021.2+,
 * metadata v29: vm/Object.cpp, utils/StringUtils.cpp, vm/Type.cpp).  The
 * other value of a switch selects an alternative that the simulation was
 * first specified with or that older players have; code that works only
 * with one value of a switch would not work in every player. */
#ifndef SIM_NULLABLE_HASVALUE_FIRST
/* 1: IL2CPP's corlib since Unity 2021.2 (its Nullable.cs comes from .NET):
 *    Nullable<T> = { bool hasValue; T value; }, T aligned after the bool.
 * 0: the older Unity (Mono) corlib, { T value; bool has_value; }, whose
 *    has_value libil2cpp's Object::Box read at sizeof(T).
 * CMake: -DZLUA_SIM_NULLABLE_LAYOUT=hasvalue-first (default) | value-first;
 * CI runs the suite with both. */
#define SIM_NULLABLE_HASVALUE_FIRST 1
#endif
#ifndef SIM_STRING_NEW_REPLACES_INVALID
/* 0: il2cpp_string_new/_len on invalid UTF-8 give "" (libil2cpp's
 *    StringUtils::Utf8ToUtf16 converts only valid input).
 * 1: each maximal invalid subsequence becomes U+FFFD. */
#define SIM_STRING_NEW_REPLACES_INVALID 0
#endif
#ifndef SIM_TYPE_NAME_FULL_FORMAT
/* 0: il2cpp_type_get_name uses IL2CPP_TYPE_NAME_FORMAT_IL, as libil2cpp
 *    does ("System.Nullable<System.Int32>").
 * 1: reflection full names ("System.Nullable`1[System.Int32]"). */
#define SIM_TYPE_NAME_FULL_FORMAT 0
#endif

/* ---- ECMA-335 flags that il2cpp_api.h does not define ------------------- */
#define SIM_METHOD_PRIVATE 0x0001
#define SIM_METHOD_FAMILY 0x0004
#define SIM_METHOD_FINAL 0x0020
#define SIM_METHOD_HIDE_BY_SIG 0x0080
#define SIM_METHOD_NEW_SLOT 0x0100

#define SIM_FIELD_PRIVATE 0x0001
#define SIM_FIELD_ASSEMBLY 0x0003
#define SIM_FIELD_FAMILY 0x0004
#define SIM_FIELD_SPECIAL_NAME 0x0200
#define SIM_FIELD_RT_SPECIAL_NAME 0x0400
#define SIM_FIELD_HAS_DEFAULT 0x8000

#define SIM_PARAM_IN 0x0001
#define SIM_PARAM_OUT 0x0002
#define SIM_TYPE_NESTED_PRIVATE 0x00000003

#define SIM_TYPE_SEQUENTIAL 0x00000008
#define SIM_TYPE_SERIALIZABLE 0x00002000
#define SIM_TYPE_BEFORE_FIELD_INIT 0x00100000

/* Common flag sets, spelled as the C# compiler emits them. */
#define SIM_M_STATIC                                                    \
    (METHOD_ATTRIBUTE_PUBLIC | SIM_METHOD_HIDE_BY_SIG | METHOD_ATTRIBUTE_STATIC)
#define SIM_M_INSTANCE (METHOD_ATTRIBUTE_PUBLIC | SIM_METHOD_HIDE_BY_SIG)
/* `internal static` (ECMA-335's Assem access, 0x0003) */
#define SIM_METHOD_ASSEM 0x0003
#define SIM_M_STATIC_INTERNAL (SIM_METHOD_ASSEM | SIM_METHOD_HIDE_BY_SIG | METHOD_ATTRIBUTE_STATIC)
#define SIM_M_CTOR                                                      \
    (METHOD_ATTRIBUTE_PUBLIC | SIM_METHOD_HIDE_BY_SIG |                 \
     METHOD_ATTRIBUTE_SPECIAL_NAME | METHOD_ATTRIBUTE_RT_SPECIAL_NAME)
#define SIM_M_GETSET (SIM_M_INSTANCE | METHOD_ATTRIBUTE_SPECIAL_NAME)
#define SIM_M_STATIC_GETSET (SIM_M_STATIC | METHOD_ATTRIBUTE_SPECIAL_NAME)
#define SIM_M_NEW_VIRTUAL                                               \
    (SIM_M_INSTANCE | METHOD_ATTRIBUTE_VIRTUAL | SIM_METHOD_NEW_SLOT)
#define SIM_M_OVERRIDE (SIM_M_INSTANCE | METHOD_ATTRIBUTE_VIRTUAL)
#define SIM_M_INTERFACE (SIM_M_NEW_VIRTUAL | METHOD_ATTRIBUTE_ABSTRACT)
/* an implicit interface implementation: virtual final newslot */
#define SIM_M_IMPLEMENTS (SIM_M_NEW_VIRTUAL | SIM_METHOD_FINAL)

#define SIM_F_PUBLIC FIELD_ATTRIBUTE_PUBLIC
#define SIM_F_STATIC (FIELD_ATTRIBUTE_PUBLIC | FIELD_ATTRIBUTE_STATIC)
#define SIM_F_PRIVATE_STATIC (SIM_FIELD_PRIVATE | FIELD_ATTRIBUTE_STATIC)
#define SIM_F_LITERAL                                                   \
    (FIELD_ATTRIBUTE_PUBLIC | FIELD_ATTRIBUTE_STATIC |                  \
     FIELD_ATTRIBUTE_LITERAL | SIM_FIELD_HAS_DEFAULT)

#define SIM_NRE_MESSAGE "Object reference not set to an instance of an object."
#define SIM_OVERFLOW_MESSAGE "Arithmetic operation resulted in an overflow."

/* 17: ZLuaTests.Unsupported.Many has one more than libzlua's bridge takes */
#define SIM_MAX_PARAMS 17
#define SIM_MAX_METHOD_TABLES 8
#define SIM_MAX_ATTRS 2

/* ---- metadata structures ------------------------------------------------ */

/* struct Il2CppType and struct Il2CppClass: il2cpp-class-internals.h
 * (the glue reads a class's cctor_finished_or_no_cctor, as in libil2cpp). */

struct FieldInfo {
    const char *name;
    const Il2CppType *type;     /* attrs = the field's flags */
    Il2CppClass *parent;
    int32_t offset;             /* instance: from the object start; static:
                                   in the static block; literal: 0 */
    int64_t literal;            /* constant of a literal field */
    struct Il2CppCustomAttrInfo *attrs;   /* [LuaMarshalAs] on the field, or NULL */
};

struct PropertyInfo {
    const char *name;
    Il2CppClass *parent;
    const MethodInfo *get;
    const MethodInfo *set;
};

typedef struct SimMarshalAs {
    int type;                    /* LuaMarshalType, 0 = none */
    const char *const *members;
    int member_count;
} SimMarshalAs;

typedef struct SimMethod {
    MethodInfo mi;               /* must be first: MethodInfo* <-> SimMethod* */
    const char *name;
    Il2CppClass *klass;
    const Il2CppType *return_type;
    const Il2CppType *params[SIM_MAX_PARAMS];
    const char *param_names[SIM_MAX_PARAMS];
    /* a parameter's default value, as IL2CPP keeps it: the constant's
     * type and its metadata blob (sim_method_get_parameter_default_value);
     * type NULL: none; blob NULL with a type: an explicit null */
    const Il2CppType *default_types[SIM_MAX_PARAMS];
    const char *default_blobs[SIM_MAX_PARAMS];
    uint32_t param_count;
    uint32_t flags;
    uint32_t iflags;             /* METHOD_IMPL_ATTRIBUTE_* */
    uint32_t token;              /* 0x06nnnnnn, unique in its image */
    /* the virtual method this one overrides or implements (NULL: none) */
    const struct SimMethod *overrides;
    const char *overrides_name;  /* "System.Object::ToString", until resolved */
    SimMarshalAs marshal[SIM_MAX_PARAMS + 1];  /* [0] return, [1 + i] param i */
    Il2CppCustomAttrInfo *attrs; /* the method's own (NULL: none) */
    /* R-GEN-1: a generic method definition (no code), or one of the
     * instantiations the build compiled (sim_generics.c) */
    bool generic_def;
    const struct SimMethod *inflated_from;
    Il2CppClass *method_args[SIM_MAX_GENERIC_ARGS];
    uint8_t method_argc;
} SimMethod;

static inline const SimMethod *sim_m(const MethodInfo *m)
{
    return (const SimMethod *)(const void *)m;
}

typedef struct SimAttr {
    Il2CppClass *klass;          /* ZLua.LuaMarshalAsAttribute */
    SimMarshalAs marshal;
    const char *text;            /* a string constructor argument ([LuaInvoke("OnPoint")]) */
} SimAttr;

struct Il2CppCustomAttrInfo {
    int count;
    SimAttr attrs[SIM_MAX_ATTRS];
};

struct Il2CppImage {
    const char *name;            /* "mscorlib.dll" */
    const Il2CppAssembly *assembly;
    Il2CppClass **classes;       /* type definitions only */
    size_t count, cap;
    /* Lazy images (sim_generated.c) hold definitions without classes, as
     * IL2CPP does: classes[i] stays NULL until materialize creates it, and
     * find maps a name to a definition index (SIZE_MAX: none).  NULL for
     * the catalog images, whose classes are built at sim_init. */
    Il2CppClass *(*materialize)(Il2CppImage *image, size_t index);
    size_t (*find)(const Il2CppImage *image, const char *ns, const char *name);
    uint32_t methods;            /* methods defined so far: their tokens */
};

struct Il2CppAssembly {
    const char *name;            /* "mscorlib" */
    Il2CppImage *image;
};

/* mscorlib, ZLua.Common, Assembly-CSharp, ZLua.Tests, Generated (optional) */
#define SIM_MAX_ASSEMBLIES 6

struct Il2CppDomain {
    const Il2CppAssembly *assemblies[SIM_MAX_ASSEMBLIES];
    size_t count;
};

typedef enum SimKind {
    SIM_KIND_CLASS,
    SIM_KIND_STRUCT,
    SIM_KIND_ENUM,
    SIM_KIND_INTERFACE
} SimKind;


/* ---- catalog definitions (tables in sim_catalog_*.c, sim_bodies_*.c) ----- */

typedef struct SimFieldDef {
    const char *name;
    const char *type;            /* a sim_class() name */
    uint32_t flags;
    /* offsetof in the class's C struct: for value types the unboxed struct
     * (the header size is added), for classes the struct that begins with
     * Il2CppObject; for statics the class's statics struct. */
    size_t offset;
    int64_t literal;             /* literal fields: the constant */
    const struct SimAttrDef *attrs;   /* its attributes ([LuaMarshalAs]), or NULL */
} SimFieldDef;

typedef struct SimParamDef {
    const char *type;            /* "System.Int32", "ref MyGame.Point2D",
                                    "out System.Int32", "in MyGame.Point2D" */
    const char *name;
    /* `T name = constant`: the constant's type and its blob, encoded as
     * IL2CPP's metadata v29 stores it (int32: compressed, see
     * sim_blob_get_constant_value); blob NULL: `= null`.  A default makes
     * the parameter [opt] with HasDefault, as C# compilers emit it. */
    const char *default_type;
    const char *default_blob;
    /* `params T[] name`: [ParamArray] on the parameter, as C# emits it */
    bool params_array;
} SimParamDef;

typedef struct SimMarshalDef {
    int index;                   /* -1 return, else parameter index */
    int type;                    /* 0 terminates the list */
    const char *const *members;
    int member_count;
} SimMarshalDef;

/* A generic parameter of a definition, as its metadata row holds it:
 * name, IL2CPP_GENERIC_PARAMETER_ATTRIBUTE_* flags, constraint types by
 * name (`where T : struct` is NOT_NULLABLE_VALUE_TYPE | DEFAULT_CONSTRUCTOR
 * with System.ValueType, as C# compilers emit it).  Lists end at name
 * NULL. */
#define SIM_MAX_CONSTRAINTS 2
typedef struct SimGenericParamDef {
    const char *name;
    uint16_t flags;
    const char *constraints[SIM_MAX_CONSTRAINTS];
} SimGenericParamDef;

typedef struct SimMethodDef {
    const char *name;
    uint32_t flags;
    const char *ret;
    SimParamDef params[SIM_MAX_PARAMS];
    Il2CppMethodPointer body;
    /* value-type instance methods: the adjustor thunk, which takes the
     * boxed object; NULL otherwise (virtualMethodPointer = body) */
    Il2CppMethodPointer boxed_body;
    InvokerMethod invoker;
    const char *overrides;       /* "System.Object::ToString" or NULL */
    SimMarshalDef marshal[2];
    uint32_t iflags;             /* METHOD_IMPL_ATTRIBUTE_*, 0: IL managed */
    const char *attr;            /* a marker attribute's class ([Extension]) */
    const char *attr_text;       /* its string constructor argument, NULL: none */
    const char *attr2;           /* a second marker attribute's class, NULL: none */
    /* an open generic definition: its parameters (NULL: not generic) */
    const SimGenericParamDef *generic;
    uint8_t pointer;             /* SIM_POINTER_*: what methodPointer is */
} SimMethodDef;

/* What a method's methodPointer is (SimMethodDef.pointer): its body (the
 * default), or one of the cases no direct call may take, where only
 * invoker_method reaches the method (sim_pointers.c) -- NULL; the body,
 * of a shared signature other than the method's (IL2CPP 2021.3's
 * indirect_call_via_invokers); a stub for code the build lacks, which
 * raises (an unresolved call, sim_unresolved_call).  SIM_POINTER_STRIPPED:
 * metadata without code, as the managed linker leaves a method it
 * stripped the body of (R-LINK-1): methodPointer and invoker_method NULL. */
enum { SIM_POINTER_BODY, SIM_POINTER_NULL, SIM_POINTER_INDIRECT, SIM_POINTER_UNRESOLVED,
       SIM_POINTER_STRIPPED };
void sim_unresolved_call(void);
/* The body of a `static extern` InternalCall method: its registered
 * code (il2cpp_add_internal_call), or System.MissingMethodException
 * raised (sim_icalls.c). */
Il2CppMethodPointer sim_icall(const char *name);

typedef struct SimPropertyDef {
    const char *name;
    const char *getter;          /* method names on the same class, or NULL */
    const char *setter;
} SimPropertyDef;

typedef struct SimAttrDef {
    const char *klass;           /* NULL terminates the list */
    int marshal_type;
    const char *const *members;
    int member_count;
} SimAttrDef;

typedef struct SimClassDef {
    const char *ns, *name;
    SimKind kind;
    uint8_t type;                /* Il2CppTypeEnum; 0: CLASS / VALUETYPE */
    uint32_t flags;
    const char *parent;          /* NULL: by kind; "" for System.Object */
    uint32_t size;               /* sizeof of the C struct (see SimFieldDef) */
    uint32_t align;
    uint32_t static_size;        /* sizeof the statics struct, 0 if none */
    const char *enum_base;       /* enums: underlying type */
    const char *interfaces[SIM_MAX_INTERFACES];
    const SimFieldDef *fields;   /* terminated by name == NULL */
    const SimMethodDef *methods[SIM_MAX_METHOD_TABLES];
    const SimPropertyDef *properties;
    const SimAttrDef *attrs;
    void (*cctor)(void);         /* static constructor body, NULL: none */
    /* nested types: the enclosing class ("Demo"); ns is then "", the
     * full name "Demo+Name" and the IL name "Demo.Name", as IL2CPP names
     * them, and the image's name lookups do not find it */
    const char *declaring;
} SimClassDef;

/* ---- well-known classes (filled by sim_init) ---------------------------- */
typedef struct SimKnown {
    Il2CppClass *object, *value_type, *enum_, *string, *void_, *boolean,
        *char_, *sbyte, *byte, *int16, *uint16, *int32, *uint32, *int64,
        *uint64, *single, *double_, *intptr, *uintptr, *array, *nullable,
        *exception;
    Il2CppClass *point2d, *vector2, *player, *ishape, *demo, *marshal_attr, *invoke_attr;
    Il2CppClass *param_array;    /* System.ParamArrayAttribute */
    Il2CppClass *nullable_int32, *nullable_point2d, *nullable_vector2,
        *nullable_boolean;
    Il2CppClass *delegate, *multicast_delegate, *action_int32, *action_string,
        *func_int32_int32, *func_point2d_single;
} SimKnown;
extern SimKnown sim_k;

/* ---- internal API --------------------------------------------------------- */

/* sim_gc.c */
void *sim_gc_alloc(size_t size, bool pointer_free);  /* zeroed, counted */
void *sim_gc_alloc_kind(size_t size, unsigned kind);  /* zeroed, counted */
/* arrays of value types with references, marked precisely (sim_vectors.c) */
void sim_vectors_init(void);
bool sim_vector_wanted(Il2CppClass *element);
void *sim_vector_alloc(Il2CppClass *element, size_t size);
void *sim_gc_alloc_root(size_t size);  /* zeroed, uncollectable (a root), not counted */
void sim_gc_store(void **slot, void *value);         /* store + barrier */

/* sim_threads.c: attaches the calling thread, as a player's startup
 * attaches its main thread (aborts on failure). */
void sim_thread_attach_main(void);

/* sim_domain.c */
Il2CppImage *sim_corlib_image(void);
Il2CppImage *sim_game_image(void);
Il2CppImage *sim_tests_image(void);   /* ZLua.Tests.dll (sim_catalog_tests.c) */
Il2CppImage *sim_common_image(void);  /* ZLua.Common.dll (sim_catalog_common.c) */
void sim_domain_init(void);
void sim_image_add(Il2CppImage *image, Il2CppClass *klass);
void sim_register_class(Il2CppClass *klass);        /* for sim_class() */
Il2CppClass *sim_find_class(const char *ns, const char *name);
Il2CppClass *sim_first_class(void);
/* The definition shells (sim_builder.c), apart from every other class so
 * that a lookup by name does not walk the classes a run has made. */
void sim_register_shell(Il2CppClass *shell);
Il2CppClass *sim_first_shell(void);
/* Adds an assembly after the catalog's three (aborts when full). */
void sim_domain_add(const Il2CppAssembly *assembly);
/* Shows or hides the last assembly added by sim_domain_add. */
void sim_domain_show_added(bool visible);
/* Counts klass once as materialized (see sim_classes_materialized). */
void sim_class_touch(Il2CppClass *klass);

/* sim_attrs.c: parameter attributes, by parameter token (IL2CPP keeps
 * them in its metadata only): a ParamDef token per parameter, and the
 * ones marked [ParamArray] */
uint32_t sim_param_token(const SimMethod *m, uint32_t position);
void sim_param_array_mark(const Il2CppImage *image, uint32_t token);

/* sim_generated.c */
void sim_generated_init(void);   /* reads ZLUA_SIM_EXTRA_CLASSES */

/* sim_builder.c */
Il2CppClass *sim_class_new(Il2CppImage *image, const char *ns,
                           const char *name, SimKind kind, uint8_t type);
void sim_build_shells(Il2CppImage *image, const SimClassDef *defs);
void sim_build_hierarchy(const SimClassDef *defs);
void sim_build_members(const SimClassDef *defs);
void sim_resolve_overrides(void);
void sim_add_methods(Il2CppClass *klass, const SimMethodDef *defs);
void sim_add_properties(Il2CppClass *klass, const SimPropertyDef *defs);
Il2CppClass *sim_nullable_of(Il2CppClass *t);
/* A closed instance of a generic reference type (Action`1, Func`2), as
 * IL2CPP inflates it: its own class, GENERICINST, named
 * "System.Func`2[System.Int32,System.Int32]" (IL: "System.Func<...>"). */
Il2CppClass *sim_generic_instance(Il2CppClass *def, Il2CppClass *const *args,
                                  uint8_t argc);
Il2CppClass *sim_generic_param_class(const char *name);
Il2CppClass *sim_pointer_class(Il2CppClass *element);
Il2CppClass *sim_resolve_class(const char *name);  /* aborts if unknown */
/* sim_builder.c: one method of k from d (not added to k); reports a
 * catalog error and aborts */
SimMethod *sim_build_method(Il2CppClass *k, const SimMethodDef *d);
/* The metadata container of a generic definition's parameters (owner a
 * MethodInfo or an Il2CppClass), constraint types resolved by name. */
const Il2CppGenericContainer *sim_generic_container(const void *owner, bool is_method,
                                                    const SimGenericParamDef *defs);
void sim_catalog_fail(const char *what, const char *name);
/* sim_generics.c: the instantiations of generic methods (after members) */
void sim_generics_init(void);
char *sim_strdup(const char *s);
char *sim_strcat3(const char *a, const char *b, const char *c);
void *sim_xcalloc(size_t n, size_t size);

/* sim_types.c */
const Il2CppType *sim_meta_type(Il2CppClass *klass, bool byref,
                                uint32_t attrs);

/* sim_classes.c */
bool sim_class_has_refs(Il2CppClass *klass);
bool sim_is_reference(const Il2CppClass *klass);  /* not a value type */
int32_t sim_element_size(const Il2CppClass *klass);
FieldInfo *sim_field(Il2CppClass *klass, const char *name);
void *sim_statics(Il2CppClass *klass);

/* sim_arrays.c: the element at indices[0..rank) of an array (of any rank),
 * or IndexOutOfRangeException thrown as IL2CPP throws it. */
void *sim_mdarray_address(Il2CppArray *array, const int32_t *indices);

/* sim_strings.c */
Il2CppString *sim_string_empty(void);
void sim_strings_init(void);
/* UTF-8 -> managed string, invalid input becomes U+FFFD (internal use). */
Il2CppString *sim_string_lossy(const char *s, size_t len);
/* managed string -> UTF-8 into buf (always NUL-terminated if cap > 0);
 * returns the full UTF-8 length (like snprintf).  NULL str -> 0. */
size_t sim_string_to_utf8(const Il2CppString *str, char *buf, size_t cap);
/* C# a + b: null/empty operands give the other operand. */
Il2CppString *sim_string_concat(Il2CppString *a, Il2CppString *b);
/* An interned literal ("..." in C#): created once, kept in a GC root. */
Il2CppString *sim_literal(const char *utf8);
/* printf into a new managed string (ASCII/UTF-8 formats only). */
Il2CppString *sim_string_printf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* sim_exceptions.c, sim_throw.cpp */
void sim_exceptions_init(void);
/* Throw (never return): a new ns.name with msg; ex itself; the
 * preallocated OutOfMemoryException. */
SIM_NORETURN void sim_raise_string(const char *ns, const char *name, Il2CppString *msg);
SIM_NORETURN void sim_raise_exception(Il2CppException *ex);
SIM_NORETURN void sim_raise_oom(void);
SIM_NORETURN void sim_throw(Il2CppException *ex);
/* Runs fn(ud); returns the managed exception it threw, NULL if none. */
Il2CppException *sim_try(void (*fn)(void *), void *ud);
/* Never throws: NULL-free (the preallocated OOM at worst) once inited. */
Il2CppException *sim_exception_new(const char *ns, const char *name,
                                   Il2CppString *msg);
/* The operations sim_fail_next can make throw. */
enum { SIM_OP_OBJECT_NEW, SIM_OP_VALUE_BOX, SIM_OP_STRING_NEW, SIM_OP_ARRAY_NEW,
       SIM_OP_CLASS_INIT, SIM_OP_COUNT };
/* Called by each such operation: throws when an injected fault is due. */
void sim_fail_point(int op, const Il2CppClass *klass);
/* Aborts with a message where a player would crash. */
SIM_NORETURN void sim_crash(const char *fmt, const char *a, const char *b);
/* The invoker prologue (sim_invokers.h): a null `this` crashes, an
 * injected exception (sim_throw_next) is thrown. */
extern int sim_invoke_armed;
void sim_invoke_unusual(const MethodInfo *method, const void *obj);
/* The invoker of abstract methods: crashes (a player calls NULL). */
void sim_invoke_abstract(Il2CppMethodPointer fn, const MethodInfo *method, void *obj,
                         void **args, void *ret);

/* sim_objects.c */
/* A zeroed managed object of klass without running its class init, NULL
 * when out of memory: the runtime's internal allocation. */
Il2CppObject *sim_object_alloc(Il2CppClass *klass);
/* Static constructor states. */
enum { SIM_CCTOR_NONE, SIM_CCTOR_RUNNING, SIM_CCTOR_DONE, SIM_CCTOR_FAILED };
/* For bodies that touch statics: a forgotten class init crashes. */
void sim_require_init(Il2CppClass *klass);

/* sim_delegates.c */
/* Inflates the catalog's Action`1 / Func`2 instances (after the hierarchy
 * is built: fields and parameters name them). */
void sim_delegates_init(void);
/* The Invoke method of a delegate type (crashes if none). */
const MethodInfo *sim_delegate_invoke_method(Il2CppClass *klass);
/* `new D(target, method)`: the object, then D's generated constructor. */
Il2CppObject *sim_delegate_new(Il2CppClass *klass, Il2CppObject *target,
                               const MethodInfo *method);

#endif /* ZLUA_SIM_INTERNAL_H */

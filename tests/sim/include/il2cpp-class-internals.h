/*
 * il2cpp-class-internals.h (simulation) -- the MethodInfo prefix that
 * IL2CPP's invoke convention reads (metadata v29, Unity 2021.2+; the
 * simulation keeps the rest of a method in SimMethod, which begins with
 * this struct), and the simulation's Il2CppType and Il2CppClass, which
 * libil2cpp declares here too (libzlua's C code never reads their
 * fields; the glue reads cctor_finished_or_no_cctor).
 */
#ifndef SIM_IL2CPP_CLASS_INTERNALS_H
#define SIM_IL2CPP_CLASS_INTERNALS_H

#include "il2cpp-api-types.h"

#ifdef __cplusplus
typedef void (*Il2CppMethodPointer)();
#else
typedef void (*Il2CppMethodPointer)(void);
#endif

/* The invoker writes the return value, unboxed, to ret. */
typedef void (*InvokerMethod)(Il2CppMethodPointer method_ptr,
                              const MethodInfo *method, void *obj,
                              void **args, void *ret);

/* A generic definition's parameters, as IL2CPP's global metadata holds
 * them (Il2CppGenericContainer, Il2CppGenericParameter) and libil2cpp
 * hands them out: as opaque handles, read through vm::MetadataCache.  Per
 * parameter its name, its number, its flags -- variance and the special
 * constraints class (0x04), struct (0x08) and new() (0x10) -- and its
 * constraint types as the compiler emitted them (`struct` brings
 * System.ValueType).  The simulation points where the metadata indexes. */
typedef struct Il2CppGenericParameter {
    const struct Il2CppGenericContainer *owner;
    const char *name;
    const Il2CppType *const *constraints;
    int16_t constraintsCount;
    uint16_t num;
    uint16_t flags;
} Il2CppGenericParameter;

typedef struct Il2CppGenericContainer {
    const void *owner;           /* the definition: a MethodInfo or an Il2CppClass */
    int32_t type_argc;
    int32_t is_method;
    const Il2CppGenericParameter *parameters;
} Il2CppGenericContainer;

typedef const Il2CppGenericContainer *Il2CppMetadataGenericContainerHandle;
typedef const Il2CppGenericParameter *Il2CppMetadataGenericParameterHandle;
typedef int32_t GenericContainerParameterIndex;
typedef int16_t GenericParameterConstraintIndex;

struct MethodInfo {
    Il2CppMethodPointer methodPointer;
    Il2CppMethodPointer virtualMethodPointer;
    InvokerMethod invoker_method;
    /* libil2cpp's: a generic method definition (is_generic) has its
     * parameters' container here; an instance of one (is_inflated) keeps
     * its generic method in the same union, and NULL stands for it here */
    Il2CppMetadataGenericContainerHandle genericContainerHandle;
    uint8_t is_generic : 1;
    uint8_t is_inflated : 1;
    /* libil2cpp's bits (further down its MethodInfo): a fully shared
     * generic instance, whose methodPointer (from 2022.3 on) is a
     * standard-signature or unresolved-call stub; 2021.3's mark that
     * methodPointer is shared code of another signature, reached through
     * invoker_method only */
    uint8_t has_full_generic_sharing_signature : 1;
    uint8_t indirect_call_via_invokers : 1;
};

#define SIM_MAX_INTERFACES 8
#define SIM_MAX_GENERIC_ARGS 2

struct SimMethod;

/* A type names a class, by value or by reference.  attrs carries the
 * field flags (for field types) or the parameter flags (in/out), exactly
 * like IL2CPP, which is why one class has many Il2CppType instances. */
struct Il2CppType {
    Il2CppClass *klass;
    uint32_t attrs;
    uint8_t type;               /* Il2CppTypeEnum */
    bool byref;
    struct Il2CppType *next;    /* the class's interned metadata types */
};

struct Il2CppClass {
    const char *name;            /* "Int32[]", "Nullable`1" */
    const char *namespaze;
    char *full_name;             /* "System.Nullable`1[System.Int32]" */
    const char *il_name;         /* "System.Nullable<System.Int32>" */
    Il2CppImage *image;
    Il2CppType byval_arg;        /* il2cpp_class_get_type */
    Il2CppType this_arg;         /* byref: sim_byref_type */
    Il2CppType *interned;        /* metadata types (param/field/return) */
    Il2CppClass *parent;
    /* IL2CPP: the class itself, the element of an array, T of Nullable<T>,
     * the underlying type of an enum. */
    Il2CppClass *element_class;
    Il2CppClass *cast_class;     /* arrays: element's cast class */
    Il2CppClass *generic_def;    /* inflated classes: Nullable`1, Func`2 */
    bool generic_params_shell;   /* a definition made for named closed generics */
    Il2CppClass *generic_arg;    /* inflated classes: T (= generic_args[0]) */
    Il2CppClass *generic_args[SIM_MAX_GENERIC_ARGS];
    uint8_t generic_argc;
    Il2CppClass *interfaces[SIM_MAX_INTERFACES];
    uint16_t interface_count;
    FieldInfo *fields;
    uint16_t field_count;
    struct SimMethod **methods;
    uint16_t method_count;
    PropertyInfo *properties;
    uint16_t property_count;
    Il2CppClass *next_array;     /* array classes of this element class */
    Il2CppClass *next_inflated;  /* generic definitions: their instances */
    Il2CppClass *next_all;       /* every class, for sim_class() */
    Il2CppClass *next_shell;     /* definition shells, for il2cpp_class_from_name */
    Il2CppClass *declaring;      /* nested types: the enclosing class */
    Il2CppClass **nested;        /* the nested types it declares */
    uint16_t nested_count;
    bool materialized;           /* handed out by the image API (counted) */
    uint32_t flags;              /* TYPE_ATTRIBUTE_* */
    int32_t instance_size;       /* header + fields (boxed size) */
    int32_t value_size;          /* value types: unboxed size */
    uint32_t align;              /* value types: unboxed alignment */
    uint8_t rank;
    bool valuetype;
    bool enumtype;
    bool is_generic;             /* a generic type definition */
    /* its parameters (is_generic; sim_generics.c), NULL: none */
    Il2CppMetadataGenericContainerHandle genericContainerHandle;
    bool primitive;
    uint8_t refs_state;          /* has_references: 0 unknown, 1 computing, 2 known */
    bool has_refs;
    /* value types with references: their unboxed reference offsets, which
     * the mark procedure of their arrays reads (sim_vectors.c) */
    const struct SimRefMap *ref_map;
    /* delegate types: Invoke, found once (a player's generated code calls
     * it directly, with no lookup per call) */
    const MethodInfo *delegate_invoke;
    void (*cctor)(void);         /* the static constructor, NULL: none */
    uint8_t cctor_state;         /* SIM_CCTOR_* */
    /* libil2cpp's name: 1 once the static constructor returned, or none */
    uint32_t cctor_finished_or_no_cctor;
    Il2CppException **init_error;/* a root cell: the TypeInitializationException */
    void *static_data;           /* GC_MALLOC_UNCOLLECTABLE: statics are roots */
    uint32_t static_size;
    Il2CppCustomAttrInfo *attrs;
    Il2CppObject **type_object;  /* a root cell: its System.Type (sim_generics.c) */
};

#endif /* SIM_IL2CPP_CLASS_INTERNALS_H */

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

typedef struct SimMarshalAsAttribute {
    Il2CppObject obj;
    int32_t Value;               /* ZLua.LuaMarshalType */
    Il2CppArray *Members;        /* string[] */
} SimMarshalAsAttribute;

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

typedef struct SimFragile {
    int32_t v;
} SimFragile;

typedef struct SimDemoStatics {
    int32_t s_color;             /* SetColor / GetColor */
    SimVector2 s_pos;            /* FooUnpacked / FooTable / GetPos */
} SimDemoStatics;

/* MyGame.Color, MyGame.Small, MyGame.Wide, ZLua.LuaMarshalType travel as
 * their underlying integers (int32_t, uint8_t, int64_t, int32_t). */

#endif /* ZLUA_SIM_FIXTURES_H */

/* The family of this stand-in: Unity 6 (6000.0), whose GC handles are
 * Il2CppGCHandle (a pointer) and whose MethodInfo ends with
 * is_unmanaged_callers_only.  Read only by the stand-in's own headers; no
 * real libil2cpp has this file. */
#pragma once
#define ZLUA_STANDIN_UNITY 6000
#define ZLUA_STANDIN_GCHANDLE_POINTER 1
#define ZLUA_STANDIN_METHOD_INDIRECT_CALL 0
#define ZLUA_STANDIN_METHOD_UNMANAGED_CALLERS_ONLY 1

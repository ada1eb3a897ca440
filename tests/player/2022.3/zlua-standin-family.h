/* The family of this stand-in: Unity 2022.3, whose MethodInfo has no
 * indirect_call_via_invokers (fully shared generics get standard-signature
 * or unresolved-call stubs instead) and whose GC handles are uint32_t.
 * Read only by the stand-in's own headers; no real libil2cpp has this file. */
#pragma once
#define ZLUA_STANDIN_UNITY 2022
#define ZLUA_STANDIN_GCHANDLE_POINTER 0
#define ZLUA_STANDIN_METHOD_INDIRECT_CALL 0
#define ZLUA_STANDIN_METHOD_UNMANAGED_CALLERS_ONLY 0

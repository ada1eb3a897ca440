/* The family of this stand-in: Unity 2021.3 (from 2021.2.6 on: delegates
 * with invoke_impl_this), whose MethodInfo ends with
 * indirect_call_via_invokers and whose GC handles are uint32_t.  Read only
 * by the stand-in's own headers; no real libil2cpp has this file. */
#pragma once
#define ZLUA_STANDIN_UNITY 2021
#define ZLUA_STANDIN_GCHANDLE_POINTER 0
#define ZLUA_STANDIN_METHOD_INDIRECT_CALL 1
#define ZLUA_STANDIN_METHOD_UNMANAGED_CALLERS_ONLY 0

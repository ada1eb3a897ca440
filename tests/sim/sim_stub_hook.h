/*
 * sim_stub_hook.h -- the simulation's ZLUA_STUB_BEFORE_CALL (zlua.h),
 * force-included into the generated stubs of the test build: a stub's
 * direct call then meets the same prologue as an invoker call (an exception
 * armed by sim_throw_next is thrown, a null `this` crashes).
 */
#ifndef ZLUA_SIM_STUB_HOOK_H
#define ZLUA_SIM_STUB_HOOK_H

#ifdef __cplusplus
extern "C" {
#endif
typedef struct MethodInfo MethodInfo;
void sim_stub_before_call(const MethodInfo *method, const void *self);
#ifdef __cplusplus
}
#endif

#undef ZLUA_STUB_BEFORE_CALL
#define ZLUA_STUB_BEFORE_CALL(mi, self) sim_stub_before_call((mi), (self))

#endif /* ZLUA_SIM_STUB_HOOK_H */

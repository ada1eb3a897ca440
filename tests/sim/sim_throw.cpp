/*
 * sim_throw.cpp -- managed exceptions the way IL2CPP raises them: as the
 * C++ exception Il2CppExceptionWrapper (vm::Exception::Raise).
 *
 * The simulation's bodies are C compiled with -fexceptions, so a throw
 * unwinds through them like through IL2CPP's generated C++; what catches
 * it is the runtime glue (src/glue), or the simulation itself where
 * libil2cpp catches too (a static constructor's exception becomes a
 * TypeInitializationException).
 */
#include "il2cpp-object-internals.h"

extern "C" {
void sim_throw(Il2CppException *ex);
void il2cpp_raise_exception(Il2CppException *ex);
Il2CppException *sim_try(void (*fn)(void *), void *ud);
}

extern "C" void sim_throw(Il2CppException *ex)
{
    throw Il2CppExceptionWrapper(ex);
}

extern "C" void il2cpp_raise_exception(Il2CppException *ex)
{
    throw Il2CppExceptionWrapper(ex);
}

extern "C" Il2CppException *sim_try(void (*fn)(void *), void *ud)
{
    try {
        fn(ud);
    } catch (Il2CppExceptionWrapper &e) {
        return e.ex;
    }
    return nullptr;
}

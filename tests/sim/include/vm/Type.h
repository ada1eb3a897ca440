/* The simulation's vm/Type.h: the one internal of libil2cpp's
 * il2cpp::vm::Type the runtime glue calls, over the simulation. */
#pragma once

#include "il2cpp-object-internals.h"
#include "sim.h"

namespace il2cpp
{
namespace vm
{
class Type
{
public:
    static void ConstructClosedDelegate(Il2CppDelegate *delegate, Il2CppObject *target,
                                        Il2CppMethodPointer addr, const MethodInfo *method)
    {
        sim_delegate_construct_closed(delegate, target, addr, method);
    }
};
} /* namespace vm */
} /* namespace il2cpp */

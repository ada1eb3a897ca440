-- An OpaqueValue handle (a light userdata) passed where an int* is
-- expected: the method would read through the handle's bits.  Live and
-- expired handles are refused by the pointer parameter.
local H = {}
rawset(_G, "F1", function(ref) H[#H + 1] = ref; P(CS.Demo.ReadPtr, ref, 0) end)
P(CS.Demo.InvokeWithRefInt, "F1", 5)
P(CS.Demo.ReadPtr, H[#H], 0)
P(CS.Demo.WritePtr, H[#H], 0, 7)

// Delegates.cs -- delegate types whose parameters and return carry
// [LuaMarshalAs] (tests/marshal/delegates.sh).  The C# compiler copies each
// attribute onto the delegate's BeginInvoke and EndInvoke, where a rule
// legal on Invoke (OpaqueValue: C# -> Lua only) would be illegal: the
// build must read the user's declaration, Invoke, and not the copies.
using ZLua;

namespace Delegates
{
    public struct Cell
    {
        public int X;
        public int Y;
    }

    public delegate void OnCell([LuaMarshalAs(LuaMarshalType.OpaqueValue)] Cell c);

    public delegate int OnPoint(
        [LuaMarshalAs(LuaMarshalType.Table, Members = new[] { "X", "Y" })] Cell c);

    [return: LuaMarshalAs(LuaMarshalType.Bytes)]
    public delegate byte[] OnSave(int slot);
}

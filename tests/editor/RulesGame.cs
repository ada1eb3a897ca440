// RulesGame.cs -- a game assembly with [LuaMarshalAs] rules, for
// LuaEnvRules.cs (R-EDITOR-2): built twice, as RulesGameA.dll (namespace
// RulesA) and, with -define:SECOND, as RulesGameB.dll (namespace RulesB),
// each against ZLua.Common.dll as a project's scripts are.
using ZLua;

#if SECOND
namespace RulesB
#else
namespace RulesA
#endif
{
    public struct Stack
    {
        public int Kind;
        public int Amount;
    }

    public static class Market
    {
        // a Lua table becomes the struct (Table rule)
        public static string Describe(
            [LuaMarshalAs(LuaMarshalType.Table, Members = new[] { "Kind", "Amount" })] Stack s)
        {
            return s.Amount + " of kind " + s.Kind;
        }

        // a property under a Table rule: read as a table, written from one
        [LuaMarshalAs(LuaMarshalType.Table, Members = new[] { "Kind", "Amount" })]
        public static Stack Best { get; set; } = new Stack { Kind = 4, Amount = 2 };

        // a save game comes back as a Lua string (Bytes rule)
        [return: LuaMarshalAs(LuaMarshalType.Bytes)]
        public static byte[] Save()
        {
            return new byte[] { 115, 97, 118, 101, 100 };
        }
    }
}

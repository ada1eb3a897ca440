// EditorConsumer.cs -- a C# program on the installed Editor backend, as a
// Unity project's scripts use it: compiled against the installed
// ZLua.LuaEnv.dll, run with the installed folder as its assembly and
// library path (tools/install-check.sh).  It makes a LuaEnv, runs a
// script that prints and reaches C#, calls a Lua function, and disposes
// the env.  Prints what the log received (print and errors); exit status 0 when all of it
// went as expected, 1 when not, 2 when the env could not be made (the
// reason printed: on Mono's SGen collector it is refused).
using System;
using ZLua;

static class EditorConsumer
{
    static int prints;

    static void Log(LuaLogKind kind, string message)
    {
        // libzlua's own lines (the corlib members Lua cannot call) depend
        // on the Mono installed: not printed
        if (kind == LuaLogKind.ZLua)
            return;
        if (kind == LuaLogKind.Print)
            prints++;
        Console.WriteLine(kind + ": " + message);
    }

    static int Main()
    {
        LuaEnv env;
        try {
            env = new LuaEnv(Log);
        } catch (InvalidOperationException e) {
            Console.WriteLine(e.Message);
            return 2;
        }
        object sum;
        using (env) {
            if (!env.DoString("print('hello from ' .. _VERSION, CS.System.Math.Max(2, 3))",
                              "=consumer"))
                return 1;
            if (!env.DoString("function add(a, b) return a + b end", "=consumer"))
                return 1;
            sum = env.Call("add", 2, 3);
        }
        Console.WriteLine("add(2, 3) = " + sum + " (" + (sum == null ? "null" : sum.GetType().Name) + ")");
        return prints == 1 && sum is int && (int)sum == 5 ? 0 : 1;
    }
}

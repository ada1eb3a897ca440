// PluginBench.cs -- three rows of the Editor benchmark (bench/mono), over
// EditorBench.cs's members, as a game's C# runs them: through ZLua.LuaEnv
// and the shipped plugin (libzlua-mono.so), loaded as the Editor loads
// it, where zlua-bench-mono links libzlua into its executable.  tools/bench-mono-plugin.sh counts
// its instructions per op against the hand-written binding's.
//   PluginBench.exe func|add|vec N
using System;
using ZLua;

static class PluginBench
{
    static void Log(LuaLogKind kind, string message)
    {
        Console.WriteLine(message);
    }

    static int Main(string[] args)
    {
        int n = int.Parse(args[1]);
        GC.KeepAlive(typeof(Bench.Calc));   // EditorBench.dll loaded before Lua reads CS.Bench
        using (var env = new LuaEnv(Log)) {
            if (args[0] == "func") {   // C# calls a Lua function through Func<int, int, int>
                env.DoString("function add2(a, b) return a + b end");
                var f = env.GetFunction<Func<int, int, int>>("add2");
                int s = f(1, 2);
                for (int i = 0; i < n; i++)
                    s += f(i, 1);
                Console.WriteLine(s);
            } else {                   // Lua calls Calc.Add (read once), or constructs a Vec
                string loop = args[0] == "add" ? "s = s + add(i, 2)" : "local v = Vec(1, 2, 3)";
                env.DoString("local add, Vec = CS.Bench.Calc.Add, CS.Bench.Vec\n" +
                             "function run(n) local s = 0 for i = 1, n do " + loop + " end " +
                             "return s % 65536 end");
                var run = env.GetFunction<Func<int, int>>("run");
                run(10);
                Console.WriteLine(run(n));
            }
        }
        return 0;
    }
}

// Boot.cs -- a game's boot code (R-ENV-1), the same assembly in the Editor and in
// the player: compiled once against ZLua.LuaEnv.dll, it runs beside the
// Editor's build of that assembly (zlua-mono, the backend plugin) and
// beside the player's (zlua-player-host, DllImport("__Internal")), with
// the same output.
//
//     Boot.exe SCRIPTS_DIR
using System;
using System.IO;
using ZLua;

static class Boot
{
    static int errors;

    // Every line the env reports, as a game would send it to its console.
    static void Log(LuaLogKind kind, string message)
    {
        if (kind == LuaLogKind.ZLua) {   // libzlua's notes (what it cannot bind): a console's
            Console.Error.WriteLine(message);
            return;
        }
        if (kind == LuaLogKind.Error) {
            errors++;
            // the first line: the traceback's frames name this host's paths
            int nl = message.IndexOf('\n');
            message = nl < 0 ? message : message.Substring(0, nl);
        }
        Console.WriteLine("[" + kind + "] " + message);
    }

    static int Main(string[] args)
    {
        string dir = args.Length > 0 ? args[0] : ".";
        using (var env = new LuaEnv(Log)) {
            env.AddSearchPath(dir);
            if (!env.DoFile(Path.Combine(dir, "boot.lua")))
                return 1;
            Console.WriteLine("add(2, 3) = " + env.Call("add", 2, 3));
            Console.WriteLine("greet = " + env.Call("greet", "player"));
            Console.WriteLine("max = " + env.Call("max_of", 3, 7));
            // a typed C# -> Lua call: the function as a delegate
            Func<int, int, int> add = env.GetFunction<Func<int, int, int>>("add");
            Console.WriteLine("typed add(4, 5) = " + add(4, 5));
            // a script's error goes to the log; the call reports it
            bool ok = env.DoString("error('boom')", "=boot");
            Console.WriteLine("the error was reported: " + !ok);
            try {
                env.Call("missing");
            } catch (InvalidOperationException e) {
                Console.WriteLine("Call threw: " + e.Message);
            }
        }
        Console.WriteLine("errors logged: " + errors);
        return errors == 2 ? 0 : 1;
    }
}

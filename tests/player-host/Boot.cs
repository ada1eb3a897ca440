// Boot.cs -- a game's boot code (R-ENV-1), the same assembly in the Editor and in
// the player: compiled once against ZLua.LuaEnv.dll, it runs beside the
// Editor's build of that assembly (zlua-mono, the backend plugin) and
// beside the player's (zlua-player-host, DllImport("__Internal")), with
// the same output.
//
//     Boot.exe SCRIPTS_DIR
using System;
using System.IO;
using System.Runtime.CompilerServices;
using ZLua;

static class Boot
{
    static int errors;

    // A C# -> Lua call declared in C# (the Lua global on_frame): the
    // player runs the IC stub its build generated, the Editor a
    // trampoline of the backend's.
    [LuaInvoke("on_frame"), MethodImpl(MethodImplOptions.InternalCall)]
    static extern float OnFrame(int frame, float dt);

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
        // the [LuaInvoke] methods registered before Run, which calls one,
        // is compiled (in Unity the package does this at start-up)
        LuaEnv.Prepare();
        return Run(args);
    }

    static int Run(string[] args)
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
            // C# -> Lua through the [LuaInvoke] method
            Console.WriteLine("on_frame(3, 0.5) = " + OnFrame(3, 0.5f));
            // a script's error goes to the log; the call reports it
            bool ok = env.DoString("error('boom')", "=boot");
            Console.WriteLine("the error was reported: " + !ok);
            try {
                env.Call("missing");
            } catch (InvalidOperationException e) {
                Console.WriteLine("Call threw: " + e.Message);
            }
        }
        // with no env left, the [LuaInvoke] method has no Lua to call
        try {
            OnFrame(4, 0.5f);
        } catch (InvalidOperationException e) {
            Console.WriteLine("OnFrame threw: " + e.Message);
        }
        Console.WriteLine("errors logged: " + errors);
        return errors == 2 ? 0 : 1;
    }
}

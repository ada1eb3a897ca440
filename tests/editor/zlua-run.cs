// zlua-run.cs -- `mono zlua-run.exe [--assembly FILE.dll]... [--rules FILE.xml]...
// SCRIPT.lua [ARGS...]`:
// the C# host that stands where the Unity Editor stands.  Mono is
// running already (Unity embeds it); C# opens the project's assemblies
// and makes a ZLua.LuaEnv, which loads libzlua's backend through
// DllImport.  The specs' `testbed` global comes from a test library
// beside the backend (libzlua-mono-testbed.so); the rest is LuaEnv's.
// Compiled with ENABLE_IL2CPP against the player's LuaEnv it runs in
// zlua-player-host, where libzlua and the testbed are the executable's.
//
// Without --assembly it opens the fixtures of $ZLUA_MONO_ASSEMBLIES.
// --rules loads a project's XML rule file (LuaEnv.LoadMarshalRules).
// Exit status: 0 when the script completes, 1 when it raised, 2 on usage
// or setup errors -- as zlua-run's.
using System;
using System.Collections.Generic;
using System.IO;
using System.Reflection;
using System.Runtime.InteropServices;

static class ZLuaRun
{
#if ENABLE_IL2CPP && !UNITY_EDITOR
    const string Testbed = "__Internal";          // linked into zlua-player-host
#else
    const string Testbed = "zlua-mono-testbed";   // beside the Editor's backend
#endif

    [DllImport(Testbed)] static extern void zlua_editor_testbed_use_alloc();
    [DllImport(Testbed)] static extern int zlua_editor_testbed_open(IntPtr L);
    [DllImport(Testbed)] static extern int zlua_editor_testbed_register_rules();

    static void Log(ZLua.LuaLogKind kind, string message)
    {
        if (kind == ZLua.LuaLogKind.Print) {
            Console.Out.WriteLine(message);
            Console.Out.Flush();   // in order with what Lua's io writes
        } else {
            Console.Error.WriteLine(message);
        }
    }

    static int Main(string[] argv)
    {
        var given = new List<string>();
        var ruleFiles = new List<string>();
        int at = 0;
        while (at + 1 < argv.Length && (argv[at] == "--assembly" || argv[at] == "--rules")) {
            (argv[at] == "--assembly" ? given : ruleFiles).Add(argv[at + 1]);
            at += 2;
        }
        if (at >= argv.Length || argv[at].StartsWith("--")) {
            Console.Error.WriteLine("usage: zlua-run.exe [--assembly FILE.dll]... [--rules FILE.xml]... " +
                                    "SCRIPT.lua [ARGS...]");
            return 2;
        }
        try {
            // the project's assemblies, as the Editor has them loaded
            string fixtures = Environment.GetEnvironmentVariable("ZLUA_MONO_ASSEMBLIES");
            if (fixtures != null && File.Exists(Path.Combine(fixtures, "ZLua.Common.dll")))
                Assembly.LoadFrom(Path.Combine(fixtures, "ZLua.Common.dll"));
            if (given.Count > 0) {
                foreach (string a in given)
                    Assembly.LoadFrom(a);
            } else if (fixtures != null) {
                Assembly.LoadFrom(Path.Combine(fixtures, "Assembly-CSharp.dll"));
                Assembly.LoadFrom(Path.Combine(fixtures, "ZLua.Tests.dll"));
            }
        } catch (Exception e) {
            Console.Error.WriteLine("zlua-run.exe: " + e.Message);
            return 2;
        }
        if (given.Count == 0 && zlua_editor_testbed_register_rules() != 0) {
            Console.Error.WriteLine("zlua-run.exe: cannot register the marshal rules");
            return 2;
        }
        ZLua.LuaEnv env;
        try {
            zlua_editor_testbed_use_alloc();   // the counting allocator, C to C
            env = new ZLua.LuaEnv(Log);
        } catch (InvalidOperationException e) {
            Console.Error.WriteLine(e.Message);
            return 2;
        }
        using (env) {
            try {
                foreach (string r in ruleFiles)
                    env.LoadMarshalRules(r);
            } catch (FormatException e) {
                Console.Error.WriteLine(e.Message);
                return 2;
            }
            if (zlua_editor_testbed_open(env.State) != 0) {
                Console.Error.WriteLine("zlua-run.exe: cannot open testbed");
                return 2;
            }
            env.SetArg(-1, "zlua-run.exe");
            for (int i = at; i < argv.Length; i++)
                env.SetArg(i - at, argv[i]);
            // the script's own arguments, as lua passes them: ... of the chunk
            string script = argv[at];
            var rest = new List<string>();
            for (int i = at + 1; i < argv.Length; i++)
                rest.Add(argv[i]);
            return Run(env, script, rest) ? 0 : 1;
        }
    }

    // DoFile with the arguments as the chunk's `...`: LuaEnv runs chunks
    // without arguments, so the chunk is loaded by a small Lua wrapper.
    static bool Run(ZLua.LuaEnv env, string script, List<string> args)
    {
        if (args.Count == 0)
            return env.DoFile(script);
        return env.DoString(
            "local f = assert(loadfile(arg[0])) return f(table.unpack(arg, 1))",
            "=zlua-run.exe");
    }
}

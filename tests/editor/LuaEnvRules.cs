// LuaEnvRules.cs -- R-EDITOR-2: a LuaEnv applies the [LuaMarshalAs] rules of
// a game's assembly whatever the order in which the game, ZLua.Common and
// the env came (zlua-mono LuaEnvRules.exe MODE GAME.dll [GAME2.dll]); every
// line it prints is compared with LuaEnvRules.MODE.expected (ctest
// editor.rules.MODE).  It references ZLua.LuaEnv.dll only: nothing loads
// ZLua.Common but the game's first use of it, as in a project.
//   after       new LuaEnv, then Assembly.LoadFrom(game) (docs/embedding.md, its example)
//   before      Assembly.LoadFrom(game), then new LuaEnv
//   two         new LuaEnv, game 1 loaded and used, then game 2 loaded
//   unreadable  the game's ZLua.Common cannot be found: one log line
using System;
using System.IO;
using System.Reflection;
using ZLua;

static class LuaEnvRules
{
    static string gameDir = "";

    // libzlua's lines about rules, the game's folder spelt DIR; the others
    // (the corlib's members) depend on the machine's Mono: left out
    static void Log(LuaLogKind kind, string message)
    {
        if (kind == LuaLogKind.ZLua && !message.Contains("LuaMarshalAs"))
            return;
        Console.WriteLine("  log " + kind + ": " +
                          message.Split('\n')[0].Replace(gameDir, "DIR"));
    }

    static bool CommonLoaded()
    {
        foreach (Assembly a in AppDomain.CurrentDomain.GetAssemblies())
            if (a.GetName().Name == "ZLua.Common")
                return true;
        return false;
    }

    static Assembly Load(string path)
    {
        Assembly a = Assembly.LoadFrom(path);
        Console.WriteLine("loaded " + a.GetName().Name + "; ZLua.Common loaded: " + CommonLoaded());
        return a;
    }

    // the Table rule (a table in, the struct out) and the Bytes rule (a
    // byte[] back as a Lua string)
    static void Check(LuaEnv env, string ns)
    {
        Console.WriteLine(ns + ":");
        env.DoString(
            "local M = CS." + ns + ".Market\n" +
            "local ok, r = pcall(M.Describe, {Kind = 1, Amount = 3})\n" +
            "print('  Table rule:', ok, (tostring(r):gsub('\\n.*', '')))\n" +
            "local s = M.Save()\n" +
            "print('  Bytes rule:', type(s), type(s) == 'string' and s or '')\n" +
            "local b = M.Best\n" +
            "print('  Property rule:', type(b), type(b) == 'table' and b.Kind or '', " +
            "type(b) == 'table' and b.Amount or '')\n", "=check");
    }

    static void Print(LuaLogKind kind, string message)
    {
        if (kind == LuaLogKind.Print)
            Console.WriteLine(message);
        else
            Log(kind, message);
    }

    static int Main(string[] args)
    {
        string mode = args[0];
        gameDir = Path.GetDirectoryName(Path.GetFullPath(args[1]));
        Console.WriteLine("ZLua.Common loaded at start: " + CommonLoaded());
        if (mode == "before" || mode == "unreadable")
            Load(args[1]);
        using (var env = new LuaEnv(Print)) {
            Console.WriteLine("env made");
            if (mode == "after" || mode == "two")
                Load(args[1]);
            Check(env, "RulesA");
            if (mode == "two") {
                Load(args[2]);
                Check(env, "RulesB");
                Check(env, "RulesA");
            }
        }
        return 0;
    }
}

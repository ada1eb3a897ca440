// LuaEnvCheck.cs -- ZLua.LuaEnv's API as a C# user calls it, in the C#
// host's place (zlua-mono LuaEnvCheck.exe LUA_DIR in the Editor's
// configuration; zlua-player-host with the player's LuaEnv): every line
// it prints is compared with LuaEnvCheck.expected (ctest editor.luaenv,
// player.luaenv).
using System;
using System.Collections.Generic;
using ZLua;

// A struct whose method calls Lua, which calls the same method on another
// value of it: each call keeps its own `this` (on Mono the outer call's
// copy sits in the thread's scratch box for the method's thunk, and the
// inner call, finding it busy, takes mono_runtime_invoke).
public struct Counter
{
    public int n;

    public int Bump(Func<int, int> f)
    {
        n++;
        int r = f(n);
        n += 100;
        return r;
    }
}

static class LuaEnvCheck
{
    static readonly List<string> log = new List<string>();
    static int zluaLines;

    static void Log(LuaLogKind kind, string message)
    {
        // libzlua's own lines depend on the corlib's members: counted only
        if (kind == LuaLogKind.ZLua) {
            zluaLines++;
            return;
        }
        // an error's first line only: its traceback names this machine's paths
        log.Add(kind + ": " + message.Split('\n')[0]);
    }

    static void Flush(string what)
    {
        Console.WriteLine(what);
        foreach (string l in log)
            Console.WriteLine("  " + l);
        log.Clear();
    }

    static int Main(string[] args)
    {
        using (var env = new LuaEnv(Log)) {
            env.AddSearchPath(args[0]);
            Console.WriteLine("DoString ok: " + env.DoString("print('hi', 1 + 1, nil)"));
            Flush("print goes to the log");
            Console.WriteLine("DoString error: " + env.DoString("error('boom')", "=check"));
            Flush("an error goes to the log");
            Console.WriteLine("syntax error: " + env.DoString("x = = 1", "=check"));
            Flush("a syntax error too");
            env.DoString("local g = require 'greet'; function hello(n) return g.hello(n) end");
            Console.WriteLine("Call: " + env.Call("hello", "Ann"));
            env.DoString("function add(a, b) return a + b end");
            object sum = env.Call("add", 2, 3);
            Console.WriteLine("Call add(2, 3): " + sum + " (" + sum.GetType() + ")");
            Console.WriteLine("Call add(0.5, 2): " + env.Call("add", 0.5, 2));
            env.DoString("function same(o) return o end function none() end");
            var list = new List<int> { 7 };
            Console.WriteLine("an object comes back as itself: " +
                              ReferenceEquals(list, env.Call("same", list)));
            Console.WriteLine("nil is null: " + (env.Call("none") == null));
            env.DoString("function count(l) return l.Count end");
            Console.WriteLine("C# members from Lua: " + env.Call("count", list));
            env.DoString("local C = CS.Counter local a, b = C(), C() " +
                         "local r = a:Bump(function(x) b:Bump(function(y) return y * 10 end) " +
                         "return x end) print(r, a.n, b.n)");
            Flush("a struct's method reentered through Lua on another value");
            try {
                env.Call("nosuch");
            } catch (InvalidOperationException e) {
                Console.WriteLine("Call of a non-function: " + e.Message);
            }
            Flush("its error");
            // a typed C# -> Lua call: the function as a delegate of its signature
            var typedAdd = env.GetFunction<Func<int, int, int>>("add");
            Console.WriteLine("GetFunction add(4, 5): " + typedAdd(4, 5));
            Console.WriteLine("the same function, the same delegate: " +
                              ReferenceEquals(typedAdd, env.GetFunction<Func<int, int, int>>("add")));
            try {
                env.GetFunction<Action>("nosuch");
            } catch (InvalidOperationException e) {
                Console.WriteLine("GetFunction of a non-function: " + e.Message);
            }
            try {
                env.GetFunction<string>("add");
            } catch (InvalidOperationException e) {
                Console.WriteLine("GetFunction<string>: " + e.Message);
            }
            Flush("their errors");
            // a script that reaches Call's native body through debug finds no call pending
            env.DoString("function sneak() return debug.getinfo(2, 'f').func end");
            env.DoString("local f = nil; function grab() f = debug.getinfo(2, 'f').func end " +
                         "function replay() return pcall(f) end");
            env.Call("grab");
            env.DoString("print(replay())");
            Flush("a replayed body");
            Console.WriteLine("CS from LuaEnv: " + env.DoString(
                "print(CS.System.String.Concat('a', 'b'), CS.System.Math.Max(3, 9))"));
            Flush("the log");
            Console.WriteLine("libzlua's log lines reached the log: " + (zluaLines > 0));
            env.Dispose();
            try {
                env.DoString("print(1)");
            } catch (ObjectDisposedException) {
                Console.WriteLine("after Dispose: ObjectDisposedException");
            }
        }
        using (var a = new LuaEnv(Log))
        using (var b = new LuaEnv(Log)) {
            a.DoString("x = 'a'");
            b.DoString("x = 'b'");
            a.DoString("print(x)");
            b.DoString("print(x)");
            Flush("two envs, two states");
        }
        return 0;
    }
}

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

    // An env made and closed while a call into C# is under way on this
    // thread (its Lua calls this): the backend's per-method facts of the
    // calls in flight must outlive the epoch the new env starts.
    public static int Churn()
    {
        using (var e = new LuaEnv((kind, message) => { }))
            e.DoString("local x = 1");
        return 7;
    }

    public int Bump(Func<int, int> f)
    {
        n++;
        int r = f(n);
        n += 100;
        return r;
    }
}

// Signatures that test how a call reaches its method on Mono: each
// argument in its register bank, narrow integers extended by their sign,
// floats in the low half of their register, the eighth integer argument on
// the stack, more arguments than registers (mono_runtime_invoke's), an
// exception from the callee.
public enum Small : byte { A = 1, B = 200 }

// a delegate Lua calls from inside another delegate's call
public static class Nest
{
    public static Func<double, double> Inner;
}

// delegates with byref parameters (Lua writes them through OpaqueValues)
public delegate bool TryGet(int key, out int value);
public delegate void BumpBoth(ref int n, ref string s);

public static class Sigs
{
    public static long Ints(sbyte a, byte b, short c, ushort d, int e, uint f, long g)
    {
        return a + b + c + d + e + f + g;
    }

    public static double Mixed(float a, int b, double c, float d, long e, double f, char g)
    {
        return a + b + c + d + e + f + g;
    }

    public static double Many(double a, double b, double c, double d, double e, double f,
                              double g, double h, double i)
    {
        return a + b + c + d + e + f + g + h + i;
    }

    public static bool Not(bool b) { return !b; }
    public static char Next(char c) { return (char)(c + 1); }
    public static sbyte Neg(sbyte x) { return (sbyte)-x; }
    public static ushort Max16() { return ushort.MaxValue; }
    public static uint Max32() { return uint.MaxValue; }
    public static ulong Big() { return 1UL << 62; }
    public static float Half(float x) { return x / 2; }
    // every argument of one kind (each loads without a dispatch on it)
    public static int Sum3(int a, int b, int c) { return a + b + c; }
    public static double Avg(double a, double b) { return (a + b) / 2; }
    public static float Mul(float a, float b) { return a * b; }
    public static Small Flip(Small s) { return s == Small.A ? Small.B : Small.A; }
    public static string Join(string a, object b, int[] c) { return a + b + c.Length; }

    public static int Fail(int x)
    {
        throw new InvalidOperationException("fail " + x);
    }
}

static class LuaEnvCheck
{
    // the launcher's count of Mono's allocations (tests/editor/mono_alloc_count.c)
    [System.Runtime.InteropServices.DllImport("__Internal")]
    static extern ulong zlua_launcher_gc_allocs();


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
            env.DoString("local C = CS.Counter local a = C() " +
                         "local r = a:Bump(function(x) return C.Churn() + CS.Sigs.Neg(x) end) " +
                         "print(r, a.n, CS.Sigs.Not(false))");
            Flush("an env made and closed inside a call in flight");
            env.DoString("local S = CS.Sigs " +
                         "print(S.Ints(-5, 250, -300, 65535, -70000, 4000000000, -9000000000)) " +
                         "print(S.Mixed(1.5, -2, 0.25, -0.5, 10000000000, 1e-3, 65)) " +
                         "print(S.Many(1, 2, 3, 4, 5, 6, 7, 8, 9)) " +
                         "print(S.Not(false), S.Not(true), S.Next(65), S.Neg(-128), S.Neg(5)) " +
                         "print(S.Max16(), S.Max32(), S.Big(), S.Half(-3)) " +
                         "print(S.Flip(CS.Small.A) == CS.Small.B, S.Flip(CS.Small.B) == CS.Small.A) " +
                         "print(S.Join('a', 1.5, {1, 2, 3})) " +
                         "print(S.Sum3(-1, 2, -2147483648), S.Avg(1.5, 2.25), S.Mul(1.5, -2)) " +
                         "print(pcall(S.Fail, 7))");
            Flush("signatures: every register bank, sign extension, the stack, an exception");
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
            // delegates of scalars, each result register and argument bank (on
            // Mono these take their arguments in registers: mono_delegate_regs.c)
            env.DoString("function mix(a, b, c, d) return a + b + c + d end " +
                         "function fmul(a, b) return a * b end " +
                         "function big(n) return n > 4294967296 end " +
                         "function narrow(s, b, c) return s * 1000000 + b * 1000 + c end " +
                         "function small(e) return e == CS.Small.B and 2 or 1 end " +
                         "function seven() return 7 end " +
                         "function half() return 0.5 end " +
                         "function note(a, b) print('note', a, b) end " +
                         "function boom(n) error('boom ' .. n, 0) end");
            var mix = env.GetFunction<Func<float, int, double, long, double>>("mix");
            var fmul = env.GetFunction<Func<float, float, float>>("fmul");
            var big = env.GetFunction<Func<long, bool>>("big");
            var narrow = env.GetFunction<Func<short, byte, char, long>>("narrow");
            var small = env.GetFunction<Func<Small, int>>("small");
            var note = env.GetFunction<Action<int, double>>("note");
            Console.WriteLine("scalar delegates: " + mix(1.5f, -2, 0.25, 1L << 40) + " " +
                              fmul(1.5f, -3f) + " " + big(1L << 33) + " " + big(5) + " " +
                              narrow(-7, 200, 'A') + " " + small(Small.B) + " " +
                              small(Small.A) + " " + env.GetFunction<Func<int>>("seven")() +
                              " " + env.GetFunction<Func<double>>("half")());
            note(3, 0.75);
            Flush("their Lua");
            // more than four scalars (on Mono: no register entry, the values
            // copied into cells of one width whatever their own), and more
            // than a scalar call takes (the general IC call)
            env.DoString("function wide(a, b, c, d, e, f) " +
                         "return (a and 1 or 0) + b * 10 + c * 100 + d * 1000 + " +
                         "math.floor(e * 4) * 100000 + math.floor(f * 4) * 1000000 end " +
                         "function nine(a, b, c, d, e, f, g, h, i) " +
                         "return a + b * 2 + c * 3 + d * 4 + e * 5 + f * 6 + g * 7 + h * 8 + i * 9 end " +
                         "function wideboom() error('wide boom', 0) end");
            var wide = env.GetFunction<Func<bool, byte, short, char, double, float, long>>("wide");
            var nine = env.GetFunction<Func<int, int, int, int, int, int, int, int, int, int>>("nine");
            Console.WriteLine("wider scalar delegates: " + wide(true, 255, -3, 'B', 0.5, 1.25f) +
                              " " + wide(false, 0, 0, '\0', 0, 0) + " " +
                              nine(1, 1, 1, 1, 1, 1, 1, 1, -1));
            // none of them allocates per call (the launchers count Mono's
            // allocations: tests/editor/mono_alloc_count.c)
            ulong before = zlua_launcher_gc_allocs();
            long isum = 0;
            double fsum = 0;
            for (int i = 0; i < 1000; i++) {
                isum += wide(true, 1, 2, 'C', 0.25, 0.5f) + typedAdd(i, 1);
                fsum += mix(1, 2, 3, 4);
            }
            ulong allocs = zlua_launcher_gc_allocs() - before;
            Console.WriteLine("1000 calls of three scalar delegates: " + isum + " " + fsum +
                              ", managed allocations " + allocs);
            // a delegate whose Lua calls another delegate (its resolve
            // replaces the thread's kept one) before it returns or fails:
            // the outer call still knows its own type and function
            env.DoString("function inner(x) return x * 2 end " +
                         "function outer(n) return math.floor(CS.Nest.Inner(n)) + 1 end " +
                         "function outerbad(n) return 'x' .. CS.Nest.Inner(n) end");
            Nest.Inner = env.GetFunction<Func<double, double>>("inner");
            var outer = env.GetFunction<Func<int, int>>("outer");
            Console.WriteLine("a delegate called inside a delegate: " + outer(20) + " " + outer(1));
            try {
                env.GetFunction<Func<int, int>>("outerbad")(3);
            } catch (InvalidOperationException e) {
                Console.WriteLine("its bad result after the inner call: " + e.Message);
            }
            // byref parameters: the caller's variables written by Lua
            env.DoString("function tryget(k, v) zlua.set_opaquevalue(v, k * 2) return k > 0 end " +
                         "function bumpboth(n, s) " +
                         "zlua.set_opaquevalue(n, zlua.get_opaquevalue(n) + 1) " +
                         "zlua.set_opaquevalue(s, zlua.get_opaquevalue(s) .. '!') end");
            var tryget = env.GetFunction<TryGet>("tryget");
            var bumpboth = env.GetFunction<BumpBoth>("bumpboth");
            int got, bumped = 1;
            string text = "hi";
            bool found = tryget(21, out got);
            bumpboth(ref bumped, ref text);
            Console.WriteLine("byref delegates: " + found + " " + got + " " + bumped + " " + text);
            before = zlua_launcher_gc_allocs();
            int gsum = 0;
            for (int i = 0; i < 1000; i++) {
                tryget(i, out got);
                gsum += got;
            }
            allocs = zlua_launcher_gc_allocs() - before;
            Console.WriteLine("1000 calls with an out parameter: " + gsum + ", managed allocations " +
                              allocs);
            try {
                env.GetFunction<Func<bool, byte, short, char, double, float, long>>("wideboom")(
                    true, 1, 2, 'C', 3, 4);
            } catch (InvalidOperationException e) {
                Console.WriteLine("a wide scalar delegate's Lua error: " + e.Message);
            }
            try {
                env.GetFunction<Func<bool, byte, short, char, double, float, long>>("half")(
                    true, 1, 2, 'C', 3, 4);
            } catch (InvalidOperationException e) {
                Console.WriteLine("a wide scalar delegate's bad result: " + e.Message);
            }
            try {
                env.GetFunction<Func<int, int>>("boom")(9);
            } catch (InvalidOperationException e) {
                Console.WriteLine("a scalar delegate's Lua error: " + e.Message);
            }
            try {
                env.GetFunction<Func<int, int>>("half")(1);
            } catch (InvalidOperationException e) {
                Console.WriteLine("a scalar delegate's bad result: " + e.Message);
            }
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

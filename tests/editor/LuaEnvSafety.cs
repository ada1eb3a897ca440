// LuaEnvSafety.cs -- what a LuaEnv holds against its own users and
// scripts (R-ENV-3, R-THREAD-1, R-PTR-1, R-POLICY-1, R-LIB-1),
// in the C# host's place (zlua-mono LuaEnvSafety.exe): every line it
// prints is compared with LuaEnvSafety.expected (ctest
// editor.luaenv_safety).  A check that crashed the process before its
// fix shows as a missing line and a failed run.
using System;
using System.IO;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Threading;
using ZLua;

// What the scripts call back: C# reached through CS (the env types
// themselves are not reachable from scripts, R-POLICY-1).
public static class Hooks
{
    public static Action Run;
    public static Action Inner;
    public static Action Kept;
    public static Action<int> KeptInt;
    public static Action<string> KeptString;

    public static string Try(Action a)
    {
        try {
            a();
            return "ok";
        } catch (Exception e) {
            return Check.Describe(e);
        }
    }

    public static string Fire() { return Try(Run); }
    public static string FireInner() { return Try(Inner); }
    public static void Keep(Action f) { Kept = f; }
    public static readonly System.Collections.Generic.List<Action> KeptAll =
        new System.Collections.Generic.List<Action>();
    public static void KeepAll(Action f) { KeptAll.Add(f); }
    public static void KeepInt(Action<int> f) { KeptInt = f; }
    public static void KeepString(Action<string> f) { KeptString = f; }
    public delegate void RefInt(ref int n);
    public static RefInt KeptRef;
    public static void KeepRef(RefInt f) { KeptRef = f; }
    public static Action<int?> KeptNullable;
    public static void KeepNullable(Action<int?> f) { KeptNullable = f; }

    // C# -> Lua through [LuaInvoke] methods: probe() returns its env's
    // `who`, so the result says which env the call reached.  Not inlined:
    // Mono binds an internal call when it compiles the caller, and the
    // backend registers the [LuaInvoke] methods with the first LuaEnv.
    [LuaInvoke("probe"), MethodImpl(MethodImplOptions.InternalCall)]
    static extern string ProbeLua();

    [LuaInvoke("echo"), MethodImpl(MethodImplOptions.InternalCall)]
    static extern string EchoLua(string s);

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static string Probe()
    {
        return ProbeLua();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static string Echo(string s)
    {
        return EchoLua(s);
    }
}

static class Check
{
    static readonly StringWriter stderr = new StringWriter();

    static void Log(LuaLogKind kind, string message)
    {
        if (kind == LuaLogKind.ZLua)
            return;
        Console.WriteLine("  " + kind + ": " + message.Split('\n')[0]);
    }

    // The exception's type and the message's first clause: thread ids
    // and addresses vary between runs.
    public static string Describe(Exception e)
    {
        while (e is TargetInvocationException && e.InnerException != null)
            e = e.InnerException;
        string m = e.Message.Split('\n')[0];
        int cut = m.IndexOf(" (");
        return e.GetType().Name + ": " + (cut > 0 ? m.Substring(0, cut) : m);
    }

    static void Title(string t)
    {
        Console.WriteLine(t);
    }

    static void Say(string what, Action a)
    {
        Console.WriteLine("  " + what + ": " + Hooks.Try(a));
    }

    static int Main()
    {
        DisposeWhileRunning();
        Dropped();
        IcRouting();
        Threads();
        EntryPoints();
        Untrusted();
        Policy();
        return 0;
    }

    // ---- R-ENV-3: Dispose while the env's Lua code runs ---------------------

    static void DisposeWhileRunning()
    {
        Title("Dispose inside its own Lua code");
        var env = new LuaEnv(Log);
        Hooks.Run = () => env.Dispose();
        env.DoString("print(CS.Hooks.Fire())");
        env.DoString("print('still works')");

        Title("Dispose below a callback through another env");
        var other = new LuaEnv(Log);
        Hooks.Inner = () => env.Dispose();
        Hooks.Run = () => other.DoString("print('other:', CS.Hooks.FireInner())");
        env.DoString("CS.Hooks.Fire()");
        env.DoString("print('still works')");

        Title("Dispose inside a delegate call into its state");
        env.DoString("CS.Hooks.Keep(function() print('in the delegate:', CS.Hooks.FireInner()) end)");
        Hooks.Kept();
        env.DoString("print('still works')");

        other.Dispose();   // env is the most recent again: where an IC call goes
        Title("Dispose inside an IC call into its state");
        env.DoString("function probe() return CS.Hooks.FireInner() end");
        Console.WriteLine("  " + Hooks.Probe());
        env.DoString("print('still works')");

        Title("Dispose after the outermost call returned");
        env.Dispose();
        Say("the delegate afterwards", () => Hooks.Kept());
        Say("a member afterwards", () => env.DoString("print(1)"));
    }

    // ---- R-ENV-3: an env dropped without Dispose ----------------------------

    // What the dropped envs print through their own log while they live
    // (their LuaEnv objects not collected yet).
    static int droppedViaLog;

    static void DroppedLog(LuaLogKind kind, string message)
    {
        if (kind == LuaLogKind.Print)
            droppedViaLog++;
    }

    const int Dropped_N = 16;

    [MethodImpl(MethodImplOptions.NoInlining)]
    static void MakeDropped()
    {
        var env = new LuaEnv(DroppedLog);
        env.DoString("CS.Hooks.KeepAll(function() print('print from a dropped env') end)");
    }

    // Overwrites the stack MakeDropped used: Mono's collector scans
    // stacks conservatively, and a stale slot would keep an env alive.
    [MethodImpl(MethodImplOptions.NoInlining)]
    static int Scrub(int depth)
    {
        var pad = new long[64];
        for (int i = 0; i < pad.Length; i++)
            pad[i] = i;
        return depth == 0 ? (int)pad[3] : Scrub(depth - 1) + (int)pad[1];
    }

    // Runs every kept delegate: how many ran, how many found their state
    // closed (anything else is counted in neither).
    static void RunKept(out int ran, out int closed)
    {
        ran = closed = 0;
        foreach (Action f in Hooks.KeptAll) {
            string r = Hooks.Try(f);
            if (r == "ok")
                ran++;
            else if (r.Contains("has been closed"))
                closed++;
        }
    }

    // Many envs dropped, so that what is checked is release in bulk: the
    // collector is conservative, and any one env may stay reachable from a
    // stale word.  On a thread of their own, which owns them: envs that
    // stay uncollected never become another test's "newest env".
    static void Dropped()
    {
        Title("envs dropped without Dispose");
        var t = new System.Threading.Thread(DroppedBody);
        t.Start();
        t.Join();
    }

    static void DroppedBody()
    {
        for (int i = 0; i < Dropped_N; i++)
            MakeDropped();
        Scrub(64);
        for (int i = 0; i < 3; i++) {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
        TextWriter err = Console.Error;
        Console.SetError(stderr);
        // the loop's own constructors are safe points: an env collected
        // while later ones were made may be closed already
        int ran, closed;
        RunKept(out ran, out closed);
        Console.SetError(err);
        int toStderr = 0;
        foreach (string line in stderr.ToString().Split('\n'))
            if (line.Contains("print from a dropped env"))
                toStderr++;
        Console.WriteLine("  before a safe point, each delegate ran or found its state closed: " +
                          (ran + closed == Dropped_N));
        Console.WriteLine("  each that ran printed through its env's log or, the env collected, " +
                          "to stderr: " + (droppedViaLog + toStderr == ran));
        Console.WriteLine("  some env was collected: " + (toStderr + closed > 0));
        int closedBefore = closed;
        using (var env = new LuaEnv(Log))   // a safe point: the collected envs are closed
            env.DoString("print('a new env')");
        RunKept(out ran, out closed);
        Console.WriteLine("  after it, each delegate ran or found its state closed: " +
                          (ran + closed == Dropped_N));
        Console.WriteLine("  every env collected by then is closed: " +
                          (closed >= closedBefore + toStderr));
    }

    // ---- R-ENV-3: every IC call reaches its own env -------------------------

    static void IcRouting()
    {
        Title("IC calls, two envs");
        var a = new LuaEnv(Log);
        var b = new LuaEnv(Log);
        a.DoString("who = 'a' function probe() return who end");
        b.DoString("who = 'b' function probe() return who end");
        a.DoString("print('from a:', CS.Hooks.Probe())");
        b.DoString("print('from b:', CS.Hooks.Probe())");
        Console.WriteLine("  from C#, none running: " + Hooks.Probe());
        Hooks.Run = () => b.DoString("print('b inside a:', CS.Hooks.Probe())");
        a.DoString("CS.Hooks.Fire() print('a again:', CS.Hooks.Probe())");
        b.Dispose();
        a.DoString("print('a, b disposed:', CS.Hooks.Probe())");
        Console.WriteLine("  from C#, b disposed: " + Hooks.Probe());
        var c = new LuaEnv(Log);
        c.DoString("who = 'c' function probe() return who end");
        a.Dispose();
        c.DoString("print('c, a disposed:', CS.Hooks.Probe())");
        c.DoString("function echo(s) return who .. ' got ' .. s end");
        Console.WriteLine("  a string argument: " + Hooks.Echo("x"));
        c.Dispose();
        Say("none left", () => Console.WriteLine("  " + Hooks.Probe()));
    }

    // ---- R-THREAD-1 ---------------------------------------------------------

    static void Threads()
    {
        Title("LuaEnv from another thread");
        var env = new LuaEnv(Log);
        int mine = Thread.CurrentThread.ManagedThreadId;
        foreach (string member in new[] { "DoString", "Call", "Dispose", "State", "Deny" }) {
            string msg = null;
            var t = new Thread(() => {
                try {
                    switch (member) {
                    case "DoString": env.DoString("print('ran')"); break;
                    case "Call": env.Call("print", 1); break;
                    case "Dispose": env.Dispose(); break;
                    case "State": msg = env.State.ToString(); break;
                    default: env.Deny("System.IO.*"); break;
                    }
                    msg = "no exception";
                } catch (InvalidOperationException e) {
                    int other = Thread.CurrentThread.ManagedThreadId;
                    msg = e.GetType().Name + ", names both threads: " +
                          (e.Message.Contains("thread " + other) &&
                           e.Message.Contains("thread " + mine));
                }
            });
            t.Start();
            t.Join();
            Console.WriteLine("  " + member + ": " + msg);
        }
        env.DoString("print('still works')");
        env.Dispose();
    }

    // ---- R-PTR-1 / R-POLICY-1: the entry points ---------------------------------

    static Type HostType(string name)
    {
        foreach (Assembly asm in AppDomain.CurrentDomain.GetAssemblies())
            if (asm.GetName().Name == "ZLua.MonoHost")
                return asm.GetType(name, true);
        throw new InvalidOperationException("ZLua.MonoHost is not loaded");
    }

    // The boxed Int64 libzlua made the target of a Lua function's
    // delegate: the helper's closed-over first argument, or among the
    // constants of the compiled lambda that packs an object[].
    static object LuaTarget(Delegate d)
    {
        if (d.Target is long)   // a generic helper closed over it (LuaDelegate.Make)
            return d.Target;
        var closure = d.Target as Closure;
        foreach (object o in closure != null ? closure.Constants : new object[0])
            if (o is long)
                return o;
        throw new InvalidOperationException("no target in the delegate");
    }

    static unsafe void EntryPoints()
    {
        Title("the entry points");
        var env = new LuaEnv(Log);
        bool allocCtor = false;
        foreach (ConstructorInfo c in typeof(LuaEnv).GetConstructors())
            foreach (ParameterInfo p in c.GetParameters())
                allocCtor |= p.ParameterType == typeof(IntPtr);
        Console.WriteLine("  a LuaEnv constructor takes an IntPtr: " + allocCtor);
        Type del = HostType("ZLuaMonoHost.LuaDelegate");
        Console.WriteLine("  ZLuaMonoHost.LuaDelegate public: " + del.IsPublic +
                          ", Reflect public: " + HostType("ZLuaMonoHost.Reflect").IsPublic);

        env.DoString("CS.Hooks.KeepInt(function(x) print('int', x) end) " +
                     "CS.Hooks.KeepString(function(s) print('string', s) end)");
        Hooks.KeptInt(5);
        Hooks.KeptString("s");
        object ti = LuaTarget(Hooks.KeptInt), ts = LuaTarget(Hooks.KeptString);
        MethodInfo call = del.GetMethod("Call", BindingFlags.Static | BindingFlags.Public);
        MethodInfo make = del.GetMethod("Make", BindingFlags.Static | BindingFlags.Public);
        Type[] intTypes = { typeof(int) };
        Func<object, object[], Type[], Type, Action> dispatch =
            (t, a, ty, rt) => () => call.Invoke(null, new object[] { t, a, ty, rt });
        Say("Dispatch, args too short", dispatch(ti, new object[0], intTypes, typeof(void)));
        Say("Dispatch, args null", dispatch(ti, null, intTypes, typeof(void)));
        Say("Dispatch, a null int", dispatch(ti, new object[] { null }, intTypes, typeof(void)));
        Say("Dispatch, a string for an int",
            dispatch(ti, new object[] { "x" }, new[] { typeof(string) }, typeof(void)));
        Say("Dispatch, a string[] as object[]",
            dispatch(ts, new string[] { "x" }, new[] { typeof(string) }, typeof(void)));
        Say("Dispatch, types and ret lying",
            dispatch(ti, new object[] { 7 }, new[] { typeof(Guid) }, typeof(Guid)));
        Say("Dispatch, a forged target", dispatch((long)12345, new object[] { 7 }, intTypes,
                                                  typeof(void)));
        Refs(del, "DispatchRefs, a forged target", (long)12345, 1, 'i', 'n');
        Refs(del, "DispatchRefs, argc 2 for one parameter", ti, 2, 'i', 'n');
        Refs(del, "DispatchRefs, argc -1", ti, -1, 'i', 'n');
        Refs(del, "DispatchRefs, a null argument", ti, 1, 'n', 'n');
        Refs(del, "DispatchRefs, a heap pointer", ti, 1, 'h', 'n');
        Refs(del, "DispatchRefs, a string for an int", ti, 1, 's', 'n');
        Refs(del, "DispatchRefs, a result for void", ti, 1, 'i', 'i');
        Refs(del, "DispatchRefs, a real one", ti, 1, 'i', 'n');
        Refs(del, "DispatchRefs8, argc 9", ti, 9, 'i', 'n', true);
        Refs(del, "DispatchRefs8, argc 5 for one parameter", ti, 5, 'i', 'n', true);
        Refs(del, "DispatchRefs8, a heap pointer", ti, 1, 'h', 'n', true);
        Refs(del, "DispatchRefs8, a result for void", ti, 1, 'i', 'i', true);
        Refs(del, "DispatchRefs8, a real one", ti, 1, 'i', 'n', true);
        env.DoString("CS.Hooks.KeepRef(function(n) print('ref', zlua.get_opaquevalue(n)) end) " +
                     "CS.Hooks.KeepNullable(function(n) print('nullable', n) end)");
        int seven = 7;
        Hooks.KeptRef(ref seven);
        object tr = LuaTarget(Hooks.KeptRef), tq = LuaTarget(Hooks.KeptNullable);
        Refs(del, "DispatchRefs8, a string for a ref int", tr, 1, 's', 'n', true);
        Refs(del, "DispatchRefs8, a Nullable parameter", tq, 1, 'i', 'n', true);
        Refs(del, "DispatchRefs8, a real one over a ref int", tr, 1, 'i', 'n', true);
        // the register entries (mono_delegate_regs.c), forged as any C# code
        // could: a target that is not one, another delegate type's target,
        // the wrong result register for the target's Invoke
        Type regs = HostType("ZLuaMonoHost.LuaDelegateRegs");
        Func<string, Type[], MethodInfo> entry = (name, ta) => {
            MethodInfo m = regs.GetMethod(name, BindingFlags.Static | BindingFlags.NonPublic);
            return ta.Length > 0 ? m.MakeGenericMethod(ta) : m;
        };
        Func<MethodInfo, object[], Action> regsCall = (m, a) => () => m.Invoke(null, a);
        Say("Regs, a forged target", regsCall(entry("V1", intTypes), new object[] { (long)12345, 7 }));
        Say("Regs, a null target", regsCall(entry("V1", intTypes), new object[] { null, 7 }));
        Say("Regs, a string delegate's target", regsCall(entry("V1", intTypes), new object[] { ts, 7 }));
        Say("Regs, a float entry for a void Invoke", regsCall(entry("F1", intTypes), new object[] { ti, 7 }));
        Say("Regs, a double entry for a void Invoke", regsCall(entry("D0", new Type[0]), new object[] { ti }));
        Say("Regs, a real one, its argument a long", regsCall(entry("V1", new[] { typeof(long) }),
                                                              new object[] { ti, (1L << 32) | 5 }));
        Say("Regs, a ref int delegate's target", regsCall(entry("V1", intTypes), new object[] { tr, 9 }));
        Say("Regs, a real one", regsCall(entry("V1", intTypes), new object[] { ti, 9 }));
        Say("Make over another type's target", () => {
            var d = (Action<int>)make.Invoke(null, new object[] { typeof(Action<int>), ts });
            d(5);
        });
        Say("Make over another type's target, by TypedReferences", () => {
            var d = (Action<string>)make.Invoke(null, new object[] { typeof(Action<string>), ti });
            d("x");
        });

        env.DoString("print('still works')");
        env.Dispose();
    }

    unsafe delegate Exception RefsFn(object target, int argc, void* a0, void* a1, void* a2,
                                     void* a3, void* ret);

    unsafe delegate Exception Refs8Fn(object target, int argc, void* a0, void* a1, void* a2,
                                      void* a3, void* a4, void* a5, void* a6, void* a7,
                                      void* ret);

    // LuaDelegate.DispatchRefs(target, argc, a0, null, null, null, ret), or
    // with eight DispatchRefs8 (a1..a7 null), reached through a delegate
    // over the internal call as any C# code could: a0 and ret each 'i' a
    // TypedReference over an int local (7), 's' over a string, 'h' a heap
    // block of junk, 'n' null.
    [MethodImpl(MethodImplOptions.NoInlining)]
    static unsafe void Refs(Type del, string what, object target, int argc, char a0, char ret,
                            bool eight = false)
    {
        const BindingFlags priv = BindingFlags.Static | BindingFlags.NonPublic;
        int n = 7, r = 0;
        string str = "x";
        TypedReference tn = __makeref(n), ts = __makeref(str), tr = __makeref(r);
        IntPtr heap = Marshal.AllocHGlobal(64);
        for (int i = 0; i < 64; i++)
            Marshal.WriteByte(heap, i, 0x5a);
        void* arg = a0 == 'i' ? (void*)&tn : a0 == 's' ? (void*)&ts
                  : a0 == 'h' ? (void*)heap : null;
        try {
            void* rp = ret == 'i' ? &tr : null;
            Exception ex = eight
                ? ((Refs8Fn)Delegate.CreateDelegate(typeof(Refs8Fn), del.GetMethod(
                      "DispatchRefs8", priv)))(target, argc, arg, null, null, null, null, null,
                                                null, null, rp)
                : ((RefsFn)Delegate.CreateDelegate(typeof(RefsFn), del.GetMethod(
                      "DispatchRefs", priv)))(target, argc, arg, null, null, null, rp);
            Console.WriteLine("  " + what + ": " + (ex == null ? "ok"
                : ex.GetType().Name + ": " + ex.Message));
            if (n != 7 || r != 0 || str != "x")   // a refused call writes nothing back
                Console.WriteLine("  " + what + ": the caller's locals changed");
        } finally {
            Marshal.FreeHGlobal(heap);
        }
    }

    // ---- R-POLICY-1 / R-LIB-1: the Untrusted option and the rules ----------

    static void Untrusted()
    {
        Title("LuaTrust.Untrusted");
        using (var env = new LuaEnv(Log, LuaTrust.Untrusted)) {
            env.DoString("print(pcall(package.loadlib, 'liblua5.4.so', 'luaopen_debug'))");
            env.DoString("print(pcall(function() return CS.System.IO.File end))");
            env.DoString("print(pcall(function() return CS.System.Runtime.InteropServices.Marshal end))");
            env.DoString("print(CS.System.Math.Max(3, 9))");
        }
        using (var env = new LuaEnv(Log))
            env.DoString("print(CS.System.IO.File ~= nil, type(package.loadlib))");
    }

    static void Policy()
    {
        Title("Allow and Deny");
        using (var env = new LuaEnv(Log)) {
            Say("a malformed pattern", () => env.Deny("System..IO"));
            Say("a null pattern", () => env.Allow(null));
            env.Deny("System.Text.*");
            env.Allow("System.Text.StringBuilder");
            env.DoString("print(pcall(function() return CS.System.Text.Encoding end))");
            env.DoString("print(CS.System.Text.StringBuilder('ok'):ToString())");
            Say("a rule after a type was bound", () => env.Deny("System.Math"));
        }
    }
}

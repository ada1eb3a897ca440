// ZLua.LuaEnv.cs -- a Lua state for C#, the same source in the Unity
// Editor and in an IL2CPP player: it calls libzlua's entry API
// (zlua_env.h) through DllImport, from the Editor's native plugin (the
// Mono backend, which attaches to the domain already running: nothing
// here starts a runtime) or, in a player (ENABLE_IL2CPP and not
// UNITY_EDITOR), from libzlua linked into the player ("__Internal").
//
//     using (var env = new ZLua.LuaEnv(msg => Debug.Log(msg))) {
//         env.AddSearchPath(Application.dataPath + "/Lua");
//         env.DoString("print(CS.UnityEngine.Application.version)");
//         object r = env.Call("add", 2, 3);
//     }
//
// The rules (docs/embedding.md, "One C# API" and "The Unity Editor"):
//  - Threads (R-THREAD-1): an env belongs to the thread that made it;
//    every member called on another thread throws InvalidOperationException
//    naming both threads and touches nothing.  Queue work to the owner.
//  - Lifetime (R-ENV-3): Dispose while any of the env's Lua code runs
//    (its own DoString/DoFile/Call, a delegate or IC call into its state,
//    at any depth, under any other env) throws InvalidOperationException
//    and frees nothing.  An env dropped without Dispose is never closed by
//    the finalizer thread: its finalizer queues the native env, and the
//    next LuaEnv constructor or member on the owner thread, with no Lua
//    code running on that thread, closes it.  Until then its state lives
//    on (a delegate of it still runs) and its log lines go to
//    Console.Error; afterwards its delegates throw InvalidOperationException
//    (the state is closed).  An env dropped on a thread that never uses a
//    LuaEnv again stays open until the process ends.
//  - C# -> Lua IC calls reach the env whose Lua code runs innermost on the
//    calling thread; with none running, the most recent env that thread
//    made and has not disposed; never a disposed env.
//  - Ahead-of-time safe (R-ENV-2): one static log callback, marked
//    [AOT.MonoPInvokeCallback], finds its env through a weak GC handle; no
//    code is made at run time.
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace AOT
{
    // Unity's marker for a static method native code calls (IL2CPP makes
    // its reverse-P/Invoke wrapper); Unity's own lives in UnityEngine,
    // which this assembly does not reference, and IL2CPP matches it by
    // name.
    [AttributeUsage(AttributeTargets.Method)]
    internal sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { Type = type; }
        public Type Type { get; private set; }
    }
}

namespace ZLua
{
    public enum LuaLogKind { Print = 0, Error = 1, ZLua = 2 }

    // Trusted: scripts reach every public type and load C modules.
    // Untrusted (mods): the mods preset of the type policy (no interop,
    // reflection emit or assembly loading, files, processes, threads,
    // sockets: docs/lua-api.md, "What scripts may reach") and no C
    // modules (package.loadlib and the C searchers off), both before any
    // script runs.
    public enum LuaTrust { Trusted = 0, Untrusted = 1 }

    public sealed class LuaEnv : IDisposable
    {
#if ENABLE_IL2CPP && !UNITY_EDITOR
        const string Lib = "__Internal";   // libzlua is linked into the player
#else
        const string Lib = "zlua-mono";    // the Editor's native plugin
#endif
        const int Untrusted = 1;   // ZLUA_ENV_UNTRUSTED

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        delegate void LogFn(IntPtr ud, int kind, IntPtr message);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_prepare();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern IntPtr zlua_env_new(LogFn log, IntPtr logUd, int flags);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_free(IntPtr env);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_busy(IntPtr env);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_thread_busy();
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern IntPtr zlua_env_state(IntPtr env);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_add_search_path(IntPtr env, byte[] dir);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_set_arg(IntPtr env, int index, byte[] value);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_dostring(IntPtr env, byte[] chunk, UIntPtr len, byte[] name);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_dofile(IntPtr env, byte[] path);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_call(IntPtr env, byte[] name, IntPtr args, out IntPtr result);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_get_function(IntPtr env, byte[] name, IntPtr delegateType,
                                                out IntPtr result);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_allow(IntPtr env, byte[] pattern);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_env_deny(IntPtr env, byte[] pattern);
#if !(ENABLE_IL2CPP && !UNITY_EDITOR)
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_mono_env_attach(byte[] helpersDll, byte[] err, UIntPtr errSize);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_mono_env_load_rules(IntPtr env, byte[] xmlPath);
#endif

        // The one log callback of every env, alive for the process: native
        // code never holds a delegate an env could take away with it.
        static readonly LogFn logThunk = OnLog;

        IntPtr env;
        GCHandle self;                 // weak: how OnLog finds this env
        readonly int owner;            // the managed id of the thread that made it
        readonly Action<LuaLogKind, string> log;
        string lastError;              // the last error logged (the constructor's reason)

        // Registers the [LuaInvoke] methods' internal calls now (R-IC-3).
        // Mono, the Editor's runtime, binds an internal call when it
        // compiles a method that calls it, and a method compiled before
        // the registration keeps throwing MissingMethodException: call
        // this at start-up, before the code that calls a [LuaInvoke]
        // method first runs (not from that method: it is compiled
        // already).  In a player the first LuaEnv would do; calling it
        // there too is harmless.
        public static void Prepare()
        {
            Attach();
            if (zlua_env_prepare() != 0)
                throw new InvalidOperationException(
                    "zlua: the [LuaInvoke] methods could not be registered (see stderr)");
        }

        // print, errors and libzlua's log lines go to log (null: Console).
        public LuaEnv(Action<LuaLogKind, string> log = null) : this(log, LuaTrust.Trusted) { }

        public LuaEnv(Action<LuaLogKind, string> log, LuaTrust trust)
        {
            owner = Thread.CurrentThread.ManagedThreadId;
            this.log = log ?? DefaultLog;
            CloseDropped();
            Attach();
            self = GCHandle.Alloc(this, GCHandleType.Weak);
            env = zlua_env_new(logThunk, GCHandle.ToIntPtr(self),
                               trust == LuaTrust.Untrusted ? Untrusted : 0);
            if (env == IntPtr.Zero) {
                self.Free();
                GC.SuppressFinalize(this);
                throw new InvalidOperationException(lastError ?? "zlua: the Lua state could not be made");
            }
        }

        public LuaEnv(Action<string> log) : this((k, m) => log(m)) { }

        public LuaEnv(Action<string> log, LuaTrust trust) : this((k, m) => log(m), trust) { }

        // Dropped without Dispose: the native env is queued for its owner
        // thread (CloseDropped); this thread never calls into Lua.
        ~LuaEnv()
        {
            if (env == IntPtr.Zero)
                return;
            lock (dropped) {
                dropped.Add(new Dropped { Env = env, Thread = owner, Self = self });
                droppedCount = dropped.Count;
            }
        }

#if ENABLE_IL2CPP && !UNITY_EDITOR
        // The player's runtime is libzlua's own boundary: nothing to attach.
        // The first zlua_env_new registers the IC stubs of the game's
        // [LuaInvoke] methods as their internal calls (R-IC-3): the
        // generated zlua_stubs.cpp handed their table to libzlua when the
        // player loaded.  In the Editor nothing registers them.
        static void Attach() { }
#else
        static readonly object attachLock = new object();
        static bool attached;

        // The Editor's backend attaches to the running domain once, with
        // ZLua.MonoHost.dll, its reflection helpers, beside this assembly
        // (envs of several threads: one attaches, the others wait).
        static void Attach()
        {
            lock (attachLock) {
                if (attached)
                    return;
                string here = Path.GetDirectoryName(typeof(LuaEnv).Assembly.Location);
                byte[] err = new byte[512];
                if (zlua_mono_env_attach(Utf8(Path.Combine(here, "ZLua.MonoHost.dll")), err,
                                         (UIntPtr)err.Length) != 0)
                    throw new InvalidOperationException(FromUtf8(err));
                attached = true;
            }
        }
#endif

        static void DefaultLog(LuaLogKind kind, string message)
        {
            if (kind == LuaLogKind.Print)
                Console.WriteLine(message);
            else
                Console.Error.WriteLine(message);
        }

        // A line from the state of the env behind ud.  Nothing may unwind
        // into the native frames below: a throwing log goes to stderr.
        [AOT.MonoPInvokeCallback(typeof(LogFn))]
        static void OnLog(IntPtr ud, int kind, IntPtr message)
        {
            string m = FromUtf8(message);
            try {
                LuaEnv e = ud != IntPtr.Zero ? GCHandle.FromIntPtr(ud).Target as LuaEnv : null;
                if (e == null) {   // collected: its state waits to be closed
                    Console.Error.WriteLine(m);
                    return;
                }
                if (kind == (int)LuaLogKind.Error)
                    e.lastError = m;
                e.log((LuaLogKind)kind, m);
            } catch (Exception x) {
                Console.Error.WriteLine("zlua: the LuaEnv log threw " + x.GetType() + ": " +
                                        x.Message + "; the line: " + m);
            }
        }

        // The lua_State, for native code of one's own (lua_*, zlua_*).
        public IntPtr State
        {
            get {
                IntPtr L = zlua_env_state(Live());
                GC.KeepAlive(this);
                return L;
            }
        }

        // require looks in dir first (dir/?.lua, dir/?/init.lua).
        public void AddSearchPath(string dir)
        {
            int rc = zlua_env_add_search_path(Live(), Utf8(dir));
            GC.KeepAlive(this);
            if (rc != 0)
                throw new InvalidOperationException("zlua: cannot extend package.path");
        }

        // arg[index] = value, as the lua executable sets it.
        public void SetArg(int index, string value)
        {
            zlua_env_set_arg(Live(), index, Utf8(value));
            GC.KeepAlive(this);
        }

        // Runs a chunk; false when it raised (the error went to the log).
        public bool DoString(string chunk, string chunkName = "=(LuaEnv)")
        {
            IntPtr e = Live();
            byte[] b = Encoding.UTF8.GetBytes(chunk);
            bool ok = zlua_env_dostring(e, b, (UIntPtr)b.Length, Utf8(chunkName)) == 0;
            GC.KeepAlive(this);
            return ok;
        }

        public bool DoFile(string path)
        {
            bool ok = zlua_env_dofile(Live(), Utf8(path)) == 0;
            GC.KeepAlive(this);
            return ok;
        }

        // Calls the global function name with args, each as its own type
        // (an int a Lua integer, a string a Lua string, an object a
        // userdata of its class); its first result as an `object` slot
        // receives it (a Lua integer an Int32 when it fits, else an Int64,
        // a float a Double, a string a String, a userdata its object),
        // null for nil.  Throws when the call raised (the error went to
        // the log).
        public object Call(string name, params object[] args)
        {
            IntPtr e = Live();
            GCHandle a = GCHandle.Alloc(args ?? new object[0]);
            IntPtr result;
            int rc;
            try {
                rc = zlua_env_call(e, Utf8(name), GCHandle.ToIntPtr(a), out result);
            } finally {
                a.Free();
                GC.KeepAlive(this);
            }
            if (rc != 0)
                throw new InvalidOperationException("zlua: " + name + " raised (see the log)");
            if (result == IntPtr.Zero)
                return null;
            GCHandle r = GCHandle.FromIntPtr(result);
            object o = r.Target;
            r.Free();
            return o;
        }

        // The global function name as a delegate of type T (a delegate
        // type): calling it runs the function on this env's state, its
        // arguments and result converted by T's signature, as a Lua
        // function passed to C# is (no object[], no boxing where the
        // runtime has T's generated entry).  Throws
        // InvalidOperationException when name is not a function or T is not
        // a delegate type (the reason went to the log).
        public T GetFunction<T>(string name) where T : class
        {
            if (name == null)
                throw new ArgumentNullException("name");
            IntPtr e = Live();
            IntPtr result;
            int rc = zlua_env_get_function(e, Utf8(name), typeof(T).TypeHandle.Value, out result);
            GC.KeepAlive(this);
            if (rc != 0)
                throw new InvalidOperationException("zlua: " + name + " cannot be a " + typeof(T) +
                                                    " (see the log)");
            if (result == IntPtr.Zero)
                return null;
            GCHandle r = GCHandle.FromIntPtr(result);
            T f = (T)r.Target;
            r.Free();
            return f;
        }

        // A project's XML marshal rule file (docs/marshal-rules.md), the
        // one zlua-marshalc compiles into a player: its rules join the
        // process's, for every env's binds from then on (load it before
        // scripts use the types it names).  Each error goes to the log as
        // "FILE:LINE: error: ..." and the file adds nothing: a
        // FormatException says how many.  A file loaded before is
        // not read again.
        public void LoadMarshalRules(string xmlPath)
        {
            if (xmlPath == null)
                throw new ArgumentNullException("xmlPath");
#if ENABLE_IL2CPP && !UNITY_EDITOR
            // a player's rules are compiled into it when it is built
            throw new NotSupportedException("zlua: LoadMarshalRules is the Editor's; a player's " +
                                            "rule files are compiled when it is built (zlua-marshalc)");
#else
            int rc = zlua_mono_env_load_rules(Live(), Utf8(xmlPath));
            GC.KeepAlive(this);
            if (rc == -3)
                throw new InvalidOperationException("zlua: the env is closing");
            if (rc < 0)
                throw new ArgumentException("zlua: cannot load marshal rules from '" + xmlPath + "'",
                                            "xmlPath");
            if (rc > 0)
                throw new FormatException("zlua: " + xmlPath + ": " + rc +
                                                         " error(s) in the marshal rules (see the log); none applied");
#endif
        }

        // Which C# types scripts may reach (R-POLICY-1; zlua.h,
        // zlua_policy_allow): "[Assembly]", "Name.Space.*",
        // "Name.Space.Type" or "*", the most specific rule deciding.  Set
        // rules right after the constructor, before any script runs.
        public void Allow(string pattern)
        {
            if (pattern == null)
                throw new ArgumentNullException("pattern");
            int rc = zlua_env_allow(Live(), Utf8(pattern));
            GC.KeepAlive(this);
            PolicyResult(rc, pattern);
        }

        public void Deny(string pattern)
        {
            if (pattern == null)
                throw new ArgumentNullException("pattern");
            int rc = zlua_env_deny(Live(), Utf8(pattern));
            GC.KeepAlive(this);
            PolicyResult(rc, pattern);
        }

        // zlua.h's codes: ZLUA_ENOMEM -1, ZLUA_EINVAL -2, ZLUA_ESTATE -3.
        static void PolicyResult(int rc, string pattern)
        {
            switch (rc) {
            case 0:
                return;
            case -1:
                throw new OutOfMemoryException("zlua: no memory for the policy rule '" + pattern + "'");
            case -2:
                throw new ArgumentException("zlua: not a type policy pattern: '" + pattern +
                                            "' (\"[Assembly]\", \"Name.Space.*\", " +
                                            "\"Name.Space.Type\" or \"*\")", "pattern");
            case -3:
                throw new InvalidOperationException(
                    "zlua: the type policy rule '" + pattern + "' comes too late: a type was " +
                    "bound already (set rules right after the constructor)");
            default:
                throw new InvalidOperationException("zlua: the type policy rule '" + pattern +
                                                    "' was refused (" + rc + ")");
            }
        }

        // Refused (InvalidOperationException, nothing freed) while any of
        // the env's Lua code runs; see the rules at the top.
        public void Dispose()
        {
            CheckThread();
            if (env == IntPtr.Zero)
                return;
            if (zlua_env_busy(env) != 0 || zlua_env_free(env) != 0)
                throw new InvalidOperationException(
                    "zlua: LuaEnv.Dispose while the env's Lua code runs (its DoString, DoFile " +
                    "or Call, or a delegate or IC call into its state, is below on the stack); " +
                    "dispose it after the outermost call has returned");
            env = IntPtr.Zero;
            self.Free();
            GC.SuppressFinalize(this);
            CloseDropped();
        }

        void CheckThread()
        {
            int t = Thread.CurrentThread.ManagedThreadId;
            if (t != owner)
                throw new InvalidOperationException(
                    "zlua: LuaEnv used on thread " + t + ", but it belongs to thread " + owner +
                    ", which made it (a Lua state is single-threaded: queue the work to thread " +
                    owner + ")");
        }

        IntPtr Live()
        {
            CheckThread();
            if (env == IntPtr.Zero)
                throw new ObjectDisposedException("LuaEnv");
            CloseDropped();
            return env;
        }

        // ---- envs dropped without Dispose ---------------------------------

        struct Dropped
        {
            public IntPtr Env;
            public int Thread;
            public GCHandle Self;
        }

        static readonly List<Dropped> dropped = new List<Dropped>();
        static int droppedCount;

        // The safe point: closes the dropped envs of this thread, unless
        // Lua code of any state runs on it now (then a later call does).
        static void CloseDropped()
        {
            if (Volatile.Read(ref droppedCount) == 0 || zlua_env_thread_busy() != 0)
                return;
            int me = Thread.CurrentThread.ManagedThreadId;
            var mine = new List<Dropped>();
            lock (dropped) {
                for (int i = dropped.Count - 1; i >= 0; i--)
                    if (dropped[i].Thread == me && zlua_env_busy(dropped[i].Env) == 0) {
                        mine.Add(dropped[i]);
                        dropped.RemoveAt(i);
                    }
                droppedCount = dropped.Count;
            }
            foreach (Dropped d in mine) {
                if (zlua_env_free(d.Env) == 0) {
                    d.Self.Free();
                    continue;
                }
                lock (dropped) {   // busy after all: a later call tries again
                    dropped.Add(d);
                    droppedCount = dropped.Count;
                }
            }
        }

        static byte[] Utf8(string s)
        {
            if (s == null)
                return null;
            byte[] b = Encoding.UTF8.GetBytes(s);
            Array.Resize(ref b, b.Length + 1);   // the NUL C reads up to
            return b;
        }

        // A NUL-terminated message C wrote into b.
        static string FromUtf8(byte[] b)
        {
            int n = Array.IndexOf(b, (byte)0);
            return Encoding.UTF8.GetString(b, 0, n < 0 ? b.Length : n);
        }

        static string FromUtf8(IntPtr p)
        {
            if (p == IntPtr.Zero)
                return null;
            int n = 0;
            while (Marshal.ReadByte(p, n) != 0)
                n++;
            byte[] b = new byte[n];
            Marshal.Copy(p, b, 0, n);
            return Encoding.UTF8.GetString(b);
        }
    }
}

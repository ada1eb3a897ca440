// ZLua.LuaEnv.cs -- a Lua state for C# in the Unity Editor: the managed
// side of libzlua's Mono backend (zlua_mono.h), which it loads through
// DllImport the way Unity loads any native plugin.  The backend attaches
// to the domain already running; nothing here starts a runtime.
//
//     using (var env = new ZLua.LuaEnv(msg => Debug.Log(msg))) {
//         env.AddSearchPath(Application.dataPath + "/Lua");
//         env.DoString("print(CS.UnityEngine.Application.version)");
//         object r = env.Call("add", 2, 3);
//     }
//
// Every call must come from the thread that made the env.
using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

namespace ZLua
{
    public enum LuaLogKind { Print = 0, Error = 1, ZLua = 2 }

    public sealed class LuaEnv : IDisposable
    {
        const string Lib = "zlua-mono";

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        delegate void LogFn(int kind, IntPtr message);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern IntPtr zlua_mono_env_new(byte[] helpersDll, LogFn log, IntPtr alloc,
                                               IntPtr allocUd);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern void zlua_mono_env_free(IntPtr env);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern IntPtr zlua_mono_env_state(IntPtr env);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_mono_env_add_search_path(IntPtr env, byte[] dir);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern void zlua_mono_env_set_arg(IntPtr env, int index, byte[] value);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_mono_env_dostring(IntPtr env, byte[] chunk, UIntPtr len,
                                                 byte[] name);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_mono_env_dofile(IntPtr env, byte[] path);
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_mono_env_call(IntPtr env, byte[] name, uint args,
                                             out uint result);

        IntPtr env;
        readonly LogFn logFn;          // kept alive as long as the native side holds it
        readonly Action<LuaLogKind, string> log;
        string lastError;              // the last error logged (the constructor's reason)

        // print, errors and libzlua's log lines go to log (null: Console).
        public LuaEnv(Action<LuaLogKind, string> log = null)
            : this(log, IntPtr.Zero, IntPtr.Zero) { }

        // alloc: a native lua_Alloc for the state (IntPtr.Zero: realloc/free).
        public LuaEnv(Action<LuaLogKind, string> log, IntPtr alloc, IntPtr allocUd)
        {
            this.log = log ?? DefaultLog;
            logFn = OnLog;
            env = zlua_mono_env_new(Utf8(HelpersPath()), logFn, alloc, allocUd);
            if (env == IntPtr.Zero)
                throw new InvalidOperationException(lastError ?? "zlua: the Lua state could not be made");
        }

        public LuaEnv(Action<string> log) : this((k, m) => log(m)) { }

        // ZLua.MonoHost.dll, the backend's reflection helpers: beside this assembly.
        static string HelpersPath()
        {
            string here = Path.GetDirectoryName(typeof(LuaEnv).Assembly.Location);
            return Path.Combine(here, "ZLua.MonoHost.dll");
        }

        static void DefaultLog(LuaLogKind kind, string message)
        {
            if (kind == LuaLogKind.Print)
                Console.WriteLine(message);
            else
                Console.Error.WriteLine(message);
        }

        void OnLog(int kind, IntPtr message)
        {
            string m = FromUtf8(message);
            if (kind == (int)LuaLogKind.Error)
                lastError = m;
            log((LuaLogKind)kind, m);
        }

        // The lua_State, for native code of one's own (lua_*, zlua_*).
        public IntPtr State { get { return zlua_mono_env_state(Live()); } }

        // require looks in dir first (dir/?.lua, dir/?/init.lua).
        public void AddSearchPath(string dir)
        {
            if (zlua_mono_env_add_search_path(Live(), Utf8(dir)) != 0)
                throw new InvalidOperationException("zlua: cannot extend package.path");
        }

        // arg[index] = value, as the lua executable sets it.
        public void SetArg(int index, string value)
        {
            zlua_mono_env_set_arg(Live(), index, Utf8(value));
        }

        // Runs a chunk; false when it raised (the error went to the log).
        public bool DoString(string chunk, string chunkName = "=(LuaEnv)")
        {
            byte[] b = Encoding.UTF8.GetBytes(chunk);
            return zlua_mono_env_dostring(Live(), b, (UIntPtr)b.Length, Utf8(chunkName)) == 0;
        }

        public bool DoFile(string path)
        {
            return zlua_mono_env_dofile(Live(), Utf8(path)) == 0;
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
            GCHandle a = GCHandle.Alloc(args ?? new object[0]);
            uint result;
            int rc;
            try {
                rc = zlua_mono_env_call(Live(), Utf8(name), (uint)GCHandle.ToIntPtr(a).ToInt64(),
                                        out result);
            } finally {
                a.Free();
            }
            if (rc != 0)
                throw new InvalidOperationException("zlua: " + name + " raised (see the log)");
            if (result == 0)
                return null;
            GCHandle r = GCHandle.FromIntPtr((IntPtr)(long)result);
            object o = r.Target;
            r.Free();
            return o;
        }

        public void Dispose()
        {
            if (env != IntPtr.Zero) {
                zlua_mono_env_free(env);
                env = IntPtr.Zero;
            }
            GC.KeepAlive(logFn);
        }

        IntPtr Live()
        {
            if (env == IntPtr.Zero)
                throw new ObjectDisposedException("LuaEnv");
            return env;
        }

        static byte[] Utf8(string s)
        {
            if (s == null)
                return null;
            byte[] b = Encoding.UTF8.GetBytes(s);
            Array.Resize(ref b, b.Length + 1);   // the NUL C reads up to
            return b;
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

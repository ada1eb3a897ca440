// Boot.cs -- the package's sample (Samples~/Boot): a MonoBehaviour that
// opens a Lua state, runs app.lua and calls its functions, the same code
// in the Editor (the Mono backend) and in an IL2CPP player (libzlua linked
// into the player).  No scene: add it to any GameObject (Add Component >
// Boot) and press Play.  app.lua is read from
// Application.streamingAssetsPath + "/" + script: copy this sample's
// app.lua to Assets/StreamingAssets/Lua/app.lua (the package README,
// "The sample").
using System.IO;
using System.Runtime.CompilerServices;
using UnityEngine;
using ZLua;

namespace ZLua.Samples
{
    public sealed class Boot : MonoBehaviour
    {
        // the script, relative to Application.streamingAssetsPath
        public string script = "Lua/app.lua";

        LuaEnv env;

        // C# calling the Lua global on_hit, declared in C#: the player
        // runs the IC stub its build generates, the Editor a trampoline the
        // package registers as the domain loads
        [LuaInvoke("on_hit"), MethodImpl(MethodImplOptions.InternalCall)]
        static extern int OnHit(int damage, float multiplier);

        void Start()
        {
            string path = Path.Combine(Application.streamingAssetsPath, script);
            if (!File.Exists(path)) {
                Debug.LogError("zlua sample: no " + path + " (copy the sample's app.lua there)");
                return;
            }
            env = new LuaEnv(Log);
            env.AddSearchPath(Path.GetDirectoryName(path));
            if (!env.DoFile(path))
                return;   // the error went to the log
            Debug.Log("greet(\"Unity\") = " + env.Call("greet", "Unity"));
            Debug.Log("add(2, 3) = " + env.Call("add", 2, 3));
            Debug.Log("OnHit(10, 1.5) = " + OnHit(10, 1.5f));
        }

        void OnDestroy()
        {
            if (env != null) {
                env.Dispose();
                env = null;
            }
        }

        static void Log(LuaLogKind kind, string line)
        {
            if (kind == LuaLogKind.Error)
                Debug.LogError(line);
            else
                Debug.Log(line);
        }
    }
}

// ZLuaPrepare.cs -- the [LuaInvoke] methods' internal calls registered at
// every domain load (R-IC-3).  Mono binds an internal call when it
// compiles a method that calls it, and a method compiled before the
// registration keeps throwing MissingMethodException: Unity runs this
// class's static constructor as the Editor's assemblies load (edit mode,
// and play mode, which reloads the domain or keeps the last load's
// registration), before a game's code runs.  A player needs nothing:
// IL2CPP binds an internal call at its first call, after the first LuaEnv.
using System;
using UnityEditor;
using UnityEngine;

namespace ZLua.EditorTools
{
    [InitializeOnLoad]
    static class ZLuaPrepare
    {
        static ZLuaPrepare()
        {
            try {
                LuaEnv.Prepare();
            } catch (Exception e) {
                Debug.LogError("zlua: " + e.Message);
            }
        }
    }
}

// SampleCheck.cs -- ctest package.sample: the package's sample (Samples~/Boot)
// run as the Editor runs it, as far as it can be here: the package's C#
// compiled in the Editor's configuration against the stand-in, all of its
// assemblies in one folder (as Unity compiles them into
// Library/ScriptAssemblies, where ZLua.LuaEnv finds ZLua.MonoHost.dll) with
// the package's libzlua-mono.so, under zlua-mono (Mono's Boehm build
// started as the Editor starts it).  Unity's part is played here: run the
// static constructors of the [InitializeOnLoad] classes of the folder's
// assemblies (as a domain loads), make the component, call its Start and
// OnDestroy.  Start calls a [LuaInvoke] method, which only the package's
// registration at load makes callable.
//     zlua-mono SampleCheck.exe      (UNITY_STANDIN_STREAMING_ASSETS: the
//                                     folder holding Lua/app.lua)
using System;
using System.IO;
using System.Reflection;
using System.Runtime.CompilerServices;
using UnityEditor;
using ZLua.Samples;

static class SampleCheck
{
    static int Main()
    {
        foreach (string f in Directory.GetFiles(AppDomain.CurrentDomain.BaseDirectory, "*.dll"))
            foreach (Type t in Assembly.LoadFrom(f).GetTypes())
                if (t.IsDefined(typeof(InitializeOnLoadAttribute), false))
                    RuntimeHelpers.RunClassConstructor(t.TypeHandle);
        var boot = new Boot();
        const BindingFlags any = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
        typeof(Boot).GetMethod("Start", any).Invoke(boot, null);
        typeof(Boot).GetMethod("OnDestroy", any).Invoke(boot, null);
        Console.WriteLine("sample: Start and OnDestroy returned");
        return 0;
    }
}

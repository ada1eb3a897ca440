// SampleCheck.cs -- ctest package.sample: the package's sample (Samples~/Boot)
// run as the Editor runs it, as far as it can be here: the package's C#
// compiled in the Editor's configuration against the stand-in, all of its
// assemblies in one folder (as Unity compiles them into
// Library/ScriptAssemblies, where ZLua.LuaEnv finds ZLua.MonoHost.dll) with
// the package's libzlua-mono.so, under zlua-mono (Mono's Boehm build
// started as the Editor starts it).  Unity's part is played here: make the
// component, call its Start and OnDestroy.
//     zlua-mono SampleCheck.exe      (UNITY_STANDIN_STREAMING_ASSETS: the
//                                     folder holding Lua/app.lua)
using System;
using System.Reflection;
using ZLua.Samples;

static class SampleCheck
{
    static int Main()
    {
        var boot = new Boot();
        const BindingFlags any = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
        typeof(Boot).GetMethod("Start", any).Invoke(boot, null);
        typeof(Boot).GetMethod("OnDestroy", any).Invoke(boot, null);
        Console.WriteLine("sample: Start and OnDestroy returned");
        return 0;
    }
}

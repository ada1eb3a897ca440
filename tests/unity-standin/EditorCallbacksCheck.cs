// EditorCallbacksCheck.cs -- ctest package.editor.callbacks: the package's
// Editor C# (ZLua.Editor.dll, compiled against the stand-in in the Editor
// configuration) driven as Unity would drive it.  Generation in the Editor
// is pending (R-PKG-2), so every command and callback that needs it must
// fail, loudly and with the message that says what to do:
//  - Tools > ZLua > Generate: NotSupportedException with
//    ZLuaGeneration.Pending, logged as an error, the progress bar shown
//    and then cleared;
//  - the three build callbacks with 'Generate At Build' on (the default,
//    no settings asset): BuildFailedException, each with its message;
//  - with it off in the project's settings asset: the callbacks let the
//    build go on and add no link.xml;
//  - two settings assets: an error naming both.
//     mono EditorCallbacksCheck.exe
using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Serialization;
using UnityEditor;
using UnityEditor.Build;
using UnityEditor.Build.Reporting;
using UnityEditor.UnityLinker;
using ZLua.EditorTools;

static class EditorCallbacksCheck
{
    static int failures;

    static void Check(bool ok, string what)
    {
        Console.Error.WriteLine((ok ? "ok   " : "FAIL ") + what);
        if (!ok)
            failures++;
    }

    // runs f, returning the exception it threw (null: none) and what it printed
    static Exception Run(Action f, out string output)
    {
        TextWriter saved = Console.Out;
        var w = new StringWriter();
        Console.SetOut(w);
        Exception thrown = null;
        try {
            f();
        } catch (Exception e) {
            thrown = e;
        } finally {
            Console.SetOut(saved);
        }
        output = w.ToString();
        return thrown;
    }

    static void Assets(params ZLuaSettings[] assets)
    {
        var field = typeof(AssetDatabase).GetField("standinAssets", BindingFlags.NonPublic | BindingFlags.Static);
        var d = (System.Collections.IDictionary)field.GetValue(null);
        d.Clear();
        for (int i = 0; i < assets.Length; i++)
            d["0000000000000000000000000000000" + i] = assets[i];
    }

    static int Main()
    {
        var report = (BuildReport)FormatterServices.GetUninitializedObject(typeof(BuildReport));
        var data = (UnityLinkerBuildPipelineData)FormatterServices.GetUninitializedObject(
            typeof(UnityLinkerBuildPipelineData));
        var callbacks = new ZLuaBuildCallbacks();
        string output;

        // the menu item: declared as Unity finds it
        MethodInfo generate = typeof(ZLuaMenu).GetMethod("Generate");
        CustomAttributeData menu = generate.GetCustomAttributesData()
            .FirstOrDefault(a => a.AttributeType == typeof(MenuItem));
        Check(menu != null && (string)menu.ConstructorArguments[0].Value == "Tools/ZLua/Generate" &&
              generate.IsStatic, "Generate is a static [MenuItem(\"Tools/ZLua/Generate\")]");

        // no settings asset: the defaults, generation on
        Assets();
        Exception e = Run(ZLuaMenu.Generate, out output);
        Check(e is NotSupportedException && e.Message == ZLuaGeneration.Pending,
              "Generate fails with the pending message: " + (e == null ? "no exception" : e.GetType().Name));
        Check(output.Contains("[Debug.LogError] " + ZLuaGeneration.Pending), "Generate logs the message as an error");
        int shown = output.IndexOf("[EditorUtility.DisplayProgressBar] ZLua: generating: ");
        int cleared = output.IndexOf("[EditorUtility.ClearProgressBar]");
        Check(shown >= 0 && cleared > shown, "Generate shows the progress bar, then clears it");

        e = Run(() => callbacks.OnPreprocessBuild(report), out output);
        Check(e is BuildFailedException && e.Message == ZLuaGeneration.Pending,
              "OnPreprocessBuild fails the build with the pending message");
        e = Run(() => callbacks.OnPostBuildPlayerScriptDLLs(report), out output);
        Check(e is BuildFailedException && e.Message == ZLuaGeneration.Pending,
              "OnPostBuildPlayerScriptDLLs fails the build with the pending message");
        e = Run(() => callbacks.GenerateAdditionalLinkXmlFile(report, data), out output);
        Check(e is BuildFailedException && e.Message.StartsWith(ZLuaBuildCallbacks.LinkXmlPending) &&
              e.Message.Contains(ZLuaGeneration.Pending),
              "GenerateAdditionalLinkXmlFile fails the build: no link.xml yet");
        Check(callbacks.callbackOrder == 0, "callbackOrder is 0");

        // a settings asset with generation at build time off
        var off = new ZLuaSettings();
        off.generateAtBuild = false;
        Assets(off);
        e = Run(() => callbacks.OnPreprocessBuild(report), out output);
        Check(e == null, "generation off: OnPreprocessBuild lets the build go on");
        e = Run(() => callbacks.OnPostBuildPlayerScriptDLLs(report), out output);
        Check(e == null, "generation off: OnPostBuildPlayerScriptDLLs lets the build go on");
        string linkXml = "unset";
        e = Run(() => linkXml = callbacks.GenerateAdditionalLinkXmlFile(report, data), out output);
        Check(e == null && linkXml == null, "generation off: no additional link.xml");
        e = Run(ZLuaMenu.Generate, out output);
        Check(e is NotSupportedException && e.Message == ZLuaGeneration.Pending,
              "generation off: the menu command still fails with the pending message");

        // an empty assembly list: its own error
        var none = new ZLuaSettings();
        none.assemblies = new string[0];
        Assets(none);
        e = Run(ZLuaMenu.Generate, out output);
        Check(e is ArgumentException && e.Message.Contains("names no assembly") &&
              output.Contains("[EditorUtility.ClearProgressBar]"),
              "no assembly in the settings: ArgumentException, progress bar cleared");

        // two settings assets
        Assets(new ZLuaSettings(), new ZLuaSettings());
        e = Run(() => callbacks.OnPreprocessBuild(report), out output);
        Check(e is InvalidOperationException && e.Message.Contains("2 ZLuaSettings assets") &&
              e.Message.Contains("Assets/00000000000000000000000000000000.asset") &&
              e.Message.Contains("Assets/00000000000000000000000000000001.asset"),
              "two settings assets: an error naming both");

        Console.Error.WriteLine(failures == 0 ? "editor callbacks: all checks passed" : failures + " check(s) failed");
        return failures == 0 ? 0 : 1;
    }
}

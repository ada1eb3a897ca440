// EditorCallbacksCheck.cs -- ctest package.editor.callbacks: the package's
// Editor C# (ZLua.Editor.dll, compiled against the stand-in in the Editor
// configuration) driven as Unity would drive it, generating in-process
// (R-PKG-2, R-LINK-1) through the Editor's native plugin over a project
// made of tests/gen-game (its assemblies in Library/ScriptAssemblies, its
// rules and a preservation list in Assets/ZLua):
//  - Tools > ZLua > Generate: the stubs, the rule tables, the report and
//    link.xml and the Lua annotations written, the stubs and the
//    annotations the same bytes as zlua-stubgen-mono's and zlua-annot-mono's
//    over the same assemblies and rules, the progress bar shown and then
//    cleared; an assembly the Editor has not compiled: an error, logged;
//  - the build callbacks: generation again in the same process (the same
//    files: nothing left from the first run), the linker callback handing
//    over link.xml; an illegal rule stops the build with its file and
//    line and changes no file;
//  - 'Generate At Build' off: the callbacks let the build go on and add
//    no link.xml;
//  - two settings assets: an error naming both.
//     zlua-mono-launcher EditorCallbacksCheck.exe   (ZLUA_GENGAME_DIR,
//     ZLUA_GENGAME_RULES, ZLUA_GENGAME_STUBS, ZLUA_GENGAME_ANNOT,
//     ZLUA_BAD_RULES set)
using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Serialization;
using System.Text;
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

    static ZLuaSettings Settings(string[] rules, bool atBuild)
    {
        var s = new ZLuaSettings();
        s.assemblies = new[] { "GenGame.Core", "GenGame" };
        s.ruleFiles = rules;
        s.preserveFiles = new[] { "Assets/ZLua/preserve.txt" };
        s.generateAtBuild = atBuild;
        return s;
    }

    static string Env(string name)
    {
        string v = Environment.GetEnvironmentVariable(name);
        if (string.IsNullOrEmpty(v))
            throw new InvalidOperationException(name + " is not set");
        return v;
    }

    static int Main()
    {
        var report = (BuildReport)FormatterServices.GetUninitializedObject(typeof(BuildReport));
        var data = (UnityLinkerBuildPipelineData)FormatterServices.GetUninitializedObject(
            typeof(UnityLinkerBuildPipelineData));
        var callbacks = new ZLuaBuildCallbacks();
        string output;

        // the project: tests/gen-game as the Editor compiled it, its rules
        // and a preservation list in Assets/ZLua
        string game = Env("ZLUA_GENGAME_DIR");
        string project = Path.GetFullPath("project");
        if (Directory.Exists(project))
            Directory.Delete(project, true);
        Directory.CreateDirectory(project + "/Library/ScriptAssemblies");
        Directory.CreateDirectory(project + "/Assets/ZLua");
        foreach (string dll in new[] { "GenGame.Core.dll", "GenGame.dll", "ZLua.Common.dll" })
            File.Copy(game + "/" + dll, project + "/Library/ScriptAssemblies/" + dll);
        File.Copy(Env("ZLUA_GENGAME_RULES"), project + "/Assets/ZLua/rules.xml");
        File.WriteAllText(project + "/Assets/ZLua/preserve.txt",
                          "mscorlib System.Text.StringBuilder Append   # what a script uses\n");
        Environment.CurrentDirectory = project;
        // the package the Editor assemblies come from (FindForAssembly)
        typeof(UnityEditor.PackageManager.PackageInfo)
            .GetField("standinResolvedPath", BindingFlags.NonPublic | BindingFlags.Static)
            .SetValue(null, Env("ZLUA_STANDIN_PACKAGE"));
        string stubs = GenerationRequest.DefaultOutputFolder + "/" + ZLuaGeneration.StubsFile;
        string tables = GenerationRequest.DefaultOutputFolder + "/" + ZLuaGeneration.TablesFile;
        byte[] cliStubs = File.ReadAllBytes(Env("ZLUA_GENGAME_STUBS"));
        string[] rules = { "Assets/ZLua/rules.xml" };

        // the menu item: declared as Unity finds it
        MethodInfo generate = typeof(ZLuaMenu).GetMethod("Generate");
        CustomAttributeData menu = generate.GetCustomAttributesData()
            .FirstOrDefault(a => a.AttributeType == typeof(MenuItem));
        Check(menu != null && (string)menu.ConstructorArguments[0].Value == "Tools/ZLua/Generate" &&
              generate.IsStatic, "Generate is a static [MenuItem(\"Tools/ZLua/Generate\")]");

        // no settings asset: the defaults, Assembly-CSharp, which this
        // project does not have
        Assets();
        Exception e = Run(ZLuaMenu.Generate, out output);
        Check(e is ZLuaGenerationException &&
              e.Message.Contains("no Library/ScriptAssemblies/Assembly-CSharp.dll"),
              "defaults: Generate names the assembly the Editor has not compiled: " +
              (e == null ? "no exception" : e.Message));
        Check(output.Contains("[Debug.LogError] zlua: no Library/ScriptAssemblies/Assembly-CSharp.dll"),
              "the error is logged");

        // the menu over the game
        Assets(Settings(rules, true));
        e = Run(ZLuaMenu.Generate, out output);
        Check(e == null, "Generate over the game: " + (e == null ? "done" : e.Message));
        Check(File.Exists(stubs) && File.ReadAllBytes(stubs).SequenceEqual(cliStubs),
              "the stubs are zlua-stubgen-mono's, byte for byte");
        Check(File.Exists(tables) && File.ReadAllText(tables).Contains("Assets/ZLua/rules.xml:"),
              "the rule tables, their rules' origins as given");
        Check(File.Exists(ZLuaGeneration.Report) &&
              File.ReadAllText(ZLuaGeneration.Report).Contains("\nstub     Hero.Move "),
              "the report");
        string link = File.Exists(ZLuaGeneration.LinkXml) ? File.ReadAllText(ZLuaGeneration.LinkXml) : "";
        Check(File.Exists(ZLuaGeneration.Annotations) &&
              File.ReadAllBytes(ZLuaGeneration.Annotations).SequenceEqual(
                  File.ReadAllBytes(Env("ZLUA_GENGAME_ANNOT"))),
              "the Lua annotations are zlua-annot-mono's, byte for byte");
        Check(link.Contains("<type fullname=\"GenGame.Hero\" preserve=\"nothing\">") &&
              link.Contains("<type fullname=\"System.Text.StringBuilder\" preserve=\"nothing\">"),
              "link.xml: the game's types and the preservation list's");
        int shown = output.IndexOf("[EditorUtility.DisplayProgressBar] ZLua: generating: compiling the marshal rules");
        int stubbing = output.IndexOf("[EditorUtility.DisplayProgressBar] ZLua: generating: generating the stubs");
        int cleared = output.IndexOf("[EditorUtility.ClearProgressBar]");
        Check(shown >= 0 && stubbing > shown && cleared > stubbing,
              "Generate shows each step on the progress bar, then clears it");
        Check(output.Contains("[Debug.Log] zlua: generated " + stubs), "Generate says what it wrote");
        Check(output.Contains("[AssetDatabase.Refresh]"), "Generate has the Editor import the new files");
        string dropin = Env("ZLUA_STANDIN_PACKAGE") + "/Plugins/Player/zlua";
        Check(File.Exists(GenerationRequest.DefaultOutputFolder + "/zlua_stub.h") &&
              File.ReadAllBytes(GenerationRequest.DefaultOutputFolder + "/zlua_stub.h")
                  .SequenceEqual(File.ReadAllBytes(dropin + "/zlua_stub.h")) &&
              File.Exists(GenerationRequest.DefaultOutputFolder + "/lua.h"),
              "the package's headers copied beside the generated files"); 
        string zluaAnnot = Path.GetDirectoryName(ZLuaGeneration.Annotations) + "/zlua.lua";
        Check(File.Exists(zluaAnnot) &&
              File.ReadAllBytes(zluaAnnot).SequenceEqual(
                  File.ReadAllBytes(Env("ZLUA_STANDIN_PACKAGE") + "/Editor/Annotations/zlua.lua")),
              "the zlua library's annotations copied beside the game's");

        // a player build: the same again, in the same process
        File.Delete(stubs);
        e = Run(() => callbacks.OnPreprocessBuild(report), out output);
        Check(e == null, "OnPreprocessBuild lets the build go on");
        e = Run(() => callbacks.OnPostBuildPlayerScriptDLLs(report), out output);
        Check(e == null && File.Exists(stubs) && File.ReadAllBytes(stubs).SequenceEqual(cliStubs),
              "OnPostBuildPlayerScriptDLLs generates the same stubs again: " +
              (e == null ? "done" : e.Message));
        string linkXml = null;
        e = Run(() => linkXml = callbacks.GenerateAdditionalLinkXmlFile(report, data), out output);
        Check(e == null && linkXml == Path.GetFullPath(ZLuaGeneration.LinkXml),
              "GenerateAdditionalLinkXmlFile hands over the generated link.xml: " + linkXml);
        Check(callbacks.callbackOrder == 0, "callbackOrder is 0");

        // an illegal rule stops the build, with its file and line, and
        // leaves the files as they were
        byte[] before = File.ReadAllBytes(tables);
        Assets(Settings(new[] { Env("ZLUA_BAD_RULES") }, true));
        e = Run(() => callbacks.OnPostBuildPlayerScriptDLLs(report), out output);
        Check(e is BuildFailedException &&
              e.Message.Contains("xml1-element.xml:10: error: unknown element <Event> here"),
              "an illegal rule fails the build with its file and line: " +
              (e == null ? "no exception" : e.Message));
        Check(File.ReadAllBytes(tables).SequenceEqual(before) &&
              File.ReadAllBytes(stubs).SequenceEqual(cliStubs),
              "a failed generation changes no file");

        // a preservation list naming what does not exist: the stub
        // generator fails inside its run (its way back to the caller), the
        // build stops with the list's file and line; the next run, in the
        // same process, generates the same files as the first
        File.WriteAllText(project + "/Assets/ZLua/bad-preserve.txt",
                          "# a type the game lacks\nGenGame GenGame.Dragon\n");
        ZLuaSettings badList = Settings(rules, true);
        badList.preserveFiles = new[] { "Assets/ZLua/bad-preserve.txt" };
        Assets(badList);
        e = Run(() => callbacks.OnPostBuildPlayerScriptDLLs(report), out output);
        Check(e is BuildFailedException &&
              e.Message.Contains("Assets/ZLua/bad-preserve.txt:2: error: the assembly GenGame has no " +
                                 "type GenGame.Dragon") &&
              File.ReadAllBytes(stubs).SequenceEqual(cliStubs),
              "a bad preservation list fails the build with its file and line, no file changed: " +
              (e == null ? "no exception" : e.Message));
        Assets(Settings(rules, true));
        File.Delete(stubs);
        e = Run(() => callbacks.OnPostBuildPlayerScriptDLLs(report), out output);
        Check(e == null && File.ReadAllBytes(stubs).SequenceEqual(cliStubs) &&
              File.ReadAllText(ZLuaGeneration.LinkXml) == link,
              "after a failed run, the next one writes the same files: " +
              (e == null ? "done" : e.Message));

        // 'Generate At Build' off
        Assets(Settings(rules, false));
        File.Delete(ZLuaGeneration.LinkXml);
        e = Run(() => callbacks.OnPreprocessBuild(report), out output);
        Check(e == null, "generation off: OnPreprocessBuild lets the build go on");
        e = Run(() => callbacks.OnPostBuildPlayerScriptDLLs(report), out output);
        Check(e == null && !File.Exists(ZLuaGeneration.LinkXml),
              "generation off: OnPostBuildPlayerScriptDLLs generates nothing");
        linkXml = "unset";
        e = Run(() => linkXml = callbacks.GenerateAdditionalLinkXmlFile(report, data), out output);
        Check(e == null && linkXml == null, "generation off: no additional link.xml");

        // on, but no link.xml (generation did not run): the linker callback says so
        Assets(Settings(rules, true));
        e = Run(() => callbacks.GenerateAdditionalLinkXmlFile(report, data), out output);
        Check(e is BuildFailedException && e.Message == ZLuaBuildCallbacks.NoLinkXml,
              "no link.xml to hand over: the build fails saying why");

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

// ZLuaSettings.cs -- the project's settings asset for generation in the
// Editor (R-PKG-2): which assemblies the generators walk, which XML rule
// files they read, where their outputs go, and whether a player build
// runs them.  Create one with Assets > Create > ZLua > Settings; a
// project without one gets the defaults of GenerationRequest.
//
// The file is named after its class, as Unity requires of a
// ScriptableObject's script.
using System;
using UnityEditor;
using UnityEngine;

namespace ZLua.EditorTools
{
    [CreateAssetMenu(menuName = "ZLua/Settings", fileName = "ZLuaSettings")]
    public sealed class ZLuaSettings : ScriptableObject
    {
        // The game's assemblies by name (as the Editor compiles them into
        // Library/ScriptAssemblies: "Assembly-CSharp", an assembly
        // definition's name), each walked for stubs and rules.
        public string[] assemblies = { "Assembly-CSharp" };

        // XML marshal rule files (docs/marshal-rules.md), relative to the
        // project folder ("Assets/ZLua/rules.xml").
        public string[] ruleFiles = new string[0];

        // Preservation lists (docs/embedding.md, "Stripping"): what scripts
        // reach beyond the assemblies above, kept from stripping by the
        // generated link.xml; relative to the project folder.
        public string[] preserveFiles = new string[0];

        // Where the generated files go, relative to the project folder.
        public string outputFolder = GenerationRequest.DefaultOutputFolder;

        // Whether a player build generates (the build callbacks).  Off:
        // the build uses whatever generated files the project holds, or
        // none (then every call takes the generic invoker).
        public bool generateAtBuild = true;

        public GenerationRequest ToRequest()
        {
            return new GenerationRequest(assemblies, ruleFiles, outputFolder, generateAtBuild,
                                         preserveFiles);
        }

        // The project's request: its one settings asset, or the defaults
        // when it has none.  Two assets are an error: which one a build
        // would follow would be an accident.
        public static GenerationRequest Load()
        {
            string[] guids = AssetDatabase.FindAssets("t:" + typeof(ZLuaSettings).Name);
            if (guids.Length == 0)
                return GenerationRequest.Defaults();
            if (guids.Length > 1) {
                string paths = "";
                foreach (string g in guids)
                    paths += (paths.Length > 0 ? ", " : "") + AssetDatabase.GUIDToAssetPath(g);
                throw new InvalidOperationException(
                    "zlua: the project has " + guids.Length + " ZLuaSettings assets (" + paths +
                    "); keep one");
            }
            string path = AssetDatabase.GUIDToAssetPath(guids[0]);
            ZLuaSettings s = AssetDatabase.LoadAssetAtPath<ZLuaSettings>(path);
            if (s == null)
                throw new InvalidOperationException("zlua: cannot load the settings asset " + path);
            return s.ToRequest();
        }
    }

    // What one generation run is asked to do: a plain copy of the
    // settings (no asset needed to hold the defaults).
    public sealed class GenerationRequest
    {
        public const string DefaultOutputFolder = "Assets/Plugins/zlua/Generated";

        public readonly string[] Assemblies;
        public readonly string[] RuleFiles;
        public readonly string[] PreserveFiles;
        public readonly string OutputFolder;
        public readonly bool GenerateAtBuild;

        public GenerationRequest(string[] assemblies, string[] ruleFiles, string outputFolder,
                                 bool generateAtBuild)
            : this(assemblies, ruleFiles, outputFolder, generateAtBuild, null)
        {
        }

        public GenerationRequest(string[] assemblies, string[] ruleFiles, string outputFolder,
                                 bool generateAtBuild, string[] preserveFiles)
        {
            Assemblies = assemblies ?? new string[0];
            RuleFiles = ruleFiles ?? new string[0];
            PreserveFiles = preserveFiles ?? new string[0];
            OutputFolder = string.IsNullOrEmpty(outputFolder) ? DefaultOutputFolder : outputFolder;
            GenerateAtBuild = generateAtBuild;
        }

        public static GenerationRequest Defaults()
        {
            return new GenerationRequest(new[] { "Assembly-CSharp" }, new string[0],
                                         DefaultOutputFolder, true);
        }
    }
}

// ZLuaBuildCallbacks.cs -- what a player build asks of the package:
//  - before the build (IPreprocessBuildWithReport): the settings read
//    (two settings assets stop the build before anything is compiled);
//  - after the player's script assemblies are compiled, before IL2CPP
//    (IPostBuildPlayerScriptDLLs): generate (R-PKG-2), stopping the build
//    with every error line, an illegal rule's with its file and line;
//  - for the managed linker (IUnityLinkerProcessor): the link.xml that
//    run wrote (R-LINK-1), or a failed build when there is none.
// With 'Generate At Build' off, the build takes the project's own
// generated files and the package adds no link.xml (the project keeps
// what Lua may bind with the link.xml zlua-stubgen-mono --link-xml wrote
// under Assets/).
using System;
using System.IO;
using UnityEditor.Build;
using UnityEditor.Build.Reporting;
using UnityEditor.UnityLinker;

namespace ZLua.EditorTools
{
    public sealed class ZLuaBuildCallbacks : IPreprocessBuildWithReport, IPostBuildPlayerScriptDLLs,
                                            IUnityLinkerProcessor
    {
        public const string NoLinkXml =
            "zlua: no " + ZLuaGeneration.LinkXml + ": the link.xml of what Lua may bind " +
            "(R-LINK-1) is written when the build generates (IPostBuildPlayerScriptDLLs), " +
            "which did not run or failed.";

        public int callbackOrder { get { return 0; } }

        public void OnPreprocessBuild(BuildReport report)
        {
            ZLuaSettings.Load();   // two settings assets: stopped here
        }

        public void OnPostBuildPlayerScriptDLLs(BuildReport report)
        {
            GenerationRequest request = ZLuaSettings.Load();
            if (!request.GenerateAtBuild)
                return;
            try {
                ZLuaGeneration.Run(request, null);
            } catch (Exception e) {
                throw new BuildFailedException("zlua: generation failed:\n" + e.Message);
            }
        }

        // The path of an extra link.xml for the linker, or null for none.
        public string GenerateAdditionalLinkXmlFile(BuildReport report,
                                                    UnityLinkerBuildPipelineData data)
        {
            if (!ZLuaSettings.Load().GenerateAtBuild)
                return null;
            if (!File.Exists(ZLuaGeneration.LinkXml))
                throw new BuildFailedException(NoLinkXml);
            return Path.GetFullPath(ZLuaGeneration.LinkXml);
        }
    }
}

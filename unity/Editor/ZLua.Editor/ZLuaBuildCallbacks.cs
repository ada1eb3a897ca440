// ZLuaBuildCallbacks.cs -- what a player build asks of the package:
//  - before the build (IPreprocessBuildWithReport): stop early when the
//    build would need generation that cannot run;
//  - after the player's script assemblies are compiled, before IL2CPP
//    (IPostBuildPlayerScriptDLLs): generate for them (R-PKG-2), stopping
//    the build with the file and line of an illegal rule;
//  - for the managed linker (IUnityLinkerProcessor): the link.xml that
//    keeps what only Lua calls (R-LINK-1).
// With 'Generate At Build' on (the default), each fails the build
// (BuildFailedException) while generation in the Editor is pending,
// saying what to do; off, the build takes the project's own generated
// files and the package adds no link.xml (the project keeps what Lua
// may bind with the link.xml zlua-stubgen-mono --link-xml wrote under
// Assets/).
using System;
using UnityEditor.Build;
using UnityEditor.Build.Reporting;
using UnityEditor.UnityLinker;

namespace ZLua.EditorTools
{
    public sealed class ZLuaBuildCallbacks : IPreprocessBuildWithReport, IPostBuildPlayerScriptDLLs,
                                            IUnityLinkerProcessor
    {
        public const string LinkXmlPending =
            "zlua: the link.xml of what Lua may bind (R-LINK-1) is the stub generator's, which " +
            "does not run in the Editor yet: write it with zlua-stubgen-mono --link-xml into the " +
            "project's Assets/ (the linker reads every link.xml there).";

        public int callbackOrder { get { return 0; } }

        public void OnPreprocessBuild(BuildReport report)
        {
            Refuse(ZLuaSettings.Load(), ZLuaGeneration.Pending);
        }

        public void OnPostBuildPlayerScriptDLLs(BuildReport report)
        {
            GenerationRequest request = ZLuaSettings.Load();
            if (!request.GenerateAtBuild)
                return;
            try {
                ZLuaGeneration.Run(request, null);
            } catch (Exception e) {
                throw new BuildFailedException(e.Message);
            }
        }

        // The path of an extra link.xml for the linker, or null for none.
        public string GenerateAdditionalLinkXmlFile(BuildReport report,
                                                    UnityLinkerBuildPipelineData data)
        {
            Refuse(ZLuaSettings.Load(), LinkXmlPending + "  " + ZLuaGeneration.Pending);
            return null;
        }

        static void Refuse(GenerationRequest request, string why)
        {
            if (request.GenerateAtBuild)
                throw new BuildFailedException(why);
        }
    }
}

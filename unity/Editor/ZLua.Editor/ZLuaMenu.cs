// ZLuaMenu.cs -- Tools > ZLua > Generate: generation over the game's
// assemblies with a progress bar (R-PKG-2; ZLuaGeneration).  A failed
// run logs each error line (an illegal rule's with its file and line) in
// the console and throws; the progress bar is cleared on every path.
using System;
using UnityEditor;
using UnityEngine;

namespace ZLua.EditorTools
{
    public static class ZLuaMenu
    {
        public const string GenerateItem = "Tools/ZLua/Generate";
        const string Title = "ZLua: generating";

        [MenuItem(GenerateItem)]
        public static void Generate()
        {
            try {
                GenerationRequest request = ZLuaSettings.Load();
                ZLuaGeneration.Run(request,
                                   (info, fraction) => EditorUtility.DisplayProgressBar(Title, info,
                                                                                        fraction));
                AssetDatabase.Refresh();   // the new files imported
                Debug.Log("zlua: generated " + request.OutputFolder + "/" + ZLuaGeneration.StubsFile +
                          ", " + request.OutputFolder + "/" + ZLuaGeneration.TablesFile + ", " +
                          ZLuaGeneration.LinkXml + " (report: " + ZLuaGeneration.Report + ")");
            } catch (Exception e) {
                Debug.LogError(e.Message);
                throw;
            } finally {
                EditorUtility.ClearProgressBar();
            }
        }
    }
}

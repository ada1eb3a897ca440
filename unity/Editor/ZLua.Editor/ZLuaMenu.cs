// ZLuaMenu.cs -- Tools > ZLua > Generate: generation over the game's
// assemblies with a progress bar (R-PKG-2).  While generation in the
// Editor is pending (ZLuaGeneration), the command fails with its message
// in the console, and the progress bar is cleared on every path.
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
                ZLuaGeneration.Run(ZLuaSettings.Load(),
                                   (info, fraction) => EditorUtility.DisplayProgressBar(Title, info,
                                                                                        fraction));
            } catch (Exception e) {
                Debug.LogError(e.Message);
                throw;
            } finally {
                EditorUtility.ClearProgressBar();
            }
        }
    }
}

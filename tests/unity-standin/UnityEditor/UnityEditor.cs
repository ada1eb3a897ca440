// The UnityEditor declarations the package's Editor C# uses, and nothing
// else (see UnityEngine/UnityEngine.cs and tests/unity-standin/README.md).
// A body here only tells the test what the package called (the progress
// bar and the asset searches print a line) or gives it what a test put in
// (AssetDatabase.standinAssets, internal: not part of the declarations).
using System;

namespace UnityEditor
{
    [AttributeUsage(AttributeTargets.Class)]
    public class InitializeOnLoadAttribute : Attribute
    {
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class MenuItem : Attribute
    {
        public MenuItem(string itemName) { }
    }

    public class EditorUtility
    {
        internal EditorUtility() { }

        public static void DisplayProgressBar(string title, string info, float progress)
        {
            Console.WriteLine("[EditorUtility.DisplayProgressBar] " + title + ": " + info + " (" +
                              progress.ToString(System.Globalization.CultureInfo.InvariantCulture) + ")");
        }

        public static void ClearProgressBar()
        {
            Console.WriteLine("[EditorUtility.ClearProgressBar]");
        }
    }

    public sealed class AssetDatabase
    {
        internal AssetDatabase() { }

        // The stand-in project's assets, GUID -> object, at "Assets/GUID.asset";
        // a test puts them here by reflection (none by default).
        internal static readonly System.Collections.Generic.Dictionary<string, UnityEngine.Object> standinAssets =
            new System.Collections.Generic.Dictionary<string, UnityEngine.Object>();

        // "t:TypeName" only: the assets of that type
        public static string[] FindAssets(string filter)
        {
            Console.WriteLine("[AssetDatabase.FindAssets] " + filter);
            var found = new System.Collections.Generic.List<string>();
            foreach (var kv in standinAssets)
                if (filter == "t:" + kv.Value.GetType().Name)
                    found.Add(kv.Key);
            found.Sort(StringComparer.Ordinal);
            return found.ToArray();
        }

        public static string GUIDToAssetPath(string guid)
        {
            return standinAssets.ContainsKey(guid) ? "Assets/" + guid + ".asset" : "";
        }

        public static T LoadAssetAtPath<T>(string assetPath) where T : UnityEngine.Object
        {
            foreach (var kv in standinAssets)
                if (assetPath == "Assets/" + kv.Key + ".asset")
                    return kv.Value as T;
            return null;
        }

        public static void Refresh()
        {
            Console.WriteLine("[AssetDatabase.Refresh]");
        }
    }
}
namespace UnityEditor.PackageManager
{
    public sealed class PackageInfo
    {
        // The stand-in project's one package: its folder (a test sets it by
        // reflection; null: no assembly comes from a package).
        internal static string standinResolvedPath;

        string path;

        internal PackageInfo() { }

        public string resolvedPath { get { return path; } }

        public static PackageInfo FindForAssembly(System.Reflection.Assembly assembly)
        {
            Console.WriteLine("[PackageInfo.FindForAssembly] " + assembly.GetName().Name);
            return standinResolvedPath == null ? null : new PackageInfo { path = standinResolvedPath };
        }
    }
}

namespace UnityEditor.Build
{
    public interface IOrderedCallback
    {
        int callbackOrder { get; }
    }

    public interface IPreprocessBuildWithReport : IOrderedCallback
    {
        void OnPreprocessBuild(Reporting.BuildReport report);
    }

    public interface IPostBuildPlayerScriptDLLs : IOrderedCallback
    {
        void OnPostBuildPlayerScriptDLLs(Reporting.BuildReport report);
    }

    public interface IUnityLinkerProcessor : IOrderedCallback
    {
        string GenerateAdditionalLinkXmlFile(Reporting.BuildReport report,
                                             UnityLinker.UnityLinkerBuildPipelineData data);
    }

    public class BuildFailedException : Exception
    {
        public BuildFailedException(string message) : base(message) { }
    }
}

namespace UnityEditor.Build.Reporting
{
    public sealed class BuildReport : UnityEngine.Object
    {
        private BuildReport() { }
    }
}

namespace UnityEditor.UnityLinker
{
    public sealed class UnityLinkerBuildPipelineData
    {
        internal UnityLinkerBuildPipelineData() { }
    }
}

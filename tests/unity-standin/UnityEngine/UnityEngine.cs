// The UnityEngine declarations the package's C# uses, and nothing else:
// a stand-in that compiles the package where there is no Unity
// (tests/unity-standin/README.md).  Every public or protected
// declaration here is listed in standin.list with, per checked Unity
// version, the reference source line that declares it; ctest
// standin.list fails when this file and the list disagree.  Written
// from those declarations' shape; no body is Unity's: a body here only
// tells the test what the package called.
using System;
using System.Runtime.CompilerServices;

[assembly: InternalsVisibleTo("UnityEditor")]

namespace UnityEngine
{
    // Unity declares no constructor for Object, Component and Behaviour
    // (a public one is implied); here they are internal, which rejects
    // more than Unity does, never less.
    public class Object
    {
        internal Object() { }
    }

    public class Component : Object
    {
        internal Component() { }
    }

    public class Behaviour : Component
    {
        internal Behaviour() { }
    }

    public class MonoBehaviour : Behaviour
    {
        public MonoBehaviour() { }
    }

    public class ScriptableObject : Object
    {
        public ScriptableObject() { }
    }

    public class Debug
    {
        internal Debug() { }

        public static void Log(object message)
        {
            Console.WriteLine("[Debug.Log] " + message);
        }

        public static void LogError(object message)
        {
            Console.WriteLine("[Debug.LogError] " + message);
        }
    }

    public class Application
    {
        internal Application() { }

        // the test says where (UNITY_STANDIN_STREAMING_ASSETS)
        public static string streamingAssetsPath
        {
            get { return Environment.GetEnvironmentVariable("UNITY_STANDIN_STREAMING_ASSETS") ?? "StreamingAssets"; }
        }
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false, Inherited = false)]
    public sealed class CreateAssetMenuAttribute : Attribute
    {
        public string menuName { get; set; }
        public string fileName { get; set; }
    }
}

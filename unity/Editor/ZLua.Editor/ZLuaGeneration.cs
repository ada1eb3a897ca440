// ZLuaGeneration.cs -- generation in the Editor (R-PKG-2): the rule
// compiler and the stub generator run over the game's assemblies inside
// the Editor, through the Mono backend (libzlua-mono, zlua_mono_generate),
// from the menu (ZLuaMenu) and from a player build (ZLuaBuildCallbacks).
//
// What a run reads: the assemblies the settings name, as the Editor
// compiled them into Library/ScriptAssemblies (Mono holds one assembly
// per name, the Editor's: a player's own build of a script assembly is
// not read in the Editor); the XML rule files and preservation lists the
// settings name, relative to the project folder.  What it writes: the
// stubs and the rule tables into the settings' output folder (the
// player compiles them), the report and link.xml into Library/ZLua (the
// build's linker callback hands link.xml over), the Lua annotations into
// Library/ZLuaAnnotations; and beside the stubs, the package's headers
// they include.  A run that fails writes
// nothing and throws ZLuaGenerationException with every error line
// ("Assets/ZLua/rules.xml:9: error: ...").
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

namespace ZLua.EditorTools
{
    // A run that failed: Message is its error lines, one per line.
    public sealed class ZLuaGenerationException : Exception
    {
        public readonly string[] Errors;

        public ZLuaGenerationException(string[] errors)
            : base(string.Join("\n", errors))
        {
            Errors = errors;
        }
    }

    public static class ZLuaGeneration
    {
        public const string ScriptAssemblies = "Library/ScriptAssemblies";
        public const string OutputLibrary = "Library/ZLua";
        public const string LinkXml = OutputLibrary + "/link.xml";
        public const string Report = OutputLibrary + "/zlua_stubs_report.txt";
        // the EmmyLua / LuaLS annotations of the game's types: point a Lua
        // editor at this folder (with libzlua's zlua.lua beside it)
        public const string Annotations = "Library/ZLuaAnnotations/game.lua";
        public const string StubsFile = "zlua_stubs.cpp";
        public const string TablesFile = "zlua_marshal_tables.c";

        const string Lib = "zlua-mono";   // the Editor's native plugin

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        delegate void GenFn(IntPtr ud, int kind, IntPtr text, double fraction);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        static extern int zlua_mono_generate(byte[] helpersDll, byte[] assemblies,
                                             byte[] references, byte[] rules,
                                             byte[] preserve, byte[] stubsCpp, byte[] tablesC,
                                             byte[] reportTxt, byte[] linkXml,
                                             byte[] annotationsLua, GenFn fn, IntPtr ud);

        const int GenProgress = 0, GenError = 1;   // zlua_mono.h, ZLUA_MONO_GEN_*

        // Generates for request; progress(info, fraction) is told each
        // step (the caller shows it).  The assemblies' paths, in order.
        public static string[] Run(GenerationRequest request, Action<string, float> progress)
        {
            if (request == null)
                throw new ArgumentNullException("request");
            if (request.Assemblies.Length == 0)
                throw new ArgumentException("zlua: the ZLuaSettings asset names no assembly to " +
                                            "generate for", "request");
            var paths = new string[request.Assemblies.Length];
            for (int i = 0; i < paths.Length; i++) {
                string a = request.Assemblies[i];
                if (string.IsNullOrEmpty(a))
                    throw new ArgumentException("zlua: the ZLuaSettings asset has an empty " +
                                                "assembly name", "request");
                paths[i] = ScriptAssemblies + "/" + a + ".dll";
                if (!File.Exists(paths[i]))
                    throw new ZLuaGenerationException(new[] {
                        "zlua: no " + paths[i] + ": the settings name an assembly the Editor " +
                        "has not compiled (" + a + ")" });
            }
            if (progress != null)
                progress("the stubs and rule tables of " + string.Join(", ", request.Assemblies), 0f);
            Directory.CreateDirectory(request.OutputFolder);
            Directory.CreateDirectory(OutputLibrary);
            Directory.CreateDirectory(Path.GetDirectoryName(Annotations));
            var errors = new List<string>();
            GenFn fn = (ud, kind, text, fraction) => {
                string line = FromUtf8(text);
                if (kind == GenError)
                    errors.Add(line);
                else if (kind == GenProgress && progress != null)
                    progress(line, (float)fraction);
            };
            // the backend attaches (once) with ZLua.MonoHost.dll beside this
            // assembly, as ZLua.LuaEnv's does: Unity compiles both into
            // Library/ScriptAssemblies
            string helpers = Path.Combine(
                Path.GetDirectoryName(typeof(ZLuaGeneration).Assembly.Location), "ZLua.MonoHost.dll");
            int rc = zlua_mono_generate(Utf8(helpers), List(paths), null, List(request.RuleFiles),
                                        List(request.PreserveFiles),
                                        Utf8(request.OutputFolder + "/" + StubsFile),
                                        Utf8(request.OutputFolder + "/" + TablesFile),
                                        Utf8(Report), Utf8(LinkXml), Utf8(Annotations), fn,
                                        IntPtr.Zero);
            GC.KeepAlive(fn);
            if (rc != 0) {
                if (errors.Count == 0)
                    errors.Add("zlua: generation failed (" + rc + ")");
                throw new ZLuaGenerationException(errors.ToArray());
            }
            CopyHeaders(request.OutputFolder);
            return paths;
        }

        // The headers the generated files include from their own folder
        // (libzlua's and Lua's), from the package's drop-in folder, and the
        // zlua library's annotations: copied each run, so that they match
        // this package's version.  Nothing when this assembly does not come
        // from a package.
        static void CopyHeaders(string outputFolder)
        {
            UnityEditor.PackageManager.PackageInfo package =
                UnityEditor.PackageManager.PackageInfo.FindForAssembly(typeof(ZLuaGeneration).Assembly);
            if (package == null)
                return;
            string dropin = Path.Combine(package.resolvedPath, "Plugins/Player/zlua");
            if (!Directory.Exists(dropin))
                throw new ZLuaGenerationException(new[] {
                    "zlua: the package has no " + dropin + ": its headers cannot be copied beside " +
                    "the generated files" });
            foreach (string h in Directory.GetFiles(dropin, "*.h"))
                File.Copy(h, Path.Combine(outputFolder, Path.GetFileName(h)), true);
            // the zlua library's annotations beside the game's: an editor
            // pointed at the folder knows zlua.* too
            string zlua = Path.Combine(package.resolvedPath, "Editor/Annotations/zlua.lua");
            if (!File.Exists(zlua))
                throw new ZLuaGenerationException(new[] {
                    "zlua: the package has no " + zlua + ": the zlua library's annotations " +
                    "cannot be copied beside the game's" });
            File.Copy(zlua, Path.Combine(Path.GetDirectoryName(Annotations), "zlua.lua"), true);
        }

        static byte[] Utf8(string s)
        {
            byte[] b = Encoding.UTF8.GetBytes(s);
            Array.Resize(ref b, b.Length + 1);
            return b;
        }

        // zlua_mono_generate's lists: each string NUL-ended, then an empty one
        static byte[] List(string[] items)
        {
            var bytes = new List<byte>();
            foreach (string s in items)
                if (!string.IsNullOrEmpty(s))
                    bytes.AddRange(Utf8(s));
            bytes.Add(0);
            return bytes.ToArray();
        }

        static string FromUtf8(IntPtr p)
        {
            if (p == IntPtr.Zero)
                return "";
            int n = 0;
            while (Marshal.ReadByte(p, n) != 0)
                n++;
            var b = new byte[n];
            Marshal.Copy(p, b, 0, n);
            return Encoding.UTF8.GetString(b);
        }
    }
}

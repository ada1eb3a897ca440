// ZLuaGeneration.cs -- generation in the Editor (R-PKG-2): the stub
// generator and the marshal-rule compiler run over the game's assemblies
// inside the Editor, through the Mono backend (libzlua-mono), from the
// menu (ZLuaMenu) and from a player build (ZLuaBuildCallbacks).
//
// PENDING: libzlua-mono has no in-process entry for the generators yet
// (they are the command-line tools of docs/embedding.md, "The build step
// of a Unity project").  Run checks its request and then throws
// NotSupportedException with Pending: nothing here pretends to have
// generated.  tests/unity-standin/EditorCallbacksCheck.cs checks that
// every caller fails so.
using System;

namespace ZLua.EditorTools
{
    public static class ZLuaGeneration
    {
        public const string Pending =
            "zlua: generating in the Editor (R-PKG-2) is not available yet: libzlua-mono has no " +
            "in-process entry for the stub generator and the marshal-rule compiler.  Run them " +
            "from the command line over Library/ScriptAssemblies (zlua-stubgen-mono, " +
            "zlua-marshalc-mono: the package README, \"Generating for a player\"), then turn off " +
            "'Generate At Build' in the project's ZLuaSettings asset (Assets > Create > ZLua > " +
            "Settings) so that player builds use those files.";

        // progress(info, fraction) is told each step; the caller shows it.
        public static void Run(GenerationRequest request, Action<string, float> progress)
        {
            if (request == null)
                throw new ArgumentNullException("request");
            if (request.Assemblies.Length == 0)
                throw new ArgumentException("zlua: the ZLuaSettings asset names no assembly to " +
                                            "generate for", "request");
            foreach (string a in request.Assemblies)
                if (string.IsNullOrEmpty(a))
                    throw new ArgumentException("zlua: the ZLuaSettings asset has an empty " +
                                                "assembly name", "request");
            if (progress != null)
                progress("the stubs and rule tables of " + string.Join(", ", request.Assemblies), 0f);
            throw new NotSupportedException(Pending);
        }
    }
}

// StandinCheck.cs -- keeps the Unity stand-in honest (tests/unity-standin/README.md).
//
//   StandinCheck.exe dump DLL...              the stand-in's public and protected
//                                             declarations, one signature a line
//   StandinCheck.exe list LIST DLL...         ctest standin.list: the signatures of
//                                             LIST are exactly the stand-in's, each
//                                             has its evidence in every version LIST
//                                             names, and each evidence text declares
//                                             that signature
//   StandinCheck.exe selftest LIST DLL...     ctest standin.list.selftest: a changed
//                                             signature, a changed evidence text and a
//                                             missing version each fail the check
//   StandinCheck.exe recheck LIST SRC [--write]
//                                             the list against Unity's C# reference
//                                             source extracted under SRC/TAG/PATH
//                                             (tools/unity-standin-recheck.sh): each
//                                             signature located again in every version,
//                                             at the recorded file and line, with the
//                                             recorded text; --write records what was
//                                             found instead
//
// A signature is a C#-like line with full names:
//     public static void UnityEngine.Debug.Log(object message)
//     public sealed class UnityEditor.MenuItem : System.Attribute
//     [AttributeUsage(Method, AllowMultiple = true, Inherited = true)] UnityEditor.MenuItem
//     int UnityEditor.Build.IOrderedCallback.callbackOrder { get; }
// Evidence lines follow it, indented: "TAG PATH:LINE TEXT", TEXT the
// declaration as the source writes it (its lines joined, up to its body;
// a property's public accessors after " || "), or "implicit: TEXT" for a
// constructor the source declares by declaring none (TEXT: the class).
// Signatures and texts are compared in one normal form: modifiers that
// change nothing for a caller dropped (extern, partial, unsafe), type names
// by their last part, a member by its own name.
using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;

static class StandinCheck
{
    static int Main(string[] args)
    {
        try {
            if (args.Length >= 2 && args[0] == "dump") {
                foreach (string s in Dump(args.Skip(1)))
                    Console.WriteLine(s);
                return 0;
            }
            if (args.Length >= 3 && args[0] == "list")
                return CheckList(ListFile.Read(args[1]), Dump(args.Skip(2)), true) ? 0 : 1;
            if (args.Length >= 3 && args[0] == "selftest")
                return SelfTest(args[1], Dump(args.Skip(2)));
            if (args.Length >= 3 && args[0] == "recheck")
                return Recheck(args[1], args[2], args.Length > 3 && args[3] == "--write");
        } catch (CheckError e) {
            Console.Error.WriteLine("standin: " + e.Message);
            return 1;
        }
        Console.Error.WriteLine("usage: StandinCheck.exe dump DLL... | list LIST DLL... | " +
                                "selftest LIST DLL... | recheck LIST SRC [--write]");
        return 2;
    }

    sealed class CheckError : Exception
    {
        public CheckError(string m) : base(m) { }
    }

    // ---- the stand-in's declarations, by reflection -----------------------

    const BindingFlags Declared = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static |
                                  BindingFlags.Instance | BindingFlags.DeclaredOnly;

    static List<string> Dump(IEnumerable<string> dlls)
    {
        var sigs = new List<string>();
        foreach (string dll in dlls) {
            Assembly a = Assembly.LoadFrom(dll);
            foreach (Type t in a.GetTypes().Where(x => x.IsPublic).OrderBy(x => x.FullName, StringComparer.Ordinal)) {
                sigs.Add(TypeSig(t));
                if (typeof(Attribute).IsAssignableFrom(t)) {
                    var u = (AttributeUsageAttribute)Attribute.GetCustomAttribute(t, typeof(AttributeUsageAttribute), true);
                    sigs.Add("[AttributeUsage(" + Targets(u.ValidOn) + ", AllowMultiple = " + Bool(u.AllowMultiple) +
                             ", Inherited = " + Bool(u.Inherited) + ")] " + t.FullName);
                }
                if (t.IsEnum)
                    throw new CheckError(t.FullName + ": enums are not supported by this checker yet");
                var members = new List<string>();
                foreach (ConstructorInfo c in t.GetConstructors(Declared))
                    if (Visible(c))
                        members.Add(Mods(c, t) + t.FullName + "(" + Params(c.GetParameters()) + ")");
                foreach (MethodInfo m in t.GetMethods(Declared))
                    if (Visible(m) && !m.IsSpecialName)
                        members.Add(Mods(m, t) + TypeName(m.ReturnType) + " " + t.FullName + "." + m.Name +
                                    Generic(m) + "(" + Params(m.GetParameters()) + ")" + Constraints(m));
                foreach (PropertyInfo p in t.GetProperties(Declared)) {
                    MethodInfo g = p.GetGetMethod(true), s = p.GetSetMethod(true);
                    bool gv = g != null && Visible(g), sv = s != null && Visible(s);
                    if (!gv && !sv)
                        continue;
                    members.Add(Mods(gv ? g : s, t) + TypeName(p.PropertyType) + " " + t.FullName + "." + p.Name +
                                " {" + (gv ? " get;" : "") + (sv ? " set;" : "") + " }");
                }
                foreach (FieldInfo f in t.GetFields(Declared))
                    if (f.IsPublic || f.IsFamily || f.IsFamilyOrAssembly)
                        throw new CheckError(t.FullName + "." + f.Name + ": fields are not supported by this checker yet");
                foreach (EventInfo e in t.GetEvents(Declared))
                    throw new CheckError(t.FullName + "." + e.Name + ": events are not supported by this checker yet");
                foreach (Type n in t.GetNestedTypes(BindingFlags.Public | BindingFlags.NonPublic))
                    if (n.IsNestedPublic || n.IsNestedFamily)
                        throw new CheckError(n.FullName + ": nested types are not supported by this checker yet");
                members.Sort(StringComparer.Ordinal);
                sigs.AddRange(members);
            }
        }
        return sigs;
    }

    static bool Visible(MethodBase m)
    {
        return m.IsPublic || m.IsFamily || m.IsFamilyOrAssembly;
    }

    static string Bool(bool b) { return b ? "true" : "false"; }

    static string Targets(AttributeTargets t)
    {
        if (t == AttributeTargets.All)
            return "All";
        var parts = new List<string>();
        foreach (AttributeTargets v in Enum.GetValues(typeof(AttributeTargets)))
            if (v != AttributeTargets.All && (t & v) == v)
                parts.Add(v.ToString());
        parts.Sort(StringComparer.Ordinal);
        return string.Join(" | ", parts);
    }

    static string TypeSig(Type t)
    {
        string kind = t.IsInterface ? "interface" : t.IsEnum ? "enum" : t.IsValueType ? "struct" : "class";
        string mods = "public ";
        if (t.IsClass && t.IsAbstract && t.IsSealed)
            mods += "static ";
        else if (t.IsClass && t.IsAbstract && !t.IsInterface)
            mods += "abstract ";
        else if (t.IsClass && t.IsSealed)
            mods += "sealed ";
        var bases = new List<string>();
        if (t.IsClass && t.BaseType != typeof(object))
            bases.Add(TypeName(t.BaseType));
        // the interfaces this type itself names, not those it inherits
        var inherited = new HashSet<Type>();
        if (t.BaseType != null)
            foreach (Type i in t.BaseType.GetInterfaces())
                inherited.Add(i);
        foreach (Type i in t.GetInterfaces())
            foreach (Type j in i.GetInterfaces())
                inherited.Add(j);
        foreach (Type i in t.GetInterfaces().Where(i => !inherited.Contains(i)).OrderBy(i => i.FullName, StringComparer.Ordinal))
            bases.Add(TypeName(i));
        return mods + kind + " " + t.FullName + (bases.Count > 0 ? " : " + string.Join(", ", bases) : "");
    }

    static string Mods(MethodBase m, Type owner)
    {
        if (owner.IsInterface)
            return "";
        string s = m.IsPublic ? "public " : "protected ";
        if (m.IsStatic)
            s += "static ";
        if (m.IsAbstract)
            s += "abstract ";
        else if (m.IsVirtual && !m.IsFinal)
            s += (m is MethodInfo && ((MethodInfo)m).GetBaseDefinition() != m ? "override " : "virtual ");
        return s;
    }

    static string Generic(MethodInfo m)
    {
        if (!m.IsGenericMethodDefinition)
            return "";
        return "<" + string.Join(", ", m.GetGenericArguments().Select(a => a.Name)) + ">";
    }

    static string Constraints(MethodInfo m)
    {
        if (!m.IsGenericMethodDefinition)
            return "";
        var sb = new StringBuilder();
        foreach (Type a in m.GetGenericArguments()) {
            var cs = new List<string>();
            GenericParameterAttributes ga = a.GenericParameterAttributes;
            if ((ga & GenericParameterAttributes.ReferenceTypeConstraint) != 0)
                cs.Add("class");
            if ((ga & GenericParameterAttributes.NotNullableValueTypeConstraint) != 0)
                cs.Add("struct");
            foreach (Type c in a.GetGenericParameterConstraints())
                if (c != typeof(ValueType))
                    cs.Add(TypeName(c));
            if ((ga & GenericParameterAttributes.DefaultConstructorConstraint) != 0 &&
                (ga & GenericParameterAttributes.NotNullableValueTypeConstraint) == 0)
                cs.Add("new()");
            if (cs.Count > 0)
                sb.Append(" where " + a.Name + " : " + string.Join(", ", cs));
        }
        return sb.ToString();
    }

    static string Params(ParameterInfo[] ps)
    {
        return string.Join(", ", ps.Select(p => {
            string s = "";
            Type t = p.ParameterType;
            if (t.IsByRef) {
                s = p.IsOut ? "out " : p.IsIn ? "in " : "ref ";
                t = t.GetElementType();
            }
            if (p.IsDefined(typeof(ParamArrayAttribute), false))
                s = "params ";
            s += TypeName(t) + " " + p.Name;
            if (p.IsOptional)
                s += " = " + (p.DefaultValue == null ? "null" : p.DefaultValue is string ? "\"" + p.DefaultValue + "\"" :
                              p.DefaultValue is bool ? Bool((bool)p.DefaultValue) : Convert.ToString(p.DefaultValue,
                              System.Globalization.CultureInfo.InvariantCulture));
            return s;
        }));
    }

    static readonly Dictionary<Type, string> Keywords = new Dictionary<Type, string> {
        { typeof(void), "void" }, { typeof(object), "object" }, { typeof(string), "string" },
        { typeof(bool), "bool" }, { typeof(byte), "byte" }, { typeof(sbyte), "sbyte" },
        { typeof(short), "short" }, { typeof(ushort), "ushort" }, { typeof(int), "int" },
        { typeof(uint), "uint" }, { typeof(long), "long" }, { typeof(ulong), "ulong" },
        { typeof(float), "float" }, { typeof(double), "double" }, { typeof(char), "char" },
        { typeof(decimal), "decimal" },
    };

    static string TypeName(Type t)
    {
        string k;
        if (Keywords.TryGetValue(t, out k))
            return k;
        if (t.IsArray)
            return TypeName(t.GetElementType()) + "[]";
        if (t.IsGenericParameter)
            return t.Name;
        if (t.IsGenericType) {
            string n = t.GetGenericTypeDefinition().FullName;
            n = n.Substring(0, n.IndexOf('`'));
            return n + "<" + string.Join(", ", t.GetGenericArguments().Select(TypeName)) + ">";
        }
        return t.FullName;
    }

    // ---- the list ----------------------------------------------------------

    sealed class Evidence
    {
        public string Tag, Path, Text;
        public int Line;
        public bool Implicit;

        public override string ToString()
        {
            return Tag + " " + Path + ":" + Line + " " + (Implicit ? "implicit: " : "") + Text;
        }
    }

    sealed class Entry
    {
        public string Sig;
        public int Line;
        public List<Evidence> Evidence = new List<Evidence>();
    }

    sealed class ListFile
    {
        public List<string> Header = new List<string>();
        public List<string> Versions = new List<string>();
        public List<Entry> Entries = new List<Entry>();

        public static ListFile Read(string path)
        {
            var l = new ListFile();
            string[] lines = File.ReadAllLines(path);
            for (int i = 0; i < lines.Length; i++) {
                string s = lines[i];
                if (s.StartsWith("#") || s.Trim().Length == 0) {
                    if (l.Entries.Count == 0)
                        l.Header.Add(s);
                    continue;
                }
                if (s.StartsWith("versions:")) {
                    l.Header.Add(s);
                    l.Versions.AddRange(s.Substring(9).Split(new[] { ' ' }, StringSplitOptions.RemoveEmptyEntries));
                    continue;
                }
                if (!char.IsWhiteSpace(s[0])) {
                    l.Entries.Add(new Entry { Sig = s.Trim(), Line = i + 1 });
                    continue;
                }
                if (l.Entries.Count == 0)
                    throw new CheckError(path + ":" + (i + 1) + ": evidence before any signature");
                string[] f = s.Trim().Split(new[] { ' ' }, 3);
                int colon = f.Length == 3 ? f[1].LastIndexOf(':') : -1;
                int line;
                if (colon < 0 || !int.TryParse(f[1].Substring(colon + 1), out line))
                    throw new CheckError(path + ":" + (i + 1) + ": not \"TAG PATH:LINE TEXT\"");
                var e = new Evidence { Tag = f[0], Path = f[1].Substring(0, colon), Line = line, Text = f[2] };
                if (e.Text.StartsWith("implicit: ")) {
                    e.Implicit = true;
                    e.Text = e.Text.Substring(10);
                }
                l.Entries[l.Entries.Count - 1].Evidence.Add(e);
            }
            if (l.Versions.Count == 0)
                throw new CheckError(path + ": no \"versions:\" line");
            return l;
        }

        public void Write(string path)
        {
            var sb = new StringBuilder();
            foreach (string h in Header)
                sb.Append(h).Append('\n');
            foreach (Entry e in Entries) {
                sb.Append('\n').Append(e.Sig).Append('\n');
                foreach (Evidence v in e.Evidence)
                    sb.Append("    ").Append(v).Append('\n');
            }
            File.WriteAllText(path, sb.ToString());
        }
    }

    static readonly string[] Families = { "2021.3.", "2022.3.", "6000.0." };

    static bool CheckList(ListFile list, List<string> dump, bool verbose)
    {
        bool ok = true;
        var listed = new HashSet<string>(list.Entries.Select(e => e.Sig));
        var dumped = new HashSet<string>(dump);
        foreach (string s in dump)
            if (!listed.Contains(s)) {
                Console.Error.WriteLine("standin: the stand-in declares, the list lacks: " + s);
                ok = false;
            }
        foreach (Entry e in list.Entries)
            if (!dumped.Contains(e.Sig)) {
                Console.Error.WriteLine("standin: the list has, the stand-in does not declare: " + e.Sig);
                ok = false;
            }
        if (listed.Count != list.Entries.Count) {
            Console.Error.WriteLine("standin: a signature is listed twice");
            ok = false;
        }
        foreach (string fam in Families)
            if (!list.Versions.Any(v => v.StartsWith(fam))) {
                Console.Error.WriteLine("standin: the list checks no " + fam + "x version");
                ok = false;
            }
        foreach (Entry e in list.Entries) {
            foreach (string v in list.Versions) {
                List<Evidence> ev = e.Evidence.Where(x => x.Tag == v).ToList();
                if (ev.Count != 1) {
                    Console.Error.WriteLine("standin: " + e.Sig + ": " + ev.Count + " evidence lines for " + v);
                    ok = false;
                    continue;
                }
                string why = Declares(ev[0], e.Sig);
                if (why != null) {
                    Console.Error.WriteLine("standin: " + e.Sig + "\n  " + ev[0] + "\n  " + why);
                    ok = false;
                }
            }
            foreach (Evidence x in e.Evidence)
                if (!list.Versions.Contains(x.Tag)) {
                    Console.Error.WriteLine("standin: " + e.Sig + ": evidence for " + x.Tag + ", not a listed version");
                    ok = false;
                }
        }
        if (ok && verbose)
            Console.WriteLine("standin: " + list.Entries.Count + " declarations of the stand-in, each " +
                              "checked in " + string.Join(", ", list.Versions) + " (" +
                              list.Entries.Sum(e => e.Evidence.Count) + " evidence lines)");
        return ok;
    }

    // null when the evidence's text declares the signature, else why not
    static string Declares(Evidence ev, string sig)
    {
        string want = Normal(sig, true);
        if (ev.Implicit) {
            // a public parameterless constructor, declared by the class
            // declaring none: the text is the class's header
            if (!want.EndsWith("()") || !want.StartsWith("public "))
                return "only a public parameterless constructor can be implicit";
            string cls = want.Substring(7, want.Length - 9);
            string got = Normal(ev.Text, false);
            if (!System.Text.RegularExpressions.Regex.IsMatch(got, "\\bclass " + cls + "( :|$)"))
                return "the text is not the header of class " + cls + ": " + got;
            return null;
        }
        string have = Normal(ev.Text, false);
        return have == want ? null : "declares " + have + ", the stand-in " + want;
    }

    // ---- the normal form ---------------------------------------------------

    static readonly string[] KeptModifiers = { "public", "protected", "internal", "private", "static",
                                                "abstract", "sealed", "virtual", "override", "readonly", "const" };
    static readonly HashSet<string> DroppedModifiers = new HashSet<string> { "extern", "partial", "unsafe", "new" };

    static List<string> Tokens(string s)
    {
        var t = new List<string>();
        for (int i = 0; i < s.Length;) {
            char c = s[i];
            if (char.IsWhiteSpace(c)) {
                i++;
            } else if (char.IsLetterOrDigit(c) || c == '_' || c == '@') {
                int j = i;
                while (j < s.Length && (char.IsLetterOrDigit(s[j]) || s[j] == '_' || s[j] == '@' ||
                                        (s[j] == '.' && j + 1 < s.Length && char.IsDigit(s[j + 1]) && char.IsDigit(s[i]))))
                    j++;
                t.Add(s.Substring(i, j - i));
                i = j;
            } else if (c == '"') {
                int j = s.IndexOf('"', i + 1);
                if (j < 0)
                    j = s.Length - 1;
                t.Add(s.Substring(i, j - i + 1));
                i = j + 1;
            } else if (c == '|' && i + 1 < s.Length && s[i + 1] == '|') {
                t.Add("||");
                i += 2;
            } else {
                t.Add(c.ToString());
                i++;
            }
        }
        return t;
    }

    // A declaration's normal form.  sig: a signature of the list (its
    // member names are qualified; the source's are not).
    static string Normal(string text, bool sig)
    {
        List<string> t = Tokens(text);
        int p = 0;
        var attr = new StringBuilder();
        if (t.Count > 0 && t[0] == "[") {
            // [AttributeUsage(...)] (then, in a signature, the type's name)
            int close = t.LastIndexOf("]");
            attr.Append(Usage(t.GetRange(1, close - 1)));
            return attr.ToString();
        }
        var mods = new List<string>();
        while (p < t.Count && (KeptModifiers.Contains(t[p]) || DroppedModifiers.Contains(t[p]))) {
            if (!DroppedModifiers.Contains(t[p]))
                mods.Add(t[p]);
            p++;
        }
        mods = KeptModifiers.Where(mods.Contains).ToList();
        string m = mods.Count > 0 ? string.Join(" ", mods) + " " : "";
        if (p < t.Count && (t[p] == "class" || t[p] == "interface" || t[p] == "struct" || t[p] == "enum")) {
            string kind = t[p++];
            string name = Last(DottedName(t, ref p));
            var bases = new List<string>();
            if (p < t.Count && t[p] == ":") {
                p++;
                while (p < t.Count && t[p] != "where") {
                    bases.Add(TypeAt(t, ref p));
                    if (p < t.Count && t[p] == ",")
                        p++;
                    else
                        break;
                }
            }
            return m + kind + " " + name + (bases.Count > 0 ? " : " + string.Join(", ", bases) : "");
        }
        // a member: [type] name[<T>] (params) [where ...] | [type] name { accessors }
        string first = TypeAt(t, ref p);
        string type = null, mname;
        if (p < t.Count && t[p] == "(") {
            mname = first;               // a constructor
        } else {
            type = first;
            mname = Last(DottedName(t, ref p));
        }
        string generic = "";
        if (p < t.Count && t[p] == "<") {
            var gs = new List<string>();
            p++;
            while (p < t.Count && t[p] != ">") {
                if (t[p] != ",")
                    gs.Add(t[p]);
                p++;
            }
            p++;
            generic = "<" + string.Join(", ", gs) + ">";
        }
        string head = m + (type != null ? type + " " : "") + mname + generic;
        if (p < t.Count && t[p] == "(") {
            p++;
            var ps = new List<string>();
            while (p < t.Count && t[p] != ")") {
                string pm = "";
                while (t[p] == "ref" || t[p] == "out" || t[p] == "in" || t[p] == "params" || t[p] == "this") {
                    pm += t[p] + " ";
                    p++;
                }
                string pt = TypeAt(t, ref p);
                string pn = t[p++];
                string def = "";
                if (p < t.Count && t[p] == "=") {
                    p++;
                    var d = new StringBuilder();
                    int depth = 0;
                    while (p < t.Count && !(depth == 0 && (t[p] == "," || t[p] == ")"))) {
                        if (t[p] == "(") depth++;
                        if (t[p] == ")") depth--;
                        d.Append(t[p++]);
                    }
                    def = " = " + d;
                }
                ps.Add(pm + pt + " " + pn + def);
                if (p < t.Count && t[p] == ",")
                    p++;
            }
            p++;
            string where = "";
            while (p < t.Count && t[p] == "where") {
                p++;
                string gp = t[p++];
                p++;   // :
                var cs = new List<string>();
                while (p < t.Count && t[p] != "where" && t[p] != "{" && t[p] != "=>" && t[p] != ";") {
                    if (t[p] == "new" && p + 2 < t.Count && t[p + 1] == "(") {
                        cs.Add("new()");
                        p += 3;
                    } else {
                        cs.Add(TypeAt(t, ref p));
                    }
                    if (p < t.Count && t[p] == ",")
                        p++;
                }
                where += " where " + gp + " : " + string.Join(", ", cs);
            }
            return head + "(" + string.Join(", ", ps) + ")" + where;
        }
        // a property: "{ get; set; }" in a signature or an auto-property's
        // line, "|| get set" after a text whose accessors were read from its body
        var acc = new List<string>();
        bool restricted = false;
        for (; p < t.Count; p++) {
            if (t[p] == "private" || t[p] == "internal" || t[p] == "protected")
                restricted = true;
            else if (t[p] == "get" || t[p] == "set") {
                if (!restricted && !acc.Contains(t[p]))
                    acc.Add(t[p]);
                restricted = false;
            } else if (t[p] == ";" || t[p] == "}")
                restricted = false;
        }
        return head + " {" + string.Concat(acc.OrderBy(a => a == "get" ? 0 : 1).Select(a => " " + a + ";")) + " }";
    }

    static string Usage(List<string> t)
    {
        // AttributeUsage(targets[, AllowMultiple = b][, Inherited = b])
        int p = 0;
        string name = Last(DottedName(t, ref p));
        if (name != "AttributeUsage" && name != "AttributeUsageAttribute")
            return "not AttributeUsage: " + string.Join(" ", t);
        p++;   // (
        var targets = new List<string>();
        string allow = "false", inherited = "true";
        while (p < t.Count && t[p] != ")") {
            if (p + 1 < t.Count && t[p + 1] == "=") {
                string k = t[p];
                string v = t[p + 2];
                if (k == "AllowMultiple") allow = v;
                else if (k == "Inherited") inherited = v;
                p += 3;
            } else {
                targets.Add(Last(DottedName(t, ref p)));
            }
            if (p < t.Count && (t[p] == "|" || t[p] == ","))
                p++;
        }
        targets.Sort(StringComparer.Ordinal);
        return "[AttributeUsage(" + string.Join(" | ", targets) + ", AllowMultiple = " + allow +
               ", Inherited = " + inherited + ")]";
    }

    static string DottedName(List<string> t, ref int p)
    {
        var sb = new StringBuilder(t[p++]);
        while (p + 1 < t.Count && t[p] == "." ) {
            sb.Append('.').Append(t[p + 1]);
            p += 2;
        }
        return sb.ToString();
    }

    static string Last(string dotted)
    {
        int i = dotted.LastIndexOf('.');
        return i < 0 ? dotted : dotted.Substring(i + 1);
    }

    // a type at p, by the last part of each name: Name[<T, U>][[]][?]
    static string TypeAt(List<string> t, ref int p)
    {
        string s = Last(DottedName(t, ref p));
        if (p < t.Count && t[p] == "<") {
            // generic arguments of a type (a method's own are read by the caller)
            int save = p;
            var args = new List<string>();
            p++;
            bool ok = true;
            while (p < t.Count && t[p] != ">") {
                if (!(char.IsLetter(t[p][0]) || t[p][0] == '_')) { ok = false; break; }
                args.Add(TypeAt(t, ref p));
                if (p < t.Count && t[p] == ",")
                    p++;
            }
            if (ok && p < t.Count && t[p] == ">" && p + 1 < t.Count && t[p + 1] != "(") {
                p++;
                s += "<" + string.Join(", ", args) + ">";
            } else {
                p = save;
            }
        }
        while (p + 1 < t.Count && t[p] == "[" && t[p + 1] == "]") {
            s += "[]";
            p += 2;
        }
        if (p < t.Count && t[p] == "?") {
            s += "?";
            p++;
        }
        return s;
    }

    // ---- the self-test -------------------------------------------------------

    static int SelfTest(string path, List<string> dump)
    {
        ListFile good = ListFile.Read(path);
        if (!CheckList(good, dump, false)) {
            Console.Error.WriteLine("standin selftest: the list itself fails");
            return 1;
        }
        int failures = 0;
        // 1. a stand-in declaration the list does not have (a parameter renamed)
        var d = new List<string>(dump);
        int i = d.FindIndex(s => s.Contains("(string title"));
        d[i] = d[i].Replace("(string title", "(string caption");
        if (CheckList(good, d, false)) { Console.Error.WriteLine("selftest: a renamed parameter passed"); failures++; }
        // 2. an evidence text that declares something else (static dropped)
        ListFile l2 = ListFile.Read(path);
        Evidence ev = l2.Entries.First(e => e.Sig.Contains(" static ")).Evidence[0];
        ev.Text = ev.Text.Replace("static ", "");
        if (CheckList(l2, dump, false)) { Console.Error.WriteLine("selftest: a changed evidence text passed"); failures++; }
        // 3. a version without evidence
        ListFile l3 = ListFile.Read(path);
        l3.Entries[0].Evidence.RemoveAt(l3.Entries[0].Evidence.Count - 1);
        if (CheckList(l3, dump, false)) { Console.Error.WriteLine("selftest: a missing version passed"); failures++; }
        // 4. a sealed class made derivable in the stand-in
        var d4 = dump.Select(s => s.Replace("public sealed class UnityEditor.MenuItem", "public class UnityEditor.MenuItem")).ToList();
        if (CheckList(good, d4, false)) { Console.Error.WriteLine("selftest: an unsealed class passed"); failures++; }
        if (failures == 0)
            Console.WriteLine("standin selftest: a renamed parameter, a changed evidence text, a missing " +
                              "version and an unsealed class each fail the check");
        return failures == 0 ? 0 : 1;
    }

    // ---- against the reference source ---------------------------------------

    // One declaration found in a source file.
    sealed class Decl
    {
        public string Path, Namespace, Owner, Text;  // Owner: the enclosing type ("" at namespace level)
        public int Line;
        public List<string> Attributes = new List<string>();
        public bool IsType;
        public string TypeName;                      // for a type: its name
    }

    static int Recheck(string listPath, string src, bool write)
    {
        ListFile list = ListFile.Read(listPath);
        int bad = 0;
        foreach (string tag in list.Versions) {
            string root = Path.Combine(src, tag);
            if (!Directory.Exists(root))
                throw new CheckError("no extracted source for " + tag + " in " + root);
            var decls = new List<Decl>();
            foreach (string f in Directory.GetFiles(root, "*.cs", SearchOption.AllDirectories))
                decls.AddRange(Scan(f, f.Substring(root.Length + 1).Replace('\\', '/')));
            foreach (Entry e in list.Entries) {
                string why;
                Evidence found = Locate(e.Sig, tag, decls, out why);
                Evidence old = e.Evidence.FirstOrDefault(x => x.Tag == tag);
                if (found == null) {
                    Console.Error.WriteLine(tag + ": " + e.Sig + "\n  not found: " + why);
                    bad++;
                    continue;
                }
                if (old == null || old.ToString() != found.ToString()) {
                    if (!write) {
                        Console.Error.WriteLine(tag + ": " + e.Sig + "\n  recorded: " + (old == null ? "nothing" : old.ToString()) +
                                                "\n  found:    " + found);
                        bad++;
                    }
                    e.Evidence.RemoveAll(x => x.Tag == tag);
                    e.Evidence.Add(found);
                }
            }
        }
        foreach (Entry e in list.Entries)
            e.Evidence = e.Evidence.OrderBy(x => list.Versions.IndexOf(x.Tag)).ToList();
        if (write) {
            list.Write(listPath);
            Console.WriteLine("standin recheck: " + listPath + " written" + (bad > 0 ? ", " + bad + " not found" : ""));
            return bad == 0 ? 0 : 1;
        }
        if (bad == 0)
            Console.WriteLine("standin recheck: " + list.Entries.Count + " declarations found as recorded in " +
                              string.Join(", ", list.Versions));
        return bad == 0 ? 0 : 1;
    }

    // The signature's owner (namespace, type) and what it declares.
    static Evidence Locate(string sig, string tag, List<Decl> decls, out string why)
    {
        why = null;
        string want = Normal(sig, true);
        string full = QualifiedName(sig);
        if (sig.StartsWith("[")) {
            // the type's own [AttributeUsage]
            string ns = NsOf(full), name = Last(full);
            foreach (Decl d in decls.Where(d => d.IsType && d.Namespace == ns && d.TypeName == name && d.Owner == ""))
                foreach (string a in d.Attributes) {
                    string at = a.Substring(a.IndexOf(' ') + 1);
                    if (Normal(at, false) == want)
                        return new Evidence { Tag = tag, Path = d.Path, Line = int.Parse(a.Substring(0, a.IndexOf(' '))), Text = at };
                }
            why = "no [AttributeUsage] " + want + " on " + full;
            return null;
        }
        bool isType = System.Text.RegularExpressions.Regex.IsMatch(sig, "\\b(class|interface|struct|enum) ");
        if (isType) {
            string ns = NsOf(full), name = Last(full);
            List<Decl> parts = decls.Where(d => d.IsType && d.Namespace == ns && d.TypeName == name && d.Owner == "").ToList();
            if (parts.Count == 0) {
                why = "no type " + full;
                return null;
            }
            // partial parts: the modifiers and bases of all of them
            var mods = new HashSet<string>();
            string bases = null;
            Decl best = null;
            foreach (Decl d in parts) {
                string n = Normal(d.Text, false);
                string[] w = n.Split(' ');
                foreach (string x in w.TakeWhile(x => KeptModifiers.Contains(x)))
                    mods.Add(x);
                int c = n.IndexOf(" : ");
                if (c >= 0)
                    bases = bases == null ? n.Substring(c) : bases;
                if (n == want)
                    best = d;
            }
            string kind = want.Split(' ').First(x => !KeptModifiers.Contains(x));
            string merged = string.Join(" ", KeptModifiers.Where(mods.Contains)) + " " + kind + " " + name + (bases ?? "");
            if (merged != want) {
                why = "its parts together declare " + merged;
                return null;
            }
            if (best == null)
                best = parts.First();
            return new Evidence { Tag = tag, Path = best.Path, Line = best.Line, Text = best.Text };
        }
        // a member: its owner type, then the member
        bool ctor = System.Text.RegularExpressions.Regex.IsMatch(sig, "^((public|protected|static) )*[A-Za-z0-9_.]+\\(");
        string owner = ctor ? full : full.Substring(0, full.LastIndexOf('.'));
        string ons = NsOf(owner), oname = Last(owner);
        List<Decl> members = decls.Where(d => !d.IsType && d.Namespace == ons && d.Owner == oname).ToList();
        foreach (Decl d in members)
            if (Normal(d.Text, false) == want)
                return new Evidence { Tag = tag, Path = d.Path, Line = d.Line, Text = d.Text };
        // a public parameterless constructor no part declares
        if (want == "public " + oname + "()") {
            List<Decl> parts = decls.Where(d => d.IsType && d.Namespace == ons && d.TypeName == oname && d.Owner == "").ToList();
            bool anyCtor = members.Any(d => System.Text.RegularExpressions.Regex.IsMatch(Normal(d.Text, false), "^[a-z ]*" + oname + "\\("));
            if (parts.Count > 0 && !anyCtor && !parts.Any(d => Normal(d.Text, false).Contains("static ")))
                return new Evidence { Tag = tag, Path = parts[0].Path, Line = parts[0].Line, Text = parts[0].Text, Implicit = true };
        }
        string member = Last(full);
        var near = members.Where(d => System.Text.RegularExpressions.Regex.IsMatch(d.Text, "\\b" + member + "\\b"))
                          .Select(d => d.Path + ":" + d.Line + " " + Normal(d.Text, false)).Take(4);
        why = "no declaration " + want + " in " + owner + (near.Any() ? "; near: " + string.Join("; ", near) : "");
        return null;
    }

    static string NsOf(string full)
    {
        int i = full.LastIndexOf('.');
        return i < 0 ? "" : full.Substring(0, i);
    }

    // the full name a signature declares: the dotted name before "(", " {",
    // " :" or the end
    static string QualifiedName(string sig)
    {
        string s = sig;
        if (s.StartsWith("["))
            return s.Substring(s.LastIndexOf(']') + 1).Trim();
        int cut = s.Length;
        foreach (string stop in new[] { "(", " {", " : ", "<" }) {
            int i = s.IndexOf(stop, StringComparison.Ordinal);
            if (i >= 0 && i < cut)
                cut = i;
        }
        s = s.Substring(0, cut).Trim();
        return s.Substring(s.LastIndexOf(' ') + 1);
    }

    // A source file's declarations at namespace and type level, with the
    // namespace and type each is in.  Comments, strings and preprocessor
    // lines are blanked first (line numbers kept).
    static List<Decl> Scan(string file, string rel)
    {
        string text = Blank(File.ReadAllText(file));
        var result = new List<Decl>();
        var scopes = new List<KeyValuePair<string, string>>();   // kind, name
        var cur = new StringBuilder();
        int curLine = 0, line = 1;
        var attrs = new List<string>();
        int attrDepth = 0;
        var attrText = new StringBuilder();
        int attrLine = 0;
        Func<string> ns = () => string.Join(".", scopes.Where(s => s.Key == "namespace").Select(s => s.Value));
        Func<string> owner = () => {
            var t = scopes.LastOrDefault(s => s.Key != "namespace");
            return t.Key == "type" ? t.Value : t.Key == null ? "" : null;
        };
        for (int i = 0; i < text.Length; i++) {
            char c = text[i];
            if (c == '\n')
                line++;
            string o = owner();
            bool declLevel = o != null && (scopes.Count == 0 || scopes[scopes.Count - 1].Key == "namespace" ||
                                           scopes[scopes.Count - 1].Key == "type");
            if (!declLevel) {
                // inside a body: only braces matter
                if (c == '{')
                    scopes.Add(new KeyValuePair<string, string>("body", ""));
                else if (c == '}' && scopes.Count > 0)
                    scopes.RemoveAt(scopes.Count - 1);
                continue;
            }
            if (attrDepth > 0) {
                attrText.Append(c);
                if (c == '[') attrDepth++;
                if (c == ']' && --attrDepth == 0) {
                    attrs.Add(attrLine + " " + Squeeze(attrText.ToString()));
                    attrText.Clear();
                }
                continue;
            }
            if (c == '[' && cur.ToString().Trim().Length == 0) {
                attrDepth = 1;
                attrLine = line;
                attrText.Append(c);
                continue;
            }
            if (c == '{' || c == ';' || (c == '=' && i + 1 < text.Length && text[i + 1] == '>') || c == '}' ||
                (c == '=' && scopes.Count > 0 && scopes[scopes.Count - 1].Key == "type" && IsFieldInit(cur.ToString()))) {
                string head = Squeeze(cur.ToString());
                string kindType = TypeKind(head);
                string tname = kindType != null ? TypeNameOf(head) : null;
                if (c == '}') {
                    if (head.Length > 0)
                        Emit(result, rel, ns(), o, head, curLine, attrs);
                    if (scopes.Count > 0)
                        scopes.RemoveAt(scopes.Count - 1);
                } else if (head.StartsWith("namespace ")) {
                    string n = head.Substring(10).Trim();
                    if (c == '{')
                        scopes.Add(new KeyValuePair<string, string>("namespace", n));
                    else
                        scopes.Insert(0, new KeyValuePair<string, string>("namespace", n));   // file-scoped
                } else if (head.Length > 0 && (head.StartsWith("using ") || head.StartsWith("extern alias"))) {
                    // a using directive
                } else if (kindType != null && c == '{') {
                    Decl d = Emit(result, rel, ns(), o, head, curLine, attrs);
                    d.IsType = true;
                    d.TypeName = tname;
                    scopes.Add(new KeyValuePair<string, string>(kindType == "enum" ? "enum" : "type", tname));
                } else if (head.Length > 0) {
                    Decl d = Emit(result, rel, ns(), o, head, curLine, attrs);
                    if (c == '{') {
                        // a member's body: a property's accessors are read from it
                        int end = Matching(text, i);
                        string body = text.Substring(i + 1, end - i - 1);
                        if (!head.Contains("(") || head.Contains("this[")) {
                            string acc = Accessors(body);
                            if (acc != null)
                                d.Text = head + " || " + acc;
                        }
                        line += body.Count(ch => ch == '\n');
                        i = end;
                    } else if (c == '=') {
                        // an expression body or an initializer: skip to its ';'
                        // (a property's expression body is its getter)
                        if (text[i + 1] == '>' && !head.Contains("("))
                            d.Text = head + " || get;";
                        int end = text.IndexOf(';', i);
                        line += text.Substring(i, end - i).Count(ch => ch == '\n');
                        i = end;
                    }
                } else if (c == '{') {
                    scopes.Add(new KeyValuePair<string, string>("body", ""));
                }
                cur.Clear();
                attrs = new List<string>();
                continue;
            }
            if (cur.Length == 0 && char.IsWhiteSpace(c))
                continue;
            if (cur.Length == 0)
                curLine = line;
            cur.Append(c);
        }
        return result;
    }

    static Decl Emit(List<Decl> result, string rel, string ns, string owner, string head, int line, List<string> attrs)
    {
        // a constructor's initializer is not its declaration
        var m = System.Text.RegularExpressions.Regex.Match(head, "^(.*\\))\\s*:\\s*(this|base)\\s*\\(");
        if (m.Success)
            head = m.Groups[1].Value;
        var d = new Decl { Path = rel, Namespace = ns, Owner = owner, Text = head, Line = line, Attributes = attrs };
        result.Add(d);
        return d;
    }

    static bool IsFieldInit(string s)
    {
        // "public static int x = ..." (no parenthesis before the '=')
        return !s.Contains("(") && s.Trim().Length > 0;
    }

    static string TypeKind(string head)
    {
        var m = System.Text.RegularExpressions.Regex.Match(" " + head, "\\s(class|interface|struct|enum)\\s+[A-Za-z_]");
        if (!m.Success || head.Contains("("))
            return null;
        return m.Groups[1].Value;
    }

    static string TypeNameOf(string head)
    {
        var m = System.Text.RegularExpressions.Regex.Match(" " + head, "\\s(?:class|interface|struct|enum)\\s+([A-Za-z_][A-Za-z0-9_]*)");
        return m.Groups[1].Value;
    }

    static string Accessors(string body)
    {
        // the accessors a property body declares, with their modifiers
        var acc = new List<string>();
        string b = System.Text.RegularExpressions.Regex.Replace(body, "\\[[^\\]]*\\]", " ");
        int depth = 0;
        var word = new StringBuilder();
        var pending = new List<string>();
        foreach (char c in b + " ") {
            if (c == '{') { depth++; continue; }
            if (c == '}') { depth--; continue; }
            if (depth > 0)
                continue;
            if (char.IsLetter(c)) { word.Append(c); continue; }
            if (word.Length > 0) {
                string w = word.ToString();
                word.Clear();
                if (w == "private" || w == "internal" || w == "protected")
                    pending.Add(w);
                else if (w == "get" || w == "set") {
                    acc.Add(string.Join(" ", pending.Concat(new[] { w })));
                    pending.Clear();
                }
            }
        }
        return acc.Count > 0 ? string.Join("; ", acc) + ";" : null;
    }

    static int Matching(string text, int open)
    {
        int depth = 0;
        for (int i = open; i < text.Length; i++) {
            if (text[i] == '{') depth++;
            if (text[i] == '}' && --depth == 0)
                return i;
        }
        return text.Length - 1;
    }

    static string Squeeze(string s)
    {
        return System.Text.RegularExpressions.Regex.Replace(s, "\\s+", " ").Trim();
    }

    // comments, string and character literals, preprocessor lines blanked
    static string Blank(string s)
    {
        var sb = new StringBuilder(s.Length);
        for (int i = 0; i < s.Length; i++) {
            char c = s[i];
            if (c == '/' && i + 1 < s.Length && s[i + 1] == '/') {
                while (i < s.Length && s[i] != '\n') { sb.Append(' '); i++; }
                if (i < s.Length) sb.Append('\n');
            } else if (c == '/' && i + 1 < s.Length && s[i + 1] == '*') {
                int end = s.IndexOf("*/", i + 2, StringComparison.Ordinal);
                if (end < 0) end = s.Length - 2;
                for (; i < end + 2; i++) sb.Append(s[i] == '\n' ? '\n' : ' ');
                i--;
            } else if (c == '#' && (i == 0 || LineStartsHere(s, i))) {
                while (i < s.Length && s[i] != '\n') { sb.Append(' '); i++; }
                if (i < s.Length) sb.Append('\n');
            } else if (c == '@' && i + 1 < s.Length && s[i + 1] == '"') {
                sb.Append("\"\""); i += 2;
                for (; i < s.Length; i++) {
                    if (s[i] == '"' && i + 1 < s.Length && s[i + 1] == '"') { i++; continue; }
                    if (s[i] == '"') break;
                    if (s[i] == '\n') sb.Append('\n');
                }
            } else if (c == '"' || c == '\'') {
                sb.Append(c);
                for (i++; i < s.Length && s[i] != c; i++) {
                    if (s[i] == '\\') i++;
                    else if (s[i] == '\n') break;
                }
                sb.Append(c);
            } else {
                sb.Append(c);
            }
        }
        return sb.ToString();
    }

    static bool LineStartsHere(string s, int i)
    {
        for (int j = i - 1; j >= 0; j--) {
            if (s[j] == '\n') return true;
            if (!char.IsWhiteSpace(s[j])) return false;
        }
        return true;
    }
}

// Skirmish.Mods -- opened only after the game started (a script's
// CSharp["Skirmish.Mods"], a mod loader's Assembly.LoadFrom): its
// delegate types and extension methods must be as usable as the game's.
using System;

namespace Skirmish.Mods
{
    public delegate int Rule(int value);

    public class RuleBook
    {
        public Rule Current;   // reached only through this field
        public int Apply(int v) { return Current != null ? Current(v) : v; }
    }

    public static class Shouts
    {
        public static string Shout(this Skirmish.Unit u) { return u.Name.ToUpper() + "!"; }
    }
}

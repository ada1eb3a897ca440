// Skirmish.Plugins -- loaded from a path at run time (Assembly.LoadFrom).
namespace Skirmish.Plugins
{
    public delegate string Greeter(string name);

    public static class Hello
    {
        public static string Greet(Greeter g, string name) { return g(name); }
        public static int Twice(this Skirmish.Unit u) { return u.Health * 2; }
    }
}

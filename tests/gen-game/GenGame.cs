// GenGame: a small game's own code, built against GenGame.Core and the
// attribute assembly ZLua.Common, as a Unity project's Assembly-CSharp is.
using System;
using System.Collections.Generic;
using ZLua;

namespace GenGame
{
    public class Hero
    {
        public string Name;
        public int Hp = 100;
        public Vec2 Pos;
        // delegate types reached only here: a field, a property, an event
        public DamageHandler OnDamaged;
        public Func<int, bool> CanHeal;      // the only use of Func<int, bool>
        public Weigh Weight { get; set; }
        public event Action<string> Died;
        public List<Vec2> Path = new List<Vec2>();
        public Dictionary<string, int> Stats = new Dictionary<string, int>();

        public Hero(string name) { Name = name; }

        public void Hit(int amount, Team from)
        {
            Hp -= amount;
            if (OnDamaged != null)
                OnDamaged(amount, from);
            if (Hp <= 0 && Died != null)
                Died(Name);
        }

        public Vec2 Move(Vec2 by)
        {
            Pos = Pos + by;
            Path.Add(Pos);
            return Pos;
        }

        public float Weighed() { return Weight != null ? Weight(Pos) : 0f; }

        public List<Vec2> Trail() { return Path; }
    }

    public static class Arena
    {
        // an attribute that gives a parameter two Lua values: its stub
        // has that shape
        public static float Dot([LuaMarshalAs(LuaMarshalType.UnpackedValues, Members = new[] { "X", "Y" })] Vec2 a,
                                Vec2 b)
        {
            return a.X * b.X + a.Y * b.Y;
        }

        // an XML rule (rules.xml) gives b two Lua values: the stub
        // generator reads it too (--rules)
        public static float Cross(Vec2 a, Vec2 b) { return a.X * b.Y - a.Y * b.X; }

        // an XML rule (rules.xml) gives the result a table
        public static Vec2 Spawn(Team team) { return team == Team.Red ? new Vec2(-1, 0) : new Vec2(1, 0); }

        public static int Count(Dictionary<string, int> stats) { return stats.Count; }

        public static T Pick<T>(T a, T b, bool first) { return first ? a : b; }
    }
}

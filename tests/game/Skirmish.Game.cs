// Skirmish.Game -- the game's behaviour, over Skirmish.Core (found beside
// it: only this file is given to zlua-run-mono --assembly).
using System;
using System.Collections.Generic;

namespace Skirmish
{
    public enum Team { Red, Blue }

    public class Unit : IDamageable
    {
        public string Name;
        public Team Side;
        public Vec2 Position;
        public Vec2[] Path = new Vec2[0];
        public int? Shield;
        public readonly Dictionary<string, int> Inventory = new Dictionary<string, int>();

        // delegate-typed members a script assigns Lua functions to
        public DamageHandler OnDamaged;
        public Func<int, int> Armor { get; set; }
        public event Action<Unit, string> Died;

        int health = 100;
        public int Health { get { return health; } }

        public Unit(string name, Team side) { Name = name; Side = side; }

        public static Unit Spawn(string name, float x, float y)
        {
            Unit u = new Unit(name, Team.Red);
            u.Position = new Vec2(x, y);
            return u;
        }

        public void TakeDamage(int amount)
        {
            if (Armor != null)
                amount = Armor(amount);
            if (Shield.HasValue) {
                int absorbed = Math.Min(Shield.Value, amount);
                Shield = Shield.Value - absorbed;
                amount -= absorbed;
            }
            health -= amount;
            if (OnDamaged != null)
                OnDamaged(amount);
            if (health <= 0 && Died != null)
                Died(this, "killed");
        }

        public void MoveBy(Vec2 d) { Position = Position + d; }

        public bool TryGetItem(string item, out int count)
        {
            return Inventory.TryGetValue(item, out count);
        }

        public int Pick(params string[] items)
        {
            foreach (string i in items) {
                int n;
                Inventory.TryGetValue(i, out n);
                Inventory[i] = n + 1;
            }
            return Inventory.Count;
        }

        public float PathLength()
        {
            float total = 0;
            for (int i = 1; i < Path.Length; i++)
                total += (Path[i] - Path[i - 1]).Length;
            return total;
        }
    }

    public static class UnitExtensions
    {
        public static bool IsAlive(this IDamageable d) { return d.Health > 0; }
    }

    public static class World
    {
        static readonly List<Unit> units = new List<Unit>();

        public static Unit Add(Unit u) { units.Add(u); return u; }
        public static int Count { get { return units.Count; } }

        public static int Damage(IDamageable target, int amount)
        {
            target.TakeDamage(amount);
            return target.Health;
        }

        // the game loading an assembly itself, as a mod loader does
        public static string LoadPlugin(string path)
        {
            return System.Reflection.Assembly.LoadFrom(path).GetName().Name;
        }
    }
}

// Town.cs -- a small city builder, written the way a game team writes C#,
// and driven from Lua by town.lua on both routes (tests/town/town.cmake):
// the C host (zlua-run-mono --assembly Town.dll) and the Editor's
// configuration (ZLua.LuaEnv, the game opened with Assembly.LoadFrom).
using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using ZLua;

namespace Town
{
    public enum Resource { Wood = 1, Stone = 2, Gold = 3 }

    // A map position: a readonly struct that Lua passes as {X = .., Y = ..}
    [LuaMarshalAs(LuaMarshalType.Table, Members = new[] { "X", "Y" })]
    public readonly struct Tile
    {
        public readonly int X;
        public readonly int Y;
        public Tile(int x, int y) { X = x; Y = y; }
        public override string ToString()
        {
            return "(" + X.ToString(CultureInfo.InvariantCulture) + "," +
                   Y.ToString(CultureInfo.InvariantCulture) + ")";
        }
    }

    public abstract class Building
    {
        public const int MaxLevel = 5;
        public static int Built;

        public string Name;
        public int Level = 1;
        public Tile At;

        protected Building(string name) { Name = name; Built++; }

        public abstract int Upkeep();

        public bool Upgrade(int levels)
        {
            if (Level + levels > MaxLevel)
                return false;
            Level += levels;
            return true;
        }
    }

    public class House : Building
    {
        public int Residents;
        public House(string name, int residents) : base(name) { Residents = residents; }
        public override int Upkeep() { return Level * 2; }
    }

    public class Mill : Building
    {
        public Mill(string name) : base(name) { }
        public override int Upkeep() { return Level * 5; }
    }

    public static class Map
    {
        static readonly Dictionary<string, Building> placed = new Dictionary<string, Building>();

        public static string Place(Tile at, Building b)
        {
            b.At = at;
            placed[at.ToString()] = b;
            return b.Name + " at " + at;
        }

        public static Tile Center() { return new Tile(4, 4); }

        // height of each tile of a rows x cols patch: row * 10 + col
        public static int[,] Heights(int rows, int cols)
        {
            var h = new int[rows, cols];
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < cols; c++)
                    h[r, c] = r * 10 + c;
            return h;
        }

        public static List<Building> All()
        {
            var l = new List<Building>(placed.Values);
            l.Sort((a, b) => string.CompareOrdinal(a.Name, b.Name));
            return l;
        }

        public static void Clear() { placed.Clear(); Building.Built = 0; }
    }

    public class Market
    {
        readonly Dictionary<Resource, int> stock = new Dictionary<Resource, int>();

        public Market()
        {
            stock[Resource.Wood] = 50;
            stock[Resource.Stone] = 20;
            stock[Resource.Gold] = 3;
        }

        public int Stock(Resource r) { return stock[r]; }

        public void Buy(Resource r, int amount)
        {
            if (stock[r] < amount)
                throw new InvalidOperationException("not enough " + r.ToString().ToLowerInvariant());
            stock[r] -= amount;
        }

        // C#'s params: leave it out and it is an empty array
        public static int Total(params int[] amounts)
        {
            int sum = 0;
            foreach (int a in amounts)
                sum += a;
            return sum;
        }
    }

    public static class Ledger
    {
        public static string Describe(long amount) { return "amount " + amount.ToString(CultureInfo.InvariantCulture); }
        public static string Describe(object o) { return "object " + (o == null ? "null" : o.GetType().Name); }

        // an old-style log: the non-generic collections
        public static IEnumerable Log()
        {
            var a = new ArrayList();
            a.Add("founded");
            a.Add(3);
            a.Add(2.5);
            return a;
        }
    }

    // saving: a resource that must be closed, as C#'s using closes it
    public class SaveFile : IDisposable
    {
        public static int Open;
        readonly List<string> lines = new List<string>();
        public bool Closed;

        SaveFile() { Open++; }
        public static SaveFile Create(string slot) { var f = new SaveFile(); f.Write("slot " + slot); return f; }
        public void Write(string line)
        {
            if (Closed)
                throw new ObjectDisposedException("SaveFile");
            lines.Add(line);
        }
        public int Lines { get { return lines.Count; } }
        public void Dispose()
        {
            if (!Closed) { Closed = true; Open--; }
        }
    }
}

// Skirmish.Core -- the shared types of a small game that is not one of
// libzlua's fixtures: what a Unity project's own code looks like to Lua
// (driven by tests/game/*.lua through zlua-run-mono --assembly).
using System;

namespace Skirmish
{
    public struct Vec2
    {
        public float X, Y;

        public Vec2(float x, float y) { X = x; Y = y; }

        public float Length { get { return (float)Math.Sqrt(X * X + Y * Y); } }

        public static Vec2 operator +(Vec2 a, Vec2 b) { return new Vec2(a.X + b.X, a.Y + b.Y); }
        public static Vec2 operator -(Vec2 a, Vec2 b) { return new Vec2(a.X - b.X, a.Y - b.Y); }
        public static Vec2 operator *(Vec2 a, float k) { return new Vec2(a.X * k, a.Y * k); }
        public static bool operator ==(Vec2 a, Vec2 b) { return a.X == b.X && a.Y == b.Y; }
        public static bool operator !=(Vec2 a, Vec2 b) { return !(a == b); }

        public override bool Equals(object o) { return o is Vec2 && (Vec2)o == this; }
        public override int GetHashCode() { return X.GetHashCode() ^ Y.GetHashCode(); }
        public override string ToString() { return "(" + X + ", " + Y + ")"; }
    }

    // reached only through a field of Skirmish.Unit: no method names it
    public delegate void DamageHandler(int amount);

    public interface IDamageable
    {
        int Health { get; }
        void TakeDamage(int amount);
    }
}

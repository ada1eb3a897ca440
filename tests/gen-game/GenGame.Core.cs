// GenGame.Core: the value types of a small game that is not a fixture
// (docs/embedding.md, "The build step of a Unity project"): what the build step's generators read.
using System;

namespace GenGame
{
    public struct Vec2
    {
        public float X;
        public float Y;

        public Vec2(float x, float y) { X = x; Y = y; }

        public float Length() { return (float)Math.Sqrt(X * X + Y * Y); }

        public static Vec2 operator +(Vec2 a, Vec2 b) { return new Vec2(a.X + b.X, a.Y + b.Y); }
        public static Vec2 operator *(Vec2 a, float k) { return new Vec2(a.X * k, a.Y * k); }
    }

    public enum Team { Red, Blue }

    // A delegate type the game names only through a field, a property
    // and an event: its delegate entry comes from those alone.
    public delegate void DamageHandler(int amount, Team from);
    public delegate float Weigh(Vec2 v);
}

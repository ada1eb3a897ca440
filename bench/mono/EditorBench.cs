// EditorBench.cs -- the C# side of the Editor benchmark (bench/mono):
// the members each row of the table in docs/performance.md ("The Editor
// against hand-written C") reaches, from libzlua and from the hand-written
// binding in bench_mono.c alike.
using System;
using System.Runtime.CompilerServices;

namespace Bench
{
    public struct Vec
    {
        public float x, y, z;

        public Vec(float x, float y, float z)
        {
            this.x = x;
            this.y = y;
            this.z = z;
        }
    }

    public class Unit
    {
        public int Hp = 100;
        public Vec Pos;

        public void Move(int dx, int dy)
        {
            Pos.x += dx;
            Pos.y += dy;
        }
    }

    public static class Calc
    {
        public static int Add(int a, int b)
        {
            return a + b;
        }
    }

    // C# calling Lua n times: through a delegate libzlua made of a Lua
    // function, or through the hand-written binding's internal call.
    public static class Driver
    {
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern int NativeAdd(int a, int b);

        public static int RunFunc(Func<int, int, int> f, int n)
        {
            int s = 0;
            for (int i = 0; i < n; i++)
                s += f(i, 1);
            return s;
        }

        public static int RunNative(int n)
        {
            int s = 0;
            for (int i = 0; i < n; i++)
                s += NativeAdd(i, 1);
            return s;
        }
    }
}

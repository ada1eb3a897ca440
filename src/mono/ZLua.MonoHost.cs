// ZLua.MonoHost.cs -- what the Mono boundary (src/mono) asks of
// reflection: the embedding API answers most metadata queries itself, but
// not parameter flags and default values, generic method definitions and
// instances, running a class constructor with its exception caught, or
// making a delegate whose Invoke lands in native code.  Each method here
// is one such query; the C side calls them through mono_runtime_invoke
// with the exception caught, at bind time only (never per call, except
// the delegate's own Invoke).
using System;
using System.Linq;
using System.Linq.Expressions;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;

namespace ZLuaMonoHost
{
    // How this Mono's compiled code passes structs by value to an internal
    // call (src/mono/mono_icall.c, before it serves a [LuaInvoke] method
    // that takes one): Run calls Probe with known values, and the native
    // side checks each arrived where the System V C ABI puts it.
    static class AbiProbe
    {
        public struct F2 { public float a, b; }
        public struct F3 { public float a, b, c; }
        public struct Mixed { public int a; public float b; }
        public struct D2 { public double a, b; }
        public struct I3 { public int a, b, c; }

        public struct IF { public long a; public double b; }
        public struct FI { public double a; public long b; }
        public struct Big { public long a, b, c; }

        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern void Probe(F2 a, int x, F3 b, Mixed m, D2 d, float f, I3 i);
        // results, each of known fields, as the C ABI returns them: one
        // register, two of either class, the caller's buffer (Big, after
        // which x and y still arrive where they belong)
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern F2 RetF2();
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern Mixed RetMixed();
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern F3 RetF3();
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern I3 RetI3();
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern IF RetIF();
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern FI RetFI();
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern Big RetBig(int x, float y);

        // true when every result read back as the native side made it
        // (the arguments' side is checked natively)
        public static bool Run()
        {
            Probe(new F2 { a = 1, b = 2 }, 3, new F3 { a = 4, b = 5, c = 6 },
                  new Mixed { a = 7, b = 8 }, new D2 { a = 9, b = 10 }, 11,
                  new I3 { a = 12, b = 13, c = 14 });
            F2 f2 = RetF2();
            Mixed m = RetMixed();
            F3 f3 = RetF3();
            I3 i3 = RetI3();
            IF iff = RetIF();
            FI fi = RetFI();
            Big big = RetBig(21, 22.5f);
            return f2.a == 1 && f2.b == 2 && m.a == 3 && m.b == 4 && f3.a == 5 && f3.b == 6 &&
                   f3.c == 7 && i3.a == 8 && i3.b == 9 && i3.c == 10 && iff.a == 11 &&
                   iff.b == 12 && fi.a == 13 && fi.b == 14 && big.a == 21 && big.b == 45 &&
                   big.c == 15;
        }
    }

    // Internal: only the backend calls these (mono_runtime_invoke does not
    // ask for public), and no script or other assembly is to reach them.
    static class Reflect
    {
        // ParameterAttributes of parameter i (In 1, Out 2, Optional 0x10,
        // HasDefault 0x1000): IL2CPP keeps them in the parameter's type.
        public static int ParamAttrs(MethodBase m, int i)
        {
            return (int)m.GetParameters()[i].Attributes;
        }

        // The constant of `T p = c`: has 1 and the boxed constant (an enum
        // constant as its underlying integer); has 2 and null for `= null`
        // or `= default`; has 0 without a default.
        public static object ParamDefault(MethodBase m, int i, out int has)
        {
            ParameterInfo p = m.GetParameters()[i];
            has = 0;
            if (!p.HasDefaultValue)
                return null;
            object v = p.RawDefaultValue;
            has = v == null ? 2 : 1;
            return v;
        }

        public static bool IsGenericTypeDefinition(Type t)
        {
            return t.IsGenericTypeDefinition;
        }

        public static bool IsGenericDefinition(MethodBase m)
        {
            return m.IsGenericMethodDefinition;
        }

        // The instance of a generic method definition (its MonoMethod *).
        public static IntPtr MakeGeneric(MethodBase m, Type[] args)
        {
            return ((MethodInfo)m).MakeGenericMethod(args).MethodHandle.Value;
        }

        // Generic parameter i of a generic method or type definition (owner):
        // its name, its GenericParameterAttributes (the metadata's flags) and
        // its constraint types; null when owner has no such parameter, and for
        // a method of a constructed generic type, whose definition's metadata
        // IL2CPP does not keep at hand either.
        public static string GenericParam(MemberInfo owner, int i, out int flags,
                                          out Type[] constraints)
        {
            flags = 0;
            constraints = null;
            Type[] ps = null;
            MethodInfo m = owner as MethodInfo;
            Type t = owner as Type;
            if (m != null && m.IsGenericMethodDefinition &&
                !(m.DeclaringType.IsGenericType && !m.DeclaringType.IsGenericTypeDefinition))
                ps = m.GetGenericArguments();
            else if (t != null && t.IsGenericTypeDefinition)
                ps = t.GetGenericArguments();
            if (ps == null || i < 0 || i >= ps.Length)
                return null;
            flags = (int)ps[i].GenericParameterAttributes;
            constraints = ps[i].GetGenericParameterConstraints();
            return ps[i].Name;
        }

        public static void RunClassConstructor(Type t)
        {
            RuntimeHelpers.RunClassConstructor(t.TypeHandle);
        }

        // A call through reflection, for the one argument shape
        // mono_runtime_invoke cannot take: a `ref T?` without a value (its
        // wrapper unboxes the boxed form, and null has none).  The
        // callee's exception comes back in ex, unwrapped.
        public static object Invoke(MethodBase m, object target, object[] args, out Exception ex)
        {
            ex = null;
            try {
                return m.Invoke(target, args);
            } catch (TargetInvocationException e) {
                ex = e.InnerException;
                return null;
            }
        }

        // The exceptions the test host injects as a runtime operation's
        // (testbed.fail_next): what a throwing static constructor makes
        // class init throw, and an allocation's.
        public static Exception TypeInitError(string fullName)
        {
            return new TypeInitializationException(fullName, null);
        }

        public static Exception OutOfMemory()
        {
            return new OutOfMemoryException();
        }

        public static bool HasAttribute(object site, Type attr)
        {
            MemberInfo mi = site as MemberInfo;
            return mi != null && mi.IsDefined(attr, false);
        }

        // The collector runs when managed code asks (a native thread in
        // the blocking state cannot), finalizers included.
        public static void Collect()
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
            GC.Collect();
        }
    }

    // A Lua function as a delegate.  Make closes one of the generic helpers
    // below over the target libzlua made for the function (R0..R8 for a
    // result, V0..V8 without), instantiated with the Invoke's own
    // parameter and result types: a call hands an internal call of the
    // Mono glue (mono_delegate.c: DispatchRefs up to four parameters,
    // DispatchRefs8 up to eight) that runs libzlua's IC path
    // (zlua_delegate_invoke) a TypedReference over each argument and over
    // the result's local, so nothing is boxed or allocated per call.
    // A delegate with byref parameters gets the same body emitted for its
    // shape (MakeByrefs).  Delegates none of them can take (a pointer,
    // ref-like or Nullable parameter, more than eight) get a compiled
    // lambda that packs the arguments into an object[] for Dispatch, a
    // byref's value written back after the call.  Internal, and no internal call trusts its
    // arguments anyway: each resolves the target and checks what it is
    // handed against the Invoke of the record's own delegate type.
    static unsafe class LuaDelegate
    {
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern object Dispatch(object target, object[] args, Type[] types, Type ret,
                                      out Exception ex);

        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern Exception DispatchRefs(object target, int argc, void* a0, void* a1,
                                             void* a2, void* a3, void* ret);

        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern Exception DispatchRefs8(object target, int argc, void* a0, void* a1,
                                              void* a2, void* a3, void* a4, void* a5,
                                              void* a6, void* a7, void* ret);

        static void Throw(Exception ex)
        {
            if (ex != null)
                throw ex;
        }

        public static void V0(object t)
        {
            Throw(DispatchRefs(t, 0, null, null, null, null, null));
        }

        public static void V1<A>(object t, A a)
        {
            TypedReference ra = __makeref(a);
            Throw(DispatchRefs(t, 1, &ra, null, null, null, null));
        }

        public static void V2<A, B>(object t, A a, B b)
        {
            TypedReference ra = __makeref(a), rb = __makeref(b);
            Throw(DispatchRefs(t, 2, &ra, &rb, null, null, null));
        }

        public static void V3<A, B, C>(object t, A a, B b, C c)
        {
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c);
            Throw(DispatchRefs(t, 3, &ra, &rb, &rc, null, null));
        }

        public static void V4<A, B, C, D>(object t, A a, B b, C c, D d)
        {
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d);
            Throw(DispatchRefs(t, 4, &ra, &rb, &rc, &rd, null));
        }

        public static R R0<R>(object t)
        {
            R r = default(R);
            TypedReference rr = __makeref(r);
            Throw(DispatchRefs(t, 0, null, null, null, null, &rr));
            return r;
        }

        public static R R1<A, R>(object t, A a)
        {
            R r = default(R);
            TypedReference ra = __makeref(a), rr = __makeref(r);
            Throw(DispatchRefs(t, 1, &ra, null, null, null, &rr));
            return r;
        }

        public static R R2<A, B, R>(object t, A a, B b)
        {
            R r = default(R);
            TypedReference ra = __makeref(a), rb = __makeref(b), rr = __makeref(r);
            Throw(DispatchRefs(t, 2, &ra, &rb, null, null, &rr));
            return r;
        }

        public static R R3<A, B, C, R>(object t, A a, B b, C c)
        {
            R r = default(R);
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rr = __makeref(r);
            Throw(DispatchRefs(t, 3, &ra, &rb, &rc, null, &rr));
            return r;
        }

        public static R R4<A, B, C, D, R>(object t, A a, B b, C c, D d)
        {
            R r = default(R);
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d), rr = __makeref(r);
            Throw(DispatchRefs(t, 4, &ra, &rb, &rc, &rd, &rr));
            return r;
        }

        public static void V5<A, B, C, D, E>(object t, A a, B b, C c, D d, E e)
        {
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d), re = __makeref(e);
            Throw(DispatchRefs8(t, 5, &ra, &rb, &rc, &rd, &re, null, null, null, null));
        }

        public static void V6<A, B, C, D, E, F>(object t, A a, B b, C c, D d, E e, F f)
        {
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d), re = __makeref(e), rf = __makeref(f);
            Throw(DispatchRefs8(t, 6, &ra, &rb, &rc, &rd, &re, &rf, null, null, null));
        }

        public static void V7<A, B, C, D, E, F, G>(object t, A a, B b, C c, D d, E e, F f, G g)
        {
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d), re = __makeref(e), rf = __makeref(f),
                           rg = __makeref(g);
            Throw(DispatchRefs8(t, 7, &ra, &rb, &rc, &rd, &re, &rf, &rg, null, null));
        }

        public static void V8<A, B, C, D, E, F, G, H>(object t, A a, B b, C c, D d, E e, F f, G g,
                                                      H h)
        {
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d), re = __makeref(e), rf = __makeref(f),
                           rg = __makeref(g), rh = __makeref(h);
            Throw(DispatchRefs8(t, 8, &ra, &rb, &rc, &rd, &re, &rf, &rg, &rh, null));
        }

        public static R R5<A, B, C, D, E, R>(object t, A a, B b, C c, D d, E e)
        {
            R r = default(R);
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d), re = __makeref(e), rr = __makeref(r);
            Throw(DispatchRefs8(t, 5, &ra, &rb, &rc, &rd, &re, null, null, null, &rr));
            return r;
        }

        public static R R6<A, B, C, D, E, F, R>(object t, A a, B b, C c, D d, E e, F f)
        {
            R r = default(R);
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d), re = __makeref(e), rf = __makeref(f),
                           rr = __makeref(r);
            Throw(DispatchRefs8(t, 6, &ra, &rb, &rc, &rd, &re, &rf, null, null, &rr));
            return r;
        }

        public static R R7<A, B, C, D, E, F, G, R>(object t, A a, B b, C c, D d, E e, F f, G g)
        {
            R r = default(R);
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d), re = __makeref(e), rf = __makeref(f),
                           rg = __makeref(g), rr = __makeref(r);
            Throw(DispatchRefs8(t, 7, &ra, &rb, &rc, &rd, &re, &rf, &rg, null, &rr));
            return r;
        }

        public static R R8<A, B, C, D, E, F, G, H, R>(object t, A a, B b, C c, D d, E e, F f, G g,
                                                      H h)
        {
            R r = default(R);
            TypedReference ra = __makeref(a), rb = __makeref(b), rc = __makeref(c),
                           rd = __makeref(d), re = __makeref(e), rf = __makeref(f),
                           rg = __makeref(g), rh = __makeref(h), rr = __makeref(r);
            Throw(DispatchRefs8(t, 8, &ra, &rb, &rc, &rd, &re, &rf, &rg, &rh, &rr));
            return r;
        }

        public static object Call(object target, object[] args, Type[] types, Type ret)
        {
            Exception ex;
            object r = Dispatch(target, args, types, ret, out ex);
            if (ex != null)
                throw ex;
            return r;
        }

        // A type the helpers can be instantiated with and DispatchRefs can
        // take: no byref, pointer, ref-like or Nullable (refused by the
        // glue as on the boxed path, with its message).
        static bool Plain(Type t)
        {
            return !t.IsByRef && !t.IsPointer && t != typeof(TypedReference) &&
                   Nullable.GetUnderlyingType(t) == null &&
                   !t.GetCustomAttributes(false).Any(a => a.GetType().FullName ==
                       "System.Runtime.CompilerServices.IsByRefLikeAttribute");
        }

        static Delegate MakeRefs(Type delegateType, object target, MethodInfo invoke,
                                 ParameterInfo[] ps)
        {
            if (ps.Length > 8)
                return null;
            bool hasResult = invoke.ReturnType != typeof(void);
            var args = new Type[ps.Length + (hasResult ? 1 : 0)];
            for (int i = 0; i < ps.Length; i++) {
                if (!Plain(ps[i].ParameterType))
                    return null;
                args[i] = ps[i].ParameterType;
            }
            if (hasResult) {
                if (!Plain(invoke.ReturnType))
                    return null;
                args[ps.Length] = invoke.ReturnType;
            }
            MethodInfo helper = typeof(LuaDelegate).GetMethod(
                (hasResult ? "R" : "V") + ps.Length, BindingFlags.Static | BindingFlags.Public);
            if (args.Length > 0)
                helper = helper.MakeGenericMethod(args);
            return Delegate.CreateDelegate(delegateType, target, helper, false);
        }

        // A delegate of up to eight parameters some of which are byrefs
        // (ref, out, in: no generic helper can take a managed pointer): a
        // method emitted for the Invoke's shape, the helpers' body in IL --
        // a TypedReference over each argument, a byref's over what it refers
        // to (mkrefany on the pointer itself), and over the result's local,
        // handed to DispatchRefs8.  Lua's writes through a byref's
        // OpaqueValue land in the caller's variable; nothing is allocated
        // per call.  The Editor's JIT only: the player's delegates are
        // generated entries.
        static Delegate MakeByrefs(Type delegateType, object target, MethodInfo invoke,
                                   ParameterInfo[] ps)
        {
            if (ps.Length > 8 || !ps.Any(p => p.ParameterType.IsByRef))
                return null;
            Type ret = invoke.ReturnType;
            bool hasResult = ret != typeof(void);
            if (hasResult && (ret.IsByRef || !Plain(ret)))
                return null;
            var sig = new Type[ps.Length + 1];
            sig[0] = typeof(object);
            for (int i = 0; i < ps.Length; i++) {
                Type pt = ps[i].ParameterType;
                if (!Plain(pt.IsByRef ? pt.GetElementType() : pt))
                    return null;
                sig[i + 1] = pt;
            }
            var dm = new DynamicMethod("LuaDelegateByrefs", ret, sig, typeof(LuaDelegate), true);
            ILGenerator il = dm.GetILGenerator();
            var refs = new LocalBuilder[ps.Length];
            for (int i = 0; i < ps.Length; i++) {
                Type pt = ps[i].ParameterType;
                refs[i] = il.DeclareLocal(typeof(TypedReference));
                il.Emit(pt.IsByRef ? OpCodes.Ldarg : OpCodes.Ldarga, (short)(i + 1));
                il.Emit(OpCodes.Mkrefany, pt.IsByRef ? pt.GetElementType() : pt);
                il.Emit(OpCodes.Stloc, refs[i]);
            }
            LocalBuilder res = null, rr = null;
            if (hasResult) {
                res = il.DeclareLocal(ret);   // default(R): the method's locals start zeroed
                rr = il.DeclareLocal(typeof(TypedReference));
                il.Emit(OpCodes.Ldloca, res);
                il.Emit(OpCodes.Mkrefany, ret);
                il.Emit(OpCodes.Stloc, rr);
            }
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldc_I4, ps.Length);
            for (int j = 0; j < 9; j++) {   // a0..a7, then ret
                LocalBuilder r = j < ps.Length ? refs[j] : j == 8 ? rr : null;
                if (r != null)
                    il.Emit(OpCodes.Ldloca, r);
                else
                    il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Conv_U);
            }
            const BindingFlags priv = BindingFlags.Static | BindingFlags.NonPublic;
            il.Emit(OpCodes.Call, typeof(LuaDelegate).GetMethod("DispatchRefs8", priv));
            il.Emit(OpCodes.Call, typeof(LuaDelegate).GetMethod("Throw", priv));
            if (hasResult)
                il.Emit(OpCodes.Ldloc, res);
            il.Emit(OpCodes.Ret);
            try {
                return dm.CreateDelegate(delegateType, target);
            } catch (ArgumentException) {
                return null;   // a signature the runtime will not bind: the object[] path
            }
        }

        public static Delegate Make(Type delegateType, object target)
        {
            MethodInfo invoke = delegateType.GetMethod("Invoke");
            ParameterInfo[] ps = invoke.GetParameters();
            Delegate fast = LuaDelegateRegs.Make(delegateType, target, invoke, ps) ??
                            MakeRefs(delegateType, target, invoke, ps) ??
                            MakeByrefs(delegateType, target, invoke, ps);
            if (fast != null)
                return fast;
            var pars = new ParameterExpression[ps.Length];
            var boxed = new Expression[ps.Length];
            var types = new Type[ps.Length];   // the element type of a byref
            for (int i = 0; i < ps.Length; i++) {
                pars[i] = Expression.Parameter(ps[i].ParameterType, ps[i].Name);
                boxed[i] = Expression.Convert(pars[i], typeof(object));
                Type pt = ps[i].ParameterType;
                types[i] = pt.IsByRef ? pt.GetElementType() : pt;
            }
            var arr = Expression.Variable(typeof(object[]), "args");
            var res = Expression.Variable(typeof(object), "res");
            var body = new System.Collections.Generic.List<Expression>();
            body.Add(Expression.Assign(arr, Expression.NewArrayInit(typeof(object), boxed)));
            body.Add(Expression.Assign(res, Expression.Call(
                typeof(LuaDelegate).GetMethod("Call"), Expression.Constant(target, typeof(object)),
                arr, Expression.Constant(types, typeof(Type[])),
                Expression.Constant(invoke.ReturnType, typeof(Type)))));
            for (int i = 0; i < ps.Length; i++) {
                Type t = ps[i].ParameterType;
                if (!t.IsByRef)
                    continue;
                body.Add(Expression.Assign(pars[i], Expression.Convert(
                    Expression.ArrayIndex(arr, Expression.Constant(i)), t.GetElementType())));
            }
            if (invoke.ReturnType != typeof(void))
                body.Add(Expression.Convert(res, invoke.ReturnType));
            else
                body.Add(Expression.Empty());
            var block = Expression.Block(invoke.ReturnType, new[] { arr, res }, body);
            return Expression.Lambda(delegateType, block, pars).Compile();
        }
    }

    // A Lua function's delegate whose Invoke takes at most four
    // primitives or enums and returns nothing, an int, a bool, a long, a
    // float or a double: closed over one of these internal calls,
    // instantiated with the Invoke's parameter types, so that its caller
    // reaches the native entry (mono_delegate_regs.c) with the arguments
    // in registers and takes the result from one.  The letter is the
    // result (V void, I int, B bool, L long, F float, D double), the
    // digit the parameter count; no result is generic, so none can be
    // returned through memory.  Only where Available says the native side
    // reads registers so, and a generic internal call was seen to arrive
    // (Probe, once): elsewhere LuaDelegate's helpers serve.
    static class LuaDelegateRegs
    {
        [MethodImpl(MethodImplOptions.InternalCall)] static extern bool Available();
        // 10 * a + b for an int a and a float b, read as the entries read
        [MethodImpl(MethodImplOptions.InternalCall)] static extern long Probe<A, B>(A a, B b);

        [MethodImpl(MethodImplOptions.InternalCall)] static extern void V0(object t);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern void V1<A>(object t, A a);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern void V2<A, B>(object t, A a, B b);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern void V3<A, B, C>(object t, A a, B b, C c);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern void V4<A, B, C, D>(object t, A a, B b, C c, D d);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern int I0(object t);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern int I1<A>(object t, A a);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern int I2<A, B>(object t, A a, B b);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern int I3<A, B, C>(object t, A a, B b, C c);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern int I4<A, B, C, D>(object t, A a, B b, C c, D d);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern bool B0(object t);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern bool B1<A>(object t, A a);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern bool B2<A, B>(object t, A a, B b);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern bool B3<A, B, C>(object t, A a, B b, C c);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern bool B4<A, B, C, D>(object t, A a, B b, C c, D d);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern long L0(object t);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern long L1<A>(object t, A a);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern long L2<A, B>(object t, A a, B b);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern long L3<A, B, C>(object t, A a, B b, C c);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern long L4<A, B, C, D>(object t, A a, B b, C c, D d);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern float F0(object t);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern float F1<A>(object t, A a);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern float F2<A, B>(object t, A a, B b);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern float F3<A, B, C>(object t, A a, B b, C c);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern float F4<A, B, C, D>(object t, A a, B b, C c, D d);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern double D0(object t);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern double D1<A>(object t, A a);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern double D2<A, B>(object t, A a, B b);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern double D3<A, B, C>(object t, A a, B b, C c);
        [MethodImpl(MethodImplOptions.InternalCall)] static extern double D4<A, B, C, D>(object t, A a, B b, C c, D d);

        static bool? available;

        static string Letter(Type r)
        {
            return r == typeof(void) ? "V" : r == typeof(int) ? "I" : r == typeof(bool) ? "B"
                 : r == typeof(long) ? "L" : r == typeof(float) ? "F" : r == typeof(double) ? "D"
                 : null;
        }

        // The delegate, or null when its Invoke is not one these take.
        public static Delegate Make(Type delegateType, object target, MethodInfo invoke,
                                    ParameterInfo[] ps)
        {
            string letter = Letter(invoke.ReturnType);
            if (letter == null || ps.Length > 4)
                return null;
            var args = new Type[ps.Length];
            for (int i = 0; i < ps.Length; i++) {
                Type t = ps[i].ParameterType;
                if (!t.IsPrimitive && !t.IsEnum)
                    return null;
                args[i] = t;
            }
            if (available == null) {
                bool ok;
                try {
                    ok = Available() && Probe<int, float>(4, 2.5f) == 42;
                } catch (Exception) {   // a Mono without generic internal calls
                    ok = false;
                }
                available = ok;
            }
            if (!available.Value)
                return null;
            MethodInfo entry = typeof(LuaDelegateRegs).GetMethod(
                letter + ps.Length, BindingFlags.Static | BindingFlags.NonPublic);
            if (args.Length > 0)
                entry = entry.MakeGenericMethod(args);
            return Delegate.CreateDelegate(delegateType, target, entry, false);
        }
    }
}

// ZLua.MonoHost.cs -- what the Mono boundary (src/mono) asks of
// reflection: the embedding API answers most metadata queries itself, but
// not parameter flags and default values, generic method definitions and
// instances, running a class constructor with its exception caught, or
// making a delegate whose Invoke lands in native code.  Each method here
// is one such query; the C side calls them through mono_runtime_invoke
// with the exception caught, at bind time only (never per call, except
// the delegate's own Invoke).
using System;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace ZLuaMonoHost
{
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

    // A Lua function as a delegate: Invoke packs its arguments into an
    // object[] (a byref argument's value, written back after the call)
    // and hands them to Dispatch, an internal call of the Mono glue that
    // runs libzlua's IC path (zlua_delegate_invoke) on the target libzlua
    // made for the function.  Internal, and Dispatch trusts none of its
    // arguments anyway: it resolves the target and checks args against
    // the Invoke of the record's own delegate type, ignoring types and
    // ret (mono_glue.c, zm_dispatch).
    static class LuaDelegate
    {
        [MethodImpl(MethodImplOptions.InternalCall)]
        static extern object Dispatch(object target, object[] args, Type[] types, Type ret,
                                      out Exception ex);

        public static object Call(object target, object[] args, Type[] types, Type ret)
        {
            Exception ex;
            object r = Dispatch(target, args, types, ret, out ex);
            if (ex != null)
                throw ex;
            return r;
        }

        public static Delegate Make(Type delegateType, object target)
        {
            MethodInfo invoke = delegateType.GetMethod("Invoke");
            ParameterInfo[] ps = invoke.GetParameters();
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
}

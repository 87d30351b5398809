using System;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// How an instance of <typeparamref name="T"/> is made when no factory was registered: its
/// parameterless constructor (public or not) compiled to a delegate; a struct's default value when it
/// has none; otherwise an uninitialized object, with no constructor run and every field at its default.
/// </summary>
internal static class ObjectFactory<T>
    where T : ICustomBinarySerializable
{
    public static readonly Func<T> Default = Build();

    /// <summary>True for a struct without a parameterless constructor of its own: its default value is a new one, no delegate needed.</summary>
    private static readonly bool s_isPlainStruct = typeof(T).IsValueType
        && typeof(T).GetConstructor(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic, binder: null, Type.EmptyTypes, modifiers: null) is null;

    /// <summary>Creates a <typeparamref name="T"/> with the factory registered in <paramref name="registry"/>, if any.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T Create(TypeRegistry? registry)
    {
        if (registry is not null && registry.HasFactories && registry.TryGetRegistration(out TypeRegistration<T>? registration))
        {
            return registration.Create();
        }

        return s_isPlainStruct ? default! : Default();
    }

    private static Func<T> Build()
    {
        Type type = typeof(T);
        if (type.IsAbstract || type.IsInterface)
        {
            return static () => throw new InvalidOperationException($"{typeof(T)} is abstract or an interface and cannot be created.");
        }

        ConstructorInfo? ctor = type.GetConstructor(
            BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic, binder: null, Type.EmptyTypes, modifiers: null);
        if (ctor is not null || type.IsValueType)
        {
            NewExpression create = ctor is not null ? Expression.New(ctor) : Expression.New(type);
            return Expression.Lambda<Func<T>>(create).Compile();
        }

        return static () => (T)CreateUninitialized(typeof(T));
    }

    private static object CreateUninitialized(Type type)
    {
#if NET
        return RuntimeHelpers.GetUninitializedObject(type);
#else
        return System.Runtime.Serialization.FormatterServices.GetUninitializedObject(type);
#endif
    }
}

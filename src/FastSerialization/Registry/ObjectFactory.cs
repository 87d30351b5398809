using System;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// How an instance of <typeparamref name="T"/> is made when no factory was registered: the type's own
/// <see cref="IBinaryFactory{TSelf}.CreateNew"/> (emitted by the source generator); otherwise its
/// parameterless constructor (public or not); a struct's default value when it has none; otherwise an
/// uninitialized object, with no constructor run and every field at its default.
/// </summary>
/// <remarks>
/// Trimming and NativeAOT: a generated type makes its instances itself, with neither reflection nor code
/// compiled at run time. For other types, <typeparamref name="T"/> is annotated so that the trimmer keeps
/// its constructors, and no code is generated at run time where the runtime cannot (a constructor is then
/// called through reflection, which NativeAOT supports for the constructors it kept). Where it can, the
/// constructor is compiled to a delegate once, the fastest way to call it repeatedly.
/// </remarks>
internal static class ObjectFactory<[DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>
    where T : ICustomBinarySerializable
{
    public static readonly Func<T> Default = Build();

    /// <summary>True for a struct without a parameterless constructor or factory of its own: its default value is a new one, no delegate needed.</summary>
    public static readonly bool IsPlainStruct =
        typeof(T).IsValueType && !typeof(IBinaryFactory<T>).IsAssignableFrom(typeof(T)) && FindConstructor() is null;

    /// <summary>Creates a <typeparamref name="T"/> the default way: a plain struct needs no call at all.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T CreateDefault() => IsPlainStruct ? default! : Default();

    private static ConstructorInfo? FindConstructor() =>
        typeof(T).GetConstructor(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic, binder: null, Type.EmptyTypes, modifiers: null);

    private static Func<T> Build()
    {
        Type type = typeof(T);
        if (type.IsAbstract || type.IsInterface)
        {
            return static () => throw new InvalidOperationException($"{typeof(T)} is abstract or an interface and cannot be created.");
        }

        if (typeof(IBinaryFactory<T>).IsAssignableFrom(type))
        {
            // The template only carries the type's own factory method; its state is never read.
            var template = (IBinaryFactory<T>)(type.IsValueType ? default(T)! : CreateUninitialized());
            return template.CreateNew;
        }

        ConstructorInfo? ctor = FindConstructor();
        if (ctor is null)
        {
            return type.IsValueType ? static () => default! : static () => (T)CreateUninitialized();
        }

#if NET
        if (!RuntimeFeature.IsDynamicCodeSupported)
        {
            // DoNotWrapExceptions: a constructor's own exception reaches the caller as it would through the delegate.
            return () => (T)ctor.Invoke(BindingFlags.DoNotWrapExceptions, binder: null, parameters: null, culture: null);
        }
#endif

        return System.Linq.Expressions.Expression.Lambda<Func<T>>(System.Linq.Expressions.Expression.New(ctor)).Compile();
    }

    private static object CreateUninitialized()
    {
#if NET
        return RuntimeHelpers.GetUninitializedObject(typeof(T));
#else
        return System.Runtime.Serialization.FormatterServices.GetUninitializedObject(typeof(T));
#endif
    }
}

/// <summary>What <see cref="ObjectFactory{T}"/> needs the trimmer to keep of a type.</summary>
internal static class ObjectFactory
{
    /// <summary>Every constructor: the parameterless one is called, public or not.</summary>
    public const DynamicallyAccessedMemberTypes Constructors =
        DynamicallyAccessedMemberTypes.PublicConstructors | DynamicallyAccessedMemberTypes.NonPublicConstructors;
}

using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// Creates and reads an instance of <typeparamref name="T"/>: through <see cref="IBinaryConstructible{TSelf}.ReadNew"/>
/// when the type implements it (immutable generated types), otherwise by creating one and calling
/// <see cref="ICustomBinarySerializable.SetDataFrom"/>.
/// </summary>
internal static class ObjectReader<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>
    where T : ICustomBinarySerializable
{
    // Everything the nested-object path asks about T lives in this one class: where ReadObject<T> runs as shared
    // code for reference types (not inlined into its caller), each generic static class it touches costs a
    // run-time lookup of that class's statics per call. One class, one lookup.

    /// <summary>True when a value declared as <typeparamref name="T"/> is always exactly a <typeparamref name="T"/> (<see cref="ObjectShape{T}.IsSealed"/>).</summary>
    public static readonly bool IsSealed = ObjectShape<T>.IsSealed;

    /// <summary>A template instance whose <see cref="IBinaryConstructible{TSelf}.ReadNew"/> builds new ones; null for ordinary types.</summary>
    public static readonly IBinaryConstructible<T>? Constructor =
        typeof(IBinaryConstructible<T>).IsAssignableFrom(typeof(T)) ? (IBinaryConstructible<T>)ObjectFactory<T>.Default() : null;

    /// <summary>What makes a new instance (<see cref="ObjectFactory{T}.Default"/>); null for a plain struct, whose new value is its default.</summary>
    private static readonly System.Func<T>? s_create = ObjectFactory<T>.IsPlainStruct ? null : ObjectFactory<T>.Default;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T Read(ref FastBinaryReader reader, TypeRegistry? registry)
    {
        T value = default!;
        ReadInto(ref reader, registry, ref value);
        return value;
    }

    /// <summary>Reads an instance into <paramref name="value"/>: built by <see cref="IBinaryConstructible{TSelf}.ReadNew"/>, or created and filled in place.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void ReadInto(ref FastBinaryReader reader, TypeRegistry? registry, ref T value)
    {
        IBinaryConstructible<T>? constructor = Constructor;
        if (constructor is not null)
        {
            value = constructor.ReadNew(ref reader);
            return;
        }

        Create(registry, ref value);
        value.SetDataFrom(ref reader);
    }

    /// <summary>
    /// Reads a new reference-tracked object numbered <paramref name="number"/>: entered in the reader's table as soon as it
    /// is created, before its members are read; one built through its constructor is entered once built, its slot marked
    /// meanwhile so that a reference to it is refused naming the type.
    /// </summary>
    public static T ReadTracked(ref FastBinaryReader reader, TypeRegistry? registry, int number)
    {
        IBinaryConstructible<T>? constructor = Constructor;
        if (constructor is not null)
        {
            reader.MarkTrackedUnderConstruction(number, typeof(T));
            T built = constructor.ReadNew(ref reader);
            reader.EnterTracked(number, built!);
            return built;
        }

        T value = default!;
        Create(registry, ref value);
        reader.EnterTracked(number, value!);
        value.SetDataFrom(ref reader);
        return value;
    }

    /// <summary>
    /// Sets <paramref name="value"/> to a new instance to read into: the registered factory's if there is one, otherwise
    /// the type's own (<see cref="ObjectFactory{T}.Default"/>; a plain struct is cleared where it is).
    /// </summary>
    // A plain struct is cleared in place rather than returned: a cleared copy loaded back whole right after its
    // stores, then overwritten member by member, stalls on the store buffer once per value.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void Create(TypeRegistry? registry, ref T value)
    {
        if (registry is not null && registry.HasFactories && registry.TryGetRegistration(out TypeRegistration<T>? registration))
        {
            value = registration.Create();
            return;
        }

        CreateWithoutRegistry(ref value);
    }

    /// <summary>Sets <paramref name="value"/> to a new instance made by the type itself (<see cref="ObjectFactory{T}.Default"/>; a plain struct is cleared where it is).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void CreateWithoutRegistry(ref T value)
    {
        System.Func<T>? create = s_create;
        if (create is null)
        {
            value = default!;
        }
        else
        {
            value = create();
        }
    }
}

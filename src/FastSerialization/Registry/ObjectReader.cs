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
    /// <summary>A template instance whose <see cref="IBinaryConstructible{TSelf}.ReadNew"/> builds new ones; null for ordinary types.</summary>
    public static readonly IBinaryConstructible<T>? Constructor =
        typeof(IBinaryConstructible<T>).IsAssignableFrom(typeof(T)) ? (IBinaryConstructible<T>)ObjectFactory<T>.Default() : null;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static T Read(ref FastBinaryReader reader, TypeRegistry? registry)
    {
        IBinaryConstructible<T>? constructor = Constructor;
        if (constructor is not null)
        {
            return constructor.ReadNew(ref reader);
        }

        T value = ObjectFactory<T>.Create(registry);
        value.SetDataFrom(ref reader);
        return value;
    }
}

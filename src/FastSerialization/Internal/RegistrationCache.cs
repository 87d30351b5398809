using System.Runtime.CompilerServices;

namespace FastSerialization.Internal;

/// <summary>
/// Remembers, per static type <typeparamref name="T"/>, the registration that the most recently used
/// formatter holds for it, so the hot path skips the dictionary lookup by <see cref="System.Type"/>.
/// Entries are immutable and swapped whole, so a reader on another thread sees either the old
/// entry or the new one.
/// </summary>
internal static class RegistrationCache<T>
{
    private static Entry? s_last;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TypeRegistration? Get(CustomBinaryFormatter formatter)
    {
        Entry? entry = s_last;
        if (entry is not null && entry.FormatterId == formatter.InstanceId)
        {
            return entry.Registration;
        }

        return Refresh(formatter);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static TypeRegistration? Refresh(CustomBinaryFormatter formatter)
    {
        TypeRegistration? registration = formatter.FindRegistration(typeof(T));
        s_last = new Entry(formatter.InstanceId, registration);
        return registration;
    }

    private sealed class Entry
    {
        public Entry(long formatterId, TypeRegistration? registration)
        {
            FormatterId = formatterId;
            Registration = registration;
        }

        public long FormatterId { get; }

        public TypeRegistration? Registration { get; }
    }
}

/// <summary>Writes a struct's payload through its own <see cref="ICustomBinarySerializable.WriteDataTo"/> without boxing it.</summary>
internal static class StructWriter<T>
{
    public delegate void WriteAction(ref FastBinaryWriter writer, T value);

    public static readonly WriteAction? Write = Build();

    private static WriteAction? Build()
    {
        if (!typeof(T).IsValueType || !typeof(ICustomBinarySerializable).IsAssignableFrom(typeof(T)))
        {
            return null;
        }

        System.Reflection.MethodInfo method = typeof(StructWriter).GetMethod(nameof(StructWriter.WriteStruct))!.MakeGenericMethod(typeof(T));
        return (WriteAction)method.CreateDelegate(typeof(WriteAction));
    }
}

/// <summary>Holds the generic method that <see cref="StructWriter{T}"/> binds to each struct type.</summary>
internal static class StructWriter
{
    public static void WriteStruct<T>(ref FastBinaryWriter writer, T value)
        where T : struct, ICustomBinarySerializable => value.WriteDataTo(ref writer);
}

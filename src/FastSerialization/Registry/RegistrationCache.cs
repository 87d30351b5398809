using System.Runtime.CompilerServices;

namespace FastSerialization;

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

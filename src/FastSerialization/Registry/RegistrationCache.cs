using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// Remembers, per static type <typeparamref name="T"/>, the registration that the most recently used
/// registry holds for it, so the hot path skips the dictionary lookup by <see cref="System.Type"/>.
/// Entries are immutable and swapped whole, so a reader on another thread sees either the old
/// entry or the new one.
/// </summary>
internal static class RegistrationCache<T>
{
    private static Entry? s_last;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static TypeRegistration? Get(TypeRegistry registry)
    {
        Entry? entry = s_last;
        if (entry is not null && entry.RegistryId == registry.InstanceId)
        {
            return entry.Registration;
        }

        return Refresh(registry);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static TypeRegistration? Refresh(TypeRegistry registry)
    {
        TypeRegistration? registration = registry.Find(typeof(T));
        s_last = new Entry(registry.InstanceId, registration);
        return registration;
    }

    private sealed class Entry
    {
        public Entry(long registryId, TypeRegistration? registration)
        {
            RegistryId = registryId;
            Registration = registration;
        }

        public long RegistryId { get; }

        public TypeRegistration? Registration { get; }
    }
}

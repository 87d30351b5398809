using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// The closed set of types a <see cref="CustomBinaryFormatter"/> writes and reads: for each type id, the
/// type it stands for, how an instance is made, and the type's member layout. The writer and reader
/// look nested objects up here; the IPC handshake and file headers describe it to the other side.
/// </summary>
/// <remarks>
/// Every formatter owns one registry, reached through <see cref="CustomBinaryFormatter.Registry"/>; types
/// are added with <see cref="CustomBinaryFormatter.Register{T}(int)"/>. The registry closes on the
/// formatter's first write or read (or <see cref="CustomBinaryFormatter.Freeze"/>), and from then on it
/// never changes and may be read from any thread.
/// </remarks>
public sealed class TypeRegistry
{
    // Ids below this limit are found in a flat array indexed by id; larger ones in a dictionary.
    private const int SmallIdLimit = 4096;

    private readonly object _lock = new();
    private readonly Dictionary<int, TypeRegistration> _byId = new();
    private readonly Dictionary<Type, TypeRegistration> _byType = new();
    private TypeRegistration?[] _byIdSmall = Array.Empty<TypeRegistration?>();
    private TypeTable _byHandle = null!; // built by Freeze, before _frozen is set
    private volatile bool _frozen;

    internal TypeRegistry()
    {
    }

    /// <summary>True once the registry is closed: after the formatter's first write or read, or its <c>Freeze</c>.</summary>
    public bool IsFrozen => _frozen;

    /// <summary>The registered types, ordered by id (a snapshot).</summary>
    /// <returns>One entry per registered type.</returns>
    public IReadOnlyList<TypeRegistration> GetRegistrations()
    {
        lock (_lock)
        {
            var result = new List<TypeRegistration>(_byId.Values);
            result.Sort(static (a, b) => a.Id.CompareTo(b.Id));
            return result;
        }
    }

    /// <summary>Gets the id <paramref name="type"/> is registered under. Closes the registry.</summary>
    /// <param name="type">The type.</param>
    /// <param name="typeId">Its id, or 0.</param>
    /// <returns>True when the type is registered.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="type"/> is null.</exception>
    public bool TryGetTypeId(Type type, out int typeId)
    {
        ArgumentNullException.ThrowIfNull(type);

        // Any Type the caller has (a TypeDelegator, a TypeBuilder) is compared as before, by the dictionary's equality;
        // the table by handle is for the runtime types the formatter itself meets.
        EnsureFrozen();
        TypeRegistration? registration = _byType.TryGetValue(type, out TypeRegistration? found) ? found : null;
        typeId = registration?.Id ?? 0;
        return registration is not null;
    }

    /// <summary>Gets the registration of <paramref name="typeId"/>. Closes the registry.</summary>
    /// <param name="typeId">The id on the wire.</param>
    /// <param name="registration">The type registered under that id, or null.</param>
    /// <returns>True when the id is registered.</returns>
    public bool TryGetRegistration(int typeId, [NotNullWhen(true)] out TypeRegistration? registration)
    {
        EnsureFrozen();
        registration = typeId > 0 ? Find((uint)typeId) : null;
        return registration is not null;
    }

    /// <summary>Adds <typeparamref name="T"/> under <paramref name="typeId"/>, checking the id and the type first.</summary>
    internal void Add<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>(int typeId, Func<T>? factory)
        where T : ICustomBinarySerializable
    {
        Add(new TypeRegistration<T>(CheckId<T>(typeId), factory), hasFactory: factory is not null);
    }

    /// <summary>
    /// True when some type was registered with a factory of its own. Without one, nested objects are made
    /// the default way and the reader skips looking their registration up.
    /// </summary>
    internal bool HasFactories { get; private set; }

    /// <summary>Closes the registry (calling it again does nothing) and builds the flat table of small ids.</summary>
    internal void Freeze()
    {
        if (_frozen)
        {
            return;
        }

        lock (_lock)
        {
            if (_frozen)
            {
                return;
            }

            int maxSmall = -1;
            foreach (int id in _byId.Keys)
            {
                if (id < SmallIdLimit && id > maxSmall)
                {
                    maxSmall = id;
                }
            }

            var small = new TypeRegistration?[maxSmall + 1];
            foreach (KeyValuePair<int, TypeRegistration> pair in _byId)
            {
                if (pair.Key < SmallIdLimit)
                {
                    small[pair.Key] = pair.Value;
                }
            }

            _byIdSmall = small;
            _byHandle = new TypeTable(_byId.Values);
            _frozen = true;
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal void EnsureFrozen()
    {
        if (!_frozen)
        {
            Freeze();
        }
    }

    /// <summary>The registration of exactly <paramref name="type"/>, a runtime type (an object's, or a <c>typeof</c>), or null. Closes the registry.</summary>
    internal TypeRegistration? Find(Type type)
    {
        EnsureFrozen();
        return _byHandle.Find(type.TypeHandle.Value);
    }

    /// <summary>The registration of an id read from the wire, or null. The registry must be frozen.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal TypeRegistration? Find(uint typeId)
    {
        TypeRegistration?[] small = _byIdSmall;
        if (typeId < (uint)small.Length)
        {
            return small[typeId];
        }

        return typeId < SmallIdLimit || typeId > int.MaxValue ? null : FindLargeId((int)typeId);
    }

    /// <summary>The registration of <typeparamref name="T"/> itself, from this registry's table by type. Closes the registry.</summary>
    internal bool TryGetRegistration<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>([NotNullWhen(true)] out TypeRegistration<T>? registration)
        where T : ICustomBinarySerializable
    {
        registration = Find(typeof(T)) as TypeRegistration<T>;
        return registration is not null;
    }

    /// <summary>The registration a record holding <paramref name="value"/> is written with; throws when its runtime type is not registered. Closes the registry.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal TypeRegistration GetForWrite<T>(T value)
    {
        EnsureFrozen();

        // The runtime type's own registration, from this registry's table (a struct's type is known where the code
        // is compiled for it; a class's is read off the object, whatever the static type: object, an interface).
        TypeRegistration? registration = _byHandle.Find(typeof(T).IsValueType ? typeof(T).TypeHandle.Value : value!.GetType().TypeHandle.Value);
        if (registration is null)
        {
            ThrowHelper.ThrowNotRegistered(value!.GetType());
        }

        return registration;
    }

    /// <summary>The registration a record's type id stands for; throws when the id is not registered.</summary>
    /// <param name="typeId">The id read from the record's header.</param>
    /// <param name="offset">Where the id starts in the record, for the message.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal TypeRegistration GetForRecord(uint typeId, int offset)
    {
        TypeRegistration? registration = Find(typeId);
        if (registration is null)
        {
            ThrowHelper.ThrowRecordTypeNotRegistered(typeId, offset);
        }

        return registration;
    }

    /// <summary>The id to write before a polymorphic nested object of runtime type <paramref name="runtimeType"/>.</summary>
    internal int GetTypeIdForWrite(Type runtimeType, Type declaredType)
    {
        TypeRegistration? registration = Find(runtimeType);
        if (registration is null)
        {
            ThrowHelper.ThrowNestedTypeNotRegistered(runtimeType, declaredType);
        }

        return registration.Id;
    }

    /// <summary>Creates and reads the object a polymorphic nested member's type id stands for.</summary>
    internal T ReadPolymorphic<T>(uint typeId, int offset, int recordTypeId, ref FastBinaryReader reader)
        where T : ICustomBinarySerializable =>
        (T)FindPolymorphic<T>(typeId, offset, recordTypeId).ReadBoxed(ref reader);

    /// <summary>Creates and reads the reference-tracked object numbered <paramref name="number"/> that a polymorphic member's type id stands for.</summary>
    internal T ReadPolymorphicTracked<T>(uint typeId, int offset, int recordTypeId, ref FastBinaryReader reader, int number)
        where T : ICustomBinarySerializable =>
        (T)FindPolymorphic<T>(typeId, offset, recordTypeId).ReadBoxedTracked(ref reader, number);

    /// <summary>The registration a polymorphic nested member's type id stands for, which must be a <typeparamref name="T"/>.</summary>
    private TypeRegistration FindPolymorphic<T>(uint typeId, int offset, int recordTypeId)
    {
        TypeRegistration? registration = Find(typeId);
        if (registration is null)
        {
            throw ThrowHelper.Malformed($"a nested {typeof(T)} has type id {typeId}, which is not registered", offset, recordTypeId);
        }

        if (!typeof(T).IsAssignableFrom(registration.Type))
        {
            throw ThrowHelper.Malformed(
                $"a nested {typeof(T)} has type id {typeId}, which stands for {registration.Type}, not a {typeof(T)}", offset, recordTypeId);
        }

        return registration;
    }

    private TypeRegistration? FindLargeId(int typeId) =>
        _byId.TryGetValue(typeId, out TypeRegistration? registration) ? registration : null;

    private static int CheckId<T>(int typeId)
    {
        if (typeId < 1)
        {
            throw new ArgumentOutOfRangeException(
                nameof(typeId), typeId, $"Type ids are 1 to 2^31-1 (0 is reserved); {typeId} was given for {typeof(T)}.");
        }

        if (typeof(T).IsAbstract || typeof(T).IsInterface)
        {
            throw new ArgumentException($"{typeof(T)} is abstract or an interface; register the concrete types that will be written.", nameof(T));
        }

        return typeId;
    }

    private void Add(TypeRegistration registration, bool hasFactory)
    {
        lock (_lock)
        {
            if (_frozen)
            {
                throw new InvalidOperationException(
                    $"Cannot register {registration.Type} (id {registration.Id}): the formatter has already been used or frozen. Register every type before the first write or read.");
            }

            if (_byId.TryGetValue(registration.Id, out TypeRegistration? existingId))
            {
                throw new ArgumentException(
                    existingId.Type == registration.Type
                        ? $"{registration.Type} is already registered with type id {registration.Id}; register each type once."
                        : $"Type id {registration.Id} is already registered for {existingId.Type}; it cannot also stand for {registration.Type}.",
                    "typeId");
            }

            if (_byType.TryGetValue(registration.Type, out TypeRegistration? existingType))
            {
                throw new ArgumentException(
                    $"{registration.Type} is already registered with type id {existingType.Id}; it cannot also have id {registration.Id}.", "T");
            }

            _byId.Add(registration.Id, registration);
            _byType.Add(registration.Type, registration);

            // Under the lock, with the entry: a first use that closes the registry after this sees both or neither.
            if (hasFactory)
            {
                HasFactories = true;
            }
        }
    }
}

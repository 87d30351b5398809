using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Threading;

namespace FastSerialization;

/// <summary>
/// Writes and reads records of registered types: <c>&lt;u32 length&gt;&lt;varuint type id&gt;&lt;payload&gt;</c>,
/// little-endian, as <c>docs/FORMAT.md</c> specifies. Only the types registered with
/// <see cref="Register{T}(int)"/> can be read: no payload can make the formatter create anything else.
/// </summary>
/// <remarks>
/// <para>
/// Register every type first, then use the formatter. The first call that writes or reads (or an
/// explicit <see cref="Freeze"/>) closes the registry; from then on the formatter is safe to use
/// from many threads at once, and each call borrows its buffers from a shared pool, so steady use
/// allocates nothing but the objects it reads.
/// </para>
/// <para>
/// Objects being read are created by the factory given to <see cref="Register{T}(int, Func{T})"/>; or
/// else by the type's parameterless constructor (public or not), compiled to a delegate once; or,
/// for a class without one, as an uninitialized object (no constructor runs, every field starts at
/// its default), the way <c>BinaryFormatter</c> did. A struct without a parameterless constructor
/// starts as its default value.
/// </para>
/// </remarks>
public sealed partial class CustomBinaryFormatter
{
    private const int SmallIdLimit = 4096;
    private static long s_nextInstanceId;

    private readonly object _registrationLock = new();
    private readonly Dictionary<int, TypeRegistration> _byId = new();
    private readonly Dictionary<Type, TypeRegistration> _byType = new();
    private readonly int _maxRecordLength;
    private readonly int _maxDepth;
    private readonly bool _rejectUnreadBytes;
    private readonly CustomBinaryFormatterOptions _options;
    private TypeRegistration?[] _byIdSmall = Array.Empty<TypeRegistration?>();
    private volatile bool _frozen;

    /// <summary>Creates a formatter with the default, safe limits of <see cref="CustomBinaryFormatterOptions"/>.</summary>
    public CustomBinaryFormatter()
        : this(new CustomBinaryFormatterOptions())
    {
    }

    /// <summary>Creates a formatter with the given limits; the options are copied.</summary>
    /// <param name="options">Limits and behaviour.</param>
    /// <exception cref="ArgumentNullException"><paramref name="options"/> is null.</exception>
    public CustomBinaryFormatter(CustomBinaryFormatterOptions options)
    {
        Guard.NotNull(options);
        _options = options.Clone();
        _maxRecordLength = _options.MaxRecordLength;
        _maxDepth = _options.MaxDepth;
        _rejectUnreadBytes = _options.RejectUnreadBytes;
        InstanceId = Interlocked.Increment(ref s_nextInstanceId);
    }

    /// <summary>
    /// A copy of the options this formatter was created with; each call returns a new copy, since
    /// changing options after creation has no effect on the formatter.
    /// </summary>
    public CustomBinaryFormatterOptions Options => _options.Clone();

    /// <summary>True once the registry is closed: after <see cref="Freeze"/> or the first write or read.</summary>
    public bool IsFrozen => _frozen;

    /// <summary>The registered types by id (a snapshot).</summary>
    public IReadOnlyDictionary<int, Type> RegisteredTypes
    {
        get
        {
            lock (_registrationLock)
            {
                var result = new SortedDictionary<int, Type>();
                foreach (KeyValuePair<int, TypeRegistration> pair in _byId)
                {
                    result.Add(pair.Key, pair.Value.Type);
                }

                return result;
            }
        }
    }

    internal long InstanceId { get; }

    internal int MaxDepth => _maxDepth;

    internal int MaxRecordLength => _maxRecordLength;

    internal bool RejectUnreadBytes => _rejectUnreadBytes;

    /// <summary>
    /// Registers <typeparamref name="T"/> under <paramref name="typeId"/>: records of that id read as a
    /// <typeparamref name="T"/>, and a <typeparamref name="T"/> is written with that id.
    /// </summary>
    /// <typeparam name="T">A concrete class or struct that writes and reads itself.</typeparam>
    /// <param name="typeId">The id on the wire: 1 to 2^31-1 (ids below 128 take one byte).</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="typeId"/> is outside 1..2^31-1.</exception>
    /// <exception cref="ArgumentException">The id or the type is already registered, or <typeparamref name="T"/> is abstract.</exception>
    /// <exception cref="InvalidOperationException">The formatter has already been used or frozen.</exception>
    public void Register<T>(int typeId)
        where T : ICustomBinarySerializable => Add(new TypeRegistration<T>(CheckId<T>(typeId), factory: null));

    /// <summary>Registers <typeparamref name="T"/> under <paramref name="typeId"/>, created by <paramref name="factory"/> when read.</summary>
    /// <typeparam name="T">A class or struct that writes and reads itself.</typeparam>
    /// <param name="typeId">The id on the wire: 1 to 2^31-1.</param>
    /// <param name="factory">Makes the instance that <see cref="ICustomBinarySerializable.SetDataFrom"/> then fills; must not return null.</param>
    /// <exception cref="ArgumentNullException"><paramref name="factory"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="typeId"/> is outside 1..2^31-1.</exception>
    /// <exception cref="ArgumentException">The id or the type is already registered, or <typeparamref name="T"/> is abstract.</exception>
    /// <exception cref="InvalidOperationException">The formatter has already been used or frozen.</exception>
    public void Register<T>(int typeId, Func<T> factory)
        where T : ICustomBinarySerializable
    {
        Guard.NotNull(factory);
        Add(new TypeRegistration<T>(CheckId<T>(typeId), factory));
    }

    /// <summary>
    /// Closes the registry: later calls to <c>Register</c> throw <see cref="InvalidOperationException"/>.
    /// The first write or read does this by itself; calling it again does nothing.
    /// </summary>
    public void Freeze()
    {
        if (_frozen)
        {
            return;
        }

        lock (_registrationLock)
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
            _frozen = true;
        }
    }

    /// <summary>Gets the id <paramref name="type"/> is registered under.</summary>
    /// <param name="type">The type.</param>
    /// <param name="typeId">Its id, or 0.</param>
    /// <returns>True when the type is registered.</returns>
    public bool TryGetTypeId(Type type, out int typeId)
    {
        Guard.NotNull(type);
        TypeRegistration? registration = FindRegistration(type);
        typeId = registration?.Id ?? 0;
        return registration is not null;
    }

    internal TypeRegistration? FindRegistration(Type type)
    {
        EnsureFrozen();
        return _byType.TryGetValue(type, out TypeRegistration? registration) ? registration : null;
    }

    internal bool TryGetRegistration<T>([NotNullWhen(true)] out TypeRegistration<T>? registration)
        where T : ICustomBinarySerializable
    {
        registration = RegistrationCache<T>.Get(this) as TypeRegistration<T>;
        return registration is not null;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal TypeRegistration? FindRegistration(uint typeId)
    {
        TypeRegistration?[] small = _byIdSmall;
        if (typeId < (uint)small.Length)
        {
            return small[typeId];
        }

        return typeId < SmallIdLimit || typeId > int.MaxValue ? null : FindLargeId((int)typeId);
    }

    private TypeRegistration? FindLargeId(int typeId) =>
        _byId.TryGetValue(typeId, out TypeRegistration? registration) ? registration : null;

    /// <summary>The id to write before a polymorphic nested object of runtime type <paramref name="runtimeType"/>.</summary>
    internal int GetTypeIdForWrite(Type runtimeType, Type declaredType)
    {
        TypeRegistration? registration = FindRegistration(runtimeType);
        if (registration is null)
        {
            ThrowHelper.ThrowNestedTypeNotRegistered(runtimeType, declaredType);
        }

        return registration.Id;
    }

    /// <summary>Creates and reads the object a polymorphic nested member's type id stands for.</summary>
    internal T ReadForNestedRead<T>(uint typeId, int offset, int recordTypeId, ref FastBinaryReader reader)
        where T : ICustomBinarySerializable
    {
        TypeRegistration? registration = FindRegistration(typeId);
        if (registration is null)
        {
            throw ThrowHelper.Malformed($"a nested {typeof(T)} has type id {typeId}, which is not registered", offset, recordTypeId);
        }

        if (!typeof(T).IsAssignableFrom(registration.Type))
        {
            throw ThrowHelper.Malformed(
                $"a nested {typeof(T)} has type id {typeId}, which stands for {registration.Type}, not a {typeof(T)}", offset, recordTypeId);
        }

        return (T)registration.ReadBoxed(ref reader);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void EnsureFrozen()
    {
        if (!_frozen)
        {
            Freeze();
        }
    }

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

    private void Add(TypeRegistration registration)
    {
        lock (_registrationLock)
        {
            if (_frozen)
            {
                throw new InvalidOperationException(
                    $"Cannot register {registration.Type} (id {registration.Id}): the formatter has already been used or frozen. Register every type before the first write or read.");
            }

            if (_byId.TryGetValue(registration.Id, out TypeRegistration? existingId))
            {
                throw new ArgumentException(
                    $"Type id {registration.Id} is already registered for {existingId.Type}; it cannot also stand for {registration.Type}.", "typeId");
            }

            if (_byType.TryGetValue(registration.Type, out TypeRegistration? existingType))
            {
                throw new ArgumentException(
                    $"{registration.Type} is already registered with type id {existingType.Id}; it cannot also have id {registration.Id}.", "T");
            }

            _byId.Add(registration.Id, registration);
            _byType.Add(registration.Type, registration);
        }
    }
}

using System;
using System.Collections.Generic;

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
    private readonly TypeRegistry _registry = new();
    private readonly int _maxRecordLength;
    private readonly int _maxDepth;
    private readonly CustomBinaryFormatterOptions _options;

    /// <summary>The registry and the limits every record's reader references (made once, not copied per record).</summary>
    private readonly ReaderLimits _readerLimits;

    /// <summary>What <see cref="DeepClone{T}"/> reads its own record back with: this registry and depth, no other limit.</summary>
    private readonly ReaderLimits _cloneReaderLimits;

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
        ArgumentNullException.ThrowIfNull(options);
        _options = options.Clone();
        _maxRecordLength = _options.MaxRecordLength;
        _maxDepth = _options.MaxDepth;
        _readerLimits = new ReaderLimits(
            _registry, _maxDepth, _options.RejectUnreadBytes, _options.MaxAllocationPerInputByte, _options.MaxBigIntegerBytes, _options.MaxTrackedObjects);
        _cloneReaderLimits = new ReaderLimits(
            _registry, _maxDepth, rejectUnreadBytes: false, maxAllocationPerInputByte: int.MaxValue, maxBigIntegerBytes: int.MaxValue, maxTrackedObjects: int.MaxValue);
    }

    /// <summary>
    /// A copy of the options this formatter was created with; each call returns a new copy, since
    /// changing options after creation has no effect on the formatter.
    /// </summary>
    public CustomBinaryFormatterOptions Options => _options.Clone();

    /// <summary>
    /// The types this formatter writes and reads, with their ids and member layouts: what an IPC
    /// handshake or a file header describes to the other side. Types are added with <see cref="Register{T}(int)"/>.
    /// </summary>
    public TypeRegistry Registry => _registry;

    /// <summary>True once the registry is closed: after <see cref="Freeze"/> or the first write or read.</summary>
    public bool IsFrozen => _registry.IsFrozen;

    /// <summary>The registered types by id (a snapshot).</summary>
    public IReadOnlyDictionary<int, Type> RegisteredTypes
    {
        get
        {
            var result = new SortedDictionary<int, Type>();
            foreach (TypeRegistration registration in _registry.GetRegistrations())
            {
                result.Add(registration.Id, registration.Type);
            }

            return result;
        }
    }

    /// <summary>
    /// Registers <typeparamref name="T"/> under <paramref name="typeId"/>: records of that id read as a
    /// <typeparamref name="T"/>, and a <typeparamref name="T"/> is written with that id.
    /// </summary>
    /// <typeparam name="T">A concrete class or struct that writes and reads itself.</typeparam>
    /// <param name="typeId">The id on the wire: 1 to 2^31-1 (ids below 128 take one byte).</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="typeId"/> is outside 1..2^31-1.</exception>
    /// <exception cref="ArgumentException">The id or the type is already registered, or <typeparamref name="T"/> is abstract.</exception>
    /// <exception cref="InvalidOperationException">The formatter has already been used or frozen.</exception>
    public void Register<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>(int typeId)
        where T : ICustomBinarySerializable => _registry.Add<T>(typeId, factory: null);

    /// <summary>Registers <typeparamref name="T"/> under <paramref name="typeId"/>, created by <paramref name="factory"/> when read.</summary>
    /// <typeparam name="T">A class or struct that writes and reads itself.</typeparam>
    /// <param name="typeId">The id on the wire: 1 to 2^31-1.</param>
    /// <param name="factory">Makes the instance that <see cref="ICustomBinarySerializable.SetDataFrom"/> then fills; must not return null.</param>
    /// <exception cref="ArgumentNullException"><paramref name="factory"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="typeId"/> is outside 1..2^31-1.</exception>
    /// <exception cref="ArgumentException">The id or the type is already registered, or <typeparamref name="T"/> is abstract.</exception>
    /// <exception cref="InvalidOperationException">The formatter has already been used or frozen.</exception>
    public void Register<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>(int typeId, Func<T> factory)
        where T : ICustomBinarySerializable
    {
        ArgumentNullException.ThrowIfNull(factory);
        _registry.Add(typeId, factory);
    }

    /// <summary>
    /// Closes the registry: later calls to <c>Register</c> throw <see cref="InvalidOperationException"/>.
    /// The first write or read does this by itself; calling it again does nothing.
    /// </summary>
    public void Freeze() => _registry.Freeze();

    /// <summary>Gets the id <paramref name="type"/> is registered under.</summary>
    /// <param name="type">The type.</param>
    /// <param name="typeId">Its id, or 0.</param>
    /// <returns>True when the type is registered.</returns>
    public bool TryGetTypeId(Type type, out int typeId) => _registry.TryGetTypeId(type, out typeId);
}

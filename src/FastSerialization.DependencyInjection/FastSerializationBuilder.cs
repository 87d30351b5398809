using System;
using System.Collections.Generic;

namespace FastSerialization.DependencyInjection;

/// <summary>
/// Collects the types and options of the container's one <see cref="CustomBinaryFormatter"/>: handed to the
/// callback of <c>services.AddFastSerialization(...)</c>.
/// Nothing is built until the formatter is first resolved; it is then registered and frozen at once.
/// </summary>
public sealed class FastSerializationBuilder
{
    private readonly List<Action<CustomBinaryFormatter>> _registrations = new();
    private readonly List<Action<CustomBinaryFormatterOptions>> _configure = new();

    /// <summary>What <see cref="CustomBinaryFormatter.Register{T}(int)"/> needs kept of a registered type under trimming: its constructors.</summary>
    private const System.Diagnostics.CodeAnalysis.DynamicallyAccessedMemberTypes Constructors =
        System.Diagnostics.CodeAnalysis.DynamicallyAccessedMemberTypes.PublicConstructors | System.Diagnostics.CodeAnalysis.DynamicallyAccessedMemberTypes.NonPublicConstructors;

    internal FastSerializationBuilder()
    {
    }

    /// <summary>Registers <typeparamref name="T"/> under <paramref name="typeId"/>, as <see cref="CustomBinaryFormatter.Register{T}(int)"/> does.</summary>
    /// <typeparam name="T">A type that writes and reads itself (hand-written or generated).</typeparam>
    /// <param name="typeId">Its id on the wire, 1 to 2^31-1, unique in this registry.</param>
    /// <returns>This builder.</returns>
    public FastSerializationBuilder Register<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(Constructors)] T>(int typeId)
        where T : ICustomBinarySerializable
    {
        _registrations.Add(f => f.Register<T>(typeId));
        return this;
    }

    /// <summary>Registers <typeparamref name="T"/> with a factory for new instances, as <see cref="CustomBinaryFormatter.Register{T}(int, Func{T})"/> does.</summary>
    /// <typeparam name="T">A type that writes and reads itself.</typeparam>
    /// <param name="typeId">Its id on the wire.</param>
    /// <param name="factory">Makes the instance a record is read into.</param>
    /// <returns>This builder.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="factory"/> is null.</exception>
    public FastSerializationBuilder Register<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(Constructors)] T>(int typeId, Func<T> factory)
        where T : ICustomBinarySerializable
    {
        ArgumentNullException.ThrowIfNull(factory);

        _registrations.Add(f => f.Register(typeId, factory));
        return this;
    }

    /// <summary>Changes the formatter's options (limits, strict mode) after configuration has set them.</summary>
    /// <param name="configure">Called once on the options before the formatter is built.</param>
    /// <returns>This builder.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="configure"/> is null.</exception>
    public FastSerializationBuilder Configure(Action<CustomBinaryFormatterOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(configure);

        _configure.Add(configure);
        return this;
    }

    /// <summary>Builds the formatter: options (configuration first, then <see cref="Configure"/>), every type, then frozen.</summary>
    internal CustomBinaryFormatter Build(Action<CustomBinaryFormatterOptions>? fromConfiguration)
    {
        var options = new CustomBinaryFormatterOptions();
        fromConfiguration?.Invoke(options);
        foreach (Action<CustomBinaryFormatterOptions> configure in _configure)
        {
            configure(options);
        }

        var formatter = new CustomBinaryFormatter(options);
        foreach (Action<CustomBinaryFormatter> register in _registrations)
        {
            register(formatter);
        }

        formatter.Freeze();
        return formatter;
    }
}

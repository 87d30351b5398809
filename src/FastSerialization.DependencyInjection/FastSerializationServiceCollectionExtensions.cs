using System;
using System.Globalization;
using FastSerialization;
using FastSerialization.DependencyInjection;
using Microsoft.Extensions.Configuration;

// Extension methods on IServiceCollection live in its namespace, as the framework's own do.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds the container's one <see cref="CustomBinaryFormatter"/>.</summary>
public static class FastSerializationServiceCollectionExtensions
{
    /// <summary>
    /// Registers one <see cref="CustomBinaryFormatter"/> as a singleton, with the types <paramref name="build"/>
    /// registers; it is frozen when first resolved, so it is safe to share between threads. The gRPC and caching
    /// adapters resolve it. Calling this twice is an error: a container has one registry.
    /// </summary>
    /// <param name="services">The container.</param>
    /// <param name="build">Registers types (<c>b =&gt; b.Register&lt;Customer&gt;(1)</c>) and options.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">A formatter is already registered.</exception>
    public static IServiceCollection AddFastSerialization(this IServiceCollection services, Action<FastSerializationBuilder> build) =>
        Add(services, configuration: null, build);

    /// <summary>
    /// As <see cref="AddFastSerialization(IServiceCollection, Action{FastSerializationBuilder})"/>, with the options first read
    /// from <paramref name="configuration"/> (for example <c>builder.Configuration.GetSection("FastSerialization")</c>):
    /// the keys <c>MaxRecordLength</c>, <c>MaxDepth</c> (integers) and <c>RejectUnreadBytes</c> (true or false); keys that
    /// are absent keep their defaults. <see cref="FastSerializationBuilder.Configure"/> runs after them.
    /// </summary>
    /// <param name="services">The container.</param>
    /// <param name="configuration">The configuration section holding the options.</param>
    /// <param name="build">Registers types and options.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    /// <exception cref="InvalidOperationException">A formatter is already registered.</exception>
    /// <remarks>A value that is not a number or a boolean fails when the formatter is first resolved, naming the key.</remarks>
    public static IServiceCollection AddFastSerialization(this IServiceCollection services, IConfiguration configuration, Action<FastSerializationBuilder> build)
    {
        ArgumentNullException.ThrowIfNull(configuration);

        return Add(services, configuration, build);
    }

    private static IServiceCollection Add(IServiceCollection services, IConfiguration? configuration, Action<FastSerializationBuilder> build)
    {
        ArgumentNullException.ThrowIfNull(services);

        ArgumentNullException.ThrowIfNull(build);

        foreach (ServiceDescriptor descriptor in services)
        {
            if (descriptor.ServiceType == typeof(CustomBinaryFormatter))
            {
                throw new InvalidOperationException("AddFastSerialization was already called on this container: it holds one formatter, whose registry every adapter shares. Register all types in one call.");
            }
        }

        var builder = new FastSerializationBuilder();
        build(builder);
        services.AddSingleton(_ => builder.Build(configuration is null ? null : options => ReadOptions(configuration, options)));
        return services;
    }

    private static void ReadOptions(IConfiguration configuration, CustomBinaryFormatterOptions options)
    {
        if (ReadInt(configuration, nameof(CustomBinaryFormatterOptions.MaxRecordLength)) is int maxRecordLength)
        {
            options.MaxRecordLength = maxRecordLength;
        }

        if (ReadInt(configuration, nameof(CustomBinaryFormatterOptions.MaxDepth)) is int maxDepth)
        {
            options.MaxDepth = maxDepth;
        }

        string? reject = configuration[nameof(CustomBinaryFormatterOptions.RejectUnreadBytes)];
        if (!string.IsNullOrWhiteSpace(reject))
        {
            options.RejectUnreadBytes = bool.TryParse(reject!.Trim(), out bool value)
                ? value
                : throw new InvalidOperationException($"FastSerialization configuration: RejectUnreadBytes is '{reject}', not true or false.");
        }
    }

    private static int? ReadInt(IConfiguration configuration, string key)
    {
        string? text = configuration[key];
        if (string.IsNullOrWhiteSpace(text))
        {
            return null;
        }

        return int.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out int value)
            ? value
            : throw new InvalidOperationException($"FastSerialization configuration: {key} is '{text}', not an integer.");
    }
}

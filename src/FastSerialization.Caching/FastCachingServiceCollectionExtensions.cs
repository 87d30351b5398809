using System;
using FastSerialization;
using FastSerialization.Caching;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;

// Extension methods on IServiceCollection live in its namespace, as the framework's own do.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Connects the container's formatter (<c>AddFastSerialization</c>) to HybridCache and IDistributedCache.</summary>
public static class FastCachingServiceCollectionExtensions
{
    /// <summary>
    /// Makes HybridCache store every type registered with the container's formatter as a FastSerialization entry
    /// (other types keep HybridCache's default serializer), registers <see cref="FastDistributedCache"/>, and wraps the
    /// container's <see cref="IDistributedCache"/> so that an entry written by another registry or corrupted in the
    /// store reads as missing (logged as <see cref="CacheLog.EntryRejected"/>): HybridCache then runs the factory,
    /// where a failing serializer would have thrown at its caller. Call it after the store's registration (for
    /// example <c>AddStackExchangeRedisCache</c>); <c>AddHybridCache()</c> before or after.
    /// </summary>
    /// <param name="services">The container.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is null.</exception>
    /// <exception cref="InvalidOperationException">No <see cref="IDistributedCache"/> is registered yet.</exception>
    public static IServiceCollection AddFastSerializationCaching(this IServiceCollection services)
    {
        ArgumentNullException.ThrowIfNull(services);

        foreach (ServiceDescriptor descriptor in services)
        {
            if (descriptor.ServiceType == typeof(CacheEntryFormat))
            {
                return services; // already added
            }
        }

        int index = -1;
        for (int i = services.Count - 1; i >= 0; i--)
        {
            if (services[i].ServiceType == typeof(IDistributedCache) && !services[i].IsKeyedService)
            {
                index = i;
                break;
            }
        }

        if (index < 0)
        {
            throw new InvalidOperationException(
                "AddFastSerializationCaching found no IDistributedCache: register the store first (AddStackExchangeRedisCache, AddDistributedMemoryCache, ...), then call AddFastSerializationCaching.");
        }

        ServiceDescriptor store = services[index];
        services[index] = ServiceDescriptor.Singleton<IDistributedCache>(sp =>
        {
            IDistributedCache inner = store.ImplementationInstance as IDistributedCache
                ?? (store.ImplementationFactory is not null
                    ? (IDistributedCache)store.ImplementationFactory(sp)
                    : (IDistributedCache)ActivatorUtilities.CreateInstance(sp, store.ImplementationType!));
            return new FastDistributedCacheGuard(inner, sp.GetRequiredService<CacheEntryFormat>(), Logger(sp));
        });
        services.AddSingleton(sp => new CacheEntryFormat(sp.GetRequiredService<CustomBinaryFormatter>()));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IHybridCacheSerializerFactory, FastHybridCacheSerializerFactory>(
            sp => new FastHybridCacheSerializerFactory(sp.GetRequiredService<CustomBinaryFormatter>(), sp.GetService<ILoggerFactory>())));
        services.TryAddSingleton(sp => new FastDistributedCache(
            sp.GetRequiredService<IDistributedCache>(), sp.GetRequiredService<CustomBinaryFormatter>(), sp.GetService<ILoggerFactory>()));
        return services;
    }

    private static ILogger Logger(IServiceProvider sp) =>
        (ILogger?)sp.GetService<ILoggerFactory>()?.CreateLogger("FastSerialization.Caching") ?? Microsoft.Extensions.Logging.Abstractions.NullLogger.Instance;
}

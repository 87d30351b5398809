using System;
using FastSerialization;
using FastSerialization.Grpc;
using FastSerialization.Grpc.Internal;
using Grpc.AspNetCore.Server.Model;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.DependencyInjection.Extensions;

// Extension methods on IServiceCollection live in its namespace, as the framework's own do.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Adds code-first gRPC services whose messages are FastSerialization records.</summary>
public static class FastGrpcServiceCollectionExtensions
{
    /// <summary>
    /// Declares the methods of <typeparamref name="TService"/> (map it as usual with <c>app.MapGrpcService&lt;TService&gt;()</c>),
    /// using the container's formatter (<c>AddFastSerialization</c>), and checks every call's registry fingerprint before
    /// any message is read. Call <c>services.AddGrpc()</c> too, for gRPC's own options (message size limits, ...).
    /// </summary>
    /// <typeparam name="TService">The service class.</typeparam>
    /// <param name="services">The container.</param>
    /// <param name="bind">Binds each declared method to a handler of the service.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public static IServiceCollection AddFastGrpcService<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(FastSerialization.Grpc.Internal.ServiceMembers.Required)] TService>(this IServiceCollection services, Action<FastGrpcServiceBinder<TService>> bind)
        where TService : class
    {
        ArgumentNullException.ThrowIfNull(services);

        ArgumentNullException.ThrowIfNull(bind);

        var binder = new FastGrpcServiceBinder<TService>();
        bind(binder);

        FastGrpcPaths paths = FindOrAddPaths(services);
        foreach (string path in binder.Paths)
        {
            if (!paths.Paths.Add(path))
            {
                throw new ArgumentException($"{path} is already bound by another FastSerialization service.", nameof(bind));
            }
        }

        services.AddOptions<FastGrpcServerOptions>();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IStartupFilter, RegistryCheckStartupFilter>());
        services.AddSingleton<IServiceMethodProvider<TService>>(sp => new FastGrpcServiceMethodProvider<TService>(binder, sp.GetRequiredService<CustomBinaryFormatter>()));
        return services;
    }

    /// <summary>Sets how the server checks its clients' registries (<see cref="FastGrpcServerOptions"/>).</summary>
    /// <param name="services">The container.</param>
    /// <param name="configure">Changes the options.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public static IServiceCollection ConfigureFastGrpc(this IServiceCollection services, Action<FastGrpcServerOptions> configure)
    {
        ArgumentNullException.ThrowIfNull(services);

        ArgumentNullException.ThrowIfNull(configure);

        services.Configure(configure);
        return services;
    }

    private static FastGrpcPaths FindOrAddPaths(IServiceCollection services)
    {
        foreach (ServiceDescriptor descriptor in services)
        {
            if (descriptor.ServiceType == typeof(FastGrpcPaths) && descriptor.ImplementationInstance is FastGrpcPaths existing)
            {
                return existing;
            }
        }

        var paths = new FastGrpcPaths();
        services.AddSingleton(paths);
        return paths;
    }
}

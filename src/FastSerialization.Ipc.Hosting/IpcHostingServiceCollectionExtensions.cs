using System;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace FastSerialization.Ipc.Hosting;

/// <summary>Adds an <see cref="IpcServer"/> to a host (<see cref="Microsoft.Extensions.Hosting"/>).</summary>
public static class IpcHostingServiceCollectionExtensions
{
    /// <summary>
    /// Runs an <see cref="IpcServer"/> as a hosted service: it listens when the host starts, calls
    /// <paramref name="handleChannel"/> on a task of its own for every client that connects (the channel is
    /// closed when the handler returns or throws, which is logged), and when the host stops it stops
    /// accepting, cancels the handlers' token, waits for them (<see cref="IpcServerHostOptions.HandlerStopTimeout"/>)
    /// and closes every channel. Refused handshakes and failed accepts are logged through <see cref="ILogger"/>.
    /// Call it once per server; several servers may run in one host.
    /// </summary>
    /// <param name="services">The host's services.</param>
    /// <param name="configure">Sets the server's name and settings.</param>
    /// <param name="handleChannel">Serves one client: receives from and sends on its channel until the client closes it or the token (the host stopping) is canceled.</param>
    /// <returns><paramref name="services"/>.</returns>
    /// <remarks>
    /// The formatter is the container's <see cref="CustomBinaryFormatter"/> (the one that
    /// <c>FastSerialization.DependencyInjection</c>'s <c>AddFastSerialization</c> registers, or your own singleton);
    /// starting the host without one fails with an <see cref="InvalidOperationException"/>.
    /// </remarks>
    public static IServiceCollection AddIpcServer(
        this IServiceCollection services, Action<IpcServerHostOptions> configure, Func<IpcChannel, CancellationToken, Task> handleChannel)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configure);
        ArgumentNullException.ThrowIfNull(handleChannel);
        var options = new IpcServerHostOptions();
        configure(options);
        options.Validate();
        services.AddSingleton<IHostedService>(provider => new IpcServerHostedService(
            options,
            handleChannel,
            () => provider.GetService<CustomBinaryFormatter>()
                ?? throw new InvalidOperationException($"The IPC server '{options.Name}' needs a CustomBinaryFormatter in the container: add one with AddFastSerialization (FastSerialization.DependencyInjection) or AddSingleton."),
            (ILogger?)provider.GetService<ILogger<IpcServerHostedService>>() ?? NullLogger.Instance));
        return services;
    }
}

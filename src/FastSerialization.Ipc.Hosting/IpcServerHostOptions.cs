using System;

namespace FastSerialization.Ipc.Hosting;

/// <summary>Settings of an <see cref="IpcServer"/> run as a hosted service (<see cref="IpcHostingServiceCollectionExtensions.AddIpcServer"/>).</summary>
public sealed class IpcServerHostOptions
{
    /// <summary>The server's name, which clients pass to <see cref="IpcChannel.ConnectAsync(string, CustomBinaryFormatter, IpcTransport, IpcChannelOptions?, System.Threading.CancellationToken)"/>. Required.</summary>
    public string Name { get; set; } = "";

    /// <summary>How the server and its clients carry their bytes. Default <see cref="IpcTransport.UnixSocket"/>.</summary>
    public IpcTransport Transport { get; set; } = IpcTransport.UnixSocket;

    /// <summary>The settings of every accepted channel, or null for the defaults.</summary>
    public IpcChannelOptions? ChannelOptions { get; set; }

    /// <summary>How many clients may be in their handshake at once (<see cref="IpcServer.MaxPendingHandshakes"/>): at least 1, or null for the server's default.</summary>
    public int? MaxPendingHandshakes { get; set; }

    /// <summary>
    /// How many channels the server holds at once (<see cref="IpcServer.MaxConcurrentChannels"/>, as Kestrel's
    /// <c>MaxConcurrentConnections</c>): clients beyond it are refused with an error naming the limit. At least 1, or null
    /// for the server's default, a share of the process's limit of open files.
    /// </summary>
    public int? MaxConcurrentChannels { get; set; }

    /// <summary>
    /// How long stopping the host waits for the channels' handlers to return once their token was canceled,
    /// before it closes their channels under them. Default 5 seconds (the host's own shutdown timeout still
    /// bounds the whole stop). Zero or more (up to 49 days), or <see cref="System.Threading.Timeout.InfiniteTimeSpan"/>;
    /// <see cref="IpcHostingServiceCollectionExtensions.AddIpcServer"/> refuses anything else.
    /// </summary>
    public TimeSpan HandlerStopTimeout { get; set; } = TimeSpan.FromSeconds(5);

    internal void Validate()
    {
        if (string.IsNullOrWhiteSpace(Name))
        {
            throw new InvalidOperationException("An IPC server added with AddIpcServer needs a Name (IpcServerHostOptions.Name).");
        }

        if (MaxPendingHandshakes is < 1)
        {
            throw new InvalidOperationException($"The IPC server '{Name}' allows {MaxPendingHandshakes} handshakes at once (IpcServerHostOptions.MaxPendingHandshakes): at least one, or null for the server's default.");
        }

        if (MaxConcurrentChannels is < 1)
        {
            throw new InvalidOperationException($"The IPC server '{Name}' allows {MaxConcurrentChannels} channels at once (IpcServerHostOptions.MaxConcurrentChannels): at least one, or null for the server's default.");
        }

        // What Task.WaitAsync accepts: 0 to about 49 days, or Timeout.InfiniteTimeSpan.
        if (HandlerStopTimeout != System.Threading.Timeout.InfiniteTimeSpan
            && (HandlerStopTimeout < TimeSpan.Zero || HandlerStopTimeout.TotalMilliseconds > uint.MaxValue - 1))
        {
            throw new InvalidOperationException($"The IPC server '{Name}' waits {HandlerStopTimeout} for its handlers when stopping (IpcServerHostOptions.HandlerStopTimeout): zero or more, up to 49 days, or Timeout.InfiniteTimeSpan.");
        }
    }
}

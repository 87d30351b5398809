using System;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.SharedMemory;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// The one place where an <see cref="IpcTransport"/> is checked and turned into a channel over a connected
/// socket, for both ends: the server's accepted connections (<see cref="IpcServer"/>) and the client's
/// (<see cref="IpcChannel.ConnectAsync(string, CustomBinaryFormatter, IpcTransport, IpcChannelOptions?, CancellationToken)"/>).
/// </summary>
internal static class TransportChoice
{
    /// <summary>Refuses a transport that does not exist, or that this platform does not support.</summary>
    /// <exception cref="ArgumentOutOfRangeException">Not a transport.</exception>
    /// <exception cref="PlatformNotSupportedException">Shared memory on Windows.</exception>
    public static void Check(IpcTransport transport)
    {
        if (transport is not (IpcTransport.UnixSocket or IpcTransport.SharedMemory))
        {
            throw new ArgumentOutOfRangeException(nameof(transport), transport, "Unknown transport.");
        }

        if (transport == IpcTransport.SharedMemory && OperatingSystem.IsWindows())
        {
            throw new PlatformNotSupportedException("The shared-memory transport is not supported on Windows yet (its doorbell would be a named pipe); use IpcTransport.UnixSocket, which is a named pipe there.");
        }
    }

    /// <summary>
    /// Opens the channel over a connected Unix socket: shared memory sets up its rings over the socket
    /// (the server creates them, the client maps them), a socket channel reads and writes the socket itself.
    /// The socket is the channel's from then on (closed if opening fails).
    /// </summary>
    public static Task<IpcChannel> OpenAsync(
        Socket socket, IpcTransport transport, bool isServer, string name, CustomBinaryFormatter formatter, IpcChannelOptions? options, CancellationToken cancellationToken)
    {
        if (transport == IpcTransport.SharedMemory && !OperatingSystem.IsWindows())
        {
            return isServer
                ? SharedMemoryTransport.AcceptAsync(socket, name, formatter, options, cancellationToken)
                : SharedMemoryTransport.ConnectAsync(socket, name, formatter, options, cancellationToken);
        }

        return IpcChannel.CreateAsync(new NetworkStream(socket, ownsSocket: true), formatter, options, cancellationToken);
    }
}

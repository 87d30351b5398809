using System;
#if NET
using System.IO.Pipelines;
#endif
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
#if !NETSTANDARD2_0
using FastSerialization.Ipc.SharedMemory;
#endif

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
    /// <exception cref="PlatformNotSupportedException">Shared memory on Windows, or in the netstandard2.0 build.</exception>
    public static void Check(IpcTransport transport)
    {
        if (transport is not (IpcTransport.UnixSocket or IpcTransport.SharedMemory))
        {
            throw new ArgumentOutOfRangeException(nameof(transport), transport, "Unknown transport.");
        }

#if NETSTANDARD2_0
        if (transport == IpcTransport.SharedMemory)
        {
            throw new PlatformNotSupportedException("The netstandard2.0 build (.NET Framework, Mono) has no shared-memory transport; use IpcTransport.UnixSocket, which is a named pipe on Windows. The shared-memory transport comes with the .NET 8 and later builds.");
        }
#endif

        if (transport == IpcTransport.SharedMemory && OperatingSystem.IsWindows())
        {
            throw new PlatformNotSupportedException("The shared-memory transport is not supported on Windows yet (its doorbell would be a named pipe); use IpcTransport.UnixSocket, which is a named pipe there.");
        }
    }

    /// <summary>
    /// Opens the channel over a connected Unix socket: shared memory sets up its rings over the socket
    /// (the server creates them, the client maps them), a socket channel reads and writes the socket itself
    /// (its reader a SocketPipeReader, except in the netstandard2.0 build).
    /// The socket is the channel's from then on (closed if opening fails).
    /// </summary>
    public static Task<IpcChannel> OpenAsync(
        Socket socket, IpcTransport transport, bool isServer, string name, CustomBinaryFormatter formatter, IpcChannelOptions? options, CancellationToken cancellationToken)
    {
#if !NETSTANDARD2_0
        if (transport == IpcTransport.SharedMemory && !OperatingSystem.IsWindows())
        {
            return isServer
                ? SharedMemoryTransport.AcceptAsync(socket, name, formatter, options, cancellationToken)
                : SharedMemoryTransport.ConnectAsync(socket, name, formatter, options, cancellationToken);
        }
#endif

        WidenSendBuffer(socket);
        var stream = new NetworkStream(socket, ownsSocket: true);
#if NETSTANDARD2_0
        return IpcChannel.CreateAsync(stream, formatter, options, cancellationToken);
#else
        // The socket's reader can tell whether bytes arrived and wake a sleeping reader: the default receive
        // strategy lets callers read it on their own thread, with a background reader for what they leave.
        return IpcChannel.CreateAsync(
            new SocketPipeReader(PipeReader.Create(stream, IpcChannel.StreamReading), socket),
            PipeWriter.Create(stream, IpcChannel.StreamWriting),
            formatter,
            options,
            new OwnedStreams(stream),
            cancellationToken);
#endif
    }

    /// <summary>
    /// How many bytes a socket channel may have on the way to its peer before a send waits: the size of a
    /// shared-memory ring. The system's default (about 208 KiB on Linux) made a fast sender wait for room, and its
    /// reader wait for bytes, every few batches, each wait a wake-up through the socket engine's thread; socket
    /// batches ran 6-26% faster with 1 MiB (benchmarks/results/ipc-socket-buffers.md). The system may grant less
    /// (Linux caps it at <c>net.core.wmem_max</c>); the socket then keeps what it grants.
    /// </summary>
    internal const int SocketSendBufferSize = 1024 * 1024;

    /// <summary>Asks for <see cref="SocketSendBufferSize"/>; a platform that refuses the option keeps its default.</summary>
    private static void WidenSendBuffer(Socket socket)
    {
        try
        {
            if (socket.SendBufferSize < SocketSendBufferSize)
            {
                socket.SendBufferSize = SocketSendBufferSize;
            }
        }
        catch (Exception ex) when (ex is SocketException or PlatformNotSupportedException)
        {
            // Not every platform lets a Unix socket's buffer be set; the default works, only slower.
        }
    }
}

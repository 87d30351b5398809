using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipes;
using System.Net.Sockets;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;
using FastSerialization.Ipc.SharedMemory;

namespace FastSerialization.Ipc;

/// <summary>
/// Listens for <see cref="IpcChannel"/> connections under a name, from processes of the same user on
/// the same machine: a Unix domain socket in a private directory on Linux and macOS, a named pipe
/// restricted to the current user on Windows.
/// </summary>
public sealed class IpcServer : IAsyncDisposable
{
    private readonly string _name;
    private readonly CustomBinaryFormatter _formatter;
    private readonly IpcChannelOptions? _options;
    private readonly Socket? _listener;
    private readonly string? _socketPath;
    private readonly IpcTransport _transport;
    private int _disposed;

    private IpcServer(string name, CustomBinaryFormatter formatter, IpcChannelOptions? options, Socket? listener, string? socketPath, IpcTransport transport = IpcTransport.UnixSocket)
    {
        _name = name;
        _transport = transport;
        _formatter = formatter;
        _options = options;
        _listener = listener;
        _socketPath = socketPath;
    }

    /// <summary>Raised when a client connected but its handshake failed (for example, its registry differs); the server keeps listening.</summary>
    public event Action<IpcException>? HandshakeFailed;

    /// <summary>The channel name.</summary>
    public string Name => _name;

    /// <summary>How the accepted channels carry their bytes.</summary>
    public IpcTransport Transport => _transport;

    /// <summary>Where the server listens: the socket path, or the pipe name on Windows.</summary>
    public string Address => _socketPath ?? IpcEndpoint.PipeName(_name);

    /// <summary>
    /// Starts listening under <paramref name="name"/>. A socket left behind by a server that crashed is
    /// replaced; a server that is still running under that name makes this fail.
    /// </summary>
    /// <param name="name">1 to 64 letters, digits, '.', '_' or '-': a name, not a path.</param>
    /// <param name="formatter">The formatter whose registered types the channels carry.</param>
    /// <param name="options">Settings for the accepted channels, or null for the defaults.</param>
    /// <returns>The listening server.</returns>
    /// <exception cref="ArgumentException">The name is not valid.</exception>
    /// <exception cref="IpcException">Another server is listening under that name, or the socket directory is not private.</exception>
    public static IpcServer Listen(string name, CustomBinaryFormatter formatter, IpcChannelOptions? options = null) =>
        Listen(name, formatter, IpcTransport.UnixSocket, options);

    /// <summary>
    /// Starts listening under <paramref name="name"/> with the given transport. With
    /// <see cref="IpcTransport.SharedMemory"/> each accepted channel gets its own pair of rings in a
    /// memory-mapped file; clients must connect with the same transport. Ring files left behind by a
    /// server of this name that crashed are removed.
    /// </summary>
    /// <param name="name">1 to 64 letters, digits, '.', '_' or '-': a name, not a path.</param>
    /// <param name="formatter">The formatter whose registered types the channels carry.</param>
    /// <param name="transport">How the channels carry their bytes.</param>
    /// <param name="options">Settings for the accepted channels, or null for the defaults.</param>
    /// <returns>The listening server.</returns>
    /// <exception cref="ArgumentException">The name is not valid.</exception>
    /// <exception cref="IpcException">Another server is listening under that name, or the socket directory is not private.</exception>
    /// <exception cref="PlatformNotSupportedException">Shared memory on Windows (not supported yet).</exception>
    public static IpcServer Listen(string name, CustomBinaryFormatter formatter, IpcTransport transport, IpcChannelOptions? options = null)
    {
        IpcEndpoint.ValidateName(name);
        ArgumentNullException.ThrowIfNull(formatter);
        if (transport is not (IpcTransport.UnixSocket or IpcTransport.SharedMemory))
        {
            throw new ArgumentOutOfRangeException(nameof(transport), transport, "Unknown transport.");
        }

        if (OperatingSystem.IsWindows())
        {
            if (transport == IpcTransport.SharedMemory)
            {
                throw new PlatformNotSupportedException("The shared-memory transport is not supported on Windows yet (its doorbell would be a named pipe); use IpcTransport.UnixSocket, which is a named pipe there.");
            }

            return new IpcServer(name, formatter, options, listener: null, socketPath: null);
        }

        string path = IpcEndpoint.SocketPath(name, IpcEndpoint.EnsurePrivateDirectory());
        if (transport == IpcTransport.SharedMemory)
        {
            SharedMemoryFile.RemoveStale(name);
        }

        RemoveStaleSocket(path, name);
        var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        try
        {
            listener.Bind(new UnixDomainSocketEndPoint(path));
            File.SetUnixFileMode(path, UnixFileMode.UserRead | UnixFileMode.UserWrite);
            listener.Listen(128);
        }
        catch (SocketException ex)
        {
            listener.Dispose();
            throw new IpcException($"Cannot listen on {path}: {ex.Message}", ex);
        }

        return new IpcServer(name, formatter, options, listener, path, transport);
    }

    /// <summary>Waits for the next client and opens a channel with it (the handshake included).</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcHandshakeException">The client's registry or format version differs.</exception>
    /// <exception cref="IpcException">The client went away during the handshake.</exception>
    public async Task<IpcChannel> AcceptAsync(CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        Stream stream;
        if (_listener is not null)
        {
            Socket socket = await _listener.AcceptAsync(cancellationToken).ConfigureAwait(false);
            if (_transport == IpcTransport.SharedMemory && !OperatingSystem.IsWindows())
            {
                return await SharedMemoryTransport.AcceptAsync(socket, _name, _formatter, _options, cancellationToken).ConfigureAwait(false);
            }

            stream = new NetworkStream(socket, ownsSocket: true);
        }
        else
        {
            stream = await AcceptPipeAsync(cancellationToken).ConfigureAwait(false);
        }

        return await IpcChannel.CreateAsync(stream, _formatter, _options, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Accepts clients until <paramref name="cancellationToken"/> is cancelled or the server is disposed.
    /// A client whose handshake fails is reported through <see cref="HandshakeFailed"/> and skipped.
    /// </summary>
    /// <param name="cancellationToken">Stops accepting.</param>
    /// <returns>The open channels, one per client.</returns>
    public async IAsyncEnumerable<IpcChannel> AcceptAllAsync([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        while (!cancellationToken.IsCancellationRequested && Volatile.Read(ref _disposed) == 0)
        {
            IpcChannel? channel = null;
            try
            {
                channel = await AcceptAsync(cancellationToken).ConfigureAwait(false);
            }
            catch (IpcException ex)
            {
                HandshakeFailed?.Invoke(ex);
            }
            catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
            {
                yield break;
            }
            catch (Exception ex) when ((ex is ObjectDisposedException or SocketException) && Volatile.Read(ref _disposed) != 0)
            {
                yield break;
            }

            if (channel is not null)
            {
                yield return channel;
            }
        }
    }

    /// <summary>Stops listening and removes the socket. Channels already accepted stay open.</summary>
    /// <returns>A completed task.</returns>
    public ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0 && _listener is not null)
        {
            _listener.Dispose();
            try
            {
                File.Delete(_socketPath!);
            }
            catch (IOException)
            {
            }
        }

        return ValueTask.CompletedTask;
    }

    private async Task<Stream> AcceptPipeAsync(CancellationToken cancellationToken)
    {
        if (!OperatingSystem.IsWindows())
        {
            throw new PlatformNotSupportedException("Named pipes are used on Windows only.");
        }

        var pipe = new NamedPipeServerStream(
            IpcEndpoint.PipeName(_name),
            PipeDirection.InOut,
            NamedPipeServerStream.MaxAllowedServerInstances,
            PipeTransmissionMode.Byte,
            System.IO.Pipes.PipeOptions.Asynchronous | System.IO.Pipes.PipeOptions.CurrentUserOnly);
        try
        {
            await pipe.WaitForConnectionAsync(cancellationToken).ConfigureAwait(false);
            return pipe;
        }
        catch
        {
            await pipe.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>Deletes a socket file whose server is gone; fails if a server still answers on it.</summary>
    private static void RemoveStaleSocket(string path, string name)
    {
        if (!File.Exists(path))
        {
            return;
        }

        using (var probe = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified))
        {
            try
            {
                probe.Connect(new UnixDomainSocketEndPoint(path));
                throw new IpcException($"A server is already listening under the name '{name}' ({path}).");
            }
            catch (SocketException)
            {
                // Nobody answers: the socket is a leftover of a server that exited without cleaning up.
            }
        }

        File.Delete(path);
    }
}

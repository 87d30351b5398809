using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipes;
using System.Net.Sockets;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;
#if !NETSTANDARD2_0
using FastSerialization.Ipc.SharedMemory;
#endif

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
    private readonly IDisposable? _nameLock;
    private readonly CancellationTokenSource _disposing = new();
    private int _disposed;
    private int _maxPendingHandshakes = 64;

    private IpcServer(string name, CustomBinaryFormatter formatter, IpcChannelOptions? options, Socket? listener, string? socketPath, IpcTransport transport = IpcTransport.UnixSocket, IDisposable? nameLock = null)
    {
        _nameLock = nameLock;
        _name = name;
        _transport = transport;
        _formatter = formatter;
        _options = options;
        _listener = listener;
        _socketPath = socketPath;
    }

    /// <summary>
    /// Raised when a client connected but its channel could not be opened: its registry or format version
    /// differs, it sent something malformed, its connection broke, or it did not complete the handshake in
    /// time. The failure is that connection's alone; the server keeps listening. Handshakes run side by
    /// side, so handlers may be called from several threads at once: keep them thread-safe. An exception
    /// a handler throws is ignored.
    /// </summary>
    public event Action<IpcException>? HandshakeFailed;

    /// <summary>
    /// Raised by <see cref="AcceptAllAsync"/> when accepting a connection failed (for example, the process ran
    /// out of file descriptors); the server pauses (10 ms, doubling up to one second while failures last)
    /// and tries again. Handlers run on the accept loop's thread; an exception they throw is ignored.
    /// </summary>
    public event Action<Exception>? AcceptFailed;

    /// <summary>
    /// How many connections <see cref="AcceptAllAsync"/> holds at once without the caller having taken them:
    /// in their handshake, or open and waiting to be taken. Further clients wait in the listen backlog (and
    /// their handshake may time out). Default 64. Read when <see cref="AcceptAllAsync"/> starts.
    /// </summary>
    public int MaxPendingHandshakes
    {
        get => _maxPendingHandshakes;
        set => _maxPendingHandshakes = value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "At least one handshake must be allowed.");
    }

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
    /// <exception cref="PlatformNotSupportedException">In the netstandard2.0 build (.NET Framework), on Windows.</exception>
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
    /// <exception cref="PlatformNotSupportedException">
    /// Shared memory on Windows (not supported yet); in the netstandard2.0 build (.NET Framework, Mono), shared memory
    /// anywhere and listening on Windows.
    /// </exception>
    public static IpcServer Listen(string name, CustomBinaryFormatter formatter, IpcTransport transport, IpcChannelOptions? options = null)
    {
        IpcEndpoint.ValidateName(name);
        ArgumentNullException.ThrowIfNull(formatter);
        TransportChoice.Check(transport);
        if (OperatingSystem.IsWindows())
        {
#if NETSTANDARD2_0
            throw new PlatformNotSupportedException("The netstandard2.0 build (.NET Framework) cannot restrict a named pipe to the current user, so it does not listen on Windows; run the server on .NET 8 or later (this build connects to it).");
#else
            return new IpcServer(name, formatter, options, listener: null, socketPath: null);
#endif
        }

        string path = IpcEndpoint.SocketPath(name, IpcEndpoint.EnsurePrivateDirectory());

        // Whoever holds the name's lock alone may replace a stale socket: two servers started at once on
        // one stale socket cannot both delete and bind it (one of them would be unreachable).
        IDisposable nameLock = IpcEndpoint.LockName(path, name);
        Socket? listener = null;
        try
        {
#if !NETSTANDARD2_0
            if (transport == IpcTransport.SharedMemory)
            {
                SharedMemoryFile.RemoveStale(name);
            }
#endif

            RemoveStaleSocket(path, name);
            listener = UnixPlatform.NewSocket();
            UnixPlatform.Bind(listener, path);
            UnixPlatform.SetMode(path, UnixPlatform.OwnerOnlyFile);
            listener.Listen(128);
            return new IpcServer(name, formatter, options, listener, path, transport, nameLock);
        }
        catch (Exception ex)
        {
            listener?.Dispose();
            nameLock.Dispose();
            if (ex is SocketException or IOException or UnauthorizedAccessException)
            {
                throw new IpcException($"Cannot listen on {path}: {ex.Message}", ex);
            }

            throw;
        }
    }

    /// <summary>Waits for the next client and opens a channel with it (the handshake included).</summary>
    /// <param name="cancellationToken">Cancels the wait.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcHandshakeException">The client's registry or format version differs.</exception>
    /// <exception cref="IpcException">The client went away during the handshake, or did not complete it in time.</exception>
    /// <exception cref="ObjectDisposedException">The server is disposed, or was disposed while this call waited for a client.</exception>
    /// <remarks>One client at a time: a client that stays silent holds this call for the handshake timeout. A server for many clients uses <see cref="AcceptAllAsync"/>, which runs their handshakes side by side.</remarks>
    public async Task<IpcChannel> AcceptAsync(CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        object connection;
        try
        {
            connection = await AcceptConnectionAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is SocketException or ObjectDisposedException && Volatile.Read(ref _disposed) != 0)
        {
            // DisposeAsync closed the listener under the accept (ECANCELED / OperationAborted from the socket).
            throw new ObjectDisposedException(nameof(IpcServer), "The server was disposed while accepting.");
        }
        catch (SocketException ex)
        {
            throw new IpcException("Accepting a connection failed: " + ex.Message, ex);
        }

        return await OpenChannelAsync(connection, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Accepts clients until <paramref name="cancellationToken"/> is cancelled or the server is disposed.
    /// Handshakes run side by side, at most <see cref="MaxPendingHandshakes"/> at once, so a client that
    /// stays silent holds up nobody else. Nothing one client does ends the loop: a connection that fails
    /// (its handshake differs, it breaks, it times out) is reported through <see cref="HandshakeFailed"/>
    /// and skipped; a failure to accept (for example, no file descriptors left) is reported through
    /// <see cref="AcceptFailed"/>, and the server tries again after a pause that grows up to one second.
    /// </summary>
    /// <param name="cancellationToken">Stops accepting.</param>
    /// <returns>The open channels, one per client, in the order their handshakes completed.</returns>
    public async IAsyncEnumerable<IpcChannel> AcceptAllAsync([EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);

        // Opened channels wait here for the caller; each holds its handshake's slot until it is taken, so
        // a caller that takes them slowly leaves further clients in the listen backlog, not in memory.
        var opened = System.Threading.Channels.Channel.CreateUnbounded<IpcChannel>(new System.Threading.Channels.UnboundedChannelOptions { SingleReader = true });
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _disposing.Token);
        using var slots = new SemaphoreSlim(_maxPendingHandshakes, _maxPendingHandshakes);
        Task accepting = AcceptLoopAsync(opened.Writer, slots, stop.Token);
        try
        {
            while (true)
            {
                IpcChannel channel;
                try
                {
                    if (!await opened.Reader.WaitToReadAsync(stop.Token).ConfigureAwait(false))
                    {
                        break;
                    }

                    if (!opened.Reader.TryRead(out channel!))
                    {
                        continue;
                    }
                }
                catch (OperationCanceledException) when (stop.IsCancellationRequested)
                {
                    break;
                }

                slots.Release();
                yield return channel;
            }
        }
        finally
        {
            stop.Cancel();
            await accepting.ConfigureAwait(false);

            // Channels whose handshake completed after the caller stopped taking them: nobody will use them.
            while (opened.Reader.TryRead(out IpcChannel? unused))
            {
                await unused.DisposeAsync().ConfigureAwait(false);
            }
        }
    }

    /// <summary>Accepts connections and starts a handshake for each, until stopped or disposed; then waits for the handshakes under way.</summary>
    private async Task AcceptLoopAsync(System.Threading.Channels.ChannelWriter<IpcChannel> opened, SemaphoreSlim slots, CancellationToken stop)
    {
        var pending = new HashSet<Task>();
        var pause = TimeSpan.Zero;
        try
        {
            while (!stop.IsCancellationRequested && Volatile.Read(ref _disposed) == 0)
            {
                await slots.WaitAsync(stop).ConfigureAwait(false);
                object connection;
                try
                {
                    connection = await AcceptConnectionAsync(stop).ConfigureAwait(false);
                    pause = TimeSpan.Zero;
                }
                catch (Exception) when (stop.IsCancellationRequested || Volatile.Read(ref _disposed) != 0)
                {
                    slots.Release();
                    break;
                }
                catch (Exception ex)
                {
                    // Not this server's end: most likely a resource ran out (file descriptors, memory).
                    // Report it, give the process a moment to recover, and go on.
                    slots.Release();
                    Report(AcceptFailed, ex);
                    pause = pause == TimeSpan.Zero ? TimeSpan.FromMilliseconds(10) : TimeSpan.FromTicks(Math.Min(pause.Ticks * 2, TimeSpan.TicksPerSecond));
                    await Task.Delay(pause, stop).ConfigureAwait(false);
                    continue;
                }

                Task handshake = HandshakeOneAsync(connection, opened, slots, stop);
                lock (pending)
                {
                    pending.Add(handshake);
                }

                _ = handshake.ContinueWith(
                    done =>
                    {
                        lock (pending)
                        {
                            pending.Remove(done);
                        }
                    },
                    CancellationToken.None,
                    TaskContinuationOptions.ExecuteSynchronously,
                    TaskScheduler.Default);
            }
        }
        catch (OperationCanceledException) when (stop.IsCancellationRequested)
        {
        }
        finally
        {
            Task[] stillPending;
            lock (pending)
            {
                stillPending = new Task[pending.Count];
                pending.CopyTo(stillPending);
            }

            await Task.WhenAll(stillPending).ConfigureAwait(false); // each one ends promptly: its token is canceled
            opened.TryComplete();
        }
    }

    /// <summary>
    /// One connection's handshake, in the background of the accept loop: its failure is reported and is its
    /// own. Its slot is given back when it fails, or by the caller of <see cref="AcceptAllAsync"/> when it
    /// takes the opened channel.
    /// </summary>
    private async Task HandshakeOneAsync(object connection, System.Threading.Channels.ChannelWriter<IpcChannel> opened, SemaphoreSlim slots, CancellationToken stop)
    {
        try
        {
            IpcChannel channel = await OpenChannelAsync(connection, stop).ConfigureAwait(false);
            if (!opened.TryWrite(channel))
            {
                await channel.DisposeAsync().ConfigureAwait(false); // nobody takes channels any more
            }

            return;
        }
        catch (Exception) when (stop.IsCancellationRequested)
        {
            // The loop stopped: the connection was closed with the handshake.
        }
        catch (Exception ex)
        {
            Report(HandshakeFailed, ex as IpcException ?? new IpcException("A client's connection failed during the handshake: " + ex.Message, ex));
        }

        slots.Release();
    }

    /// <summary>Raises an event; an exception from a handler is not the server's to die of.</summary>
    private static void Report<TException>(Action<TException>? handlers, TException error)
        where TException : Exception
    {
        if (handlers is null)
        {
            return;
        }

        foreach (Action<TException> handler in handlers.GetInvocationList())
        {
            try
            {
                handler(error);
            }
            catch (Exception)
            {
                // A handler's failure must not end the accept loop; it has no one else to go to.
            }
        }
    }

    /// <summary>The next connection: a socket, or a named pipe on Windows.</summary>
    private async Task<object> AcceptConnectionAsync(CancellationToken cancellationToken)
    {
        if (_listener is not null)
        {
            return await UnixPlatform.AcceptAsync(_listener, cancellationToken).ConfigureAwait(false);
        }

        return await AcceptPipeAsync(cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Runs the transport's setup and the channel's handshake over an accepted connection; the connection is closed if they fail.</summary>
    private async Task<IpcChannel> OpenChannelAsync(object connection, CancellationToken cancellationToken)
    {
        if (connection is Socket socket)
        {
            return await TransportChoice.OpenAsync(socket, _transport, isServer: true, _name, _formatter, _options, cancellationToken).ConfigureAwait(false);
        }

        return await IpcChannel.CreateAsync((Stream)connection, _formatter, _options, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Stops listening and removes the socket; <see cref="AcceptAllAsync"/> ends, closing the connections still
    /// in their handshake. Channels already accepted stay open.
    /// </summary>
    /// <returns>A completed task.</returns>
    public ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return ValueTask.CompletedTask;
        }

        _disposing.Cancel(); // ends AcceptAllAsync, with the handshakes it has under way
        if (_listener is not null)
        {
            _listener.Dispose();
            try
            {
                File.Delete(_socketPath!);
            }
            catch (IOException)
            {
            }

            // The lock file stays: deleting it could let two servers lock two different files of one name.
            _nameLock?.Dispose();
        }

        return ValueTask.CompletedTask;
    }

    private async Task<Stream> AcceptPipeAsync(CancellationToken cancellationToken)
    {
#if NETSTANDARD2_0
        await Task.Yield();
        throw new PlatformNotSupportedException("The netstandard2.0 build does not listen on named pipes.");
#else
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
#endif
    }

    /// <summary>Deletes a socket file whose server is gone; fails if a server still answers on it.</summary>
    private static void RemoveStaleSocket(string path, string name)
    {
        if (!File.Exists(path))
        {
            return;
        }

        using (Socket probe = UnixPlatform.NewSocket())
        {
            try
            {
                UnixPlatform.Connect(probe, path);
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

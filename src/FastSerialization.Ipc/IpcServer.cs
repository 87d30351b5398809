using System;
using System.Collections.Generic;
using System.IO;
#if NET
using System.IO.Pipes;
#endif
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
    private int _maxConcurrentChannels;

    /// <summary>How many connections the server holds now: in their setup and handshake, or open channels not yet closed.</summary>
    private int _channels;

    private IpcServer(string name, CustomBinaryFormatter formatter, IpcChannelOptions? options, Socket? listener, string? socketPath, IpcTransport transport = IpcTransport.UnixSocket, IDisposable? nameLock = null)
    {
        _nameLock = nameLock;
        _name = name;
        _transport = transport;
        _formatter = formatter;
        _options = options;
        _listener = listener;
        _socketPath = socketPath;
        _maxConcurrentChannels = DefaultMaxConcurrentChannels(transport, UnixPlatform.OpenFileLimit());
    }

    /// <summary>
    /// Raised when a client connected but its channel could not be opened: its registry or format version
    /// differs, it sent something malformed, its connection broke, it did not complete the handshake in
    /// time, or the server refused it because it already held <see cref="MaxConcurrentChannels"/> channels. The failure is that connection's alone; the server keeps listening. Handshakes run side by
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

    /// <summary>
    /// How many channels the server holds at once (as Kestrel's <c>MaxConcurrentConnections</c>): a client counts from
    /// the moment its connection is accepted (its setup and handshake included) until its channel is disposed (a channel
    /// whose peer went away still holds its descriptors until then). A client beyond the limit is refused: the server tells it so and closes the
    /// connection, the client's <see cref="IpcChannel.ConnectAsync(string, CustomBinaryFormatter, IpcTransport, IpcChannelOptions?, CancellationToken)"/>
    /// fails with an <see cref="IpcException"/> that names this limit, and <see cref="HandshakeFailed"/> reports it here.
    /// Each channel holds file descriptors (a socket; with <see cref="IpcTransport.SharedMemory"/> also its memory file),
    /// and a process out of descriptors may fail anywhere, the runtime included (it may abort the process). The default
    /// is a share of the process's soft limit of open files (<c>getrlimit(RLIMIT_NOFILE)</c>, as <c>ulimit -n</c> shows):
    /// 128 descriptors are left to the runtime, half of the rest to the channels, divided by the descriptors a channel
    /// holds (1 over a socket, 2 over shared memory); the other half stays for the application, the connections being
    /// refused and those waiting in <see cref="MaxPendingHandshakes"/>. For example 448 socket channels, or 224
    /// shared-memory ones, under the usual limit of 1,024; 16 socket channels under a limit of 160. Without such a limit
    /// (Windows, or no limit set) the default is <see cref="int.MaxValue"/>. At least 1; a new value applies from the
    /// next connection.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is less than 1.</exception>
    public int MaxConcurrentChannels
    {
        get => Volatile.Read(ref _maxConcurrentChannels);
        set => Volatile.Write(ref _maxConcurrentChannels, value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "At least one channel must be allowed."));
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
    /// <remarks>
    /// One client at a time: a client that stays silent holds this call for the handshake timeout. A server for many clients uses
    /// <see cref="AcceptAllAsync"/>, which runs their handshakes side by side. A client beyond <see cref="MaxConcurrentChannels"/> is
    /// refused (and reported through <see cref="HandshakeFailed"/>) while this call waits on for the next one.
    /// </remarks>
    public async Task<IpcChannel> AcceptAsync(CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        while (true)
        {
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

            if (!TryCountChannel())
            {
                // Not this caller's concern: the client is told, the event reports it, and the wait goes on.
                await RefuseAsync(connection).ConfigureAwait(false);
                continue;
            }

            return await OpenCountedChannelAsync(connection, cancellationToken).ConfigureAwait(false);
        }
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

                // A refusal holds its slot (and its connection) until the client took it: at most a second or two.
                Task handshake = TryCountChannel()
                    ? HandshakeOneAsync(connection, opened, slots, stop)
                    : RefuseThenReleaseAsync(connection, slots);
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
            IpcChannel channel = await OpenCountedChannelAsync(connection, stop).ConfigureAwait(false);
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

    /// <summary>Refuses a connection (<see cref="RefuseAsync"/>), then gives its slot back.</summary>
    private async Task RefuseThenReleaseAsync(object connection, SemaphoreSlim slots)
    {
        try
        {
            await RefuseAsync(connection).ConfigureAwait(false);
        }
        finally
        {
            slots.Release();
        }
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

    /// <summary>
    /// The descriptors left to the runtime before the channels get their share: a .NET process holds about 70 of them
    /// once it runs (two for each assembly it loaded, its pipes, its socket engine), more as it loads more.
    /// </summary>
    private const ulong RuntimeDescriptors = 128;

    /// <summary>
    /// The default of <see cref="MaxConcurrentChannels"/>: of the soft limit of open files <paramref name="fileLimit"/>
    /// (null: none), less <see cref="RuntimeDescriptors"/>, half for the channels, each holding one descriptor over a
    /// socket and two over shared memory; at least 1.
    /// </summary>
    internal static int DefaultMaxConcurrentChannels(IpcTransport transport, ulong? fileLimit)
    {
        if (fileLimit is not { } limit)
        {
            return int.MaxValue;
        }

        ulong perChannel = transport == IpcTransport.SharedMemory ? 2UL : 1UL;
        ulong channels = limit > RuntimeDescriptors ? (limit - RuntimeDescriptors) / 2 / perChannel : 0;
        return channels < 1 ? 1 : channels > int.MaxValue ? int.MaxValue : (int)channels;
    }

    /// <summary>Counts a connection just accepted as a channel; false (nothing counted) when the server holds <see cref="MaxConcurrentChannels"/> already.</summary>
    private bool TryCountChannel()
    {
        if (Interlocked.Increment(ref _channels) <= MaxConcurrentChannels)
        {
            return true;
        }

        Interlocked.Decrement(ref _channels);
        return false;
    }

    /// <summary>Gives back what <see cref="TryCountChannel"/> counted.</summary>
    private void UncountChannel() => Interlocked.Decrement(ref _channels);

    /// <summary>
    /// Opens the channel of a connection that <see cref="TryCountChannel"/> counted; the count is given back when the
    /// opening fails, or when the channel is closed.
    /// </summary>
    private async Task<IpcChannel> OpenCountedChannelAsync(object connection, CancellationToken cancellationToken)
    {
        IpcChannel channel;
        try
        {
            channel = await OpenChannelAsync(connection, cancellationToken).ConfigureAwait(false);
        }
        catch
        {
            UncountChannel();
            throw;
        }

        _ = channel.Closed.ContinueWith(
            static (_, server) => ((IpcServer)server!).UncountChannel(),
            this,
            CancellationToken.None,
            TaskContinuationOptions.ExecuteSynchronously,
            TaskScheduler.Default);
        return channel;
    }

    /// <summary>
    /// Refuses a connection beyond <see cref="MaxConcurrentChannels"/>: sends a Failure control record (correlation id 0,
    /// docs/FORMAT.md section 8) where the client expects the server's first record, closes the connection, and reports
    /// the refusal through <see cref="HandshakeFailed"/>. Bounded in time: a client that does not read is not waited for.
    /// </summary>
    private async Task RefuseAsync(object connection)
    {
        int limit = MaxConcurrentChannels;
        string message = $"The server '{_name}' refused the connection: it already holds its maximum of {limit} channels (IpcServer.MaxConcurrentChannels). Connect again once a channel has closed, or raise the server's limit.";
        byte[] record = RefusalRecord(message);
        try
        {
            using var timeout = new CancellationTokenSource(RefusalTimeout);
            Socket? socket = connection as Socket;
            Stream stream = socket is null ? (Stream)connection : new NetworkStream(socket, ownsSocket: true);
            connection = stream;
            await stream.WriteAsync(record, 0, record.Length, timeout.Token).ConfigureAwait(false);
            await stream.FlushAsync(timeout.Token).ConfigureAwait(false);
            socket?.Shutdown(SocketShutdown.Send); // the refusal is all the client gets

            // What the client sent (its Hello) is read and dropped until it closes the connection: closing with unread
            // bytes would reset the connection, and the client might see the reset instead of the refusal.
            byte[] drain = new byte[4096];
            while (await stream.ReadAsync(drain, 0, drain.Length, timeout.Token).ConfigureAwait(false) > 0)
            {
            }
        }
        catch (Exception ex) when (ex is SocketException or IOException or OperationCanceledException or ObjectDisposedException)
        {
            // The client is gone, or does not read: it learns of the refusal from the closed connection.
        }
        finally
        {
            if (connection is IDisposable disposable)
            {
                disposable.Dispose();
            }
        }

        Report(HandshakeFailed, new IpcException(message));
    }

    /// <summary>How long a refusal waits for the client to take it and close the connection.</summary>
    private static readonly TimeSpan RefusalTimeout = TimeSpan.FromSeconds(2);

    /// <summary>The refusal as the client reads it: a Failure control record with correlation id 0 and <paramref name="message"/>.</summary>
    private static byte[] RefusalRecord(string message)
    {
        var body = new ByteBufferWriter();
        var writer = new FastBinaryWriter(body);
        writer.WriteVarUInt64(0);
        writer.Write(message);
        writer.Flush();
        var record = new ByteBufferWriter();
        ControlRecord.Write(record, ControlKind.Failure, body.WrittenSpan);
        return record.WrittenSpan.ToArray();
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

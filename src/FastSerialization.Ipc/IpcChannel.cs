using System;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;
#if !NETSTANDARD2_0
using FastSerialization.Ipc.SharedMemory;
#endif

namespace FastSerialization.Ipc;

/// <summary>
/// One end of a two-way channel of records between two processes (or any two ends of a connected
/// stream). Opening a channel exchanges a handshake (format version and registry), so two processes
/// whose registries disagree fail at once instead of misreading each other's records.
/// </summary>
/// <remarks>
/// <para>
/// Sending is safe from several threads; records sent in a burst are coalesced into few writes, and a
/// slow reader slows the sender down instead of growing its memory. Received messages are read with
/// <see cref="ReadAllAsync"/> (or <see cref="ReceiveAsync"/>) by one consumer.
/// </para>
/// <para>
/// Closing a channel with <see cref="DisposeAsync"/> tells the peer, whose reads then end normally.
/// When the peer goes away without closing (its process was killed, the connection broke), reads end
/// with an <see cref="IpcException"/> after every complete record was delivered; a partial record is
/// never delivered.
/// </para>
/// </remarks>
public sealed partial class IpcChannel : IAsyncDisposable
{
    // The parts: the sender writes, the receive strategy reads (through the receive side they share with
    // the request waiters), the lifetime says whether the channel is open. This class wires them together
    // and closes them in order.
    private readonly PipeReader _reader;
    private readonly ChannelSender _sender;
    private readonly IReceiveStrategy _receiver;
    private readonly ChannelLifetime _lifetime;
    private readonly PendingRequests _requests = new();
    private readonly ReceiveQueue _inbox;
    private readonly IAsyncDisposable? _transport;
    private readonly IpcChannelOptions _options;
    private int _transportDisposed;
    private Task? _abort;
    private readonly TaskCompletionSource _closed = new(TaskCreationOptions.RunContinuationsAsynchronously);

    private IpcChannel(PipeReader reader, PipeWriter writer, CustomBinaryFormatter formatter, IpcChannelOptions options, IAsyncDisposable? transport)
    {
        _reader = reader;
        _options = options;
        _transport = transport;
        _lifetime = new ChannelLifetime(AbortAsync);
        _sender = new ChannelSender(writer, formatter, writesToAStream: transport is OwnedStreams, _lifetime);
        _inbox = new ReceiveQueue(options.ReceiveQueueCapacity, options.ReceiveQueueMaxBytes);
        IpcTelemetry.Opened(_inbox);
        // The queue's completion carries the channel's failure, which the application sees through its reads and
        // Completion: observed here, so that it is not reported once more as an unobserved task exception.
        _ = _inbox.Completion.ContinueWith(
            static (done, queue) =>
            {
                _ = done.Exception;
                IpcTelemetry.Closed((ReceiveQueue)queue!);
            },
            _inbox,
            CancellationToken.None,
            TaskContinuationOptions.ExecuteSynchronously,
            TaskScheduler.Default);
        var records = new IncomingRecords(formatter, LargestRecordThrough(transport), _requests);
        var side = new ReceiveSide(this, reader, records, _inbox, _requests, _lifetime, _sender);
        _receiver = ChooseReceiveStrategy(side, reader, options);
    }

    /// <summary>
    /// The one place the receive strategy is chosen: callers only when the options ask for it; over a transport that can
    /// say whether something arrived and wake a sleeping reader (shared memory, a socket: <see cref="IPolledReader"/>),
    /// callers that read on their own thread while they wait and a background reader for the rest; otherwise (pipes,
    /// a stream of the application's) the receive loop.
    /// </summary>
    private static IReceiveStrategy ChooseReceiveStrategy(ReceiveSide side, PipeReader reader, IpcChannelOptions options) =>
        options.ReceiveOnCallingThread ? new CallingThreadReceiveStrategy(side)
        : reader is IPolledReader polled ? new BackgroundReaderReceiveStrategy(side, polled)
        : new ReceiveLoopStrategy(side);

    /// <summary>The writer under the channel (tests reach past the send path with it).</summary>
    internal PipeWriter Writer => _sender.Writer;

#if NETSTANDARD2_0
    /// <summary>Whether the channel runs over shared memory: never in the netstandard2.0 build, which has no such transport.</summary>
    private static bool OverSharedMemory => false;
#else
    /// <summary>The shared-memory transport under the channel, or null (tests play a hostile peer through it).</summary>
    internal SharedMemoryTransport? SharedMemoryRings => _transport as SharedMemoryTransport;

    /// <summary>Whether the channel runs over shared memory.</summary>
    private bool OverSharedMemory => _transport is SharedMemoryTransport;
#endif

    /// <summary>A task that completes when the channel stops receiving: normally when the peer closed it, faulted when it failed.</summary>
    public Task Completion => _receiver.Completion;

    /// <summary>
    /// The settings the channel runs with: a copy of those it was opened with, where every value left to the
    /// machine (null, such as <see cref="IpcChannelOptions.SharedMemorySpinTime"/>) is the one chosen for this
    /// machine and this channel's transport. Changing the copy changes nothing.
    /// </summary>
    public IpcChannelOptions Options => _options.Resolve(OverSharedMemory, Environment.ProcessorCount);

    /// <summary>
    /// Opens a channel over a connected, two-way <paramref name="stream"/> (a socket's, a pipe's, or your
    /// own transport's) and exchanges the handshake. The channel owns the stream from then on.
    /// </summary>
    /// <param name="stream">A connected stream that can read and write.</param>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="options">Channel settings, or null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the handshake.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcHandshakeException">The peer's format version or registry does not match.</exception>
    /// <exception cref="IpcException">The peer closed the connection or did not answer within <see cref="IpcChannelOptions.HandshakeTimeout"/>.</exception>
    public static Task<IpcChannel> CreateAsync(Stream stream, CustomBinaryFormatter formatter, IpcChannelOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(stream);
        return CreateAsync(PipeReader.Create(stream, StreamReading), PipeWriter.Create(stream, StreamWriting), formatter, options, new OwnedStreams(stream), cancellationToken);
    }

    /// <summary>
    /// How a channel reads a stream: up to 256 KiB per read (the default, 4 KiB, took a read, and with a socket a
    /// wake-up of the reading thread, for every hundred small records; 64 KiB still took one for every 1,800
    /// Trades: socket batches ran 7-18% faster with 256 KiB, see benchmarks/results/ipc-socket-buffers.md).
    /// </summary>
    internal static readonly StreamPipeReaderOptions StreamReading = new(bufferSize: 256 * 1024, minimumReadSize: 16 * 1024);

    /// <summary>How a channel writes a stream: in buffers of at least 64 KiB (<see cref="FlushThreshold"/>), so a flush is one write, not one per 4 KiB.</summary>
    internal static readonly StreamPipeWriterOptions StreamWriting = new(minimumBufferSize: FlushThreshold);

    /// <summary>Opens a channel over a <see cref="PipeReader"/> and <see cref="PipeWriter"/> pair and exchanges the handshake.</summary>
    /// <param name="reader">Where the peer's bytes arrive.</param>
    /// <param name="writer">Where this side's bytes go.</param>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="options">Channel settings, or null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the handshake.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcHandshakeException">The peer's format version or registry does not match.</exception>
    /// <exception cref="IpcException">The peer closed the connection or did not answer in time.</exception>
    public static Task<IpcChannel> CreateAsync(PipeReader reader, PipeWriter writer, CustomBinaryFormatter formatter, IpcChannelOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(reader);
        ArgumentNullException.ThrowIfNull(writer);
        return CreateAsync(reader, writer, formatter, options, transport: null, cancellationToken);
    }

    /// <summary>
    /// Opens a channel over a duplex pipe (your own transport's, or one of a library that hands out
    /// <see cref="IDuplexPipe"/>, such as a connection of Kestrel's) and exchanges the handshake.
    /// </summary>
    /// <param name="pipe">Where the peer's bytes arrive (<see cref="IDuplexPipe.Input"/>) and this side's go (<see cref="IDuplexPipe.Output"/>).</param>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="options">Channel settings, or null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the handshake.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcHandshakeException">The peer's format version or registry does not match.</exception>
    /// <exception cref="IpcException">The peer closed the connection or did not answer in time.</exception>
    public static Task<IpcChannel> CreateAsync(IDuplexPipe pipe, CustomBinaryFormatter formatter, IpcChannelOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(pipe);
        return CreateAsync(pipe.Input, pipe.Output, formatter, options, cancellationToken);
    }

    internal static async Task<IpcChannel> CreateAsync(
        PipeReader reader, PipeWriter writer, CustomBinaryFormatter formatter, IpcChannelOptions? options, IAsyncDisposable? transport, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(formatter);
        var channel = new IpcChannel(reader, writer, formatter, options ?? IpcChannelOptions.Default, transport);
        try
        {
            await HandshakeExchange.RunAsync(Handshake.Of(formatter), channel._sender, reader, channel._options.HandshakeTimeout, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex)
        {
            if (ex is IpcHandshakeException)
            {
                IpcTelemetry.HandshakesRefused.Add(1);
            }

            await channel.AbortAsync().ConfigureAwait(false);
            throw;
        }

        channel._receiver.Start();

        // Completion carries the channel's failure, which the application sees through its reads: observed here, as the
        // inbox's is, so that a channel whose peer died is not reported once more as an unobserved task exception.
        _ = channel.Completion.ContinueWith(
            static done => _ = done.Exception,
            CancellationToken.None,
            TaskContinuationOptions.OnlyOnFaulted | TaskContinuationOptions.ExecuteSynchronously,
            TaskScheduler.Default);
        return channel;
    }

    /// <summary>Closes the channel: tells the peer (whose reads then end normally), stops receiving and releases the transport.</summary>
    /// <returns>A task that completes when the channel is closed.</returns>
    public async ValueTask DisposeAsync()
    {
        if (!_lifetime.TryMarkClosed())
        {
            return;
        }

        try
        {
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(5));
            await _sender.SendGoodbyeAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or OperationCanceledException or InvalidOperationException or ObjectDisposedException)
        {
            // The peer is gone or the transport is stuck: there is nobody to tell.
        }

        await AbortAsync().ConfigureAwait(false);
    }

    /// <summary>
    /// Stops everything without telling the peer, in bounded time whatever the peer does: a sender blocked
    /// on a peer that does not read is released with an <see cref="IpcException"/>.
    /// </summary>
    private Task AbortAsync()
    {
        // Once: closing, a failed handshake and a canceled write may each ask for it.
        var mine = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        Task? running = Interlocked.CompareExchange(ref _abort, mine.Task, null);
        if (running is not null)
        {
            return running;
        }

        _ = AbortCoreAsync().ContinueWith(
            static (done, state) =>
            {
                var outcome = (TaskCompletionSource)state!;
                if (done.IsFaulted)
                {
                    outcome.SetException(done.Exception!.InnerExceptions);
                }
                else
                {
                    outcome.SetResult(); // AbortCoreAsync is never canceled
                }
            },
            mine,
            CancellationToken.None,
            TaskContinuationOptions.ExecuteSynchronously,
            TaskScheduler.Default);
        return mine.Task;
    }

    /// <summary>Completes once the channel was closed (disposed, or aborted), whatever closing left behind: an <see cref="IpcServer"/> counts the channel free then.</summary>
    internal Task Closed => _closed.Task;

    private async Task AbortCoreAsync()
    {
        try
        {
            await CloseAsync().ConfigureAwait(false);
        }
        finally
        {
            _closed.TrySetResult();
        }
    }

    private async Task CloseAsync()
    {
        _lifetime.TryMarkClosed();
        _lifetime.CancelClosing();
        _sender.CancelPendingFlush(); // wakes a flush that waits for the peer
        if (_transport is not null && !OverSharedMemory)
        {
            // A stream transport: closing it now fails a write blocked in a full socket or pipe, and leaves
            // nothing for completing the writer to flush into. (The rings of shared memory stay mapped until
            // every sender left them: below.)
            await DisposeTransportAsync().ConfigureAwait(false);
        }

        try
        {
            // Completing flushes what is still buffered, into a transport that may be stuck: not waited for long.
            await _sender.CompleteAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or ObjectDisposedException or OperationCanceledException or TimeoutException or System.Net.Sockets.SocketException or InvalidOperationException)
        {
            // With the peer gone or stuck there is nowhere for the rest to go.
        }

        if (!await _receiver.StopAsync().ConfigureAwait(false))
        {
            // A read is stuck inside the transport (one that ignores cancellation and outlived its stream: a
            // user's stream, an anonymous pipe): leave the reader and transport as they are.
            FinishClosing();
            return;
        }

        await _reader.CompleteAsync().ConfigureAwait(false);
        if (OverSharedMemory)
        {
            // The rings are unmapped with the transport: wait for a sender still inside them (one that
            // passed its closed check before this began, or a flush that is waking up) to leave. A sender
            // that does not leave in time keeps the mapping: a leak, never a write to unmapped memory.
            if (!await _sender.WaitForSendersToLeaveAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false))
            {
                FinishClosing();
                return;
            }
        }

        await DisposeTransportAsync().ConfigureAwait(false);
        FinishClosing();
    }

    /// <summary>The last step of closing: readers get what is queued, then the end; waiting requests fail.</summary>
    private void FinishClosing()
    {
        _inbox.TryComplete();
        _requests.FailAll(new IpcException("The channel was closed."));
    }

    /// <summary>The largest record the transport can ever hold whole: a shared-memory ring's size; no bound for a stream.</summary>
    private static long LargestRecordThrough(IAsyncDisposable? transport)
    {
#if !NETSTANDARD2_0
        if (transport is SharedMemoryTransport rings && !OperatingSystem.IsWindows())
        {
            return rings.File.Capacity;
        }
#endif

        return long.MaxValue;
    }

    /// <summary>Releases the transport once (a stream that flushes on dispose is given five seconds).</summary>
    private async ValueTask DisposeTransportAsync()
    {
        if (_transport is null || Interlocked.Exchange(ref _transportDisposed, 1) != 0)
        {
            return;
        }

        try
        {
            await _transport.DisposeAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or ObjectDisposedException or TimeoutException or System.Net.Sockets.SocketException)
        {
            // A stream that flushes on dispose, to a peer that is gone or does not read.
        }
    }

}

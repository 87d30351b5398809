using System;

namespace FastSerialization.Ipc;

/// <summary>Settings of an <see cref="IpcChannel"/>.</summary>
public sealed class IpcChannelOptions
{
    private TimeSpan _handshakeTimeout = TimeSpan.FromSeconds(10);
    private int _receiveQueueCapacity = 1024;
    private long _receiveQueueMaxBytes = 64L * 1024 * 1024;
    private int _sharedMemoryRingCapacity = 1024 * 1024;
    private TimeSpan? _sharedMemorySpinTime;

    /// <summary>How long opening a channel waits for the peer's handshake. Default 10 seconds.</summary>
    public TimeSpan HandshakeTimeout
    {
        get => _handshakeTimeout;
        set => _handshakeTimeout = value > TimeSpan.Zero ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "The handshake timeout must be positive.");
    }

    /// <summary>
    /// How many received messages wait for the application before the channel stops reading from the
    /// peer (which then stops the peer's sends: back-pressure). Default 1,024. A channel that stopped goes on
    /// reading once the application has taken half of them (or as many bytes as half of
    /// <see cref="ReceiveQueueMaxBytes"/>), so that a burst crosses between the threads in runs rather than
    /// one message at a time.
    /// </summary>
    public int ReceiveQueueCapacity
    {
        get => _receiveQueueCapacity;
        set => _receiveQueueCapacity = value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "The capacity must be at least 1.");
    }

    /// <summary>
    /// How many bytes of received records may wait for the application before the channel stops reading
    /// from the peer (back-pressure, as with <see cref="ReceiveQueueCapacity"/>): whichever bound is reached
    /// first applies. A record larger than the bound is still delivered, alone in the queue. Default 64 MiB.
    /// </summary>
    public long ReceiveQueueMaxBytes
    {
        get => _receiveQueueMaxBytes;
        set => _receiveQueueMaxBytes = value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "The bound must be at least 1 byte.");
    }

    /// <summary>The time <see cref="IpcChannel.RequestAsync{TResponse}(object, System.Threading.CancellationToken)"/> waits for a response when the caller gives none. Default 30 seconds.</summary>
    public TimeSpan DefaultRequestTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// The size in bytes of each of the two rings of a <see cref="IpcTransport.SharedMemory"/> channel
    /// (one per direction): a power of two from 4 KiB to 1 GiB. Default 1 MiB. The server's setting
    /// applies; a record (length prefix included) larger than the ring is refused when it is sent.
    /// </summary>
    public int SharedMemoryRingCapacity
    {
        get => _sharedMemoryRingCapacity;
        set => _sharedMemoryRingCapacity = value is >= 4096 and <= 1 << 30 && (value & (value - 1)) == 0
            ? value
            : throw new ArgumentOutOfRangeException(nameof(value), value, "The ring capacity must be a power of two from 4,096 to 1,073,741,824 bytes.");
    }

    /// <summary>
    /// How long a <see cref="IpcTransport.SharedMemory"/> channel that waits for the peer (for its next
    /// record, or for room in a full ring) spins before it yields its core and then sleeps until the peer
    /// rings (after the spin it yields its core 16 times, then sleeps). From zero to one second, or null
    /// (the default): chosen for the machine when the channel opens, as below. An idle channel sleeps
    /// either way; <see cref="IpcChannel.Options"/> tells what a channel chose.
    /// </summary>
    /// <remarks>
    /// <para>
    /// The spinning thread is the caller that waits (<c>ReceiveAsync</c>, <c>ReadAllAsync</c>, a
    /// <c>RequestAsync</c> waiting for its response), which handles the message the moment it comes: over shared
    /// memory a waiting caller reads the rings itself for the spin time, whatever
    /// <see cref="ReceiveOnCallingThread"/> says (measured on 2 cores: a round-trip median of about 2 us with
    /// 50 us, against 15-25 us when a background loop reads and hands each message over). When the spin ends
    /// with nothing, the caller leaves the waiting to a background reader that sleeps until the peer rings (with
    /// <see cref="ReceiveOnCallingThread"/>, it yields its core, then sleeps itself).
    /// </para>
    /// <para>
    /// Null chooses, from <see cref="Environment.ProcessorCount"/> (the cores this process may use): 50 us on
    /// 2 cores or more, zero on one (a single core never gains from a spin: the peer cannot run meanwhile).
    /// Other transports do not spin.
    /// </para>
    /// </remarks>
    public TimeSpan? SharedMemorySpinTime
    {
        get => _sharedMemorySpinTime;
        set => _sharedMemorySpinTime = value is null || (value >= TimeSpan.Zero && value <= TimeSpan.FromSeconds(1))
            ? value
            : throw new ArgumentOutOfRangeException(nameof(value), value, "The spin time must be from zero to one second, or null to choose it for the machine.");
    }

    /// <summary>The spin time that a null <see cref="SharedMemorySpinTime"/> chooses on a machine of 2 cores or more.</summary>
    internal static readonly TimeSpan AutomaticSpinTime = TimeSpan.FromMicroseconds(50);

    /// <summary>
    /// When true, nothing reads the channel in the background: <see cref="IpcChannel.ReceiveAsync"/>,
    /// <see cref="IpcChannel.ReadAllAsync"/> and a <see cref="IpcChannel.RequestAsync{TResponse}(object, System.Threading.CancellationToken)"/>
    /// waiting for its response read the transport on the calling thread, so that a message reaches its
    /// reader without a hop between threads. Records are then read only while somebody receives or waits for a
    /// response: a peer whose messages nobody reads waits for room (back-pressure), and the end of the
    /// channel (<see cref="IpcChannel.Completion"/>) is seen by the next read. Default false: records are read
    /// as they arrive, whether or not somebody receives.
    /// </summary>
    /// <remarks>
    /// <para>
    /// With the default (false), shared-memory channels and Unix-socket channels (on Linux and macOS, in the
    /// .NET 8 and later builds) get the calling thread's latency without its differences: a caller that waits
    /// reads the transport itself (it polls the rings for up to <see cref="SharedMemorySpinTime"/>; it waits
    /// inside the socket's read), and a background reader, asleep until something arrives, reads whatever no
    /// caller reads and queues it, so <see cref="IpcChannel.Completion"/> completes and up to
    /// <see cref="ReceiveQueueCapacity"/> messages are buffered when nobody receives. Other channels (named
    /// pipes, anonymous pipes, your own stream or pipes, and sockets in the netstandard2.0 build) run a
    /// background loop that reads every record and queues it for the receivers, with the same guarantees.
    /// </para>
    /// <para>
    /// With true, the calling thread also does the waiting: on shared memory it spins for up to
    /// <see cref="SharedMemorySpinTime"/> inside <c>ReceiveAsync</c> or <c>RequestAsync</c> before they return
    /// a task, so keep that spin short (tens of microseconds). A request's timeout and cancellation hold on
    /// every transport; canceling a <c>ReceiveAsync</c> relies on the transport's read honoring the token
    /// (sockets, <see cref="System.IO.Pipelines.Pipe"/> and shared memory do; over a stream whose reads ignore
    /// it the wait ends only when the next record arrives).
    /// </para>
    /// <para>
    /// The only buffer between the two sides is then the transport's own: two processes that each use one
    /// thread both to read and to send large bursts can fill each other's buffer and wait for each other.
    /// Read and send on different tasks, or keep the default, when both sides send a lot.
    /// </para>
    /// </remarks>
    public bool ReceiveOnCallingThread { get; set; }

    internal static IpcChannelOptions Default { get; } = new();

    /// <summary>
    /// A copy of these settings with every automatic value (null) replaced by the one chosen for a channel
    /// over <paramref name="sharedMemory"/> (or another transport) on a machine of
    /// <paramref name="processorCount"/> cores: what <see cref="IpcChannel.Options"/> returns.
    /// </summary>
    internal IpcChannelOptions Resolve(bool sharedMemory, int processorCount)
    {
        var resolved = (IpcChannelOptions)MemberwiseClone();
        resolved._sharedMemorySpinTime = sharedMemory ? SharedMemorySpinTimeOn(processorCount) : TimeSpan.Zero;
        return resolved;
    }

    /// <summary>
    /// The spin of a shared-memory channel of these settings on a machine of <paramref name="processorCount"/>
    /// cores: the one set, or the one that pays on that many cores (see <see cref="SharedMemorySpinTime"/>).
    /// </summary>
    internal TimeSpan SharedMemorySpinTimeOn(int processorCount) => _sharedMemorySpinTime ?? (processorCount >= 2 ? AutomaticSpinTime : TimeSpan.Zero);
}

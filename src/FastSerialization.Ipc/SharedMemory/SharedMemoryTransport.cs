using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Net.Sockets;
using System.Runtime.Versioning;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;

namespace FastSerialization.Ipc.SharedMemory;

/// <summary>
/// What a shared-memory channel owns: the mapped rings and the doorbell socket. Also the setup exchange
/// over the freshly connected socket, before the channel's own handshake runs over the rings.
/// </summary>
/// <remarks>
/// Setup (docs/FORMAT.md, "Shared-memory rings"): the server creates the rings (on Linux a sealed memory file,
/// elsewhere a ring file) and sends a <c>SharedMemorySetup</c> control record (varuint layout version, string path,
/// varuint ring capacity); the client checks and maps the file and answers with its own <c>SharedMemorySetup</c>
/// record (varuint layout version); the server then removes the file's name, where it has one. From then on the socket carries only doorbell
/// bytes, and its end means the peer went away.
/// </remarks>
[UnsupportedOSPlatform("windows")]
internal sealed class SharedMemoryTransport : IAsyncDisposable
{
    private const int SetupMaxLength = 64 * 1024;
    private readonly SharedMemoryFile _file;
    private readonly Doorbell _doorbell;
    private int _disposed;

    private SharedMemoryTransport(SharedMemoryFile file, Doorbell doorbell, Ring incoming, Ring outgoing, TimeSpan spinTime)
    {
        _file = file;
        _doorbell = doorbell;
        Reader = new RingPipeReader(incoming, doorbell, spinTime);
        Writer = new RingPipeWriter(outgoing, doorbell, spinTime);
    }

    public RingPipeReader Reader { get; }

    public RingPipeWriter Writer { get; }

    /// <summary>The mapped rings (tests reach into them to play a hostile peer).</summary>
    internal SharedMemoryFile File => _file;

    /// <summary>The doorbell socket.</summary>
    internal Doorbell Doorbell => _doorbell;

    /// <summary>The ring file's path (its name is removed once both sides mapped it).</summary>
    public string FilePath => _file.Path;

    /// <summary>Server side: creates the rings for the client that connected on <paramref name="socket"/>, then opens the channel.</summary>
    public static async Task<IpcChannel> AcceptAsync(Socket socket, string name, CustomBinaryFormatter formatter, IpcChannelOptions? options, CancellationToken cancellationToken)
    {
        IpcChannelOptions settings = options ?? IpcChannelOptions.Default;
        SharedMemoryTransport transport;
        SharedMemoryFile? file = null;
        try
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(settings.HandshakeTimeout);
            file = SharedMemoryFile.Create(name, settings.SharedMemoryRingCapacity);
            var body = new ArrayBufferWriter<byte>();
            var writer = new FastBinaryWriter(body);
            writer.WriteVarUInt32(SharedMemoryFile.LayoutVersion);
            writer.Write(file.Path);
            writer.WriteVarUInt32((uint)file.Capacity);
            writer.Flush();
            await SendSetupAsync(socket, body.WrittenMemory, timeout.Token).ConfigureAwait(false);
            (ControlKind kind, byte[] answer) = await ReceiveSetupAsync(socket, timeout.Token).ConfigureAwait(false);
            if (kind == ControlKind.Hello)
            {
                throw new IpcHandshakeException($"The client uses the Unix-socket transport; the server '{name}' uses shared memory (IpcTransport.SharedMemory). Both ends must use the same transport.", null);
            }

            if (kind != ControlKind.SharedMemorySetup)
            {
                throw new IpcHandshakeException($"The client answered the shared-memory setup with a {kind} control record.", null);
            }

            var reader = new FastBinaryReader(answer);
            uint version = reader.ReadVarUInt32();
            if (version != SharedMemoryFile.LayoutVersion)
            {
                throw new IpcHandshakeException($"The client maps shared-memory rings of layout version {version}, this server version {SharedMemoryFile.LayoutVersion}.", null);
            }

            file.RemoveFile();
            var doorbell = new Doorbell(socket);
            transport = new SharedMemoryTransport(file, doorbell, incoming: file.ClientToServer, outgoing: file.ServerToClient, settings.SharedMemorySpinTimeOn(Environment.ProcessorCount));
            doorbell.Start();
        }
        catch (Exception ex)
        {
            // The socket first: once the memory file's descriptor is closed, the next channel's may take its number,
            // and a late client could open that. It answers on this socket before it writes into the rings, so with
            // the socket already closed its answer fails and it never touches another channel's memory.
            socket.Dispose();
            file?.Dispose();
            throw Translate(ex, cancellationToken, settings);
        }

        return await IpcChannel.CreateAsync(transport.Reader, transport.Writer, formatter, options, transport, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>Client side: maps the rings the server names on <paramref name="socket"/>, then opens the channel.</summary>
    public static async Task<IpcChannel> ConnectAsync(Socket socket, string name, CustomBinaryFormatter formatter, IpcChannelOptions? options, CancellationToken cancellationToken)
    {
        IpcChannelOptions settings = options ?? IpcChannelOptions.Default;
        SharedMemoryTransport transport;
        SharedMemoryFile? file = null;
        try
        {
            using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            timeout.CancelAfter(settings.HandshakeTimeout);
            (ControlKind kind, byte[] offer) = await ReceiveSetupAsync(socket, timeout.Token).ConfigureAwait(false);
            if (kind == ControlKind.Failure)
            {
                // Refused (IpcServer.MaxConcurrentChannels): varuint64 correlation id 0, then the server's reason.
                var refusal = new FastBinaryReader(offer);
                _ = refusal.ReadVarUInt64();
                throw HandshakeExchange.Refused(refusal.ReadString());
            }

            if (kind == ControlKind.Hello)
            {
                throw new IpcHandshakeException($"The server '{name}' uses the Unix-socket transport; this client asked for shared memory (IpcTransport.SharedMemory). Both ends must use the same transport.", null);
            }

            if (kind != ControlKind.SharedMemorySetup)
            {
                throw new IpcHandshakeException($"The server '{name}' opened with a {kind} control record, not the shared-memory setup.", null);
            }

            var reader = new FastBinaryReader(offer);
            uint version = reader.ReadVarUInt32();
            string path = reader.ReadString() ?? string.Empty;
            uint capacity = reader.ReadVarUInt32();
            if (version != SharedMemoryFile.LayoutVersion || capacity < 4096 || capacity > 1 << 30 || (capacity & (capacity - 1)) != 0)
            {
                throw new IpcHandshakeException($"The server offers shared-memory rings of layout version {version} and {capacity} bytes; this client maps version {SharedMemoryFile.LayoutVersion}, power-of-two capacities.", null);
            }

            file = SharedMemoryFile.Open(path, (int)capacity, OperatingSystem.IsLinux() ? SealedMemory.PeerProcessId(socket) : null);
            var body = new ArrayBufferWriter<byte>();
            var writer = new FastBinaryWriter(body);
            writer.WriteVarUInt32(SharedMemoryFile.LayoutVersion);
            writer.Flush();
            await SendSetupAsync(socket, body.WrittenMemory, timeout.Token).ConfigureAwait(false);
            var doorbell = new Doorbell(socket);
            transport = new SharedMemoryTransport(file, doorbell, incoming: file.ServerToClient, outgoing: file.ClientToServer, settings.SharedMemorySpinTimeOn(Environment.ProcessorCount));
            doorbell.Start();
        }
        catch (Exception ex)
        {
            file?.Dispose();
            socket.Dispose();
            throw Translate(ex, cancellationToken, settings);
        }

        return await IpcChannel.CreateAsync(transport.Reader, transport.Writer, formatter, options, transport, cancellationToken).ConfigureAwait(false);
    }

    public ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            _doorbell.Dispose();
            _file.Dispose();
        }

        return ValueTask.CompletedTask;
    }

    private static Exception Translate(Exception ex, CancellationToken cancellationToken, IpcChannelOptions settings) => ex switch
    {
        OperationCanceledException when !cancellationToken.IsCancellationRequested =>
            new IpcException($"The peer did not complete the shared-memory setup within {settings.HandshakeTimeout}."),
        SocketException => new IpcException("The peer closed the connection during the shared-memory setup: " + ex.Message, ex),
        FastSerializationException => new IpcHandshakeException("The peer's shared-memory setup is malformed: " + ex.Message, null),
        _ => ex,
    };

    private static async Task SendSetupAsync(Socket socket, ReadOnlyMemory<byte> body, CancellationToken cancellationToken)
    {
        var record = new ArrayBufferWriter<byte>();
        ControlRecord.Write(record, ControlKind.SharedMemorySetup, body.Span);
        ReadOnlyMemory<byte> bytes = record.WrittenMemory;
        while (!bytes.IsEmpty)
        {
            int sent = await socket.SendAsync(bytes, SocketFlags.None, cancellationToken).ConfigureAwait(false);
            bytes = bytes.Slice(sent);
        }
    }

    /// <summary>Reads the first control record on the socket: its kind and its body after the kind byte.</summary>
    private static async Task<(ControlKind Kind, byte[] Body)> ReceiveSetupAsync(Socket socket, CancellationToken timeout)
    {
        byte[] header = new byte[6];
        await ReceiveExactlyAsync(socket, header, timeout).ConfigureAwait(false);
        uint length = BinaryPrimitives.ReadUInt32LittleEndian(header);
        if (header[4] != 0 || length < 2 || length > ControlRecord.MaxLength)
        {
            throw new IpcHandshakeException("The peer sent something other than a channel control record: it is not a FastSerialization channel, or it is a different protocol.", null);
        }

        byte[] body = new byte[length - 2];
        await ReceiveExactlyAsync(socket, body, timeout).ConfigureAwait(false);
        var kind = (ControlKind)header[5];
        if (kind == ControlKind.SharedMemorySetup && body.Length > SetupMaxLength)
        {
            throw new IpcHandshakeException($"The peer's shared-memory setup record has {body.Length} bytes.", null);
        }

        return (kind, body);
    }

    private static async Task ReceiveExactlyAsync(Socket socket, Memory<byte> buffer, CancellationToken cancellationToken)
    {
        while (!buffer.IsEmpty)
        {
            int count = await socket.ReceiveAsync(buffer, SocketFlags.None, cancellationToken).ConfigureAwait(false);
            if (count == 0)
            {
                throw new IpcException("The peer closed the connection before completing the shared-memory setup.");
            }

            buffer = buffer.Slice(count);
        }
    }
}

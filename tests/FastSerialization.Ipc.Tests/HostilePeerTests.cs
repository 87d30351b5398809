using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Net.Sockets;
using System.Runtime.Versioning;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;
using FastSerialization.Ipc.SharedMemory;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// A server outlives anything one client does, and a peer cannot corrupt this process's memory or hang
/// it through the rings they share: each test reproduces a defect found by attacking the IPC layer.
/// </summary>
// Unix sockets and shared memory: the Windows transport (named pipes) has no socket files, rings or directories.
[UnsupportedOSPlatform("windows")]
public class HostilePeerTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    /// <summary>A Hello that names type id 1 twice (the bytes an attacker sent).</summary>
    private static readonly byte[] HelloWithADuplicateId = Convert.FromHexString("10000000" + "0001" + "46534950" + "01" + "03" + "01025800" + "01025800");

    /// <summary>Hellos that no FastSerialization process writes, and what the refusal says.</summary>
    public static TheoryData<string, string> HostileHellos => new()
    {
        { "10000000" + "0001" + "46534950" + "01" + "03" + "01025800" + "01025800", "twice" },
        // Type id 2^31, past the largest id: before the registry's description had one reader, this became id -2^31.
        { "10000000" + "0001" + "46534950" + "01" + "02" + "8080808008025800", "past the largest id" },
    };

    /// <summary>Accepts in the background, echoing every channel, and collects what the server reported.</summary>
    private sealed class EchoServer : IAsyncDisposable
    {
        private readonly CancellationTokenSource _stop = new();
        private readonly Task _loop;

        public EchoServer(IpcServer server)
        {
            Server = server;
            server.HandshakeFailed += ex =>
            {
                lock (Failures)
                {
                    Failures.Add(ex);
                }
            };
            _loop = Task.Run(async () =>
            {
                await foreach (IpcChannel channel in server.AcceptAllAsync(_stop.Token))
                {
                    _ = Task.Run(async () =>
                    {
                        await using (channel)
                        {
                            await foreach (object message in channel.ReadAllAsync())
                            {
                                if (message is IpcRequest { Message: Ping ping } request)
                                {
                                    await request.RespondAsync(new Pong { Id = ping.Id });
                                }
                            }
                        }
                    });
                }
            });
        }

        public IpcServer Server { get; }

        public List<IpcException> Failures { get; } = new();

        /// <summary>The accept loop: it must not end while the server runs.</summary>
        public Task Loop => _loop;

        public async ValueTask DisposeAsync()
        {
            _stop.Cancel();
            await Server.DisposeAsync();
            await _loop.WaitAsync(Timeout);
        }
    }

    private static async Task PingAsync(string name, IpcTransport transport, TimeSpan handshakeTimeout)
    {
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), transport, new IpcChannelOptions { HandshakeTimeout = handshakeTimeout });
        (await client.RequestAsync<Pong>(new Ping { Id = 5 }, Timeout)).Id.Should().Be(5);
    }

    private static async Task<Socket> ConnectRawAsync(string address)
    {
        var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        await socket.ConnectAsync(new UnixDomainSocketEndPoint(address));
        return socket;
    }

    // ---- 1. The accept loop survives every client ----

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task AClientThatResetsTheConnectionDuringTheHandshake_DoesNotStopTheServer(IpcTransport transport)
    {
        string name = Names.Unique("reset");
        await using var echo = new EchoServer(IpcServer.Listen(name, Registry.Create(), transport));
        for (int i = 0; i < 3; i++)
        {
            using Socket rude = await ConnectRawAsync(echo.Server.Address);
            await Task.Delay(300); // the server's first record arrives and stays unread
            rude.Close(); // unread data: the kernel resets the connection
        }

        await PingAsync(name, transport, TimeSpan.FromSeconds(20));
        echo.Loop.IsCompleted.Should().BeFalse("the accept loop goes on after a client's failure");
        lock (echo.Failures)
        {
            echo.Failures.Should().NotBeEmpty("each failed connection is reported");
        }
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [MemberData(nameof(HostileHellos))]
    public async Task AHelloThatNamesOneTypeIdTwiceOrAnIdPastTheLargest_IsRefused_AndTheServerGoesOn(string hello, string reason)
    {
        string name = Names.Unique("dup");
        await using var echo = new EchoServer(IpcServer.Listen(name, Registry.Create()));
        using (Socket hostile = await ConnectRawAsync(echo.Server.Address))
        {
            await hostile.SendAsync(Convert.FromHexString(hello), SocketFlags.None);
            var buffer = new byte[4096];
            while (await hostile.ReceiveAsync(buffer, SocketFlags.None) > 0)
            {
                // until the server closes the connection
            }
        }

        await PingAsync(name, IpcTransport.UnixSocket, TimeSpan.FromSeconds(20));
        lock (echo.Failures)
        {
            echo.Failures.Should().ContainSingle().Which.Should().BeOfType<IpcHandshakeException>()
                .Which.Message.Should().Contain(reason);
        }
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AServerWhoseHelloNamesOneTypeIdTwice_FailsConnectWithAHandshakeException()
    {
        string name = Names.Unique("dupsrv");
        string path = IpcEndpoint.SocketPath(name, IpcEndpoint.EnsurePrivateDirectory());
        using var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        listener.Bind(new UnixDomainSocketEndPoint(path));
        listener.Listen(1);
        try
        {
            Task serve = Task.Run(async () =>
            {
                using Socket peer = await listener.AcceptAsync();
                await peer.SendAsync(HelloWithADuplicateId, SocketFlags.None);
                var buffer = new byte[4096];
                while (await peer.ReceiveAsync(buffer, SocketFlags.None) > 0)
                {
                }
            });
            Func<Task> connect = () => IpcChannel.ConnectAsync(name, Registry.Create());
            (await connect.Should().ThrowAsync<IpcHandshakeException>()).Which.Message.Should().Contain("twice");
            await serve.WaitAsync(Timeout);
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task AServerOutOfFileDescriptors_BacksOff_AndServesOnceTheyAreFree(IpcTransport transport)
    {
        string name = Names.Unique("fds");
        using ChildProcess server = ChildProcess.Start(TwoProcessTests.Args(transport, "exhaust-fds", name));
        await WaitForAsync(server, "EXHAUSTED");

        // The server cannot accept this client until it gives its descriptors back, which it does once
        // an accept failed: the loop must report that, wait, and try again.
        try
        {
            await PingAsync(name, transport, TimeSpan.FromSeconds(60));
            server.Output.Should().Contain("ACCEPT-FAILED");
            await PingAsync(name, transport, TimeSpan.FromSeconds(30));
        }
        catch (Exception ex) when (ex is IpcException or TimeoutException)
        {
            throw new InvalidOperationException("the server, out of descriptors, did not serve the client; it printed: " + server.Output, ex);
        }
    }

    // ---- 5. Handshakes run side by side ----

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task SilentConnections_DoNotHoldUpAClientThatTalks(IpcTransport transport)
    {
        string name = Names.Unique("silent");
        var serverOptions = new IpcChannelOptions { HandshakeTimeout = TimeSpan.FromSeconds(60) };
        await using var echo = new EchoServer(IpcServer.Listen(name, Registry.Create(), transport, serverOptions));
        var silent = new List<Socket>();
        try
        {
            for (int i = 0; i < 3; i++)
            {
                silent.Add(await ConnectRawAsync(echo.Server.Address));
            }

            // Queued behind three 60-second handshakes, this client's 10-second handshake would time out.
            await PingAsync(name, transport, TimeSpan.FromSeconds(10));
        }
        finally
        {
            silent.ForEach(s => s.Dispose());
        }
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task PendingHandshakes_AreCapped_AndASlotFreesWhenOneEnds()
    {
        string name = Names.Unique("cap");
        IpcServer server = IpcServer.Listen(name, Registry.Create(), new IpcChannelOptions { HandshakeTimeout = TimeSpan.FromSeconds(60) });
        server.MaxPendingHandshakes = 1;
        await using var echo = new EchoServer(server);
        using (Socket silent = await ConnectRawAsync(server.Address))
        {
            await Task.Delay(200); // the silent connection takes the only slot
            Func<Task> blocked = () => PingAsync(name, IpcTransport.UnixSocket, TimeSpan.FromSeconds(2));
            await blocked.Should().ThrowAsync<IpcException>().WithMessage("*handshake*");
        }

        await PingAsync(name, IpcTransport.UnixSocket, TimeSpan.FromSeconds(30));
        Action zero = () => server.MaxPendingHandshakes = 0;
        zero.Should().Throw<ArgumentOutOfRangeException>();
    }

    // ---- 2. and 3. The rings' indices are the peer's input ----

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AHeadPastTheRing_EndsTheSendersChannel_InsteadOfWritingOutsideTheMapping()
    {
        if (OperatingSystem.IsWindows())
        {
            return; // no shared-memory transport there
        }

        string name = Names.Unique("head");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, new IpcChannelOptions
        {
            SharedMemoryRingCapacity = 4096,
            ReceiveOnCallingThread = true, // nobody here reads: the head stays as written below
        });
        Task<IpcChannel> accept = server.AcceptAsync();
        using ChildProcess producer = ChildProcess.Start("shm-producer", name);
        await using IpcChannel serverSide = await accept.WaitAsync(Timeout);
        await WaitForAsync(producer, "CONNECTED");

        // The head of the ring the child writes into is this side's to write: a hostile consumer says it
        // consumed 2^40 bytes. The child's writer must refuse that rather than copy past the ring.
        Volatile.Write(ref serverSide.SharedMemoryRings!.File.ClientToServer.Head, 1L << 40);
        serverSide.SharedMemoryRings.Doorbell.Ring(Doorbell.SpaceByte); // wakes the producer if the full ring put it to sleep
        int exit = await producer.WaitForExitAsync(Timeout);
        exit.Should().Be(0, "the producer must end with an IpcException, not a crash: " + producer.Output);
        producer.Output.Should().Contain("SEND-FAILED").And.Contain("shared-memory ring");
    }

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData("tail-2c", false)]
    [InlineData("tail-2g", false)]
    [InlineData("tail-max", false)]
    [InlineData("huge-length", false)]
    [InlineData("tail-2c", true)]
    [InlineData("tail-max", true)]
    [InlineData("huge-length", true)]
    public async Task AHostileTail_EndsTheReadersChannel_WithTheDocumentedException(string tampering, bool callingThread)
    {
        string name = Names.Unique("tail");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, new IpcChannelOptions
        {
            SharedMemoryRingCapacity = 64 * 1024,
            ReceiveOnCallingThread = callingThread,
        });
        Task<IpcChannel> accept = server.AcceptAsync();
        using ChildProcess tamperer = ChildProcess.Start("shm-tamper", name, tampering);
        await using IpcChannel serverSide = await accept.WaitAsync(Timeout);
        await serverSide.SendAsync(new Ping { Id = 1 }); // the child tampers once this arrives: after the handshake
        Func<Task> read = async () =>
        {
            using var cts = new CancellationTokenSource(Timeout);
            await foreach (object _ in serverSide.ReadAllAsync(cts.Token))
            {
            }
        };
        (await read.Should().ThrowAsync<Exception>()).Which.Should().Match(e => e is IpcException || e is FastSerializationException, "a hostile ring ends reads with a documented exception: " + tamperer.Output);
        Func<Task> completion = () => serverSide.Completion.WaitAsync(Timeout);
        await completion.Should().ThrowAsync<Exception>();
    }

    // ---- Found in review: what else a peer could do ----

    [Theory(Timeout = TestTimeouts.Test)]
    [InlineData(false)]
    [InlineData(true)]
    public async Task AHelloAfterTheHandshake_EndsTheChannel_InsteadOfWedgingIt(bool callingThread)
    {
        var pipes = DuplexPipes.Create();
        Task<IpcChannel> openA = IpcChannel.CreateAsync(pipes.AReader, pipes.AWriter, Registry.Create());
        Task<IpcChannel> openB = IpcChannel.CreateAsync(pipes.BReader, pipes.BWriter, Registry.Create(), new IpcChannelOptions { ReceiveOnCallingThread = callingThread });
        await using IpcChannel a = await openA;
        await using IpcChannel b = await openB;

        await a.SendAsync(new Ping { Id = 1 });
        await a.FlushAsync();
        await a.Writer.WriteAsync(Convert.FromHexString("0600000000" + "01" + "00000000")); // a Hello with a bad magic
        using var cts = new CancellationTokenSource(Timeout);
        ((Ping)(await b.ReceiveAsync(cts.Token))!).Id.Should().Be(1);
        Func<Task> second = async () => await b.ReceiveAsync(cts.Token);
        await second.Should().ThrowAsync<IpcException>();
        Func<Task> third = async () => await b.ReceiveAsync(cts.Token);
        await third.Should().ThrowAsync<IpcException>("the channel ended: later reads say so at once");
        Func<Task> completion = () => b.Completion.WaitAsync(Timeout);
        await completion.Should().ThrowAsync<IpcException>();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AcceptAll_HoldsNoMoreUntakenChannelsThanTheCap()
    {
        string name = Names.Unique("untaken");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create());
        server.MaxPendingHandshakes = 2;
        using var stop = new CancellationTokenSource();
        await using IAsyncEnumerator<IpcChannel> accepted = server.AcceptAllAsync(stop.Token).GetAsyncEnumerator();
        Task<bool> first = accepted.MoveNextAsync().AsTask();

        // Six clients at once; the caller takes one channel and then none: two more may wait opened.
        var options = new IpcChannelOptions { HandshakeTimeout = TimeSpan.FromSeconds(3) };
        Task<IpcChannel>[] clients = Enumerable.Range(0, 6).Select(_ => IpcChannel.ConnectAsync(name, Registry.Create(), options)).ToArray();
        (await first.WaitAsync(Timeout)).Should().BeTrue();
        await using IpcChannel taken = accepted.Current;
        await Task.WhenAll(clients.Select(c => c.ContinueWith(_ => { }, TaskScheduler.Default))).WaitAsync(Timeout);
        clients.Count(c => c.IsCompletedSuccessfully).Should().BeLessThanOrEqualTo(3, "one taken, and at most MaxPendingHandshakes = 2 opened and waiting");
        clients.Where(c => !c.IsCompletedSuccessfully).Should().OnlyContain(c => c.Exception!.InnerException is IpcException);
        foreach (Task<IpcChannel> client in clients.Where(c => c.IsCompletedSuccessfully))
        {
            await (await client).DisposeAsync();
        }

        stop.Cancel();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task DisposingTheServer_EndsAcceptAll_AndClosesHandshakesUnderWay()
    {
        string name = Names.Unique("stopping");
        IpcServer server = IpcServer.Listen(name, Registry.Create(), new IpcChannelOptions { HandshakeTimeout = TimeSpan.FromSeconds(120) });
        int accepted = 0;
        Task loop = Task.Run(async () =>
        {
            await foreach (IpcChannel channel in server.AcceptAllAsync())
            {
                Interlocked.Increment(ref accepted);
                await channel.DisposeAsync();
            }
        });
        using Socket silent = await ConnectRawAsync(server.Address);
        await Task.Delay(300); // its handshake is under way, waiting for a Hello that never comes
        await server.DisposeAsync();
        await loop.WaitAsync(Timeout); // disposing the server ended AcceptAll, without an error
        accepted.Should().Be(0, "the silent client never completed its handshake");

        var buffer = new byte[4096];
        int read;
        do
        {
            // Whatever the server sent of its Hello, then the end: a connection left open fails here with a TimeoutException.
            read = await silent.ReceiveAsync(buffer, SocketFlags.None).WaitAsync(Timeout);
        }
        while (read > 0);

        Func<Task> connect = () => IpcChannel.ConnectAsync(name, Registry.Create(), new IpcChannelOptions { HandshakeTimeout = TimeSpan.FromSeconds(5) });
        await connect.Should().ThrowAsync<IpcException>("the disposed server no longer listens");
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task RingingAPeerThatNeverReadsItsDoorbell_NeverBlocks()
    {
        string path = Path.Combine(Path.GetTempPath(), Names.Unique("bell") + ".sock");
        using var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        listener.Bind(new UnixDomainSocketEndPoint(path));
        listener.Listen(1);
        try
        {
            using Socket deaf = await ConnectRawAsync(path); // never reads
            using Socket ours = await listener.AcceptAsync();
            using var doorbell = new Doorbell(ours);
            Task ringing = Task.Run(() =>
            {
                for (int i = 0; i < 1_000_000; i++)
                {
                    doorbell.Ring(Doorbell.DataByte); // a blocking send stops for good once the socket's buffers are full
                }
            });
            await ringing.WaitAsync(Timeout); // a million rings returned although nobody reads: none blocked

            // The bells that fit in the socket's buffers are there for the peer when it reads, and are all data bells.
            deaf.Available.Should().BeGreaterThan(0, "the first rings reached the peer");
            var bells = new byte[deaf.Available];
            deaf.Receive(bells).Should().Be(bells.Length);
            bells.Should().OnlyContain(b => b == Doorbell.DataByte);
        }
        finally
        {
            File.Delete(path);
        }
    }

    // ---- Found by the probe of 2026-11-27: the ring memory's size, the ring words before the channel starts, the path ----

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AClientCannotTruncateTheRingsNorSeedTheServersTail_TheServerRefusesItAndGoesOn()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // the rings are sealed memory files on Linux only
        }

        string name = Names.Unique("seal");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, new IpcChannelOptions
        {
            SharedMemoryRingCapacity = 4096,
            HandshakeTimeout = TimeSpan.FromSeconds(5),
        });
        Task<IpcChannel> accept = server.AcceptAsync();
        using (Socket hostile = await ConnectRawAsync(server.Address))
        {
            // The setup record: u32 length, 00, kind 06, then varuint layout version, string path, varuint capacity.
            byte[] header = new byte[6];
            await ReceiveExactlyAsync(hostile, header);
            header[5].Should().Be(6, "the server opens with the shared-memory setup");
            byte[] body = new byte[BinaryPrimitives.ReadUInt32LittleEndian(header) - 2];
            await ReceiveExactlyAsync(hostile, body);
            var reader = new FastBinaryReader(body);
            uint version = reader.ReadVarUInt32();
            string path = reader.ReadString()!;
            long size = SharedMemoryFile.FileSize((int)reader.ReadVarUInt32());
            SealedMemory.IsDescriptorPath(path, out int serverProcess).Should().BeTrue(path);
            serverProcess.Should().Be(SealedMemory.PeerProcessId(hostile), "the path names the process at the other end of the socket");

            using (var file = new FileStream(path, FileMode.Open, FileAccess.ReadWrite, FileShare.ReadWrite))
            {
                // A truncated mapping is SIGBUS at the server's next access, which no exception handler survives.
                Action shrink = () => file.SetLength(0);
                Action grow = () => file.SetLength(size * 2);
                Exception? shrunk = Record(shrink);
                Exception? grown = Record(grow);
                if (shrunk is null || grown is null)
                {
                    file.SetLength(size); // put the size back before failing, or the server would die with this test's process
                }

                shrunk.Should().BeOfType<UnauthorizedAccessException>("the memory is sealed against shrinking (EPERM)");
                grown.Should().BeOfType<UnauthorizedAccessException>("and against growing");
                file.Length.Should().Be(size);

                // The tail and head of the ring the server writes into, set near the end of the positions before the server
                // starts writing: it used to take its start from that tail and index outside its staging buffer.
                using var map = System.IO.MemoryMappedFiles.MemoryMappedFile.CreateFromFile(file, null, size, System.IO.MemoryMappedFiles.MemoryMappedFileAccess.ReadWrite, HandleInheritability.None, leaveOpen: true);
                using var view = map.CreateViewAccessor(0, size);
                view.Write(SharedMemoryFile.FileHeaderSize, long.MaxValue - 1);
                view.Write(SharedMemoryFile.FileHeaderSize + 256, long.MaxValue - 1);
                view.Flush();
            }

            await hostile.SendAsync(new byte[] { 3, 0, 0, 0, 0, 6, (byte)version }, SocketFlags.None);
            Func<Task> accepting = () => accept.WaitAsync(Timeout);
            await accepting.Should().ThrowAsync<IpcException>("a client that tampers with the rings before the channel opens gets the documented exception, never an IndexOutOfRangeException");
        }

        Task<IpcChannel> next = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), IpcTransport.SharedMemory, new IpcChannelOptions { SharedMemoryRingCapacity = 4096 }).WaitAsync(Timeout);
        await using IpcChannel serverSide = await next.WaitAsync(Timeout);
        await client.SendAsync(new Ping { Id = 9 });
        ((Ping)(await serverSide.ReceiveAsync().AsTask().WaitAsync(Timeout))!).Id.Should().Be(9, "the server goes on with the next client");
    }

    [Fact]
    public async Task AClientWhoseSetupTimedOut_CannotReachTheNextChannelsRings_TheServerClosesItsSocketBeforeItsMemoryFile()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // the rings are sealed memory files, named by descriptor number, on Linux only
        }

        // A late client opens /proc/<server>/fd/<n> after the server gave up on it. Once the server closes that
        // descriptor, the next channel's memory file may take the same number; the late client could then map it and
        // write its hello into another client's ring. It cannot when its socket is closed first: it answers the setup
        // on that socket before it writes anything into the rings, and the answer then fails. So the descriptor must
        // never be gone while the late client's socket is still open. The window this guards is short; each round
        // watches the whole of it.
        string name = Names.Unique("late");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), IpcTransport.SharedMemory, new IpcChannelOptions
        {
            SharedMemoryRingCapacity = 4096,
            HandshakeTimeout = TimeSpan.FromMilliseconds(100),
        });
        for (int round = 0; round < 40; round++)
        {
            Task<IpcChannel> accept = server.AcceptAsync();
            using Socket late = await ConnectRawAsync(server.Address);
            byte[] header = new byte[6];
            await ReceiveExactlyAsync(late, header);
            byte[] body = new byte[BinaryPrimitives.ReadUInt32LittleEndian(header) - 2];
            await ReceiveExactlyAsync(late, body);
            var reader = new FastBinaryReader(body);
            reader.ReadVarUInt32();
            string path = reader.ReadString()!;
            SealedMemory.IsDescriptorPath(path, out _).Should().BeTrue(path);
            string memory = new FileInfo(path).LinkTarget!;

            // Watch until the socket is closed: first the descriptor, then the socket, so that a descriptor seen gone
            // with the socket seen open afterwards proves the order wrong.
            var watch = System.Diagnostics.Stopwatch.StartNew();
            while (true)
            {
                bool descriptorGone = new FileInfo(path).LinkTarget != memory;
                bool socketClosed = late.Poll(0, SelectMode.SelectRead) && late.Available == 0;
                if (descriptorGone)
                {
                    socketClosed.Should().BeTrue($"round {round}: the server let go of the memory file while the late client's socket was still open");
                }

                if (socketClosed)
                {
                    break;
                }

                watch.Elapsed.Should().BeLessThan(Timeout, "the server gives up on the setup after its handshake timeout");
            }

            Func<Task> accepting = () => accept.WaitAsync(Timeout);
            await accepting.Should().ThrowAsync<IpcException>("the setup timed out");
            Action answer = () => late.Send(new byte[] { 3, 0, 0, 0, 0, 6, 2 });
            answer.Should().Throw<SocketException>("a late answer on a socket the server closed fails, so the late client never writes into the rings");
        }
    }

    [Fact]
    public void AServerNamingAnythingButASealedMemoryFile_IsRefusedBeforeItIsMapped()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // the rings are sealed memory files on Linux only
        }

        long size = SharedMemoryFile.FileSize(4096);
        string plain = Path.Combine(Path.GetTempPath(), Names.Unique("plain") + ".ring");
        using (var file = new FileStream(plain, FileMode.CreateNew, FileAccess.ReadWrite, FileShare.ReadWrite, 4096, FileOptions.DeleteOnClose))
        {
            file.SetLength(size);

            // A regular file, even through a descriptor path: its size can change under the mapping.
            string descriptor = $"/proc/{Environment.ProcessId}/fd/{file.SafeFileHandle.DangerousGetHandle()}";
            Action throughDescriptor = () => SharedMemoryFile.Open(descriptor, 4096).Dispose();
            throughDescriptor.Should().Throw<IpcException>().WithMessage("*not a memory file sealed against shrinking and growing*");

            Action byName = () => SharedMemoryFile.Open(plain, 4096).Dispose();
            byName.Should().Throw<IpcException>().WithMessage("*not the /proc/<pid>/fd/<n> path of a sealed memory file*");
        }

        // A memory file the server forgot to seal.
        using (FileStream unsealed = SealedMemory.Create("unsealed", size, seal: false))
        {
            string unsealedPath = SealedMemory.PathOf(unsealed.SafeFileHandle);
            Action open = () => SharedMemoryFile.Open(unsealedPath, 4096).Dispose();
            open.Should().Throw<IpcException>().WithMessage("*not a memory file sealed*");
        }

        // A sealed memory file of another process than the server the socket leads to (SO_PEERCRED).
        using (FileStream sealedFile = SealedMemory.Create("elsewhere", size))
        {
            string sealedPath = SealedMemory.PathOf(sealedFile.SafeFileHandle);
            Action elsewhere = () => SharedMemoryFile.Open(sealedPath, 4096, serverProcessId: Environment.ProcessId + 1).Dispose();
            elsewhere.Should().Throw<IpcException>().WithMessage($"*a descriptor of process {Environment.ProcessId}, but the server is process {Environment.ProcessId + 1}*");
            Action hidden = () => SharedMemoryFile.Open(sealedPath, 4096, serverProcessId: 0).Dispose();
            hidden.Should().Throw<IpcException>().WithMessage("*another PID namespace*");
        }

        foreach (string path in new[] { "/proc/1/fd/../../etc/passwd", "/proc/1/fd/3\0", "/proc//fd/3", "/proc/1/fd/", "/dev/shm/x.ring", "/proc/1/fd/3\0.ring" })
        {
            Action open = () => SharedMemoryFile.Open(path, 4096).Dispose();
            open.Should().Throw<IpcException>().WithMessage("*not the /proc/<pid>/fd/<n> path*", path);
        }
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task AChannelThatFails_LeavesNoFaultedTaskUnobserved_OnceTheApplicationObservedItsFailure()
    {
        var unobserved = new List<Exception>();
        void OnUnobserved(object? sender, UnobservedTaskExceptionEventArgs e)
        {
            lock (unobserved)
            {
                unobserved.AddRange(e.Exception.InnerExceptions);
            }
        }

        Exception? caught = null;
        TaskScheduler.UnobservedTaskException += OnUnobserved;
        try
        {
            caught = await FailOneChannelAsync();
            for (int i = 0; i < 3; i++)
            {
                GC.Collect();
                GC.WaitForPendingFinalizers();
            }
        }
        finally
        {
            TaskScheduler.UnobservedTaskException -= OnUnobserved;
        }

        caught.Should().BeOfType<FastSerializationException>();
        lock (unobserved)
        {
            // Other tests run beside this one: only a report of this channel's own failure counts.
            unobserved.Should().NotContain(e => ReferenceEquals(e, caught), "the application saw the failure through ReadAllAsync and Completion; nothing should report it again as unobserved");
        }
    }

    /// <summary>A channel whose peer sends a record length past the limit after the handshake; returns what ReadAllAsync threw, with Completion observed too.</summary>
    private static async Task<Exception?> FailOneChannelAsync()
    {
        var toA = new System.IO.Pipelines.Pipe();
        var toB = new System.IO.Pipelines.Pipe();
        Task<IpcChannel> openA = IpcChannel.CreateAsync(toA.Reader, toB.Writer, Registry.Create());
        Task<IpcChannel> openB = IpcChannel.CreateAsync(toB.Reader, toA.Writer, Registry.Create());
        await using IpcChannel a = await openA.WaitAsync(Timeout);
        await using IpcChannel b = await openB.WaitAsync(Timeout);
        await toA.Writer.WriteAsync(new byte[] { 0xFF, 0xFF, 0xFF, 0x7F, 0x01 }); // B is idle: its writer is free
        Exception? caught = null;
        try
        {
            await foreach (object unused in a.ReadAllAsync(new CancellationTokenSource(Timeout).Token))
            {
            }
        }
        catch (FastSerializationException ex)
        {
            caught = ex;
        }

        Func<Task> completion = () => a.Completion.WaitAsync(Timeout);
        await completion.Should().ThrowAsync<Exception>();
        return caught;
    }

    private static Exception? Record(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception ex)
        {
            return ex;
        }
    }

    private static async Task ReceiveExactlyAsync(Socket socket, Memory<byte> buffer)
    {
        while (!buffer.IsEmpty)
        {
            int count = await socket.ReceiveAsync(buffer, SocketFlags.None);
            count.Should().BePositive("the server closed the connection early");
            buffer = buffer.Slice(count);
        }
    }

    private static async Task WaitForAsync(ChildProcess child, string marker)
    {
        var deadline = DateTime.UtcNow + Timeout;
        while (!child.Output.Contains(marker, StringComparison.Ordinal))
        {
            if (DateTime.UtcNow > deadline)
            {
                throw new TimeoutException($"the child did not print {marker}: {child.Output}");
            }

            await Task.Delay(20);
        }
    }
}

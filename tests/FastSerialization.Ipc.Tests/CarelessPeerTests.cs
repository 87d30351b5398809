using System;
using System.Diagnostics;
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
/// What a careless neighbour does without malice: a peer that stops reading, a consumer that lets large
/// messages pile up, another user's directory, two servers started at once on a stale socket.
/// </summary>
// Unix sockets and shared memory: the Windows transport (named pipes) has no socket files, rings or directories.
[UnsupportedOSPlatform("windows")]
public class CarelessPeerTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(60);

    // ---- 4. Disposal is bounded, whatever the peer does ----

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task DisposeAsync_ReturnsAndReleasesABlockedSender_WhenThePeerDoesNotRead()
    {
        string name = Names.Unique("noread");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create());
        Task<IpcChannel> accept = server.AcceptAsync();
        // The client never receives: with no receive loop, nothing reads its socket.
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), new IpcChannelOptions { ReceiveOnCallingThread = true });
        IpcChannel serverSide = await accept.WaitAsync(Timeout);

        Task blocked = await SendUntilOneWaitsAsync(serverSide, CancellationToken.None);
        Task dispose = serverSide.DisposeAsync().AsTask();
        (await Task.WhenAny(dispose, Task.Delay(TimeSpan.FromSeconds(20)))).Should().BeSameAs(dispose, "disposal must finish in bounded time");
        await dispose;
        Func<Task> send = () => blocked.WaitAsync(TimeSpan.FromSeconds(10));
        await send.Should().ThrowAsync<IpcException>();
    }

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ABlockedSend_EndsWhenItsTokenIsCanceled()
    {
        string name = Names.Unique("cancelsend");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create());
        Task<IpcChannel> accept = server.AcceptAsync();
        await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), new IpcChannelOptions { ReceiveOnCallingThread = true });
        await using IpcChannel serverSide = await accept.WaitAsync(Timeout);

        using var cts = new CancellationTokenSource();
        Task blocked = await SendUntilOneWaitsAsync(serverSide, cts.Token);
        cts.Cancel();
        Func<Task> send = () => blocked.WaitAsync(TimeSpan.FromSeconds(10));
        await send.Should().ThrowAsync<Exception>().Where(e => e is OperationCanceledException || e is IpcException);

        // The record being written when the send was canceled may be half gone, and then the channel is ended; or
        // the cancellation came before any of its bytes went out (a busy machine), and the channel goes on. Either
        // way, once this side closes, the peer must get whole records, then the end of the channel (a Goodbye, or
        // the IpcException of a channel ended under a half-sent record), and never a damaged record.
        await serverSide.DisposeAsync();
        using var reading = new CancellationTokenSource(Timeout);
        int whole = 0;
        Func<Task> readAll = async () =>
        {
            while (await client.ReceiveAsync(reading.Token) is { } message)
            {
                ((Trade)message).Symbol.Should().HaveLength(60_000);
                whole++;
            }
        };
        try
        {
            await readAll();
        }
        catch (IpcException)
        {
            // the channel was ended under the canceled send: documented
        }

        whole.Should().BeGreaterThan(0, "the sends before the blocked one were whole records");
    }

    /// <summary>Sends large messages to a peer that does not read until one send waits (the socket's buffers are full); returns that send.</summary>
    private static async Task<Task> SendUntilOneWaitsAsync(IpcChannel channel, CancellationToken cancellationToken)
    {
        var big = new Trade { Symbol = new string('x', 60_000) };
        Task blocked = Task.CompletedTask;
        for (int i = 0; i < 10_000 && blocked.IsCompleted; i++)
        {
            await blocked;
            blocked = channel.SendAsync(big, cancellationToken);
            await Task.WhenAny(blocked, Task.Delay(i < 20 ? 50 : 500));
        }

        blocked.IsCompleted.Should().BeFalse("the socket's buffers are full: a send waits for the peer");
        return blocked;
    }

    // ---- 7. The receive queue is bounded in bytes ----

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task UnreadLargeMessages_StopTheSender_OnceTheQueueHoldsItsBytes()
    {
        var pipes = DuplexPipes.Create();
        var options = new IpcChannelOptions { ReceiveQueueMaxBytes = 4 * 1024 * 1024 };
        Task<IpcChannel> openA = IpcChannel.CreateAsync(pipes.AReader, pipes.AWriter, Registry.Create());
        Task<IpcChannel> openB = IpcChannel.CreateAsync(pipes.BReader, pipes.BWriter, Registry.Create(), options);
        await using IpcChannel a = await openA;
        await using IpcChannel b = await openB;

        var big = new Trade { Symbol = new string('x', 512 * 1024) };
        int sent = 0;
        Task sending = Task.Run(async () =>
        {
            for (int i = 0; i < 100; i++)
            {
                await a.SendAsync(big);
                Interlocked.Increment(ref sent);
            }
        });

        // Wait until the sender stops making progress: nobody reads b.
        int last = -1;
        while (Volatile.Read(ref sent) != last && !sending.IsCompleted)
        {
            last = Volatile.Read(ref sent);
            await Task.Delay(1000);
        }

        // 4 MiB of queue holds 8 such messages; a few more sit in the pipes and the channel's buffers.
        Volatile.Read(ref sent).Should().BeLessThan(16, "a bound in bytes stops the sender long before the count bound (1,024) would");

        // Reading resumes the flow, and nothing is lost.
        int received = 0;
        using var cts = new CancellationTokenSource(Timeout);
        while (received < 100)
        {
            object? message = await b.ReceiveAsync(cts.Token);
            ((Trade)message!).Symbol!.Length.Should().Be(512 * 1024);
            received++;
        }

        await sending.WaitAsync(Timeout);
    }

    [Fact]
    public void ReceiveQueueMaxBytes_HasASafeDefault_AndRefusesNonsense()
    {
        new IpcChannelOptions().ReceiveQueueMaxBytes.Should().Be(64L * 1024 * 1024);
        Action zero = () => new IpcChannelOptions().ReceiveQueueMaxBytes = 0;
        zero.Should().Throw<ArgumentOutOfRangeException>();
    }

    // ---- 6. Directories and files owned by another user are refused ----

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task ASocketDirectoryOwnedByAnotherUser_IsRefused_EvenWithMode700()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // the owner check reads statx; macOS runs the same check through stat, not tested here
        }

        string runtime = Directory.CreateTempSubdirectory("fs-owner-").FullName;
        try
        {
            string directory = Path.Combine(runtime, "fastserialization");
            if (UnixPlatform.UserId() == 0)
            {
                // As root: the trick of the report, a private directory that another user (nobody) owns.
                Directory.CreateDirectory(directory, UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute);
                Chown(directory, 65534);
                using ChildProcess child = ChildProcess.Start(new[] { "listen-once", Names.Unique("owner") }, ("XDG_RUNTIME_DIR", runtime));
                int exit = await child.WaitForExitAsync(Timeout);
                exit.Should().Be(5, child.Output);
                child.Output.Should().Contain("LISTEN-REFUSED").And.Contain("owned by user 65534");
            }
            else
            {
                // Not root: a directory of root's (mode aside, the owner is checked first).
                Action act = () => IpcEndpoint.EnsurePrivateDirectory("/");
                act.Should().Throw<IpcException>().WithMessage("*owned by user 0*");
            }
        }
        finally
        {
            Directory.Delete(runtime, recursive: true);
        }
    }

    [Fact]
    public void ARingFileOwnedByAnotherUser_IsRefused_AsIsAnyFileByName()
    {
        if (!OperatingSystem.IsLinux() || UnixPlatform.UserId() != 0)
        {
            // Only root can give a file in this user's private directory to another user: the directory
            // check (test above) is what keeps other users out for everyone else.
            return;
        }

        // On Linux a client maps only the server's sealed memory file, never a file by its name (HostilePeerTests has
        // the refusals of everything else); this file, named as the other systems' ring files are, is refused for that.

        string path = Path.Combine(SharedMemoryFile.Directory(), Names.Unique("owned") + ".1.00.ring");
        using (var stream = new FileStream(path, new FileStreamOptions { Mode = FileMode.CreateNew, Access = FileAccess.ReadWrite, UnixCreateMode = UnixFileMode.UserRead | UnixFileMode.UserWrite }))
        {
            stream.SetLength(SharedMemoryFile.FileSize(4096));
        }

        try
        {
            Chown(path, 65534);
            Action open = () => SharedMemoryFile.Open(path, 4096).Dispose();
            open.Should().Throw<IpcException>().WithMessage("*not the /proc/<pid>/fd/<n> path of a sealed memory file*");
        }
        finally
        {
            File.Delete(path);
        }
    }

    // ---- 8. One winner for a stale socket ----

    [Fact(Timeout = TestTimeouts.Test)]
    public async Task TwoServersReplacingOneStaleSocket_ExactlyOneWins()
    {
        for (int trial = 0; trial < 100; trial++)
        {
            string name = Names.Unique("race");
            string path = IpcEndpoint.SocketPath(name, IpcEndpoint.EnsurePrivateDirectory());
            using (var stale = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified))
            {
                stale.Bind(new UnixDomainSocketEndPoint(path)); // closed without removing its file: a crashed server's leftover
            }

            using var start = new Barrier(2);
            Task<IpcServer?>[] contenders = Enumerable.Range(0, 2).Select(_ => Task.Run(() =>
            {
                start.SignalAndWait();
                try
                {
                    return IpcServer.Listen(name, Registry.Create());
                }
                catch (IpcException)
                {
                    return null;
                }
            })).ToArray();
            IpcServer?[] servers = await Task.WhenAll(contenders).WaitAsync(Timeout);
            try
            {
                servers.Count(s => s is not null).Should().Be(1, $"exactly one server may win the name (trial {trial})");
                IpcServer winner = servers.Single(s => s is not null)!;
                Task<IpcChannel> accept = winner.AcceptAsync();
                await using IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create()).WaitAsync(Timeout);
                await using IpcChannel serverSide = await accept.WaitAsync(Timeout);
            }
            finally
            {
                foreach (IpcServer? server in servers)
                {
                    if (server is not null)
                    {
                        await server.DisposeAsync();
                    }
                }
            }
        }
    }

    private static void Chown(string path, int uid)
    {
        using var chown = Process.Start(new ProcessStartInfo("chown", new[] { uid.ToString(System.Globalization.CultureInfo.InvariantCulture), path }) { UseShellExecute = false })!;
        chown.WaitForExit();
        chown.ExitCode.Should().Be(0, $"chown {uid} {path}");
    }
}

using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.TestChild;
using FluentAssertions;
using Xunit;
using Xunit.Abstractions;

namespace FastSerialization.Ipc.Tests;

/// <summary>Concurrent use of channels and servers through the public API (one class: its tests run one at a time).</summary>
/// <remarks>
/// Its tests check that nothing was left as a faulted task nobody observed, through the process-wide
/// <see cref="TaskScheduler.UnobservedTaskException"/>: so the class runs alone (a collection of its own, after the
/// parallel ones), and each test first has the finalizer run what earlier tests left, then watches. A task of
/// another test, finalized meanwhile, was reported here as this test's own (ReceiveQueueTests' faulted queue once
/// failed two of these tests on busy machines).
/// </remarks>
[Collection(nameof(ConcurrencyTests))]
public class ConcurrencyTests : IDisposable
{
    public enum Mode
    {
        Socket,
        SocketCallingThread,
        Shm,
        ShmCallingThread,
        Pipes, // CreateAsync over in-memory pipes: the receive loop
    }

    /// <summary>Every <see cref="Mode"/>, for the tests that run in all of them.</summary>
    public static TheoryData<Mode> EveryMode() => new(Enum.GetValues<Mode>());

    private static readonly TimeSpan Prompt = TimeSpan.FromSeconds(10);
    private readonly ITestOutputHelper _output;
    private readonly ConcurrentQueue<string> _unobserved = new();

    public ConcurrencyTests(ITestOutputHelper output)
    {
        _output = output;
        FinalizeGarbage(); // what earlier tests left is reported before this test watches, not to it
        TaskScheduler.UnobservedTaskException += OnUnobserved;
    }

    public void Dispose() => TaskScheduler.UnobservedTaskException -= OnUnobserved;

    // The sender is the task itself: its type names the async method or the kind of task that nobody observed.
    private void OnUnobserved(object? sender, UnobservedTaskExceptionEventArgs e) => _unobserved.Enqueue($"task {sender?.GetType()}: {e.Exception}");

    private static void FinalizeGarbage()
    {
        for (int i = 0; i < 3; i++)
        {
            GC.Collect();
            GC.WaitForPendingFinalizers();
        }
    }

    private void AssertNoUnobserved()
    {
        FinalizeGarbage();
        _unobserved.Should().BeEmpty(string.Join("\n----\n", _unobserved));
    }

    private sealed class Pair : IAsyncDisposable
    {
        public IpcServer? Server;
        public IpcChannel Client = null!;
        public IpcChannel ServerSide = null!;

        public async ValueTask DisposeAsync()
        {
            await Client.DisposeAsync();
            await ServerSide.DisposeAsync();
            if (Server is not null)
            {
                await Server.DisposeAsync();
            }
        }
    }

    private static IpcChannelOptions? OptionsFor(Mode mode, IpcChannelOptions? options = null)
    {
        bool calling = mode is Mode.SocketCallingThread or Mode.ShmCallingThread;
        if (!calling)
        {
            return options;
        }

        options ??= new IpcChannelOptions();
        options.ReceiveOnCallingThread = true;
        return options;
    }

    private static IpcTransport TransportOf(Mode mode) => mode is Mode.Shm or Mode.ShmCallingThread ? IpcTransport.SharedMemory : IpcTransport.UnixSocket;

    private static async Task<Pair> OpenAsync(Mode mode, IpcChannelOptions? options = null)
    {
        options = OptionsFor(mode, options);
        if (mode == Mode.Pipes)
        {
            var pipes = DuplexPipes.Create();
            Task<IpcChannel> a = IpcChannel.CreateAsync(pipes.AReader, pipes.AWriter, Registry.Create(), options);
            Task<IpcChannel> b = IpcChannel.CreateAsync(pipes.BReader, pipes.BWriter, Registry.Create(), options);
            return new Pair { Client = await a.WaitAsync(Prompt), ServerSide = await b.WaitAsync(Prompt) };
        }

        string name = Names.Unique("probe");
        IpcServer server = IpcServer.Listen(name, Registry.Create(), TransportOf(mode), options);
        Task<IpcChannel> accept = server.AcceptAsync();
        IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), TransportOf(mode), options).WaitAsync(Prompt);
        return new Pair { Server = server, Client = client, ServerSide = await accept.WaitAsync(Prompt) };
    }

    private static bool Documented(Exception ex) => ex is IpcException or OperationCanceledException;

    // ------------------------------------------------------------------ many senders

    [Theory(Timeout = 60_000)]
    [MemberData(nameof(EveryMode))]
    public async Task ManySenders_SendAndBatch_EveryMessageOnceInPerSenderOrder(Mode mode)
    {
        for (int iteration = 0; iteration < 10; iteration++)
        {
            await using Pair pair = await OpenAsync(mode);
            const int senders = 6;
            const int perSender = 2000;
            var next = new long[senders];
            int received = 0;
            var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
            Task reader = Task.Run(async () =>
            {
                await foreach (object message in pair.ServerSide.ReadAllAsync())
                {
                    var trade = (Trade)message;
                    trade.Sequence.Should().Be(next[trade.Sender], $"sender {trade.Sender} order");
                    next[trade.Sender]++;
                    if (++received == senders * perSender)
                    {
                        done.TrySetResult();
                    }
                }
            });

            using var go = new Barrier(senders);
            Task[] sending = Enumerable.Range(0, senders).Select(s => Task.Run(async () =>
            {
                go.SignalAndWait();
                long seq = 0;
                var rnd = new Random(s * 7919 + iteration);
                while (seq < perSender)
                {
                    int kind = rnd.Next(3);
                    if (kind == 0)
                    {
                        await pair.Client.SendAsync(Trade.Make(seq++, s));
                    }
                    else
                    {
                        int n = (int)Math.Min(perSender - seq, rnd.Next(1, 40));
                        Trade[] batch = Enumerable.Range(0, n).Select(i => Trade.Make(seq + i, s)).ToArray();
                        seq += n;
                        if (kind == 1)
                        {
                            await pair.Client.SendBatchAsync(batch);
                        }
                        else
                        {
                            await pair.Client.SendBatchAsync((IReadOnlyList<Trade>)batch.ToList());
                        }
                    }
                }
            })).ToArray();
            await Task.WhenAll(sending).WaitAsync(Prompt);
            await pair.Client.FlushAsync().WaitAsync(Prompt);
            await done.Task.WaitAsync(Prompt);
            received.Should().Be(senders * perSender);
            await pair.Client.DisposeAsync();
            await reader.WaitAsync(Prompt);
            received.Should().Be(senders * perSender, "nothing more arrives");
        }

        AssertNoUnobserved();
    }

    // The test's timeout is the project's (TestTimeouts.Test): 60 s ran out for the shared-memory mode in a clean-clone
    // CI run at load average 50, with every answer still coming.
    [Theory(Timeout = TestTimeouts.Test)]
    [MemberData(nameof(EveryMode))]
    public async Task ManyRequesters_AndSendersMixed_EachGetsItsOwnAnswer(Mode mode)
    {
        for (int iteration = 0; iteration < 5; iteration++)
        {
            await using Pair pair = await OpenAsync(mode);
            int plain = 0;
            Task server = Task.Run(async () =>
            {
                // handlers run side by side, answering out of order
                var answering = new List<Task>();
                await foreach (object message in pair.ServerSide.ReadAllAsync())
                {
                    if (message is IpcRequest { Message: Ping ping } request)
                    {
                        answering.Add(Task.Run(async () =>
                        {
                            if (ping.Id % 5 == 0)
                            {
                                await Task.Yield();
                            }

                            await request.RespondAsync(new Pong { Id = ping.Id * 2 });
                        }));
                    }
                    else
                    {
                        Interlocked.Increment(ref plain);
                    }
                }

                await Task.WhenAll(answering);
            });

            const int threads = 6;
            const int perThread = 300;
            Task[] requesting = Enumerable.Range(0, threads).Select(t => Task.Run(async () =>
            {
                for (int i = 0; i < perThread; i++)
                {
                    long id = t * 100_000 + i;
                    if (i % 3 == 0)
                    {
                        await pair.Client.SendAsync(new Trade { Sequence = id });
                    }

                    Pong pong = await pair.Client.RequestAsync<Pong>(new Ping { Id = id });
                    pong.Id.Should().Be(id * 2);
                }
            })).ToArray();
            await Task.WhenAll(requesting).WaitAsync(TimeSpan.FromSeconds(30));
            await pair.Client.DisposeAsync();
            await server.WaitAsync(Prompt);
            plain.Should().Be(threads * perThread / 3);
        }

        AssertNoUnobserved();
    }

    // ------------------------------------------------------------------ dispose under load

    [Theory(Timeout = 120_000)]
    [InlineData(Mode.Socket, false)]
    [InlineData(Mode.Socket, true)]
    [InlineData(Mode.SocketCallingThread, false)]
    [InlineData(Mode.SocketCallingThread, true)]
    [InlineData(Mode.Shm, false)]
    [InlineData(Mode.Shm, true)]
    [InlineData(Mode.ShmCallingThread, false)]
    [InlineData(Mode.ShmCallingThread, true)]
    [InlineData(Mode.Pipes, false)]
    [InlineData(Mode.Pipes, true)]
    public async Task DisposeUnderLoad_EveryPendingCallEndsPromptly_WithADocumentedException(Mode mode, bool disposePeer)
    {
        var rnd = new Random(42);
        var seen = new ConcurrentDictionary<string, int>();
        var sw = Stopwatch.StartNew();
        int iterations = 0;
        while (iterations < 40 && sw.Elapsed < TimeSpan.FromSeconds(15))
        {
            iterations++;
            Pair pair = await OpenAsync(mode);
            IpcChannel victim = disposePeer ? pair.ServerSide : pair.Client;
            var stop = new CancellationTokenSource();

            // The server side reads and answers every other request; it never answers some.
            Task serving = Task.Run(async () =>
            {
                try
                {
                    await foreach (object message in pair.ServerSide.ReadAllAsync())
                    {
                        if (message is IpcRequest { Message: Ping ping } request && ping.Id % 2 == 0)
                        {
                            _ = request.RespondAsync(new Pong { Id = ping.Id }).ContinueWith(t => _ = t.Exception, TaskScheduler.Default);
                        }
                    }
                }
                catch (Exception ex)
                {
                    seen.AddOrUpdate("serverRead:" + ex.GetType().Name, 1, (_, n) => n + 1);
                    if (!Documented(ex))
                    {
                        throw;
                    }
                }
            });

            var calls = new List<Task>();
            for (int s = 0; s < 3; s++)
            {
                int sender = s;
                calls.Add(Task.Run(async () =>
                {
                    long seq = 0;
                    while (!stop.IsCancellationRequested)
                    {
                        if (sender == 0)
                        {
                            await pair.Client.SendAsync(Trade.Make(seq++, sender));
                        }
                        else if (sender == 1)
                        {
                            await pair.Client.SendBatchAsync(Enumerable.Range(0, 20).Select(i => Trade.Make(seq++, sender)).ToArray());
                        }
                        else
                        {
                            await pair.Client.RequestAsync<Pong>(new Ping { Id = seq++ }, TimeSpan.FromSeconds(60));
                        }
                    }
                }));
            }

            // A receiver on the client side (the server sends nothing: it waits).
            calls.Add(Task.Run(async () => { while (await pair.Client.ReceiveAsync() is not null) { } }));

            await Task.Delay(rnd.Next(0, 20));
            Task disposing = victim.DisposeAsync().AsTask();
            await disposing.WaitAsync(Prompt);

            foreach (Task call in calls)
            {
                try
                {
                    await call.WaitAsync(Prompt);
                    seen.AddOrUpdate("call:ok", 1, (_, n) => n + 1);
                }
                catch (TimeoutException) when (!call.IsCompleted)
                {
                    throw new Xunit.Sdk.XunitException($"iteration {iterations}: a call did not end within {Prompt} after dispose ({mode}, disposePeer {disposePeer})");
                }
                catch (Exception ex)
                {
                    seen.AddOrUpdate("call:" + ex.GetType().Name, 1, (_, n) => n + 1);
                    Documented(ex).Should().BeTrue($"iteration {iterations}: {ex}");
                }
            }

            stop.Cancel();
            await pair.DisposeAsync().AsTask().WaitAsync(Prompt);
            await serving.WaitAsync(Prompt);
        }

        _output.WriteLine($"{iterations} iterations: " + string.Join(", ", seen.Select(p => $"{p.Key}={p.Value}")));
        AssertNoUnobserved();
    }

    // ------------------------------------------------------------------ receive cancellation racing arrival

    [Theory(Timeout = 60_000)]
    [MemberData(nameof(EveryMode))]
    public async Task ReceiveCanceledAsMessagesArrive_LosesNothing(Mode mode)
    {
        for (int round = 0; round < 15; round++)
        {
            await using Pair pair = await OpenAsync(mode);
            const int count = 3000;
            Task sending = Task.Run(async () =>
            {
                var rnd = new Random(round);
                for (int i = 0; i < count; i++)
                {
                    await pair.Client.SendAsync(Trade.Make(i));
                    if (rnd.Next(4) == 0)
                    {
                        await pair.Client.FlushAsync();
                        Thread.SpinWait(rnd.Next(0, 2000));
                    }
                }

                await pair.Client.FlushAsync();
            });
            _ = sending.ContinueWith(t => _ = t.Exception, TaskScheduler.Default);

            long expected = 0;
            int canceled = 0;
            var r = new Random(round + 100);
            var sw = Stopwatch.StartNew();
            while (expected < count)
            {
                sw.Elapsed.Should().BeLessThan(TimeSpan.FromSeconds(20), $"stuck at {expected}");
                using var cts = new CancellationTokenSource();
                if (r.Next(3) == 0)
                {
                    cts.Cancel();
                }
                else
                {
                    cts.CancelAfter(TimeSpan.FromTicks(r.Next(1, 2000)));
                }

                try
                {
                    if (r.Next(2) == 0)
                    {
                        object? message = await pair.ServerSide.ReceiveAsync(cts.Token);
                        message.Should().NotBeNull($"the client is still sending: round {round}, {expected} of {count} received, {canceled} receives canceled so far");
                        ((Trade)message!).Sequence.Should().Be(expected);
                        expected++;
                    }
                    else
                    {
                        var into = new object[16];
                        int n = await pair.ServerSide.ReceiveBatchAsync(into, cts.Token);
                        n.Should().BeGreaterThan(0, $"the client is still sending: round {round}, {expected} of {count} received, {canceled} receives canceled so far");
                        for (int i = 0; i < n; i++)
                        {
                            ((Trade)into[i]).Sequence.Should().Be(expected);
                            expected++;
                        }
                    }
                }
                catch (OperationCanceledException)
                {
                    canceled++;
                }
            }

            await sending.WaitAsync(Prompt);
        }

        AssertNoUnobserved();
    }

    /// <summary>
    /// A request whose token fires as its send completes must not swallow the next request. (A send canceled
    /// while its bytes are written may end the channel, as documented: then the next request fails at once,
    /// with an IpcException, and the test opens a new channel.)
    /// </summary>
    [Theory(Timeout = 60_000)]
    [InlineData(Mode.Socket)]
    [InlineData(Mode.SocketCallingThread)]
    [InlineData(Mode.Shm)]
    [InlineData(Mode.Pipes)]
    public async Task RequestAfterACanceledRequest_IsAnswered(Mode mode)
    {
        var r = new Random(3);
        int reopened = 0;
        int i = 0;
        while (i < 2000)
        {
            await using Pair pair = await OpenAsync(mode);
            long served = 0;
            Task serving = Task.Run(async () =>
            {
                try
                {
                    await foreach (object message in pair.ServerSide.ReadAllAsync())
                    {
                        if (message is IpcRequest { Message: Ping ping } request)
                        {
                            Interlocked.Increment(ref served);
                            await request.RespondAsync(new Pong { Id = ping.Id });
                        }
                    }
                }
                catch (IpcException)
                {
                    // the client's channel ended after a canceled send (documented)
                }
            });

            for (; i < 2000; i++)
            {
                using var cts = new CancellationTokenSource();
                cts.CancelAfter(TimeSpan.FromTicks(r.Next(1, 3000)));
                bool wasCanceled = false;
                try
                {
                    await pair.Client.RequestAsync<Pong>(new Ping { Id = i }, cts.Token).WaitAsync(Prompt);
                }
                catch (OperationCanceledException)
                {
                    wasCanceled = true;
                }

                long before = Interlocked.Read(ref served);
                Task<Pong> next = pair.Client.RequestAsync<Pong>(new Ping { Id = -i - 1 });
                try
                {
                    (await next.WaitAsync(TimeSpan.FromSeconds(5))).Id.Should().Be(-i - 1);
                }
                catch (TimeoutException)
                {
                    throw new Xunit.Sdk.XunitException($"iteration {i}: the request after a {(wasCanceled ? "canceled" : "answered")} request got no answer in 5 s; the server had served {before} before it and {Interlocked.Read(ref served)} now");
                }
                catch (IpcException ex) when (wasCanceled)
                {
                    // Documented: the canceled send ended the channel.
                    _output.WriteLine($"iteration {i}: channel ended after a canceled send: {ex.Message}");
                    reopened++;
                    i++;
                    break;
                }
            }

            await pair.Client.DisposeAsync();
            await serving.WaitAsync(Prompt);
        }

        _output.WriteLine($"reopened {reopened}");
        AssertNoUnobserved();
    }

    // ------------------------------------------------------------------ unobserved task exceptions, minimised

    /// <summary>The peer's process dies; the application reads the failure (IpcException) and disposes the channel, never looking at Completion.</summary>
    [Theory(Timeout = 60_000)]
    [InlineData(IpcTransport.UnixSocket, false)]
    [InlineData(IpcTransport.UnixSocket, true)]
    [InlineData(IpcTransport.SharedMemory, false)]
    [InlineData(IpcTransport.SharedMemory, true)]
    public async Task PeerProcessDies_NoUnobservedTaskException(IpcTransport transport, bool callingThread)
    {
        string name = Names.Unique("die");
        var options = new IpcChannelOptions { ReceiveOnCallingThread = callingThread };
        await using (IpcServer server = IpcServer.Listen(name, Registry.Create(), transport, options))
        {
            Task<IpcChannel> accept = server.AcceptAsync();
            using ChildProcess child = transport == IpcTransport.SharedMemory ? ChildProcess.Start("echo", name, "--shm") : ChildProcess.Start("echo", name);
            await ReadToTheFailureAndDisposeAsync(await accept.WaitAsync(TimeSpan.FromSeconds(60)), child);
        }

        AssertNoUnobserved();
    }

    private static async Task ReadToTheFailureAndDisposeAsync(IpcChannel channel, ChildProcess child)
    {
        (await channel.RequestAsync<Pong>(new Ping { Id = 1 }).WaitAsync(Prompt)).Id.Should().Be(1);
        child.Kill();
        Func<Task> read = async () => await channel.ReceiveAsync().AsTask().WaitAsync(Prompt);
        await read.Should().ThrowAsync<IpcException>();
        await channel.DisposeAsync();
    }

    /// <summary>Requests racing with DisposeAsync: each fails with an IpcException, which the caller observes; nothing else may be left unobserved.</summary>
    [Theory(Timeout = 60_000)]
    [InlineData(Mode.Socket)]
    [InlineData(Mode.Shm)]
    [InlineData(Mode.Pipes)]
    public async Task RequestsRacingDispose_NoUnobservedTaskException(Mode mode)
    {
        for (int iteration = 0; iteration < 30; iteration++)
        {
            Pair pair = await OpenAsync(mode);
            // The server side drains (it never answers), so that no sender waits for room.
            Task draining = Task.Run(async () => { try { while (await pair.ServerSide.ReceiveAsync() is not null) { } } catch (IpcException) { } });
            using var go = new Barrier(5);
            Task[] requests = Enumerable.Range(0, 4).Select(t => Task.Run(async () =>
            {
                go.SignalAndWait();
                for (int i = 0; ; i++)
                {
                    // Nobody answers: each request waits until the channel closes.
                    _ = pair.Client.RequestAsync<Pong>(new Ping { Id = i }).ContinueWith(r => _ = r.Exception, TaskScheduler.Default);
                    await pair.Client.SendAsync(new Ping { Id = -i });
                }
            })).ToArray();
            go.SignalAndWait();
            await Task.Delay(2);
            await pair.Client.DisposeAsync().AsTask().WaitAsync(Prompt);
            foreach (Task request in requests)
            {
                Func<Task> wait = () => request.WaitAsync(Prompt);
                await wait.Should().ThrowAsync<IpcException>();
            }

            await pair.DisposeAsync();
            await draining.WaitAsync(Prompt);
        }

        AssertNoUnobserved();
    }

    // ------------------------------------------------------------------ server

    private static int OpenDescriptors() => Directory.GetFileSystemEntries("/proc/self/fd").Length;

    /// <summary>200 clients connect, exchange a request and disconnect, one after another; the server keeps accepting, and its descriptors do not grow.</summary>
    [Theory(Timeout = 120_000)]
    [InlineData(IpcTransport.UnixSocket)]
    [InlineData(IpcTransport.SharedMemory)]
    public async Task ManyClientsConnectAndDisconnect_ServerKeepsAccepting_DescriptorsDoNotGrow(IpcTransport transport)
    {
        string name = Names.Unique("churn");
        await using IpcServer server = IpcServer.Listen(name, Registry.Create(), transport);
        using var stop = new CancellationTokenSource();
        var handlers = new ConcurrentBag<Task>();
        Task accepting = Task.Run(async () =>
        {
            await foreach (IpcChannel channel in server.AcceptAllAsync(stop.Token))
            {
                handlers.Add(Task.Run(async () =>
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
                }));
            }
        });

        async Task OneClientAsync(int i, bool abrupt)
        {
            IpcChannel client = await IpcChannel.ConnectAsync(name, Registry.Create(), transport).WaitAsync(Prompt);
            (await client.RequestAsync<Pong>(new Ping { Id = i }).WaitAsync(Prompt)).Id.Should().Be(i);
            await client.DisposeAsync();
        }

        for (int i = 0; i < 20; i++)
        {
            await OneClientAsync(i, false); // warm-up: pools, threads
        }

        await Task.Delay(200);
        GC.Collect();
        GC.WaitForPendingFinalizers();
        int before = OpenDescriptors();
        for (int i = 0; i < 200; i += 4)
        {
            await Task.WhenAll(Enumerable.Range(i, 4).Select(k => OneClientAsync(k, false))).WaitAsync(Prompt);
        }

        await Task.WhenAll(handlers.ToArray()).WaitAsync(Prompt);
        await Task.Delay(200);
        GC.Collect();
        GC.WaitForPendingFinalizers();
        int after = OpenDescriptors();
        _output.WriteLine($"descriptors before {before}, after {after}");
        after.Should().BeLessThan(before + 10, "200 closed connections must not leave descriptors behind");

        stop.Cancel();
        await accepting.WaitAsync(Prompt);
        AssertNoUnobserved();
    }

    /// <summary>The server is disposed while clients connect and handshake: every connect ends promptly, with a channel or an IpcException; AcceptAllAsync ends.</summary>
    [Theory(Timeout = 120_000)]
    [InlineData(IpcTransport.UnixSocket, true)]
    [InlineData(IpcTransport.UnixSocket, false)]
    [InlineData(IpcTransport.SharedMemory, true)]
    [InlineData(IpcTransport.SharedMemory, false)]
    public async Task ServerDisposedWhileClientsConnect_EverythingEndsPromptly(IpcTransport transport, bool acceptAll)
    {
        var seen = new ConcurrentDictionary<string, int>();
        var rnd = new Random(7);
        for (int iteration = 0; iteration < 40; iteration++)
        {
            string name = Names.Unique("stop");
            IpcServer server = IpcServer.Listen(name, Registry.Create(), transport);
            var accepted = new ConcurrentBag<IpcChannel>();
            Task accepting = Task.Run(async () =>
            {
                try
                {
                    if (acceptAll)
                    {
                        await foreach (IpcChannel channel in server.AcceptAllAsync())
                        {
                            accepted.Add(channel);
                        }
                    }
                    else
                    {
                        while (true)
                        {
                            accepted.Add(await server.AcceptAsync());
                        }
                    }
                }
                catch (Exception ex)
                {
                    seen.AddOrUpdate("accept:" + ex.GetType().Name, 1, (_, n) => n + 1);
                    throw;
                }
            });

            Task<IpcChannel>[] clients = Enumerable.Range(0, 6).Select(_ => Task.Run(() => IpcChannel.ConnectAsync(name, Registry.Create(), transport))).ToArray();
            await Task.Delay(rnd.Next(0, 8));
            await server.DisposeAsync().AsTask().WaitAsync(Prompt);

            foreach (Task<IpcChannel> client in clients)
            {
                try
                {
                    IpcChannel channel = await client.WaitAsync(Prompt);
                    seen.AddOrUpdate("connect:ok", 1, (_, n) => n + 1);
                    await channel.DisposeAsync();
                }
                catch (TimeoutException) when (!client.IsCompleted)
                {
                    throw new Xunit.Sdk.XunitException($"iteration {iteration}: a connect did not end within {Prompt} of the server's dispose");
                }
                catch (Exception ex)
                {
                    seen.AddOrUpdate("connect:" + ex.GetType().Name, 1, (_, n) => n + 1);
                    ex.Should().BeAssignableTo<IpcException>($"iteration {iteration}: {ex}");
                }
            }

            try
            {
                await accepting.WaitAsync(Prompt);
            }
            catch (TimeoutException) when (!accepting.IsCompleted)
            {
                throw new Xunit.Sdk.XunitException($"iteration {iteration}: accepting did not end within {Prompt} of the server's dispose");
            }
            catch (Exception ex)
            {
                // AcceptAsync documents IpcException (and IpcHandshakeException); a disposed server: ObjectDisposedException is fair.
                (ex is IpcException or ObjectDisposedException or OperationCanceledException).Should().BeTrue($"{(acceptAll ? "AcceptAllAsync" : "AcceptAsync")} on a disposed server threw {ex}");
            }

            foreach (IpcChannel channel in accepted)
            {
                await channel.DisposeAsync();
            }
        }

        _output.WriteLine(string.Join(", ", seen.Select(p => $"{p.Key}={p.Value}")));
        AssertNoUnobserved();
    }
}

[CollectionDefinition(nameof(ConcurrencyTests), DisableParallelization = true)]
public sealed class ConcurrencyTestsCollection
{
}

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Net.Sockets;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading.Tasks;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Reporting;
using FastSerialization.Ipc;

namespace FastSerialization.Benchmarks.Modes;

/// <summary>
/// Two processes, one channel: one-way throughput (messages/s and MB/s) of Trades and Customers through
/// <see cref="IpcChannel.SendAsync{T}"/>, and Trade ping-pong round trips (median, p99, p99.9) through
/// <see cref="IpcChannel.RequestAsync{TResponse}(object, System.Threading.CancellationToken)"/>, for each
/// transport (Unix socket, shared memory), next to the ceiling: a plain Unix domain socket moving the
/// same pre-encoded record bytes with no serializer and no channel. This program starts itself a second
/// time as the peer (<c>ipc-child NAME [--shm]</c>), once per transport.
/// Not BenchmarkDotNet: two processes and the distribution of single round trips are the point.
/// </summary>
public static class IpcRun
{
    private const int TradeId = 1;
    private const int CustomerId = 2;
    private const int ControlId = 3;
    private const int MaxWarmMessages = 2_000_000;
    private const int MaxWarmPings = 50_000;

    /// <summary>How many Trades one SendBatchAsync call of the batch rows carries.</summary>
    private const int BatchSize = 1_000;
    private static readonly TimeSpan ChildExitTimeout = TimeSpan.FromSeconds(60);

    /// <summary>The spin time of the "calling thread" setups: longer than a round trip, so that a waiting side stays awake between messages.</summary>
    private static readonly TimeSpan SpinTime = TimeSpan.FromMicroseconds(50);

    public static async Task<int> RunAsync(int messages, int pings, int pairs, IReadOnlyList<IpcTransport> transports, int warmUpSeconds, string command, string resultsDir)
    {
        byte[] tradeRecord = CreateFormatter().SerializeToArray(Trade.Sample());
        byte[] customerRecord = CreateFormatter().SerializeToArray(Customer.Sample());
        Setup[] setups = transports.SelectMany(t => new[] { new Setup(t, CallingThread: false), new Setup(t, CallingThread: true) }).ToArray();
        var runs = setups.ToDictionary(setup => setup, _ => new List<TransportResult>());
        var ceilings = new List<RawResult>();
        bool measuresSockets = setups.Any(setup => setup.Transport == IpcTransport.UnixSocket);
        bool childrenOk = true;
        string loadAtStart = LoadAverage();

        // Pair after pair, every setup in turn: the machine's state drifts over minutes, so that the pairs of one
        // setup are spread over the run instead of sharing one moment.
        for (int pair = 1; pair <= pairs; pair++)
        {
            foreach (Setup setup in setups)
            {
                // The raw socket is measured in every socket pair, between the same two processes right after the
                // channel: this VM moves round trips by up to 1.8x from one pair to the next (ipc.md's pairs), so a
                // channel's round trip is compared with the ceiling of its own pair. Without socket rows, once.
                bool measureCeiling = measuresSockets ? setup.Transport == IpcTransport.UnixSocket : ceilings.Count == 0;
                (TransportResult result, bool childOk) = await RunSetupAsync(setup, messages, pings, warmUpSeconds, measureCeiling);
                runs[setup].Add(result);
                if (result.Ceiling is { } ceiling)
                {
                    ceilings.Add(ceiling);
                }

                childrenOk &= childOk;
                Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"// {setup.Label}, pair {pair}: Trade {messages / result.TradeSeconds:N0} msgs/s, Customer {messages / result.CustomerSeconds:N0} msgs/s, Trade batches {messages / result.BatchSeconds:N0} msgs/s, round trip median {Median(result.Rtt):F1} us, p99 {At(result.Rtt, 0.99):F1}, p99.9 {At(result.Rtt, 0.999):F1}"));
            }
        }

        List<TransportResult> results = setups.Select(setup => MiddlePair(runs[setup])).ToList();
        RawResult raw = MiddleCeiling(ceilings);
        string report = Render(messages, pings, warmUpSeconds, command, tradeRecord.Length, customerRecord.Length, results, raw, $"{loadAtStart} at the start, {LoadAverage()} at the end");
        string path = Path.Combine(resultsDir, "ipc.md");
        File.WriteAllText(path, report);
        Console.WriteLine(report);
        Console.WriteLine($"IPC report: {path}");
        if (!childrenOk)
        {
            Console.Error.WriteLine("FAILED: an ipc-child process exited with a non-zero code or did not exit.");
        }

        return childrenOk ? 0 : 1;
    }

    private static async Task<(TransportResult Result, bool ChildOk)> RunSetupAsync(Setup setup, int messages, int pings, int warmUpSeconds, bool measureCeiling)
    {
        IpcTransport transport = setup.Transport;
        string name = $"fsbench-{Environment.ProcessId}-{(transport == IpcTransport.SharedMemory ? "shm" : "sock")}{(setup.CallingThread ? "-ct" : "")}";
        Trade trade = Trade.Sample();
        Customer customer = Customer.Sample();
        await using IpcServer server = IpcServer.Listen(name, CreateFormatter(), transport, setup.Options());
        var childArgs = new List<string> { "ipc-child", name };
        if (transport == IpcTransport.SharedMemory)
        {
            childArgs.Add("--shm");
        }

        if (setup.CallingThread)
        {
            childArgs.Add("--calling-thread");
        }

        using Process child = StartSelf(childArgs.ToArray());
        try
        {
            TransportResult result;
            await using (IpcChannel channel = await server.AcceptAsync().WaitAsync(TimeSpan.FromSeconds(30)))
            {
                Console.WriteLine($"// {setup.Label}: parent {Environment.ProcessId} <-> child {child.Id} under {server.Address}");

                // Warm up both processes' code paths before measuring: each kind of traffic runs for at least the
                // warm-up time, so that tiered compilation and dynamic PGO have put their final code in place (on two
                // busy cores that takes seconds; ipc-batches.md).
                await WarmUpAsync(() => OneWayAsync(channel, trade, WarmMessages(messages)), warmUpSeconds);
                await WarmUpAsync(() => OneWayAsync(channel, customer, WarmMessages(messages)), warmUpSeconds);
                await WarmUpAsync(() => PingPongAsync(channel, trade, WarmPings(pings)), warmUpSeconds);

                double tradeSeconds = await MedianOfThreeAsync(() => OneWayAsync(channel, trade, messages), messages, child);
                double customerSeconds = await MedianOfThreeAsync(() => OneWayAsync(channel, customer, messages), messages, child);
                Trade[] batch = Enumerable.Repeat(trade, BatchSize).ToArray();
                await SetBatchReceiveAsync(channel, on: true);
                await WarmUpAsync(() => OneWayBatchAsync(channel, batch, WarmMessages(messages)), warmUpSeconds);
                double batchSeconds = await MedianOfThreeAsync(() => OneWayBatchAsync(channel, batch, messages), messages, child);
                await SetBatchReceiveAsync(channel, on: false);
                double[] rtt;
                RawResult? ceiling = null;
                if (measureCeiling)
                {
                    (rtt, ceiling) = await MeasureWithCeilingAsync(channel, server.Address, trade, messages, pings);
                }
                else
                {
                    rtt = await PingPongAsync(channel, trade, pings);
                }

                (double parentIdle, double childIdle) = await IdleCpuAsync(child, pings < 10_000 ? 1 : 3);
                result = new TransportResult(setup, tradeSeconds, customerSeconds, batchSeconds, rtt, parentIdle, childIdle) { Ceiling = ceiling };
            }

            bool exited = await WaitForExitAsync(child);
            return (result, exited && child.ExitCode == 0);
        }
        finally
        {
            if (!child.HasExited)
            {
                child.Kill();
            }
        }
    }

    /// <summary>How many alternating blocks the round trips of the channel and of the raw socket are measured in.</summary>
    private const int RoundTripBlocks = 10;

    /// <summary>
    /// The ceiling, a plain Unix socket between the same two processes (the same record bytes, no serializer, no
    /// channel), and the channel's round trips: the raw socket's one-way runs first, then the round trips of the
    /// channel and of the raw socket in alternating blocks, so that both meet the same moments of the machine.
    /// </summary>
    private static async Task<(double[] ChannelRtt, RawResult Ceiling)> MeasureWithCeilingAsync(IpcChannel channel, string serverAddress, Trade trade, int messages, int pings)
    {
        byte[] record = CreateFormatter().SerializeToArray(trade);
        string rawPath = Path.Combine(Path.GetDirectoryName(serverAddress)!, $"fsbench-raw-{Environment.ProcessId}.sock");
        File.Delete(rawPath);
        try
        {
            using var listener = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
            listener.Bind(new UnixDomainSocketEndPoint(rawPath));
            listener.Listen(1);
            await channel.SendAsync(new Control { Kind = Control.RawKind, Text = rawPath, Count = messages, Size = record.Length, Pings = pings });
            await channel.FlushAsync();
            using Socket raw = await listener.AcceptAsync().WaitAsync(TimeSpan.FromSeconds(30));
            await RawOneWayAsync(raw, record, WarmMessages(messages));
            double seconds = await RawOneWayAsync(raw, record, messages);
            await RawPingPongAsync(raw, record, WarmPings(pings));

            int blocks = Math.Min(RoundTripBlocks, pings);
            var ours = new List<double>(pings);
            var theirs = new List<double>(pings);
            for (int block = 0; block < blocks; block++)
            {
                int count = pings / blocks + (block < pings % blocks ? 1 : 0);
                ours.AddRange(await PingPongAsync(channel, trade, count));
                theirs.AddRange(await RawPingPongAsync(raw, record, count));
            }

            raw.Shutdown(SocketShutdown.Both);
            double[] channelRtt = ours.ToArray();
            double[] rawRtt = theirs.ToArray();
            Array.Sort(channelRtt);
            Array.Sort(rawRtt);
            return (channelRtt, new RawResult(seconds, rawRtt));
        }
        finally
        {
            File.Delete(rawPath);
        }
    }

    /// <summary>The peer: counts one-way messages, echoes requests, plays the raw-socket ceiling when asked.</summary>
    public static async Task<int> ChildAsync(string name, bool sharedMemory, bool callingThread)
    {
        var setup = new Setup(sharedMemory ? IpcTransport.SharedMemory : IpcTransport.UnixSocket, callingThread);
        await using IpcChannel channel = await IpcChannel.ConnectAsync(name, CreateFormatter(), setup.Transport, setup.Options());
        long received = 0;
        bool batches = false;
        Task rawPeer = Task.CompletedTask;
        var batch = new object[4096];
        while (true)
        {
            // One message at a time (ReceiveAsync), or as many as have arrived (ReceiveBatchAsync) for the batch rows.
            int got;
            if (batches)
            {
                got = await channel.ReceiveBatchAsync(batch);
            }
            else
            {
                object? one = await channel.ReceiveAsync();
                batch[0] = one!;
                got = one is null ? 0 : 1;
            }

            if (got == 0)
            {
                break;
            }

            for (int i = 0; i < got; i++)
            {
                object message = batch[i];
                switch (message)
                {
                    case IpcRequest { Message: Control { Kind: Control.BatchOnKind or Control.BatchOffKind } request } switching:
                        batches = request.Kind == Control.BatchOnKind;
                        await switching.RespondAsync(request);
                        break;
                    case IpcRequest { Message: Control } request:
                        await request.RespondAsync(new Control { Kind = Control.CountKind, Count = received });
                        received = 0;
                        break;
                    case IpcRequest request:
                        await request.RespondAsync(request.Message);
                        break;
                    case Control { Kind: Control.RawKind } raw:
                        // Beside the channel, not instead of it: the parent alternates round trips over both.
                        rawPeer = RawPeerAsync(raw.Text!, raw.Count, raw.Size);
                        break;
                    default:
                        received++;
                        break;
                }
            }
        }

        await rawPeer;
        return 0;
    }

    /// <summary>Makes the peer receive with ReceiveBatchAsync (<paramref name="on"/>) or ReceiveAsync, from the next message on.</summary>
    private static Task SetBatchReceiveAsync(IpcChannel channel, bool on) =>
        channel.RequestAsync<Control>(new Control { Kind = on ? Control.BatchOnKind : Control.BatchOffKind }, TimeSpan.FromMinutes(1));

    /// <summary>One way in batches: <paramref name="count"/> Trades sent <see cref="BatchSize"/> at a time with SendBatchAsync.</summary>
    private static async Task<double> OneWayBatchAsync(IpcChannel channel, Trade[] batch, int count)
    {
        long start = Stopwatch.GetTimestamp();
        int left = count;
        while (left > 0)
        {
            int n = Math.Min(left, batch.Length);
            await channel.SendBatchAsync(new ReadOnlyMemory<Trade>(batch, 0, n));
            left -= n;
        }

        Control reply = await channel.RequestAsync<Control>(new Control { Kind = Control.CountKind }, TimeSpan.FromMinutes(5));
        double seconds = Stopwatch.GetElapsedTime(start).TotalSeconds;
        if (reply.Count != count)
        {
            throw new InvalidOperationException($"the peer counted {reply.Count} messages of {count}");
        }

        return seconds;
    }

    private static async Task<double> OneWayAsync<T>(IpcChannel channel, T message, int count)
    {
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < count; i++)
        {
            await channel.SendAsync(message);
        }

        // The count comes back behind every message: the time includes the last one's delivery.
        Control reply = await channel.RequestAsync<Control>(new Control { Kind = Control.CountKind }, TimeSpan.FromMinutes(5));
        double seconds = Stopwatch.GetElapsedTime(start).TotalSeconds;
        if (reply.Count != count)
        {
            throw new InvalidOperationException($"the peer counted {reply.Count} messages of {count}");
        }

        return seconds;
    }

    /// <summary>
    /// The CPU both processes use while the open channel carries nothing, in percent of one core (user +
    /// system time over wall time; the child's from /proc, -1 where there is none).
    /// </summary>
    private static async Task<(double Parent, double Child)> IdleCpuAsync(Process child, int seconds)
    {
        await Task.Delay(200); // let the last round trip's spin run out
        TimeSpan parentBefore = Process.GetCurrentProcess().TotalProcessorTime;
        double childBefore = CpuSeconds(child.Id);
        long start = Stopwatch.GetTimestamp();
        await Task.Delay(TimeSpan.FromSeconds(seconds));
        double elapsed = Stopwatch.GetElapsedTime(start).TotalSeconds;
        double parent = (Process.GetCurrentProcess().TotalProcessorTime - parentBefore).TotalSeconds / elapsed * 100;
        double childAfter = CpuSeconds(child.Id);
        double childIdle = childBefore < 0 || childAfter < 0 ? -1 : (childAfter - childBefore) / elapsed * 100;
        return (parent, childIdle);
    }

    /// <summary>utime + stime of a process from /proc/PID/stat, in seconds; -1 where that file cannot be read.</summary>
    private static double CpuSeconds(int pid)
    {
        try
        {
            string stat = File.ReadAllText($"/proc/{pid}/stat");
            string[] fields = stat.Substring(stat.LastIndexOf(')') + 2).Split(' ');
            long ticks = long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture);
            return ticks / 100.0; // USER_HZ
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return -1;
        }
    }

    /// <summary>Runs a one-way measurement three times and keeps the middle one: a shared 2-core machine is noisy.</summary>
    private static async Task<double> MedianOfThreeAsync(Func<Task<double>> measure, int messages, Process child)
    {
        // The CPU time both processes spend per message is printed too: on a loaded machine it says more than the wall time.
        TimeSpan parentBefore = Process.GetCurrentProcess().TotalProcessorTime;
        double childBefore = CpuSeconds(child.Id);
        var seconds = new[] { await measure(), await measure(), await measure() };
        double parentNs = (Process.GetCurrentProcess().TotalProcessorTime - parentBefore).TotalSeconds * 1e9 / (3.0 * messages);
        double childNs = (CpuSeconds(child.Id) - childBefore) * 1e9 / (3.0 * messages);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"//   one-way runs: {seconds[0]:F3} s, {seconds[1]:F3} s, {seconds[2]:F3} s; CPU per message: parent {parentNs:F0} ns, child {childNs:F0} ns"));
        Array.Sort(seconds);
        return seconds[1];
    }

    private static async Task<double[]> PingPongAsync(IpcChannel channel, Trade trade, int count)
    {
        var rtt = new double[count];
        for (int i = 0; i < count; i++)
        {
            long start = Stopwatch.GetTimestamp();
            Trade back = await channel.RequestAsync<Trade>(trade);
            rtt[i] = Stopwatch.GetElapsedTime(start).TotalMicroseconds;
            if (back.Time != trade.Time)
            {
                throw new InvalidOperationException("the peer echoed another trade");
            }
        }

        Array.Sort(rtt);
        return rtt;
    }

    private static async Task<double> RawOneWayAsync(Socket socket, byte[] record, int count)
    {
        int perChunk = 65536 / record.Length;
        byte[] chunk = new byte[perChunk * record.Length];
        for (int i = 0; i < perChunk; i++)
        {
            record.CopyTo(chunk, i * record.Length);
        }

        long start = Stopwatch.GetTimestamp();
        long left = count;
        while (left > 0)
        {
            int n = (int)Math.Min(left, perChunk);
            ReadOnlyMemory<byte> bytes = chunk.AsMemory(0, n * record.Length);
            while (!bytes.IsEmpty)
            {
                bytes = bytes[await socket.SendAsync(bytes)..];
            }

            left -= n;
        }

        byte[] ack = new byte[1];
        await ReceiveExactlyAsync(socket, ack);
        return Stopwatch.GetElapsedTime(start).TotalSeconds;
    }

    private static async Task<double[]> RawPingPongAsync(Socket socket, byte[] record, int count)
    {
        var rtt = new double[count];
        byte[] back = new byte[record.Length];
        for (int i = 0; i < count; i++)
        {
            long start = Stopwatch.GetTimestamp();
            await SendAllAsync(socket, record);
            await ReceiveExactlyAsync(socket, back);
            rtt[i] = Stopwatch.GetElapsedTime(start).TotalMicroseconds;
        }

        Array.Sort(rtt);
        return rtt;
    }

    /// <summary>The raw peer: reads the one-way bytes (warm-up, then measured run), acknowledges each run with one byte, then echoes records until the parent shuts the socket.</summary>
    private static async Task RawPeerAsync(string path, long count, int recordSize)
    {
        using var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        await socket.ConnectAsync(new UnixDomainSocketEndPoint(path));
        byte[] buffer = new byte[1 << 20];
        foreach (long run in new[] { WarmMessages((int)count), count })
        {
            long left = run * recordSize;
            while (left > 0)
            {
                int n = await socket.ReceiveAsync(buffer.AsMemory(0, (int)Math.Min(buffer.Length, left)));
                if (n == 0)
                {
                    throw new IOException("the parent closed the raw socket during the one-way run");
                }

                left -= n;
            }

            await SendAllAsync(socket, new byte[] { 1 });
        }

        byte[] record = new byte[recordSize];
        while (await TryReceiveExactlyAsync(socket, record))
        {
            await SendAllAsync(socket, record);
        }
    }

    private static async Task SendAllAsync(Socket socket, ReadOnlyMemory<byte> bytes)
    {
        while (!bytes.IsEmpty)
        {
            bytes = bytes[await socket.SendAsync(bytes)..];
        }
    }

    private static async Task ReceiveExactlyAsync(Socket socket, byte[] buffer)
    {
        if (!await TryReceiveExactlyAsync(socket, buffer))
        {
            throw new IOException("the peer closed the raw socket");
        }
    }

    private static async Task<bool> TryReceiveExactlyAsync(Socket socket, byte[] buffer)
    {
        int got = 0;
        while (got < buffer.Length)
        {
            int n = await socket.ReceiveAsync(buffer.AsMemory(got));
            if (n == 0)
            {
                return false;
            }

            got += n;
        }

        return true;
    }

    /// <summary>Runs <paramref name="once"/> once, then again until <paramref name="seconds"/> have passed.</summary>
    private static async Task WarmUpAsync<T>(Func<Task<T>> once, int seconds)
    {
        long start = Stopwatch.GetTimestamp();
        do
        {
            await once();
        }
        while (Stopwatch.GetElapsedTime(start).TotalSeconds < seconds);
    }

    private static int WarmMessages(int messages) => Math.Min(messages, MaxWarmMessages);

    private static int WarmPings(int pings) => Math.Min(pings, MaxWarmPings);

    private static CustomBinaryFormatter CreateFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Trade>(TradeId);
        formatter.Register<Customer>(CustomerId);
        formatter.Register<Control>(ControlId);
        return formatter;
    }

    private static Process StartSelf(string[] args)
    {
        string host = Environment.ProcessPath!;
        var info = new ProcessStartInfo(host) { UseShellExecute = false };
        if (Path.GetFileNameWithoutExtension(host) == "dotnet")
        {
            info.ArgumentList.Add(typeof(IpcRun).Assembly.Location);
        }

        foreach (string arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        return Process.Start(info) ?? throw new InvalidOperationException("could not start the ipc-child process");
    }

    private static async Task<bool> WaitForExitAsync(Process child)
    {
        try
        {
            await child.WaitForExitAsync().WaitAsync(ChildExitTimeout);
            return true;
        }
        catch (TimeoutException)
        {
            return false;
        }
    }

    /// <summary>The 1, 5 and 15 minute load averages (/proc/loadavg), or "n/a".</summary>
    private static string LoadAverage()
    {
        try
        {
            return string.Join(' ', File.ReadAllText("/proc/loadavg").Split(' ').Take(3));
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return "n/a";
        }
    }

    private static string Render(int messages, int pings, int warmUpSeconds, string command, int tradeRecord, int customerRecord, List<TransportResult> results, RawResult raw, string load)
    {
        int pairs = results.Max(r => Math.Max(1, r.Pairs.Count));
        var report = new StringBuilder();
        report.AppendLine("# IPC between two processes: FastSerialization.Ipc");
        report.AppendLine();
        report.AppendLine(MachineInfo.Block());
        report.AppendLine(string.Create(CultureInfo.InvariantCulture, $"{DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC; {RuntimeInformation.OSDescription}; {RuntimeInformation.ProcessArchitecture}, {Environment.ProcessorCount} logical cores; {RuntimeInformation.FrameworkDescription}."));
        report.AppendLine();
        report.AppendLine($"Command: `{command}`.");
        report.AppendLine();
        report.AppendLine($"Load average (1, 5, 15 minutes): {load}. With more than the 2 cores' worth of load, the wall-clock figures measure the machine's other work as much as the channel.");
        report.AppendLine();
        report.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"Two processes: this program and a copy of itself started as `ipc-child`, one per row, one channel each, both sides with the same `IpcChannelOptions`: the defaults (socket: a waiting caller reads the socket itself, inside its read, and a background reader asleep on a zero-byte read reads what no caller reads; shared memory: 1 MiB rings, a waiting caller polls the rings itself for the spin time chosen for the machine, 50 us on 2 cores or more, and a background reader asleep on the doorbell reads what no caller reads), or `ReceiveOnCallingThread = true` (\"calling thread\": nothing reads in the background, the reader reads the transport itself; shared memory spins {SpinTime.TotalMicroseconds:F0} us before it yields and sleeps). One way: {messages:N0} messages of one type sent with `SendAsync` (coalesced flushes), timed until the peer's count of them comes back (a request queued behind the last one); three such runs, the middle one reported. Each setup runs in {pairs} process pair(s), one after another for every setup in turn; with more than one, the tables give the middle pair and list every pair. Batches: the same Trades sent {BatchSize:N0} at a time with `SendBatchAsync`, the peer taking them with `ReceiveBatchAsync` (for the other rows it takes them one at a time with `ReceiveAsync`). Round trip: {pings:N0} `RequestAsync<Trade>` calls, one in flight, the peer answering each with `RespondAsync` of the trade it got. Each measurement follows a warm-up of the same kind ({WarmMessages(messages):N0} messages, {WarmPings(pings):N0} round trips), repeated until it has run for at least {warmUpSeconds} s (`--warm-up-seconds`), so that tiered compilation's final code is what is measured."));
        report.AppendLine();
        report.AppendLine(string.Create(CultureInfo.InvariantCulture, $"The ceiling is a plain Unix domain socket between the same two processes moving the same pre-encoded Trade record bytes: one way in 64 KiB writes, ping-pong one record each way; no serializer, no channel, no framing of its own. It is the limit for the socket transport; shared memory does not go through a socket and may pass it. It is measured in every socket process pair (once when no socket row runs), after the channel's one-way rows; the round trips of the channel and of the raw socket are then taken in {RoundTripBlocks} alternating blocks, so that both meet the same moments of the machine, and a socket row's round trip is compared with the ceiling of its own pair (the middle of its pairs' ratios): this VM moves both by up to 1.8x from one process pair to the next, and from one minute to the next. The ceiling rows give the middle of its pairs. The machine is shared and noisy: compare the rows of one run."));
        report.AppendLine();
        report.AppendLine("## One way");
        report.AppendLine();
        report.AppendLine("| Transport | Message | Record (B) | Messages | Seconds | Messages/s | MB/s |");
        report.AppendLine("|---|---|---:|---:|---:|---:|---:|");
        foreach (TransportResult r in results)
        {
            Row(report, r.Setup.Label, "Trade, SendAsync", tradeRecord, messages, r.TradeSeconds);
            Row(report, r.Setup.Label, "Customer, SendAsync", customerRecord, messages, r.CustomerSeconds);
            Row(report, r.Setup.Label, $"Trade, SendBatchAsync ({BatchSize:N0}) / ReceiveBatchAsync", tradeRecord, messages, r.BatchSeconds);
        }

        Row(report, "raw Unix socket (ceiling)", "Trade record bytes", tradeRecord, messages, raw.OneWaySeconds);
        report.AppendLine();
        report.AppendLine("## Round trip (ping-pong, one request in flight)");
        report.AppendLine();
        report.AppendLine("| Transport | What | Round trips | Median (us) | p99 (us) | p99.9 (us) | Median / ceiling |");
        report.AppendLine("|---|---|---:|---:|---:|---:|---:|");
        foreach (TransportResult r in results)
        {
            Percentiles(report, r.Setup.Label, "Trade, RequestAsync / RespondAsync", r.Rtt, r.CeilingRatio ?? Median(r.Rtt) / Median(raw.Rtt));
        }

        Percentiles(report, "raw Unix socket (ceiling)", "Trade record bytes, echoed", raw.Rtt, 1);
        report.AppendLine();
        if (results.Any(r => r.Pairs.Count > 1))
        {
            report.AppendLine("## Each process pair");
            report.AppendLine();
            report.AppendLine("The tables above give, per setup, the middle of its process pairs (one-way: the middle times; round trip: the pair with the middle median; idle: the highest). Every pair:");
            report.AppendLine();
            report.AppendLine("| Transport | Pair | Trade msgs/s | Customer msgs/s | Trade batches msgs/s | Round-trip median (us) | p99 (us) | Raw socket ping-pong median, same pair (us) | Median / raw, same pair |");
            report.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
            foreach (TransportResult r in results)
            {
                for (int i = 0; i < r.Pairs.Count; i++)
                {
                    TransportResult p = r.Pairs[i];
                    string ceiling = p.Ceiling is { } c
                        ? string.Create(CultureInfo.InvariantCulture, $"{Median(c.Rtt):F1} | {Median(p.Rtt) / Median(c.Rtt):F2}x")
                        : "- | -";
                    report.AppendLine(string.Create(CultureInfo.InvariantCulture,
                        $"| {r.Setup.Label} | {i + 1} | {messages / p.TradeSeconds:N0} | {messages / p.CustomerSeconds:N0} | {messages / p.BatchSeconds:N0} | {Median(p.Rtt):F1} | {At(p.Rtt, 0.99):F1} | {ceiling} |"));
                }
            }

            report.AppendLine();
        }

        report.AppendLine("## Idle channel");
        report.AppendLine();
        report.AppendLine("After the round trips, the open channel carries nothing for a few seconds: the CPU each process uses meanwhile, in percent of one core (user + system time over wall time, the child's from /proc). A waiting side spins for its spin time, yields, then sleeps until the peer's doorbell.");
        report.AppendLine();
        report.AppendLine("| Transport | Parent (% of a core) | Child (% of a core) |");
        report.AppendLine("|---|---:|---:|");
        foreach (TransportResult r in results)
        {
            report.AppendLine(string.Create(CultureInfo.InvariantCulture, $"| {r.Setup.Label} | {r.ParentIdleCpu:F2} | {(r.ChildIdleCpu < 0 ? "n/a" : r.ChildIdleCpu.ToString("F2", CultureInfo.InvariantCulture))} |"));
        }

        report.AppendLine();
        report.AppendLine("## Targets");
        report.AppendLine();
        report.AppendLine("| Target | Transport | Measured | Met? |");
        report.AppendLine("|---|---|---|---|");
        foreach (TransportResult r in results)
        {
            double tradeRate = messages / r.TradeSeconds;
            double batchRate = messages / r.BatchSeconds;
            double median = Median(r.Rtt);
            if (r.Setup.Transport == IpcTransport.UnixSocket)
            {
                double ratio = r.CeilingRatio ?? median / Median(raw.Rtt);
                string perPair = string.Join(" / ", r.Pairs.Where(p => p.Ceiling is not null).Select(p => string.Create(CultureInfo.InvariantCulture, $"{Median(p.Rtt):F1} vs {Median(p.Ceiling!.Rtt):F1} us")));
                Target(report, "One-way Trade >= 5,000,000 messages/s", r.Setup, $"{tradeRate:N0} messages/s", tradeRate >= 5_000_000);
                Target(report, "Round-trip median within 1.3x of the raw-socket ping-pong", r.Setup, $"{ratio:F2}x, the middle of its pairs' ratios to their own raw ping-pong ({perPair})", ratio <= 1.3);
                Target(report, "Batches: one-way Trade >= 20,000,000 messages/s", r.Setup, $"{batchRate:N0} messages/s", batchRate >= 20_000_000);
            }
            else
            {
                double medianTarget = r.Setup.Tuned ? 2 : 5;
                Target(report, "One-way Trade >= 10,000,000 messages/s", r.Setup, $"{tradeRate:N0} messages/s", tradeRate >= 10_000_000);
                Target(report, string.Create(CultureInfo.InvariantCulture, $"Round-trip median <= {medianTarget:F0} us"), r.Setup, $"{median:F1} us", median <= medianTarget);
                Target(report, "Batches: one-way Trade >= 30,000,000 messages/s", r.Setup, $"{batchRate:N0} messages/s", batchRate >= 30_000_000);
                double idle = Math.Max(r.ParentIdleCpu, r.ChildIdleCpu);
                Target(report, "Idle channel < 1% of a core (each process)", r.Setup, $"{idle:F2}% (the busier process)", r.ChildIdleCpu >= 0 && idle < 1);
            }
        }

        report.AppendLine();
        report.AppendLine("These rows measure the channel, which carries FastSerialization records; the serializers themselves, MemoryPack, MessagePack and protobuf-net among them, are compared in summary.md.");
        return report.ToString();
    }


    private static void Row(StringBuilder report, string transport, string what, int recordSize, int count, double seconds) =>
        report.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"| {transport} | {what} | {recordSize} | {count:N0} | {seconds:F3} | {count / seconds:N0} | {count * (double)recordSize / seconds / 1e6:F1} |"));

    private static void Percentiles(StringBuilder report, string transport, string what, double[] sorted, double ratioToCeiling) =>
        report.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"| {transport} | {what} | {sorted.Length:N0} | {Median(sorted):F1} | {At(sorted, 0.99):F1} | {At(sorted, 0.999):F1} | {ratioToCeiling:F2}x |"));

    private static void Target(StringBuilder report, string target, Setup setup, FormattableString measured, bool met) =>
        report.AppendLine($"| {target} | {setup.Label} | {measured.ToString(CultureInfo.InvariantCulture)} | {(met ? "yes" : "NO")} |");

    private static double Median(double[] sorted) => At(sorted, 0.5);

    private static double At(double[] sorted, double p) => sorted[Math.Min(sorted.Length - 1, (int)(p * sorted.Length))];

    /// <summary>One row of the report: a transport, with or without receiving on the calling thread (both sides alike).</summary>
    private sealed record Setup(IpcTransport Transport, bool CallingThread)
    {
        public string Label => (Transport == IpcTransport.SharedMemory ? "shared memory" : "Unix socket") + (CallingThread ? ", calling thread" : "");

        /// <summary>The tuned setup (the issue's "best setup"), as opposed to the defaults.</summary>
        public bool Tuned => CallingThread;

        public IpcChannelOptions Options() => new()
        {
            ReceiveOnCallingThread = CallingThread,
            SharedMemorySpinTime = CallingThread && Transport == IpcTransport.SharedMemory ? SpinTime : null,
        };
    }

    private sealed record TransportResult(Setup Setup, double TradeSeconds, double CustomerSeconds, double BatchSeconds, double[] Rtt, double ParentIdleCpu, double ChildIdleCpu)
    {
        /// <summary>Every process pair's own result, when this one stands for several.</summary>
        public IReadOnlyList<TransportResult> Pairs { get; init; } = Array.Empty<TransportResult>();

        /// <summary>The raw socket measured between the same two processes, right after the channel (socket pairs).</summary>
        public RawResult? Ceiling { get; init; }

        /// <summary>
        /// For a result standing for pairs that each measured the raw socket: the middle of the pairs' round-trip
        /// medians over their own ceiling's (with an even count, the higher); otherwise null.
        /// </summary>
        public double? CeilingRatio =>
            Pairs.Count > 0 && Pairs.All(p => p.Ceiling is not null)
                ? Pairs.Select(p => Median(p.Rtt) / Median(p.Ceiling!.Rtt)).OrderBy(v => v).ElementAt(Pairs.Count / 2)
                : null;
    }

    /// <summary>
    /// One result for a setup's process pairs: the middle one-way times, the round trips of the pair with the
    /// middle round-trip median, the highest idle CPU (the pairs themselves are listed in the report).
    /// </summary>
    private static TransportResult MiddlePair(List<TransportResult> pairs)
    {
        static double Middle(IEnumerable<double> values) => values.OrderBy(v => v).ElementAt(values.Count() / 2); // with an even count, the slower
        double[] rtt = pairs.OrderBy(p => Median(p.Rtt)).ElementAt(pairs.Count / 2).Rtt;
        return new TransportResult(
            pairs[0].Setup,
            Middle(pairs.Select(p => p.TradeSeconds)),
            Middle(pairs.Select(p => p.CustomerSeconds)),
            Middle(pairs.Select(p => p.BatchSeconds)),
            rtt,
            pairs.Max(p => p.ParentIdleCpu),
            pairs.Any(p => p.ChildIdleCpu < 0) ? -1 : pairs.Max(p => p.ChildIdleCpu))
        {
            Pairs = pairs,
        };
    }

    private sealed record RawResult(double OneWaySeconds, double[] Rtt);

    /// <summary>The ceiling the report's rows name: the middle one-way time and the round trips with the middle median of every pair that measured it.</summary>
    private static RawResult MiddleCeiling(List<RawResult> ceilings) => new(
        ceilings.Select(c => c.OneWaySeconds).OrderBy(v => v).ElementAt(ceilings.Count / 2),
        ceilings.OrderBy(c => Median(c.Rtt)).ElementAt(ceilings.Count / 2).Rtt);

    /// <summary>The benchmark's own coordination message (not measured).</summary>
    public sealed class Control : ICustomBinarySerializable
    {
        public const int CountKind = 1;
        public const int RawKind = 2;
        public const int BatchOnKind = 3;
        public const int BatchOffKind = 4;

        public int Kind { get; set; }

        public long Count { get; set; }

        public int Size { get; set; }

        public int Pings { get; set; }

        public string? Text { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Kind);
            writer.Write(Count);
            writer.Write(Size);
            writer.Write(Pings);
            writer.Write(Text);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            Kind = reader.ReadInt32();
            Count = reader.ReadInt64();
            Size = reader.ReadInt32();
            Pings = reader.ReadInt32();
            Text = reader.ReadString();
        }
    }
}

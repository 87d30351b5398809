using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Threading.Tasks;
using FastSerialization.Ipc;
using IpcDemo;

// One program, two processes: run without arguments, it starts itself again as a child and talks to it
// through a FastSerialization channel, over a Unix domain socket (a named pipe on Windows), over shared
// memory, and over shared memory tuned for latency (each side reads on its own thread and spins briefly
// before it sleeps), and prints the figures side by side.
//   dotnet run -c Release --project samples/IpcDemo [-- --transport socket|shm|shm-fast|both|all --trades N --pings N --idle-seconds N --spin-us N --warm-up-seconds N]
// (--spin-us is the spin time of the shm-fast setup, 50 by default; --warm-up-seconds how long each setup streams
// unmeasured trades first, 5 by default: on 2 busy cores the optimized code takes seconds to arrive.)
long spinMicroseconds = Option("--spin-us", 50);
if (args.Length >= 4 && args[0] == "--child")
{
    var childSetup = new Setup(Enum.Parse<IpcTransport>(args[2]), bool.Parse(args[3]));
    return await Child.RunAsync(args[1], childSetup, childSetup.Options(spinMicroseconds));
}

long trades = Option("--trades", 1_000_000);
int pings = (int)Option("--pings", 20_000);
int idleSeconds = (int)Option("--idle-seconds", 3);
double warmUpSeconds = Option("--warm-up-seconds", 5);
string which = TextOption("--transport", "all");
var socket = new Setup(IpcTransport.UnixSocket, CallingThread: false);
var sharedMemory = new Setup(IpcTransport.SharedMemory, CallingThread: false);
var sharedMemoryFast = new Setup(IpcTransport.SharedMemory, CallingThread: true);
Setup[] setups = which switch
{
    "socket" => new[] { socket },
    "shm" => new[] { sharedMemory },
    "shm-fast" => new[] { sharedMemoryFast },
    "both" => OperatingSystem.IsWindows() ? new[] { socket } : new[] { socket, sharedMemory },
    "all" => OperatingSystem.IsWindows() ? new[] { socket } : new[] { socket, sharedMemory, sharedMemoryFast },
    _ => throw new ArgumentException($"--transport is socket, shm, shm-fast, both or all, not '{which}'."),
};

var results = new List<Result>();
bool ok = true;
foreach (Setup setup in setups)
{
    Result result = await RunAsync(setup);
    results.Add(result);
    ok &= result.Ok;
}

Console.WriteLine();
Console.WriteLine($"{"",-28}{string.Join("", results.ConvertAll(r => $"{r.Setup.Label,16}"))}");
Row("one way Trade (msgs/s)", r => r.TradesPerSecond.ToString("N0", CultureInfo.InvariantCulture));
Row("one way Trade, batches", r => r.BatchedTradesPerSecond.ToString("N0", CultureInfo.InvariantCulture));
Row("one way Customer (msgs/s)", r => r.CustomersPerSecond.ToString("N0", CultureInfo.InvariantCulture));
Row("round trip median (us)", r => r.Median.ToString("F1", CultureInfo.InvariantCulture));
Row("round trip p99 (us)", r => r.P99.ToString("F1", CultureInfo.InvariantCulture));
Row("round trip p99.9 (us)", r => r.P999.ToString("F1", CultureInfo.InvariantCulture));
Row("idle CPU, parent (% core)", r => r.IdleParentCpu.ToString("F2", CultureInfo.InvariantCulture));
Row("idle CPU, child (% core)", r => r.IdleChildCpu < 0 ? "n/a" : r.IdleChildCpu.ToString("F2", CultureInfo.InvariantCulture));
Console.WriteLine(ok ? "IPC demo: OK" : "IPC demo: FAILED");
return ok ? 0 : 1;

async Task<Result> RunAsync(Setup setup)
{
    string name = $"ipcdemo-{Environment.ProcessId}-{setup.Transport}{(setup.CallingThread ? "-fast" : "")}";
    await using IpcServer server = IpcServer.Listen(name, Registry.Create(), setup.Transport, setup.Options(spinMicroseconds));
    using Process child = StartChild(name, setup, spinMicroseconds);
    await using IpcChannel channel = await server.AcceptAsync();
    Console.WriteLine($"[{setup.Label}] parent {Environment.ProcessId} <-> child {child.Id} under {server.Address}");
    // 0. Warm up (not measured), for a while rather than for a count: the runtime recompiles a hot method,
    // optimized, only after it has run for a while (tiered compilation), on a background thread that two busy
    // processes leave little of 2 cores to. Measured from the first message, the figures would show the
    // unoptimized code of the first second or so (a third of the speed on 2 cores), not what a service sees.
    bool fine = await WarmUpAsync(batch: 1);
    for (int i = 0; i < Math.Min(pings, 5_000); i++)
    {
        fine &= (await channel.RequestAsync<Pong>(new Ping { Id = i })).Id == i;
    }

    // 1. One way: a burst of trades, then a burst of customers, each closed by a summary the child checks.
    (double tradesPerSecond, bool tradesOk) = await StreamTradesAsync(trades);
    fine &= tradesOk;

    // 1b. The same trades in batches of 1,000 (SendBatchAsync), the child taking them with ReceiveBatchAsync.
    await channel.RequestAsync<ReceiveMode>(new ReceiveMode { Batches = true });
    fine &= await WarmUpAsync(batch: 1000);
    (double batchedPerSecond, bool batchedOk) = await StreamTradesAsync(trades, batch: 1000);
    fine &= batchedOk;
    await channel.RequestAsync<ReceiveMode>(new ReceiveMode { Batches = false });

    long customers = trades / 4;
    var clock = Stopwatch.StartNew();
    do
    {
        fine &= (await StreamCustomersAsync(Math.Min(customers, 100_000))).Ok; // warm-up
    }
    while (clock.Elapsed.TotalSeconds < warmUpSeconds / 2);

    (double customersPerSecond, bool customersOk) = await StreamCustomersAsync(customers);
    fine &= customersOk;
    Console.WriteLine($"[{setup.Label}] one way: {trades:N0} trades at {tradesPerSecond:N0}/s ({batchedPerSecond:N0}/s in batches), {customers:N0} customers at {customersPerSecond:N0}/s; child's counts and checksum {(fine ? "match" : "DIFFER")}");

    // 2. Round trips: request, response, one at a time.
    var rtt = new double[pings];
    for (int i = 0; i < pings; i++)
    {
        long start = Stopwatch.GetTimestamp();
        Pong pong = await channel.RequestAsync<Pong>(new Ping { Id = i });
        rtt[i] = Stopwatch.GetElapsedTime(start).TotalMicroseconds;
        fine &= pong.Id == i;
    }

    Array.Sort(rtt);
    double Percentile(double p) => rtt[Math.Min(rtt.Length - 1, (int)(p * rtt.Length))];
    Console.WriteLine($"[{setup.Label}] round trip ({pings:N0} requests): median {Percentile(0.5):F1} us, p99 {Percentile(0.99):F1} us, p99.9 {Percentile(0.999):F1} us");

    // 3. An idle channel: the CPU both processes use while nothing is sent.
    await Task.Delay(200);
    TimeSpan parentBefore = Process.GetCurrentProcess().TotalProcessorTime;
    double childBefore = CpuSeconds(child.Id);
    clock.Restart();
    await Task.Delay(TimeSpan.FromSeconds(idleSeconds));
    double elapsed = clock.Elapsed.TotalSeconds;
    double parentIdle = (Process.GetCurrentProcess().TotalProcessorTime - parentBefore).TotalSeconds / elapsed * 100;
    double childAfter = CpuSeconds(child.Id);
    double childIdle = childBefore < 0 || childAfter < 0 ? -1 : (childAfter - childBefore) / elapsed * 100;
    Console.WriteLine($"[{setup.Label}] idle for {elapsed:F1} s: parent {parentIdle:F2}% of a core, child {(childIdle < 0 ? "n/a" : childIdle.ToString("F2", CultureInfo.InvariantCulture) + "%")}");

    await channel.DisposeAsync();
    await child.WaitForExitAsync();

    async Task<(double PerSecond, bool Ok)> StreamCustomersAsync(long count)
    {
        var clock = Stopwatch.StartNew();
        for (long i = 0; i < count; i++)
        {
            await channel.SendAsync(new Customer { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = (int)i });
        }

        await channel.SendAsync(new StreamEnd { Customers = count });
        var verdict = (StreamEnd)(await channel.ReceiveAsync())!;
        return (count / clock.Elapsed.TotalSeconds, verdict.Customers == count && verdict.Trades == 0);
    }

    async Task<bool> WarmUpAsync(int batch)
    {
        bool ok = true;
        var warming = Stopwatch.StartNew();
        do
        {
            ok &= (await StreamTradesAsync(Math.Min(trades, 300_000), batch)).Ok;
        }
        while (warming.Elapsed.TotalSeconds < warmUpSeconds);

        return ok;
    }

    async Task<(double PerSecond, bool Ok)> StreamTradesAsync(long count, int batch = 1)
    {
        double priceSum = 0;
        var pending = new Trade[batch];
        var clock = Stopwatch.StartNew();
        for (long i = 0; i < count; i++)
        {
            var trade = new Trade
            {
                TimeNs = 1_700_000_000_000_000_000UL + (ulong)i,
                Price = 30_000 + (i % 1000) * 0.5,
                Amount = 0.01 * (1 + (i % 5)),
                Exchange = 1,
                BaseCurrency = 2,
                QuoteCurrency = 3,
                Side = (byte)(i % 2),
            };
            priceSum += trade.Price;
            if (batch == 1)
            {
                await channel.SendAsync(trade);
                continue;
            }

            pending[i % batch] = trade;
            if (i % batch == batch - 1 || i == count - 1)
            {
                await channel.SendBatchAsync(new ReadOnlyMemory<Trade>(pending, 0, (int)(i % batch) + 1));
            }
        }

        await channel.SendAsync(new StreamEnd { Trades = count, PriceSum = priceSum });
        var verdict = (StreamEnd)(await channel.ReceiveAsync())!;
        return (count / clock.Elapsed.TotalSeconds, verdict.Trades == count && verdict.Customers == 0 && verdict.PriceSum == priceSum);
    }
    fine &= child.ExitCode == 0;
    return new Result(setup, fine, tradesPerSecond, batchedPerSecond, customersPerSecond, Percentile(0.5), Percentile(0.99), Percentile(0.999), parentIdle, childIdle);
}

void Row(string label, Func<Result, string> cell) =>
    Console.WriteLine($"{label,-28}{string.Join("", results.ConvertAll(r => $"{cell(r),16}"))}");


// utime + stime of a process from /proc/<pid>/stat (Linux), in seconds; -1 elsewhere.
static double CpuSeconds(int pid)
{
    try
    {
        string stat = File.ReadAllText($"/proc/{pid}/stat");
        string[] fields = stat.Substring(stat.LastIndexOf(')') + 2).Split(' ');
        long ticks = long.Parse(fields[11], CultureInfo.InvariantCulture) + long.Parse(fields[12], CultureInfo.InvariantCulture);
        return ticks / 100.0; // USER_HZ
    }
    catch (IOException)
    {
        return -1;
    }
    catch (UnauthorizedAccessException)
    {
        return -1;
    }
}

long Option(string flag, long fallback)
{
    int at = Array.IndexOf(args, flag);
    return at >= 0 && at + 1 < args.Length ? long.Parse(args[at + 1], CultureInfo.InvariantCulture) : fallback;
}

string TextOption(string flag, string fallback)
{
    int at = Array.IndexOf(args, flag);
    return at >= 0 && at + 1 < args.Length ? args[at + 1] : fallback;
}

static Process StartChild(string name, Setup setup, long spinMicroseconds)
{
    string host = Environment.ProcessPath!;
    var info = new ProcessStartInfo(host) { UseShellExecute = false };
    if (Path.GetFileNameWithoutExtension(host) == "dotnet")
    {
        info.ArgumentList.Add(typeof(Trade).Assembly.Location); // started as 'dotnet IpcDemo.dll'
    }

    info.ArgumentList.Add("--child");
    info.ArgumentList.Add(name);
    info.ArgumentList.Add(setup.Transport.ToString());
    info.ArgumentList.Add(setup.CallingThread.ToString());
    info.ArgumentList.Add("--spin-us");
    info.ArgumentList.Add(spinMicroseconds.ToString(CultureInfo.InvariantCulture));
    return Process.Start(info)!;
}

/// <summary>A transport, and whether both sides read on their own thread (ReceiveOnCallingThread, with a spin on shared memory).</summary>
internal sealed record Setup(IpcTransport Transport, bool CallingThread)
{
    public string Label => Transport == IpcTransport.UnixSocket ? "unix socket" : CallingThread ? "shm, fast" : "shared memory";

    public IpcChannelOptions Options(long spinMicroseconds) => new()
    {
        ReceiveOnCallingThread = CallingThread,
        SharedMemorySpinTime = CallingThread ? TimeSpan.FromMicroseconds(spinMicroseconds) : null, // null: the default, chosen for the machine
    };
}

internal sealed record Result(Setup Setup, bool Ok, double TradesPerSecond, double BatchedTradesPerSecond, double CustomersPerSecond, double Median, double P99, double P999, double IdleParentCpu, double IdleChildCpu);

internal static class Child
{
    public static async Task<int> RunAsync(string name, Setup setup, IpcChannelOptions options)
    {
        await using IpcChannel channel = await IpcChannel.ConnectAsync(name, Registry.Create(), setup.Transport, options);
        long trades = 0, customers = 0;
        double priceSum = 0;
        bool batches = false;
        var received = new object[1024];
        while (true)
        {
            // One message at a time (what most code does), or every message that has arrived (ReceiveBatchAsync).
            int count = batches
                ? await channel.ReceiveBatchAsync(received)
                : await channel.ReceiveAsync() is { } one ? Take(one) : 0;
            if (count == 0)
            {
                break;
            }

            for (int i = 0; i < count; i++)
            {
                batches = await HandleAsync(received[i], batches);
            }
        }

        return 0;

        int Take(object message)
        {
            received[0] = message;
            return 1;
        }

        async Task<bool> HandleAsync(object message, bool batches)
        {
            switch (message)
            {
                case Trade trade:
                    trades++;
                    priceSum += trade.Price;
                    break;
                case Customer:
                    customers++;
                    break;
                case StreamEnd:
                    await channel.SendAsync(new StreamEnd { Trades = trades, Customers = customers, PriceSum = priceSum });
                    trades = customers = 0;
                    priceSum = 0;
                    break;
                case IpcRequest { Message: Ping ping } request:
                    await request.RespondAsync(new Pong { Id = ping.Id });
                    break;
                case IpcRequest { Message: ReceiveMode mode } request:
                    await request.RespondAsync(mode);
                    return mode.Batches;
            }

            return batches;
        }
    }
}

using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Threading.Tasks;
using FastSerialization.Ipc;
using IpcDemo;

// One program, two processes: run without arguments, it starts itself again as a child and talks to it
// through a FastSerialization channel over a Unix domain socket (a named pipe on Windows).
//   dotnet run --project samples/IpcDemo [-- --trades N --pings N]
if (args.Length >= 2 && args[0] == "--child")
{
    return await Child.RunAsync(args[1]);
}

long trades = Option("--trades", 1_000_000);
int pings = (int)Option("--pings", 20_000);
string name = $"ipcdemo-{Environment.ProcessId}";

await using IpcServer server = IpcServer.Listen(name, Registry.Create());
using Process child = StartChild(name);
await using IpcChannel channel = await server.AcceptAsync();
Console.WriteLine($"parent {Environment.ProcessId} <-> child {child.Id} over {server.Address}");

// 1. One way: a burst of trades and customers, then a summary the child checks against what it received.
long customers = trades / 10;
double priceSum = 0;
var clock = Stopwatch.StartNew();
for (long i = 0; i < trades; i++)
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
    await channel.SendAsync(trade);
    if (i % 10 == 0 && i / 10 < customers)
    {
        await channel.SendAsync(new Customer { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = (int)i });
    }
}

await channel.SendAsync(new StreamEnd { Trades = trades, Customers = customers, PriceSum = priceSum });
var verdict = (StreamEnd)(await channel.ReceiveAsync())!;
clock.Stop();
long messages = trades + customers;
bool ok = verdict.Trades == trades && verdict.Customers == customers && verdict.PriceSum == priceSum;
Console.WriteLine($"one way: {trades:N0} trades + {customers:N0} customers in {clock.Elapsed.TotalSeconds:F2} s = {messages / clock.Elapsed.TotalSeconds:N0} messages/s; child counted {verdict.Trades:N0} + {verdict.Customers:N0}, checksum {(ok ? "matches" : "DIFFERS")}");

// 2. Round trips: request, response, one at a time.
var rtt = new double[pings];
for (int i = 0; i < pings; i++)
{
    long start = Stopwatch.GetTimestamp();
    Pong pong = await channel.RequestAsync<Pong>(new Ping { Id = i });
    rtt[i] = Stopwatch.GetElapsedTime(start).TotalMicroseconds;
    if (pong.Id != i)
    {
        ok = false;
    }
}

Array.Sort(rtt);
Console.WriteLine($"round trip ({pings:N0} requests): median {Percentile(0.5):F1} us, p99 {Percentile(0.99):F1} us, p99.9 {Percentile(0.999):F1} us");

await channel.DisposeAsync();
await child.WaitForExitAsync();
Console.WriteLine(ok && child.ExitCode == 0 ? "IPC demo: OK" : $"IPC demo: FAILED (child exit code {child.ExitCode})");
return ok && child.ExitCode == 0 ? 0 : 1;

double Percentile(double p) => rtt[Math.Min(rtt.Length - 1, (int)(p * rtt.Length))];

long Option(string flag, long fallback)
{
    int at = Array.IndexOf(args, flag);
    return at >= 0 && at + 1 < args.Length ? long.Parse(args[at + 1], CultureInfo.InvariantCulture) : fallback;
}

static Process StartChild(string name)
{
    string host = Environment.ProcessPath!;
    var info = new ProcessStartInfo(host) { UseShellExecute = false };
    if (Path.GetFileNameWithoutExtension(host) == "dotnet")
    {
        info.ArgumentList.Add(typeof(Trade).Assembly.Location); // started as 'dotnet IpcDemo.dll'
    }

    info.ArgumentList.Add("--child");
    info.ArgumentList.Add(name);
    return Process.Start(info)!;
}

internal static class Child
{
    public static async Task<int> RunAsync(string name)
    {
        await using IpcChannel channel = await IpcChannel.ConnectAsync(name, Registry.Create());
        long trades = 0, customers = 0;
        double priceSum = 0;
        await foreach (object message in channel.ReadAllAsync())
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
                    break;
                case IpcRequest { Message: Ping ping } request:
                    await request.RespondAsync(new Pong { Id = ping.Id });
                    break;
            }
        }

        return 0;
    }
}

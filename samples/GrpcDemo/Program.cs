using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using FastSerialization;
using FastSerialization.Grpc;
using Grpc.Core;
using Grpc.Net.Client;
using GrpcDemo;

// One program, two processes: run without arguments, it starts itself again as the server (both services on one
// Kestrel server, HTTP/2 over loopback) and, as the client, answers requests and streams trades with
// FastSerialization messages and with Google.Protobuf messages, then prints the figures side by side.
//   dotnet run -c Release --project samples/GrpcDemo [-- --pings N --messages N --rounds N --warmup N --report FILE]
if (args.Length > 0 && args[0] == "--server")
{
    return await Server.RunAsync();
}

int pings = (int)Option("--pings", 5_000);
int messages = (int)Option("--messages", 200_000);
int rounds = (int)Option("--rounds", 2);
int warmup = (int)Option("--warmup", 3_000);
string? reportPath = TextOption("--report", null);

using Process server = StartServer();
try
{
    string? line = await server.StandardOutput.ReadLineAsync();
    if (line is null || !line.StartsWith("listening ", StringComparison.Ordinal))
    {
        Console.Error.WriteLine("GrpcDemo: the server process did not start: " + line);
        return 1;
    }

    var address = new Uri(line.Substring("listening ".Length));
    Console.WriteLine($"server process {server.Id} listening on {address} (HTTP/2); client process {Environment.ProcessId}");
    using GrpcChannel channel = GrpcChannel.ForAddress(address);
    CustomBinaryFormatter formatter = TradeContract.NewFormatter();
    var fast = new FastGrpcClient(channel, formatter);
    var proto = new GrpcDemo.Proto.Trades.TradesClient(channel);

    // Requests and answers first: the same trade both ways.
    Trade answer = await fast.UnaryAsync(TradeContract.GetTrade, new TradeRequest { Symbol = "MSFT", Count = 42 });
    GrpcDemo.Proto.Trade protoAnswer = await proto.GetTradeAsync(new GrpcDemo.Proto.TradeRequest { Symbol = "MSFT", Count = 42 });
    Trade expected = TradeContract.TradeFor("MSFT", 42);
    bool same = answer.Id == expected.Id && answer.Symbol == expected.Symbol && answer.Price == expected.Price && answer.Quantity == expected.Quantity
        && answer.TimeUnixMs == expected.TimeUnixMs && answer.Buy == expected.Buy && protoAnswer.Equals(TradeContract.ProtoTradeFor("MSFT", 42));
    Console.WriteLine($"request MSFT #42 -> trade {answer.Id} {answer.Symbol} {answer.Quantity} @ {answer.Price.ToString(CultureInfo.InvariantCulture)} (protobuf: {protoAnswer.Id}); equal: {same}");

    // Warm both paths up (HTTP/2 windows, and the JIT: tiered compilation recompiles hot methods in the
    // background, and a short warm-up left FastSerialization's paths mid-way, which showed as a p99 seven times
    // the median), then let the background compiler finish, then measure in alternating rounds.
    for (int i = 0; i < 2; i++)
    {
        await UnaryFast(fast, warmup);
        await UnaryProto(proto, warmup);
        await StreamFast(fast, warmup * 20);
        await StreamProto(proto, warmup * 20);
        await Task.Delay(1000);
    }

    var fastLatencies = new List<double>();
    var protoLatencies = new List<double>();
    var fastRates = new List<double>();
    var protoRates = new List<double>();
    for (int round = 0; round < rounds; round++)
    {
        // Each contender goes first in every other round, so that neither always inherits the other's garbage.
        if (round % 2 == 0)
        {
            fastLatencies.AddRange(await UnaryFast(fast, pings));
            protoLatencies.AddRange(await UnaryProto(proto, pings));
            fastRates.Add(await StreamFast(fast, messages));
            protoRates.Add(await StreamProto(proto, messages));
        }
        else
        {
            protoLatencies.AddRange(await UnaryProto(proto, pings));
            fastLatencies.AddRange(await UnaryFast(fast, pings));
            protoRates.Add(await StreamProto(proto, messages));
            fastRates.Add(await StreamFast(fast, messages));
        }
    }

    double fastBytes = Enumerable.Range(0, 1000).Average(i => (double)formatter.SerializeUnframedToArray(TradeContract.TradeFor("MSFT", i)).Length);
    double protoBytes = Enumerable.Range(0, 1000).Average(i => (double)TradeContract.ProtoTradeFor("MSFT", i).CalculateSize());
    int fastRequest = formatter.SerializeUnframedToArray(new TradeRequest { Symbol = "MSFT", Count = 42 }).Length;
    int protoRequest = new GrpcDemo.Proto.TradeRequest { Symbol = "MSFT", Count = 42 }.CalculateSize();

    var table = new StringBuilder();
    table.AppendLine("| loopback gRPC, one HTTP/2 connection | FastSerialization | Google.Protobuf | ratio (FS / protobuf) |");
    table.AppendLine("|---|---:|---:|---:|");
    Row(table, "unary round trip, median (us)", Percentile(fastLatencies, 0.50), Percentile(protoLatencies, 0.50), "F1");
    Row(table, "unary round trip, p99 (us)", Percentile(fastLatencies, 0.99), Percentile(protoLatencies, 0.99), "F1");
    Row(table, "server streaming (messages/s)", fastRates.Average(), protoRates.Average(), "N0");
    Row(table, "Trade message (bytes, before gRPC's 5-byte frame)", fastBytes, protoBytes, "F1");
    Row(table, "request message (bytes)", fastRequest, protoRequest, "F0");
    string caption = $"after a warm-up of 2 x ({warmup:N0} calls, {warmup * 20:N0} streamed trades) each: {rounds} alternating rounds of {pings:N0} unary calls and one stream of {messages:N0} trades per contender; "
        + $"{Environment.ProcessorCount} cores, .NET {Environment.Version}, {DateTime.UtcNow:yyyy-MM-dd}";
    Console.WriteLine();
    Console.WriteLine(caption);
    Console.Write(table);
    if (reportPath is not null)
    {
        File.WriteAllText(reportPath, "# gRPC over loopback: FastSerialization vs Google.Protobuf\n\n" + caption + "\n\n" + table);
        Console.WriteLine("report written to " + reportPath);
    }

    if (!same)
    {
        Console.Error.WriteLine("GrpcDemo: the answers differ");
        return 1;
    }

    Console.WriteLine("GrpcDemo: OK");
    return 0;
}
finally
{
    // Closing the server's standard input stops it.
    server.StandardInput.Close();
    if (!server.WaitForExit(10_000))
    {
        server.Kill();
    }
}

async Task<List<double>> UnaryFast(FastGrpcClient client, int count)
{
    var latencies = new List<double>(count);
    var request = new TradeRequest { Symbol = "MSFT" };
    for (int i = 0; i < count; i++)
    {
        request.Count = i;
        long start = Stopwatch.GetTimestamp();
        Trade trade = await client.UnaryAsync(TradeContract.GetTrade, request);
        latencies.Add(Stopwatch.GetElapsedTime(start).TotalMicroseconds);
        Check(trade.Id == 1_000_000 + i, "unary");
    }

    return latencies;
}

async Task<List<double>> UnaryProto(GrpcDemo.Proto.Trades.TradesClient client, int count)
{
    var latencies = new List<double>(count);
    var request = new GrpcDemo.Proto.TradeRequest { Symbol = "MSFT" };
    for (int i = 0; i < count; i++)
    {
        request.Count = i;
        long start = Stopwatch.GetTimestamp();
        GrpcDemo.Proto.Trade trade = await client.GetTradeAsync(request);
        latencies.Add(Stopwatch.GetElapsedTime(start).TotalMicroseconds);
        Check(trade.Id == 1_000_000 + i, "unary");
    }

    return latencies;
}

async Task<double> StreamFast(FastGrpcClient client, int count)
{
    long start = Stopwatch.GetTimestamp();
    using AsyncServerStreamingCall<Trade> call = client.ServerStreaming(TradeContract.StreamTrades, new TradeRequest { Symbol = "MSFT", Count = count });
    long received = 0;
    while (await call.ResponseStream.MoveNext(default))
    {
        Check(call.ResponseStream.Current.Id == 1_000_000 + received, "stream");
        received++;
    }

    Check(received == count, "stream count");
    return count / Stopwatch.GetElapsedTime(start).TotalSeconds;
}

async Task<double> StreamProto(GrpcDemo.Proto.Trades.TradesClient client, int count)
{
    long start = Stopwatch.GetTimestamp();
    using AsyncServerStreamingCall<GrpcDemo.Proto.Trade> call = client.StreamTrades(new GrpcDemo.Proto.TradeRequest { Symbol = "MSFT", Count = count });
    long received = 0;
    while (await call.ResponseStream.MoveNext(default))
    {
        Check(call.ResponseStream.Current.Id == 1_000_000 + received, "stream");
        received++;
    }

    Check(received == count, "stream count");
    return count / Stopwatch.GetElapsedTime(start).TotalSeconds;
}

static void Check(bool condition, string what)
{
    if (!condition)
    {
        throw new InvalidOperationException("GrpcDemo: a wrong " + what + " message");
    }
}

static double Percentile(List<double> values, double p)
{
    double[] sorted = values.ToArray();
    Array.Sort(sorted);
    return sorted[Math.Min(sorted.Length - 1, (int)Math.Ceiling(p * sorted.Length) - 1)];
}

static void Row(StringBuilder table, string what, double fast, double proto, string format) =>
    table.AppendLine(CultureInfo.InvariantCulture, $"| {what} | {fast.ToString(format, CultureInfo.InvariantCulture)} | {proto.ToString(format, CultureInfo.InvariantCulture)} | {(fast / proto).ToString("F2", CultureInfo.InvariantCulture)} |");

Process StartServer()
{
    string host = Environment.ProcessPath!;
    var info = new ProcessStartInfo(host) { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardInput = true };
    if (Path.GetFileNameWithoutExtension(host) == "dotnet")
    {
        info.ArgumentList.Add(typeof(Trade).Assembly.Location); // started as 'dotnet GrpcDemo.dll'
    }

    info.ArgumentList.Add("--server");
    return Process.Start(info) ?? throw new InvalidOperationException("the server process did not start");
}

long Option(string flag, long fallback)
{
    int at = Array.IndexOf(args, flag);
    return at >= 0 && at + 1 < args.Length ? long.Parse(args[at + 1], CultureInfo.InvariantCulture) : fallback;
}

string? TextOption(string flag, string? fallback)
{
    int at = Array.IndexOf(args, flag);
    return at >= 0 && at + 1 < args.Length ? args[at + 1] : fallback;
}

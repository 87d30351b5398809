using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Modes;

/// <summary>
/// Per-message latency, the way seed 001 measured its formats: for each of N MarketUpdates, the time
/// to serialize it into a reused buffer, then the time to read it back and do a small aggregation
/// (total size, best bid, best ask), each timed alone with <see cref="Stopwatch.GetTimestamp"/>.
/// Reports median, p99, p99.9 and max in ns per message. Not a BenchmarkDotNet benchmark: the
/// distribution of single operations is the point, so every message is timed.
/// </summary>
public static class LatencyRun
{
    private const int PoolSize = 1024;

    public static int Run(int count, int binaryFormatterCount, string resultsDir)
    {
        MarketUpdate[] pool = Enumerable.Range(0, PoolSize).Select(MarketUpdate.Sample).ToArray();
        var contenders = new List<(ILatencyContender Contender, int Count)>
        {
            (new FastLatency(), count),
            (new FastReusedInstanceLatency(), count),
            (new MemoryPackLatency(pool), count),
            (new SeedLatency(), count),
            (new JsonLatency(), count),
            (new BinaryFormatterLatency(), Math.Min(count, binaryFormatterCount)),
        };

        double timerOverhead = MeasureTimerOverhead();
        Console.WriteLine($"// latency: {count:N0} MarketUpdates per contender (BinaryFormatter: {Math.Min(count, binaryFormatterCount):N0}); timer overhead median {timerOverhead:0} ns");
        var results = new List<Result>();
        foreach ((ILatencyContender contender, int n) in contenders)
        {
            Warmup(contender, pool);
            Result result = Measure(contender, pool, n);
            results.Add(result);
            Console.WriteLine($"// {result.Name}: serialize median {result.Serialize.Median:0} ns, p99 {result.Serialize.P99:0}, p99.9 {result.Serialize.P999:0}; deserialize median {result.Deserialize.Median:0} ns, p99 {result.Deserialize.P99:0}, p99.9 {result.Deserialize.P999:0}");
        }

        string path = Path.Combine(resultsDir, "latency.md");
        File.WriteAllText(path, Render(results, count, binaryFormatterCount, timerOverhead));
        Console.WriteLine($"Latency report: {path}");
        return 0;
    }

    private static void Warmup(ILatencyContender contender, MarketUpdate[] pool)
    {
        // Long enough for tiered compilation to reach its optimized code: at least 1,000 messages and 1 s.
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < 1000 || Stopwatch.GetElapsedTime(start).TotalMilliseconds < 1000; i++)
        {
            contender.Prepare(pool[i & (PoolSize - 1)]);
            contender.Serialize(pool[i & (PoolSize - 1)]);
            contender.ReadBack();
        }
    }

    private static Result Measure(ILatencyContender contender, MarketUpdate[] pool, int count)
    {
        var serialize = new long[count];
        var deserialize = new long[count];
        double checksum = 0;
        long bytes = 0;
        int gen0 = GC.CollectionCount(0);
        int gen1 = GC.CollectionCount(1);
        int gen2 = GC.CollectionCount(2);
        for (int i = 0; i < count; i++)
        {
            MarketUpdate message = pool[i & (PoolSize - 1)];
            message.Sequence = i;
            contender.Prepare(message);

            long t0 = Stopwatch.GetTimestamp();
            int written = contender.Serialize(message);
            long t1 = Stopwatch.GetTimestamp();
            (long sequence, double aggregate) = contender.ReadBack();
            long t2 = Stopwatch.GetTimestamp();

            serialize[i] = t1 - t0;
            deserialize[i] = t2 - t1;
            bytes += written;
            checksum += aggregate;
            if (sequence != i)
            {
                throw new InvalidOperationException($"{contender.Name} read back sequence {sequence}, expected {i}.");
            }
        }

        return new Result(
            contender.Name,
            count,
            bytes / count,
            Stats.From(serialize),
            Stats.From(deserialize),
            GC.CollectionCount(0) - gen0,
            GC.CollectionCount(1) - gen1,
            GC.CollectionCount(2) - gen2,
            checksum);
    }

    /// <summary>Seed 001's "basic aggregation": total size traded, lowest and highest quoted price.</summary>
    private static (long Sequence, double Aggregate) Aggregate(MarketUpdate update)
    {
        PriceLevel[] levels = update.Levels!;
        long size = 0;
        double low = double.MaxValue;
        double high = double.MinValue;
        foreach (PriceLevel level in levels)
        {
            size += level.Size;
            low = Math.Min(low, level.Price);
            high = Math.Max(high, level.Price);
        }

        return (update.Sequence, size + high - low);
    }

    /// <summary>The same aggregation over MemoryPack's counterpart.</summary>
    private static (long Sequence, double Aggregate) Aggregate(PeerMarketUpdate update)
    {
        PeerPriceLevel[] levels = update.Levels!;
        long size = 0;
        double low = double.MaxValue;
        double high = double.MinValue;
        foreach (PeerPriceLevel level in levels)
        {
            size += level.Size;
            low = Math.Min(low, level.Price);
            high = Math.Max(high, level.Price);
        }

        return (update.Sequence, size + high - low);
    }

    private static double MeasureTimerOverhead()
    {
        var samples = new long[100_000];
        for (int i = 0; i < samples.Length; i++)
        {
            long t0 = Stopwatch.GetTimestamp();
            long t1 = Stopwatch.GetTimestamp();
            samples[i] = t1 - t0;
        }

        return Stats.From(samples).Median;
    }

    private static string Render(List<Result> results, int count, int binaryFormatterCount, double timerOverhead)
    {
        var md = new StringBuilder();
        md.AppendLine("# Per-message latency: MarketUpdate (seed 001 style)");
        md.AppendLine();
        md.AppendLine(Reporting.MachineInfo.Block());
        md.AppendLine($"Generated {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC by `dotnet run -c Release --project benchmarks/FastSerialization.Benchmarks -- latency --count {count}` (BinaryFormatter: {Math.Min(count, binaryFormatterCount):N0} messages, `--bf-count`).");
        md.AppendLine();
        md.AppendLine("Each message (a symbol, sequence, timestamp and 20 price levels; 1,024 distinct messages cycled, each with a new sequence number) is timed alone with `Stopwatch.GetTimestamp`: serialize into the contender's reused buffer or stream, then read back what was just written plus a small aggregation (total size, lowest and highest price) as seed 001 did. Each contender warms up for 1 s first. Times are ns per message and include the timer's own cost " +
            $"(median of two back-to-back `GetTimestamp` calls here: {timerOverhead:0} ns). GCs are the collections during the measured loop: each lands in one message, while p99.9 is the 1,000th slowest of 1,000,000 messages, so the collections alone cannot set it (benchmarks/results/issue10-focused.md, \"The deserialize latency tail\").");
        md.AppendLine();
        foreach ((string title, Func<Result, Stats> pick) in new (string, Func<Result, Stats>)[] { ("Serialize", r => r.Serialize), ("Deserialize + aggregate", r => r.Deserialize) })
        {
            md.AppendLine($"## {title}");
            md.AppendLine();
            md.AppendLine("| Contender | Messages | Bytes/msg | Median | 99th pctl | 99.9th pctl | p99.9 / median | Max | Mean | Total | GCs (0/1/2) |");
            md.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
            foreach (Result r in results)
            {
                Stats s = pick(r);
                md.AppendLine(string.Create(CultureInfo.InvariantCulture,
                    $"| {r.Name} | {r.Count:N0} | {r.BytesPerMessage} | {s.Median:0} ns | {s.P99:0} ns | {s.P999:0} ns | {s.P999 / s.Median:0.0}x | {s.Max:N0} ns | {s.Mean:0} ns | {s.TotalSeconds:0.000} s | {r.Gen0}/{r.Gen1}/{r.Gen2} |"));
            }

            md.AppendLine();
        }

        md.AppendLine("## Target: p99.9 within 4x of the median");
        md.AppendLine();
        md.AppendLine("FastSerialization's rows; MemoryPack's, which allocates a new object graph per message as the first row does, for comparison.");
        md.AppendLine();
        md.AppendLine("| Contender | Operation | Median | p99.9 | Ratio | Within 4x? |");
        md.AppendLine("|---|---|---:|---:|---:|---|");
        foreach (Result r in results.Where(r => r.Name.StartsWith("FastSerialization", StringComparison.Ordinal) || r.Name == "MemoryPack"))
        {
            foreach ((string op, Stats s) in new[] { ("Serialize", r.Serialize), ("Deserialize + aggregate", r.Deserialize) })
            {
                double ratio = s.P999 / s.Median;
                md.AppendLine(string.Create(CultureInfo.InvariantCulture, $"| {r.Name} | {op} | {s.Median:0} ns | {s.P999:0} ns | {ratio:0.0}x | {(ratio <= 4 ? "yes" : "NO")} |"));
            }
        }

        return md.ToString();
    }

    private interface ILatencyContender
    {
        string Name { get; }

        /// <summary>Untimed: called before each message's <see cref="Serialize"/> (a contender with its own payload type picks its counterpart here).</summary>
        void Prepare(MarketUpdate message)
        {
        }

        int Serialize(MarketUpdate message);

        /// <summary>Reads back what <see cref="Serialize"/> wrote and aggregates it (timed together).</summary>
        (long Sequence, double Aggregate) ReadBack();
    }

    private sealed class FastLatency : ILatencyContender
    {
        private readonly FastSerializationContender<MarketUpdate> _contender = new(MarketUpdate.Sample(0));

        public string Name => "FastSerialization";

        public int Serialize(MarketUpdate message) => _contender.Serialize(message);

        public (long Sequence, double Aggregate) ReadBack() => Aggregate(_contender.Deserialize(_contender.Written));
    }

    /// <summary>
    /// FastSerialization reading into one reused MarketUpdate (its own formatter, registered with a
    /// factory that returns that instance; the levels array is kept): shows how much of the
    /// deserialize tail is allocation.
    /// </summary>
    private sealed class FastReusedInstanceLatency : ILatencyContender
    {
        private readonly CustomBinaryFormatter _formatter = new();
        private readonly System.Buffers.ArrayBufferWriter<byte> _buffer = new(1024);
        private readonly MarketUpdate _instance = new();

        public FastReusedInstanceLatency()
        {
            _formatter.Register<MarketUpdate>(Formatters.MarketUpdateId, () => _instance);
            _formatter.Freeze();
        }

        public string Name => "FastSerialization, reused instance";

        public int Serialize(MarketUpdate message)
        {
            _buffer.ResetWrittenCount();
            _formatter.Serialize(_buffer, message);
            return _buffer.WrittenCount;
        }

        public (long Sequence, double Aggregate) ReadBack() => Aggregate(_formatter.Deserialize<MarketUpdate>(_buffer.WrittenSpan));
    }

    /// <summary>
    /// MemoryPack with its own counterpart of each pooled message (<see cref="PeerMarketUpdate"/>, converted once,
    /// its sequence number set outside the timed part): the same allocation of a new object graph per message,
    /// for comparison of the tails.
    /// </summary>
    private sealed class MemoryPackLatency : ILatencyContender
    {
        private readonly MemoryPackContender<PeerMarketUpdate> _contender;
        private readonly Dictionary<MarketUpdate, PeerMarketUpdate> _peers;
        private PeerMarketUpdate _next;

        public MemoryPackLatency(MarketUpdate[] pool)
        {
            _peers = pool.ToDictionary<MarketUpdate, MarketUpdate, PeerMarketUpdate>(m => m, PeerMarketUpdate.From, ReferenceEqualityComparer.Instance);
            _next = _peers[pool[0]];
            _contender = new MemoryPackContender<PeerMarketUpdate>(_next);
        }

        public string Name => "MemoryPack";

        public void Prepare(MarketUpdate message)
        {
            _next = _peers[message];
            _next.Sequence = message.Sequence;
        }

        public int Serialize(MarketUpdate message) => _contender.Serialize(_next);

        public (long Sequence, double Aggregate) ReadBack() => Aggregate(_contender.Deserialize(_contender.Written));
    }

    private sealed class SeedLatency : ILatencyContender
    {
        private readonly SeedContender<MarketUpdate> _contender = new(MarketUpdate.Sample(0));

        public string Name => "Seed (2008 formatter)";

        public int Serialize(MarketUpdate message) => _contender.Serialize(message);

        public (long Sequence, double Aggregate) ReadBack() => Aggregate(_contender.DeserializeWritten());
    }

    private sealed class JsonLatency : ILatencyContender
    {
        private readonly SystemTextJsonContender<MarketUpdate> _contender = new(MarketUpdate.Sample(0));

        public string Name => "System.Text.Json (source-generated)";

        public int Serialize(MarketUpdate message) => _contender.Serialize(message);

        public (long Sequence, double Aggregate) ReadBack() => Aggregate(_contender.Deserialize(_contender.Written));
    }

    private sealed class BinaryFormatterLatency : ILatencyContender
    {
        private readonly BinaryFormatterContender<MarketUpdate> _contender = new(MarketUpdate.Sample(0));

        public string Name => "BinaryFormatter";

        public int Serialize(MarketUpdate message) => _contender.Serialize(message);

        public (long Sequence, double Aggregate) ReadBack() => Aggregate(_contender.DeserializeWritten());
    }

    private sealed record Result(string Name, int Count, long BytesPerMessage, Stats Serialize, Stats Deserialize, int Gen0, int Gen1, int Gen2, double Checksum);

    private sealed record Stats(double Median, double P99, double P999, double Max, double Mean, double TotalSeconds)
    {
        public static Stats From(long[] ticks)
        {
            long[] sorted = (long[])ticks.Clone();
            Array.Sort(sorted);
            double toNs = 1e9 / Stopwatch.Frequency;
            double Percentile(double q) => sorted[Math.Clamp((int)Math.Ceiling(q * sorted.Length) - 1, 0, sorted.Length - 1)] * toNs;
            double total = sorted.Sum(t => (double)t) * toNs;
            return new Stats(Percentile(0.5), Percentile(0.99), Percentile(0.999), sorted[^1] * toNs, total / sorted.Length, total / 1e9);
        }
    }
}

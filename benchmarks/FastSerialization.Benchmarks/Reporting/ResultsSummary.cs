using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace FastSerialization.Benchmarks.Reporting;

/// <summary>
/// Writes <c>summary.md</c>: per payload, each contender's serialize and deserialize mean, allocation
/// and size side by side with its ratio to FastSerialization, the TradeBatch-versus-memcpy line, and
/// the issue's targets with where this run stands. Everything comes from the summaries of this run.
/// </summary>
public static class ResultsSummary
{
    private const string Ours = "FastSerialization";
    private const string Generated = "FastSerializationGenerated";

    public static void Write(IReadOnlyList<Summary> summaries, string resultsDir)
    {
        List<Row> rows = summaries
            .SelectMany(s => s.BenchmarksCases.Select(c => Row.From(s, c)))
            .Where(r => r is not null)
            .Select(r => r!)
            .ToList();
        if (rows.Count == 0)
        {
            return;
        }

        var md = new StringBuilder();
        md.AppendLine("# FastSerialization benchmarks: key figures");
        md.AppendLine();
        md.AppendLine(MachineInfo.Block());
        Summary first = summaries[0];
        md.AppendLine($"Job: {string.Join(", ", summaries.SelectMany(s => s.BenchmarksCases).Select(c => c.Job.DisplayInfo).Distinct())}. Generated {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC from this run's BenchmarkDotNet summaries ({first.Title} ...).");
        md.AppendLine();
        md.AppendLine("Ratios are the contender's mean time divided by FastSerialization's (IBufferWriter path) in the same run: 25.0 means 25 times slower than FastSerialization. Sizes are whole messages as each contender frames them.");
        md.AppendLine();

        foreach (IGrouping<string, Row> payload in rows.GroupBy(r => r.Payload))
        {
            md.AppendLine($"## {payload.Key}");
            md.AppendLine();
            md.AppendLine("| Contender | Serialize | ratio | alloc/op | Deserialize | ratio | alloc/op | Size (B) |");
            md.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|");
            Row? oursSer = payload.FirstOrDefault(r => r.Operation == "Serialize" && r.Contender == Ours);
            Row? oursDe = payload.FirstOrDefault(r => r.Operation == "Deserialize" && r.Contender == Ours);
            foreach (string contender in payload.Where(r => r.Operation is "Serialize" or "Deserialize").Select(r => r.Contender).Distinct())
            {
                Row? ser = payload.FirstOrDefault(r => r.Operation == "Serialize" && r.Contender == contender);
                Row? de = payload.FirstOrDefault(r => r.Operation == "Deserialize" && r.Contender == contender);
                md.AppendLine($"| {contender} | {Time(ser)} | {Ratio(ser, oursSer)} | {Bytes(ser?.Allocated)} | {Time(de)} | {Ratio(de, oursDe)} | {Bytes(de?.Allocated)} | {Bytes(ser?.Size ?? de?.Size)} |");
            }

            Row? memcpy = payload.FirstOrDefault(r => r.Operation == "Memcpy");
            if (memcpy is not null)
            {
                md.AppendLine();
                md.AppendLine("Physical limit, same run, same byte count:");
                md.AppendLine();
                md.AppendLine("| Operation | Bytes | Mean | GB/s | % of memcpy |");
                md.AppendLine("|---|---:|---:|---:|---:|");
                foreach (Row r in new[] { memcpy, oursSer, oursDe }.Where(r => r is not null).Select(r => r!))
                {
                    string name = r.Operation == "Memcpy" ? "memcpy (Span.CopyTo)" : $"{Ours} {r.Operation}";
                    md.AppendLine($"| {name} | {Bytes(r.Size)} | {Time(r)} | {Gbps(r):0.000} | {100 * Gbps(r) / Gbps(memcpy):0.0}% |");
                }
            }

            md.AppendLine();
        }

        WriteGeneratedVersusHandWritten(md, rows);

        md.AppendLine("## Targets (issue 4), where this run stands");
        md.AppendLine();
        md.AppendLine("| Target | Payload | Measured | Met? |");
        md.AppendLine("|---|---|---|---|");
        foreach (string payload in new[] { "Customer", "MarketUpdate" })
        {
            foreach (string op in new[] { "Serialize", "Deserialize" })
            {
                Row? ours = Find(rows, payload, op, Ours);
                Row? bf = Find(rows, payload, op, "BinaryFormatter");
                if (ours is not null && bf is not null)
                {
                    double x = bf.Mean / ours.Mean;
                    md.AppendLine($"| {op} >= 20x faster than BinaryFormatter | {payload} | {x:0.0}x | {(x >= 20 ? "yes" : "NO")} |");
                }

                md.AppendLine($"| {op} at least as fast as MemoryPack | {payload} | not measured: MemoryPack cannot be restored here (see README) | n/a |");
            }

            Row? size = Find(rows, payload, "Serialize", Ours);
            if (size?.Size is int oursSize)
            {
                List<Row> others = rows.Where(r => r.Payload == payload && r.Operation == "Serialize" && !r.Contender.StartsWith(Ours, StringComparison.Ordinal) && r.Size is not null).ToList();
                bool smallest = others.All(o => o.Size > oursSize);
                md.AppendLine($"| Smaller than every contender | {payload} | {oursSize} B vs {string.Join(", ", others.Select(o => $"{o.Contender} {o.Size}"))} | {(smallest ? "yes" : "NO")} |");
            }
        }

        foreach (Row ser in rows.Where(r => r.Operation == "Serialize" && r.Contender.StartsWith(Ours, StringComparison.Ordinal)))
        {
            md.AppendLine($"| Serialize into a reused buffer allocates 0 B ({ser.Contender}) | {ser.Payload} | {Bytes(ser.Allocated)} | {(ser.Allocated == 0 ? "yes" : "NO")} |");
        }

        Row? copy = rows.FirstOrDefault(r => r.Operation == "Memcpy");
        if (copy is not null)
        {
            foreach (string op in new[] { "Serialize", "Deserialize" })
            {
                Row? ours = Find(rows, copy.Payload, op, Ours);
                if (ours is not null)
                {
                    double share = Gbps(ours) / Gbps(copy);
                    md.AppendLine($"| {op} >= 50% of memcpy throughput | {copy.Payload} | {Gbps(ours):0.00} GB/s vs {Gbps(copy):0.00} GB/s = {100 * share:0.0}% | {(share >= 0.5 ? "yes" : "NO")} |");
                }
            }
        }

        md.AppendLine("| Latency p99.9 within 4x of median | MarketUpdate | see latency.md | - |");
        File.WriteAllText(Path.Combine(resultsDir, "summary.md"), md.ToString());
    }

    /// <summary>The source generator's code against the hand-written code of the same members, per payload.</summary>
    private static void WriteGeneratedVersusHandWritten(StringBuilder md, List<Row> rows)
    {
        List<string> payloads = rows.Where(r => r.Contender == Generated).Select(r => r.Payload).Distinct().ToList();
        if (payloads.Count == 0)
        {
            return;
        }

        md.AppendLine("## Generated ([BinarySerializable]) vs hand-written");
        md.AppendLine();
        md.AppendLine("Ratio = generated mean / hand-written mean, same run (below 1.00: the generated code is faster). Each payload's generated counterpart (`Payloads/Generated/`) has the same members in the same order; setup checks that it reads back the same values and writes the same payload bytes, or exactly the documented difference where the generator's encoding differs: Trade's two optional members are a bool plus the value instead of 0 for none, and each element of an array of objects (MarketUpdate's levels, TradeBatch's trades) carries a one-byte length.");
        md.AppendLine();
        md.AppendLine("| Payload | Serialize gen / hand | ratio | Deserialize gen / hand | ratio | Size gen / hand (B) | Bytes |");
        md.AppendLine("|---|---:|---:|---:|---:|---:|---|");
        foreach (string payload in payloads)
        {
            Row? genSer = Find(rows, payload, "Serialize", Generated);
            Row? handSer = Find(rows, payload, "Serialize", Ours);
            Row? genDe = Find(rows, payload, "Deserialize", Generated);
            Row? handDe = Find(rows, payload, "Deserialize", Ours);
            int? genSize = genSer?.Size ?? genDe?.Size;
            int? handSize = handSer?.Size ?? handDe?.Size;
            string bytes = SameBytes(genSer ?? genDe) switch
            {
                true => "identical payload (checked in setup)",
                false => $"differ by design ({(genSize - handSize)?.ToString("+#;-#;0", CultureInfo.InvariantCulture)} B; the exact difference is checked in setup)",
                null => "-",
            };
            md.AppendLine($"| {payload} | {Time(genSer)} / {Time(handSer)} | {Ratio(genSer, handSer)} | {Time(genDe)} / {Time(handDe)} | {Ratio(genDe, handDe)} | {Bytes(genSize)} / {Bytes(handSize)} | {bytes} |");
        }

        md.AppendLine();
    }

    /// <summary>The generated type's <c>SameBytes</c> (see <c>IGeneratedVariant</c>), from the benchmark class's second type argument.</summary>
    private static bool? SameBytes(Row? row)
    {
        for (Type? type = row?.BenchmarkType; type is not null; type = type.BaseType)
        {
            if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(Benchmarks.SerializerBenchmarks<,,>))
            {
                return type.GetGenericArguments()[1].GetProperty("SameBytes", System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static)?.GetValue(null) as bool?;
            }
        }

        return null;
    }

    private static Row? Find(List<Row> rows, string payload, string operation, string contender) =>
        rows.FirstOrDefault(r => r.Payload == payload && r.Operation == operation && r.Contender == contender);

    private static double Gbps(Row r) => (r.Size ?? 0) / r.Mean;

    private static string Ratio(Row? row, Row? baseline) =>
        row is null || baseline is null ? "-" : (row.Mean / baseline.Mean).ToString("0.00", CultureInfo.InvariantCulture);

    private static string Bytes(long? bytes) => bytes is long b ? b.ToString("N0", CultureInfo.InvariantCulture) : "-";

    private static string Time(Row? row)
    {
        if (row is null)
        {
            return "-";
        }

        double ns = row.Mean;
        return ns switch
        {
            < 1_000 => ns.ToString("0.0", CultureInfo.InvariantCulture) + " ns",
            < 1_000_000 => (ns / 1_000).ToString("0.00", CultureInfo.InvariantCulture) + " us",
            _ => (ns / 1_000_000).ToString("0.00", CultureInfo.InvariantCulture) + " ms",
        };
    }

    private sealed record Row(string Payload, string Operation, string Contender, double Mean, long? Allocated, int? Size, Type BenchmarkType)
    {
        public static Row? From(Summary summary, BenchmarkCase benchmark)
        {
            BenchmarkReport? report = summary[benchmark];
            if (report?.ResultStatistics is null)
            {
                return null;
            }

            string method = benchmark.Descriptor.WorkloadMethod.Name;
            int underscore = method.IndexOf('_', StringComparison.Ordinal);
            string operation = underscore < 0 ? method : method[..underscore];
            string contender = underscore < 0 ? method : method[(underscore + 1)..];
            string payload = benchmark.Descriptor.Type.Name.Replace("Benchmarks", string.Empty, StringComparison.Ordinal);
            int? size = PayloadSizes.TryGet(benchmark.Descriptor.Type, method, out int bytes) ? bytes : null;
            long? allocated = report.GcStats.GetBytesAllocatedPerOperation(benchmark);
            return new Row(payload, operation, contender, report.ResultStatistics.Mean, allocated, size, benchmark.Descriptor.Type);
        }
    }
}

using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using FastSerialization.Benchmarks.Benchmarks;

namespace FastSerialization.Benchmarks.Reporting;

/// <summary>
/// Writes <c>summary.md</c>: per payload, each contender's serialize and deserialize mean, allocation
/// and size side by side with its ratios to FastSerialization and to MemoryPack; every payload's ratios
/// to MemoryPack and sizes in one table each; the TradeBatch-versus-memcpy line; generated against
/// hand-written code; our code against the fair peers of each payload (issue 48); the issues' targets with where
/// this run stands; and issue 46's object graph and its deep copies with their targets. Everything comes from the
/// summaries of this run.
/// </summary>
public static class ResultsSummary
{
    private const string Ours = "FastSerialization";
    private const string Generated = "FastSerializationGenerated";
    private const string MemoryPack = "MemoryPack";
    private const string MemoryPackVersionTolerant = "MemoryPackVersionTolerant";
    private const string MemoryPackUnion = "MemoryPackUnion";
    private const string Orleans = "Orleans";
    private const string Tracked = "FastSerializationTracked";
    private const string MemoryPackCircularReference = "MemoryPackCircularReference";
    private const string DeepClone = "DeepClone";

    /// <summary>Issue 46's graph payload: its own section (no MemoryPack default row, no hand-written row), not in the cross-payload tables.</summary>
    private const string GraphPayload = "DepartmentGraph";

    /// <summary>Issue 48's evolvable fixed-layout arrays: their own section (memcpy, another version's readers), not in the cross-payload tables.</summary>
    private const string EvolvablePayload = "EvolvableTradeArray";

    /// <summary>
    /// Which peer is the fair one for which row (issue 48's decisions), for summary.md and README's benchmark section.
    /// </summary>
    public const string FairPeers =
        "Which peer is fair for which row. Our records stay framed and typed, and generated types are version tolerant by "
        + "default: every object carries its length and version, so that a reader one version older or newer skips or "
        + "defaults what it does not share. The fair peers of that default path are the encodings that do the same work: "
        + "MemoryPack in its `GenerateType.VersionTolerant` mode (a member count and every member's length per object) and "
        + "Orleans' serializer (a tagged field per member; source-generated codecs, one kept session, a reused "
        + "IBufferWriter). MemoryPack's default mode, which writes members in a fixed order with no way to add or remove "
        + "one, is a fair peer where both sides do the same work anyway: objects with strings, lists and nested objects "
        + "(Customer, Order, Payment). A single typed record (Trade, and every single message) carries which message it "
        + "is in its type id, so it is compared with MemoryPack writing the message behind a `[MemoryPackUnion]` tag "
        + "(`MemoryPackUnion`), not with a bare struct copy. Arrays of unmanaged structs (Trade, TradeBatch, TickArray, "
        + "LargeTradeBatch, MarketUpdate's levels) have no version-tolerant MemoryPack row: MemoryPack refuses that mode "
        + "for unmanaged structs (MEMPACK041) and copies them as memory, giving up versioning; there Orleans is the "
        + "version-tolerant peer, and MemoryPack's memory copy is compared with our fixed-layout rows.";

    /// <summary>The order of the contenders in every table; others (none today) follow in the run's order.</summary>
    private static readonly string[] ContenderOrder =
    {
        Ours, "FastSerializationSpan", Generated, "FastSerializationHandWrittenCompact", Tracked, "FastSerializationBulk",
        MemoryPack, MemoryPackVersionTolerant, MemoryPackUnion, MemoryPackCircularReference, Orleans, "MessagePack", "ProtobufNet", "SystemTextJson", "SystemTextJsonPreserve", "Seed", "BinaryFormatter",
    };

    /// <summary>The order of the payloads; others follow in the run's order.</summary>
    private static readonly string[] PayloadOrder = { "Customer", "Trade", "MarketUpdate", "TradeBatch", "LargeTradeBatch", "Order", "TickArray", "Payment", "Invoice", GraphPayload };

    /// <summary>The contenders of the cross-payload tables (one serializer each: not the Span and Bulk rows).</summary>
    private static readonly string[] Serializers =
    {
        Ours, Generated, MemoryPack, MemoryPackVersionTolerant, MemoryPackUnion, Orleans, "MessagePack", "ProtobufNet", "SystemTextJson", "Seed", "BinaryFormatter",
    };

    /// <summary>
    /// Writes <c>summary.md</c> into <paramref name="resultsDir"/> and returns its two cross-payload tables
    /// (time / MemoryPack and payload sizes) for the console; empty when no benchmark has a result.
    /// </summary>
    /// <param name="summaries">This run's BenchmarkDotNet summaries.</param>
    /// <param name="resultsDir">Where to write summary.md.</param>
    /// <returns>The digest to print.</returns>
    public static string Write(IReadOnlyList<Summary> summaries, string resultsDir)
    {
        List<Row> rows = summaries
            .SelectMany(s => s.BenchmarksCases.Select(c => Row.From(s, c)))
            .Where(r => r is not null)
            .Select(r => r!)
            .ToList();
        if (rows.Count == 0)
        {
            return string.Empty;
        }

        var md = new StringBuilder();
        md.AppendLine("# FastSerialization benchmarks: key figures");
        md.AppendLine();
        md.AppendLine(MachineInfo.Block());
        Summary first = summaries[0];
        md.AppendLine($"Job: {string.Join(", ", summaries.SelectMany(s => s.BenchmarksCases).Select(c => c.Job.DisplayInfo).Distinct())}. Generated {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC from this run's BenchmarkDotNet summaries ({first.Title} ...).");
        md.AppendLine();
        md.AppendLine("`ratio` is the contender's mean time divided by FastSerialization's (hand-written, IBufferWriter path) in the same run: 25.0 means 25 times slower than FastSerialization. `/ MemoryPack` divides by MemoryPack's mean for the same operation and payload: below 1.00 is faster than MemoryPack. `Size` is the whole message as each contender frames it; `w/o framing` leaves out a record's framing (FastSerialization: `<u32 length><varuint type id>`, 5 bytes for the type ids used here; the seed formatter: 8 bytes; MemoryPackUnion: its 1-byte union tag), which MemoryPack's other rows, Orleans, MessagePack, protobuf-net, System.Text.Json and BinaryFormatter do not have. `MemoryPack` is MemoryPack's default mode, `MemoryPackVersionTolerant` its `GenerateType.VersionTolerant` mode (only where MemoryPack accepts it: not for unmanaged structs), `MemoryPackUnion` the message behind a `[MemoryPackUnion]` tag (single messages only), `Orleans` Orleans' source-generated serializer.");
        md.AppendLine();

        // The payloads with serialize / deserialize rows (the deep-copy class has its own section, with the graph's).
        List<string> payloads = InOrder(rows.Where(r => r.Operation is "Serialize" or "Deserialize" && r.Payload != EvolvablePayload).Select(r => r.Payload), PayloadOrder).ToList();
        foreach (string payload in payloads)
        {
            List<Row> payloadRows = rows.Where(r => r.Payload == payload).ToList();
            md.AppendLine($"## {payload}");
            md.AppendLine();
            // A payload without a hand-written row (Invoice, DepartmentGraph) takes ratios over its generated row, and one
            // without MemoryPack's default mode (the graph) over MemoryPack's CircularReference row.
            string baseline = new[] { Ours, Generated, Tracked }.FirstOrDefault(c => payloadRows.Any(r => r.Contender == c)) ?? Ours;
            string pack = payloadRows.Any(r => r.Contender == MemoryPack) ? MemoryPack : MemoryPackCircularReference;
            if (baseline != Ours || pack != MemoryPack)
            {
                md.AppendLine($"In this table `ratio` divides by {baseline}'s mean and `/ MemoryPack` by {pack}'s (this payload has no {(baseline != Ours ? "hand-written row" : string.Empty)}{(baseline != Ours && pack != MemoryPack ? " and no " : string.Empty)}{(pack != MemoryPack ? "MemoryPack default-mode row" : string.Empty)}).");
                md.AppendLine();
            }

            md.AppendLine("| Contender | Serialize | ratio | / MemoryPack | alloc/op | Deserialize | ratio | / MemoryPack | alloc/op | Size (B) | w/o framing (B) |");
            md.AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
            Row? oursSer = Find(rows, payload, "Serialize", baseline);
            Row? oursDe = Find(rows, payload, "Deserialize", baseline);
            Row? packSer = Find(rows, payload, "Serialize", pack);
            Row? packDe = Find(rows, payload, "Deserialize", pack);
            foreach (string contender in InOrder(payloadRows.Where(r => r.Operation is "Serialize" or "Deserialize").Select(r => r.Contender), ContenderOrder))
            {
                Row? ser = Find(rows, payload, "Serialize", contender);
                Row? de = Find(rows, payload, "Deserialize", contender);
                Row? any = ser ?? de;
                md.AppendLine($"| {contender} | {Time(ser)} | {Ratio(ser, oursSer)} | {Ratio(ser, packSer)} | {Bytes(ser?.Allocated)} | {Time(de)} | {Ratio(de, oursDe)} | {Ratio(de, packDe)} | {Bytes(de?.Allocated)} | {Bytes(any?.Size)} | {Bytes(any?.PayloadOnly)} |");
            }

            Row? memcpy = payloadRows.FirstOrDefault(r => r.Operation == "Memcpy");
            if (memcpy is not null)
            {
                md.AppendLine();
                md.AppendLine("Physical limit, same run, same byte count:");
                md.AppendLine();
                md.AppendLine("| Operation | Bytes | Mean | GB/s | % of memcpy |");
                md.AppendLine("|---|---:|---:|---:|---:|");
                // Every row of ours that copies the bytes (not the view, which copies nothing).
                IEnumerable<Row> copies = payloadRows.Where(r => r.Operation is "Serialize" or "Deserialize"
                    && r.Contender.StartsWith(Ours, StringComparison.Ordinal) && !r.Contender.Contains("View", StringComparison.Ordinal));
                // The floor under reading into a new array: the allocation and one copy, no serializer.
                IEnumerable<Row> newArrays = payloadRows.Where(r => r.Operation == "NewArray");
                foreach (Row r in new[] { memcpy }.Concat(newArrays).Concat(copies))
                {
                    string name = r.Operation switch
                    {
                        "Memcpy" => "memcpy (Span.CopyTo)",
                        "NewArray" => $"new {r.Contender}[] then memcpy (no serializer)",
                        _ => $"{r.Contender} {r.Operation}",
                    };
                    md.AppendLine($"| {name} | {Bytes(r.Size)} | {Time(r)} | {Gbps(r):0.000} | {100 * Gbps(r) / Gbps(memcpy):0.0}% |");
                }
            }

            md.AppendLine();
        }

        // The graph has its own section below: its contenders (tracked types, MemoryPack CircularReference, System.Text.Json
        // Preserve) are not the cross-payload tables' columns.
        List<string> trees = payloads.Where(p => p != GraphPayload).ToList();
        string ratios = MemoryPackRatios(rows, trees);
        string sizes = Sizes(rows, trees);
        md.Append(ratios);
        md.Append(sizes);
        WriteGeneratedVersusHandWritten(md, rows);
        WriteFairPeers(md, rows, trees);
        WriteTargets(md, rows, trees);
        WriteGraph(md, rows);
        WriteEvolvable(md, rows);
        File.WriteAllText(Path.Combine(resultsDir, "summary.md"), md.ToString());
        return ratios + sizes;
    }

    /// <summary>Every payload's serialize / deserialize time over MemoryPack's, per serializer.</summary>
    private static string MemoryPackRatios(List<Row> rows, List<string> payloads)
    {
        List<string> contenders = Serializers.Where(c => rows.Any(r => r.Contender == c)).ToList();
        if (!rows.Any(r => r.Contender == MemoryPack))
        {
            return string.Empty;
        }

        var md = new StringBuilder();
        md.AppendLine("## Time / MemoryPack, every payload");
        md.AppendLine();
        md.AppendLine("Each cell: serialize ratio / deserialize ratio, the contender's mean over MemoryPack's in this run (below 1.00: faster than MemoryPack).");
        md.AppendLine();
        md.AppendLine("| Payload | " + string.Join(" | ", contenders) + " |");
        md.AppendLine("|---|" + string.Concat(contenders.Select(_ => "---:|")));
        foreach (string payload in payloads)
        {
            Row? packSer = Find(rows, payload, "Serialize", MemoryPack);
            Row? packDe = Find(rows, payload, "Deserialize", MemoryPack);
            IEnumerable<string> cells = contenders.Select(c =>
                $"{Ratio(Find(rows, payload, "Serialize", c), packSer)} / {Ratio(Find(rows, payload, "Deserialize", c), packDe)}");
            md.AppendLine($"| {payload} | {string.Join(" | ", cells)} |");
        }

        md.AppendLine();
        return md.ToString();
    }

    /// <summary>Every payload's message size per serializer, with FastSerialization's and the seed's without their record framing.</summary>
    private static string Sizes(List<Row> rows, List<string> payloads)
    {
        List<string> contenders = Serializers.Where(c => rows.Any(r => r.Contender == c && r.Size is not null)).ToList();
        if (contenders.Count == 0)
        {
            return string.Empty;
        }

        var md = new StringBuilder();
        md.AppendLine("## Payload sizes (bytes), every payload");
        md.AppendLine();
        md.AppendLine("Whole messages; where a contender frames its message as a record, the size without the framing follows in parentheses (FastSerialization: 5 bytes, `<u32 length><varuint type id>`; seed: 8 bytes; MemoryPackUnion: its 1-byte tag). The other contenders have no framing.");
        md.AppendLine();
        md.AppendLine("| Payload | " + string.Join(" | ", contenders) + " |");
        md.AppendLine("|---|" + string.Concat(contenders.Select(_ => "---:|")));
        foreach (string payload in payloads)
        {
            IEnumerable<string> cells = contenders.Select(c =>
            {
                Row? r = rows.FirstOrDefault(x => x.Payload == payload && x.Contender == c && x.Size is not null);
                if (r is null)
                {
                    return "-";
                }

                return r.Framing is > 0 ? $"{Bytes(r.Size)} ({Bytes(r.PayloadOnly)})" : Bytes(r.Size);
            });
            md.AppendLine($"| {payload} | {string.Join(" | ", cells)} |");
        }

        md.AppendLine();
        return md.ToString();
    }

    /// <summary>The targets of issue 4 and issue 10, for the hand-written and the generated code.</summary>
    private static void WriteTargets(StringBuilder md, List<Row> rows, List<string> payloads)
    {
        md.AppendLine("## Targets (issues 4, 10, 45 and 48), where this run stands");
        md.AppendLine();
        md.AppendLine("Measured for the hand-written FastSerialization code and for the generated ([BinarySerializable]) code; `Met?` answers for each, in that order. Time ratios are only as good as the job: a Dry job's single cold iteration says nothing about speed.");
        md.AppendLine();
        md.AppendLine("| Target | Payload | Hand-written | Generated | Met? |");
        md.AppendLine("|---|---|---|---|---|");
        string[] ours = { Ours, Generated };
        foreach (string payload in payloads)
        {
            foreach (string op in new[] { "Serialize", "Deserialize" })
            {
                Row? pack = Find(rows, payload, op, MemoryPack);
                if (pack is not null)
                {
                    Target($"{op} time / MemoryPack <= 1.00", payload, ours.Select(c => Find(rows, payload, op, c)).ToArray(),
                        r => (r.Mean / pack.Mean).ToString("0.00", CultureInfo.InvariantCulture), r => r.Mean <= pack.Mean);
                    if (pack.Allocated is long packAlloc)
                    {
                        Target($"{op} allocation <= MemoryPack's ({Bytes(packAlloc)} B)", payload, ours.Select(c => Find(rows, payload, op, c)).ToArray(),
                            r => Bytes(r.Allocated) + " B", r => r.Allocated <= packAlloc);
                    }
                }

                // Issue 48: the version-tolerant peers, <= 1.00 both ways (where MemoryPack has a version-tolerant row).
                foreach (string peer in new[] { MemoryPackVersionTolerant, Orleans })
                {
                    Row? fair = Find(rows, payload, op, peer);
                    if (fair is not null)
                    {
                        Target($"{op} time / {peer} <= 1.00", payload, ours.Select(c => Find(rows, payload, op, c)).ToArray(),
                            r => (r.Mean / fair.Mean).ToString("0.00", CultureInfo.InvariantCulture), r => r.Mean <= fair.Mean);
                    }
                }

                // Issue 48: a single framed message against MemoryPack's message behind a union tag.
                Row? union = Find(rows, payload, op, MemoryPackUnion);
                if (union is not null)
                {
                    Target($"{op} time / {MemoryPackUnion} <= 1.00", payload, ours.Select(c => Find(rows, payload, op, c)).ToArray(),
                        r => (r.Mean / union.Mean).ToString("0.00", CultureInfo.InvariantCulture), r => r.Mean <= union.Mean);
                }

                Row? bf = Find(rows, payload, op, "BinaryFormatter");
                if (bf is not null)
                {
                    Target($"{op} >= 20x faster than BinaryFormatter", payload, ours.Select(c => Find(rows, payload, op, c)).ToArray(),
                        r => (bf.Mean / r.Mean).ToString("0.0", CultureInfo.InvariantCulture) + "x", r => bf.Mean / r.Mean >= 20);
                }
            }

            Row? serOurs = Find(rows, payload, "Serialize", Ours);
            if (serOurs is not null)
            {
                List<Row> others = rows
                    .Where(r => r.Payload == payload && r.Operation == "Serialize" && !r.Contender.StartsWith(Ours, StringComparison.Ordinal) && r.PayloadOnly is not null)
                    .OrderBy(r => Array.IndexOf(ContenderOrder, r.Contender))
                    .ToList();
                string against = string.Join(", ", others.Select(o => $"{o.Contender} {Bytes(o.PayloadOnly)}"));
                Target($"Payload without framing no larger than any contender's ({against})", payload, ours.Select(c => Find(rows, payload, "Serialize", c)).ToArray(),
                    r => Bytes(r.PayloadOnly) + " B", r => others.All(o => r.PayloadOnly <= o.PayloadOnly));

                // Issue 48: the smallest payload of the three (ours, MemoryPack version tolerant where it exists, Orleans).
                List<Row> fairPeers = others.Where(o => o.Contender is MemoryPackVersionTolerant or Orleans).ToList();
                if (fairPeers.Count > 0)
                {
                    string fairAgainst = string.Join(", ", fairPeers.Select(o => $"{o.Contender} {Bytes(o.PayloadOnly)}"));
                    Target($"Payload without framing smallest against the version-tolerant peers ({fairAgainst})", payload, ours.Select(c => Find(rows, payload, "Serialize", c)).ToArray(),
                        r => Bytes(r.PayloadOnly) + " B", r => fairPeers.All(o => r.PayloadOnly <= o.PayloadOnly));
                }
            }
        }

        foreach (Row ser in rows.Where(r => r.Operation == "Serialize" && r.Contender.StartsWith(Ours, StringComparison.Ordinal)))
        {
            md.AppendLine($"| Serialize into a reused buffer allocates 0 B ({ser.Contender}) | {ser.Payload} | {Bytes(ser.Allocated)} B | | {(ser.Allocated == 0 ? "yes" : "NO")} |");
        }

        foreach (Row copy in rows.Where(r => r.Operation == "Memcpy"))
        {
            // The target is the fixed-layout batch's: every row of ours that copies the bytes, each named.
            foreach (Row hand in rows.Where(r => r.Payload == copy.Payload && r.Operation is "Serialize" or "Deserialize"
                && r.Contender.StartsWith(Ours, StringComparison.Ordinal) && !r.Contender.Contains("View", StringComparison.Ordinal)))
            {
                double share = Gbps(hand) / Gbps(copy);
                md.AppendLine($"| {hand.Operation} >= 50% of memcpy throughput ({hand.Contender}) | {copy.Payload} | {Gbps(hand):0.00} GB/s vs {Gbps(copy):0.00} GB/s = {100 * share:0.0}% | | {(share >= 0.5 ? "yes" : "NO")} |");
            }
        }

        md.AppendLine("| Latency p99.9 within 4x of median | MarketUpdate | see latency.md | | - |");

        void Target(string target, string payload, Row?[] measured, Func<Row, string> show, Func<Row, bool> met)
        {
            string Cell(Row? r) => r is null ? "-" : show(r);
            string Verdict(Row? r) => r is null ? "-" : met(r) ? "yes" : "NO";
            md.AppendLine($"| {target} | {payload} | {Cell(measured[0])} | {Cell(measured[1])} | {Verdict(measured[0])} / {Verdict(measured[1])} |");
        }
    }

    /// <summary>
    /// Our code against the fair peers of each payload (issue 48): the generated code (the hand-written where a payload has
    /// no generated row) over MemoryPack's default mode, its version-tolerant mode, MemoryPack behind a union tag and
    /// Orleans; and the payload sizes of the four encodings of a whole message.
    /// </summary>
    private static void WriteFairPeers(StringBuilder md, List<Row> rows, List<string> payloads)
    {
        if (!rows.Any(r => r.Contender is Orleans or MemoryPackVersionTolerant or MemoryPackUnion))
        {
            return;
        }

        md.AppendLine("## Against the fair peers (issue 48)");
        md.AppendLine();
        md.AppendLine(FairPeers);
        md.AppendLine();
        md.AppendLine("Each cell: our serialize ratio / deserialize ratio, our mean over the peer's in this run (below 1.00: ours is faster). `ours` is the generated ([BinarySerializable]) code, or the hand-written code where the payload has no generated row (the targets below give both); `/ MemoryPack union` divides our record by MemoryPack's union-tagged message. `-`: no such row (MemoryPack has no version-tolerant mode for unmanaged structs, and the union row is for single messages). Sizes are without framing: ours without its 5-byte record header, the union's without its tag.");
        md.AppendLine();
        md.AppendLine("| Payload | ours | / MemoryPack default | / MemoryPack VersionTolerant | / MemoryPack union | / Orleans | bytes: ours / MP / MPVT / Orleans |");
        md.AppendLine("|---|---|---:|---:|---:|---:|---:|");
        foreach (string payload in payloads)
        {
            string ours = rows.Any(r => r.Payload == payload && r.Contender == Generated) ? Generated : Ours;
            string Cell(string peer) =>
                $"{Ratio(Find(rows, payload, "Serialize", ours), Find(rows, payload, "Serialize", peer))} / {Ratio(Find(rows, payload, "Deserialize", ours), Find(rows, payload, "Deserialize", peer))}";
            string Size(string contender) => Bytes(rows.FirstOrDefault(r => r.Payload == payload && r.Contender == contender && r.Size is not null)?.PayloadOnly);
            md.AppendLine($"| {payload} | {(ours == Generated ? "generated" : "hand-written")} | {Cell(MemoryPack)} | {Cell(MemoryPackVersionTolerant)} | {Cell(MemoryPackUnion)} | {Cell(Orleans)} | {Size(ours)} / {Size(MemoryPack)} / {Size(MemoryPackVersionTolerant)} / {Size(Orleans)} |");
        }

        md.AppendLine();
    }

    /// <summary>
    /// Issue 46's object graph and its deep copy, with the issue's targets: ours (reference-tracked generated types) no
    /// slower than MemoryPack CircularReference and Orleans both ways and no larger; System.Text.Json Preserve and
    /// BinaryFormatter beside them; the deep copy within 1.5x of Orleans' generated copier and at least 20x faster than
    /// BinaryFormatter's MemoryStream idiom.
    /// </summary>
    private static void WriteGraph(StringBuilder md, List<Row> rows)
    {
        List<Row> graph = rows.Where(r => r.Payload == GraphPayload).ToList();
        List<Row> copies = rows.Where(r => r.Operation == DeepClone).ToList();
        if (graph.Count == 0 && copies.Count == 0)
        {
            return;
        }

        md.AppendLine();
        md.AppendLine("## Object graphs (issue 46), where this run stands");
        md.AppendLine();
        md.AppendLine($"One department, {Payloads.DepartmentGraphShape.EmployeeCount} employees, {Payloads.DepartmentGraphShape.ManagerCount} managers shared by the employees, everyone pointing back to the department. Every contender's record was read back in setup and had the graph's shape (the managers shared, the cycle closed), and every deep copy had it too and shared no object with the original. Ours is `{Tracked}` (generated types with `TrackReferences = true`). Sizes without framing (ours without its record header). Time ratios are only as good as the job: a Dry job's single cold iteration says nothing about speed.");
        md.AppendLine();
        md.AppendLine("| Target | Measured | Met? |");
        md.AppendLine("|---|---|---|");
        foreach (string op in new[] { "Serialize", "Deserialize" })
        {
            Row? ours = graph.FirstOrDefault(r => r.Operation == op && r.Contender == Tracked);
            foreach (string peer in new[] { MemoryPackCircularReference, Orleans })
            {
                Row? other = graph.FirstOrDefault(r => r.Operation == op && r.Contender == peer);
                string measured = ours is null || other is null ? "-" : $"{Time(ours)} / {Time(other)} = {Ratio(ours, other)}";
                string met = ours is null || other is null ? "-" : ours.Mean <= other.Mean ? "yes" : "NO";
                md.AppendLine($"| {op} time / {peer} <= 1.00 | {measured} | {met} |");
            }

            foreach (string other in new[] { "SystemTextJsonPreserve", "BinaryFormatter" })
            {
                Row? row = graph.FirstOrDefault(r => r.Operation == op && r.Contender == other);
                if (ours is not null && row is not null)
                {
                    md.AppendLine($"| {op} time / {other} (no target) | {Time(ours)} / {Time(row)} = {Ratio(ours, row)} | - |");
                }
            }
        }

        Row? oursSize = graph.FirstOrDefault(r => r.Contender == Tracked && r.Size is not null);
        List<Row> sizePeers = graph.Where(r => r.Operation == "Serialize" && r.Contender is MemoryPackCircularReference or Orleans && r.Size is not null).ToList();
        if (oursSize is not null && sizePeers.Count > 0)
        {
            string against = string.Join(", ", sizePeers.Select(r => $"{r.Contender} {Bytes(r.PayloadOnly)}"));
            md.AppendLine($"| Payload no larger than MemoryPack CircularReference's and Orleans' | {Bytes(oursSize.PayloadOnly)} B ({against}) | {(sizePeers.All(r => oursSize.PayloadOnly <= r.PayloadOnly) ? "yes" : "NO")} |");
        }

        Row? clone = copies.FirstOrDefault(r => r.Contender == Ours);
        Row? copier = copies.FirstOrDefault(r => r.Contender == Orleans);
        Row? idiom = copies.FirstOrDefault(r => r.Contender == "BinaryFormatter");
        if (clone is not null && copier is not null)
        {
            md.AppendLine($"| DeepClone time / Orleans' DeepCopier <= 1.50 | {Time(clone)} / {Time(copier)} = {Ratio(clone, copier)} | {(clone.Mean <= 1.5 * copier.Mean ? "yes" : "NO")} |");
        }

        if (clone is not null && idiom is not null)
        {
            md.AppendLine($"| DeepClone >= 20x faster than BinaryFormatter's MemoryStream idiom | {Time(idiom)} / {Time(clone)} = {(idiom.Mean / clone.Mean).ToString("0.0", CultureInfo.InvariantCulture)}x | {(idiom.Mean / clone.Mean >= 20 ? "yes" : "NO")} |");
        }

        md.AppendLine();
        if (copies.Count > 0)
        {
            md.AppendLine("Deep copies of the graph (`FastSerialization` is `CustomBinaryFormatter.DeepClone`, through the generated copiers; Orleans its generated `DeepCopier`; BinaryFormatter serializes into a `MemoryStream` and reads it back):");
            md.AppendLine();
            md.AppendLine("| Contender | DeepClone | / FastSerialization | alloc/op |");
            md.AppendLine("|---|---:|---:|---:|");
            foreach (Row r in copies.OrderBy(r => Array.IndexOf(ContenderOrder, r.Contender)))
            {
                md.AppendLine($"| {r.Contender} | {Time(r)} | {Ratio(r, clone)} | {Bytes(r.Allocated)} |");
            }

            md.AppendLine();
        }
    }

    /// <summary>
    /// Issue 48's evolvable fixed-layout arrays (docs/FORMAT.md section 3c): every row against memcpy of the same elements'
    /// bytes and against MemoryPack's copy of the same unmanaged structs, with the issue's targets.
    /// </summary>
    private static void WriteEvolvable(StringBuilder md, List<Row> rows)
    {
        List<Row> evolvable = rows.Where(r => r.Payload == EvolvablePayload).ToList();
        Row? memcpy = evolvable.FirstOrDefault(r => r.Operation == "Memcpy");
        if (memcpy is null)
        {
            return;
        }

        md.AppendLine();
        md.AppendLine("## Evolvable fixed-layout arrays (issue 48), where this run stands");
        md.AppendLine();
        md.AppendLine($"{Benchmarks.EvolvableTradeArrayBenchmarks.Count:N0} trades of 32 bytes as one section 3c sequence (the count, the element size once, the block), against `memcpy` of the same {Bytes(memcpy.Size)} bytes and MemoryPack's copy of the same unmanaged struct array (which cannot evolve). `% of memcpy` is memcpy's time over the row's, so 100% is memcpy's speed. The older reader's elements are 24 bytes (each element's prefix), the newer reader's 40 (each element's 32 bytes, then the appended member's default).");
        md.AppendLine();
        md.AppendLine("| Row | FastSerialization | MemoryPack | / MemoryPack | % of memcpy | Target | Met? |");
        md.AppendLine("|---|---:|---:|---:|---:|---|---|");
        void Line(string name, string operation, string? packOperation, string target, Func<double, double?, bool> met)
        {
            Row? ours = evolvable.FirstOrDefault(r => r.Operation == operation && r.Contender == Ours);
            Row? pack = packOperation is null ? null : evolvable.FirstOrDefault(r => r.Operation == packOperation && r.Contender == MemoryPack);
            if (ours is null)
            {
                return;
            }

            double share = memcpy.Mean / ours.Mean;
            double? toPack = pack is null ? null : ours.Mean / pack.Mean;
            string shareText = operation == "NewArray" ? "-" : (100 * share).ToString("0", CultureInfo.InvariantCulture) + "%";
            md.AppendLine($"| {name} | {Time(ours)} | {Time(pack)} | {Ratio(ours, pack)} | {shareText} | {target} | {(met(share, toPack) ? "yes" : "NO")} |");
        }

        Line("serialize, same version", "Serialize", "Serialize", ">= 90% of memcpy, <= 1.0 MemoryPack", (share, pack) => share >= 0.9 && pack <= 1.0);
        Line("read into a reused array, same version", "Deserialize", "Deserialize", ">= 90% of memcpy, <= 1.0 MemoryPack", (share, pack) => share >= 0.9 && pack <= 1.0);
        Line("read into a new array, same version", "NewArray", "NewArray", "<= 1.0 MemoryPack", (_, pack) => pack <= 1.0);
        Line("reader one version older", "OlderReader", null, ">= 25% of memcpy", (share, _) => share >= 0.25);
        Line("reader one version newer", "NewerReader", null, ">= 25% of memcpy", (share, _) => share >= 0.25);
        md.AppendLine($"| memcpy (Span.CopyTo) | {Time(memcpy)} | | | 100% | | |");
        md.AppendLine();
    }

    /// <summary>The source generator's code against the hand-written code of the same members, per payload.</summary>
    private static void WriteGeneratedVersusHandWritten(StringBuilder md, List<Row> rows)
    {
        // Payloads with both rows (Invoice has no hand-written form).
        List<string> payloads = rows.Where(r => r.Contender == Generated).Select(r => r.Payload).Distinct()
            .Where(p => rows.Any(r => r.Payload == p && r.Contender == Ours)).ToList();
        if (payloads.Count == 0)
        {
            return;
        }

        md.AppendLine("## Generated ([BinarySerializable]) vs hand-written");
        md.AppendLine();
        md.AppendLine("Ratio = generated mean / hand-written mean, same run (below 1.00: the generated code is faster). Each payload's generated counterpart (`Payloads/Generated/`) has the same members in the same order; setup checks that it reads back the same values, and that it writes the same payload bytes where the encodings are the same. They differ by design where the generator's encoding differs: single integers are varints (docs/FORMAT.md section 3a), Trade's two optional members are a bool plus the value instead of 0 for none, and each element of an array of non-fixed-layout structs (MarketUpdate's levels, TradeBatch's trades, TickArray's ticks) carries a one-byte length where the hand-written code writes the members inline.");
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
                false => $"differ by design ({(genSize - handSize)?.ToString("+#;-#;0", CultureInfo.InvariantCulture)} B; the values' round trip is checked in setup)",
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
            if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(SerializerBenchmarks<,,>))
            {
                return type.GetGenericArguments()[1].GetProperty("SameBytes", System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static)?.GetValue(null) as bool?;
            }
        }

        return null;
    }

    /// <summary>The distinct <paramref name="names"/>, those in <paramref name="order"/> first and in that order, then the rest as they came.</summary>
    private static IEnumerable<string> InOrder(IEnumerable<string> names, string[] order)
    {
        List<string> distinct = names.Distinct().ToList();
        return distinct.OrderBy(n => Array.IndexOf(order, n) is int i && i >= 0 ? i : order.Length + distinct.IndexOf(n));
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

    /// <summary>One benchmark's result: its payload, operation and contender (from the class and method names), mean, allocation and message size.</summary>
    private sealed record Row(string Payload, string Operation, string Contender, double Mean, long? Allocated, int? Size, int? Framing, Type BenchmarkType)
    {
        /// <summary>The message without its record framing.</summary>
        public int? PayloadOnly => Size - (Framing ?? 0);

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
            if (contender == DeepClone)
            {
                // The deep-copy rows are named Contender_DeepClone.
                (operation, contender) = (contender, operation);
            }

            string payload = benchmark.Descriptor.Type.Name.Replace("Benchmarks", string.Empty, StringComparison.Ordinal);
            bool sized = PayloadSizes.TryGet(benchmark.Descriptor.Type, method, out PayloadSize size);
            long? allocated = report.GcStats.GetBytesAllocatedPerOperation(benchmark);
            return new Row(payload, operation, contender, report.ResultStatistics.Mean, allocated, sized ? size.Message : null, sized ? size.Framing : null, benchmark.Descriptor.Type);
        }
    }
}

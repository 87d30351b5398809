using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Text;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Modes;

/// <summary>
/// The seed article's speed table (seed 002): N Customers serialized to and deserialized from a
/// MemoryStream, total seconds, for BinaryFormatter, the article's custom formatter and FastSerialization.
/// Every object is written to (or read from) the start of one reused MemoryStream, so the run measures
/// the formatters rather than a 400 MB stream growing; BinaryFormatter may time fewer objects and is
/// then scaled to N, which the report says.
/// </summary>
public static class SeedTableRun
{
    // The article's figures (2008, "dual xeon 2.2"), for reference: seconds for 10,000,000 objects.
    private const double ArticleBinarySerialize = 108.54;
    private const double ArticleCustomSerialize = 6.73;
    private const double ArticleBinaryDeserialize = 121.29;
    private const double ArticleCustomDeserialize = 8.55;

    public static int Run(int count, int binaryFormatterCount, string resultsDir)
    {
        binaryFormatterCount = Math.Min(count, binaryFormatterCount);
        Customer customer = Customer.Sample();

        CustomBinaryFormatter fast = Formatters.Fast;
        SeedCustomBinaryFormatter seed = Formatters.CreateSeed();
        BinaryFormatterContender<Customer>.EnsureAvailable();
#pragma warning disable SYSLIB0011
        var binary = new System.Runtime.Serialization.Formatters.Binary.BinaryFormatter();
#pragma warning restore SYSLIB0011

        Line fastLine = Time("FastSerialization", count, count, s => fast.Serialize(s, customer), s => fast.Deserialize(s));
        Line seedLine = Time("Custom (the article's formatter)", count, count, s => seed.Serialize(s, customer), s => seed.Deserialize(s));
        Line binaryLine = Time("Binary (BinaryFormatter)", count, binaryFormatterCount, s => binary.Serialize(s, customer), s => binary.Deserialize(s));

        var md = new StringBuilder();
        md.AppendLine("# The seed article's speed table, reproduced");
        md.AppendLine();
        md.AppendLine(Reporting.MachineInfo.Block());
        md.AppendLine($"Generated {DateTime.UtcNow:yyyy-MM-dd HH:mm} UTC by `dotnet run -c Release --project benchmarks/FastSerialization.Benchmarks -- seedtable --count {count} --bf-count {binaryFormatterCount}`.");
        md.AppendLine();
        md.AppendLine($"{count:N0} Customers (\"Smith\", \"John\", \"1 Main Street\", 35, 7), each serialized to the start of one reused MemoryStream (`Serialize(Stream, object)`), then each deserialized from a MemoryStream holding one record (`Deserialize(Stream)`), one thread, each after a warm-up of at least 1.5 s and 10,000 objects. Total wall-clock seconds, lower is better.");
        if (binaryFormatterCount < count)
        {
            md.AppendLine();
            md.AppendLine($"**BinaryFormatter was timed on {binaryFormatterCount:N0} objects and its times are scaled by {count / (double)binaryFormatterCount:0.##} to {count:N0}** (its per-object cost does not depend on the count: the stream is reused).");
        }

        md.AppendLine();
        md.AppendLine("| Test | Objects timed | Time for N (mm:ss.ff) | ns / object | vs FastSerialization | Record (B) | Article, 2008 (10,000,000) |");
        md.AppendLine("|---|---:|---:|---:|---:|---:|---:|");
        Row(md, "Serialize (Binary)", binaryLine, binaryLine.Serialize, fastLine.Serialize, count, ArticleBinarySerialize);
        Row(md, "Serialize (Custom)", seedLine, seedLine.Serialize, fastLine.Serialize, count, ArticleCustomSerialize);
        Row(md, "Serialize (FastSerialization)", fastLine, fastLine.Serialize, fastLine.Serialize, count, null);
        Row(md, "Deserialize (Binary)", binaryLine, binaryLine.Deserialize, fastLine.Deserialize, count, ArticleBinaryDeserialize);
        Row(md, "Deserialize (Custom)", seedLine, seedLine.Deserialize, fastLine.Deserialize, count, ArticleCustomDeserialize);
        Row(md, "Deserialize (FastSerialization)", fastLine, fastLine.Deserialize, fastLine.Deserialize, count, null);
        md.AppendLine();
        md.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"The article measured BinaryFormatter / Custom at {ArticleBinarySerialize / ArticleCustomSerialize:0.0}x (serialize) and {ArticleBinaryDeserialize / ArticleCustomDeserialize:0.0}x (deserialize) and sizes of 232 and 41 bytes. Here: BinaryFormatter / Custom {binaryLine.Serialize / seedLine.Serialize:0.0}x and {binaryLine.Deserialize / seedLine.Deserialize:0.0}x; BinaryFormatter / FastSerialization {binaryLine.Serialize / fastLine.Serialize:0.0}x and {binaryLine.Deserialize / fastLine.Deserialize:0.0}x; Custom / FastSerialization {seedLine.Serialize / fastLine.Serialize:0.00}x and {seedLine.Deserialize / fastLine.Deserialize:0.00}x."));

        string path = Path.Combine(resultsDir, "seed-table.md");
        File.WriteAllText(path, md.ToString());
        Console.Write(md.ToString());
        Console.WriteLine($"Seed table report: {path}");
        return 0;
    }

    private static void Row(StringBuilder md, string test, Line line, double secondsForN, double oursForN, int count, double? article)
    {
        TimeSpan time = TimeSpan.FromSeconds(secondsForN);
        string articleText = article is double a ? TimeSpan.FromSeconds(a).ToString(@"mm\:ss\.ff", CultureInfo.InvariantCulture) : "-";
        md.AppendLine(string.Create(CultureInfo.InvariantCulture,
            $"| {test} | {line.Timed:N0} | {time:mm\\:ss\\.ff} | {secondsForN * 1e9 / count:0.0} | {secondsForN / oursForN:0.00}x | {line.RecordBytes} | {articleText} |"));
    }

    private static Line Time(string name, int count, int timed, Action<Stream> serialize, Func<Stream, object> deserialize)
    {
        using var stream = new MemoryStream();
        // Warm up by time, not by count: tiered compilation promotes a method only after it has been
        // called for a while (100 ms without new methods being compiled), so a short count-based warm-up
        // would time the first contender partly in unoptimized code.
        long warmupStart = Stopwatch.GetTimestamp();
        for (int i = 0; i < 10_000 || Stopwatch.GetElapsedTime(warmupStart).TotalMilliseconds < 1500; i++)
        {
            stream.Position = 0;
            serialize(stream);
            stream.Position = 0;
            deserialize(stream);
        }

        stream.Position = 0;
        stream.SetLength(0);
        serialize(stream);
        int recordBytes = (int)stream.Length;

        GC.Collect();
        long start = Stopwatch.GetTimestamp();
        for (int i = 0; i < timed; i++)
        {
            stream.Position = 0;
            serialize(stream);
        }

        double serializeSeconds = Stopwatch.GetElapsedTime(start).TotalSeconds;

        GC.Collect();
        object? last = null;
        start = Stopwatch.GetTimestamp();
        for (int i = 0; i < timed; i++)
        {
            stream.Position = 0;
            last = deserialize(stream);
        }

        double deserializeSeconds = Stopwatch.GetElapsedTime(start).TotalSeconds;
        if (last is not Customer { LastName: "Smith", Age: 35, Code: 7 })
        {
            throw new InvalidOperationException($"{name} did not read the Customer back.");
        }

        double scale = count / (double)timed;
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"// {name}: {timed:N0} objects, serialize {serializeSeconds:0.000} s, deserialize {deserializeSeconds:0.000} s, {recordBytes} B"));
        return new Line(timed, serializeSeconds * scale, deserializeSeconds * scale, recordBytes);
    }

    private sealed record Line(int Timed, double Serialize, double Deserialize, int RecordBytes);
}

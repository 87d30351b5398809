using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;
using Xunit.Abstractions;

namespace FastSerialization.Files.Tests;

/// <summary>
/// Two processes: a child appends records in a loop and is killed with SIGKILL at random moments; after each kill the
/// file must hold every record the child was told was durable, nothing but whole records, and take further appends.
/// Three records in ten carry block images (of the same file and of another), which must never make a torn tail look
/// like corruption.
/// CI runs it for FS_FILES_CRASH_SECONDS (default 10 s); benchmarks/run-full.sh runs it for minutes.
/// </summary>
public class CrashTests
{
    private readonly ITestOutputHelper _output;

    public CrashTests(ITestOutputHelper output)
    {
        _output = output;
    }

    [Fact]
    public void ChildKilledAtRandomMoments_EveryDurableRecordSurvives_NothingButWholeRecords_AppendsGoOn()
    {
        double seconds = double.Parse(Environment.GetEnvironmentVariable("FS_FILES_CRASH_SECONDS") ?? "10", System.Globalization.CultureInfo.InvariantCulture);
        int maxKills = int.Parse(Environment.GetEnvironmentVariable("FS_FILES_CRASH_KILLS") ?? "1000", System.Globalization.CultureInfo.InvariantCulture);
        using var dir = new TempDirectory();
        string path = dir.File("crash.fsr");
        var random = new Random(20261123);
        var clock = Stopwatch.StartNew();
        int kills = 0, torn = 0;
        long lastCount = 0, lastDurable = 0;
        string[] durabilities = { "EveryBlock", "Interval", "OnFlush" };
        string[] compressions = { "None", "Brotli", "ZLib", "Lz4" };
        // At least 5 kills, and until one of them has torn a block: on a busy machine (two copies of this project side by
        // side) 10 s gave 5 kills and none landed inside a block. The search for a torn tail gets up to six times the
        // budget; the assertion at the end stays.
        while (kills < maxKills && (clock.Elapsed.TotalSeconds < seconds || kills < 5 || (torn == 0 && clock.Elapsed.TotalSeconds < seconds * 6)))
        {
            string durability = durabilities[kills % 3];
            string compression = compressions[(kills / 3) % compressions.Length];
            (long openCount, long dropped, long durable) = RunAndKill(path, durability, compression, kills, random.Next(5, 60));
            kills++;

            openCount.Should().BeGreaterThanOrEqualTo(lastDurable, "the child reopened the file with every record acknowledged as durable before");
            if (dropped > 0)
            {
                torn++;
            }

            // Reopen as a reader: at least what was acknowledged, and each record exactly the one written under its number.
            using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatterWithBlobs()))
            {
                reader.RecordCount.Should().BeGreaterThanOrEqualTo(Math.Max(durable, openCount), $"kill {kills}: every record acknowledged as durable survives");
                long n = 0;
                foreach (object record in reader.ReadAll())
                {
                    Records.IsExpected(record, n).Should().BeTrue($"kill {kills}: record {n} is whole and unchanged");
                    n++;
                }

                lastCount = n;
            }

            lastDurable = Math.Max(durable, lastDurable);
        }

        // A last append through this process: the file takes appends after all those kills.
        byte[] other = Records.BlocksOf(path + ".other")[^1];
        using (RecordFileWriter writer = RecordFileWriter.Open(path, Records.NewFormatterWithBlobs()))
        {
            writer.RecordCount.Should().Be(lastCount);
            for (long n = lastCount; n < lastCount + 10; n++)
            {
                Records.AppendWithImages(writer, n, Records.BlocksOf(path)[0], other);
            }
        }

        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatterWithBlobs()))
        {
            reader.RecordCount.Should().Be(lastCount + 10);
            long n = 0;
            foreach (object record in reader.ReadAll())
            {
                Records.IsExpected(record, n).Should().BeTrue($"record {n} after the last append");
                n++;
            }

            reader.ReadAll().OfType<Blob>().Should().NotBeEmpty("three records in ten carry block images");
        }

        _output.WriteLine($"{kills} kills in {clock.Elapsed.TotalSeconds:F1} s, {torn} reopenings dropped a torn tail, {lastCount} records at the end");
        torn.Should().BeGreaterThan(0, "with block writes split in two, some kills land inside a block");
    }

    private static (long OpenCount, long Dropped, long Durable) RunAndKill(string path, string durability, string compression, int seed, int waitMs)
    {
        string child = typeof(CrashTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "TestChildPath").Value!;
        var info = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string arg in new[] { child, "append", path, durability, compression, seed.ToString(System.Globalization.CultureInfo.InvariantCulture) })
        {
            info.ArgumentList.Add(arg);
        }

        info.Environment["FS_FILES_TEAR"] = "1";
        info.Environment["FS_FILES_IMAGES"] = "1"; // three records in ten carry block images, of this file and of another
        var lines = new List<string>();
        using var opened = new System.Threading.ManualResetEventSlim();
        using var appending = new System.Threading.ManualResetEventSlim();
        using Process process = Process.Start(info)!;
        process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                return;
            }

            lock (lines)
            {
                lines.Add(e.Data);
            }

            if (e.Data.StartsWith("open ", StringComparison.Ordinal))
            {
                opened.Set();
            }
            else if (e.Data.StartsWith("durable ", StringComparison.Ordinal))
            {
                appending.Set();
            }
        };
        process.BeginOutputReadLine();
        string errors = string.Empty;
        process.ErrorDataReceived += (_, e) => errors += e.Data;
        process.BeginErrorReadLine();
        if (!opened.Wait(TimeSpan.FromSeconds(30)))
        {
            process.Kill();
            throw new InvalidOperationException($"the child did not open the file: {errors}");
        }

        // The kill lands while the child is appending: after its first synced block (on a loaded machine the child's
        // start-up can outlast the random wait, and a kill before any append proves nothing).
        if (!appending.Wait(TimeSpan.FromSeconds(30)))
        {
            process.Kill();
            throw new InvalidOperationException($"the child opened the file but synced nothing in 30 s: {errors}");
        }

        System.Threading.Thread.Sleep(waitMs);
        process.Kill(); // SIGKILL on Unix
        process.WaitForExit();
        lock (lines)
        {
            string[] open = lines[0].Split(' ');
            long durable = lines.Where(l => l.StartsWith("durable ", StringComparison.Ordinal)).Select(l => long.Parse(l.Substring(8), System.Globalization.CultureInfo.InvariantCulture)).DefaultIfEmpty(0).Max();
            return (long.Parse(open[1], System.Globalization.CultureInfo.InvariantCulture), long.Parse(open[2], System.Globalization.CultureInfo.InvariantCulture), durable);
        }
    }
}

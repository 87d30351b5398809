using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using Perfolizer.Horology;

namespace FastSerialization.Files.Benchmarks;

/// <summary>
/// <code>
/// dotnet run -c Release --project benchmarks/FastSerialization.Files.Benchmarks -- --filter '*' [--job dry|short] [--results DIR]
/// dotnet run -c Release --project benchmarks/FastSerialization.Files.Benchmarks -- random [--reads N] [--results DIR]
/// dotnet run -c Release --project benchmarks/FastSerialization.Files.Benchmarks -- codecs [--rounds N] [--reads N] [--results DIR]
/// </code>
/// FS_FILES_BENCH_RECORDS sets the file size (default 2,000,000 trades). The exit code is non-zero when a benchmark failed
/// or has no result (each benchmark checks its own result in its setup).
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        List<string> rest = args.ToList();
        string? resultsOption = Take(rest, "--results");
        string resultsDir = Path.GetFullPath(resultsOption ?? Path.Combine(FindRepoRoot(), "benchmarks", "results"));
        Directory.CreateDirectory(resultsDir);
        if (rest.Count > 0 && rest[0] == "random")
        {
            rest.RemoveAt(0);
            int reads = int.Parse(Take(rest, "--reads") ?? "100000", CultureInfo.InvariantCulture);
            return RandomAccessRun.Run(reads, resultsDir);
        }

        if (rest.Count > 0 && rest[0] == "codecs")
        {
            string command = "dotnet run -c Release --project benchmarks/FastSerialization.Files.Benchmarks -- " + string.Join(' ', args);
            rest.RemoveAt(0);
            int rounds = int.Parse(Take(rest, "--rounds") ?? "9", CultureInfo.InvariantCulture);
            int reads = int.Parse(Take(rest, "--reads") ?? "2000", CultureInfo.InvariantCulture);
            return CodecsRun.Run(rounds, reads, resultsDir, command);
        }

        Job job = (Take(rest, "--job") ?? "files").ToLowerInvariant() switch
        {
            // Dry keeps the benchmarks alive in CI (one iteration each), in this process: no generated project to build.
            "dry" => Job.Dry.WithToolchain(InProcessEmitToolchain.Instance),
            "short" => Job.ShortRun,
            // The default: one launch, 3 warmups, 10 measured iterations of at least 500 ms (a whole-file operation each).
            _ => Job.Default.WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(10).WithIterationTime(TimeInterval.FromMilliseconds(500)).WithId("Files"),
        };
        IConfig config = DefaultConfig.Instance
            .AddJob(job)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(MarkdownExporter.GitHub)
            .WithArtifactsPath(resultsOption is not null ? Path.Combine(resultsDir, "artifacts") : Path.Combine(FindRepoRoot(), "benchmarks", "BenchmarkDotNet.Artifacts", "files"));
        Summary[] summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(rest.ToArray(), config).ToArray();
        int failed = summaries.Sum(s => s.Reports.Count(r => !r.Success || r.ResultStatistics is null)) + summaries.Count(s => s.HasCriticalValidationErrors);
        int ran = summaries.Sum(s => s.Reports.Length);
        Console.WriteLine(failed == 0 && ran > 0 ? $"All {ran} record-file benchmarks ran" : $"{failed} of {ran} record-file benchmarks failed");
        return failed == 0 && ran > 0 ? 0 : 1;
    }

    private static string? Take(List<string> args, string name)
    {
        int at = args.IndexOf(name);
        if (at < 0 || at + 1 >= args.Count)
        {
            return null;
        }

        string value = args[at + 1];
        args.RemoveRange(at, 2);
        return value;
    }

    private static string FindRepoRoot()
    {
        string? dir = AppContext.BaseDirectory;
        while (dir is not null && !File.Exists(Path.Combine(dir, "FastSerialization.sln")))
        {
            dir = Path.GetDirectoryName(dir);
        }

        return dir ?? Directory.GetCurrentDirectory();
    }
}

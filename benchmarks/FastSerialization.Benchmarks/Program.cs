using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using FastSerialization.Benchmarks.Modes;
using FastSerialization.Benchmarks.Reporting;
using FastSerialization.Ipc;

namespace FastSerialization.Benchmarks;

/// <summary>
/// <code>
/// dotnet run -c Release --project benchmarks/FastSerialization.Benchmarks -- --filter '*'   BenchmarkDotNet (any BDN option)
/// dotnet run -c Release --project benchmarks/FastSerialization.Benchmarks -- latency [--count N] [--bf-count N]
/// dotnet run -c Release --project benchmarks/FastSerialization.Benchmarks -- seedtable [--count N] [--bf-count N]
/// dotnet run -c Release --project benchmarks/FastSerialization.Benchmarks -- ipc [--messages N] [--pings N] [--pairs N] [--transport socket|shm|both] [--warm-up-seconds N]
/// (ipc starts the same program again as its peer: ipc-child NAME [--shm] [--calling-thread])
/// </code>
/// Every mode takes <c>--results DIR</c> (default: benchmarks/results of this repository) for its reports;
/// without it, a BenchmarkDotNet run that leaves out a benchmark class writes to benchmarks/results/partial.
/// The exit code is non-zero when anything failed, including a benchmark that BenchmarkDotNet reports
/// as failed or without a result.
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        List<string> rest = args.ToList();
        string repoRoot = FindRepoRoot();
        string? resultsOption = TakeOption(rest, "--results");
        string resultsDir = Path.GetFullPath(resultsOption ?? Path.Combine(repoRoot, "benchmarks", "results"));
        Directory.CreateDirectory(resultsDir);

        try
        {
            if (rest.Count > 0 && rest[0] == "latency")
            {
                rest.RemoveAt(0);
                int count = ParseCount(rest, "--count", 1_000_000);
                int bfCount = ParseCount(rest, "--bf-count", Math.Max(1, count / 10));
                RejectLeftovers(rest);
                return LatencyRun.Run(count, bfCount, resultsDir);
            }

            if (rest.Count > 0 && rest[0] == "seedtable")
            {
                rest.RemoveAt(0);
                int count = ParseCount(rest, "--count", 10_000_000);
                int bfCount = ParseCount(rest, "--bf-count", Math.Max(1, count / 10));
                RejectLeftovers(rest);
                return SeedTableRun.Run(count, bfCount, resultsDir);
            }

            if (rest.Count > 0 && rest[0] == "ipc")
            {
                string command = "dotnet run -c Release --project benchmarks/FastSerialization.Benchmarks -- " + string.Join(' ', rest);
                rest.RemoveAt(0);
                int messages = ParseCount(rest, "--messages", 2_000_000);
                int pings = ParseCount(rest, "--pings", 50_000);
                int pairs = ParseCount(rest, "--pairs", 1);
                IpcTransport[] transports = ParseTransports(TakeOption(rest, "--transport") ?? "both");
                int warmUpSeconds = ParseSeconds(rest, "--warm-up-seconds", 5);
                RejectLeftovers(rest);
                return IpcRun.RunAsync(messages, pings, pairs, transports, warmUpSeconds, command, resultsDir).GetAwaiter().GetResult();
            }

            if (rest.Count > 0 && rest[0] == "ipc-child")
            {
                rest.RemoveAt(0);
                if (rest.Count == 0)
                {
                    throw new ArgumentException("ipc-child needs the channel name.");
                }

                string name = rest[0];
                rest.RemoveAt(0);
                bool sharedMemory = rest.Remove("--shm");
                bool callingThread = rest.Remove("--calling-thread");
                RejectLeftovers(rest);
                return IpcRun.ChildAsync(name, sharedMemory, callingThread).GetAwaiter().GetResult();
            }

            return RunBenchmarkDotNet(rest, repoRoot, resultsDir, resultsDirChosen: resultsOption is not null);
        }
        catch (Exception ex)
        {
            Console.Error.WriteLine("FAILED: " + ex);
            return 1;
        }
    }

    private static int RunBenchmarkDotNet(List<string> rest, string repoRoot, string resultsDir, bool resultsDirChosen)
    {
        BenchmarkDotNet.Jobs.Job job = BenchmarkConfig.SelectJob(TakeOption(rest, "--job") ?? TakeOption(rest, "-j"));
        string[] args = rest.ToArray();

        // BenchmarkDotNet's results folder keeps the files of earlier runs: empty it so that only
        // this run's reports are copied to the results directory.
        string artifactResults = Path.Combine(repoRoot, "benchmarks", "BenchmarkDotNet.Artifacts", "results");
        if (Directory.Exists(artifactResults))
        {
            Directory.Delete(artifactResults, recursive: true);
        }

        List<Summary> summaries = BenchmarkSwitcher
            .FromAssembly(typeof(Program).Assembly)
            .Run(args, BenchmarkConfig.Create(Path.Combine(repoRoot, "benchmarks", "BenchmarkDotNet.Artifacts"), job))
            .ToList();

        if (args.Any(a => a is "--list" or "--help" or "-h" or "--version" or "--info"))
        {
            return 0;
        }

        // summary.md and the per-class reports in benchmarks/results describe one full run. A run
        // that leaves out a benchmark class (a --filter) goes to benchmarks/results/partial instead,
        // so that it cannot replace half of the full run's figures.
        List<string> missing = BenchmarkClassesMissingFrom(summaries);
        if (missing.Count > 0 && !resultsDirChosen)
        {
            resultsDir = Path.Combine(resultsDir, "partial");
            Directory.CreateDirectory(resultsDir);
            Console.WriteLine($"Partial run (not run: {string.Join(", ", missing)}): reports go to {resultsDir}");
        }

        foreach (Summary summary in summaries)
        {
            foreach (string file in Directory.EnumerateFiles(summary.ResultsDirectoryPath))
            {
                File.Copy(file, Path.Combine(resultsDir, Path.GetFileName(file)), overwrite: true);
            }
        }

        // The cross-payload tables of summary.md (time / MemoryPack, payload sizes), on the console too.
        string digest = ResultsSummary.Write(summaries, resultsDir);
        if (digest.Length > 0)
        {
            Console.WriteLine();
            Console.WriteLine(digest);
        }

        List<string> failures = FindFailures(summaries);
        foreach (string failure in failures)
        {
            Console.Error.WriteLine("BENCHMARK FAILURE: " + failure);
        }

        Console.WriteLine(failures.Count == 0
            ? $"All {summaries.Sum(s => s.BenchmarksCases.Length)} benchmarks ran; reports in {resultsDir}"
            : $"{failures.Count} failure(s); reports in {resultsDir}");
        return failures.Count == 0 ? 0 : 1;
    }

    /// <summary>The benchmark classes of this program that no summary of the run covers.</summary>
    private static List<string> BenchmarkClassesMissingFrom(IReadOnlyList<Summary> summaries)
    {
        var ran = new HashSet<Type>(summaries.SelectMany(s => s.BenchmarksCases).Select(c => c.Descriptor.Type));
        return typeof(Program).Assembly.GetTypes()
            .Where(t => !t.IsAbstract && t.GetMethods().Any(m => m.IsDefined(typeof(BenchmarkDotNet.Attributes.BenchmarkAttribute), inherit: true)))
            .Where(t => !ran.Contains(t))
            .Select(t => t.Name)
            .OrderBy(n => n, StringComparer.Ordinal)
            .ToList();
    }

    /// <summary>Everything that makes a run a failure, even where BenchmarkDotNet itself exits with 0.</summary>
    public static List<string> FindFailures(IReadOnlyList<Summary> summaries)
    {
        var failures = new List<string>();
        if (summaries.Count == 0 || summaries.All(s => s.BenchmarksCases.Length == 0))
        {
            failures.Add("no benchmark ran (does the filter match any?)");
        }

        foreach (Summary summary in summaries)
        {
            failures.AddRange(summary.ValidationErrors.Where(e => e.IsCritical).Select(e => "validation: " + e.Message));
            foreach (BenchmarkDotNet.Running.BenchmarkCase benchmark in summary.BenchmarksCases)
            {
                BenchmarkReport? report = summary[benchmark];
                if (report is null)
                {
                    failures.Add($"{benchmark.DisplayInfo}: no report");
                }
                else if (!report.BuildResult.IsBuildSuccess)
                {
                    failures.Add($"{benchmark.DisplayInfo}: build failed: {report.BuildResult.ErrorMessage}");
                }
                else if (!report.Success || report.ResultStatistics is null || double.IsNaN(report.ResultStatistics.Mean))
                {
                    failures.Add($"{benchmark.DisplayInfo}: failed or produced no result (NA)");
                }
            }
        }

        return failures;
    }

    private static string FindRepoRoot()
    {
        foreach (string start in new[] { AppContext.BaseDirectory, Directory.GetCurrentDirectory() })
        {
            for (DirectoryInfo? dir = new(start); dir is not null; dir = dir.Parent)
            {
                if (File.Exists(Path.Combine(dir.FullName, "FastSerialization.sln")))
                {
                    return dir.FullName;
                }
            }
        }

        return Directory.GetCurrentDirectory();
    }

    private static string? TakeOption(List<string> args, string name)
    {
        int index = args.IndexOf(name);
        if (index < 0)
        {
            return null;
        }

        if (index + 1 >= args.Count)
        {
            throw new ArgumentException($"{name} needs a value.");
        }

        string value = args[index + 1];
        args.RemoveRange(index, 2);
        return value;
    }

    private static int ParseCount(List<string> args, string name, int defaultValue)
    {
        string? text = TakeOption(args, name);
        if (text is null)
        {
            return defaultValue;
        }

        int value = int.Parse(text.Replace("_", string.Empty, StringComparison.Ordinal), System.Globalization.CultureInfo.InvariantCulture);
        return value > 0 ? value : throw new ArgumentException($"{name} must be positive.");
    }

    /// <summary>A number of seconds, 0 or more.</summary>
    private static int ParseSeconds(List<string> args, string name, int defaultValue)
    {
        string? text = TakeOption(args, name);
        if (text is null)
        {
            return defaultValue;
        }

        int value = int.Parse(text, System.Globalization.CultureInfo.InvariantCulture);
        return value >= 0 ? value : throw new ArgumentException($"{name} must be 0 or more.");
    }

    private static IpcTransport[] ParseTransports(string text) => text switch
    {
        "socket" => new[] { IpcTransport.UnixSocket },
        "shm" => new[] { IpcTransport.SharedMemory },
        "both" => OperatingSystem.IsWindows() ? new[] { IpcTransport.UnixSocket } : new[] { IpcTransport.UnixSocket, IpcTransport.SharedMemory },
        _ => throw new ArgumentException($"--transport is socket, shm or both, not '{text}'."),
    };

    private static void RejectLeftovers(List<string> args)
    {
        if (args.Count > 0)
        {
            throw new ArgumentException("Unknown arguments: " + string.Join(' ', args));
        }
    }
}

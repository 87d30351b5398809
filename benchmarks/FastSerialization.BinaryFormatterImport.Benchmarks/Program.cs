using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.DotNetCli;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using Perfolizer.Horology;

namespace FastSerialization.BinaryFormatterImport.Benchmarks;

/// <summary>
/// <code>
/// dotnet run -c Release --project benchmarks/FastSerialization.BinaryFormatterImport.Benchmarks -- [--job dry|short] [--results DIR]
/// </code>
/// Runs every import benchmark, then writes binaryformatter-import.md (MB/s, payloads/s, objects/s, allocation,
/// each next to BinaryFormatter.Deserialize of the same payload) to DIR (default benchmarks/results). The exit
/// code is non-zero when a benchmark failed or has no result.
/// </summary>
public static class Program
{
    private static readonly MsBuildArgument EnableBinaryFormatter = new("/p:EnableUnsafeBinaryFormatterSerialization=true");

    public static int Main(string[] args)
    {
        List<string> rest = args.ToList();
        string? resultsOption = Take(rest, "--results");
        string resultsDir = Path.GetFullPath(resultsOption ?? Path.Combine(FindRepoRoot(), "benchmarks", "results"));
        Directory.CreateDirectory(resultsDir);
        string jobName = (Take(rest, "--job") ?? "import").ToLowerInvariant();
        Job job = jobName switch
        {
            // Dry keeps the benchmarks alive in CI (one iteration each): in this process, whose runtimeconfig enables
            // BinaryFormatter, so no generated project is built and no process started per benchmark.
            "dry" => Job.Dry.WithToolchain(InProcessEmitToolchain.Instance),
            "short" => Job.ShortRun.WithArguments([EnableBinaryFormatter]),
            // The default: one launch, 3 warmups, 10 measured iterations of 250 ms.
            _ => Job.Default.WithLaunchCount(1).WithWarmupCount(3).WithIterationCount(10).WithIterationTime(TimeInterval.FromMilliseconds(250)).WithId("Import").WithArguments([EnableBinaryFormatter]),
        };
        IConfig config = ManualConfig.Create(DefaultConfig.Instance)
            .WithBuildTimeout(TimeSpan.FromMinutes(10)) // the generated project builds slowly under nice on a loaded machine
            .AddJob(job)
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(MarkdownExporter.GitHub)
            .WithArtifactsPath(Path.Combine(resultsOption is not null ? resultsDir : Path.Combine(FindRepoRoot(), "benchmarks", "BenchmarkDotNet.Artifacts"), "binaryformatter-import"));
        Summary summary = BenchmarkRunner.Run<ImportBenchmarks>(config, rest.ToArray());
        int failed = summary.Reports.Count(r => !r.Success || r.ResultStatistics is null) + (summary.HasCriticalValidationErrors ? 1 : 0);
        int ran = summary.Reports.Length;
        if (failed == 0 && ran > 0)
        {
            string report = Path.Combine(resultsDir, "binaryformatter-import.md");
            File.WriteAllText(report, Report(summary, jobName));
            Console.WriteLine(File.ReadAllText(report));
            Console.WriteLine($"All {ran} import benchmarks ran; report: {report}");
            return 0;
        }

        Console.WriteLine($"{failed} of {ran} import benchmarks failed");
        return 1;
    }

    private static string Report(Summary summary, string jobName)
    {
        var text = new StringBuilder();
        text.AppendLine("# Importing BinaryFormatter payloads: throughput next to BinaryFormatter.Deserialize");
        text.AppendLine();
        text.AppendLine(CultureInfo.InvariantCulture, $"Job `{jobName}`; {System.Runtime.InteropServices.RuntimeInformation.OSDescription}; {Environment.ProcessorCount} logical cores; .NET {Environment.Version}; load average when the report was written: {LoadAverage()}.");
        text.AppendLine();
        text.AppendLine("| payload | bytes | objects | method | mean | MB/s | payloads/s | objects/s | allocated | time vs BinaryFormatter |");
        text.AppendLine("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|");
        foreach (IGrouping<string, BenchmarkReport> group in summary.Reports.GroupBy(r => (string)r.BenchmarkCase.Parameters["Payload"]!))
        {
            byte[] payload = Payloads.Write(group.Key);
            int objects = Payloads.CountObjects(payload);
            double baseline = group.Single(r => r.BenchmarkCase.Descriptor.WorkloadMethod.Name == nameof(ImportBenchmarks.Deserialize_BinaryFormatter)).ResultStatistics!.Mean;
            foreach (BenchmarkReport report in group.OrderBy(r => r.BenchmarkCase.Descriptor.WorkloadMethod.Name, StringComparer.Ordinal))
            {
                double ns = report.ResultStatistics!.Mean;
                double perSecond = 1e9 / ns;
                long allocated = report.GcStats.GetBytesAllocatedPerOperation(report.BenchmarkCase) ?? 0;
                text.AppendLine(CultureInfo.InvariantCulture,
                    $"| {group.Key} | {payload.Length:N0} | {objects:N0} | {report.BenchmarkCase.Descriptor.WorkloadMethod.Name} | {ns / 1000:N1} us | {payload.Length * perSecond / 1e6:N1} | {perSecond:N0} | {objects * perSecond:N0} | {allocated:N0} B | {ns / baseline:N2}x |");
            }
        }

        text.AppendLine();
        text.AppendLine("Objects are the payload's class and array records (strings and boxed primitives not counted). Import_FastSerialization");
        text.AppendLine("is NrbfDecoder plus building the modern objects (through their generated binders); Decode_NrbfDecoderOnly is the decoder's share of it.");
        return text.ToString();
    }

    private static string LoadAverage()
    {
        try
        {
            return File.Exists("/proc/loadavg") ? string.Join(" ", File.ReadAllText("/proc/loadavg").Split(' ').Take(3)) : "unknown";
        }
        catch (IOException)
        {
            return "unknown";
        }
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

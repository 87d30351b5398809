using System.IO;
using System.Linq;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Exporters;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Loggers;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using FastSerialization.Benchmarks.Reporting;
using Perfolizer.Horology;

namespace FastSerialization.Benchmarks;

/// <summary>The one BenchmarkDotNet configuration every run uses.</summary>
public static class BenchmarkConfig
{
    /// <summary>
    /// The MSBuild property that makes the SDK write the BinaryFormatter switch into the runtimeconfig
    /// of the project BenchmarkDotNet generates and runs (a job argument, so every job has it).
    /// </summary>
    public static readonly MsBuildArgument EnableBinaryFormatter = new("/p:EnableUnsafeBinaryFormatterSerialization=true");

    /// <summary>
    /// The job of a run without <c>--job</c>: deliberately short but real (two launches, each with 5
    /// warmup and 15 measured iterations of 250 ms, after BenchmarkDotNet's pilot and overhead stages),
    /// so that a run of every benchmark fits in about a quarter of an hour on a 2-core machine. Two
    /// launches rather than more iterations, because on a shared machine the process is the unit of noise.
    /// </summary>
    public static Job ShortJob { get; } = Job.Default
        .WithLaunchCount(2)
        .WithWarmupCount(5)
        .WithIterationCount(15)
        .WithIterationTime(TimeInterval.FromMilliseconds(250))
        .WithArguments([EnableBinaryFormatter])
        .WithId("Short");

    /// <summary>
    /// The job for <c>--job NAME</c>, which this program reads itself: BenchmarkDotNet ignores its own
    /// <c>--job</c> when the config has a job, and the job must carry the MSBuild argument. NAME is one
    /// of BenchmarkDotNet's presets (dry, short, medium, long, verylong, default); none gives
    /// <see cref="ShortJob"/>. <c>dry</c> runs in this process (BenchmarkDotNet's in-process toolchain): it is the mode
    /// that keeps every benchmark alive in CI, one iteration each, where measuring is not the point, so it skips
    /// building a generated project and starting a process per benchmark. This program's own runtimeconfig enables
    /// BinaryFormatter, as the generated project's would.
    /// </summary>
    public static Job SelectJob(string? name) => name?.ToLowerInvariant() switch
    {
        null => ShortJob,
        "dry" => Job.Dry.WithToolchain(InProcessEmitToolchain.Instance).WithId("Dry"),
        "short" or "shortrun" => Job.ShortRun.WithArguments([EnableBinaryFormatter]),
        "medium" or "mediumrun" => Job.MediumRun.WithArguments([EnableBinaryFormatter]),
        "long" or "longrun" => Job.LongRun.WithArguments([EnableBinaryFormatter]),
        "verylong" or "verylongrun" => Job.VeryLongRun.WithArguments([EnableBinaryFormatter]),
        "default" => Job.Default.WithArguments([EnableBinaryFormatter]).WithId("Default"),
        _ => throw new System.ArgumentException($"Unknown --job {name}: use dry, short, medium, long, verylong or default."),
    };

    public static IConfig Create(string artifactsPath, Job job) =>
        ManualConfig.CreateEmpty()
            .AddColumnProvider(DefaultColumnProviders.Instance)
            .AddColumn(new PayloadSizeColumn(), new ThroughputColumn())
            .AddLogger(ConsoleLogger.Default)
            .AddAnalyser(DefaultConfig.Instance.GetAnalysers().ToArray())
            .AddValidator(DefaultConfig.Instance.GetValidators().ToArray())
            .AddDiagnoser(MemoryDiagnoser.Default)
            .AddExporter(MarkdownExporter.GitHub, JsonExporter.Full)
            .AddJob(job)
            .AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory)
            .WithSummaryStyle(SummaryStyle.Default.WithRatioStyle(RatioStyle.Trend))
            .WithOption(ConfigOptions.DisableLogFile, false)
            .WithArtifactsPath(Path.GetFullPath(artifactsPath));
}

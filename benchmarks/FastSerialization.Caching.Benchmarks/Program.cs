using System;
using System.Linq;
using System.Threading.Tasks;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;
using BenchmarkDotNet.Toolchains.InProcess.Emit;
using FastSerialization.Caching.Benchmarks;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using StackExchange.Redis;

// Every benchmark with BenchmarkDotNet's arguments (for example --filter '*' --job Short), then the bytes Redis
// holds for one entry with each serializer. Exits 1 when a benchmark failed or has no result.
//   dotnet run -c Release --project benchmarks/FastSerialization.Caching.Benchmarks -- --filter '*' [--job Dry|Short]
// --job Dry (CI keeps the benchmarks alive, one iteration each) runs in this process: no generated project to build.
int job = Array.FindIndex(args, a => a is "--job" or "-j");
bool dry = job >= 0 && job + 1 < args.Length && string.Equals(args[job + 1], "dry", StringComparison.OrdinalIgnoreCase);
Summary[] summaries = dry
    ? BenchmarkSwitcher.FromAssembly(typeof(HybridCacheBenchmarks).Assembly)
        .Run(args.Where((_, i) => i != job && i != job + 1).ToArray(), DefaultConfig.Instance.AddJob(Job.Dry.WithToolchain(InProcessEmitToolchain.Instance)))
        .ToArray()
    : BenchmarkSwitcher.FromAssembly(typeof(HybridCacheBenchmarks).Assembly).Run(args).ToArray();
bool failed = summaries.Length == 0 || summaries.Any(s => s.HasCriticalValidationErrors || s.Reports.Any(r => !r.Success));

using var redis = new RedisProcess();
Console.WriteLine();
Console.WriteLine("| bytes Redis holds for one Customer entry (the 'data' field) | FastSerialization | System.Text.Json |");
Console.WriteLine("|---|---:|---:|");
long fast = await StoredBytes(redis, fast: true);
long json = await StoredBytes(redis, fast: false);
Console.WriteLine($"| HybridCache entry (its own header and key included) | {fast} | {json} |");
Console.WriteLine($"All {summaries.Sum(s => s.Reports.Length)} benchmarks ran{(failed ? ", SOME FAILED" : string.Empty)}.");
return failed ? 1 : 0;

static async Task<long> StoredBytes(RedisProcess redis, bool fast)
{
    await using ServiceProvider services = HybridCacheBenchmarks.Build(redis.SocketPath, fast);
    string key = "size:" + fast;
    await services.GetRequiredService<HybridCache>().SetAsync(key, Customer.Sample());
    byte[] stored = (byte[])(await redis.Connection.GetDatabase().HashGetAsync(key, "data"))!;
    return stored.Length;
}

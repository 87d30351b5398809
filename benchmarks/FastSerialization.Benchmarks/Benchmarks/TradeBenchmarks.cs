using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>One 32-byte packed trade (seed 000) as a record of its own.</summary>
public class TradeBenchmarks : SerializerBenchmarks<Trade, GeneratedTrade>
{
    protected override Trade CreateSample() => Trade.Sample();
}

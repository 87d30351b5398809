using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>One 32-byte packed trade (seed 000) as a record of its own.</summary>
public class TradeBenchmarks : SerializerBenchmarks<Trade>
{
    protected override Trade CreateSample() => Trade.Sample();
}

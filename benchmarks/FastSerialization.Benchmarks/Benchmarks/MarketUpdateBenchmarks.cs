using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>A depth-of-book message (seed 001): symbol, sequence, timestamp, 20 price levels.</summary>
public class MarketUpdateBenchmarks : SerializerBenchmarks<MarketUpdate>
{
    protected override MarketUpdate CreateSample() => MarketUpdate.Sample();
}

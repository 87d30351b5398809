using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>A depth-of-book message (seed 001): symbol, sequence, timestamp, 20 price levels.</summary>
public class MarketUpdateBenchmarks : SerializerBenchmarks<MarketUpdate, GeneratedMarketUpdate>
{
    protected override MarketUpdate CreateSample() => MarketUpdate.Sample();
}

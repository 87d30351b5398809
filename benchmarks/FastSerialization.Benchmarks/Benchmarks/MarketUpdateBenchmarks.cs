using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>A depth-of-book message (seed 001): symbol, sequence, timestamp, 20 price levels.</summary>
public class MarketUpdateBenchmarks : SerializerBenchmarks<MarketUpdate, GeneratedMarketUpdate, PeerMarketUpdate>
{
    protected override MarketUpdate CreateSample() => MarketUpdate.Sample();
}

using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>One 32-byte packed trade (seed 000) as a record of its own.</summary>
public class TradeBenchmarks : SerializerBenchmarks<Trade, GeneratedTrade, PeerTrade>
{
    protected override Trade CreateSample() => Trade.Sample();
}

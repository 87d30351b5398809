using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// One 32-byte packed trade (seed 000) as a record of its own. No MemoryPack version-tolerant row: MemoryPack refuses
/// that mode for an unmanaged struct (MEMPACK041, Payloads/Peers/VersionTolerant.cs). Behind MemoryPack's union tag
/// the trade is a class (<see cref="PeerTradeMessage"/>): a struct cannot be a union member (MEMPACK015).
/// </summary>
public class TradeBenchmarks : MessageBenchmarks<Trade, GeneratedTrade, PeerTrade, PeerTradeMessage>
{
    protected override Trade CreateSample() => Trade.Sample();
}

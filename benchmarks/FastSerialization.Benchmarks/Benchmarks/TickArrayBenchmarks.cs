using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// An array of 10,000 small plain structs of five numbers (not fixed-layout). No MemoryPack version-tolerant row:
/// MemoryPack refuses that mode for unmanaged structs (MEMPACK041) and copies their arrays as memory.
/// </summary>
public class TickArrayBenchmarks : SerializerBenchmarks<TickArray, GeneratedTickArray, PeerTickArray>
{
    protected override TickArray CreateSample() => TickArray.Sample();
}

using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>An order holding a list of 20 nested line objects (product id, quantity, unit price, short code).</summary>
public class OrderBenchmarks : VersionTolerantBenchmarks<Order, GeneratedOrder, PeerOrder, PeerOrder, PeerVtOrder>
{
    protected override Order CreateSample() => Order.Sample();
}

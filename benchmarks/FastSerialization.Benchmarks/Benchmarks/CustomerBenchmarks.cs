using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>The seed article's Customer: three short strings and two ints.</summary>
public class CustomerBenchmarks : VersionTolerantBenchmarks<Customer, GeneratedCustomer, PeerCustomer, PeerCustomer, PeerVtCustomer>
{
    protected override Customer CreateSample() => Customer.Sample();
}

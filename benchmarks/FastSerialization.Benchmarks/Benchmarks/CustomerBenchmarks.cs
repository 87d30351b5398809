using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>The seed article's Customer: three short strings and two ints.</summary>
public class CustomerBenchmarks : SerializerBenchmarks<Customer, GeneratedCustomer>
{
    protected override Customer CreateSample() => Customer.Sample();
}

using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>The seed article's Customer: three short strings and two ints.</summary>
public class CustomerBenchmarks : SerializerBenchmarks<Customer>
{
    protected override Customer CreateSample() => Customer.Sample();
}

using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>An immutable record with two enums, two nullables (int?, DateTime?), a decimal and a DateTime.</summary>
public class PaymentBenchmarks : SerializerBenchmarks<Payment, GeneratedPayment, PeerPayment>
{
    protected override Payment CreateSample() => Payment.Sample();
}

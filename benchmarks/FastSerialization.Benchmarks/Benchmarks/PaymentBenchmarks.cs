using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>An immutable record with two enums, two nullables (int?, DateTime?), a decimal and a DateTime.</summary>
public class PaymentBenchmarks : VersionTolerantBenchmarks<Payment, GeneratedPayment, PeerPayment, PeerPayment, PeerVtPayment>
{
    protected override Payment CreateSample() => Payment.Sample();
}

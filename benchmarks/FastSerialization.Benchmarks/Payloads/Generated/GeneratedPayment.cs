using System;

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>
/// <see cref="Payment"/> with its serializer written by the source generator, as a positional record:
/// the generator reads it through its primary constructor (<see cref="IBinaryConstructible{TSelf}"/>,
/// docs/GENERATOR.md "Immutable types"). The same members in the same order, so the same bytes as the
/// hand-written code (checked in setup).
/// </summary>
/// <param name="Status">Where the payment stands.</param>
/// <param name="Method">How it is made.</param>
/// <param name="Installments">The number of installments, or null for a single payment.</param>
/// <param name="SettledAt">When it settled (UTC), or null.</param>
/// <param name="Amount">The amount.</param>
/// <param name="CreatedAt">When it was created (UTC).</param>
[BinarySerializable]
public sealed partial record GeneratedPayment(
    PaymentStatus Status,
    PaymentMethod Method,
    int? Installments,
    DateTime? SettledAt,
    decimal Amount,
    DateTime CreatedAt) : IGeneratedVariant<GeneratedPayment, Payment>
{
    public static bool SameBytes => false; // single integers are varints in generated code (docs/FORMAT.md section 3a)


    public static GeneratedPayment From(Payment p) => new(p.Status, p.Method, p.Installments, p.SettledAt, p.Amount, p.CreatedAt);

    public Payment ToHandWritten() => new()
    {
        Status = Status,
        Method = Method,
        Installments = Installments,
        SettledAt = SettledAt,
        Amount = Amount,
        CreatedAt = CreatedAt,
    };
}

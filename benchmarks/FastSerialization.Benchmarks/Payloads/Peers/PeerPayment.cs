using System;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace FastSerialization.Benchmarks.Payloads.Peers;

/// <summary>
/// <see cref="Payment"/> for the peers, as a positional record: MemoryPack and MessagePack build it
/// through its primary constructor; protobuf-net, which has no constructor binding, skips the
/// constructor and sets the init-only properties (<c>SkipConstructor</c>, its documented way for types
/// without a parameterless constructor). Orleans takes the primary constructor's parameters as its members, with
/// implicit ids in their order (its default for records). The two DateTimes are protobuf's well-known Timestamp
/// (compatibility level 240, which changes nothing else for these members): protobuf-net's default
/// (level 200, bcl.DateTime) drops <see cref="DateTime.Kind"/>, and the values must come back the same. MessagePack's standard resolver writes a DateTime as its
/// Timestamp extension in UTC and a decimal as a string; the sample's DateTimes are UTC.
/// </summary>
/// <param name="Status">Where the payment stands.</param>
/// <param name="Method">How it is made.</param>
/// <param name="Installments">The number of installments, or null for a single payment.</param>
/// <param name="SettledAt">When it settled (UTC), or null.</param>
/// <param name="Amount">The amount.</param>
/// <param name="CreatedAt">When it was created (UTC).</param>
[MemoryPackable]
[MessagePackObject]
[ProtoContract(SkipConstructor = true)]
[CompatibilityLevel(CompatibilityLevel.Level240)]
[GenerateSerializer]
public sealed partial record PeerPayment(
    [property: Key(0), ProtoMember(1)] PaymentStatus Status,
    [property: Key(1), ProtoMember(2)] PaymentMethod Method,
    [property: Key(2), ProtoMember(3)] int? Installments,
    [property: Key(3), ProtoMember(4)] DateTime? SettledAt,
    [property: Key(4), ProtoMember(5)] decimal Amount,
    [property: Key(5), ProtoMember(6)] DateTime CreatedAt) : IPeerVariant<PeerPayment, Payment>, IPeerMessage
{
    public static PeerPayment From(Payment value) => new(value.Status, value.Method, value.Installments, value.SettledAt, value.Amount, value.CreatedAt);

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

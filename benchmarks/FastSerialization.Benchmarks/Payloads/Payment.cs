using System;
using System.IO;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>Where a <see cref="Payment"/> stands.</summary>
public enum PaymentStatus
{
    Pending,
    Authorized,
    Captured,
    Refunded,
    Failed,
}

/// <summary>How a <see cref="Payment"/> is made.</summary>
public enum PaymentMethod
{
    Card,
    BankTransfer,
    Wallet,
    Cash,
}

/// <summary>
/// An immutable record (init-only members) with two enums, two nullables, a decimal and a DateTime: the
/// payload of many small members of different kinds. The sample has installments and no settlement time,
/// so one nullable is set and the other is not.
/// </summary>
/// <remarks>
/// The hand-written FastSerialization code reads it as an immutable type: <see cref="ReadNew"/> reads
/// every member and builds a new instance (<see cref="IBinaryConstructible{TSelf}"/>, the route the
/// source generator takes for its counterpart), and <see cref="SetDataFrom"/> refuses to refill one.
/// The members keep explicit private fields only for the seed formatter, which, as the 2008 article
/// designed it, fills an uninitialized object. The bytes are those the generator writes for the same
/// members: an enum in its underlying int, a nullable as a bool and then the value.
/// </remarks>
[Serializable]
public sealed record Payment : ICustomBinarySerializable, IBinaryConstructible<Payment>, ISeedSerializable, IValueEquatable<Payment>
{
    private PaymentStatus _status;
    private PaymentMethod _method;
    private int? _installments;
    private DateTime? _settledAt;
    private decimal _amount;
    private DateTime _createdAt;

    public PaymentStatus Status { get => _status; init => _status = value; }

    public PaymentMethod Method { get => _method; init => _method = value; }

    /// <summary>The number of installments, or null for a single payment.</summary>
    public int? Installments { get => _installments; init => _installments = value; }

    /// <summary>When the payment settled (UTC), or null while it has not.</summary>
    public DateTime? SettledAt { get => _settledAt; init => _settledAt = value; }

    public decimal Amount { get => _amount; init => _amount = value; }

    /// <summary>When the payment was created (UTC).</summary>
    public DateTime CreatedAt { get => _createdAt; init => _createdAt = value; }

    public static Payment Sample() => new()
    {
        Status = PaymentStatus.Captured,
        Method = PaymentMethod.Card,
        Installments = 3,
        SettledAt = null,
        Amount = 1249.90m,
        CreatedAt = new DateTime(2024, 3, 14, 9, 26, 53, DateTimeKind.Utc).AddTicks(5_897_932),
    };

    /// <inheritdoc/>
    public bool HasSameValues(Payment other) =>
        Status == other.Status && Method == other.Method && Installments == other.Installments
        && Same.DateTime(SettledAt, other.SettledAt) && Same.Decimal(Amount, other.Amount) && Same.DateTime(CreatedAt, other.CreatedAt);

    // FastSerialization, hand-written.
    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteEnum(_status);
        writer.WriteEnum(_method);
        writer.Write(_installments.HasValue);
        if (_installments.HasValue)
        {
            writer.Write(_installments.GetValueOrDefault());
        }

        writer.Write(_settledAt.HasValue);
        if (_settledAt.HasValue)
        {
            writer.Write(_settledAt.GetValueOrDefault());
        }

        writer.Write(_amount);
        writer.Write(_createdAt);
    }

    /// <inheritdoc/>
    public Payment ReadNew(ref FastBinaryReader reader)
    {
        PaymentStatus status = reader.ReadEnum<PaymentStatus>();
        PaymentMethod method = reader.ReadEnum<PaymentMethod>();
        int? installments = reader.ReadBoolean() ? reader.ReadInt32() : null;
        DateTime? settledAt = reader.ReadBoolean() ? reader.ReadDateTime() : null;
        decimal amount = reader.ReadDecimal();
        DateTime createdAt = reader.ReadDateTime();
        return new Payment { Status = status, Method = method, Installments = installments, SettledAt = settledAt, Amount = amount, CreatedAt = createdAt };
    }

    /// <summary>Not supported: an immutable record is read with <see cref="ReadNew"/>, which the formatter calls.</summary>
    /// <param name="reader">Unused.</param>
    /// <exception cref="NotSupportedException">Always.</exception>
    public void SetDataFrom(ref FastBinaryReader reader) =>
        throw new NotSupportedException("Payment is immutable: it is read with ReadNew (IBinaryConstructible).");

    // The seed formatter: the article fills an uninitialized object, so it sets the fields.
    void ISeedSerializable.WriteDataTo(BinaryWriter writer)
    {
        writer.Write((int)_status);
        writer.Write((int)_method);
        writer.Write(_installments.HasValue);
        if (_installments.HasValue)
        {
            writer.Write(_installments.GetValueOrDefault());
        }

        writer.Write(_settledAt.HasValue);
        if (_settledAt.HasValue)
        {
            writer.Write(_settledAt.GetValueOrDefault().ToBinary());
        }

        writer.Write(_amount);
        writer.Write(_createdAt.ToBinary());
    }

    void ISeedSerializable.SetDataFrom(BinaryReader reader)
    {
        _status = (PaymentStatus)reader.ReadInt32();
        _method = (PaymentMethod)reader.ReadInt32();
        _installments = reader.ReadBoolean() ? reader.ReadInt32() : null;
        _settledAt = reader.ReadBoolean() ? DateTime.FromBinary(reader.ReadInt64()) : null;
        _amount = reader.ReadDecimal();
        _createdAt = DateTime.FromBinary(reader.ReadInt64());
    }
}

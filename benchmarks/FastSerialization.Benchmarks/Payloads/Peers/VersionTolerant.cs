using System;
using System.Collections.Generic;
using MemoryPack;

namespace FastSerialization.Benchmarks.Payloads.Peers;

// MemoryPack's version-tolerant twins (GenerateType.VersionTolerant): each object is written as its member count,
// then every member's length (a varint), then the members, so that a reader can skip members it does not know and
// leave out members it does not find. That is the work our generated types do by default (a frame and a version per
// object), so these are the fair MemoryPack rows for them.
//
// Only the payloads of objects, strings, lists and records have a twin. MemoryPack refuses
// GenerateType.VersionTolerant on an unmanaged struct (its generator stops the build with MEMPACK041, "The unmanaged
// struct '...' cannot be used for VersionTolerant serialization"), and copies arrays of unmanaged structs as memory whatever mode the type holding them is in: so Trade
// (one unmanaged struct), TradeBatch and TickArray (arrays of them) and MarketUpdate (20 unmanaged price levels after
// three scalars) have no version-tolerant MemoryPack row. Those payloads are compared with MemoryPack's default mode
// and with Orleans, whose encoding stays version tolerant for structs too.

/// <summary><see cref="Customer"/> for MemoryPack's version-tolerant mode.</summary>
[MemoryPackable(GenerateType.VersionTolerant)]
public sealed partial class PeerVtCustomer : IPeerVariant<PeerVtCustomer, Customer>
{
    [MemoryPackOrder(0)]
    public string? LastName { get; set; }

    [MemoryPackOrder(1)]
    public string? FirstName { get; set; }

    [MemoryPackOrder(2)]
    public string? Address { get; set; }

    [MemoryPackOrder(3)]
    public int Age { get; set; }

    [MemoryPackOrder(4)]
    public int Code { get; set; }

    public static PeerVtCustomer From(Customer value) => new()
    {
        LastName = value.LastName,
        FirstName = value.FirstName,
        Address = value.Address,
        Age = value.Age,
        Code = value.Code,
    };

    public Customer ToHandWritten() => new(LastName!, FirstName!, Address!, Age, Code);
}

/// <summary><see cref="OrderLine"/> for MemoryPack's version-tolerant mode (each nested line is versioned too).</summary>
[MemoryPackable(GenerateType.VersionTolerant)]
public sealed partial class PeerVtOrderLine
{
    [MemoryPackOrder(0)]
    public int ProductId { get; set; }

    [MemoryPackOrder(1)]
    public int Quantity { get; set; }

    [MemoryPackOrder(2)]
    public double UnitPrice { get; set; }

    [MemoryPackOrder(3)]
    public string? Code { get; set; }
}

/// <summary><see cref="Order"/> for MemoryPack's version-tolerant mode: id, customer, a list of 20 versioned lines.</summary>
[MemoryPackable(GenerateType.VersionTolerant)]
public sealed partial class PeerVtOrder : IPeerVariant<PeerVtOrder, Order>
{
    [MemoryPackOrder(0)]
    public long Id { get; set; }

    [MemoryPackOrder(1)]
    public string? Customer { get; set; }

    [MemoryPackOrder(2)]
    public List<PeerVtOrderLine>? Lines { get; set; }

    public static PeerVtOrder From(Order value) => new()
    {
        Id = value.Id,
        Customer = value.Customer,
        Lines = value.Lines?.ConvertAll(l => new PeerVtOrderLine { ProductId = l.ProductId, Quantity = l.Quantity, UnitPrice = l.UnitPrice, Code = l.Code }),
    };

    public Order ToHandWritten() => new()
    {
        Id = Id,
        Customer = Customer,
        Lines = Lines?.ConvertAll(l => new OrderLine { ProductId = l.ProductId, Quantity = l.Quantity, UnitPrice = l.UnitPrice, Code = l.Code }),
    };
}

/// <summary><see cref="Payment"/> for MemoryPack's version-tolerant mode, a positional record built through its constructor.</summary>
/// <param name="Status">Where the payment stands.</param>
/// <param name="Method">How it is made.</param>
/// <param name="Installments">The number of installments, or null for a single payment.</param>
/// <param name="SettledAt">When it settled (UTC), or null.</param>
/// <param name="Amount">The amount.</param>
/// <param name="CreatedAt">When it was created (UTC).</param>
[MemoryPackable(GenerateType.VersionTolerant)]
public sealed partial record PeerVtPayment(
    [property: MemoryPackOrder(0)] PaymentStatus Status,
    [property: MemoryPackOrder(1)] PaymentMethod Method,
    [property: MemoryPackOrder(2)] int? Installments,
    [property: MemoryPackOrder(3)] DateTime? SettledAt,
    [property: MemoryPackOrder(4)] decimal Amount,
    [property: MemoryPackOrder(5)] DateTime CreatedAt) : IPeerVariant<PeerVtPayment, Payment>
{
    public static PeerVtPayment From(Payment value) => new(value.Status, value.Method, value.Installments, value.SettledAt, value.Amount, value.CreatedAt);

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

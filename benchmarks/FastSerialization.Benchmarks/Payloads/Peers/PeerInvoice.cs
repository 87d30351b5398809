using System;
using System.Collections.Immutable;
using System.Linq;
using MemoryPack;
using Orleans;

namespace FastSerialization.Benchmarks.Payloads.Peers;

// Issue 45's invoice for the peers that support its types out of the box: MemoryPack (default mode here, version
// tolerant below) and Orleans, whose serializer has codecs for every member type used (DateOnly, TimeOnly, Int128,
// decimal, ImmutableArray, ImmutableList, ImmutableSortedDictionary, ImmutableDictionary: the Orleans.Serialization.Codecs
// types of Microsoft.Orleans.Serialization 10.4.2). MessagePack and protobuf-net have no row: neither MessagePack 2.5.307
// (its standard resolver has DateOnly, TimeOnly and the immutable collections) nor protobuf-net 3.4.40 has anything for
// Int128 (no formatter or serializer named for it in their assemblies), and neither is a fair peer of a generated,
// version-tolerant type anyway (issue 48).

/// <summary><see cref="InvoiceLine"/> for MemoryPack's default mode and Orleans.</summary>
[MemoryPackable]
[GenerateSerializer]
public sealed partial class PeerInvoiceLine
{
    [Id(0)]
    public string? Sku { get; set; }

    [Id(1)]
    public int Quantity { get; set; }

    [Id(2)]
    public decimal UnitPrice { get; set; }

    [Id(3)]
    public DateOnly DeliveredOn { get; set; }
}

/// <summary><see cref="Invoice"/> for MemoryPack's default mode and Orleans: the same members in the same order.</summary>
[MemoryPackable]
[GenerateSerializer]
public sealed partial class PeerInvoice : IPeerVariant<PeerInvoice, Invoice>
{
    [Id(0)]
    public string? Number { get; set; }

    [Id(1)]
    public string? Customer { get; set; }

    [Id(2)]
    public DateOnly IssuedOn { get; set; }

    [Id(3)]
    public DateOnly DueOn { get; set; }

    [Id(4)]
    public TimeOnly CutOff { get; set; }

    [Id(5)]
    public decimal Total { get; set; }

    [Id(6)]
    public Int128 LedgerKey { get; set; }

    [Id(7)]
    public ImmutableArray<PeerInvoiceLine> Lines { get; set; }

    [Id(8)]
    public ImmutableList<string>? Notes { get; set; }

    [Id(9)]
    public ImmutableSortedDictionary<string, string>? Tags { get; set; }

    [Id(10)]
    public ImmutableDictionary<string, decimal>? TaxRates { get; set; }

    public static PeerInvoice From(Invoice value) => new()
    {
        Number = value.Number,
        Customer = value.Customer,
        IssuedOn = value.IssuedOn,
        DueOn = value.DueOn,
        CutOff = value.CutOff,
        Total = value.Total,
        LedgerKey = value.LedgerKey,
        Lines = value.Lines.IsDefault ? default : value.Lines.Select(l => new PeerInvoiceLine { Sku = l.Sku, Quantity = l.Quantity, UnitPrice = l.UnitPrice, DeliveredOn = l.DeliveredOn }).ToImmutableArray(),
        Notes = value.Notes,
        Tags = value.Tags,
        TaxRates = value.TaxRates,
    };

    public Invoice ToHandWritten() => new()
    {
        Number = Number,
        Customer = Customer,
        IssuedOn = IssuedOn,
        DueOn = DueOn,
        CutOff = CutOff,
        Total = Total,
        LedgerKey = LedgerKey,
        Lines = Lines.IsDefault ? default : Lines.Select(l => new InvoiceLine { Sku = l.Sku, Quantity = l.Quantity, UnitPrice = l.UnitPrice, DeliveredOn = l.DeliveredOn }).ToImmutableArray(),
        Notes = Notes,
        Tags = Tags,
        TaxRates = TaxRates,
    };
}

/// <summary><see cref="InvoiceLine"/> for MemoryPack's version-tolerant mode (each nested line is versioned too).</summary>
[MemoryPackable(GenerateType.VersionTolerant)]
public sealed partial class PeerVtInvoiceLine
{
    [MemoryPackOrder(0)]
    public string? Sku { get; set; }

    [MemoryPackOrder(1)]
    public int Quantity { get; set; }

    [MemoryPackOrder(2)]
    public decimal UnitPrice { get; set; }

    [MemoryPackOrder(3)]
    public DateOnly DeliveredOn { get; set; }
}

/// <summary><see cref="Invoice"/> for MemoryPack's version-tolerant mode, the fair MemoryPack row for our generated type.</summary>
[MemoryPackable(GenerateType.VersionTolerant)]
public sealed partial class PeerVtInvoice : IPeerVariant<PeerVtInvoice, Invoice>
{
    [MemoryPackOrder(0)]
    public string? Number { get; set; }

    [MemoryPackOrder(1)]
    public string? Customer { get; set; }

    [MemoryPackOrder(2)]
    public DateOnly IssuedOn { get; set; }

    [MemoryPackOrder(3)]
    public DateOnly DueOn { get; set; }

    [MemoryPackOrder(4)]
    public TimeOnly CutOff { get; set; }

    [MemoryPackOrder(5)]
    public decimal Total { get; set; }

    [MemoryPackOrder(6)]
    public Int128 LedgerKey { get; set; }

    [MemoryPackOrder(7)]
    public ImmutableArray<PeerVtInvoiceLine> Lines { get; set; }

    [MemoryPackOrder(8)]
    public ImmutableList<string>? Notes { get; set; }

    [MemoryPackOrder(9)]
    public ImmutableSortedDictionary<string, string>? Tags { get; set; }

    [MemoryPackOrder(10)]
    public ImmutableDictionary<string, decimal>? TaxRates { get; set; }

    public static PeerVtInvoice From(Invoice value) => new()
    {
        Number = value.Number,
        Customer = value.Customer,
        IssuedOn = value.IssuedOn,
        DueOn = value.DueOn,
        CutOff = value.CutOff,
        Total = value.Total,
        LedgerKey = value.LedgerKey,
        Lines = value.Lines.IsDefault ? default : value.Lines.Select(l => new PeerVtInvoiceLine { Sku = l.Sku, Quantity = l.Quantity, UnitPrice = l.UnitPrice, DeliveredOn = l.DeliveredOn }).ToImmutableArray(),
        Notes = value.Notes,
        Tags = value.Tags,
        TaxRates = value.TaxRates,
    };

    public Invoice ToHandWritten() => new()
    {
        Number = Number,
        Customer = Customer,
        IssuedOn = IssuedOn,
        DueOn = DueOn,
        CutOff = CutOff,
        Total = Total,
        LedgerKey = LedgerKey,
        Lines = Lines.IsDefault ? default : Lines.Select(l => new InvoiceLine { Sku = l.Sku, Quantity = l.Quantity, UnitPrice = l.UnitPrice, DeliveredOn = l.DeliveredOn }).ToImmutableArray(),
        Notes = Notes,
        Tags = Tags,
        TaxRates = TaxRates,
    };
}

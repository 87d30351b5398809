using System;
using System.Collections.Immutable;
using System.Linq;

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>An <see cref="InvoiceLine"/> the generator writes: the same four members.</summary>
[BinarySerializable]
public sealed partial class GeneratedInvoiceLine
{
    /// <summary>A short product code such as "SKU-0007".</summary>
    public string? Sku { get; set; }

    public int Quantity { get; set; }

    public decimal UnitPrice { get; set; }

    public DateOnly DeliveredOn { get; set; }
}

/// <summary>
/// <see cref="Invoice"/> with its serializer written by the source generator (issue 45): the same members in the same
/// order, every one of them a type the generator gained with the base library's value types and collections
/// (docs/GENERATOR.md, "Supported member types" and "Tuples, pairs and the base library's other collections"):
/// <c>DateOnly</c> as a varint day number, <c>TimeOnly</c> as its ticks, <c>decimal</c> as VarDecimal, <c>Int128</c> as
/// VarInt128, the immutable collections as section 2's sequences and dictionaries. There is no hand-written
/// counterpart: the rows of <c>InvoiceBenchmarks</c> compare this generated code with the peers.
/// </summary>
[BinarySerializable]
public sealed partial class GeneratedInvoice
{
    public string? Number { get; set; }

    public string? Customer { get; set; }

    public DateOnly IssuedOn { get; set; }

    public DateOnly DueOn { get; set; }

    public TimeOnly CutOff { get; set; }

    public decimal Total { get; set; }

    public Int128 LedgerKey { get; set; }

    public ImmutableArray<GeneratedInvoiceLine> Lines { get; set; }

    public ImmutableList<string>? Notes { get; set; }

    public ImmutableSortedDictionary<string, string>? Tags { get; set; }

    public ImmutableDictionary<string, decimal>? TaxRates { get; set; }

    /// <summary>The generated copy of <paramref name="value"/>.</summary>
    /// <param name="value">The model.</param>
    /// <returns>A new invoice with the same members.</returns>
    public static GeneratedInvoice From(Invoice value) => new()
    {
        Number = value.Number,
        Customer = value.Customer,
        IssuedOn = value.IssuedOn,
        DueOn = value.DueOn,
        CutOff = value.CutOff,
        Total = value.Total,
        LedgerKey = value.LedgerKey,
        Lines = value.Lines.IsDefault ? default : value.Lines.Select(l => new GeneratedInvoiceLine { Sku = l.Sku, Quantity = l.Quantity, UnitPrice = l.UnitPrice, DeliveredOn = l.DeliveredOn }).ToImmutableArray(),
        Notes = value.Notes,
        Tags = value.Tags,
        TaxRates = value.TaxRates,
    };

    /// <summary>The model's copy of this value.</summary>
    /// <returns>A new model invoice with the same members.</returns>
    public Invoice ToModel() => new()
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

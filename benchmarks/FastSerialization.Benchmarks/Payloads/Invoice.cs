using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>One line of an <see cref="Invoice"/>: a product code, a quantity, a unit price and the day it was delivered.</summary>
public sealed class InvoiceLine
{
    /// <summary>A short product code such as "SKU-0007".</summary>
    public string? Sku { get; init; }

    public int Quantity { get; init; }

    public decimal UnitPrice { get; init; }

    public DateOnly DeliveredOn { get; init; }

    /// <summary>Whether <paramref name="other"/> holds the same values (the decimal's scale too).</summary>
    /// <param name="other">The line a contender read back.</param>
    /// <returns>Whether every member is the same.</returns>
    public bool HasSameValues(InvoiceLine other) =>
        Sku == other.Sku && Quantity == other.Quantity && Same.Decimal(UnitPrice, other.UnitPrice) && DeliveredOn == other.DeliveredOn;
}

/// <summary>
/// Issue 45's payload: a model as people bring it, full of the base library's newer value types and immutable
/// collections. <c>DateOnly</c> issue and due dates, a <c>TimeOnly</c> cut-off, a <c>decimal</c> total, an <c>Int128</c>
/// ledger key, an <c>ImmutableArray</c> of 20 nested line objects (each with a <c>decimal</c> and a <c>DateOnly</c>), an
/// <c>ImmutableList</c> of notes, an <c>ImmutableSortedDictionary</c> of tags and an <c>ImmutableDictionary</c> of tax
/// rates. This is the model the rows share, not a serializable type itself: the generated type
/// (<c>Payloads/Generated/GeneratedInvoice.cs</c>) and the peers' (<c>Payloads/Peers/PeerInvoice.cs</c>) are built from it and
/// must read back to the same values.
/// </summary>
public sealed class Invoice : IValueEquatable<Invoice>
{
    public const int LineCount = 20;

    public string? Number { get; init; }

    public string? Customer { get; init; }

    public DateOnly IssuedOn { get; init; }

    public DateOnly DueOn { get; init; }

    /// <summary>The time of day after which the invoice counts as issued the next day.</summary>
    public TimeOnly CutOff { get; init; }

    public decimal Total { get; init; }

    /// <summary>A 128-bit key into the ledger.</summary>
    public Int128 LedgerKey { get; init; }

    public ImmutableArray<InvoiceLine> Lines { get; init; }

    public ImmutableList<string>? Notes { get; init; }

    public ImmutableSortedDictionary<string, string>? Tags { get; init; }

    /// <summary>Tax rates by region code (a hashed dictionary: compared as a set of pairs, not in order).</summary>
    public ImmutableDictionary<string, decimal>? TaxRates { get; init; }

    /// <summary>A deterministic invoice of <see cref="LineCount"/> lines.</summary>
    /// <returns>A new invoice.</returns>
    public static Invoice Sample()
    {
        var issued = new DateOnly(2026, 11, 2);
        ImmutableArray<InvoiceLine>.Builder lines = ImmutableArray.CreateBuilder<InvoiceLine>(LineCount);
        decimal total = 0m;
        for (int i = 0; i < LineCount; i++)
        {
            var line = new InvoiceLine
            {
                Sku = "SKU-" + (i * 37 % 10_000).ToString("D4", CultureInfo.InvariantCulture),
                Quantity = 1 + (i * 3 % 12),
                UnitPrice = 4.99m + (i * 1.37m),
                DeliveredOn = issued.AddDays(-(i % 9)),
            };
            lines.Add(line);
            total += line.Quantity * line.UnitPrice;
        }

        return new Invoice
        {
            Number = "INV-2026-004217",
            Customer = "Northwind Traders",
            IssuedOn = issued,
            DueOn = issued.AddDays(30),
            CutOff = new TimeOnly(17, 30),
            Total = total,
            LedgerKey = new Int128(0x0001_0203_0405_0607UL, 0x0809_0A0B_0C0D_0E0FUL),
            Lines = lines.MoveToImmutable(),
            Notes = ImmutableList.Create("Payable by bank transfer.", "Late payments bear interest.", "Thank you for your order."),
            Tags = new Dictionary<string, string>
            {
                ["channel"] = "web",
                ["region"] = "EU-West",
                ["priority"] = "normal",
                ["account-manager"] = "J. Smith",
                ["contract"] = "C-2024-118",
            }.ToImmutableSortedDictionary(), // the default comparer, which every contender rebuilds it with
            TaxRates = new Dictionary<string, decimal> { ["FR"] = 0.20m, ["DE"] = 0.19m, ["NL"] = 0.21m }.ToImmutableDictionary(),
        };
    }

    /// <inheritdoc/>
    public bool HasSameValues(Invoice other) =>
        Number == other.Number
        && Customer == other.Customer
        && IssuedOn == other.IssuedOn
        && DueOn == other.DueOn
        && CutOff == other.CutOff
        && Same.Decimal(Total, other.Total)
        && LedgerKey == other.LedgerKey
        && Lines.IsDefault == other.Lines.IsDefault
        && (Lines.IsDefault || Same.Sequence<InvoiceLine>(Lines, other.Lines, (a, b) => a.HasSameValues(b)))
        && Same.Sequence<string>(Notes, other.Notes, (a, b) => a == b)
        && Same.Sequence<KeyValuePair<string, string>>(Tags?.ToList(), other.Tags?.ToList(), (a, b) => a.Key == b.Key && a.Value == b.Value)
        && SameUnordered(TaxRates, other.TaxRates);

    /// <summary>Both null, or the same keys with the same values (decimal scale included), in any order.</summary>
    private static bool SameUnordered(IReadOnlyDictionary<string, decimal>? a, IReadOnlyDictionary<string, decimal>? b)
    {
        if (a is null || b is null)
        {
            return a is null && b is null;
        }

        return a.Count == b.Count && a.All(pair => b.TryGetValue(pair.Key, out decimal value) && Same.Decimal(pair.Value, value));
    }
}

using System;
using System.Collections.Generic;
using FastSerialization;
using FastSerialization.BinaryFormatterImport;

// Today's types: generated serialization, each naming the legacy type it reads.
namespace Shop
{
    public enum Tier { Basic, Silver, Gold }

    [BinarySerializable]
    [BinaryFormatterType("LegacyShop.Customer")]
    public sealed partial class Customer
    {
        public string? Name { get; set; }
        public Tier Tier { get; set; }

        [BinaryFormatterMember("<Since>k__BackingField")]
        public DateTime CustomerSince { get; set; } // renamed since
    }

    [BinarySerializable]
    [BinaryFormatterType("LegacyShop.Invoice")]
    public sealed partial class Invoice
    {
        [BinaryFormatterMember("_number")]
        public long Number { get; set; } // widened from int
        public Customer? BilledTo { get; set; }
        public List<decimal>? Amounts { get; set; }
        public Dictionary<string, string>? Notes { get; set; }
        public DateTime? PaidUtc { get; set; }
        public string Currency { get; set; } = "EUR"; // new: keeps its default
    }

    // Reference-tracked: the orders of a batch share their account, and the record keeps it one object
    // (docs/MIGRATION.md, "Shared references and cycles"); an order's PlacedBy is written as a reference. Customer and
    // Invoice above stay untracked: they shipped in 0.1.0 (tests/CompatibilityCorpus), and turning tracking on for a
    // shipped type changes its layout (FSA006), so the graph types that came later are tracked from the start.
    [BinarySerializable(TrackReferences = true)]
    [BinaryFormatterType("LegacyShop.Account")]
    public sealed partial class Account
    {
        public string? Name { get; set; }
    }

    [BinarySerializable]
    [BinaryFormatterType("LegacyShop.Order")]
    public sealed partial class Order
    {
        public long Number { get; set; }
        public Account? PlacedBy { get; set; }
        public decimal Amount { get; set; }
    }

    // Not tracked: nothing refers to a batch; its list of orders is a value, its orders' accounts references.
    [BinarySerializable]
    [BinaryFormatterType("LegacyShop.Batch")]
    public sealed partial class Batch
    {
        public DateTime Day { get; set; }
        public List<Order>? Orders { get; set; }
    }
}

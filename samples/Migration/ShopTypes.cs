using System;
using System.Collections.Generic;
using FastSerialization;
using FastSerialization.BinaryFormatterImport;

// Today's types: generated serialization, each naming the legacy type it reads.
namespace Shop
{
    public enum Tier { Basic, Silver, Gold }

    // Reference-tracked: invoices of a batch share their customer, and the record keeps it one object
    // (docs/MIGRATION.md, "Shared references and cycles"). An invoice's BilledTo is then written as a reference.
    [BinarySerializable(TrackReferences = true)]
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

    // Not tracked: nothing refers to a batch; its list of invoices is a value, its invoices' customers references.
    [BinarySerializable]
    [BinaryFormatterType("LegacyShop.Batch")]
    public sealed partial class Batch
    {
        public DateTime Day { get; set; }
        public List<Invoice>? Invoices { get; set; }
    }
}

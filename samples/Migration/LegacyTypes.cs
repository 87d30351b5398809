using System;
using System.Collections.Generic;

// The types of the application as it was when BinaryFormatter wrote its files.
namespace LegacyShop
{
    public enum Tier { Basic, Silver, Gold }

    [Serializable]
    public class Customer
    {
        public string? Name { get; set; }
        public Tier Tier { get; set; }
        public DateTime Since { get; set; }
    }

    [Serializable]
    public class Invoice
    {
        private int _number;
        public int Number { get => _number; set => _number = value; }
        public Customer? BilledTo { get; set; }
        public List<decimal>? Amounts { get; set; }
        public Dictionary<string, string>? Notes { get; set; }
        public DateTime? PaidUtc { get; set; }
    }

    /// <summary>A day's invoices: BinaryFormatter kept the one customer they share as one object.</summary>
    [Serializable]
    public class Batch
    {
        public DateTime Day { get; set; }
        public List<Invoice>? Invoices { get; set; }
    }

    /// <summary>A type the new application dropped: the converter reports it and goes on.</summary>
    [Serializable]
    public class AuditEntry
    {
        public string? Who;
        public DateTime When;
    }
}

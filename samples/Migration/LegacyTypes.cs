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

    /// <summary>An account that a day's orders share: BinaryFormatter kept it one object.</summary>
    [Serializable]
    public class Account
    {
        public string? Name { get; set; }
    }

    [Serializable]
    public class Order
    {
        public int Number { get; set; }
        public Account? PlacedBy { get; set; }
        public decimal Amount { get; set; }
    }

    /// <summary>A day's orders, several of them placed by the same account.</summary>
    [Serializable]
    public class Batch
    {
        public DateTime Day { get; set; }
        public List<Order>? Orders { get; set; }
    }

    /// <summary>A type the new application dropped: the converter reports it and goes on.</summary>
    [Serializable]
    public class AuditEntry
    {
        public string? Who;
        public DateTime When;
    }
}

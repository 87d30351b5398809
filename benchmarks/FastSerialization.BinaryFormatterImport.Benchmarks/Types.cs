using System;
using System.Collections.Generic;
using FastSerialization;
using FastSerialization.BinaryFormatterImport;

// The legacy types BinaryFormatter writes (and reads, as the contender), and the modern types the importer builds.
namespace Legacy
{
    public enum Status { Open, Shipped, Cancelled }

    [Serializable]
    public class Address
    {
        public string? Street;
        public string? City;
        public int Zip;
    }

    [Serializable]
    public class Customer
    {
        public Guid Id { get; set; }
        public string? Name { get; set; }
        public decimal Credit { get; set; }
        public Address? Home { get; set; }
        public DateTime Since { get; set; }
    }

    [Serializable]
    public class OrderLine
    {
        public string? Sku { get; set; }
        public int Quantity { get; set; }
        public double Price { get; set; }
    }

    [Serializable]
    public class Order
    {
        public long Number { get; set; }
        public Customer? Customer { get; set; }
        public Status Status { get; set; }
        public DateTime Placed { get; set; }
        public int? Priority { get; set; }
        public List<OrderLine>? Lines { get; set; }
        public Dictionary<string, string>? Notes { get; set; }
        public int[]? Codes { get; set; }
    }
}

namespace Modern
{
    public enum Status { Open, Shipped, Cancelled }

    [BinarySerializable, BinaryFormatterType("Legacy.Address")]
    public sealed partial class Address
    {
        public string? Street { get; set; }
        public string? City { get; set; }
        public int Zip { get; set; }
    }

    [BinarySerializable, BinaryFormatterType("Legacy.Customer")]
    public sealed partial class Customer
    {
        public Guid Id { get; set; }
        public string? Name { get; set; }
        public decimal Credit { get; set; }
        public Address? Home { get; set; }
        public DateTime Since { get; set; }
    }

    [BinarySerializable, BinaryFormatterType("Legacy.OrderLine")]
    public sealed partial class OrderLine
    {
        public string? Sku { get; set; }
        public int Quantity { get; set; }
        public double Price { get; set; }
    }

    [BinarySerializable, BinaryFormatterType("Legacy.Order")]
    public sealed partial class Order
    {
        public long Number { get; set; }
        public Customer? Customer { get; set; }
        public Status Status { get; set; }
        public DateTime Placed { get; set; }
        public int? Priority { get; set; }
        public List<OrderLine>? Lines { get; set; }
        public Dictionary<string, string>? Notes { get; set; }
        public int[]? Codes { get; set; }
    }
}

using System;
using System.Collections;
using System.Collections.Generic;
using FastSerialization;
using FastSerialization.BinaryFormatterImport;

// The types the BinaryFormatter payloads are imported into, each naming the legacy type it reads. Partial, so the
// generator emits a binder for each: the importer sets their members, private or not, without reflection.
namespace Imported
{
    public enum OrderStatus : short { None = 0, Open = 1, Shipped = 2, Cancelled = 7 }

    [BinarySerializable]
    [BinaryFormatterType("Legacy.Address")]
    public sealed partial class Address
    {
        public string? Street { get; set; }
        public string? City { get; set; }
        public int Zip { get; set; }
    }

    /// <summary>The legacy type had a base class: its private field (Party+_id) and protected field come in through aliases.</summary>
    [BinaryFormatterType("Legacy.Customer")]
    public sealed partial class Customer
    {
        [BinaryFormatterMember("_id")]
        public Guid Id { get; private set; }

        [BinaryFormatterMember("Created")]
        public DateTime CreatedAt { get; private set; }

        public string? Name { get; private set; }
        public decimal Credit { get; private set; }
        public Address? Home { get; private set; }
        public Address? Billing { get; private set; }
    }

    [BinaryFormatterType("Legacy.OrderLine")]
    public sealed partial record OrderLine(string? Sku, int Quantity, double Price);

    [BinaryFormatterType("Legacy.Order")]
    public sealed partial class Order
    {
        public long Number { get; init; }
        public Customer? Customer { get; init; }
        public OrderStatus Status { get; init; }
        public DateTime Placed { get; init; }
        public DateTime? Shipped { get; init; }
        public int? Priority { get; init; }
        public TimeSpan Window { get; init; }
        public IReadOnlyList<OrderLine>? Lines { get; init; }
        public string[]? Tags { get; init; }
    }

    [BinaryFormatterType("Legacy.Everything")]
    public sealed partial class Everything
    {
        public bool Flag;
        public byte B;
        public sbyte SB;
        public short S;
        public ushort US;
        public char C;
        public int I;
        public uint UI;
        public long L;
        public ulong UL;
        public float F;
        public double D;
        public decimal M;
        public string? Text;
        public DateTime Utc;
        public DateTime Local;
        public DateTime Unspecified;
        public TimeSpan Span;
        public Guid Guid;
        public OrderStatus Status;
        public int? SomeInt;
        public int? NoInt;
        public Guid? SomeGuid;
        public int[]? Ints;
        public byte[]? Bytes;
        public int[][]? Jagged;
        public List<int>? IntList;
        public List<string>? StringList;
        public IDictionary<string, int>? Counts;
        public Dictionary<int, Address>? AddressById;
        public ISet<string>? Names;
        public Hashtable? Table;
        public ArrayList? Mixed;
        public Address[]? Addresses;
    }
}

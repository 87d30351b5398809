using System;
using System.Collections;
using System.Collections.Generic;
using FastSerialization;
using FastSerialization.BinaryFormatterImport;

// Today's types: [BinarySerializable] and registered where FastSerialization writes them, each naming the
// legacy type it reads, with renames declared where a member's name changed.
namespace Modern
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

    // Flat where the legacy type had a base class: the base's private field (Party+_id) and protected
    // field (Created) come in through aliases.
    [BinarySerializable]
    [BinaryFormatterType("Legacy.Customer")]
    public sealed partial class Customer
    {
        [BinaryFormatterMember("_id")]
        public Guid Id { get; set; }

        [BinaryFormatterMember("Created")]
        public DateTime CreatedAt { get; set; }

        public string? Name { get; set; }
        public decimal Credit { get; set; }
        public Address? Home { get; set; }
        public Address? Billing { get; set; }
    }

    [BinarySerializable]
    [BinaryFormatterType("Legacy.OrderLine")]
    public sealed partial class OrderLine
    {
        public string? Sku { get; set; }
        public int Quantity { get; set; }
        public double Price { get; set; }
    }

    [BinarySerializable]
    [BinaryFormatterType("Legacy.Order")]
    public sealed partial class Order
    {
        public long Number { get; set; }
        public Customer? Customer { get; set; }
        public OrderStatus Status { get; set; }
        public DateTime Placed { get; set; }
        public DateTime? Shipped { get; set; }
        public int? Priority { get; set; }
        public TimeSpan Window { get; set; }
        public List<OrderLine>? Lines { get; set; }
        public string[]? Tags { get; set; }
    }

    // Tracked: the corpus's tree has two children pointing at each other and sharing a grandchild.
    [BinarySerializable(TrackReferences = true)]
    [BinaryFormatterType("Legacy.Node")]
    public sealed partial class Node
    {
        public string? Name { get; set; }
        public Node? Next { get; set; }
        public List<Node>? Children { get; set; }
    }

    [BinarySerializable]
    [BinaryFormatterType("Legacy.Widening")]
    public sealed partial class Widening
    {
        public long Small { get; set; }
        public double Single { get; set; }
        public int Tiny { get; set; }
    }

    [BinarySerializable]
    [BinaryFormatterType("Legacy.Renamed")]
    public sealed partial class Renamed
    {
        [BinaryFormatterMember("OldName")]
        public string? NewName { get; set; }
        public int Kept { get; set; }
        public int Added { get; set; } = 42; // not in the payload: keeps its default
    }

    /// <summary>Reads Legacy.Widening with a narrowing member: an error.</summary>
    public sealed class Narrowed
    {
        public short Small;
        public double Single;
        public int Tiny;
    }

    /// <summary>
    /// Every member kind the importer handles. Import-only (mapped with MapType, not registered): Hashtable and ArrayList
    /// are not FastSerialization member kinds. Partial with [BinaryFormatterType], so it gets a generated binder.
    /// </summary>
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
        public Dictionary<string, int>? Counts;
        public Dictionary<int, Address>? AddressById;
        public HashSet<string>? Names;
        public Hashtable? Table;
        public ArrayList? Mixed;
        public Address[]? Addresses;
    }

    /// <summary>An object-typed member: what it holds must map by name.</summary>
    public sealed class Holder
    {
        public object? Payload;
        public int After;
    }

    public sealed class Book
    {
        public List<Holder>? Items;
    }

    /// <summary>Reads Legacy.Point by reflection; its pointer field is no member the payload can fill.</summary>
    public sealed unsafe class WithPointer
    {
        public int X;
        public int Y;
        public int* Scratch;
    }

    public sealed class Point
    {
        public int X;
        public int Y;
    }

    /// <summary>Reads Legacy.SharedPair by reflection.</summary>
    public struct SharedPair
    {
        public object? A;
        public object? B;
    }

    /// <summary>Registered in the hostile tests: counts its constructions, which must stay at zero.</summary>
    [BinarySerializable]
    public sealed partial class Tripwire
    {
        private static int s_created;

        public Tripwire() => System.Threading.Interlocked.Increment(ref s_created);

        public static int Created => s_created;

        public int Value { get; set; }
    }
}

using System;
using System.Collections;
using System.Collections.Generic;

// The types as an application of the BinaryFormatter era declared them. Their names (namespace Legacy)
// are what the payloads carry; the importer maps them to the new types in Modern/.
namespace Legacy
{
    public enum OrderStatus : short { None = 0, Open = 1, Shipped = 2, Cancelled = 7 }

    [Serializable]
    public class Address
    {
        public string? Street;
        public string? City;
        public int Zip;
    }

    [Serializable]
    public class Party
    {
        private Guid _id;
        protected DateTime Created;
        public Guid Id { get => _id; set => _id = value; }
        public DateTime CreatedAt { get => Created; set => Created = value; }
    }

    [Serializable]
    public class Customer : Party
    {
        public string? Name { get; set; }
        public decimal Credit { get; set; }
        public Address? Home;
        public Address? Billing;
        [NonSerialized] public int Scratch;
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
        public OrderStatus Status { get; set; }
        public DateTime Placed { get; set; }
        public DateTime? Shipped { get; set; }
        public int? Priority { get; set; }
        public TimeSpan Window { get; set; }
        public List<OrderLine>? Lines { get; set; }
        public string[]? Tags { get; set; }
    }

    [Serializable]
    public class Everything
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

    [Serializable]
    public class Node
    {
        public string? Name;
        public Node? Next;
        public List<Node>? Children;
    }

    [Serializable]
    public class Widening
    {
        public int Small;
        public float Single;
        public short Tiny;
    }

    [Serializable]
    public class Renamed
    {
        public string? OldName;
        public int Kept;
        public int Dropped;
    }

    [Serializable]
    public class Holder
    {
        public object? Payload;
        public int After;
    }

    [Serializable]
    public class Point
    {
        public int X;
        public int Y;
    }

    /// <summary>A struct whose two members may hold one boxed pair: BinaryFormatter writes a shared box once.</summary>
    [Serializable]
    public struct SharedPair
    {
        public object? A;
        public object? B;
    }
}

namespace Legacy
{
    [Serializable]
    public class Book
    {
        public List<Holder>? Items;
    }
}

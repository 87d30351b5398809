using System;
using System.Collections;
using System.Collections.Generic;
using FastSerialization.BinaryFormatterImport;

namespace FastSerialization.Fuzz.Models;

// What the importer target builds from BinaryFormatter payloads: the shapes of the importer tests' legacy
// corpus (tests/FastSerialization.BinaryFormatterImport.Tests/Legacy), whose golden payloads are the target's
// seeds. The registered ones round-trip through the formatter afterwards; the import-only one is only built.

public enum ImportedStatus : short
{
    None = 0,
    Open = 1,
    Shipped = 2,
    Cancelled = 7,
}

[BinarySerializable]
[BinaryFormatterType("Legacy.Address")]
public sealed partial class ImportedAddress
{
    public string? Street { get; set; }

    public string? City { get; set; }

    public int Zip { get; set; }
}

/// <summary>Flattens the legacy base class's private and protected fields through aliases.</summary>
[BinarySerializable]
[BinaryFormatterType("Legacy.Customer")]
public sealed partial class ImportedCustomer
{
    [BinaryFormatterMember("_id")]
    public Guid Id { get; set; }

    [BinaryFormatterMember("Created")]
    public DateTime Since { get; set; }

    public string? Name { get; set; }

    public decimal Credit { get; set; }

    public ImportedAddress? Home { get; set; }

    public ImportedAddress? Billing { get; set; }
}

[BinarySerializable]
[BinaryFormatterType("Legacy.OrderLine")]
public sealed partial class ImportedLine
{
    public string? Sku { get; set; }

    public int Quantity { get; set; }

    public double Price { get; set; }
}

[BinarySerializable]
[BinaryFormatterType("Legacy.Order")]
public sealed partial class ImportedOrder
{
    public long Number { get; set; }

    public ImportedCustomer? Customer { get; set; }

    public ImportedStatus Status { get; set; }

    public DateTime Placed { get; set; }

    public DateTime? Shipped { get; set; }

    public int? Priority { get; set; }

    public TimeSpan Window { get; set; }

    public List<ImportedLine>? Lines { get; set; }

    public string[]? Tags { get; set; }
}

/// <summary>A self-referencing legacy type: cycles and depth.</summary>
[BinarySerializable]
[BinaryFormatterType("Legacy.Node")]
public sealed partial class ImportedNode
{
    public string? Name { get; set; }

    public ImportedNode? Next { get; set; }

    public List<ImportedNode>? Children { get; set; }
}

/// <summary>Widening conversions (int to long, float to double, short to int); narrowing ones are errors.</summary>
[BinarySerializable]
[BinaryFormatterType("Legacy.Widening")]
public sealed partial class ImportedWidening
{
    public long Small { get; set; }

    public double Single { get; set; }

    public int Tiny { get; set; }
}

/// <summary>A renamed member, a dropped one and an added one.</summary>
[BinarySerializable]
[BinaryFormatterType("Legacy.Renamed")]
public sealed partial class ImportedRenamed
{
    [BinaryFormatterMember("OldName")]
    public string? Label { get; set; }

    public int Kept { get; set; }

    public int Added { get; set; } = -1;
}

/// <summary>
/// Every member kind the importer converts, Hashtable and ArrayList among them (which FastSerialization does not
/// write): mapped with MapType and never registered, so the target only builds it.
/// </summary>
public sealed class ImportedEverything
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
    public ImportedStatus Status;
    public int? SomeInt;
    public int? NoInt;
    public Guid? SomeGuid;
    public int[]? Ints;
    public byte[]? Bytes;
    public int[][]? Jagged;
    public List<int>? IntList;
    public List<string>? StringList;
    public Dictionary<string, int>? Counts;
    public Dictionary<int, ImportedAddress>? AddressById;
    public HashSet<string>? Names;
    public Hashtable? Table;
    public ArrayList? Mixed;
    public ImportedAddress[]? Addresses;
}

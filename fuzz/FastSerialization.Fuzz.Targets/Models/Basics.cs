using System;
using System.Collections.Generic;

namespace FastSerialization.Fuzz.Models;

public enum Tone : byte
{
    Low = 1,
    High = 2,
}

public enum Wide : long
{
    None = 0,
    Max = long.MaxValue,
}

/// <summary>A self-referencing type: nesting and the depth limit.</summary>
[BinarySerializable]
public sealed partial class Link
{
    public int Value { get; set; }

    public Link? Next { get; set; }
}

/// <summary>A polymorphic member type with two registered implementations.</summary>
public interface IFigure : ICustomBinarySerializable
{
}

[BinarySerializable]
public sealed partial class Disc : IFigure
{
    public double Radius { get; set; }
}

[BinarySerializable]
public sealed partial class Tile : IFigure
{
    public string? Label { get; set; }

    public IFigure? Inner { get; set; }
}

/// <summary>A small struct member.</summary>
[BinarySerializable]
public partial struct Extent
{
    public short Width;

    public short Height;
}

/// <summary>Every primitive and compact-integer member kind.</summary>
[BinarySerializable]
public sealed partial class Scalars
{
    public bool Flag { get; set; }

    public byte Byte { get; set; }

    public sbyte SByte { get; set; }

    public short Short { get; set; }

    public ushort UShort { get; set; }

    public char Char { get; set; }

    public int Int { get; set; }

    public uint UInt { get; set; }

    public long Long { get; set; }

    public ulong ULong { get; set; }

    [BinaryMember(FixedWidth = true)]
    public long FixedLong { get; set; }

    public float Float { get; set; }

    public double Double { get; set; }

    public decimal Decimal { get; set; }

    public DateTime When { get; set; }

    public TimeSpan Span { get; set; }

    public DateTimeOffset Offset { get; set; }

    public Guid Id { get; set; }

    public Tone Tone { get; set; }

    public Wide Wide { get; set; }

    public int? MaybeInt { get; set; }

    public Tone? MaybeTone { get; set; }

    public string? Text { get; set; }

    public byte[]? Bytes { get; set; }

    public ReadOnlyMemory<byte> Memory { get; set; }

    public Extent Extent { get; set; }

    public Extent? MaybeExtent { get; set; }
}

/// <summary>Every collection kind, with nested and polymorphic elements.</summary>
[BinarySerializable]
public sealed partial class Collections
{
    public int[]? Ints { get; set; }

    public double[]? Doubles { get; set; }

    public string?[]? Strings { get; set; }

    public int[][]? Jagged { get; set; }

    public List<string>? List { get; set; }

    public IList<long>? Longs { get; set; }

    public IReadOnlyList<Link>? Links { get; set; }

    public HashSet<int>? Set { get; set; }

    public HashSet<string>? Names { get; set; }

    public Dictionary<string, int>? Map { get; set; }

    public IReadOnlyDictionary<int, List<string>?>? Nested { get; set; }

    public List<IFigure>? Figures { get; set; }

    public IFigure? Figure { get; set; }

    public List<HashSet<int>>? Sets { get; set; }

    public Extent[]? Extents { get; set; }
}

using System;
using System.Collections.Generic;

namespace FastSerialization.Generator.Tests.Models;

public enum Color : byte
{
    Red = 1,
    Green = 2,
}

public enum BigEnum : long
{
    None = 0,
    Huge = long.MaxValue,
}

/// <summary>A small sealed nested type.</summary>
[BinarySerializable]
public sealed partial class Point
{
    public int X { get; set; }

    public int Y { get; set; }
}

/// <summary>A nested struct.</summary>
[BinarySerializable]
public partial struct Size
{
    public short Width;

    public short Height;
}

/// <summary>A polymorphic member type: an interface with registered implementations.</summary>
public interface IShape : ICustomBinarySerializable
{
}

[BinarySerializable]
public sealed partial class Circle : IShape
{
    public double Radius { get; set; }
}

[BinarySerializable]
public sealed partial class Square : IShape
{
    public double Side { get; set; }
}

/// <summary>A type with every member kind the generator supports.</summary>
[BinarySerializable]
public partial class AllKinds
{
    public bool Bool { get; set; }

    public byte Byte { get; set; }

    public sbyte SByte { get; set; }

    public short Short { get; set; }

    public ushort UShort { get; set; }

    public char Char { get; set; }

    public int Int { get; set; }

    public uint UInt { get; set; }

    public long Long { get; set; }

    public ulong ULong { get; set; }

    public float Float { get; set; }

    public double Double { get; set; }

    public decimal Decimal { get; set; }

    public DateTime DateTime { get; set; }

    public TimeSpan TimeSpan { get; set; }

    public DateTimeOffset DateTimeOffset { get; set; }

    public Guid Guid { get; set; }

    public string? String { get; set; }

    public string NonNullString { get; set; } = string.Empty;

    public Color Color { get; set; }

    public BigEnum Big { get; set; }

    public int? NullableInt { get; set; }

    public Color? NullableColor { get; set; }

    public DateTime? NullableDate { get; set; }

    public byte[]? Bytes { get; set; }

    public ReadOnlyMemory<byte> ReadOnlyMemory { get; set; }

    public Memory<byte> Memory { get; set; }

    public int[]? Ints { get; set; }

    public double[]? Doubles { get; set; }

    public string?[]? Strings { get; set; }

    public int[][]? Jagged { get; set; }

    public bool[]? Bools { get; set; }

    public List<string>? List { get; set; }

    public IList<long>? IList { get; set; }

    public IReadOnlyList<Point>? IReadOnlyList { get; set; }

    public HashSet<int>? HashSet { get; set; }

    public Dictionary<string, int>? Dictionary { get; set; }

    public IReadOnlyDictionary<int, List<string>?>? IReadOnlyDictionary { get; set; }

    public Point? Point { get; set; }

    public Size Size { get; set; }

    public Size? NullableSize { get; set; }

    public IShape? Shape { get; set; }

    public List<IShape>? Shapes { get; set; }

    public int Field;

    [BinaryIgnore]
    public int Ignored { get; set; }

    public int Computed => Int + 1;

    internal int NotPublic { get; set; }
}

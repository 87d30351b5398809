using System.Collections.Generic;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>A self-referencing type with 40 more members: each level of nesting takes a large stack frame.</summary>
[BinarySerializable]
public sealed partial class WideNode
{
    public WideNode? Next { get; set; }

    public int M00 { get; set; }

    public long M01 { get; set; }

    public string? M02 { get; set; }

    public double M03 { get; set; }

    public decimal M04 { get; set; }

    public int M05 { get; set; }

    public long M06 { get; set; }

    public string? M07 { get; set; }

    public double M08 { get; set; }

    public decimal M09 { get; set; }

    public int M10 { get; set; }

    public long M11 { get; set; }

    public string? M12 { get; set; }

    public double M13 { get; set; }

    public decimal M14 { get; set; }

    public int M15 { get; set; }

    public long M16 { get; set; }

    public string? M17 { get; set; }

    public double M18 { get; set; }

    public decimal M19 { get; set; }

    public int M20 { get; set; }

    public long M21 { get; set; }

    public string? M22 { get; set; }

    public double M23 { get; set; }

    public decimal M24 { get; set; }

    public int M25 { get; set; }

    public long M26 { get; set; }

    public string? M27 { get; set; }

    public double M28 { get; set; }

    public decimal M29 { get; set; }

    public int M30 { get; set; }

    public long M31 { get; set; }

    public string? M32 { get; set; }

    public double M33 { get; set; }

    public decimal M34 { get; set; }

    public int M35 { get; set; }

    public long M36 { get; set; }

    public string? M37 { get; set; }

    public double M38 { get; set; }

    public decimal M39 { get; set; }
}

/// <summary>A class whose members cost far more memory than their bytes when read: 16 strings and two collections its constructor makes.</summary>
[BinarySerializable]
public sealed partial class Heavy
{
    public string? S00 { get; set; }

    public string? S01 { get; set; }

    public string? S02 { get; set; }

    public string? S03 { get; set; }

    public string? S04 { get; set; }

    public string? S05 { get; set; }

    public string? S06 { get; set; }

    public string? S07 { get; set; }

    public string? S08 { get; set; }

    public string? S09 { get; set; }

    public string? S10 { get; set; }

    public string? S11 { get; set; }

    public string? S12 { get; set; }

    public string? S13 { get; set; }

    public string? S14 { get; set; }

    public string? S15 { get; set; }

    public List<int> Numbers { get; set; } = new();

    public Dictionary<string, int> Named { get; set; } = new();
}

/// <summary>A set and a dictionary, for the one rule on repeated elements and keys.</summary>
[BinarySerializable]
public sealed partial class SetHolder
{
    public HashSet<int>? Set { get; set; }

    public Dictionary<int, string>? Map { get; set; }

    public List<HashSet<int>>? Sets { get; set; }
}

/// <summary>A list of <see cref="Heavy"/>: 1-byte elements that each make an object and two collections.</summary>
[BinarySerializable]
public sealed partial class HeavyList
{
    public List<Heavy>? Items { get; set; }
}

/// <summary>A struct of 8 decimals: 128 bytes in memory, 1 byte on the wire when its frame is empty.</summary>
[BinarySerializable]
public partial struct EightDecimals
{
    public decimal A;
    public decimal B;
    public decimal C;
    public decimal D;
    public decimal E;
    public decimal F;
    public decimal G;
    public decimal H;
}

/// <summary>An array of <see cref="EightDecimals"/>.</summary>
[BinarySerializable]
public sealed partial class DecimalsArray
{
    public EightDecimals[]? Items { get; set; }
}

/// <summary>A small class.</summary>
[BinarySerializable]
public sealed partial class Small
{
    public int A { get; set; }

    public int B { get; set; }
}

/// <summary>A list of small classes.</summary>
[BinarySerializable]
public sealed partial class SmallList
{
    public List<Small>? Items { get; set; }

    public List<string>? Names { get; set; }

    public List<int>? Numbers { get; set; }
}

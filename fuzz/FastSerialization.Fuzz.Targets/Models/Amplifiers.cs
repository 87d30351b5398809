using System.Collections.Generic;

namespace FastSerialization.Fuzz.Models;

/// <summary>A class that costs far more memory than its bytes: 16 strings and two collections its constructor makes.</summary>
[BinarySerializable]
public sealed partial class Bulky
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

/// <summary>A struct of 8 decimals: 128 bytes in memory, 1 byte on the wire when its frame is empty.</summary>
[BinarySerializable]
public partial struct Octet
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

/// <summary>The shapes of issue 14's allocation amplification, for the allocation oracle.</summary>
[BinarySerializable]
public sealed partial class Amplifiers
{
    public List<Bulky>? Bulky { get; set; }

    public Octet[]? Octets { get; set; }

    public List<HashSet<int>>? Sets { get; set; }

    public Dictionary<int, Dictionary<int, int>>? Maps { get; set; }
}

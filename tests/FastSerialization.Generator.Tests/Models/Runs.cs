namespace FastSerialization.Generator.Tests.Models.Runs;

public enum Light : byte
{
    Off,
    On,
}

public enum Level
{
    Low = 1,
    High = 100_000,
}

/// <summary>
/// Members in runs (docs/GENERATOR.md, "Runs of fixed-width members"): Sensor..Port are one run of 30 bytes,
/// Note breaks it, Delta and Low form a second run of 9 bytes, Count is a varint on its own.
/// </summary>
[BinarySerializable]
public sealed partial class Reading
{
    public byte Sensor { get; set; }

    public bool Valid { get; set; }

    public Light Light { get; set; }

    public double Value { get; set; }

    public float Scale { get; set; }

    public char Unit { get; set; }

    [BinaryMember(FixedWidth = true)]
    public long Stamp { get; set; }

    [BinaryMember(FixedWidth = true)]
    public Level Level { get; set; }

    [BinaryMember(FixedWidth = true)]
    public ushort Port { get; set; }

    public string? Note { get; set; }

    public sbyte Delta { get; set; }

    public double Low { get; set; }

    public int Count { get; set; }
}

/// <summary>An older build of <see cref="Reading"/> that ends inside its first run.</summary>
[BinarySerializable]
public sealed partial class ReadingV1
{
    public byte Sensor { get; set; }

    public bool Valid { get; set; }

    public Light Light { get; set; }

    public double Value { get; set; }
}

/// <summary>An immutable type whose members form a run: read into locals, then constructed.</summary>
[BinarySerializable]
public sealed partial record Sample(byte Channel, bool Clipped, double Value, float Gain)
{
    public string? Label { get; init; }
}

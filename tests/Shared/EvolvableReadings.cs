using FastSerialization;

namespace FastSerialization.Tests.Shared;

/// <summary>
/// An evolvable fixed-layout struct (docs/FORMAT.md section 3c) as the generator writes it: its example vector is
/// <see cref="ReadingLog.ExpectedRecord"/>, which the .NET 10 build (FastSerialization.Generator.Tests) and the
/// netstandard2.0 build (FastSerialization.Ipc.Tests.NetStandard) must both write.
/// </summary>
[BinarySerializable(FixedLayout = true, Evolvable = true)]
public partial struct Reading
{
    public long Time;
    public double Value;
    public int Sensor;
    public int Flags;
}

/// <summary>A record holding an array of readings and a single one.</summary>
[BinarySerializable]
public sealed partial class ReadingLog
{
    /// <summary>
    /// <see cref="Sample"/> registered as id 1, the bytes of docs/FORMAT.md section 3c's example, built by hand there:
    /// the length (76), the id, the count (2 + 1) and the element size (24) once, two elements, then the single
    /// reading's size (24) and its bytes.
    /// </summary>
    public const string ExpectedRecord =
        "4C000000" + "01"
        + "03" + "18"
        + "0100000000000000" + "000000000000E03F" + "07000000" + "02000000"
        + "0200000000000000" + "000000000000F0BF" + "08000000" + "00000000"
        + "18"
        + "0300000000000000" + "0000000000000440" + "09000000" + "01000000";

    public Reading[]? Readings { get; set; }

    public Reading Last { get; set; }

    public static ReadingLog Sample() => new()
    {
        Readings = new[]
        {
            new Reading { Time = 1, Value = 0.5, Sensor = 7, Flags = 2 },
            new Reading { Time = 2, Value = -1.0, Sensor = 8, Flags = 0 },
        },
        Last = new Reading { Time = 3, Value = 2.5, Sensor = 9, Flags = 1 },
    };
}

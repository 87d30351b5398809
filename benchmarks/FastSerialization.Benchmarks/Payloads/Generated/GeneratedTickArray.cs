using System;

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>A <see cref="Tick"/> the generator writes: a plain [BinarySerializable] partial struct of the same five members.</summary>
[BinarySerializable]
public partial struct GeneratedTick
{
    /// <summary>Nanoseconds since the Unix epoch.</summary>
    [BinaryMember(FixedWidth = true)] // always large: 8 bytes fixed beat a 9-byte varint
    public long Time { get; set; }

    public double Bid { get; set; }

    public double Ask { get; set; }

    public int BidSize { get; set; }

    public int AskSize { get; set; }
}

/// <summary>
/// <see cref="TickArray"/> with its serializer written by the source generator: an array of
/// <see cref="GeneratedTick"/>.
/// </summary>
/// <remarks>
/// <b>Not the same bytes.</b> The hand-written code writes each tick's five members inline after the
/// collection header, 32 bytes. The generator writes an array of a [BinarySerializable] struct as a
/// sequence of nested objects, each with its one-byte length (docs/FORMAT.md, section 3), and its integers
/// as varints (section 3a) except the time, marked FixedWidth: 1 + 8 + 8 + 8 + two 1-2 byte sizes, about
/// 29 bytes a tick. The values round-trip (checked in setup); the report gives each contender's size.
/// </remarks>
[BinarySerializable]
public sealed partial class GeneratedTickArray : IGeneratedVariant<GeneratedTickArray, TickArray>
{
    public static bool SameBytes => false;

    public GeneratedTick[]? Ticks { get; set; }


    public static GeneratedTickArray From(TickArray a) => new()
    {
        Ticks = a.Ticks is null
            ? null
            : Array.ConvertAll(a.Ticks, t => new GeneratedTick { Time = t.Time, Bid = t.Bid, Ask = t.Ask, BidSize = t.BidSize, AskSize = t.AskSize }),
    };

    public TickArray ToHandWritten() => new()
    {
        Ticks = Ticks is null
            ? null
            : Array.ConvertAll(Ticks, t => new Tick { Time = t.Time, Bid = t.Bid, Ask = t.Ask, BidSize = t.BidSize, AskSize = t.AskSize }),
    };
}

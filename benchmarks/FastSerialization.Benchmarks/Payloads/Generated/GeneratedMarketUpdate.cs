using System;

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>A <see cref="PriceLevel"/> the generator can write: the same three members.</summary>
[BinarySerializable]
public partial struct GeneratedPriceLevel
{
    public double Price { get; set; }

    public long Size { get; set; }

    public int OrderCount { get; set; }
}

/// <summary>
/// <see cref="MarketUpdate"/> with its serializer written by the source generator: the same members in
/// the same order.
/// </summary>
/// <remarks>
/// <b>Not the same bytes.</b> The hand-written code writes each level's three fields inline after the
/// collection header, 20 bytes. The generator writes an array of a [BinarySerializable] struct as a sequence
/// of nested objects, each with its one-byte length (docs/FORMAT.md, section 3), and its integers as varints
/// (section 3a), except the timestamp, marked FixedWidth. The values round-trip (checked in setup); the
/// report gives each contender's size.
/// </remarks>
[BinarySerializable]
public sealed partial class GeneratedMarketUpdate : IGeneratedVariant<GeneratedMarketUpdate, MarketUpdate>
{
    public static bool SameBytes => false;

    public string? Symbol { get; set; }

    public long Sequence { get; set; }

    /// <summary>Nanoseconds since the Unix epoch.</summary>
    [BinaryMember(FixedWidth = true)] // nanoseconds since 1970: always large, 8 bytes fixed beat a 9-byte varint
    public long Timestamp { get; set; }

    public GeneratedPriceLevel[]? Levels { get; set; }

    public static GeneratedMarketUpdate From(MarketUpdate m) => new()
    {
        Symbol = m.Symbol,
        Sequence = m.Sequence,
        Timestamp = m.Timestamp,
        Levels = m.Levels is null
            ? null
            : Array.ConvertAll(m.Levels, l => new GeneratedPriceLevel { Price = l.Price, Size = l.Size, OrderCount = l.OrderCount }),
    };


    public MarketUpdate ToHandWritten() => new()
    {
        Symbol = Symbol,
        Sequence = Sequence,
        Timestamp = Timestamp,
        Levels = Levels is null
            ? null
            : Array.ConvertAll(Levels, l => new PriceLevel { Price = l.Price, Size = l.Size, OrderCount = l.OrderCount }),
    };
}

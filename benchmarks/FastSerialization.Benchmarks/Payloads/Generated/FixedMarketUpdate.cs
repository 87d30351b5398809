using System;
using System.Runtime.InteropServices;

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>
/// <see cref="PriceLevel"/> as a fixed-layout struct (docs/FORMAT.md section 3b): 20 bytes on the wire. Without
/// <c>Pack = 4</c> the runtime would pad it to 24 bytes in memory and the levels would be copied member by member;
/// with it, memory and wire layouts are the same and a message's levels are copied as one block.
/// </summary>
[BinarySerializable(FixedLayout = true)]
[StructLayout(LayoutKind.Sequential, Pack = 4)]
public partial struct FixedPriceLevel
{
    public double Price;
    public long Size;
    public int OrderCount;
}

/// <summary>
/// <see cref="MarketUpdate"/> with a generated serializer over fixed-layout levels: the same payload bytes as the
/// hand-written message apart from the sequence, a varint here (docs/FORMAT.md section 3a), and the levels' block
/// header. Its counterpart with a nested object per level is <see cref="GeneratedMarketUpdate"/>.
/// </summary>
[BinarySerializable]
public sealed partial class FixedMarketUpdate
{
    public string? Symbol { get; set; }

    public long Sequence { get; set; }

    /// <summary>Nanoseconds since the Unix epoch.</summary>
    [BinaryMember(FixedWidth = true)] // always large: 8 bytes fixed beat a 9-byte varint
    public long Timestamp { get; set; }

    public FixedPriceLevel[]? Levels { get; set; }

    public static FixedMarketUpdate From(MarketUpdate m) => new()
    {
        Symbol = m.Symbol,
        Sequence = m.Sequence,
        Timestamp = m.Timestamp,
        Levels = m.Levels is null
            ? null
            : Array.ConvertAll(m.Levels, l => new FixedPriceLevel { Price = l.Price, Size = l.Size, OrderCount = l.OrderCount }),
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

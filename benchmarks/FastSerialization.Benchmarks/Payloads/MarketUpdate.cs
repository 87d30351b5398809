using System;
using System.IO;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>One price level of a book side: price, size and the number of orders resting there.</summary>
[Serializable]
public struct PriceLevel
{
    public double Price { get; set; }

    public long Size { get; set; }

    public int OrderCount { get; set; }

    /// <summary>True when both levels hold exactly the same values (the price bit for bit).</summary>
    public readonly bool HasSameValues(PriceLevel other) => Same.Double(Price, other.Price) && Size == other.Size && OrderCount == other.OrderCount;
}

/// <summary>
/// A depth-of-book message like seed 001's IEX updates: a symbol, a sequence number, a timestamp
/// and 20 price levels (10 bids, then 10 asks). 20 bytes per level on the wire.
/// </summary>
/// <remarks>
/// The hand-written code writes and reads the levels as one run of fixed-width values
/// (<see cref="FastBinaryWriter.WriteFixedRun"/>, <see cref="FastBinaryReader.ReadFixedRun"/>), one slice of it
/// per level (<see cref="FixedRunWriter.Slice"/>): one position update for all of them and one bounds check a level,
/// the same bytes as writing them one by one.
/// </remarks>
[Serializable]
public sealed class MarketUpdate : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<MarketUpdate>
{
    public const int LevelCount = 20;
    private const int LevelSize = 8 + 8 + 4;

    public string? Symbol { get; set; }

    public long Sequence { get; set; }

    /// <summary>Nanoseconds since the Unix epoch.</summary>
    public long Timestamp { get; set; }

    public PriceLevel[]? Levels { get; set; }

    public static MarketUpdate Sample(int variant = 0)
    {
        var levels = new PriceLevel[LevelCount];
        double mid = 236.50 + (variant % 97) * 0.01;
        for (int i = 0; i < LevelCount / 2; i++)
        {
            levels[i] = new PriceLevel { Price = mid - 0.01 * (i + 1), Size = 100 * (i + 1) + variant % 300, OrderCount = 1 + (i + variant) % 17 };
            levels[(LevelCount / 2) + i] = new PriceLevel { Price = mid + 0.01 * (i + 1), Size = 100 * (i + 2) + variant % 200, OrderCount = 1 + (i * 3 + variant) % 19 };
        }

        return new MarketUpdate
        {
            Symbol = "AAPL",
            Sequence = 1_000_000 + variant,
            Timestamp = 1_571_702_400_000_000_000L + variant * 1_250L,
            Levels = levels,
        };
    }

    /// <inheritdoc/>
    public bool HasSameValues(MarketUpdate other) =>
        Symbol == other.Symbol && Sequence == other.Sequence && Timestamp == other.Timestamp
        && Same.Sequence(Levels, other.Levels, (a, b) => a.HasSameValues(b));

    // FastSerialization, hand-written.
    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Symbol);
        writer.Write(Sequence);
        writer.Write(Timestamp);
        PriceLevel[]? levels = Levels;
        if (levels is null)
        {
            writer.WriteNullCollection();
            return;
        }

        writer.WriteCollectionHeader(levels.Length);
        FixedRunWriter run = writer.WriteFixedRun(checked(levels.Length * LevelSize));
        for (int i = 0, at = 0; i < levels.Length; i++, at += LevelSize)
        {
            ref readonly PriceLevel level = ref levels[i];
            FixedRunWriter element = run.Slice(at, LevelSize);
            element.Write(0, level.Price);
            element.Write(8, level.Size);
            element.Write(16, level.OrderCount);
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        // ReadString(Symbol): an instance read again and again (the reused-instance latency row) keeps its
        // symbol string when the bytes spell it, so reading into it allocates nothing; a new instance has none.
        Symbol = reader.ReadString(Symbol);
        Sequence = reader.ReadInt64();
        Timestamp = reader.ReadInt64();
        int count = reader.ReadCollectionHeader(LevelSize);
        if (count < 0)
        {
            Levels = null;
            return;
        }

        // A new instance has no levels yet; one the caller reuses (a registered factory that returns
        // it) keeps its array when the count is the same, so reading allocates only the symbol.
        PriceLevel[] levels = Levels is { } existing && existing.Length == count ? existing : new PriceLevel[count];
        FixedRunReader run = reader.ReadFixedRun(count * LevelSize); // the header checked that the frame holds count * LevelSize bytes
        for (int i = 0, at = 0; i < levels.Length; i++, at += LevelSize)
        {
            FixedRunReader element = run.Slice(at, LevelSize);
            levels[i] = new PriceLevel { Price = element.ReadDouble(0), Size = element.ReadInt64(8), OrderCount = element.ReadInt32(16) };
        }

        Levels = levels;
    }

    // The seed formatter (a count of -1 stands for null).
    void ISeedSerializable.WriteDataTo(BinaryWriter writer)
    {
        writer.Write(Symbol!);
        writer.Write(Sequence);
        writer.Write(Timestamp);
        PriceLevel[]? levels = Levels;
        writer.Write(levels?.Length ?? -1);
        if (levels is null)
        {
            return;
        }

        foreach (PriceLevel level in levels)
        {
            writer.Write(level.Price);
            writer.Write(level.Size);
            writer.Write(level.OrderCount);
        }
    }

    void ISeedSerializable.SetDataFrom(BinaryReader reader)
    {
        Symbol = reader.ReadString();
        Sequence = reader.ReadInt64();
        Timestamp = reader.ReadInt64();
        int count = reader.ReadInt32();
        if (count < 0)
        {
            Levels = null;
            return;
        }

        var levels = new PriceLevel[count];
        for (int i = 0; i < levels.Length; i++)
        {
            levels[i] = new PriceLevel { Price = reader.ReadDouble(), Size = reader.ReadInt64(), OrderCount = reader.ReadInt32() };
        }

        Levels = levels;
    }
}

using System;
using System.IO;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>
/// The packed market trade of seed 000: 32 little-endian bytes on the wire,
/// <c>|exch|base|quote|side| server time offset: i32 | time: u64 | price: f64 | amount: f64 |</c>.
/// </summary>
/// <remarks>
/// The two optional members use their zero as "none", as the article does: <see cref="Side"/> 0 is
/// none (1 = bid, 2 = ask) and <see cref="ServerTimeOffset"/> 0 is none (so an offset of exactly 0
/// cannot be told from no server time, the article's accepted trade-off).
/// A struct: a batch of trades is one array, not ten thousand objects.
/// </remarks>
[Serializable]
public struct Trade : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<Trade>
{
    /// <summary>The size of a trade's payload on the wire.</summary>
    public const int PackedSize = 32;

    /// <summary>Trade time, nanoseconds since the Unix epoch.</summary>
    public ulong Time { get; set; }

    public double Price { get; set; }

    public double Amount { get; set; }

    public byte Exchange { get; set; }

    public byte Base { get; set; }

    public byte Quote { get; set; }

    /// <summary>1 = bid, 2 = ask, null = unknown.</summary>
    public byte? Side { get; set; }

    /// <summary>Server time as an offset from <see cref="Time"/>, or null.</summary>
    public int? ServerTimeOffset { get; set; }

    /// <summary>The article's example row (bitstamp btc/usd), with a side and a server time added.</summary>
    public static Trade Sample() => new()
    {
        Time = 1527811201900505632UL,
        Price = 7492.279785,
        Amount = 0.048495,
        Exchange = 1,
        Base = 1,
        Quote = 100,
        Side = 2,
        ServerTimeOffset = -1250,
    };

    /// <inheritdoc/>
    public readonly bool HasSameValues(Trade other) =>
        Time == other.Time && Same.Double(Price, other.Price) && Same.Double(Amount, other.Amount)
        && Exchange == other.Exchange && Base == other.Base && Quote == other.Quote
        && Side == other.Side && ServerTimeOffset == other.ServerTimeOffset;

    // FastSerialization, hand-written: the article's layout, as one run of fixed-width values (one bounds check and
    // one position update for the 32 bytes; the same bytes as writing the fields one by one).
    public readonly void WriteDataTo(ref FastBinaryWriter writer) => WriteTo(writer.WriteFixedRun(PackedSize));

    public void SetDataFrom(ref FastBinaryReader reader) => ReadFrom(reader.ReadFixedRun(PackedSize));

    /// <summary>
    /// Writes the trade's <see cref="PackedSize"/> bytes into <paramref name="run"/>: a record's own run, or a batch's
    /// slice of its one run for all its trades (<see cref="FixedRunWriter.Slice"/>).
    /// </summary>
    internal readonly void WriteTo(FixedRunWriter run)
    {
        run.Write(0, Exchange);
        run.Write(1, Base);
        run.Write(2, Quote);
        run.Write(3, Side ?? 0);
        run.Write(4, ServerTimeOffset ?? 0);
        run.Write(8, Time);
        run.Write(16, Price);
        run.Write(24, Amount);
    }

    /// <summary>Reads what <see cref="WriteTo"/> wrote into <paramref name="run"/>.</summary>
    internal void ReadFrom(FixedRunReader run)
    {
        Exchange = run.ReadByte(0);
        Base = run.ReadByte(1);
        Quote = run.ReadByte(2);
        byte side = run.ReadByte(3);
        Side = side == 0 ? null : side;
        int offset = run.ReadInt32(4);
        ServerTimeOffset = offset == 0 ? null : offset;
        Time = run.ReadUInt64(8);
        Price = run.ReadDouble(16);
        Amount = run.ReadDouble(24);
    }

    // The seed formatter: the same 32 bytes through BinaryWriter.
    readonly void ISeedSerializable.WriteDataTo(BinaryWriter writer) => WriteSeed(writer);

    void ISeedSerializable.SetDataFrom(BinaryReader reader) => ReadSeed(reader);

    internal readonly void WriteSeed(BinaryWriter writer)
    {
        writer.Write(Exchange);
        writer.Write(Base);
        writer.Write(Quote);
        writer.Write(Side ?? 0);
        writer.Write(ServerTimeOffset ?? 0);
        writer.Write(Time);
        writer.Write(Price);
        writer.Write(Amount);
    }

    internal void ReadSeed(BinaryReader reader)
    {
        Exchange = reader.ReadByte();
        Base = reader.ReadByte();
        Quote = reader.ReadByte();
        byte side = reader.ReadByte();
        Side = side == 0 ? null : side;
        int offset = reader.ReadInt32();
        ServerTimeOffset = offset == 0 ? null : offset;
        Time = reader.ReadUInt64();
        Price = reader.ReadDouble();
        Amount = reader.ReadDouble();
    }
}

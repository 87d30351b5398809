using System;
using System.IO;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>
/// A small plain struct of five numbers (32 bytes in memory, no padding): a quote tick. Not a
/// fixed-layout type of any kind: an ordinary struct with properties.
/// </summary>
[Serializable]
public struct Tick : IValueEquatable<Tick>
{
    /// <summary>The size of a tick's members on the wire, written one after another.</summary>
    public const int PackedSize = 8 + 8 + 8 + 4 + 4;

    /// <summary>Nanoseconds since the Unix epoch.</summary>
    public long Time { get; set; }

    public double Bid { get; set; }

    public double Ask { get; set; }

    public int BidSize { get; set; }

    public int AskSize { get; set; }

    /// <inheritdoc/>
    public readonly bool HasSameValues(Tick other) =>
        Time == other.Time && Same.Double(Bid, other.Bid) && Same.Double(Ask, other.Ask) && BidSize == other.BidSize && AskSize == other.AskSize;
}

/// <summary>
/// An array of 10,000 <see cref="Tick"/>s in one message: the payload of many small plain structs. The
/// hand-written code writes a count and then each tick's five members inline (32 bytes a tick), all of
/// them as one run of fixed-width values (<see cref="FastBinaryWriter.WriteFixedRun"/>,
/// <see cref="FastBinaryReader.ReadFixedRun"/>), one slice of it per tick (<see cref="FixedRunWriter.Slice"/>): the
/// same bytes as writing them one by one, with one position update for the whole array and one bounds check a tick.
/// </summary>
[Serializable]
public sealed class TickArray : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<TickArray>
{
    public const int DefaultCount = 10_000;

    public Tick[]? Ticks { get; set; }

    /// <summary>A deterministic array: rising times, a bid near 100 with a spread of 1 to 5 cents, sizes up to 10,000.</summary>
    public static TickArray Sample(int count = DefaultCount)
    {
        var random = new Random(20240314);
        var ticks = new Tick[count];
        long time = 1_710_408_000_000_000_000L;
        double bid = 100.0;
        for (int i = 0; i < ticks.Length; i++)
        {
            time += random.Next(1_000, 2_000_000);
            bid = Math.Round(Math.Max(1.0, bid + ((random.NextDouble() - 0.5) * 0.1)), 4);
            ticks[i] = new Tick
            {
                Time = time,
                Bid = bid,
                Ask = Math.Round(bid + (0.01 * random.Next(1, 6)), 4),
                BidSize = random.Next(1, 10_001),
                AskSize = random.Next(1, 10_001),
            };
        }

        return new TickArray { Ticks = ticks };
    }

    /// <inheritdoc/>
    public bool HasSameValues(TickArray other) => Same.Sequence(Ticks, other.Ticks, (a, b) => a.HasSameValues(b));

    // FastSerialization, hand-written: a count, then each tick's members, in one fixed run.
    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        Tick[]? ticks = Ticks;
        if (ticks is null)
        {
            writer.WriteNullCollection();
            return;
        }

        writer.WriteCollectionHeader(ticks.Length);
        FixedRunWriter run = writer.WriteFixedRun(checked(ticks.Length * Tick.PackedSize));
        for (int i = 0, at = 0; i < ticks.Length; i++, at += Tick.PackedSize)
        {
            ref readonly Tick tick = ref ticks[i];
            FixedRunWriter element = run.Slice(at, Tick.PackedSize);
            element.Write(0, tick.Time);
            element.Write(8, tick.Bid);
            element.Write(16, tick.Ask);
            element.Write(24, tick.BidSize);
            element.Write(28, tick.AskSize);
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        int count = reader.ReadCollectionHeader(Tick.PackedSize);
        if (count < 0)
        {
            Ticks = null;
            return;
        }

        var ticks = new Tick[count];
        FixedRunReader run = reader.ReadFixedRun(count * Tick.PackedSize); // the header checked that the frame holds count * PackedSize bytes
        for (int i = 0, at = 0; i < ticks.Length; i++, at += Tick.PackedSize)
        {
            FixedRunReader element = run.Slice(at, Tick.PackedSize);
            ticks[i] = new Tick { Time = element.ReadInt64(0), Bid = element.ReadDouble(8), Ask = element.ReadDouble(16), BidSize = element.ReadInt32(24), AskSize = element.ReadInt32(28) };
        }

        Ticks = ticks;
    }

    // The seed formatter (a count of -1 stands for null).
    void ISeedSerializable.WriteDataTo(BinaryWriter writer)
    {
        Tick[]? ticks = Ticks;
        writer.Write(ticks?.Length ?? -1);
        if (ticks is null)
        {
            return;
        }

        foreach (Tick tick in ticks)
        {
            writer.Write(tick.Time);
            writer.Write(tick.Bid);
            writer.Write(tick.Ask);
            writer.Write(tick.BidSize);
            writer.Write(tick.AskSize);
        }
    }

    void ISeedSerializable.SetDataFrom(BinaryReader reader)
    {
        int count = reader.ReadInt32();
        if (count < 0)
        {
            Ticks = null;
            return;
        }

        var ticks = new Tick[count];
        for (int i = 0; i < ticks.Length; i++)
        {
            ticks[i] = new Tick { Time = reader.ReadInt64(), Bid = reader.ReadDouble(), Ask = reader.ReadDouble(), BidSize = reader.ReadInt32(), AskSize = reader.ReadInt32() };
        }

        Ticks = ticks;
    }
}

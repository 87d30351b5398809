using System;
using System.IO;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>Many <see cref="Trade"/>s in one message: the bulk-throughput payload (10,000 trades, 320 KB of trades).</summary>
[Serializable]
public sealed class TradeBatch : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<TradeBatch>
{
    public const int DefaultCount = 10_000;

    public Trade[]? Trades { get; set; }

    /// <summary>A deterministic batch: rising times, prices near the sample, every side and offset case.</summary>
    public static TradeBatch Sample(int count = DefaultCount)
    {
        var random = new Random(20180601);
        var trades = new Trade[count];
        Trade template = Trade.Sample();
        ulong time = template.Time;
        for (int i = 0; i < trades.Length; i++)
        {
            time += (ulong)random.Next(1, 5_000_000);
            int side = random.Next(3);
            trades[i] = new Trade
            {
                Time = time,
                Price = Math.Round(template.Price + (random.NextDouble() - 0.5) * 20, 6),
                Amount = Math.Round(random.NextDouble() * 3, 6),
                Exchange = (byte)random.Next(1, 12),
                Base = (byte)random.Next(1, 6),
                Quote = 100,
                Side = side == 0 ? null : (byte)side,
                ServerTimeOffset = random.Next(4) == 0 ? null : random.Next(1, 2_000_000),
            };
        }

        return new TradeBatch { Trades = trades };
    }

    /// <inheritdoc/>
    public bool HasSameValues(TradeBatch other) => Same.Sequence(Trades, other.Trades, (a, b) => a.HasSameValues(b));

    // FastSerialization, hand-written: a count, then each trade's 32 bytes, all in one fixed run.
    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        Trade[]? trades = Trades;
        if (trades is null)
        {
            writer.WriteNullCollection();
            return;
        }

        writer.WriteCollectionHeader(trades.Length);
        FixedRunWriter run = writer.WriteFixedRun(checked(trades.Length * Trade.PackedSize));
        for (int i = 0, at = 0; i < trades.Length; i++, at += Trade.PackedSize)
        {
            trades[i].WriteTo(run.Slice(at, Trade.PackedSize));
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        int count = reader.ReadCollectionHeader(Trade.PackedSize);
        if (count < 0)
        {
            Trades = null;
            return;
        }

        var trades = new Trade[count];
        FixedRunReader run = reader.ReadFixedRun(count * Trade.PackedSize); // the header checked that the frame holds count * PackedSize bytes
        for (int i = 0, at = 0; i < trades.Length; i++, at += Trade.PackedSize)
        {
            trades[i].ReadFrom(run.Slice(at, Trade.PackedSize));
        }

        Trades = trades;
    }

    // The seed formatter (a count of -1 stands for null).
    void ISeedSerializable.WriteDataTo(BinaryWriter writer)
    {
        Trade[]? trades = Trades;
        writer.Write(trades?.Length ?? -1);
        if (trades is null)
        {
            return;
        }

        for (int i = 0; i < trades.Length; i++)
        {
            trades[i].WriteSeed(writer);
        }
    }

    void ISeedSerializable.SetDataFrom(BinaryReader reader)
    {
        int count = reader.ReadInt32();
        if (count < 0)
        {
            Trades = null;
            return;
        }

        var trades = new Trade[count];
        for (int i = 0; i < trades.Length; i++)
        {
            trades[i].ReadSeed(reader);
        }

        Trades = trades;
    }
}

using System;
using System.Buffers;
using System.Buffers.Binary;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>
/// The same trades as <see cref="TradeBatch"/>, the same payload bytes, written another way: every
/// trade is packed into one scratch block with <see cref="BinaryPrimitives"/>, and the block goes
/// through <see cref="FastBinaryWriter.WriteRaw"/> in one call; reading takes one
/// <see cref="FastBinaryReader.ReadRaw"/> span and unpacks it. Not the baseline: it measures how much
/// of <see cref="TradeBatch"/>'s time is the writer's per-field calls rather than the format
/// (see the benchmark report). It costs one extra copy of the block that a public
/// "reserve a span" API on the writer would save.
/// </summary>
public sealed class TradeBatchBulk : ICustomBinarySerializable
{
    public Trade[]? Trades { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        Trade[]? trades = Trades;
        if (trades is null)
        {
            writer.WriteNullCollection();
            return;
        }

        writer.WriteCollectionHeader(trades.Length);
        int size = trades.Length * Trade.PackedSize;
        byte[] scratch = ArrayPool<byte>.Shared.Rent(size);
        try
        {
            Span<byte> block = scratch.AsSpan(0, size);
            for (int i = 0; i < trades.Length; i++)
            {
                Pack(in trades[i], block.Slice(i * Trade.PackedSize, Trade.PackedSize));
            }

            writer.WriteRaw(block);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(scratch);
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

        ReadOnlySpan<byte> block = reader.ReadRaw(count * Trade.PackedSize);
        var trades = new Trade[count];
        for (int i = 0; i < trades.Length; i++)
        {
            trades[i] = Unpack(block.Slice(i * Trade.PackedSize, Trade.PackedSize));
        }

        Trades = trades;
    }

    private static void Pack(in Trade trade, Span<byte> d)
    {
        BinaryPrimitives.WriteDoubleLittleEndian(d.Slice(24), trade.Amount);
        d[0] = trade.Exchange;
        d[1] = trade.Base;
        d[2] = trade.Quote;
        d[3] = trade.Side ?? 0;
        BinaryPrimitives.WriteInt32LittleEndian(d.Slice(4), trade.ServerTimeOffset ?? 0);
        BinaryPrimitives.WriteUInt64LittleEndian(d.Slice(8), trade.Time);
        BinaryPrimitives.WriteDoubleLittleEndian(d.Slice(16), trade.Price);
    }

    private static Trade Unpack(ReadOnlySpan<byte> s)
    {
        double amount = BinaryPrimitives.ReadDoubleLittleEndian(s.Slice(24));
        byte side = s[3];
        int offset = BinaryPrimitives.ReadInt32LittleEndian(s.Slice(4));
        return new Trade
        {
            Exchange = s[0],
            Base = s[1],
            Quote = s[2],
            Side = side == 0 ? null : side,
            ServerTimeOffset = offset == 0 ? null : offset,
            Time = BinaryPrimitives.ReadUInt64LittleEndian(s.Slice(8)),
            Price = BinaryPrimitives.ReadDoubleLittleEndian(s.Slice(16)),
            Amount = amount,
        };
    }
}

using System;

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>
/// <see cref="Trade"/> as a fixed-layout struct (docs/FORMAT.md section 3b): the packed trade of seed 000, its
/// 32 bytes in wire order, which is also its memory order with no padding, so a batch is copied as one block.
/// The optional members use 0 for "none", as the hand-written packed trade does.
/// </summary>
[BinarySerializable(FixedLayout = true)]
public partial struct FixedTrade
{
    public byte Exchange;
    public byte Base;
    public byte Quote;
    public byte Side;
    public int ServerTimeOffset;
    public ulong Time;
    public double Price;
    public double Amount;

    public static FixedTrade From(Trade t) => new()
    {
        Exchange = t.Exchange,
        Base = t.Base,
        Quote = t.Quote,
        Side = t.Side ?? 0,
        ServerTimeOffset = t.ServerTimeOffset ?? 0,
        Time = t.Time,
        Price = t.Price,
        Amount = t.Amount,
    };

    public readonly Trade ToHandWritten() => new()
    {
        Exchange = Exchange,
        Base = Base,
        Quote = Quote,
        Side = Side == 0 ? null : Side,
        ServerTimeOffset = ServerTimeOffset == 0 ? null : ServerTimeOffset,
        Time = Time,
        Price = Price,
        Amount = Amount,
    };
}

/// <summary>
/// <see cref="TradeBatch"/> with a generated serializer over fixed-layout trades: one header and one block of
/// 32-byte trades, the same payload bytes as the hand-written batch. Its non-fixed counterpart is
/// <see cref="GeneratedTradeBatch"/> (a nested object per trade).
/// </summary>
[BinarySerializable]
public sealed partial class FixedTradeBatch
{
    public FixedTrade[]? Trades { get; set; }

    public static FixedTradeBatch From(TradeBatch b) => new()
    {
        Trades = b.Trades is null ? null : Array.ConvertAll(b.Trades, FixedTrade.From),
    };
}

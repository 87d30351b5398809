namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>
/// <see cref="FixedTrade"/> as an evolvable fixed-layout struct (docs/FORMAT.md section 3c): the same 32 bytes, and a
/// sequence of them carries the element size once, so a reader one version older (<see cref="EvolvableTradeV1"/>) or
/// newer (<see cref="EvolvableTradeV3"/>) reads it too. Unmanaged, so MemoryPack copies an array of it as memory.
/// </summary>
[BinarySerializable(FixedLayout = true, Evolvable = true)]
public partial struct EvolvableTrade
{
    public byte Exchange;
    public byte Base;
    public byte Quote;
    public byte Side;
    public int ServerTimeOffset;
    public ulong Time;
    public double Price;
    public double Amount;

    public static EvolvableTrade From(FixedTrade t) => new()
    {
        Exchange = t.Exchange,
        Base = t.Base,
        Quote = t.Quote,
        Side = t.Side,
        ServerTimeOffset = t.ServerTimeOffset,
        Time = t.Time,
        Price = t.Price,
        Amount = t.Amount,
    };
}

/// <summary>The version before <see cref="EvolvableTrade"/>: without <c>Amount</c> (24 bytes).</summary>
[BinarySerializable(FixedLayout = true, Evolvable = true)]
public partial struct EvolvableTradeV1
{
    public byte Exchange;
    public byte Base;
    public byte Quote;
    public byte Side;
    public int ServerTimeOffset;
    public ulong Time;
    public double Price;
}

/// <summary>The version after <see cref="EvolvableTrade"/>: a trade id appended (40 bytes).</summary>
[BinarySerializable(FixedLayout = true, Evolvable = true)]
public partial struct EvolvableTradeV3
{
    public byte Exchange;
    public byte Base;
    public byte Quote;
    public byte Side;
    public int ServerTimeOffset;
    public ulong Time;
    public double Price;
    public double Amount;
    public long TradeId;
}

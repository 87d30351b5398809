using MemoryPack;

namespace FastSerialization.Benchmarks.Payloads.Peers;

/// <summary>
/// The single-message payloads behind a MemoryPack union tag: what carries the same information as one of our
/// records, whose header names the message's type. MemoryPack writes the tag (one byte for tags below 250) and then
/// the message exactly as its default mode writes it alone; reading through this interface dispatches on the tag.
/// The tags are the type ids our records carry (Contenders/Formatters). A union member must be a class (MemoryPack
/// stops the build with MEMPACK015 for a struct), so the trade goes behind the tag as <see cref="PeerTradeMessage"/>.
/// </summary>
[MemoryPackable]
[MemoryPackUnion(Contenders.Formatters.CustomerId, typeof(PeerCustomer))]
[MemoryPackUnion(Contenders.Formatters.TradeId, typeof(PeerTradeMessage))]
[MemoryPackUnion(Contenders.Formatters.MarketUpdateId, typeof(PeerMarketUpdate))]
[MemoryPackUnion(Contenders.Formatters.OrderId, typeof(PeerOrder))]
[MemoryPackUnion(Contenders.Formatters.PaymentId, typeof(PeerPayment))]
public partial interface IPeerMessage
{
}

/// <summary>
/// <see cref="Trade"/> as a class, for the union row only: the same eight members as <see cref="PeerTrade"/>, which
/// as a struct cannot be a union member. MemoryPack's default mode writes a class as a member-count byte followed by
/// its members.
/// </summary>
[MemoryPackable]
public sealed partial class PeerTradeMessage : IPeerVariant<PeerTradeMessage, Trade>, IPeerMessage
{
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

    public static PeerTradeMessage From(Trade value) => new()
    {
        Time = value.Time,
        Price = value.Price,
        Amount = value.Amount,
        Exchange = value.Exchange,
        Base = value.Base,
        Quote = value.Quote,
        Side = value.Side,
        ServerTimeOffset = value.ServerTimeOffset,
    };

    public Trade ToHandWritten() => new()
    {
        Time = Time,
        Price = Price,
        Amount = Amount,
        Exchange = Exchange,
        Base = Base,
        Quote = Quote,
        Side = Side,
        ServerTimeOffset = ServerTimeOffset,
    };
}

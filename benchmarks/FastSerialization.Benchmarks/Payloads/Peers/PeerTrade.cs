using System;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace FastSerialization.Benchmarks.Payloads.Peers;

/// <summary>
/// <see cref="Trade"/> for the peers: the same eight members, the two optional ones as nullables. An
/// unmanaged struct, which MemoryPack copies as its memory layout.
/// </summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public partial struct PeerTrade : IPeerVariant<PeerTrade, Trade>
{
    /// <summary>Trade time, nanoseconds since the Unix epoch.</summary>
    [Key(0)]
    [ProtoMember(1)]
    [Id(0)]
    public ulong Time { get; set; }

    [Key(1)]
    [ProtoMember(2)]
    [Id(1)]
    public double Price { get; set; }

    [Key(2)]
    [ProtoMember(3)]
    [Id(2)]
    public double Amount { get; set; }

    [Key(3)]
    [ProtoMember(4)]
    [Id(3)]
    public byte Exchange { get; set; }

    [Key(4)]
    [ProtoMember(5)]
    [Id(4)]
    public byte Base { get; set; }

    [Key(5)]
    [ProtoMember(6)]
    [Id(5)]
    public byte Quote { get; set; }

    /// <summary>1 = bid, 2 = ask, null = unknown.</summary>
    [Key(6)]
    [ProtoMember(7)]
    [Id(6)]
    public byte? Side { get; set; }

    /// <summary>Server time as an offset from <see cref="Time"/>, or null.</summary>
    [Key(7)]
    [ProtoMember(8)]
    [Id(7)]
    public int? ServerTimeOffset { get; set; }

    public static PeerTrade From(Trade value) => new()
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

    public readonly Trade ToHandWritten() => new()
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

/// <summary><see cref="TradeBatch"/> for the peers: an array of <see cref="PeerTrade"/>.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class PeerTradeBatch : IPeerVariant<PeerTradeBatch, TradeBatch>
{
    [Key(0)]
    [ProtoMember(1)]
    [Id(0)]
    public PeerTrade[]? Trades { get; set; }

    public static PeerTradeBatch From(TradeBatch value) => new()
    {
        Trades = value.Trades is null ? null : Array.ConvertAll(value.Trades, PeerTrade.From),
    };

    public TradeBatch ToHandWritten() => new()
    {
        Trades = Trades is null ? null : Array.ConvertAll(Trades, t => t.ToHandWritten()),
    };
}

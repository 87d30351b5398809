using System;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace FastSerialization.Benchmarks.Payloads.Peers;

/// <summary><see cref="PriceLevel"/> for the peers: price, size, order count (an unmanaged struct).</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public partial struct PeerPriceLevel
{
    [Key(0)]
    [ProtoMember(1)]
    [Id(0)]
    public double Price { get; set; }

    [Key(1)]
    [ProtoMember(2)]
    [Id(1)]
    public long Size { get; set; }

    [Key(2)]
    [ProtoMember(3)]
    [Id(2)]
    public int OrderCount { get; set; }
}

/// <summary><see cref="MarketUpdate"/> for the peers: symbol, sequence, timestamp, an array of 20 levels.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class PeerMarketUpdate : IPeerVariant<PeerMarketUpdate, MarketUpdate>, IPeerMessage
{
    [Key(0)]
    [ProtoMember(1)]
    [Id(0)]
    public string? Symbol { get; set; }

    [Key(1)]
    [ProtoMember(2)]
    [Id(1)]
    public long Sequence { get; set; }

    /// <summary>Nanoseconds since the Unix epoch.</summary>
    [Key(2)]
    [ProtoMember(3)]
    [Id(2)]
    public long Timestamp { get; set; }

    [Key(3)]
    [ProtoMember(4)]
    [Id(3)]
    public PeerPriceLevel[]? Levels { get; set; }

    public static PeerMarketUpdate From(MarketUpdate value) => new()
    {
        Symbol = value.Symbol,
        Sequence = value.Sequence,
        Timestamp = value.Timestamp,
        Levels = value.Levels is null
            ? null
            : Array.ConvertAll(value.Levels, l => new PeerPriceLevel { Price = l.Price, Size = l.Size, OrderCount = l.OrderCount }),
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

using System;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace FastSerialization.Benchmarks.Payloads.Peers;

/// <summary><see cref="Tick"/> for the peers: a plain struct of five numbers (unmanaged: MemoryPack copies it as memory).</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public partial struct PeerTick
{
    /// <summary>Nanoseconds since the Unix epoch.</summary>
    [Key(0)]
    [ProtoMember(1)]
    [Id(0)]
    public long Time { get; set; }

    [Key(1)]
    [ProtoMember(2)]
    [Id(1)]
    public double Bid { get; set; }

    [Key(2)]
    [ProtoMember(3)]
    [Id(2)]
    public double Ask { get; set; }

    [Key(3)]
    [ProtoMember(4)]
    [Id(3)]
    public int BidSize { get; set; }

    [Key(4)]
    [ProtoMember(5)]
    [Id(4)]
    public int AskSize { get; set; }
}

/// <summary><see cref="TickArray"/> for the peers: an array of 10,000 <see cref="PeerTick"/>.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class PeerTickArray : IPeerVariant<PeerTickArray, TickArray>
{
    [Key(0)]
    [ProtoMember(1)]
    [Id(0)]
    public PeerTick[]? Ticks { get; set; }

    public static PeerTickArray From(TickArray value) => new()
    {
        Ticks = value.Ticks is null
            ? null
            : Array.ConvertAll(value.Ticks, t => new PeerTick { Time = t.Time, Bid = t.Bid, Ask = t.Ask, BidSize = t.BidSize, AskSize = t.AskSize }),
    };

    public TickArray ToHandWritten() => new()
    {
        Ticks = Ticks is null
            ? null
            : Array.ConvertAll(Ticks, t => new Tick { Time = t.Time, Bid = t.Bid, Ask = t.Ask, BidSize = t.BidSize, AskSize = t.AskSize }),
    };
}

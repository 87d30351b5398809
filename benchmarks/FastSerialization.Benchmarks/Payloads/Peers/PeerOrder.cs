using System.Collections.Generic;
using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace FastSerialization.Benchmarks.Payloads.Peers;

/// <summary><see cref="OrderLine"/> for the peers: product id, quantity, unit price, short code.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class PeerOrderLine
{
    [Key(0)]
    [ProtoMember(1)]
    [Id(0)]
    public int ProductId { get; set; }

    [Key(1)]
    [ProtoMember(2)]
    [Id(1)]
    public int Quantity { get; set; }

    [Key(2)]
    [ProtoMember(3)]
    [Id(2)]
    public double UnitPrice { get; set; }

    [Key(3)]
    [ProtoMember(4)]
    [Id(3)]
    public string? Code { get; set; }
}

/// <summary><see cref="Order"/> for the peers: id, customer, a <c>List</c> of 20 nested line objects.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class PeerOrder : IPeerVariant<PeerOrder, Order>, IPeerMessage
{
    [Key(0)]
    [ProtoMember(1)]
    [Id(0)]
    public long Id { get; set; }

    [Key(1)]
    [ProtoMember(2)]
    [Id(1)]
    public string? Customer { get; set; }

    [Key(2)]
    [ProtoMember(3)]
    [Id(2)]
    public List<PeerOrderLine>? Lines { get; set; }

    public static PeerOrder From(Order value) => new()
    {
        Id = value.Id,
        Customer = value.Customer,
        Lines = value.Lines?.ConvertAll(l => new PeerOrderLine { ProductId = l.ProductId, Quantity = l.Quantity, UnitPrice = l.UnitPrice, Code = l.Code }),
    };

    public Order ToHandWritten() => new()
    {
        Id = Id,
        Customer = Customer,
        Lines = Lines?.ConvertAll(l => new OrderLine { ProductId = l.ProductId, Quantity = l.Quantity, UnitPrice = l.UnitPrice, Code = l.Code }),
    };
}

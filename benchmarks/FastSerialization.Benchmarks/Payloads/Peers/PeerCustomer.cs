using MemoryPack;
using MessagePack;
using Orleans;
using ProtoBuf;

namespace FastSerialization.Benchmarks.Payloads.Peers;

/// <summary><see cref="Customer"/> for the peers: three strings and two ints.</summary>
[MemoryPackable]
[MessagePackObject]
[ProtoContract]
[GenerateSerializer]
public sealed partial class PeerCustomer : IPeerVariant<PeerCustomer, Customer>, IPeerMessage
{
    [Key(0)]
    [ProtoMember(1)]
    [Id(0)]
    public string? LastName { get; set; }

    [Key(1)]
    [ProtoMember(2)]
    [Id(1)]
    public string? FirstName { get; set; }

    [Key(2)]
    [ProtoMember(3)]
    [Id(2)]
    public string? Address { get; set; }

    [Key(3)]
    [ProtoMember(4)]
    [Id(3)]
    public int Age { get; set; }

    [Key(4)]
    [ProtoMember(5)]
    [Id(4)]
    public int Code { get; set; }

    public static PeerCustomer From(Customer value) => new()
    {
        LastName = value.LastName,
        FirstName = value.FirstName,
        Address = value.Address,
        Age = value.Age,
        Code = value.Code,
    };

    public Customer ToHandWritten() => new(LastName!, FirstName!, Address!, Age, Code);
}

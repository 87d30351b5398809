using System.Collections.Generic;
using FastSerialization;
using FastSerialization.BinaryFormatterImport;

// The graph's new types: the customer, the orders and the stations are reference-tracked (each is referred to more
// than once); the lines and the ledger are not (each is reached once), and a line's back-pointer is still a
// reference, because its declared type (GraphOrder) is tracked.
namespace Modern
{
    [BinarySerializable(TrackReferences = true)]
    [BinaryFormatterType("Legacy.GraphCustomer")]
    public sealed partial class GraphCustomer
    {
        public string? Name { get; set; }
        public List<GraphOrder>? Orders { get; set; }
    }

    [BinarySerializable(TrackReferences = true)]
    [BinaryFormatterType("Legacy.GraphOrder")]
    public sealed partial class GraphOrder
    {
        public int Number { get; set; }
        public GraphCustomer? Customer { get; set; }
        public List<GraphLine>? Lines { get; set; }
    }

    [BinarySerializable]
    [BinaryFormatterType("Legacy.GraphLine")]
    public sealed partial class GraphLine
    {
        public string? Sku { get; set; }
        public GraphOrder? Order { get; set; }
    }

    [BinarySerializable(TrackReferences = true)]
    [BinaryFormatterType("Legacy.Station")]
    public sealed partial class Station
    {
        public string? Name { get; set; }
        public Station? Next { get; set; }
    }

    [BinarySerializable]
    [BinaryFormatterType("Legacy.Ledger")]
    public sealed partial class Ledger
    {
        public string? Title { get; set; }
        public List<GraphOrder>? Orders { get; set; }
        public Station? Ring { get; set; }
    }

    /// <summary>Legacy.Station read into a type that is not tracked: the ring cannot be written, so the import refuses it.</summary>
    [BinarySerializable]
    public sealed partial class UntrackedStation
    {
        public string? Name { get; set; }
        public UntrackedStation? Next { get; set; }
    }

    /// <summary>Legacy.Station read into a type that is not tracked, whose Next member is: the ring closes through a tracked reference.</summary>
    [BinarySerializable]
    public sealed partial class MemberTrackedStation
    {
        public string? Name { get; set; }

        [BinaryMember(TrackReference = true)]
        public MemberTrackedStation? Next { get; set; }
    }

/// <summary>
    /// Legacy.Station read into a tracked, hand-written type that the formatter builds through ReadNew (IBinaryConstructible):
    /// it can be shared, but a cycle through it cannot be read back. [BinaryFormatterType] gives it a generated binder.
    /// </summary>
    [BinaryReferenceTracked]
    [BinaryFormatterType("Legacy.Station")]
    public sealed partial class FrozenStation : ICustomBinarySerializable, IBinaryConstructible<FrozenStation>
    {
        public string? Name { get; set; }

        public FrozenStation? Next { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Name);
            writer.WriteTrackedObject(Next);
        }

        public void SetDataFrom(ref FastBinaryReader reader) =>
            throw new System.InvalidOperationException("FrozenStation is read through ReadNew.");

        public FrozenStation ReadNew(ref FastBinaryReader reader)
        {
            string? name = reader.ReadString();
            return new FrozenStation { Name = name, Next = reader.ReadTrackedObject<FrozenStation>() };
        }
    }
}

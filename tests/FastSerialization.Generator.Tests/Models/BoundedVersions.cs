using System.Collections.Generic;

// Two versions of a bounded struct (members all with a largest encoded size) and of the types that hold it, each way a
// member can hold it. The structs carry no type id: a V1 holder's bytes read by a V2 holder (or the other way) stand for
// an old and a new build of one contract.
namespace FastSerialization.Generator.Tests.Models.BoundedVersions.V1
{
    /// <summary>The first version: two members, at most 18 bytes.</summary>
    [BinarySerializable]
    public partial struct Quote
    {
        public double Price { get; set; }

        public long Size { get; set; }
    }

    /// <summary>Holds the first version as a member, a nullable, an array, a list and dictionary values.</summary>
    [BinarySerializable]
    public sealed partial class QuoteHolder
    {
        public Quote One { get; set; }

        public Quote? Maybe { get; set; }

        public Quote[]? Array { get; set; }

        public List<Quote>? List { get; set; }

        public Dictionary<int, Quote>? ByKey { get; set; }

        public int After { get; set; }
    }

    /// <summary>An array of the first version, then a member after it.</summary>
    [BinarySerializable]
    public sealed partial class QuoteArray
    {
        public Quote[]? Items { get; set; }

        public int After { get; set; }
    }
}

namespace FastSerialization.Generator.Tests.Models.BoundedVersions.V2
{
    /// <summary>A side of a quote: an enum over a byte, written as its byte.</summary>
    public enum Side : byte
    {
        None,
        Bid,
        Ask,
    }

    /// <summary>
    /// The second version: four members appended (a compact int, a compact short, a nullable bool, a byte enum), at most
    /// 8 + 10 + 5 + 3 + 2 + 1 = 29 bytes. Its parameterless constructor sets Count and Side: members an older writer did
    /// not write keep those values.
    /// </summary>
    [BinarySerializable]
    public partial struct Quote
    {
        public Quote()
        {
            Count = -1;
            Side = Side.Ask;
        }

        public double Price { get; set; }

        public long Size { get; set; }

        public int Count { get; set; }

        public short Tick { get; set; }

        public bool? Firm { get; set; }

        public Side Side { get; set; }
    }

    /// <summary>Holds the second version each way the first version's holder does.</summary>
    [BinarySerializable]
    public sealed partial class QuoteHolder
    {
        public Quote One { get; set; }

        public Quote? Maybe { get; set; }

        public Quote[]? Array { get; set; }

        public List<Quote>? List { get; set; }

        public Dictionary<int, Quote>? ByKey { get; set; }

        public int After { get; set; }
    }

    /// <summary>An array of the second version, then a member after it: what the hostile and random payloads are read as.</summary>
    [BinarySerializable]
    public sealed partial class QuoteArray
    {
        public Quote[]? Items { get; set; }

        public int After { get; set; }
    }
}

using System.Collections.Generic;

// Two versions of the same contract. The wire format carries no names, only the registered id, so
// a V1 and a V2 registered under the same id in two formatters stand for an old and a new build of
// one type.
namespace FastSerialization.Generator.Tests.Models.V1
{
    [BinarySerializable]
    public sealed partial class Address
    {
        public string? Street { get; set; }
    }

    [BinarySerializable]
    public sealed partial class Order
    {
        public int Id { get; set; }

        public Address? Ship { get; set; }

        public List<Address>? History { get; set; }

        public string? After { get; set; }
    }

    [BinarySerializable]
    public sealed partial record Item(int Id, string? Name);
}

namespace FastSerialization.Generator.Tests.Models.V2
{
    [BinarySerializable]
    public sealed partial class Address
    {
        public string? Street { get; set; }

        public string? City { get; set; }

        public int Zip { get; set; } = -1;
    }

    [BinarySerializable]
    public sealed partial class Order
    {
        public int Id { get; set; }

        public Address? Ship { get; set; }

        public List<Address>? History { get; set; }

        public string? After { get; set; }

        public decimal Total { get; set; }

        public List<int>? Extra { get; set; }

        public Node? Deep { get; set; }
    }

    [BinarySerializable]
    public sealed partial record Item(int Id, string? Name)
    {
        public string? Comment { get; init; }
    }
}

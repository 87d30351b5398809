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

    [BinarySerializable]
    public sealed partial record Contact(string Name, int Age);
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

    public enum Tier : byte
    {
        None,
        Silver,
        Gold,
    }

    /// <summary>V1's Contact with parameters appended, each with a default value of its own kind.</summary>
    [BinarySerializable]
    public sealed partial record Contact(
        string Name,
        int Age,
        [System.Runtime.InteropServices.Optional, System.Runtime.CompilerServices.DateTimeConstant(630822816000000000)] System.DateTime Since,
        string Email = "none \"quoted\"\n",
        int Level = 7,
        Tier Tier = Tier.Gold,
        double Ratio = 0.1,
        float Scale = -2.5f,
        decimal Price = 79228162514264337593543950.335m,
        char Initial = '\'',
        int? Rank = 3,
        long Floor = long.MinValue,
        ulong Ceiling = ulong.MaxValue,
        bool Active = true,
        double Unknown = double.NaN,
        string? Note = null,
        int Zero = 0,
        double NegativeZero = -0.0);
}

using FastSerialization;

namespace Quickstart;

/// <summary>The seed article's customer: three strings and two ints. The source generator writes its serialization.</summary>
[BinarySerializable]
public sealed partial class Customer
{
    public string? LastName { get; set; }

    public string? FirstName { get; set; }

    public string? Address { get; set; }

    public int Age { get; set; }

    public int Code { get; set; }

    public override string ToString() => $"{FirstName} {LastName}, {Address}, age {Age}, code {Code}";
}

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>
/// <see cref="Customer"/> with its serializer written by the source generator: the same members in the
/// same order, so the same bytes (38 for the sample; checked in the benchmark's setup).
/// </summary>
[BinarySerializable]
public sealed partial class GeneratedCustomer : IGeneratedVariant<GeneratedCustomer, Customer>
{
    public static bool SameBytes => true;

    public string? LastName { get; set; }

    public string? FirstName { get; set; }

    public string? Address { get; set; }

    public int Age { get; set; }

    public int Code { get; set; }

    public static GeneratedCustomer From(Customer c) => new()
    {
        LastName = c.LastName,
        FirstName = c.FirstName,
        Address = c.Address,
        Age = c.Age,
        Code = c.Code,
    };

    public int ExtraPayloadBytes => 0;

    public Customer ToHandWritten() => new(LastName!, FirstName!, Address!, Age, Code);
}

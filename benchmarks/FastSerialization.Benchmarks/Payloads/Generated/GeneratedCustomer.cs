namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>
/// <see cref="Customer"/> with its serializer written by the source generator: the same members in the
/// same order; its two ints are varints (docs/FORMAT.md section 3a), so the sample takes 32 bytes instead of
/// the hand-written 38 (the values' round trip is checked in the benchmark's setup).
/// </summary>
[BinarySerializable]
public sealed partial class GeneratedCustomer : IGeneratedVariant<GeneratedCustomer, Customer>
{
    public static bool SameBytes => false; // single integers are varints in generated code (docs/FORMAT.md section 3a)

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


    public Customer ToHandWritten() => new(LastName!, FirstName!, Address!, Age, Code);
}

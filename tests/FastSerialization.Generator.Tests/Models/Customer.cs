namespace FastSerialization.Generator.Tests.Models;

/// <summary>The Customer, exactly as a user writes it.</summary>
[BinarySerializable]
public partial class Customer
{
    public string? LastName { get; set; }

    public string? FirstName { get; set; }

    public string? Address { get; set; }

    public int Age { get; set; }

    public int Code { get; set; }
}

/// <summary>
/// The same Customer written by hand with the encodings generated code uses (docs/FORMAT.md section 3a: its
/// ints as zigzag varints): the bytes the generated code must match.
/// </summary>
public sealed class HandWrittenCustomer : ICustomBinarySerializable
{
    public string? LastName { get; set; }

    public string? FirstName { get; set; }

    public string? Address { get; set; }

    public int Age { get; set; }

    public int Code { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(LastName);
        writer.Write(FirstName);
        writer.Write(Address);
        writer.WriteVarInt32(Age);
        writer.WriteVarInt32(Code);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        LastName = reader.ReadString();
        FirstName = reader.ReadString();
        Address = reader.ReadString();
        Age = reader.ReadVarInt32();
        Code = reader.ReadVarInt32();
    }
}

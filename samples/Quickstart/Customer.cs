using FastSerialization;

namespace Quickstart;

/// <summary>The seed article's customer: three strings and two ints.</summary>
public sealed class Customer : ICustomBinarySerializable
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
        writer.Write(Age);
        writer.Write(Code);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        LastName = reader.ReadString();
        FirstName = reader.ReadString();
        Address = reader.ReadString();
        Age = reader.ReadInt32();
        Code = reader.ReadInt32();
    }

    public override string ToString() => $"{FirstName} {LastName}, {Address}, age {Age}, code {Code}";
}

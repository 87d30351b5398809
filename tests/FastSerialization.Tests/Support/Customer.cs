namespace FastSerialization.Tests.Support;

/// <summary>The seed article's Customer: three strings and two ints, written by hand.</summary>
public sealed class Customer : ICustomBinarySerializable
{
    public Customer()
    {
    }

    public Customer(string? lastName, string? firstName, string? address, int age, int code)
    {
        LastName = lastName;
        FirstName = firstName;
        Address = address;
        Age = age;
        Code = code;
    }

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
}

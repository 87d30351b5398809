using System;
using System.IO;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>
/// The seed article's Customer (seed 002): three strings and two ints. The sample is
/// ("Smith", "John", "1 Main Street", 35, 7).
/// </summary>
[Serializable]
public sealed class Customer : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<Customer>
{
    public Customer()
    {
    }

    public Customer(string lastName, string firstName, string address, int age, int code)
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

    public static Customer Sample() => new("Smith", "John", "1 Main Street", 35, 7);

    /// <inheritdoc/>
    public bool HasSameValues(Customer other) =>
        LastName == other.LastName && FirstName == other.FirstName && Address == other.Address && Age == other.Age && Code == other.Code;

    // FastSerialization, hand-written.
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

    // The seed formatter, as the article wrote it (BinaryWriter cannot write a null string).
    void ISeedSerializable.WriteDataTo(BinaryWriter writer)
    {
        writer.Write(LastName!);
        writer.Write(FirstName!);
        writer.Write(Address!);
        writer.Write(Age);
        writer.Write(Code);
    }

    void ISeedSerializable.SetDataFrom(BinaryReader reader)
    {
        LastName = reader.ReadString();
        FirstName = reader.ReadString();
        Address = reader.ReadString();
        Age = reader.ReadInt32();
        Code = reader.ReadInt32();
    }
}

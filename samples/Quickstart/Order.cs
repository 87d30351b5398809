using System;
using FastSerialization;

namespace Quickstart;

/// <summary>An order with a nested customer, a list of lines and a timestamp.</summary>
public sealed class Order : ICustomBinarySerializable
{
    public Guid Id { get; set; }

    public DateTime PlacedUtc { get; set; }

    public Customer? Buyer { get; set; }

    public string[] Lines { get; set; } = Array.Empty<string>();

    public decimal Total { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Id);
        writer.Write(PlacedUtc);
        writer.WriteObject(Buyer);
        writer.WriteCollectionHeader(Lines.Length);
        foreach (string line in Lines)
        {
            writer.Write(line);
        }

        writer.Write(Total);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Id = reader.ReadGuid();
        PlacedUtc = reader.ReadDateTime();
        Buyer = reader.ReadObject<Customer>();
        int count = reader.ReadCollectionHeader();
        Lines = new string[Math.Max(count, 0)];
        for (int i = 0; i < Lines.Length; i++)
        {
            Lines[i] = reader.ReadString() ?? string.Empty;
        }

        Total = reader.ReadDecimal();
    }

    public override string ToString() => $"order {Id:N} for {Buyer?.FirstName} {Buyer?.LastName}: {string.Join(", ", Lines)}; total {Total}";
}

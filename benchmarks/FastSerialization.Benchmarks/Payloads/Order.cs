using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>One line of an <see cref="Order"/>: a product id, a quantity, a unit price and a short product code.</summary>
[Serializable]
public sealed class OrderLine : ICustomBinarySerializable, IValueEquatable<OrderLine>
{
    public int ProductId { get; set; }

    public int Quantity { get; set; }

    public double UnitPrice { get; set; }

    /// <summary>A short product code such as "SKU-0007".</summary>
    public string? Code { get; set; }

    /// <inheritdoc/>
    public bool HasSameValues(OrderLine other) =>
        ProductId == other.ProductId && Quantity == other.Quantity && Same.Double(UnitPrice, other.UnitPrice) && Code == other.Code;

    // FastSerialization, hand-written: the same bytes as the generated code of the same members.
    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(ProductId);
        writer.Write(Quantity);
        writer.Write(UnitPrice);
        writer.Write(Code);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        ProductId = reader.ReadInt32();
        Quantity = reader.ReadInt32();
        UnitPrice = reader.ReadDouble();
        Code = reader.ReadString();
    }

    internal void WriteSeed(BinaryWriter writer)
    {
        writer.Write(ProductId);
        writer.Write(Quantity);
        writer.Write(UnitPrice);
        writer.Write(Code!);
    }

    internal static OrderLine ReadSeed(BinaryReader reader) => new()
    {
        ProductId = reader.ReadInt32(),
        Quantity = reader.ReadInt32(),
        UnitPrice = reader.ReadDouble(),
        Code = reader.ReadString(),
    };
}

/// <summary>
/// An order holding a list of 20 nested line objects: the payload of many small objects. Each line is a
/// nested object (<see cref="FastBinaryWriter.WriteObject{T}"/>, one length byte), as the source
/// generator writes a list of a class, so the generated counterpart writes the same bytes.
/// </summary>
[Serializable]
public sealed class Order : ICustomBinarySerializable, ISeedSerializable, IValueEquatable<Order>
{
    public const int LineCount = 20;

    public long Id { get; set; }

    public string? Customer { get; set; }

    public List<OrderLine>? Lines { get; set; }

    /// <summary>A deterministic order of <see cref="LineCount"/> lines.</summary>
    public static Order Sample()
    {
        var lines = new List<OrderLine>(LineCount);
        for (int i = 0; i < LineCount; i++)
        {
            lines.Add(new OrderLine
            {
                ProductId = 100_000 + (i * 7919 % 50_000),
                Quantity = 1 + (i * 3 % 12),
                UnitPrice = Math.Round(4.99 + (i * 1.37), 2),
                Code = "SKU-" + (i * 37 % 10_000).ToString("D4", CultureInfo.InvariantCulture),
            });
        }

        return new Order { Id = 7_000_123_456L, Customer = "Northwind Traders", Lines = lines };
    }

    /// <inheritdoc/>
    public bool HasSameValues(Order other) =>
        Id == other.Id && Customer == other.Customer && Same.Sequence(Lines, other.Lines, (a, b) => a.HasSameValues(b));

    // FastSerialization, hand-written.
    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Id);
        writer.Write(Customer);
        List<OrderLine>? lines = Lines;
        if (lines is null)
        {
            writer.WriteNullCollection();
            return;
        }

        writer.WriteCollectionHeader(lines.Count);
        foreach (OrderLine line in lines)
        {
            writer.WriteObject(line);
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Id = reader.ReadInt64();
        Customer = reader.ReadString();
        int count = reader.ReadCollectionHeader();
        if (count < 0)
        {
            Lines = null;
            return;
        }

        var lines = new List<OrderLine>(count);
        for (int i = 0; i < count; i++)
        {
            lines.Add(reader.ReadObject<OrderLine>()!);
        }

        Lines = lines;
    }

    // The seed formatter (a count of -1 stands for null; the lines are written inline).
    void ISeedSerializable.WriteDataTo(BinaryWriter writer)
    {
        writer.Write(Id);
        writer.Write(Customer!);
        List<OrderLine>? lines = Lines;
        writer.Write(lines?.Count ?? -1);
        if (lines is null)
        {
            return;
        }

        foreach (OrderLine line in lines)
        {
            line.WriteSeed(writer);
        }
    }

    void ISeedSerializable.SetDataFrom(BinaryReader reader)
    {
        Id = reader.ReadInt64();
        Customer = reader.ReadString();
        int count = reader.ReadInt32();
        if (count < 0)
        {
            Lines = null;
            return;
        }

        var lines = new List<OrderLine>(count);
        for (int i = 0; i < count; i++)
        {
            lines.Add(OrderLine.ReadSeed(reader));
        }

        Lines = lines;
    }
}

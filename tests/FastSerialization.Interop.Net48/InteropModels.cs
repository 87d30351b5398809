using System;
using System.Collections.Generic;

namespace FastSerialization.Interop;

/// <summary>A side of an order.</summary>
public enum Side : byte
{
    Buy = 1,
    Sell = 2,
}

/// <summary>A generated class with nested objects, a decimal, a DateTime, an enum, a nullable and a list.</summary>
[BinarySerializable]
public sealed partial class Order
{
    public long Id { get; set; }

    public string? Customer { get; set; }

    public Side Side { get; set; }

    public decimal Total { get; set; }

    public DateTime Placed { get; set; }

    public int? Priority { get; set; }

    public List<Line>? Lines { get; set; }

    public Tick[]? Ticks { get; set; }
}

/// <summary>A nested generated class.</summary>
[BinarySerializable]
public sealed partial class Line
{
    public string? Sku { get; set; }

    public int Quantity { get; set; }

    public double Price { get; set; }
}

/// <summary>A fixed-layout struct: an array of them is one block.</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct Tick
{
    public long Time { get; set; }

    public double Price { get; set; }

    public int Size { get; set; }
}

/// <summary>A hand-written type, as the seed article's users wrote them.</summary>
public sealed class Note : ICustomBinarySerializable
{
    public string? Text { get; set; }

    public int Priority { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Text);
        writer.Write(Priority);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Text = reader.ReadString();
        Priority = reader.ReadInt32();
    }
}

/// <summary>The values both sides write and expect: record i is always <see cref="Make"/>(i).</summary>
public static class InteropValues
{
    public static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Order>(1);
        formatter.Register<Line>(2);
        formatter.Register<Tick>(3);
        formatter.Register<Note>(4);
        return formatter;
    }

    public static object Make(int i)
    {
        if (i % 3 == 2)
        {
            return new Note { Text = i % 2 == 0 ? "note \u00e9\u4e2d\U0001F600 " + i : null, Priority = -i };
        }

        var lines = new List<Line>();
        for (int k = 0; k < i % 5; k++)
        {
            lines.Add(new Line { Sku = "SKU-" + (i * 10 + k), Quantity = k + 1, Price = (i + k) * 0.25 });
        }

        var ticks = new Tick[i % 4];
        for (int k = 0; k < ticks.Length; k++)
        {
            ticks[k] = new Tick { Time = 1_700_000_000_000L + (i * 1000) + k, Price = 100.5 + k, Size = k * 7 };
        }

        return new Order
        {
            Id = 1_000_000L * i,
            Customer = i % 7 == 0 ? null : "customer " + i,
            Side = i % 2 == 0 ? Side.Buy : Side.Sell,
            Total = (i * 12.345m) - 1000m,
            Placed = new DateTime(2026, 11, 23, 12, 0, 0, i % 2 == 0 ? DateTimeKind.Utc : DateTimeKind.Local).AddSeconds(i),
            Priority = i % 3 == 0 ? null : i,
            Lines = lines,
            Ticks = ticks,
        };
    }
}

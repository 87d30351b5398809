using System;

namespace FastSerialization.Tests.Support;

/// <summary>A struct record with fixed-width members (the shape of a market trade).</summary>
public struct Tick : ICustomBinarySerializable
{
    public long Time;
    public double Price;
    public int Size;

    public readonly void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Time);
        writer.Write(Price);
        writer.Write(Size);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Time = reader.ReadInt64();
        Price = reader.ReadDouble();
        Size = reader.ReadInt32();
    }
}

/// <summary>A type with no parameterless constructor: the formatter creates it uninitialized, or through a factory.</summary>
public sealed class Quote : ICustomBinarySerializable
{
    public Quote(string symbol)
    {
        Symbol = symbol;
        CreatedByConstructor = true;
    }

    public string? Symbol { get; private set; }

    public decimal Bid { get; set; }

    public bool CreatedByConstructor { get; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Symbol);
        writer.Write(Bid);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Symbol = reader.ReadString();
        Bid = reader.ReadDecimal();
    }
}

/// <summary>Reads one int fewer than it writes: a writer/reader imbalance.</summary>
public sealed class Unbalanced : ICustomBinarySerializable
{
    public int A { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(A);
        writer.Write(A);
    }

    public void SetDataFrom(ref FastBinaryReader reader) => A = reader.ReadInt32();
}

/// <summary>Reads one int more than it writes.</summary>
public sealed class Greedy : ICustomBinarySerializable
{
    public int A { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(A);

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        A = reader.ReadInt32();
        A += reader.ReadInt32();
    }
}

/// <summary>Version 1 of a type that later appends a member (see <see cref="PersonV2"/>).</summary>
public sealed class PersonV1 : ICustomBinarySerializable
{
    public string? Name { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Name);

    public void SetDataFrom(ref FastBinaryReader reader) => Name = reader.ReadString();
}

/// <summary>Version 2: appends Age and reads it only when the frame has bytes left.</summary>
public sealed class PersonV2 : ICustomBinarySerializable
{
    public string? Name { get; set; }

    public int Age { get; set; } = -1;

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Name);
        writer.Write(Age);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Name = reader.ReadString();
        if (reader.HasRemaining)
        {
            Age = reader.ReadInt32();
        }
    }
}

/// <summary>Base of a small polymorphic hierarchy for nested objects.</summary>
public abstract class Shape : ICustomBinarySerializable
{
    public abstract void WriteDataTo(ref FastBinaryWriter writer);

    public abstract void SetDataFrom(ref FastBinaryReader reader);
}

public sealed class Circle : Shape
{
    public double Radius { get; set; }

    public override void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Radius);

    public override void SetDataFrom(ref FastBinaryReader reader) => Radius = reader.ReadDouble();
}

public sealed class Square : Shape
{
    public int Side { get; set; }

    public override void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Side);

    public override void SetDataFrom(ref FastBinaryReader reader) => Side = reader.ReadInt32();
}

/// <summary>Holds a sealed nested object, a polymorphic one, and a member after them.</summary>
public sealed class Drawing : ICustomBinarySerializable
{
    public PersonV2? Author { get; set; }

    public Shape? Main { get; set; }

    public int Trailer { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteObject(Author);
        writer.WriteObject(Main);
        writer.Write(Trailer);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Author = reader.ReadObject<PersonV2>();
        Main = reader.ReadObject<Shape>();
        Trailer = reader.ReadInt32();
    }
}

/// <summary>Holds a struct as a nested object (sealed: no type id).</summary>
public sealed class TickHolder : ICustomBinarySerializable
{
    public Tick Tick { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer) => writer.WriteObject(Tick);

    public void SetDataFrom(ref FastBinaryReader reader) => Tick = reader.ReadObject<Tick>();
}

/// <summary>A self-referencing type, for depth limits.</summary>
public sealed class Node : ICustomBinarySerializable
{
    public Node? Next { get; set; }

    public int Value { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Value);
        writer.WriteObject(Next);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Value = reader.ReadInt32();
        Next = reader.ReadObject<Node>();
    }
}

/// <summary>Holds a blob of any size, for records that outgrow the first buffer.</summary>
public sealed class Blob : ICustomBinarySerializable
{
    public byte[]? Data { get; set; }

    public string? Text { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Data);
        writer.Write(Text);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Data = reader.ReadByteArray();
        Text = reader.ReadString();
    }
}

/// <summary>Throws from its reader with an exception of its own.</summary>
public sealed class Throwing : ICustomBinarySerializable
{
    public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(1);

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        int n = reader.ReadInt32();
        int[] values = new int[n];
        values[n - 2] = n;
    }
}

public enum Color : byte
{
    Red = 1,
    Green = 2,
}

public enum Big : long
{
    Min = long.MinValue,
    Max = long.MaxValue,
}

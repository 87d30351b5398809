using System;
using System.Collections.Generic;
using FastSerialization;

// The demo's own types, apart from its program (top-level statements) so that other projects can compile this file as it
// is: tests/FastSerialization.Compatibility.Tests reads the compatibility corpus's records of them with these declarations.

/// <summary>A generated class: a list of nested generated objects and an array of fixed-layout structs.</summary>
[BinarySerializable]
public sealed partial class Invoice
{
    public int Number { get; set; }

    public string? Customer { get; set; }

    public List<InvoiceLine>? Lines { get; set; }

    public Tick[]? Ticks { get; set; }
}

[BinarySerializable]
public sealed partial class InvoiceLine
{
    public string? Sku { get; set; }

    public int Quantity { get; set; }

    public double Price { get; set; }
}

/// <summary>A fixed-layout struct with no padding (its memory layout is its wire layout), so a record file's records of it can be viewed in place.</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct Fill
{
    public long Time { get; set; }

    public double Price { get; set; }

    public long Size { get; set; }
}

/// <summary>A fixed-layout struct: an array of them is one block.</summary>
[BinarySerializable(FixedLayout = true)]
public partial struct Tick
{
    public long Time { get; set; }

    public double Price { get; set; }

    public int Size { get; set; }
}

/// <summary>An immutable record: built through its constructor.</summary>
[BinarySerializable]
public sealed partial record Stamp(string Text, DateTime At);

/// <summary>Written by hand.</summary>
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

/// <summary>A type whose parameterless constructor refuses to run when read back.</summary>
public sealed class Refusing : ICustomBinarySerializable
{
    private static bool s_made;

    public Refusing()
    {
        if (s_made)
        {
            throw new InvalidOperationException("refused");
        }
    }

    public static Refusing Make()
    {
        var made = new Refusing();
        s_made = true;
        return made;
    }

    public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(1);

    public void SetDataFrom(ref FastBinaryReader reader) => reader.ReadInt32();
}

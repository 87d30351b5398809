using System;
using System.Collections.Generic;

namespace FastSerialization.Generator.Tests.Models;

// Models of the generated deep copiers (docs/GENERATOR.md, "Deep copies"; DeepCopyTests). Each counts the reads of one
// member: a clone through the copier reads it once, a clone that falls back to a write and a read reads it again.

/// <summary>Every member kind the generated copiers cover, in one untracked type.</summary>
[BinarySerializable]
public sealed partial class CopyAllKinds
{
    private string? _text;

    /// <summary>How many times <see cref="Text"/> was read.</summary>
    [BinaryIgnore]
    public int TextReads { get; set; }

    /// <summary>Not serialized: a copy gets the initializer's value, as a read does.</summary>
    [BinaryIgnore]
    public string Ignored { get; set; } = "initial";

    public string? Text
    {
        get
        {
            TextReads++;
            return _text;
        }

        set => _text = value;
    }

    public bool Flag { get; set; }

    public int Number { get; set; }

    public long Big { get; set; }

    public double Ratio { get; set; }

    public decimal Price { get; set; }

    public Guid Id { get; set; }

    public DateTime When { get; set; }

    public Uri? Link { get; set; }

    public CopyColor Color { get; set; }

    public CopySmall Small { get; set; }

    public int? MaybeNumber { get; set; }

    public CopyPoint? MaybePoint { get; set; }

    public CopyPoint Point { get; set; }

    public CopyLeaf? Leaf { get; set; }

    public List<string?>? Words { get; set; }

    public List<CopyLeaf>? Leaves { get; set; }

    public IReadOnlyList<int>? ReadOnlyNumbers { get; set; }

    public int[]? Numbers { get; set; }

    public byte[]? Bytes { get; set; }

    public string[]? Names { get; set; }

    public CopyLeaf[]? LeafArray { get; set; }

    public int[][]? Jagged { get; set; }

    public CopyPoint[]? Points { get; set; }

    public Dictionary<string, CopyLeaf>? LeavesByName { get; set; }

    public Dictionary<int, List<string>>? Groups { get; set; }

    public IReadOnlyDictionary<string, int>? ReadOnlyMap { get; set; }

    public HashSet<string>? Tags { get; set; }

    [BinaryComparer(typeof(StringComparer), nameof(StringComparer.OrdinalIgnoreCase))]
    public Dictionary<string, int>? Caseless { get; set; }

    [BinaryComparer(typeof(StringComparer), nameof(StringComparer.OrdinalIgnoreCase))]
    public HashSet<string>? CaselessTags { get; set; }

    public CopyPerson? Person { get; set; }

    public List<CopyPerson>? People { get; set; }
}

public enum CopyColor
{
    Red,
    Green,
    Blue = 500,
}

public enum CopySmall : byte
{
    None,
    Some = 200,
}

/// <summary>A nested class, mutable.</summary>
[BinarySerializable]
public sealed partial class CopyLeaf
{
    public string? Name { get; set; }

    public List<int>? Values { get; set; }
}

/// <summary>A nested struct.</summary>
[BinarySerializable]
public partial struct CopyPoint
{
    public int X { get; set; }

    public int Y { get; set; }

    public string? Label { get; set; }
}

/// <summary>A record built through its constructor (untracked).</summary>
[BinarySerializable]
public sealed partial record CopyPerson(string Name, int Age, List<string>? Nicknames);

/// <summary>A hand-written nested type: no generated copier.</summary>
public sealed class HandWrittenLeaf : ICustomBinarySerializable
{
    public string? Name { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Name);

    public void SetDataFrom(ref FastBinaryReader reader) => Name = reader.ReadString();
}

/// <summary>A generated type holding a hand-written one: its copy falls back to a write and a read.</summary>
[BinarySerializable]
public sealed partial class HoldsHandWritten
{
    private string? _text;

    [BinaryIgnore]
    public int TextReads { get; set; }

    public string? Text
    {
        get
        {
            TextReads++;
            return _text;
        }

        set => _text = value;
    }

    public HandWrittenLeaf? Leaf { get; set; }
}

/// <summary>A generated type with a tuple member (a kind the first copiers did not cover).</summary>
[BinarySerializable]
public sealed partial class HoldsTuple
{
    public (int, string)? Pair { get; set; }

    public List<string>? Words { get; set; }
}

/// <summary>An untracked chain: as deep as it is long.</summary>
[BinarySerializable]
public sealed partial class CopyChain
{
    public int Value { get; set; }

    public CopyChain? Next { get; set; }
}

/// <summary>A tracked, counted node for the graph tests: shared, in cycles.</summary>
[BinarySerializable(TrackReferences = true)]
public partial class CopyNode
{
    private string? _name;
    private int _nameReads;

    /// <summary>How many times <see cref="Name"/> was read, counted atomically: the concurrency test clones one node from four threads.</summary>
    [BinaryIgnore]
    public int NameReads => System.Threading.Volatile.Read(ref _nameReads);

    public string? Name
    {
        get
        {
            System.Threading.Interlocked.Increment(ref _nameReads);
            return _name;
        }

        set => _name = value;
    }

    public CopyNode? Next { get; set; }

    public List<CopyNode>? Children { get; set; }
}

/// <summary>A node type derived from a generated tracked one, itself generated.</summary>
[BinarySerializable]
public sealed partial class CopyDerivedNode : CopyNode
{
    public int Extra { get; set; }
}

/// <summary>A node type derived from a generated one by hand: it inherits the base's copier, which must not copy it.</summary>
public sealed class HandDerivedNode : CopyNode
{
}

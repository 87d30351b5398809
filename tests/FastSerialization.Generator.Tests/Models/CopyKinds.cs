using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Numerics;
using System.Text;

namespace FastSerialization.Generator.Tests.Models;

// Models of the member kinds the generated deep copiers cover beyond the first ones (DeepCopyKindTests): the base
// library's other collections, tuples, multi-dimensional arrays, bits, memory, fixed-layout structs and the values of
// contract section 2b. Each counts the reads of one member: a clone through the copier reads it once, a clone that falls
// back to a write and a read reads it again.

/// <summary>Every collection of <see cref="LibraryCollections"/>, held by a type that counts its clones' reads.</summary>
[BinarySerializable]
public sealed partial class CountedCollections
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

    public LibraryCollections? Collections { get; set; }

    public MultiDimensional? Arrays { get; set; }
}

/// <summary>The values of contract section 2b, bits, memory, fixed-layout structs, and collections and tuples of mutable objects.</summary>
[BinarySerializable]
public sealed partial class CopyMoreKinds
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

    public Int128 Huge { get; set; }

    public UInt128 HugeUnsigned { get; set; }

    public DateOnly Day { get; set; }

    public TimeOnly Time { get; set; }

    public Half Small { get; set; }

    public BigInteger Big { get; set; }

    public Complex Complex { get; set; }

    public Rune Letter { get; set; }

    public Version? Version { get; set; }

    public BitArray? Bits { get; set; }

    public ReadOnlyMemory<byte> Payload { get; set; }

    public Memory<byte> Buffer { get; set; }

    public FixedTick Tick { get; set; }

    public FixedTick[]? Ticks { get; set; }

    public List<FixedTick>? TickList { get; set; }

    public ReadOnlyMemory<FixedTick> TickMemory { get; set; }

    public CopyLeaf[,]? LeafGrid { get; set; }

    public (int Number, CopyLeaf? Leaf) LeafPair { get; set; }

    public Tuple<string, CopyLeaf?>? LeafTuple { get; set; }

    public KeyValuePair<string, CopyLeaf?> LeafEntry { get; set; }

    public (int, int, int, int, int, int, int, CopyLeaf?) LongLeafTuple { get; set; }

    public (int, string)? MaybePair { get; set; }

    public ImmutableList<CopyLeaf>? ImmutableLeaves { get; set; }

    public ImmutableArray<CopyLeaf> ImmutableLeafArray { get; set; }

    public ImmutableDictionary<string, CopyLeaf>? ImmutableLeafMap { get; set; }

    public ImmutableList<string>? ImmutableWords { get; set; }

    public ImmutableDictionary<string, (int, string)>? ImmutableTuples { get; set; }

    public SortedDictionary<string, CopyLeaf>? SortedLeaves { get; set; }

    public Stack<CopyLeaf>? LeafStack { get; set; }

    public Queue<CopyLeaf>? LeafQueue { get; set; }
}

/// <summary>A tracked holder whose tracked nodes are reached through the newly covered kinds: shared, and in a cycle back to the holder.</summary>
[BinarySerializable(TrackReferences = true)]
public sealed partial class CopyKindsGraph
{
    public string? Name { get; set; }

    public ImmutableList<CopyNode>? Nodes { get; set; }

    public ImmutableArray<CopyNode> NodeArray { get; set; }

    public (CopyNode? First, CopyNode? Second) Pair { get; set; }

    public Tuple<CopyKindsGraph?, int>? Back { get; set; }

    public SortedDictionary<string, CopyNode>? ByName { get; set; }

    public CopyNode[,]? Grid { get; set; }

    public Queue<CopyNode>? Pending { get; set; }
}

/// <summary>A member kind the copiers do not cover (a lookup): the type gets no copier and falls back to a write and a read.</summary>
[BinarySerializable]
public sealed partial class HoldsLookup
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

    public System.Linq.ILookup<string, int>? Groups { get; set; }
}

using System;
using System.Collections.Concurrent;
using System.Collections.Frozen;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;

namespace FastSerialization.Generator.Tests.Models;

/// <summary>Every collection and composite value of the base library that contract section 2b adds, one member each.</summary>
[BinarySerializable]
public sealed partial class LibraryCollections
{
    public KeyValuePair<string, int> Pair { get; set; }

    public (int Number, string? Text) Tuple2 { get; set; }

    public ValueTuple<long> Tuple1 { get; set; }

    public (int, long, short, byte, string, double, bool, int, char) Tuple9 { get; set; }

    public Tuple<int, string?>? RefTuple { get; set; }

    public Tuple<int, int, int, int, int, int, int, Tuple<string, int>>? LongRefTuple { get; set; }

    public ImmutableArray<int> ImmutableInts { get; set; }

    public ImmutableArray<string?> ImmutableStrings { get; set; }

    public ImmutableArray<int[]> ImmutableJagged { get; set; }

    public ImmutableList<Point>? ImmutableList { get; set; }

    public ImmutableHashSet<string>? ImmutableHashSet { get; set; }

    public ImmutableSortedSet<int>? ImmutableSortedSet { get; set; }

    public ImmutableDictionary<string, List<(int, string)>>? ImmutableDictionary { get; set; }

    public ImmutableSortedDictionary<int, string>? ImmutableSortedDictionary { get; set; }

    public ImmutableQueue<int>? ImmutableQueue { get; set; }

    public ImmutableStack<string>? ImmutableStack { get; set; }

    public SortedSet<int>? SortedSet { get; set; }

    public SortedList<string, int>? SortedList { get; set; }

    public SortedDictionary<int, string>? SortedDictionary { get; set; }

    public Queue<string>? Queue { get; set; }

    public Stack<int>? Stack { get; set; }

    public LinkedList<string>? LinkedList { get; set; }

    public ReadOnlyCollection<int>? ReadOnlyCollection { get; set; }

    public ObservableCollection<string>? ObservableCollection { get; set; }

    public ReadOnlyDictionary<string, int>? ReadOnlyDictionary { get; set; }

    public IEnumerable<int>? Enumerable { get; set; }

    public ICollection<string>? Collection { get; set; }

    public IReadOnlyCollection<int>? ReadOnlyCollectionInterface { get; set; }

    public ISet<string>? Set { get; set; }

    public IReadOnlySet<int>? ReadOnlySet { get; set; }

    public IDictionary<string, int>? Dictionary { get; set; }

    public ArraySegment<int> Segment { get; set; }

    public ArraySegment<string> StringSegment { get; set; }

    public FrozenSet<string>? FrozenSet { get; set; }

    public FrozenDictionary<int, string>? FrozenDictionary { get; set; }

    public PriorityQueue<string, int>? PriorityQueue { get; set; }

    public ConcurrentDictionary<string, int>? ConcurrentDictionary { get; set; }

    public ConcurrentQueue<int>? ConcurrentQueue { get; set; }

    public ConcurrentStack<int>? ConcurrentStack { get; set; }

    public ConcurrentBag<int>? ConcurrentBag { get; set; }

    public Dictionary<int, ImmutableList<KeyValuePair<string, SortedSet<int>>>>? DeeplyNested { get; set; }

    public Collection<int>? PlainCollection { get; set; }

    public ReadOnlyObservableCollection<string>? ReadOnlyObservable { get; set; }

    public BlockingCollection<int>? Blocking { get; set; }

    public IImmutableList<int>? ImmutableListInterface { get; set; }

    public IImmutableSet<string>? ImmutableSetInterface { get; set; }

    public IImmutableDictionary<string, int>? ImmutableDictionaryInterface { get; set; }

    public IImmutableQueue<int>? ImmutableQueueInterface { get; set; }

    public IImmutableStack<int>? ImmutableStackInterface { get; set; }

    public ReadOnlySet<string>? ReadOnlySetView { get; set; }

    public OrderedDictionary<string, int>? Ordered { get; set; }
}

/// <summary>Comparers a test declares for <see cref="WithComparers"/>'s members.</summary>
public static class TestComparers
{
    /// <summary>Sorts integers from the largest down.</summary>
    public static IComparer<int> Descending { get; } = Comparer<int>.Create((x, y) => y.CompareTo(x));

    internal static readonly StringComparer IgnoreCase = StringComparer.OrdinalIgnoreCase;
}

/// <summary>Sorted and hashed members rebuilt with the comparer they declare.</summary>
[BinarySerializable]
public sealed partial class WithComparers
{
    [BinaryComparer(typeof(TestComparers), nameof(TestComparers.Descending))]
    public SortedSet<int>? Descending { get; set; }

    [BinaryComparer(typeof(TestComparers), nameof(TestComparers.IgnoreCase))]
    public HashSet<string>? Names { get; set; }

    [BinaryComparer(typeof(StringComparer), nameof(StringComparer.OrdinalIgnoreCase))]
    public Dictionary<string, int>? Counts { get; set; }

    [BinaryComparer(typeof(TestComparers), nameof(TestComparers.IgnoreCase))]
    public ImmutableSortedDictionary<string, int>? Sorted { get; set; }

    [BinaryComparer(typeof(TestComparers), nameof(TestComparers.Descending))]
    public PriorityQueue<string, int>? Jobs { get; set; }

    [BinaryComparer(typeof(TestComparers), nameof(TestComparers.IgnoreCase))]
    public FrozenSet<string>? Frozen { get; set; }

    public SortedSet<string>? Default { get; set; }
}

[BinarySerializable]
public sealed partial class StackHolder
{
    public Stack<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class QueueHolder
{
    public Queue<string>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class SortedDictionaryHolder
{
    public SortedDictionary<int, string>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class SortedListHolder
{
    public SortedList<string, int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class SortedSetHolder
{
    public SortedSet<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class ImmutableArrayHolder
{
    public ImmutableArray<int> Value { get; set; }
}

[BinarySerializable]
public sealed partial class ImmutableHashSetHolder
{
    public ImmutableHashSet<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class ImmutableSortedSetHolder
{
    public ImmutableSortedSet<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class ImmutableDictionaryHolder
{
    public ImmutableDictionary<string, int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class ImmutableStackHolder
{
    public ImmutableStack<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class ImmutableListHolder
{
    public ImmutableList<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class PairHolder
{
    public KeyValuePair<string, int> Value { get; set; }
}

[BinarySerializable]
public sealed partial class ValueTupleHolder
{
    public (int, string) Value { get; set; }

    public List<(int, string)>? List { get; set; }
}

[BinarySerializable]
public sealed partial class TupleHolder
{
    public Tuple<int, string>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class SegmentHolder
{
    public ArraySegment<int> Value { get; set; }

    public ArraySegment<string> Strings { get; set; }
}

[BinarySerializable]
public sealed partial class FrozenSetHolder
{
    public FrozenSet<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class FrozenDictionaryHolder
{
    public FrozenDictionary<int, string>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class ConcurrentDictionaryHolder
{
    public ConcurrentDictionary<string, int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class ConcurrentStackHolder
{
    public ConcurrentStack<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class SetInterfaceHolder
{
    public ISet<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class DictionaryInterfaceHolder
{
    public IDictionary<string, int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class PriorityQueueHolder
{
    public PriorityQueue<string, int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class LinkedListHolder
{
    public LinkedList<int>? Value { get; set; }
}

[BinarySerializable]
public sealed partial class MultiDimensional
{
    public int[,]? Ints { get; set; }

    public string?[,,]? Strings { get; set; }

    public int[,][]? OfJagged { get; set; }

    public int[][,]? JaggedOf { get; set; }

    public List<double[,]>? InList { get; set; }

    public Point[,]? Objects { get; set; }
}

[BinarySerializable]
public sealed partial class BitsAndLookups
{
    public System.Collections.BitArray? Bits { get; set; }

    public System.Linq.ILookup<string, int>? Lookup { get; set; }

    public List<System.Collections.BitArray>? ManyBits { get; set; }
}

/// <summary>One member of each sequence type holding ints and of each dictionary type from string to int: each must write the bytes of a List or Dictionary.</summary>
[BinarySerializable]
public sealed partial class EverySequenceAndMap
{
    public ImmutableArray<int> A1 { get; set; }

    public ImmutableList<int>? A2 { get; set; }

    public ImmutableHashSet<int>? A3 { get; set; }

    public ImmutableSortedSet<int>? A4 { get; set; }

    public ImmutableQueue<int>? A5 { get; set; }

    public ImmutableStack<int>? A6 { get; set; }

    public IImmutableList<int>? A7 { get; set; }

    public IImmutableSet<int>? A8 { get; set; }

    public IImmutableQueue<int>? A9 { get; set; }

    public IImmutableStack<int>? A10 { get; set; }

    public FrozenSet<int>? A11 { get; set; }

    public SortedSet<int>? A12 { get; set; }

    public Queue<int>? A13 { get; set; }

    public Stack<int>? A14 { get; set; }

    public LinkedList<int>? A15 { get; set; }

    public Collection<int>? A16 { get; set; }

    public ReadOnlyCollection<int>? A17 { get; set; }

    public ObservableCollection<int>? A18 { get; set; }

    public ReadOnlyObservableCollection<int>? A19 { get; set; }

    public IEnumerable<int>? A20 { get; set; }

    public ICollection<int>? A21 { get; set; }

    public IReadOnlyCollection<int>? A22 { get; set; }

    public ISet<int>? A23 { get; set; }

    public IReadOnlySet<int>? A24 { get; set; }

    public ArraySegment<int> A25 { get; set; }

    public ConcurrentQueue<int>? A26 { get; set; }

    public ConcurrentStack<int>? A27 { get; set; }

    public ConcurrentBag<int>? A28 { get; set; }

    public BlockingCollection<int>? A29 { get; set; }

    public ImmutableDictionary<string, int>? M1 { get; set; }

    public ImmutableSortedDictionary<string, int>? M2 { get; set; }

    public IImmutableDictionary<string, int>? M3 { get; set; }

    public FrozenDictionary<string, int>? M4 { get; set; }

    public SortedDictionary<string, int>? M5 { get; set; }

    public SortedList<string, int>? M6 { get; set; }

    public ReadOnlyDictionary<string, int>? M7 { get; set; }

    public IDictionary<string, int>? M8 { get; set; }

    public ConcurrentDictionary<string, int>? M9 { get; set; }

    public PriorityQueue<string, int>? M10 { get; set; }
}

[BinarySerializable]
public sealed partial class NullableKeys
{
#pragma warning disable CS8714 // a nullable key type, which the reader must refuse a null of
    public Dictionary<int?, string>? Map { get; set; }
#pragma warning restore CS8714

    public HashSet<string>? Names { get; set; }

    public IReadOnlyDictionary<string, int>? ReadOnlyMap { get; set; }
}

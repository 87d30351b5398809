using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Frozen;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Linq;
using System.Numerics;
using System.Text;
using FastSerialization;

namespace FastSerialization.Tests.Shared;

/// <summary>
/// A model as a team brings it (issue 45): one member of every base-library type of contract section 2b, some nested in
/// each other. Linked into the test projects that send it through a record file and an IPC channel
/// (tests/Shared/EveryBaseLibraryType.cs), so every path round-trips the same type.
/// </summary>
[BinarySerializable]
public sealed partial class EveryBaseLibraryType
{
    public DateOnly Day { get; set; }

    public TimeOnly Time { get; set; }

    public Half HalfMember { get; set; }

    public Int128 Signed { get; set; }

    public UInt128 Unsigned { get; set; }

    public BigInteger Big { get; set; }

    public Rune Letter { get; set; }

    public Complex Point { get; set; }

    public Uri? Link { get; set; }

    public Version? Release { get; set; }

    public KeyValuePair<string, int> Pair { get; set; }

    public (int Number, string? Text, DateOnly Day) TupleMember { get; set; }

    public Tuple<int, string>? ReferenceTuple { get; set; }

    public BitArray? Bits { get; set; }

    public int[,]? Grid { get; set; }

    public ArraySegment<int> Segment { get; set; }

    public ImmutableArray<int> ImmutableArrayMember { get; set; }

    public ImmutableList<string>? ImmutableListMember { get; set; }

    public ImmutableHashSet<string>? ImmutableHashSetMember { get; set; }

    public ImmutableDictionary<string, List<(int, string)>>? ImmutableDictionaryMember { get; set; }

    public ImmutableSortedSet<int>? ImmutableSortedSetMember { get; set; }

    public ImmutableSortedDictionary<int, string>? ImmutableSortedDictionaryMember { get; set; }

    public ImmutableQueue<int>? ImmutableQueueMember { get; set; }

    public ImmutableStack<int>? ImmutableStackMember { get; set; }

    public FrozenSet<string>? FrozenSetMember { get; set; }

    public FrozenDictionary<string, Int128>? FrozenDictionaryMember { get; set; }

    public SortedSet<int>? SortedSetMember { get; set; }

    public SortedList<string, int>? SortedListMember { get; set; }

    public SortedDictionary<DateOnly, string>? SortedDictionaryMember { get; set; }

    public Queue<string>? QueueMember { get; set; }

    public Stack<int>? StackMember { get; set; }

    public LinkedList<string>? LinkedListMember { get; set; }

    public PriorityQueue<string, int>? PriorityQueueMember { get; set; }

    public ConcurrentDictionary<string, int>? ConcurrentDictionaryMember { get; set; }

    public ConcurrentQueue<int>? ConcurrentQueueMember { get; set; }

    public ConcurrentStack<int>? ConcurrentStackMember { get; set; }

    public ConcurrentBag<int>? ConcurrentBagMember { get; set; }

    public ReadOnlyCollection<int>? ReadOnlyCollectionMember { get; set; }

    public ObservableCollection<string>? ObservableCollectionMember { get; set; }

    public ReadOnlyDictionary<string, int>? ReadOnlyDictionaryMember { get; set; }

    public IEnumerable<int>? EnumerableMember { get; set; }

    public ICollection<int>? CollectionMember { get; set; }

    public IReadOnlyCollection<int>? ReadOnlyCollectionInterface { get; set; }

    public ISet<string>? Set { get; set; }

    public IReadOnlySet<string>? ReadOnlySet { get; set; }

    public IDictionary<string, int>? DictionaryMember { get; set; }

    public ILookup<string, int>? LookupMember { get; set; }

    public Dictionary<Uri, List<Version>>? Nested { get; set; }

    /// <summary>A formatter with this type registered under id 1, as every test of this model uses.</summary>
    public static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<EveryBaseLibraryType>(1);
        return formatter;
    }

    /// <summary>A value with every member set, each collection holding a few elements in an order that matters.</summary>
    public static EveryBaseLibraryType Sample(int seed = 0)
    {
        var priorities = new PriorityQueue<string, int>();
        priorities.Enqueue("later", 5 + seed);
        priorities.Enqueue("first", 1);
        priorities.Enqueue("middle", 3);
        var concurrentStack = new ConcurrentStack<int>();
        concurrentStack.PushRange([1, 2, 3 + seed]);
        var bits = new BitArray(11);
        bits[0] = true;
        bits[7] = true;
        bits[10] = seed % 2 == 0;
        return new EveryBaseLibraryType
        {
            Day = new DateOnly(2026, 11, 27).AddDays(seed),
            Time = new TimeOnly(23, 59, 58, 999).Add(TimeSpan.FromTicks(seed)),
            HalfMember = (Half)(-2.5f),
            Signed = Int128.MinValue + seed,
            Unsigned = UInt128.MaxValue - (uint)seed,
            Big = BigInteger.Pow(-3, 101) + seed,
            Letter = new Rune(0x1F600 + seed),
            Point = new Complex(1.5, -2.0 - seed),
            Link = new Uri("https://example.com/orders?id=" + seed),
            Release = new Version(1, 2, 3, seed),
            Pair = new KeyValuePair<string, int>("answer", 42 + seed),
            TupleMember = (seed, "text", new DateOnly(2000, 1, 1)),
            ReferenceTuple = System.Tuple.Create(7, "seven"),
            Bits = bits,
            Grid = new[,] { { 1, 2, 3 }, { 4, 5, 6 + seed } },
            Segment = new ArraySegment<int>([9, 8, 7, 6, 5], 1, 3),
            ImmutableArrayMember = [3, 1, 2, seed],
            ImmutableListMember = ["b", "a"],
            ImmutableHashSetMember = ["x", "y", "z"],
            ImmutableDictionaryMember = ImmutableDictionary.CreateRange(
                [new KeyValuePair<string, List<(int, string)>>("k", [(1, "one"), (2, "two")])]),
            ImmutableSortedSetMember = [5, 3, 4],
            ImmutableSortedDictionaryMember = ImmutableSortedDictionary.CreateRange(
                [new KeyValuePair<int, string>(2, "two"), new KeyValuePair<int, string>(1, "one")]),
            ImmutableQueueMember = ImmutableQueue.Create(1, 2, 3),
            ImmutableStackMember = ImmutableStack.Create(1, 2, 3),
            FrozenSetMember = new[] { "p", "q" }.ToFrozenSet(),
            FrozenDictionaryMember = new Dictionary<string, Int128> { ["max"] = Int128.MaxValue }.ToFrozenDictionary(),
            SortedSetMember = [9, 1, 5],
            SortedListMember = new SortedList<string, int> { ["b"] = 2, ["a"] = 1 },
            SortedDictionaryMember = new SortedDictionary<DateOnly, string> { [new DateOnly(2024, 2, 29)] = "leap", [new DateOnly(1, 1, 1)] = "first" },
            QueueMember = new Queue<string>(["first", "second", "third"]),
            StackMember = new Stack<int>([1, 2, 3]),
            LinkedListMember = new LinkedList<string>(["head", "tail"]),
            PriorityQueueMember = priorities,
            ConcurrentDictionaryMember = new ConcurrentDictionary<string, int>([new KeyValuePair<string, int>("c", 3)]),
            ConcurrentQueueMember = new ConcurrentQueue<int>([4, 5, 6]),
            ConcurrentStackMember = concurrentStack,
            ConcurrentBagMember = [7, 7, 8],
            ReadOnlyCollectionMember = new ReadOnlyCollection<int>([1, 1, 2]),
            ObservableCollectionMember = ["o", "b"],
            ReadOnlyDictionaryMember = new ReadOnlyDictionary<string, int>(new Dictionary<string, int> { ["r"] = 1 }),
            EnumerableMember = [3, 2, 1],
            CollectionMember = [1, 2],
            ReadOnlyCollectionInterface = [2, 4],
            Set = new HashSet<string> { "s1", "s2" },
            ReadOnlySet = new HashSet<string> { "r1" },
            DictionaryMember = new Dictionary<string, int> { ["d"] = 4 },
            LookupMember = new[] { ("a", 1), ("b", 2), ("a", 3) }.ToLookup(p => p.Item1, p => p.Item2),
            Nested = new Dictionary<Uri, List<Version>> { [new Uri("/relative/path", UriKind.Relative)] = [new Version(2, 0), new Version(3, 1, 4)] },
        };
    }
}

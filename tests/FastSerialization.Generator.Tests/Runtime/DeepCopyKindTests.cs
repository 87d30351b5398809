using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Frozen;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Linq;
using System.Numerics;
using System.Runtime.InteropServices;
using System.Text;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using FluentAssertions.Equivalency;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// <see cref="CustomBinaryFormatter.DeepClone{T}"/> through the generated copiers for the member kinds of contract
/// section 2b (docs/GENERATOR.md, "Deep copies"): the base library's other collections, tuples, multi-dimensional arrays,
/// bits, memory, fixed-layout structs and values. A type with a copier (IBinaryDeepCopyable) whose counted member is
/// read once was copied by the copiers all the way down: one that gave up part way reads it again in the write and read
/// it falls back to. Before these kinds had copies, a type holding one had no copier at all.
/// </summary>
public class DeepCopyKindTests
{
    private static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<CountedCollections>(1);
        formatter.Register<LibraryCollections>(2);
        formatter.Register<MultiDimensional>(3);
        formatter.Register<Point>(4);
        formatter.Register<CopyMoreKinds>(5);
        formatter.Register<CopyLeaf>(6);
        formatter.Register<CopyKindsGraph>(7);
        formatter.Register<CopyNode>(8);
        formatter.Register<HoldsLookup>(9);
        formatter.Register<FixedTick>(10);
        return formatter;
    }

    private static T RoundTrip<T>(CustomBinaryFormatter formatter, T value)
        where T : notnull => formatter.Deserialize<T>(formatter.SerializeToArray(value));

    private static LibraryCollections FilledCollections()
    {
        var stack = new Stack<int>();
        stack.Push(1);
        stack.Push(2);
        var priorities = new PriorityQueue<string, int>();
        priorities.Enqueue("later", 9);
        priorities.Enqueue("urgent", 1);
        priorities.Enqueue("soon", 5);
        return new LibraryCollections
        {
            Pair = new KeyValuePair<string, int>("k", -3),
            Tuple2 = (7, null),
            Tuple1 = new ValueTuple<long>(long.MinValue),
            Tuple9 = (1, 2, 3, 4, "five", 6.5, true, 8, '9'),
            RefTuple = Tuple.Create(1, (string?)"one"),
            LongRefTuple = new(1, 2, 3, 4, 5, 6, 7, Tuple.Create("eight", 9)),
            ImmutableInts = ImmutableArray.Create(3, -1, int.MaxValue),
            ImmutableStrings = ImmutableArray.Create<string?>("a", null, "c"),
            ImmutableJagged = ImmutableArray.Create(new[] { 1, 2 }, Array.Empty<int>()),
            ImmutableList = ImmutableList.Create(new Point { X = 1, Y = 2 }, new Point { X = 3 }),
            ImmutableHashSet = ImmutableHashSet.Create("x", "y"),
            ImmutableSortedSet = ImmutableSortedSet.Create(5, 1, 3),
            ImmutableDictionary = ImmutableDictionary<string, List<(int, string)>>.Empty.Add("a", new List<(int, string)> { (1, "one"), (2, "two") }).Add("b", new List<(int, string)>()),
            ImmutableSortedDictionary = ImmutableSortedDictionary<int, string>.Empty.Add(2, "two").Add(1, "one"),
            ImmutableQueue = ImmutableQueue.Create(4, 5, 6),
            ImmutableStack = ImmutableStack.Create("bottom", "top"),
            SortedSet = new SortedSet<int> { 3, 1, 2 },
            SortedList = new SortedList<string, int> { ["b"] = 2, ["a"] = 1 },
            SortedDictionary = new SortedDictionary<int, string> { [10] = "ten", [-1] = "minus one" },
            Queue = new Queue<string>(new[] { "first", "second" }),
            Stack = stack,
            LinkedList = new LinkedList<string>(new[] { "head", "tail" }),
            ReadOnlyCollection = new ReadOnlyCollection<int>(new[] { 4, 2 }),
            ObservableCollection = new ObservableCollection<string>(new[] { "o1", "o2" }),
            ReadOnlyDictionary = new ReadOnlyDictionary<string, int>(new Dictionary<string, int> { ["r"] = 1 }),
            Enumerable = new[] { 1, 2 },
            Collection = new List<string> { "c" },
            ReadOnlyCollectionInterface = new List<int> { 9 },
            Set = new HashSet<string> { "s" },
            ReadOnlySet = new HashSet<int> { 1, 2 },
            Dictionary = new Dictionary<string, int> { ["d"] = 4 },
            Segment = new ArraySegment<int>(new[] { 1, 2, 3, 4 }, 1, 2),
            StringSegment = new ArraySegment<string>(new[] { "w", "x", "y" }, 1, 2),
            FrozenSet = new[] { "f1", "f2" }.ToFrozenSet(),
            FrozenDictionary = new Dictionary<int, string> { [1] = "one" }.ToFrozenDictionary(),
            PriorityQueue = priorities,
            ConcurrentDictionary = new ConcurrentDictionary<string, int>(new[] { new KeyValuePair<string, int>("c", 3) }),
            ConcurrentQueue = new ConcurrentQueue<int>(new[] { 1, 2, 3 }),
            ConcurrentStack = new ConcurrentStack<int>(new[] { 1, 2, 3 }),
            ConcurrentBag = new ConcurrentBag<int>(new[] { 1, 1, 2 }),
            DeeplyNested = new Dictionary<int, ImmutableList<KeyValuePair<string, SortedSet<int>>>>
            {
                [1] = ImmutableList.Create(new KeyValuePair<string, SortedSet<int>>("odd", new SortedSet<int> { 9, 1, 5 })),
            },
            PlainCollection = new Collection<int> { 3, 1 },
            ReadOnlyObservable = new ReadOnlyObservableCollection<string>(new ObservableCollection<string> { "r" }),
            Blocking = new BlockingCollection<int> { 5, 6 },
            ImmutableListInterface = ImmutableList.Create(1, 2),
            ImmutableSetInterface = ImmutableHashSet.Create("s"),
            ImmutableDictionaryInterface = ImmutableDictionary<string, int>.Empty.Add("i", 1),
            ImmutableQueueInterface = ImmutableQueue.Create(7, 8),
            ImmutableStackInterface = ImmutableStack.Create(7, 8),
            ReadOnlySetView = new ReadOnlySet<string>(new HashSet<string> { "v" }),
            Ordered = new OrderedDictionary<string, int> { ["z"] = 1, ["a"] = 2 },
        };
    }

    private static MultiDimensional FilledArrays() => new()
    {
        Ints = new[,] { { 1, 2, 3 }, { 4, 5, 6 } },
        Strings = new string?[2, 1, 2] { { { "a", null } }, { { "b", "c" } } },
        OfJagged = new int[,][] { { new[] { 1 }, Array.Empty<int>() } },
        JaggedOf = new[] { new[,] { { 7, 8 } }, null! },
        InList = new List<double[,]> { new[,] { { 0.5 }, { 1.5 } } },
        Objects = new[,] { { new Point { X = 1 }, new Point { Y = 2 } } },
    };

    private static EquivalencyAssertionOptions<T> Exactly<T>(EquivalencyAssertionOptions<T> options) =>
        options.RespectingRuntimeTypes().WithStrictOrdering().IgnoringCyclicReferences();

    [Fact]
    public void EveryLibraryCollectionAndMultiDimensionalArray_IsCopiedByTheCopier_EqualToTheRoundTrip()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var original = new CountedCollections { Text = "t", Collections = FilledCollections(), Arrays = FilledArrays() };

        CountedCollections copy = formatter.DeepClone(original);

        original.TextReads.Should().Be(1, "the copier made the whole copy: nothing fell back to a write and a read");
        typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(LibraryCollections)).Should().BeTrue();
        typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(MultiDimensional)).Should().BeTrue();
        CountedCollections read = RoundTrip(formatter, original);
        copy.Arrays.Should().BeEquivalentTo(read.Arrays, options => Exactly(options));
        copy.Collections!.Should().BeEquivalentTo(read.Collections!, options => options
            .RespectingRuntimeTypes()
            .WithStrictOrderingFor(c => c.PlainCollection)
            .WithStrictOrderingFor(c => c.Blocking)
            .WithStrictOrderingFor(c => c.ImmutableInts)
            .WithStrictOrderingFor(c => c.ImmutableList)
            .WithStrictOrderingFor(c => c.LinkedList)
            .WithStrictOrderingFor(c => c.ReadOnlyCollection)
            .WithStrictOrderingFor(c => c.ObservableCollection)
            .WithStrictOrderingFor(c => c.Queue)
            .WithStrictOrderingFor(c => c.ImmutableQueue)
            .WithStrictOrderingFor(c => c.ConcurrentQueue)
            .WithStrictOrderingFor(c => c.SortedList)
            .WithStrictOrderingFor(c => c.SortedSet)
            .Excluding(c => c.PriorityQueue) // compared by what they give back, below
            .Excluding(c => c.Stack)
            .Excluding(c => c.ImmutableStack)
            .Excluding(c => c.ConcurrentStack)
            .Excluding(c => c.ImmutableStackInterface)
            .Excluding(c => c.ConcurrentBag));
        LibraryCollections c = copy.Collections!;
        c.Stack.Should().Equal(2, 1);
        c.ConcurrentStack.Should().Equal(3, 2, 1);
        c.ImmutableStack.Should().Equal("top", "bottom");
        c.ImmutableStackInterface.Should().BeOfType<ImmutableStack<int>>().Which.Should().Equal(8, 7);
        c.ImmutableQueueInterface.Should().BeOfType<ImmutableQueue<int>>().Which.Should().Equal(7, 8);
        c.ImmutableListInterface.Should().BeOfType<ImmutableList<int>>();
        c.Ordered!.Keys.Should().Equal("z", "a");
        c.ConcurrentBag.Should().BeEquivalentTo(new[] { 1, 1, 2 });
        c.Segment.Should().Equal(2, 3);
        c.StringSegment.Should().Equal("x", "y");
        var drained = new List<string>();
        while (c.PriorityQueue!.TryDequeue(out string? element, out _))
        {
            drained.Add(element);
        }

        drained.Should().Equal("urgent", "soon", "later");
    }

    [Fact]
    public void MutableContainers_AreNewInstances_AndImmutableValuesMayBeShared()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        LibraryCollections o = FilledCollections();
        MultiDimensional a = FilledArrays();

        CountedCollections copy = formatter.DeepClone(new CountedCollections { Collections = o, Arrays = a });

        LibraryCollections c = copy.Collections!;
        var pairs = new (object? Copy, object? Original, string Name)[]
        {
            (c.SortedSet, o.SortedSet, "SortedSet"), (c.SortedList, o.SortedList, "SortedList"), (c.SortedDictionary, o.SortedDictionary, "SortedDictionary"),
            (c.Queue, o.Queue, "Queue"), (c.Stack, o.Stack, "Stack"), (c.LinkedList, o.LinkedList, "LinkedList"),
            (c.ReadOnlyCollection, o.ReadOnlyCollection, "ReadOnlyCollection"), (c.ObservableCollection, o.ObservableCollection, "ObservableCollection"),
            (c.ReadOnlyDictionary, o.ReadOnlyDictionary, "ReadOnlyDictionary"), (c.Enumerable, o.Enumerable, "Enumerable"), (c.Collection, o.Collection, "Collection"),
            (c.ReadOnlyCollectionInterface, o.ReadOnlyCollectionInterface, "IReadOnlyCollection"), (c.Set, o.Set, "ISet"), (c.ReadOnlySet, o.ReadOnlySet, "IReadOnlySet"),
            (c.Dictionary, o.Dictionary, "IDictionary"), (c.Segment.Array, o.Segment.Array, "ArraySegment<int>"), (c.StringSegment.Array, o.StringSegment.Array, "ArraySegment<string>"),
            (c.PriorityQueue, o.PriorityQueue, "PriorityQueue"), (c.ConcurrentDictionary, o.ConcurrentDictionary, "ConcurrentDictionary"),
            (c.ConcurrentQueue, o.ConcurrentQueue, "ConcurrentQueue"), (c.ConcurrentStack, o.ConcurrentStack, "ConcurrentStack"), (c.ConcurrentBag, o.ConcurrentBag, "ConcurrentBag"),
            (c.DeeplyNested, o.DeeplyNested, "DeeplyNested"), (c.DeeplyNested![1], o.DeeplyNested![1], "an immutable list of pairs holding sorted sets"),
            (c.DeeplyNested[1][0].Value, o.DeeplyNested[1][0].Value, "a sorted set inside an immutable list"),
            (c.PlainCollection, o.PlainCollection, "Collection"), (c.ReadOnlyObservable, o.ReadOnlyObservable, "ReadOnlyObservableCollection"),
            (c.Blocking, o.Blocking, "BlockingCollection"), (c.ReadOnlySetView, o.ReadOnlySetView, "ReadOnlySet"), (c.Ordered, o.Ordered, "OrderedDictionary"),
            (c.ImmutableList, o.ImmutableList, "an immutable list of mutable objects"), (c.ImmutableList![0], o.ImmutableList![0], "an element of it"),
            (c.ImmutableDictionary, o.ImmutableDictionary, "an immutable dictionary of lists"), (c.ImmutableDictionary!["a"], o.ImmutableDictionary!["a"], "a list in it"),
            (c.ImmutableJagged[0], o.ImmutableJagged[0], "an array in an immutable array"),
            (copy.Arrays!.Ints, a.Ints, "int[,]"), (copy.Arrays.Strings, a.Strings, "string[,,]"), (copy.Arrays.OfJagged, a.OfJagged, "int[,][]"),
            (copy.Arrays.OfJagged![0, 0], a.OfJagged![0, 0], "an array in a multi-dimensional array"), (copy.Arrays.JaggedOf![0], a.JaggedOf![0], "int[][,]"),
            (copy.Arrays.InList![0], a.InList![0], "a multi-dimensional array in a list"), (copy.Arrays.Objects![0, 0], a.Objects![0, 0], "an object in a multi-dimensional array"),
        };
        foreach ((object? copied, object? original, string name) in pairs)
        {
            copied.Should().NotBeNull(name).And.NotBeSameAs(original, "a deep copy makes a new {0}", name);
        }

        // Immutable collections of immutable values (and tuples of them) cannot change on either side: the copy may share them.
        c.ImmutableHashSet.Should().BeSameAs(o.ImmutableHashSet);
        c.ImmutableSortedSet.Should().BeSameAs(o.ImmutableSortedSet);
        c.ImmutableSortedDictionary.Should().BeSameAs(o.ImmutableSortedDictionary);
        c.FrozenDictionary.Should().BeSameAs(o.FrozenDictionary);
        c.RefTuple.Should().BeSameAs(o.RefTuple);
        c.LongRefTuple.Should().BeSameAs(o.LongRefTuple);
    }

    [Fact]
    public void ValuesTuplesBitsMemoryAndFixedLayoutStructs_AreCopiedByTheCopier_EqualToTheRoundTrip_AndNew()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var leaf = new CopyLeaf { Name = "leaf", Values = new List<int> { 1 } };
        var tick = new FixedTick { Time = 5, Bid = 1.5, Ask = 2.5, BidSize = 3, AskSize = 4 };
        var stack = new Stack<CopyLeaf>();
        stack.Push(new CopyLeaf { Name = "bottom" });
        stack.Push(new CopyLeaf { Name = "top" });
        var original = new CopyMoreKinds
        {
            Text = "t",
            Huge = Int128.MinValue + 7,
            HugeUnsigned = UInt128.MaxValue - 7,
            Day = new DateOnly(2026, 11, 28),
            Time = new TimeOnly(9, 15, 30),
            Small = (Half)1.5,
            Big = BigInteger.Pow(3, 200),
            Complex = new Complex(1.5, -2),
            Letter = new Rune(0x1F600),
            Version = new Version(1, 2, 3, 4),
            Bits = new BitArray(new[] { true, false, true, true, false, false, false, false, true }),
            Payload = new byte[] { 1, 2, 3 },
            Buffer = new byte[] { 4, 5 },
            Tick = tick,
            Ticks = new[] { tick, default },
            TickList = new List<FixedTick> { tick },
            TickMemory = new[] { tick, tick },
            LeafGrid = new[,] { { leaf, new CopyLeaf { Name = "b" } }, { new CopyLeaf(), leaf } },
            LeafPair = (3, leaf),
            LeafTuple = Tuple.Create("tuple", (CopyLeaf?)new CopyLeaf { Name = "in tuple" }),
            LeafEntry = new KeyValuePair<string, CopyLeaf?>("entry", leaf),
            LongLeafTuple = (1, 2, 3, 4, 5, 6, 7, new CopyLeaf { Name = "eighth" }),
            MaybePair = (2, "two"),
            ImmutableLeaves = ImmutableList.Create(leaf, new CopyLeaf { Name = "second" }),
            ImmutableLeafArray = ImmutableArray.Create(new CopyLeaf { Name = "array" }),
            ImmutableLeafMap = ImmutableDictionary<string, CopyLeaf>.Empty.Add("m", leaf),
            ImmutableWords = ImmutableList.Create("w1", "w2"),
            ImmutableTuples = ImmutableDictionary<string, (int, string)>.Empty.Add("t", (1, "one")),
            SortedLeaves = new SortedDictionary<string, CopyLeaf> { ["z"] = leaf, ["a"] = new CopyLeaf { Name = "a" } },
            LeafStack = stack,
            LeafQueue = new Queue<CopyLeaf>(new[] { new CopyLeaf { Name = "q1" }, new CopyLeaf { Name = "q2" } }),
        };

        CopyMoreKinds copy = formatter.DeepClone(original);

        typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(CopyMoreKinds)).Should().BeTrue("every member kind of it has a copy form");
        original.TextReads.Should().Be(1, "the copier made the whole copy: nothing fell back to a write and a read");
        CopyMoreKinds read = RoundTrip(formatter, original);
        copy.Should().BeEquivalentTo(read, options => Exactly(options)
            .Excluding(m => m.TextReads)
            .Excluding(m => m.Payload).Excluding(m => m.Buffer).Excluding(m => m.TickMemory) // memories: compared as arrays below
            .Excluding(m => m.LeafPair).Excluding(m => m.LeafTuple).Excluding(m => m.LeafEntry).Excluding(m => m.LongLeafTuple)); // tuples compare by Equals: their leaves below
        copy.LeafPair.Number.Should().Be(3);
        copy.LeafTuple!.Item1.Should().Be("tuple");
        copy.LeafTuple.Item2.Should().BeEquivalentTo(original.LeafTuple!.Item2);
        copy.LeafEntry.Key.Should().Be("entry");
        copy.LeafEntry.Value.Should().BeEquivalentTo(leaf);
        copy.LongLeafTuple.Item7.Should().Be(7);
        copy.Payload.ToArray().Should().Equal(1, 2, 3);
        copy.Buffer.ToArray().Should().Equal(4, 5);
        copy.TickMemory.ToArray().Should().Equal(tick, tick);
        copy.Huge.Should().Be(original.Huge);
        copy.HugeUnsigned.Should().Be(original.HugeUnsigned);
        copy.Big.Should().Be(original.Big);
        copy.Letter.Should().Be(original.Letter);
        copy.Tick.Should().Be(tick);
        copy.Bits.Should().NotBeSameAs(original.Bits);
        copy.Bits!.Cast<bool>().Should().Equal(original.Bits!.Cast<bool>());
        copy.Bits!.Length.Should().Be(9);
        MemoryMarshal.TryGetArray(copy.Payload, out ArraySegment<byte> payload).Should().BeTrue();
        MemoryMarshal.TryGetArray(original.Payload, out ArraySegment<byte> originalPayload).Should().BeTrue();
        payload.Array.Should().NotBeSameAs(originalPayload.Array, "the copy of a memory has an array of its own");
        MemoryMarshal.TryGetArray(copy.Buffer, out ArraySegment<byte> buffer).Should().BeTrue();
        buffer.Array![0] = 99;
        original.Buffer.Span[0].Should().Be(4, "changing the copy's bytes leaves the original's");
        copy.Ticks.Should().NotBeSameAs(original.Ticks).And.Equal(tick, default(FixedTick));
        copy.TickList.Should().NotBeSameAs(original.TickList).And.Equal(tick);
        copy.LeafGrid.Should().NotBeSameAs(original.LeafGrid);
        copy.LeafGrid![0, 0].Should().NotBeSameAs(leaf).And.NotBeSameAs(copy.LeafGrid[1, 1], "an untracked object reached twice becomes two copies");
        copy.LeafPair.Leaf.Should().NotBeSameAs(leaf).And.BeEquivalentTo(leaf);
        copy.LeafTuple.Should().NotBeSameAs(original.LeafTuple);
        copy.LeafTuple!.Item2.Should().NotBeSameAs(original.LeafTuple!.Item2);
        copy.LeafEntry.Value.Should().NotBeSameAs(leaf);
        copy.LongLeafTuple.Item8.Should().NotBeSameAs(original.LongLeafTuple.Item8).And.BeEquivalentTo(original.LongLeafTuple.Item8);
        copy.ImmutableLeaves.Should().NotBeSameAs(original.ImmutableLeaves);
        copy.ImmutableLeaves![0].Should().NotBeSameAs(leaf);
        copy.ImmutableLeafArray[0].Should().NotBeSameAs(original.ImmutableLeafArray[0]);
        copy.ImmutableLeafMap!["m"].Should().NotBeSameAs(leaf);
        copy.ImmutableWords.Should().BeSameAs(original.ImmutableWords, "an immutable list of strings is shared");
        copy.ImmutableTuples.Should().BeSameAs(original.ImmutableTuples, "an immutable dictionary of tuples of values is shared");
        copy.SortedLeaves!.Keys.Should().Equal("a", "z");
        copy.SortedLeaves["z"].Should().NotBeSameAs(leaf);
        copy.LeafStack!.Select(l => l.Name).Should().Equal("top", "bottom");
        copy.LeafStack!.Peek().Should().NotBeSameAs(stack.Peek());
        copy.LeafQueue!.Select(l => l.Name).Should().Equal("q1", "q2");
    }

    [Fact]
    public void TrackedObjectsReachedThroughTheNewKinds_StayShared_AndTheCycleCloses()
    {
        var first = new CopyNode { Name = "first" };
        var second = new CopyNode { Name = "second", Next = first };
        var graph = new CopyKindsGraph
        {
            Name = "graph",
            Nodes = ImmutableList.Create(first, second, first),
            NodeArray = ImmutableArray.Create(second),
            Pair = (first, second),
            ByName = new SortedDictionary<string, CopyNode> { ["f"] = first, ["s"] = second },
            Grid = new[,] { { first }, { second } },
            Pending = new Queue<CopyNode>(new[] { second, first }),
        };
        graph.Back = Tuple.Create<CopyKindsGraph?, int>(graph, 1);
        first.Next = first;

        CopyKindsGraph copy = NewFormatter().DeepClone(graph);

        typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(CopyKindsGraph)).Should().BeTrue();
        first.NameReads.Should().Be(1, "the copier, not a write and a read, copied the node (a fallback from inside the copier reads it twice)");
        second.NameReads.Should().Be(1);
        CopyNode f = copy.Nodes![0];
        CopyNode s = copy.Nodes[1];
        f.Should().NotBeSameAs(first);
        s.Should().NotBeSameAs(second);
        f.Name.Should().Be("first");
        copy.Nodes[2].Should().BeSameAs(f, "a tracked object shared in the original is one object in the copy");
        f.Next.Should().BeSameAs(f, "its cycle closes on the copy");
        s.Next.Should().BeSameAs(f);
        copy.NodeArray.Should().ContainSingle().Which.Should().BeSameAs(s);
        copy.Pair.First.Should().BeSameAs(f);
        copy.Pair.Second.Should().BeSameAs(s);
        copy.ByName!["f"].Should().BeSameAs(f);
        copy.ByName["s"].Should().BeSameAs(s);
        copy.Grid![0, 0].Should().BeSameAs(f);
        copy.Grid[1, 0].Should().BeSameAs(s);
        copy.Pending.Should().Equal(s, f);
        copy.Back!.Item1.Should().BeSameAs(copy, "the cycle through a tuple closes on the copy's own holder");
        copy.Back.Should().NotBeSameAs(graph.Back);
    }

    [Fact]
    public void FixedLayoutStruct_AsTheRecord_IsCopiedByItsCopier()
    {
        var tick = new FixedTick { Time = -1, Bid = 0.25, Ask = 0.5, BidSize = 7, AskSize = int.MaxValue };

        FixedTick copy = NewFormatter().DeepClone(tick);

        copy.Should().Be(tick);
        typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(FixedTick)).Should().BeTrue("a fixed-layout struct whose memory is its wire form gets a copier");
    }

    [Fact]
    public void ImmutableCollectionWithAnotherComparer_IsRefusedAsTheWriteRefusesIt_EvenWhereTheCopyWouldShareIt()
    {
        var original = new CountedCollections
        {
            Collections = new LibraryCollections { ImmutableSortedSet = ImmutableSortedSet.Create(TestComparers.Descending, 1, 2) },
        };
        CustomBinaryFormatter formatter = NewFormatter();

        Action clone = () => formatter.DeepClone(original);
        Action write = () => formatter.SerializeToArray(original);

        write.Should().Throw<FastSerializationException>().WithMessage("*comparer*");
        clone.Should().Throw<FastSerializationException>().WithMessage("*comparer*");
    }

    [Fact]
    public void TypeWithAnUncoveredMemberKind_FallsBackToTheWriteAndRead_AndIsCopiedAllTheSame()
    {
        var original = new HoldsLookup { Text = "t", Groups = new[] { 1, 2, 3 }.ToLookup(i => i % 2 == 0 ? "even" : "odd") };

        HoldsLookup copy = NewFormatter().DeepClone(original);

        typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(HoldsLookup)).Should().BeFalse("a lookup has no copy form");
        original.TextReads.Should().Be(1, "a type with no copier goes straight to the write and read");
        copy.Groups.Should().NotBeSameAs(original.Groups);
        copy.Groups!["odd"].Should().Equal(1, 3);
        copy.Groups["even"].Should().Equal(2);
    }

    [Fact]
    public void ManyTrackedObjects_GrowTheIdentityTable_AndStayShared_CloneAfterClone()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var root = new CopyNode { Name = "root" };
        root.Children = Enumerable.Range(0, 5000).Select(i => new CopyNode { Name = "n" + i, Next = root }).ToList();
        root.Children.AddRange(root.Children.Take(100)); // met again: shared
        root.Next = root.Children[4999];

        for (int round = 0; round < 3; round++)
        {
            CopyNode copy = formatter.DeepClone(root);

            copy.Children.Should().HaveCount(5100);
            copy.Next.Should().BeSameAs(copy.Children![4999]);
            copy.Children.Take(5000).Select(c => c.Name).Should().Equal(root.Children.Take(5000).Select(c => c.Name));
            copy.Children.Should().OnlyContain(c => ReferenceEquals(c.Next, copy));
            for (int i = 0; i < 100; i++)
            {
                copy.Children[5000 + i].Should().BeSameAs(copy.Children[i]);
            }

            copy.Children.Distinct(ReferenceEqualityComparer.Instance).Should().HaveCount(5000);
            copy.Children.Intersect(root.Children, ReferenceEqualityComparer.Instance).Should().BeEmpty();
        }

        root.NameReads.Should().Be(3, "every clone went through the copier");
    }
}

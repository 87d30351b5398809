using System;
using System.Buffers.Binary;
using System.Collections.Concurrent;
using System.Collections.Frozen;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// The base library's other collections, tuples and key, value pairs (contract section 2b): round trips through the
/// formatter, the order each one reads back in, the exact bytes, and hostile records.
/// </summary>
public class LibraryCollectionTests
{
    [Fact]
    public void EveryType_Filled_RoundTripsEqual()
    {
        LibraryCollections value = Filled();

        LibraryCollections back = RoundTrip(value);

        back.Should().BeEquivalentTo(value, options => options
            .Excluding(v => v.PriorityQueue) // compared by what it dequeues, below
            .Excluding(v => v.Stack)
            .Excluding(v => v.ImmutableStack)
            .Excluding(v => v.ConcurrentStack)
            .Excluding(v => v.Queue)
            .Excluding(v => v.ImmutableQueue)
            .Excluding(v => v.ConcurrentQueue)
            .Excluding(v => v.ImmutableStackInterface)
            .Excluding(v => v.ImmutableQueueInterface)
            .WithStrictOrderingFor(v => v.PlainCollection)
            .WithStrictOrderingFor(v => v.Blocking)
            .WithStrictOrderingFor(v => v.ImmutableInts)
            .WithStrictOrderingFor(v => v.ImmutableList)
            .WithStrictOrderingFor(v => v.LinkedList)
            .WithStrictOrderingFor(v => v.ReadOnlyCollection)
            .WithStrictOrderingFor(v => v.ObservableCollection)
            .WithStrictOrderingFor(v => v.Segment));
        back.Stack.Should().Equal(value.Stack);
        back.ImmutableStack.Should().Equal(value.ImmutableStack);
        back.ConcurrentStack.Should().Equal(value.ConcurrentStack);
        back.Queue.Should().Equal(value.Queue);
        back.ImmutableQueue.Should().Equal(value.ImmutableQueue);
        back.ConcurrentQueue.Should().Equal(value.ConcurrentQueue);
        back.ImmutableStackInterface.Should().BeOfType<ImmutableStack<int>>().Which.Peek().Should().Be(8);
        back.ImmutableStackInterface.Should().Equal(8, 7);
        back.ImmutableQueueInterface.Should().BeOfType<ImmutableQueue<int>>().Which.Should().Equal(7, 8);
        back.ImmutableListInterface.Should().BeOfType<ImmutableList<int>>();
        back.Ordered!.Keys.Should().Equal("z", "a");
        back.ImmutableSetInterface.Should().BeOfType<ImmutableHashSet<string>>();
        back.ImmutableDictionaryInterface.Should().BeOfType<ImmutableDictionary<string, int>>();
        Drain(back.PriorityQueue!).Should().Equal("urgent", "soon", "later");
        back.Tuple9.Should().Be(value.Tuple9);
        back.LongRefTuple.Should().Be(value.LongRefTuple);
        back.Segment.Should().Equal(2, 3);
        back.DeeplyNested![1][0].Value.Should().Equal(1, 5, 9);
    }

    [Fact]
    public void EveryType_NullOrDefault_RoundTripsAsNullOrDefault()
    {
        var value = new LibraryCollections();

        LibraryCollections back = RoundTrip(value);

        back.Should().BeEquivalentTo(value, options => options // default segments and immutable arrays cannot be enumerated: checked below
            .Excluding(v => v.Segment).Excluding(v => v.StringSegment)
            .Excluding(v => v.ImmutableInts).Excluding(v => v.ImmutableStrings).Excluding(v => v.ImmutableJagged));
        back.ImmutableJagged.IsDefault.Should().BeTrue();
        back.StringSegment.Array.Should().BeNull();
        back.ImmutableInts.IsDefault.Should().BeTrue("a default ImmutableArray is written as a null sequence and read back as one");
        back.ImmutableStrings.IsDefault.Should().BeTrue();
        back.Segment.Array.Should().BeNull("a default ArraySegment is written as a null sequence");
        back.RefTuple.Should().BeNull();
        back.Stack.Should().BeNull();
        back.FrozenDictionary.Should().BeNull();
        back.Enumerable.Should().BeNull();
    }

    [Fact]
    public void EmptyCollections_ReadBackEmpty_NotNull()
    {
        var value = new LibraryCollections
        {
            ImmutableInts = ImmutableArray<int>.Empty,
            ImmutableStrings = ImmutableArray<string?>.Empty,
            Stack = new Stack<int>(),
            ImmutableStack = ImmutableStack<string>.Empty,
            ImmutableQueue = ImmutableQueue<int>.Empty,
            FrozenSet = FrozenSet<string>.Empty,
            Segment = new ArraySegment<int>(Array.Empty<int>()),
        };

        LibraryCollections back = RoundTrip(value);

        back.ImmutableInts.IsDefault.Should().BeFalse();
        back.ImmutableInts.Should().BeEmpty();
        back.ImmutableStrings.IsDefault.Should().BeFalse();
        back.Stack.Should().NotBeNull().And.BeEmpty();
        back.ImmutableStack.Should().NotBeNull().And.BeEmpty();
        back.ImmutableQueue.Should().NotBeNull().And.BeEmpty();
        back.FrozenSet.Should().NotBeNull().And.BeEmpty();
        back.Segment.Array.Should().NotBeNull();
        back.Segment.Count.Should().Be(0);
    }

    [Fact]
    public void Stacks_PopTheSameValuesInTheSameOrder()
    {
        var stack = new Stack<int>();
        var concurrent = new ConcurrentStack<int>();
        ImmutableStack<string> immutable = ImmutableStack<string>.Empty;
        foreach (int i in new[] { 5, 1, 4, 2, 3 })
        {
            stack.Push(i);
            concurrent.Push(i);
            immutable = immutable.Push("s" + i);
        }

        LibraryCollections back = RoundTrip(new LibraryCollections { Stack = stack, ConcurrentStack = concurrent, ImmutableStack = immutable });

        Pop(back.Stack!).Should().Equal(3, 2, 4, 1, 5);
        var popped = new List<int>();
        while (back.ConcurrentStack!.TryPop(out int top))
        {
            popped.Add(top);
        }

        popped.Should().Equal(3, 2, 4, 1, 5);
        var immutablePopped = new List<string>();
        for (ImmutableStack<string> s = back.ImmutableStack!; !s.IsEmpty; s = s.Pop(out string top))
        {
            immutablePopped.Add(s.Peek());
        }

        immutablePopped.Should().Equal("s3", "s2", "s4", "s1", "s5");
    }

    [Fact]
    public void Queues_DequeueInTheSameOrder()
    {
        var queue = new Queue<string>(new[] { "c", "a", "b" });
        queue.Dequeue();
        queue.Enqueue("d"); // the queue's ring buffer wraps: its order is not its array's
        var concurrent = new ConcurrentQueue<int>(new[] { 9, 7, 8 });
        ImmutableQueue<int> immutable = ImmutableQueue.Create(3, 1, 2).Dequeue().Enqueue(0);

        LibraryCollections back = RoundTrip(new LibraryCollections { Queue = queue, ConcurrentQueue = concurrent, ImmutableQueue = immutable });

        var dequeued = new List<string>();
        while (back.Queue!.TryDequeue(out string? next))
        {
            dequeued.Add(next);
        }

        dequeued.Should().Equal("a", "b", "d");
        var concurrentDequeued = new List<int>();
        while (back.ConcurrentQueue!.TryDequeue(out int next))
        {
            concurrentDequeued.Add(next);
        }

        concurrentDequeued.Should().Equal(9, 7, 8);
        back.ImmutableQueue!.Peek().Should().Be(1);
        back.ImmutableQueue.Should().Equal(1, 2, 0);
    }

    [Fact]
    public void SortedCollections_FromUnsortedBytes_AreSorted()
    {
        // Hand-built: a sequence 3, 1, 2 (fixed-width int elements) read into sorted sets, and a dictionary with keys 3, 1, 2.
        byte[] sequence = Bytes(4, Int32(3), Int32(1), Int32(2));
        byte[] map = Bytes(4, 6, 2, (byte)'c', 2, 2, (byte)'a', 4, 2, (byte)'b');

        Deserialize<SortedSetHolder>(sequence).Value.Should().Equal(1, 2, 3);
        Deserialize<ImmutableSortedSetHolder>(sequence).Value.Should().Equal(1, 2, 3);
        Deserialize<SortedDictionaryHolder>(map).Value!.Keys.Should().Equal(1, 2, 3);
    }

    [Fact]
    public void InterfaceMembers_ReadBackAsTheConcreteTypesGeneratorMdNames()
    {
        var value = new LibraryCollections
        {
            Enumerable = Enumerable.Range(1, 3).Select(i => i * 10), // a lazy sequence: enumerated once when written
            Collection = new LinkedList<string>(new[] { "x", "y" }),
            ReadOnlyCollectionInterface = ImmutableArray.Create(4, 5),
            Set = new SortedSet<string> { "b", "a" },
            ReadOnlySet = new SortedSet<int> { 7 },
            Dictionary = new SortedDictionary<string, int> { ["k"] = 1 },
        };

        LibraryCollections back = RoundTrip(value);

        back.Enumerable.Should().BeOfType<List<int>>().Which.Should().Equal(10, 20, 30);
        back.Collection.Should().BeOfType<List<string>>().Which.Should().Equal("x", "y");
        back.ReadOnlyCollectionInterface.Should().BeOfType<List<int>>().Which.Should().Equal(4, 5);
        back.Set.Should().BeOfType<HashSet<string>>().Which.Should().BeEquivalentTo(new[] { "a", "b" });
        back.ReadOnlySet.Should().BeOfType<HashSet<int>>().Which.Should().Equal(7);
        back.Dictionary.Should().BeOfType<Dictionary<string, int>>().Which.Should().Equal(new Dictionary<string, int> { ["k"] = 1 });
    }

    [Fact]
    public void Bytes_AreSection2sSequenceAndDictionaryInEnumerationOrder()
    {
        var stack = new Stack<int>();
        stack.Push(1);
        stack.Push(2);

        // A stack: top first (its enumeration order), elements at fixed width as in every sequence.
        Payload(new StackHolder { Value = stack }).Should().Equal(Bytes(3, Int32(2), Int32(1)));
        Payload(new StackHolder()).Should().Equal(0);
        Payload(new QueueHolder { Value = new Queue<string>(new[] { "a", "b" }) }).Should().Equal(3, 2, (byte)'a', 2, (byte)'b');
        Payload(new LinkedListHolder { Value = new LinkedList<int>(new[] { 7 }) }).Should().Equal(Bytes(2, Int32(7)));

        // A dictionary: count + 1, then key, value pairs; keys and values are single values, so ints are zigzag varints (section 3a).
        Payload(new SortedDictionaryHolder { Value = new SortedDictionary<int, string> { [2] = "b", [1] = "a" } })
            .Should().Equal(3, 2, 2, (byte)'a', 4, 2, (byte)'b');
        Payload(new SortedListHolder { Value = new SortedList<string, int> { ["b"] = 1, ["a"] = -1 } })
            .Should().Equal(3, 2, (byte)'a', 1, 2, (byte)'b', 2);
        Payload(new ImmutableDictionaryHolder { Value = ImmutableDictionary<string, int>.Empty.Add("k", 3) })
            .Should().Equal(2, 2, (byte)'k', 6);
        Payload(new PriorityQueueHolder { Value = new PriorityQueue<string, int>(new[] { ("job", 5) }) })
            .Should().Equal(2, 4, (byte)'j', (byte)'o', (byte)'b', 10);

        // ImmutableArray and ArraySegment of primitives: the block of a primitive array; a default one is null.
        Payload(new ImmutableArrayHolder { Value = ImmutableArray.Create(1, 256) }).Should().Equal(Bytes(3, Int32(1), Int32(256)));
        Payload(new ImmutableArrayHolder()).Should().Equal(0);
        Payload(new SegmentHolder { Value = new ArraySegment<int>(new[] { 9, 8, 7, 6 }, 1, 2), Strings = new ArraySegment<string>(new[] { "p", "q" }, 1, 1) })
            .Should().Equal(Bytes(3, Int32(8), Int32(7), 2, 2, (byte)'q'));
        Payload(new SegmentHolder()).Should().Equal(0, 0);
        Payload(new ImmutableStackHolder { Value = ImmutableStack.Create(1, 2) }).Should().Equal(Bytes(3, Int32(2), Int32(1)));
    }

    [Fact]
    public void Bytes_OfPairsAndTuples_AreTheirElementsInOrder()
    {
        // KeyValuePair and ValueTuple: the elements, no frame; as a member, an int is a zigzag varint.
        Payload(new PairHolder { Value = new KeyValuePair<string, int>("a", 5) }).Should().Equal(2, (byte)'a', 10);

        // As the element of a sequence, the tuple's int keeps its fixed width (as every sequence element does).
        Payload(new ValueTupleHolder { Value = (1, "x"), List = new List<(int, string)> { (2, "y") } })
            .Should().Equal(Bytes(2, 2, (byte)'x', 2, Int32(2), 2, (byte)'y'));

        // Tuple, a class: a byte 0 (null) or 1, then the elements.
        Payload(new TupleHolder { Value = Tuple.Create(1, "x") }).Should().Equal(1, 2, 2, (byte)'x');
        Payload(new TupleHolder()).Should().Equal(0);
    }

    [Fact]
    public void ATupleOfNineElements_IsNineElementsInARow()
    {
        var value = new LibraryCollections { Tuple9 = (1, 2, 3, 4, "e", 0.5, true, 8, 'i'), LongRefTuple = new(1, 2, 3, 4, 5, 6, 7, Tuple.Create("h", 9)) };

        byte[] payload = Payload(value);

        // Pair (null key "": 1, 0), Tuple2 (0, null), Tuple1 (0), then the nine: varints 2, 4, 6; byte 4; "e"; a double; true; varint 16; 'i'.
        byte[] nine = Bytes(2, 4, 6, 4, 2, (byte)'e', Double(0.5), 1, 16, (byte)'i', 0);
        payload.AsSpan().IndexOf(nine).Should().Be(5, "Pair and Tuple2 take 2 + 2 bytes and Tuple1 one before it");
        byte[] longTuple = Bytes(1, 2, 4, 6, 8, 10, 12, 14, 2, (byte)'h', 18);
        payload.AsSpan(5 + nine.Length).StartsWith(Bytes(0, longTuple)).Should().BeTrue("RefTuple is null (0), then the long tuple's 1 and its nine elements with no byte for its Rest");
    }

    [Fact]
    public void HostileCount_IsRefusedBeforeAnythingIsAllocated()
    {
        // A count of 100 million elements with no bytes after it, for a kind of each family.
        byte[] header = VarUInt(100_000_001);

        AssertMalformed<StackHolder>(header, "*cannot fit*");
        AssertMalformed<QueueHolder>(header, "*cannot fit*");
        AssertMalformed<ImmutableArrayHolder>(header, "*cannot fit*");
        AssertMalformed<ImmutableListHolder>(header, "*cannot fit*");
        AssertMalformed<ImmutableHashSetHolder>(header, "*cannot fit*");
        AssertMalformed<ImmutableDictionaryHolder>(header, "*cannot fit*");
        AssertMalformed<SortedDictionaryHolder>(header, "*cannot fit*");
        AssertMalformed<FrozenDictionaryHolder>(header, "*cannot fit*");
        AssertMalformed<ConcurrentDictionaryHolder>(header, "*cannot fit*");
        AssertMalformed<ConcurrentStackHolder>(header, "*cannot fit*");
        AssertMalformed<PriorityQueueHolder>(header, "*cannot fit*");
        AssertMalformed<SegmentHolder>(header, "*cannot fit*");
        AssertMalformed<LinkedListHolder>(header, "*cannot fit*");
    }

    [Fact]
    public void DuplicateElementsAndKeys_AreTheDocumentedException()
    {
        byte[] set = Bytes(3, Int32(7), Int32(7));
        byte[] map = Bytes(3, 2, (byte)'k', 2, 2, (byte)'k', 4);
        byte[] intMap = Bytes(3, 14, 2, (byte)'a', 14, 2, (byte)'b');

        AssertMalformed<SortedSetHolder>(set, "*set has a duplicate element*");
        AssertMalformed<ImmutableHashSetHolder>(set, "*set has a duplicate element*");
        AssertMalformed<ImmutableSortedSetHolder>(set, "*set has a duplicate element*");
        AssertMalformed<FrozenSetHolder>(set, "*set has a duplicate element*");
        AssertMalformed<SetInterfaceHolder>(set, "*set has a duplicate element*");
        AssertMalformed<ImmutableDictionaryHolder>(map, "*null or duplicate key*");
        AssertMalformed<SortedListHolder>(map, "*null or duplicate key*");
        AssertMalformed<ConcurrentDictionaryHolder>(map, "*null or duplicate key*");
        AssertMalformed<DictionaryInterfaceHolder>(map, "*null or duplicate key*");
        AssertMalformed<SortedDictionaryHolder>(intMap, "*null or duplicate key*");
        AssertMalformed<FrozenDictionaryHolder>(intMap, "*null or duplicate key*");
    }

    [Fact]
    public void NullKey_IsTheDocumentedException()
    {
        AssertMalformed<SortedListHolder>(Bytes(2, 0, 2), "*null or duplicate key*");
        AssertMalformed<ConcurrentDictionaryHolder>(Bytes(2, 0, 2), "*null or duplicate key*");
        AssertMalformed<ImmutableDictionaryHolder>(Bytes(2, 0, 2), "*null or duplicate key*");
    }

    [Fact]
    public void TupleWithAPresenceByteOtherThan0Or1_IsMalformed()
    {
        AssertMalformed<TupleHolder>(Bytes(2, 2, 2, (byte)'x'), "*");
    }

    [Fact]
    public void DeclaredComparers_RebuildTheCollections()
    {
        var value = new WithComparers
        {
            Descending = new SortedSet<int>(new[] { 1, 3, 2 }, TestComparers.Descending),
            Names = new HashSet<string>(new[] { "Ann" }, StringComparer.OrdinalIgnoreCase),
            Counts = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase) { ["A"] = 1 },
            Sorted = ImmutableSortedDictionary.Create<string, int>(StringComparer.OrdinalIgnoreCase).Add("b", 2).Add("A", 1),
            Jobs = new PriorityQueue<string, int>(TestComparers.Descending),
            Frozen = new[] { "X" }.ToFrozenSet(StringComparer.OrdinalIgnoreCase),
            Default = new SortedSet<string> { "b", "a" },
        };
        value.Jobs.Enqueue("low", 1);
        value.Jobs.Enqueue("high", 9);
        var formatter = new CustomBinaryFormatter();
        formatter.Register<WithComparers>(1);

        WithComparers back = formatter.Deserialize<WithComparers>(formatter.SerializeToArray(value));

        back.Descending.Should().Equal(3, 2, 1);
        back.Descending!.Comparer.Should().BeSameAs(TestComparers.Descending);
        back.Names!.Contains("ANN").Should().BeTrue();
        back.Counts!["a"].Should().Be(1);
        back.Sorted!.Keys.Should().Equal("A", "b");
        back.Sorted.ContainsKey("B").Should().BeTrue();
        back.Jobs!.Dequeue().Should().Be("high", "the declared comparer puts the largest priority first");
        back.Frozen!.Contains("x").Should().BeTrue();
        back.Default!.Comparer.Should().BeSameAs(Comparer<string>.Default, "a member that declares no comparer gets the default one");
    }

    [Fact]
    public void DeclaredComparer_ThatDiffersFromTheDefault_IsNotReplacedByIt()
    {
        // The data holds "a" and "A": distinct under the default comparer, the same under the declared one. The declared
        // comparer is the one used (a duplicate), not the default (which would silently accept both).
        var formatter = new CustomBinaryFormatter();
        formatter.Register<WithComparers>(1);
        byte[] payload = Bytes(0, 3, 2, (byte)'a', 2, (byte)'A');

        Action act = () => formatter.Deserialize<WithComparers>(Record(1, payload));

        act.Should().Throw<FastSerializationException>().WithMessage("*set has a duplicate element*");
    }

    [Fact]
    public void MultiDimensionalArrays_RoundTripEqual()
    {
        var strings = new string?[2, 1, 3];
        strings[1, 0, 2] = "last";
        strings[0, 0, 1] = string.Empty;
        var objects = new Point[1, 2];
        objects[0, 1] = new Point { X = 4 };
        var value = new MultiDimensional
        {
            Ints = new[,] { { 1, 2, 3 }, { 4, 5, 6 } },
            Strings = strings,
            OfJagged = new[,] { { new[] { 1 }, null! }, { Array.Empty<int>(), new[] { 2, 3 } } },
            JaggedOf = new[] { new[,] { { 7 } }, null! },
            InList = new List<double[,]> { new double[0, 5], new[,] { { 0.5 }, { -1 } } },
            Objects = objects,
        };
        var formatter = new CustomBinaryFormatter();
        formatter.Register<MultiDimensional>(1);

        MultiDimensional back = formatter.Deserialize<MultiDimensional>(formatter.SerializeToArray(value));

        back.Should().BeEquivalentTo(value);
        back.InList![0].GetLength(1).Should().Be(5, "an empty dimension keeps the others' lengths");
        formatter.Deserialize<MultiDimensional>(formatter.SerializeToArray(new MultiDimensional())).Ints.Should().BeNull();
    }

    [Fact]
    public void MultiDimensionalArray_Bytes_AreRankLengthsThenRowMajorElements()
    {
        var value = new MultiDimensional { Ints = new[,] { { 1, 2, 3 }, { 4, 5, 6 } }, Strings = new string?[1, 1, 2] { { { "a", null } } } };

        // Ints: N = rank + 1 = 3, lengths 2 and 3, then 1..6 row-major at fixed width; Strings: 4, lengths 1, 1, 2, "a", null; then four nulls.
        Payload(value).Should().Equal(Bytes(3, 2, 3, Int32(1), Int32(2), Int32(3), Int32(4), Int32(5), Int32(6), 4, 1, 1, 2, 2, (byte)'a', 0, 0, 0, 0, 0));
    }

    [Fact]
    public void MultiDimensionalArray_HostileHeaders_AreRefused()
    {
        AssertMalformed<MultiDimensional>(Bytes(4, 1, 1, 1, Int32(0)), "*rank 3 where the member's type has rank 2*");
        AssertMalformed<MultiDimensional>(Bytes(3, VarUInt(40_000), VarUInt(40_000)), "*1600000000 elements*cannot fit*");
        AssertMalformed<MultiDimensional>(Bytes(3, VarUInt(70_000), VarUInt(70_000)), "*more than 2147483647 elements*");
        AssertMalformed<MultiDimensional>(Bytes(3, VarUInt(100_000), 2, Int32(1)), "*200000 elements*cannot fit*");
    }

    [Fact]
    public void BitArraysAndLookups_RoundTripEqual()
    {
        var bits = new System.Collections.BitArray(19);
        bits[0] = true;
        bits[9] = true;
        bits[18] = true;
        var value = new BitsAndLookups
        {
            Bits = bits,
            Lookup = new[] { ("a", 1), ("b", 2), ("a", 3) }.ToLookup(p => p.Item1, p => p.Item2),
            ManyBits = new List<System.Collections.BitArray> { new(0), new(new[] { true, false, true, true, false, false, false, false }) },
        };
        var formatter = new CustomBinaryFormatter();
        formatter.Register<BitsAndLookups>(1);

        BitsAndLookups back = formatter.Deserialize<BitsAndLookups>(formatter.SerializeToArray(value));

        back.Bits!.Cast<bool>().Should().Equal(bits.Cast<bool>());
        back.Bits!.Length.Should().Be(19);
        back.Lookup!["a"].Should().Equal(1, 3);
        back.Lookup["b"].Should().Equal(2);
        back.Lookup.Count.Should().Be(2);
        back.ManyBits![0].Length.Should().Be(0);
        back.ManyBits[1].Cast<bool>().Should().Equal(value.ManyBits[1].Cast<bool>());
        formatter.Deserialize<BitsAndLookups>(formatter.SerializeToArray(new BitsAndLookups())).Should().BeEquivalentTo(new BitsAndLookups());
    }

    [Fact]
    public void BitArrayAndLookup_Bytes()
    {
        var bits = new System.Collections.BitArray(10);
        bits[0] = true;
        bits[3] = true;
        bits[9] = true;
        var value = new BitsAndLookups { Bits = bits, Lookup = new[] { ("k", 5), ("k", 6) }.ToLookup(p => p.Item1, p => p.Item2) };

        // Bits: 10 + 1, then 0b0000_1001 and 0b0000_0010 (bit 9 is bit 1 of the second byte). Lookup: one group, key "k",
        // a sequence of two fixed-width ints. ManyBits: null.
        Payload(value).Should().Equal(Bytes(11, 0b0000_1001, 0b0000_0010, 2, 2, (byte)'k', 3, Int32(5), Int32(6), 0));
    }

    [Fact]
    public void BitArrayAndLookup_HostileBytes_AreRefused()
    {
        AssertMalformed<BitsAndLookups>(Bytes(11, 0xFF, 0b0000_0110), "*bits set past its end*");
        AssertMalformed<BitsAndLookups>(Bytes(VarUInt(1_000_001), 0xFF), "*1000000 bits needs 125000 bytes*");
        AssertMalformed<BitsAndLookups>(Bytes(0, 3, 2, (byte)'k', 2, Int32(1), 2, (byte)'k', 2, Int32(2)), "*lookup has a duplicate key*");
        // (four bytes after the group, so that the count of one group of key, count and int fits the frame)
        AssertMalformed<BitsAndLookups>(Bytes(0, 2, 2, (byte)'k', 1, Int32(0)), "*lookup has a null or empty group*");
        AssertMalformed<BitsAndLookups>(Bytes(0, 2, 2, (byte)'k', 0, Int32(0)), "*lookup has a null or empty group*");
        AssertMalformed<BitsAndLookups>(Bytes(0, 2, 2, (byte)'k', 2, 0, 0), "*cannot fit*");
        AssertMalformed<BitsAndLookups>(Bytes(0, VarUInt(1_000_000)), "*cannot fit*");
    }

    [Fact]
    public void SortedCollection_WithAComparerItIsNotReadBackWith_IsRefusedWhenWritten()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<WithComparers>(1);
        formatter.Register<LibraryCollections>(2);

        Action undeclared = () => formatter.SerializeToArray(new WithComparers { Default = new SortedSet<string>(StringComparer.Ordinal) { "b", "B" } });
        Action otherThanDeclared = () => formatter.SerializeToArray(new WithComparers { Descending = new SortedSet<int> { 1, 2 } });
        Action immutable = () => formatter.SerializeToArray(new LibraryCollections { ImmutableSortedSet = ImmutableSortedSet.Create(TestComparers.Descending, 1, 2) });
        Action priorities = () => formatter.SerializeToArray(new LibraryCollections { PriorityQueue = new PriorityQueue<string, int>(TestComparers.Descending) });

        undeclared.Should().Throw<FastSerializationException>().WithMessage("The comparer of this SortedSet<T> is not the default one, so it would be read back in another order; name its comparer with [BinaryComparer]*");
        otherThanDeclared.Should().Throw<FastSerializationException>().WithMessage("*not the one its member's [BinaryComparer] names*");
        immutable.Should().Throw<FastSerializationException>().WithMessage("The comparer of this ImmutableSortedSet<T> is not the default one*");
        priorities.Should().Throw<FastSerializationException>().WithMessage("The comparer of this PriorityQueue<TElement, TPriority> is not the default one*");
    }

    [Fact]
    public void HashedCollection_WithAnEqualityItIsNotReadBackWith_IsRefusedWhenWritten()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<EverySequenceAndMap>(1);
        formatter.Register<NullableKeys>(2);
        formatter.Register<WithComparers>(3);
        IEqualityComparer<int> odd = new ParityComparer();
        var ignoreCase = StringComparer.OrdinalIgnoreCase;
        var map = new Dictionary<string, int> { ["k"] = 3 };

        // Each would read back with the default equality: a set of 1 and 3 under parity would come back as two
        // different values (and a record of "a" and "A" under OrdinalIgnoreCase would be a malformed duplicate).
        var refused = new (string Collection, Func<object> Value)[]
        {
            ("HashSet<T>", () => new NullableKeys { Names = new HashSet<string>(ignoreCase) { "a" } }),
            ("Dictionary<TKey, TValue>", () => new NullableKeys { ReadOnlyMap = new Dictionary<string, int>(map, ignoreCase) }),
            ("ImmutableHashSet<T>", () => new EverySequenceAndMap { A3 = ImmutableHashSet.Create(odd, 1) }),
            ("IImmutableSet<T>", () => new EverySequenceAndMap { A8 = ImmutableHashSet.Create(odd, 1) }),
            ("FrozenSet<T>", () => new EverySequenceAndMap { A11 = new[] { 1 }.ToFrozenSet(odd) }),
            ("ISet<T>", () => new EverySequenceAndMap { A23 = new HashSet<int>(odd) { 1 } }),
            ("IReadOnlySet<T>", () => new EverySequenceAndMap { A24 = new HashSet<int>(odd) { 1 } }),
            ("ImmutableDictionary<TKey, TValue>", () => new EverySequenceAndMap { M1 = map.ToImmutableDictionary(ignoreCase) }),
            ("IImmutableDictionary<TKey, TValue>", () => new EverySequenceAndMap { M3 = map.ToImmutableDictionary(ignoreCase) }),
            ("FrozenDictionary<TKey, TValue>", () => new EverySequenceAndMap { M4 = map.ToFrozenDictionary(ignoreCase) }),
            ("IDictionary<TKey, TValue>", () => new EverySequenceAndMap { M8 = new Dictionary<string, int>(map, ignoreCase) }),
            ("ConcurrentDictionary<TKey, TValue>", () => new EverySequenceAndMap { M9 = new ConcurrentDictionary<string, int>(map, ignoreCase) }),
        };

        foreach ((string collection, Func<object> value) in refused)
        {
            Action act = () => formatter.SerializeToArray(value());
            act.Should().Throw<FastSerializationException>(collection)
                .WithMessage("The comparer of this " + collection + " is not the default one, so it would be read back with another equality; name its comparer with [BinaryComparer]*");
        }

        Action otherThanDeclared = () => formatter.SerializeToArray(new WithComparers { Names = new HashSet<string> { "a" } });
        otherThanDeclared.Should().Throw<FastSerializationException>().WithMessage("The comparer of this HashSet<T> is not the one its member's [BinaryComparer] names*");
    }

    [Fact]
    public void HashedCollection_WithTheDefaultEqualityUnderAnotherComparer_IsWrittenAndReadBack()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<NullableKeys>(1);
        formatter.Register<EverySequenceAndMap>(2);

        // StringComparer.Ordinal is the default equality of strings, and KeyComparers.ForUntrustedKeys's comparer the
        // default equality of ints: nothing is lost, so nothing is refused.
        var value = new NullableKeys
        {
            Names = new HashSet<string>(StringComparer.Ordinal) { "a", "A" },
            ReadOnlyMap = new Dictionary<string, int>(StringComparer.Ordinal) { ["a"] = 1, ["A"] = 2 },
        };
        var ints = new EverySequenceAndMap { A23 = new HashSet<int>(KeyComparers.ForUntrustedKeys<int>()) { 1, 2 }, A24 = new HashSet<int>(EqualityComparer<int>.Default) { 3 } };

        NullableKeys back = formatter.Deserialize<NullableKeys>(formatter.SerializeToArray(value));
        EverySequenceAndMap intsBack = formatter.Deserialize<EverySequenceAndMap>(formatter.SerializeToArray(ints));

        back.Names.Should().BeEquivalentTo(new[] { "a", "A" });
        back.ReadOnlyMap.Should().BeEquivalentTo(value.ReadOnlyMap);
        intsBack.A23.Should().BeEquivalentTo(new[] { 1, 2 });
        intsBack.A24.Should().BeEquivalentTo(new[] { 3 });
    }

    [Fact]
    public void EveryType_ReadBack_WritesTheSameBytesAgain()
    {
        // What a reader built (with KeyComparers.ForUntrustedKeys, the default comparers, the declared ones) passes the
        // writer's comparer checks and writes what it was read from.
        var formatter = new CustomBinaryFormatter();
        formatter.Register<LibraryCollections>(1);
        formatter.Register<EverySequenceAndMap>(2);
        formatter.Register<WithComparers>(3);
        var map = new Dictionary<string, int> { ["k"] = 3, ["j"] = 4 };
        int[] some = { 5, 6 };
        object[] values =
        {
            Filled(),
            new EverySequenceAndMap
            {
                A3 = ImmutableHashSet.Create(some), A8 = ImmutableHashSet.Create(some), A11 = some.ToFrozenSet(), A23 = new HashSet<int>(some), A24 = new HashSet<int>(some),
                M1 = map.ToImmutableDictionary(), M3 = map.ToImmutableDictionary(), M4 = map.ToFrozenDictionary(), M7 = new ReadOnlyDictionary<string, int>(map),
                M8 = new Dictionary<string, int>(map), M9 = new ConcurrentDictionary<string, int>(map),
            },
            new WithComparers
            {
                Names = new HashSet<string>(TestComparers.IgnoreCase) { "a" },
                Counts = new Dictionary<string, int>(StringComparer.OrdinalIgnoreCase) { ["x"] = 1 },
                Frozen = new[] { "f" }.ToFrozenSet(TestComparers.IgnoreCase),
            },
        };

        foreach (object value in values)
        {
            byte[] first = formatter.SerializeToArray(value);
            byte[] second = formatter.SerializeToArray(formatter.Deserialize(first)!);
            // The same bytes, though a hashed collection read back may enumerate its elements in another order.
            second.Should().HaveCount(first.Length, value.GetType().Name);
            second.OrderBy(b => b).Should().Equal(first.OrderBy(b => b), value.GetType().Name);
        }
    }

    [Fact]
    public void NullableKey_ThatIsNull_IsTheDocumentedException()
    {
        // Dictionary<int?, string>: the key is present (1), and null (0); the value "v".
        AssertMalformed<NullableKeys>(Bytes(2, 0, 2, (byte)'v', 0, 0), "*null or duplicate key*");
    }

    [Fact]
    public void EveryCollection_WritesTheBytesOfASequenceOrADictionary()
    {
        int[] one = { 5 };
        var map = new Dictionary<string, int> { ["k"] = 3 };
        var value = new EverySequenceAndMap
        {
            A1 = ImmutableArray.Create(one), A2 = ImmutableList.Create(one), A3 = ImmutableHashSet.Create(one), A4 = ImmutableSortedSet.Create(one),
            A5 = ImmutableQueue.Create(one), A6 = ImmutableStack.Create(one), A7 = ImmutableList.Create(one), A8 = ImmutableHashSet.Create(one),
            A9 = ImmutableQueue.Create(one), A10 = ImmutableStack.Create(one), A11 = one.ToFrozenSet(), A12 = new SortedSet<int>(one),
            A13 = new Queue<int>(one), A14 = new Stack<int>(one), A15 = new LinkedList<int>(one), A16 = new Collection<int>(one.ToList()),
            A17 = new ReadOnlyCollection<int>(one), A18 = new ObservableCollection<int>(one),
            A19 = new ReadOnlyObservableCollection<int>(new ObservableCollection<int>(one)), A20 = one.Select(i => i), A21 = one.ToList(),
            A22 = one, A23 = new HashSet<int>(one), A24 = new HashSet<int>(one), A25 = new ArraySegment<int>(new[] { 0, 5, 0 }, 1, 1),
            A26 = new ConcurrentQueue<int>(one), A27 = new ConcurrentStack<int>(one), A28 = new ConcurrentBag<int>(one), A29 = new BlockingCollection<int> { 5 },
            M1 = map.ToImmutableDictionary(), M2 = map.ToImmutableSortedDictionary(), M3 = map.ToImmutableDictionary(), M4 = map.ToFrozenDictionary(),
            M5 = new SortedDictionary<string, int>(map), M6 = new SortedList<string, int>(map), M7 = new ReadOnlyDictionary<string, int>(map),
            M8 = new Dictionary<string, int>(map), M9 = new ConcurrentDictionary<string, int>(map), M10 = new PriorityQueue<string, int>(new[] { ("k", 3) }),
        };

        // A sequence of one int: count + 1 = 2, then the int at fixed width. A dictionary of one pair: 2, the key "k", the value 3 as a zigzag varint.
        byte[] sequence = Bytes(2, Int32(5));
        byte[] dictionary = Bytes(2, 2, (byte)'k', 6);
        byte[] expected = Enumerable.Repeat(sequence, 29).Concat(Enumerable.Repeat(dictionary, 10)).SelectMany(b => b).ToArray();
        Payload(value).Should().Equal(expected);

        // And null, for every one (a default ImmutableArray and ArraySegment included).
        Payload(new EverySequenceAndMap()).Should().Equal(new byte[39]);
    }

    [Fact]
    public void HashedCollections_ReadFromARecord_CompareKeysWithTheComparerForUntrustedKeys()
    {
        int[] one = { 5 };
        var value = new EverySequenceAndMap
        {
            A3 = ImmutableHashSet.Create(one), A8 = ImmutableHashSet.Create(one), A23 = new HashSet<int>(one), A24 = new HashSet<int>(one), A11 = one.ToFrozenSet(),
        };
        var formatter = new CustomBinaryFormatter();
        formatter.Register<EverySequenceAndMap>(1);

        EverySequenceAndMap back = formatter.Deserialize<EverySequenceAndMap>(formatter.SerializeToArray(value));

        IEqualityComparer<int> randomized = KeyComparers.ForUntrustedKeys<int>()!;
        back.A3!.KeyComparer.Should().BeSameAs(randomized);
        ((ImmutableHashSet<int>)back.A8!).KeyComparer.Should().BeSameAs(randomized);
        ((HashSet<int>)back.A23!).Comparer.Should().BeSameAs(randomized);
        ((HashSet<int>)back.A24!).Comparer.Should().BeSameAs(randomized);
        back.A11!.Comparer.Should().BeSameAs(randomized);
    }

    [Fact]
    public void MultiDimensionalArray_WhoseDimensionsDoNotStartAt0_IsRefusedWhenWritten()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<MultiDimensional>(1);
        var shifted = (int[,])Array.CreateInstance(typeof(int), new[] { 2, 2 }, new[] { 1, 0 });

        Action act = () => formatter.SerializeToArray(new MultiDimensional { Ints = shifted });

        act.Should().Throw<FastSerializationException>().WithMessage("*dimension 0 starts at index 1*");
    }

    [Fact]
    public void HandWrittenCode_WritesAndReadsMultiDimensionalArraysAndBitArrays()
    {
        var cube = new double[2, 1, 2] { { { 1.5, -0.0 } }, { { double.NaN, 4 } } };
        var bits = new System.Collections.BitArray(new[] { true, false, true });
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(buffer);
        writer.WriteArrayShape(cube);
        writer.WriteArrayElements<double>(cube);
        writer.Write(bits);
        writer.WriteArrayShape(null);
        writer.Flush();
        byte[] bytes = buffer.WrittenSpan.ToArray();

        bytes.Should().Equal(Bytes(4, 2, 1, 2, Double(1.5), Double(-0.0), Double(double.NaN), Double(4), 4, 0b101, 0));
        var reader = new FastBinaryReader(bytes);
        var lengths = new int[3];
        reader.ReadArrayShape<double>(lengths, sizeof(double)).Should().BeTrue();
        var back = new double[lengths[0], lengths[1], lengths[2]];
        reader.ReadArrayElements<double>(back);
        back.Should().BeEquivalentTo(cube);
        BitConverter.DoubleToInt64Bits(back[0, 0, 1]).Should().Be(BitConverter.DoubleToInt64Bits(-0.0));
        reader.ReadBitArray()!.Cast<bool>().Should().Equal(true, false, true);
        reader.ReadArrayShape<int>(new int[2]).Should().BeFalse("a null array");
        reader.HasRemaining.Should().BeFalse();
    }

    [Fact]
    public void HandWrittenCode_AnArrayOfAnotherElementType_IsAnArgumentError()
    {
        var longs = new long[1, 1];

        Action act = () =>
        {
            var writer = new FastBinaryWriter(new System.Buffers.ArrayBufferWriter<byte>());
            writer.WriteArrayElements<int>(longs);
        };

        act.Should().Throw<ArgumentException>().WithMessage("*elements are System.Int64, not System.Int32*");
    }

    internal static byte[] Payload<T>(T value)
        where T : ICustomBinarySerializable => RoundTripTests.Payload(value);

    private static LibraryCollections RoundTrip(LibraryCollections value)
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<LibraryCollections>(1);
        return formatter.Deserialize<LibraryCollections>(formatter.SerializeToArray(value));
    }

    private static T Deserialize<T>(byte[] payload)
        where T : ICustomBinarySerializable, new()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<T>(1);
        return formatter.Deserialize<T>(Record(1, payload));
    }

    private static void AssertMalformed<T>(byte[] payload, string message)
        where T : ICustomBinarySerializable, new()
    {
        Action act = () => Deserialize<T>(payload);
        act.Should().Throw<FastSerializationException>().WithMessage(message, typeof(T).Name);
    }

    /// <summary>A record of section 1 around <paramref name="payload"/>: the length (little-endian), the one-byte id, the payload.</summary>
    private static byte[] Record(byte id, byte[] payload)
    {
        var record = new byte[5 + payload.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(record, (uint)(1 + payload.Length));
        record[4] = id;
        payload.CopyTo(record, 5);
        return record;
    }

    private static byte[] Int32(int value)
    {
        var bytes = new byte[4];
        BinaryPrimitives.WriteInt32LittleEndian(bytes, value);
        return bytes;
    }

    private static byte[] Double(double value)
    {
        var bytes = new byte[8];
        BinaryPrimitives.WriteDoubleLittleEndian(bytes, value);
        return bytes;
    }

    private static byte[] VarUInt(uint value)
    {
        var bytes = new List<byte>();
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }

        bytes.Add((byte)value);
        return bytes.ToArray();
    }

    /// <summary>Concatenates bytes and byte arrays.</summary>
    private static byte[] Bytes(params object[] parts) =>
        parts.SelectMany(p => p switch
        {
            byte[] array => array,
            int b => new[] { checked((byte)b) },
            byte b => new[] { b },
            _ => throw new ArgumentException("a byte or byte[]", nameof(parts)),
        }).ToArray();

    private static List<int> Pop(Stack<int> stack)
    {
        var popped = new List<int>();
        while (stack.Count > 0)
        {
            popped.Add(stack.Pop());
        }

        return popped;
    }

    private static List<string> Drain(PriorityQueue<string, int> queue)
    {
        var drained = new List<string>();
        while (queue.TryDequeue(out string? next, out _))
        {
            drained.Add(next);
        }

        return drained;
    }

    private static LibraryCollections Filled()
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
            StringSegment = new ArraySegment<string>(new[] { "x", "y" }),
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

    /// <summary>Ints equal when they have the same parity: an equality other than the default.</summary>
    private sealed class ParityComparer : IEqualityComparer<int>
    {
        public bool Equals(int x, int y) => (x & 1) == (y & 1);

        public int GetHashCode(int obj) => obj & 1;
    }
}

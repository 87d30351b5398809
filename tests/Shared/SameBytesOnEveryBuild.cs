using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Numerics;
using FastSerialization;

namespace FastSerialization.Tests.Shared;

/// <summary>
/// The base-library types of contract section 2b that the netstandard2.0 build has too, in one model: the .NET 10 and the
/// netstandard2.0 builds of the package must write the same bytes for it (<see cref="ExpectedRecord"/>), which a test in a
/// project of each build checks. Hashed members hold integers, whose hashes (and so enumeration order) are the same in
/// every process.
/// </summary>
[BinarySerializable]
public sealed partial class SameBytesOnEveryBuild
{
    /// <summary>The record of <see cref="Sample"/> under type id 1, as the .NET 10 build writes it (hex).</summary>
    public const string ExpectedRecord =
        "EB000000010D2EF5C0B1111F8C3C09F01671FE000000000000E03F000000000000F0BF1A68747470733A2F2F6578616D"
        + "706C652E636F6D2F613F623D6308342E332E322E3102046F6E65040474776F01060674687265650A0D01030302010000"
        + "000200000003000000040000000500000006000000040700000008000000090000000403000000010000000200000004"
        + "0A000000140000001E000000030202610402620403000000020000000100000003066669727374077365636F6E640403"
        + "0000000200000001000000030568656164057461696C03050000000500000003040000000500000002020204312E30";

    public BigInteger Big { get; set; }

    public Complex Point { get; set; }

    public Uri? Link { get; set; }

    public Version? Release { get; set; }

    public KeyValuePair<int, string> Pair { get; set; }

    public (int, string) Couple { get; set; }

    public Tuple<int, string>? Boxed { get; set; }

    public BitArray? Bits { get; set; }

    public int[,]? Grid { get; set; }

    public ArraySegment<int> Segment { get; set; }

    public ImmutableArray<int> Numbers { get; set; }

    public ImmutableHashSet<int>? Hashed { get; set; }

    public ImmutableSortedDictionary<int, string>? Sorted { get; set; }

    public ImmutableStack<int>? Pile { get; set; }

    public Queue<string>? Line { get; set; }

    public Stack<int>? Plates { get; set; }

    public LinkedList<string>? Chain { get; set; }

    public ReadOnlyCollection<int>? Fixed { get; set; }

    public ConcurrentQueue<int>? Inbox { get; set; }

    public Dictionary<int, List<Version>>? Releases { get; set; }

    public static SameBytesOnEveryBuild Sample() => new()
    {
        Big = BigInteger.Parse("-123456789012345678901234567890", System.Globalization.CultureInfo.InvariantCulture),
        Point = new Complex(0.5, -1),
        Link = new Uri("https://example.com/a?b=c"),
        Release = new Version(4, 3, 2, 1),
        Pair = new KeyValuePair<int, string>(1, "one"),
        Couple = (2, "two"),
        Boxed = Tuple.Create(3, "three"),
        Bits = new BitArray(new[] { true, false, true, true, false, false, false, false, true }),
        Grid = new[,] { { 1, 2 }, { 3, 4 }, { 5, 6 } },
        Segment = new ArraySegment<int>(new[] { 0, 7, 8, 9, 0 }, 1, 3),
        Numbers = ImmutableArray.Create(3, 1, 2),
        Hashed = ImmutableHashSet.Create(10, 20, 30),
        Sorted = ImmutableSortedDictionary.CreateRange(new[] { new KeyValuePair<int, string>(2, "b"), new KeyValuePair<int, string>(1, "a") }),
        Pile = ImmutableStack.Create(1, 2, 3),
        Line = new Queue<string>(new[] { "first", "second" }),
        Plates = new Stack<int>(new[] { 1, 2, 3 }),
        Chain = new LinkedList<string>(new[] { "head", "tail" }),
        Fixed = new ReadOnlyCollection<int>(new[] { 5, 5 }),
        Inbox = new ConcurrentQueue<int>(new[] { 4, 5 }),
        Releases = new Dictionary<int, List<Version>> { [1] = new List<Version> { new Version(1, 0) } },
    };
}

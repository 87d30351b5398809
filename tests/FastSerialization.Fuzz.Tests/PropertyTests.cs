using System;
using System.Collections.Generic;
using System.Linq;
using CsCheck;
using FastSerialization.Fuzz.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Fuzz.Tests;

/// <summary>
/// Property tests (CsCheck): random object graphs of the generated fuzz models round-trip, and random
/// truncations and bit flips of their records end in nothing but the documented exception (through the
/// fuzz targets' oracle: also re-serialization and the allocation bound). CsCheck shrinks a failure to a
/// small case and prints its seed.
/// </summary>
public class PropertyTests
{
    private static readonly Gen<string> Text =
        Gen.Char['\0', '\uD7FF'].Array[0, 12].Select(chars => new string(chars));

    private static readonly Gen<string?> MaybeText =
        Gen.Frequency((1, Gen.Bool.Select(_ => (string?)null)), (4, Text.Select(s => (string?)s)));

    private static readonly Gen<Link?> Links =
        Gen.Int.Array[0, 6].Select(values =>
        {
            Link? head = null;
            foreach (int value in values)
            {
                head = new Link { Value = value, Next = head };
            }

            return head;
        });

    private static readonly Gen<IFigure?> Figures =
        Gen.Int[0, 3].SelectMany(depth => Figure(depth));

    private static readonly Gen<Scalars> ScalarsGen =
        Gen.Select(Gen.Int, Gen.Long, Gen.ULong, Gen.Double, Gen.Decimal, MaybeText, Gen.Byte.Array[0, 8], Gen.Short, (i, l, u, d, m, t, b, s) => new Scalars
        {
            Int = i, Long = l, ULong = u, Double = d, Decimal = m, Text = t, Bytes = b, Short = s,
            MaybeInt = i % 3 == 0 ? null : i, Tone = (Tone)(i & 3), Wide = (Wide)l, Char = (char)(u % 0xD800),
            When = new DateTime(Math.Abs(l % DateTime.MaxValue.Ticks), DateTimeKind.Utc), Span = TimeSpan.FromTicks(l),
            Id = new Guid(i, s, s, b.Concat(new byte[8]).Take(8).ToArray()), Extent = new Extent { Width = s, Height = (short)i },
            MaybeExtent = i % 2 == 0 ? null : new Extent { Width = 1 }, FixedLong = l, Flag = (i & 1) == 1,
        });

    private static readonly Gen<Collections> CollectionsGen =
        Gen.Select(Gen.Int.Array[0, 8], Text.List[0, 5], Gen.Int.HashSet[0, 6], Gen.Dictionary(Text, Gen.Int)[0, 5], Links.List[0, 3], Figures.List[0, 3], Gen.Int.Array[0, 3].Array[0, 3], (ints, list, set, map, links, figures, jagged) => new Collections
        {
            Ints = ints, List = list, Set = set, Map = map, Links = links.Where(l => l is not null).ToList()!,
            Figures = figures.Where(f => f is not null).ToList()!, Jagged = jagged, Names = new HashSet<string>(list),
            Longs = ints.Select(i => (long)i * 3).ToList(), Strings = list.Select(s => s.Length % 2 == 0 ? null : s).ToArray(),
            Sets = jagged.Select(a => new HashSet<int>(a)).ToList(),
            Nested = set.ToDictionary(k => k, k => k % 2 == 0 ? null : list),
            Figure = figures.FirstOrDefault(), Doubles = ints.Select(i => i / 7.0).ToArray(),
            Extents = ints.Select(i => new Extent { Width = (short)i }).ToArray(),
        });

    private static readonly Gen<Book> BookGen =
        Gen.Select(Gen.Long.Array[0, 5], Gen.Double, Gen.Bool, (times, price, flag) => new Book
        {
            Quotes = times.Select(t => new Quote { Time = t, Bid = price, Ask = -price, BidSize = (int)t }).ToArray(),
            QuoteList = times.Select(t => new Quote { Time = -t }).ToList(),
            QuoteMemory = times.Select(t => new Quote { AskSize = (int)(t >> 3) }).ToArray(),
            Flags = times.Select(t => new Flagged { Flag = flag, Amount = t, Small = (short)t }).ToArray(),
            Fills = times.Select(t => new Fill { Quote = new Quote { Time = t }, Side = flag ? Side.Buy : Side.Sell, Venue = (byte)t }).ToList(),
            FixedSide = flag ? Side.Sell : null, CompactSide = (Side)(short)times.Length,
        });

    private static readonly Gen<object> Graphs =
        Gen.OneOf<object>(
            ScalarsGen.Select(s => (object)s),
            CollectionsGen.Select(c => (object)c),
            BookGen.Select(b => (object)b),
            Links.Select(l => (object)(l ?? new Link())),
            Figures.Select(f => (object)(f ?? new Disc())));

    [Fact]
    public void RandomGraphsOfGeneratedTypes_RoundTrip()
    {
        CustomBinaryFormatter formatter = Formatters.Tolerant;
        Graphs.Sample(
            graph =>
            {
                byte[] record = formatter.SerializeToArray(graph);
                object read = formatter.Deserialize(record);
                read.GetType().Should().Be(graph.GetType());
                formatter.SerializeToArray(read).Should().Equal(record);
                Formatters.Strict.SerializeToArray(Formatters.Strict.Deserialize(record)).Should().Equal(record);
            },
            iter: 2_000);
    }

    [Fact]
    public void RandomTruncations_EndInTheDocumentedException()
    {
        Gen.Select(Graphs, Gen.Double[0, 1]).Sample(
            (graph, cut) =>
            {
                byte[] record = Formatters.Tolerant.SerializeToArray(graph);
                int length = (int)(cut * (record.Length - 1));
                Action read = () => Formatters.Tolerant.Deserialize(record.AsSpan(0, length));
                read.Should().Throw<FastSerializationException>();
                RunThroughTheOracle(record.AsSpan(0, length));
            },
            iter: 2_000);
    }

    [Fact]
    public void RandomBitFlips_NeverEscapeTheDocumentedException()
    {
        Gen.Select(Graphs, Gen.Int[0, int.MaxValue].Array[1, 4]).Sample(
            (graph, flips) =>
            {
                byte[] record = Formatters.Tolerant.SerializeToArray(graph);
                foreach (int flip in flips)
                {
                    int bit = flip % (record.Length * 8);
                    record[bit / 8] ^= (byte)(1 << (bit % 8));
                }

                RunThroughTheOracle(record);
            },
            iter: 3_000);
    }

    /// <summary>The span target of the fuzz harness (tolerant, then strict): documented exceptions only, round trip, allocation bound.</summary>
    private static void RunThroughTheOracle(ReadOnlySpan<byte> record)
    {
        foreach (byte strict in new byte[] { 0, 1 })
        {
            byte[] input = new byte[record.Length + 2];
            input[1] = strict;
            record.CopyTo(input.AsSpan(2));
            Targets.Run(input);
        }
    }

    private static Gen<IFigure?> Figure(int depth) =>
        depth == 0
            ? Gen.Double.Select(r => (IFigure?)new Disc { Radius = r })
            : Gen.Frequency(
                (1, Gen.Bool.Select(_ => (IFigure?)null)),
                (2, Gen.Double.Select(r => (IFigure?)new Disc { Radius = r })),
                (3, Gen.Select(MaybeText, Figure(depth - 1), (label, inner) => (IFigure?)new Tile { Label = label, Inner = inner })));
}

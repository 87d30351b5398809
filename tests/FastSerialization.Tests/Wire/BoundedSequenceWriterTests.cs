using System;
using System.Buffers;
using System.Linq;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// <see cref="FastBinaryWriter.BeginBoundedSequence{T}"/>, <see cref="BoundedSequenceWriter{T}"/> and
/// <see cref="FastBinaryWriter.EndBoundedSequence{T}"/>: the elements of a collection of bounded structs written one
/// after another, with the bytes of <see cref="FastBinaryWriter.WriteObject{T}"/> for each, across the writer's buffer
/// growing, the depth refused where WriteObject refuses it, and clear errors on misuse.
/// </summary>
public class BoundedSequenceWriterTests
{
    private const int PairBound = 15; // a 32-bit varint (5) and a 64-bit one (10)

    private struct Pair : ICustomBinarySerializable
    {
        public int A;
        public long B;

        public readonly void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteVarInt32(A);
            writer.WriteVarInt64(B);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            A = reader.ReadVarInt32();
            B = reader.ReadVarInt64();
        }
    }

    /// <summary>Holds pairs, written with WriteObject one by one or through a bounded sequence.</summary>
    private sealed class Pairs : ICustomBinarySerializable
    {
        public bool Bounded { get; set; }

        public Pair[] Items { get; set; } = Array.Empty<Pair>();

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.WriteCollectionHeader(Items.Length);
            if (!Bounded)
            {
                foreach (Pair pair in Items)
                {
                    writer.WriteObject(pair);
                }

                return;
            }

            BoundedSequenceWriter<Pair> sequence = writer.BeginBoundedSequence<Pair>(PairBound);
            foreach (Pair pair in Items)
            {
                BoundedRunWriter run = sequence.BeginElement(ref writer);
                run.WriteVarInt32(pair.A);
                run.WriteVarInt64(pair.B);
                sequence.EndElement(ref run);
            }

            writer.EndBoundedSequence(ref sequence);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            Items = reader.ReadObjectArray<Pair>()!;
        }
    }

    /// <summary>Holds a <see cref="Pairs"/>: one level of nesting more.</summary>
    private sealed class Outer : ICustomBinarySerializable
    {
        public Pairs Inner { get; set; } = new();

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.WriteObject(Inner);

        public void SetDataFrom(ref FastBinaryReader reader) => Inner = reader.ReadObject<Pairs>()!;
    }

    private static CustomBinaryFormatter Formatter(int maxDepth = CustomBinaryFormatterOptions.DefaultMaxDepth)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxDepth = maxDepth });
        formatter.Register<Pairs>(1);
        formatter.Register<Outer>(2);
        return formatter;
    }

    /// <summary>Pairs whose varints take every length from 1 to 5 and 1 to 10 bytes.</summary>
    private static Pair[] Mixed(int count) =>
        Enumerable.Range(0, count).Select(i => new Pair
        {
            A = (i % 3 == 0 ? -1 : 1) * (int)Math.Min(int.MaxValue, 1L << (i % 32)),
            B = (i % 2 == 0 ? -1L : 1L) << (i % 64),
        }).ToArray();

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(17)]
    [InlineData(5_000)] // far past the writer's first buffer: the sequence moves to larger ones as it goes
    public void TheElements_HaveTheBytesOfWriteObject(int count)
    {
        Pair[] items = Mixed(count);

        var bounded = new ArrayBufferWriter<byte>();
        var writer = new FastBinaryWriter(bounded);
        new Pairs { Bounded = true, Items = items }.WriteDataTo(ref writer);
        writer.Write((byte)0xEE); // the writer goes on after the sequence
        writer.Flush();

        var plain = new ArrayBufferWriter<byte>();
        writer = new FastBinaryWriter(plain);
        new Pairs { Bounded = false, Items = items }.WriteDataTo(ref writer);
        writer.Write((byte)0xEE);
        writer.Flush();

        bounded.WrittenSpan.ToArray().Should().Equal(plain.WrittenSpan.ToArray());
    }

    [Fact]
    public void ARecordWrittenThroughTheFormatter_ReadsBack()
    {
        Pair[] items = Mixed(3_000);
        CustomBinaryFormatter formatter = Formatter();
        byte[] bounded = formatter.SerializeToArray(new Outer { Inner = new Pairs { Bounded = true, Items = items } });

        formatter.Deserialize<Outer>(bounded).Inner.Items.Should().Equal(items);
    }

    [Fact]
    public void TrySerialize_IntoADestinationOfTheRecordsExactSize_Fits()
    {
        // Each element reserves its length byte and the bound (16 bytes) while most take 3: near the destination's end
        // the writer moves to a pooled buffer, and the record, which fits, is copied in.
        var value = new Pairs { Bounded = true, Items = Mixed(40) };
        CustomBinaryFormatter formatter = Formatter();
        byte[] expected = formatter.SerializeToArray(value);

        var exact = new byte[expected.Length];
        formatter.TrySerialize(value, exact, out int written).Should().BeTrue();
        written.Should().Be(expected.Length);
        exact.Should().Equal(expected);
    }

    [Fact]
    public void PastMaxDepth_TheFirstElementIsRefusedLikeWriteObject_AndAnEmptySequenceIsNot()
    {
        CustomBinaryFormatter shallow = Formatter(maxDepth: 1);
        Pair[] one = Mixed(1);

        Action plain = () => shallow.SerializeToArray(new Outer { Inner = new Pairs { Bounded = false, Items = one } });
        Action bounded = () => shallow.SerializeToArray(new Outer { Inner = new Pairs { Bounded = true, Items = one } });

        string expected = plain.Should().Throw<FastSerializationException>().Which.Message;
        bounded.Should().Throw<FastSerializationException>().Which.Message.Should().Be(expected);
        shallow.SerializeToArray(new Outer { Inner = new Pairs { Bounded = true } })
            .Should().Equal(shallow.SerializeToArray(new Outer { Inner = new Pairs { Bounded = false } }));
    }

    [Fact]
    public void ABoundOutsideOneLengthByte_IsRefused()
    {
        Action begin = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            writer.BeginBoundedSequence<Pair>(FastBinaryWriter.MaxBoundedObjectPayload + 1);
        };

        begin.Should().Throw<ArgumentOutOfRangeException>().WithMessage("*0 to 126 bytes*");
    }

    [Fact]
    public void WritingPastTheBound_Throws()
    {
        Action write = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            BoundedSequenceWriter<Pair> sequence = writer.BeginBoundedSequence<Pair>(4);
            BoundedRunWriter run = sequence.BeginElement(ref writer);
            run.Write(1L);
        };

        write.Should().Throw<InvalidOperationException>().WithMessage("*at most 4 bytes*");
    }

    [Fact]
    public void Misuse_IsRefused()
    {
        Action writtenBetween = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            BoundedSequenceWriter<Pair> sequence = writer.BeginBoundedSequence<Pair>(4);
            BoundedRunWriter run = sequence.BeginElement(ref writer);
            run.Write(7);
            sequence.EndElement(ref run);
            writer.Write((byte)1); // the writer moves on while the sequence is open
            writer.EndBoundedSequence(ref sequence);
        };
        Action foreignRun = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            var other = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            BoundedSequenceWriter<Pair> sequence = writer.BeginBoundedSequence<Pair>(4);
            BoundedRunWriter run = other.BeginBoundedObject<Pair>(4); // another writer's
            sequence.EndElement(ref run);
        };
        Action endedTwice = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            BoundedSequenceWriter<Pair> sequence = writer.BeginBoundedSequence<Pair>(4);
            BoundedRunWriter run = sequence.BeginElement(ref writer);
            sequence.EndElement(ref run);
            sequence.EndElement(ref run);
        };
        Action anotherWriter = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>(16));
            var other = new FastBinaryWriter(new ArrayBufferWriter<byte>(16));
            BoundedSequenceWriter<Pair> sequence = writer.BeginBoundedSequence<Pair>(126);
            for (int i = 0; i < 1_000; i++)
            {
                BoundedRunWriter run = sequence.BeginElement(ref other); // once full, asks the wrong writer for room
                sequence.EndElement(ref run);
            }
        };
        Action notBegun = () =>
        {
            var writer = new FastBinaryWriter(new ArrayBufferWriter<byte>());
            writer.Write(1L);
            BoundedSequenceWriter<Pair> sequence = default;
            writer.EndBoundedSequence(ref sequence);
        };

        writtenBetween.Should().Throw<InvalidOperationException>().WithMessage("*EndBoundedSequence*");
        foreignRun.Should().Throw<InvalidOperationException>().WithMessage("*last BeginElement*");
        endedTwice.Should().Throw<InvalidOperationException>().WithMessage("*last BeginElement*");
        anotherWriter.Should().Throw<InvalidOperationException>().WithMessage("*BeginBoundedSequence*");
        notBegun.Should().Throw<InvalidOperationException>();
    }
}

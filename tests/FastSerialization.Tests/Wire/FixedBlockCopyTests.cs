using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// The same-version block of a fixed-layout sequence (docs/FORMAT.md sections 3b and 3c) is one copy between the record
/// and the caller's memory: every element count (empty, one, odd, small and large blocks), every alignment of the source
/// and the destination, writing and reading, into a new array, a list and a kept buffer, memory that overlaps the record,
/// and a block cut short, through the public writer and reader. The expected bytes are built member by member, not by
/// copying memory.
/// </summary>
public class FixedBlockCopyTests
{
    /// <summary>20 bytes (no padding: memory and wire agree, so it is copied as a block), evolvable.</summary>
    [BinaryFixedLayout(20, true, Evolvable = true, MemberEnds = new[] { 4, 8, 12, 16, 20 })]
    [StructLayout(LayoutKind.Sequential)]
    public struct Five : ICustomBinarySerializable, IEquatable<Five>
    {
        public int A;
        public int B;
        public int C;
        public int D;
        public int E;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(A);
            writer.Write(B);
            writer.Write(C);
            writer.Write(D);
            writer.Write(E);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            A = reader.ReadInt32();
            B = reader.ReadInt32();
            C = reader.ReadInt32();
            D = reader.ReadInt32();
            E = reader.ReadInt32();
        }

        public readonly bool Equals(Five other) => A == other.A && B == other.B && C == other.C && D == other.D && E == other.E;

        public override readonly bool Equals(object? obj) => obj is Five other && Equals(other);

        public override readonly int GetHashCode() => HashCode.Combine(A, B, C, D, E);
    }

    /// <summary>32 bytes, not evolvable (section 3b): the same copy without the element size.</summary>
    [BinaryFixedLayout(32, true)]
    [StructLayout(LayoutKind.Sequential)]
    public struct Quad : ICustomBinarySerializable
    {
        public long A;
        public long B;
        public long C;
        public long D;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(A);
            writer.Write(B);
            writer.Write(C);
            writer.Write(D);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            A = reader.ReadInt64();
            B = reader.ReadInt64();
            C = reader.ReadInt64();
            D = reader.ReadInt64();
        }
    }

    private const int FiveSize = 20;

    // Empty, one, odd; blocks below and above the 2 KiB and 16 KiB where the runtime's copy changes its method.
    public static readonly TheoryData<int> Counts = new() { 0, 1, 2, 3, 7, 64, 101, 818, 819, 820, 821, 1000, 3277 };

    private static readonly int[] SourceOffsets = { 0, 1, 2, 3, 5, 17, 31, 32, 33, 63 };

    private static readonly int[] DestinationOffsets = { 0, 1, 4, 8, 13, 32, 60 };

    private static Five[] Elements(int count) =>
        Enumerable.Range(0, count).Select(i => new Five
        {
            A = Mix(i, 1), B = Mix(i, 2), C = Mix(i, 3), D = Mix(i, 4), E = Mix(i, 5),
        }).ToArray();

    private static int Mix(int i, int member) => unchecked((int)((uint)(i * 5 + member) * 2654435761u));

    /// <summary>The sequence as FORMAT.md 3c spells it: varuint32 <c>N + 1</c>, varuint32 20 when not empty, then each member little-endian.</summary>
    private static byte[] Expected(Five[] values)
    {
        var bytes = new List<byte>();
        AddVarUInt(bytes, (uint)values.Length + 1);
        if (values.Length > 0)
        {
            AddVarUInt(bytes, FiveSize);
        }

        Span<byte> word = stackalloc byte[4];
        foreach (Five v in values)
        {
            foreach (int member in new[] { v.A, v.B, v.C, v.D, v.E })
            {
                BinaryPrimitives.WriteInt32LittleEndian(word, member);
                bytes.AddRange(word.ToArray());
            }
        }

        return bytes.ToArray();
    }

    /// <summary>Fails naming the first element that differs (a fast comparison: these blocks hold thousands of elements).</summary>
    private static void ShouldHold(ReadOnlySpan<Five> actual, Five[] expected, string what)
    {
        actual.Length.Should().Be(expected.Length, what);
        for (int i = 0; i < expected.Length; i++)
        {
            if (!actual[i].Equals(expected[i]))
            {
                actual[i].Should().Be(expected[i], $"element {i} of {what}");
            }
        }
    }

    /// <summary>Fails when any byte of <paramref name="bytes"/> is not the filler 0xA5.</summary>
    private static void ShouldBeUntouched(ReadOnlySpan<byte> bytes, string what) =>
        bytes.IndexOfAnyExcept((byte)0xA5).Should().Be(-1, what);

    private delegate object? ReadAction(ref FastBinaryReader reader);

    private static void AddVarUInt(List<byte> bytes, uint value)
    {
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }

        bytes.Add((byte)value);
    }

    [Theory]
    [MemberData(nameof(Counts))]
    public void ABlock_IsWrittenAsItsMembers_FromAnyAlignment_AfterAnyPrefix(int count)
    {
        Five[] values = Elements(count);
        byte[] expected = Expected(values);
        foreach (int from in DestinationOffsets)
        {
            // The elements at any alignment in memory: a span over bytes that starts `from` bytes in.
            byte[] memory = new byte[from + (count * FiveSize)];
            MemoryMarshal.AsBytes(values.AsSpan()).CopyTo(memory.AsSpan(from));
            ReadOnlySpan<Five> source = MemoryMarshal.Cast<byte, Five>(memory.AsSpan(from));

            foreach (int prefix in SourceOffsets)
            {
                var buffer = new ArrayBufferWriter<byte>(16);
                var writer = new FastBinaryWriter(buffer);
                for (int i = 0; i < prefix; i++)
                {
                    writer.Write((byte)0xEE);
                }

                writer.WriteFixedArray(source);
                writer.Flush();
                buffer.WrittenSpan.Slice(0, prefix).IndexOfAnyExcept((byte)0xEE).Should().Be(-1);
                buffer.WrittenSpan.Slice(prefix).SequenceEqual(expected).Should().BeTrue($"{count} elements from offset {from}, after {prefix} bytes");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Counts))]
    public void ABlock_ReadsIntoANewArrayAndList_FromAnyAlignment(int count)
    {
        Five[] values = Elements(count);
        byte[] encoded = Expected(values);
        foreach (int at in SourceOffsets)
        {
            byte[] data = new byte[at + encoded.Length + 3];
            encoded.CopyTo(data, at);
            var reader = new FastBinaryReader(data.AsSpan(at, encoded.Length));
            ShouldHold(reader.ReadFixedArray<Five>(), values, $"{count} elements at offset {at}");
            reader.HasRemaining.Should().BeFalse();

            reader = new FastBinaryReader(data.AsSpan(at, encoded.Length));
            ShouldHold(CollectionsMarshal.AsSpan(reader.ReadFixedList<Five>()), values, $"a list of {count} elements at offset {at}");
            reader.HasRemaining.Should().BeFalse();
        }
    }

    [Theory]
    [MemberData(nameof(Counts))]
    public void ABlock_ReadsIntoAKeptBuffer_AtAnyAlignment_AndTouchesNothingElse(int count)
    {
        Five[] values = Elements(count);
        byte[] encoded = Expected(values);
        foreach (int at in SourceOffsets)
        {
            byte[] data = new byte[at + encoded.Length];
            encoded.CopyTo(data, at);
            foreach (int to in DestinationOffsets)
            {
                // Room for two more elements than the block holds, and `to` bytes before it: all of it must stay as it was.
                byte[] kept = new byte[to + ((count + 2) * FiveSize) + 7];
                kept.AsSpan().Fill(0xA5);
                Span<Five> destination = MemoryMarshal.Cast<byte, Five>(kept.AsSpan(to, (count + 2) * FiveSize));

                var reader = new FastBinaryReader(data.AsSpan(at));
                reader.ReadFixedInto(destination).Should().Be(count);
                reader.HasRemaining.Should().BeFalse();

                ShouldHold(destination.Slice(0, count), values, $"{count} elements from offset {at} into offset {to}");
                ShouldBeUntouched(kept.AsSpan(0, to), "nothing before the destination is written");
                ShouldBeUntouched(kept.AsSpan(to + (count * FiveSize)), "nothing past the block's elements is written");
            }
        }
    }

    [Theory]
    [InlineData(3)]
    [InlineData(820)]
    [InlineData(3277)]
    public void ABlockReadIntoMemoryThatOverlapsTheRecord_ReadsLikeACopyThroughABuffer(int count)
    {
        Five[] values = Elements(count);
        byte[] encoded = Expected(values);
        int header = encoded.Length - (count * FiveSize);
        foreach (int shift in new[] { -64, -5, -1, 1, 3, 64 })
        {
            // The destination is the record's own bytes, `shift` bytes from the block: the elements must come out as the
            // record held them, whichever way the two overlap.
            byte[] data = new byte[128 + encoded.Length + 128];
            encoded.CopyTo(data, 128);
            Span<Five> destination = MemoryMarshal.Cast<byte, Five>(data.AsSpan(128 + header + shift, count * FiveSize));

            var reader = new FastBinaryReader(data.AsSpan(128, encoded.Length));
            reader.ReadFixedInto(destination).Should().Be(count);
            ShouldHold(destination, values, $"the block shifted by {shift}");
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(819)]
    [InlineData(820)]
    [InlineData(3277)]
    public void ABlockOneByteShort_IsRefused_AndNothingIsCopied(int count)
    {
        byte[] encoded = Expected(Elements(count));
        byte[] kept = new byte[(count + 1) * FiveSize];
        kept.AsSpan().Fill(0xA5);

        // The header says count elements of 20 bytes; the frame ends one byte before the last element does.
        FastSerializationException Refused(ReadAction read)
        {
            try
            {
                var reader = new FastBinaryReader(encoded.AsSpan(0, encoded.Length - 1));
                read(ref reader);
            }
            catch (FastSerializationException error)
            {
                return error;
            }

            throw new InvalidOperationException("the short block was read");
        }

        Refused((ref FastBinaryReader r) => r.ReadFixedArray<Five>()).Message.Should().Contain("cannot fit");
        Refused((ref FastBinaryReader r) => r.ReadFixedList<Five>()).Message.Should().Contain("cannot fit");
        Refused((ref FastBinaryReader r) => r.ReadFixedInto(MemoryMarshal.Cast<byte, Five>(kept.AsSpan()))).Message.Should().Contain("cannot fit");
        ShouldBeUntouched(kept, "nothing is copied from a block that does not fit");
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(511)]
    [InlineData(512)] // 16 KiB
    [InlineData(513)]
    [InlineData(2049)]
    public void ANonEvolvableBlock_WritesAndReadsTheSameWay_AtAnyAlignment(int count)
    {
        Quad[] values = Enumerable.Range(0, count).Select(i => new Quad { A = i, B = -i, C = (long)i << 40, D = Mix(i, 9) }).ToArray();
        var expected = new List<byte>();
        AddVarUInt(expected, (uint)count + 1);
        byte[] word = new byte[8];
        foreach (Quad q in values)
        {
            foreach (long member in new[] { q.A, q.B, q.C, q.D })
            {
                BinaryPrimitives.WriteInt64LittleEndian(word, member);
                expected.AddRange(word);
            }
        }

        foreach (int at in new[] { 0, 1, 3, 7, 33 })
        {
            var buffer = new ArrayBufferWriter<byte>(16);
            var writer = new FastBinaryWriter(buffer);
            for (int i = 0; i < at; i++)
            {
                writer.Write((byte)0);
            }

            writer.WriteFixedArray(values);
            writer.Flush();
            buffer.WrittenSpan.Slice(at).SequenceEqual(expected.ToArray()).Should().BeTrue($"{count} elements after {at} bytes");

            var reader = new FastBinaryReader(buffer.WrittenSpan.Slice(at));
            Quad[] read = reader.ReadFixedArray<Quad>()!;
            read.Should().Equal(values);
            var kept = new Quad[count + 1];
            reader = new FastBinaryReader(buffer.WrittenSpan.Slice(at));
            reader.ReadFixedInto<Quad>(kept).Should().Be(count);
            kept.AsSpan(0, count).ToArray().Should().Equal(values);
            kept[count].Should().Be(default(Quad));
        }
    }
}

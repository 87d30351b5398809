using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Wire;

/// <summary>
/// A reader one version newer than the writer of an evolvable fixed-layout sequence (docs/FORMAT.md section 3c): every
/// element's bytes are the writer's, followed by zeros for the members it lacks. Every older width of structs of 12 to 48
/// bytes is read (widths under 8, 8 to 32 with tails of 1 to 16 bytes, which the reader copies in words, and the rest),
/// into a new array, a list and a kept buffer whose other bytes must stay as they were. The expected bytes are built one
/// by one from the record's, not by copying memory.
/// </summary>
public class EvolvableOlderWriterCopyTests
{
    /// <summary>12 bytes of one-byte members (every byte ends a member, so every older width is valid); memory and wire agree.</summary>
    [BinaryFixedLayout(12, true, Evolvable = true, MemberEnds = new[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 })]
    [StructLayout(LayoutKind.Sequential, Size = 12)]
    public struct Bytes12 : ICustomBinarySerializable
    {
        public byte First;

        public void WriteDataTo(ref FastBinaryWriter writer) => WriteBytes(ref writer, ref First, 12);

        public void SetDataFrom(ref FastBinaryReader reader) => ReadBytes(ref reader, ref First, 12);
    }

    /// <summary>16 bytes of one-byte members (every byte ends a member, so every older width is valid); memory and wire agree.</summary>
    [BinaryFixedLayout(16, true, Evolvable = true, MemberEnds = new[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 })]
    [StructLayout(LayoutKind.Sequential, Size = 16)]
    public struct Bytes16 : ICustomBinarySerializable
    {
        public byte First;

        public void WriteDataTo(ref FastBinaryWriter writer) => WriteBytes(ref writer, ref First, 16);

        public void SetDataFrom(ref FastBinaryReader reader) => ReadBytes(ref reader, ref First, 16);
    }

    /// <summary>24 bytes of one-byte members (every byte ends a member, so every older width is valid); memory and wire agree.</summary>
    [BinaryFixedLayout(24, true, Evolvable = true, MemberEnds = new[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24 })]
    [StructLayout(LayoutKind.Sequential, Size = 24)]
    public struct Bytes24 : ICustomBinarySerializable
    {
        public byte First;

        public void WriteDataTo(ref FastBinaryWriter writer) => WriteBytes(ref writer, ref First, 24);

        public void SetDataFrom(ref FastBinaryReader reader) => ReadBytes(ref reader, ref First, 24);
    }

    /// <summary>33 bytes of one-byte members (every byte ends a member, so every older width is valid); memory and wire agree.</summary>
    [BinaryFixedLayout(33, true, Evolvable = true, MemberEnds = new[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33 })]
    [StructLayout(LayoutKind.Sequential, Size = 33)]
    public struct Bytes33 : ICustomBinarySerializable
    {
        public byte First;

        public void WriteDataTo(ref FastBinaryWriter writer) => WriteBytes(ref writer, ref First, 33);

        public void SetDataFrom(ref FastBinaryReader reader) => ReadBytes(ref reader, ref First, 33);
    }

    /// <summary>40 bytes of one-byte members (every byte ends a member, so every older width is valid); memory and wire agree.</summary>
    [BinaryFixedLayout(40, true, Evolvable = true, MemberEnds = new[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40 })]
    [StructLayout(LayoutKind.Sequential, Size = 40)]
    public struct Bytes40 : ICustomBinarySerializable
    {
        public byte First;

        public void WriteDataTo(ref FastBinaryWriter writer) => WriteBytes(ref writer, ref First, 40);

        public void SetDataFrom(ref FastBinaryReader reader) => ReadBytes(ref reader, ref First, 40);
    }

    /// <summary>48 bytes of one-byte members (every byte ends a member, so every older width is valid); memory and wire agree.</summary>
    [BinaryFixedLayout(48, true, Evolvable = true, MemberEnds = new[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48 })]
    [StructLayout(LayoutKind.Sequential, Size = 48)]
    public struct Bytes48 : ICustomBinarySerializable
    {
        public byte First;

        public void WriteDataTo(ref FastBinaryWriter writer) => WriteBytes(ref writer, ref First, 48);

        public void SetDataFrom(ref FastBinaryReader reader) => ReadBytes(ref reader, ref First, 48);
    }

    public static IEnumerable<object[]> Counts() => new[] { 1, 2, 5, 257 }.Select(c => new object[] { c });

    [Theory]
    [MemberData(nameof(Counts))]
    public void EveryOlderWidth_ReadsAsTheWritersBytesThenZeros(int count)
    {
        CheckEveryWidth<Bytes12>(count);
        CheckEveryWidth<Bytes16>(count);
        CheckEveryWidth<Bytes24>(count);
        CheckEveryWidth<Bytes33>(count);
        CheckEveryWidth<Bytes40>(count);
        CheckEveryWidth<Bytes48>(count);
    }

    private static void CheckEveryWidth<T>(int count)
        where T : unmanaged, ICustomBinarySerializable
    {
        int size = Unsafe.SizeOf<T>();
        for (int width = 1; width < size; width++)
        {
            byte[] record = OlderRecord(count, width, out byte[] block);
            byte[] expected = new byte[count * size];
            for (int i = 0; i < count; i++)
            {
                for (int b = 0; b < width; b++)
                {
                    expected[(i * size) + b] = block[(i * width) + b];
                }
            }

            var arrayReader = new FastBinaryReader(record);
            T[] array = arrayReader.ReadFixedArray<T>()!;
            MemoryMarshal.AsBytes(array.AsSpan()).ToArray().Should().Equal(expected, $"{typeof(T).Name} from {width}-byte elements, a new array");
            arrayReader.Position.Should().Be(record.Length);

            var listReader = new FastBinaryReader(record);
            List<T> list = listReader.ReadFixedList<T>()!;
            MemoryMarshal.AsBytes(list.ToArray().AsSpan()).ToArray().Should().Equal(expected, $"{typeof(T).Name} from {width}-byte elements, a list");

            // A kept buffer one element longer, filled with a byte no element holds: the read's elements are exactly the
            // expected bytes (the cleared tails included) and the element after them is untouched.
            T[] kept = new T[count + 1];
            MemoryMarshal.AsBytes(kept.AsSpan()).Fill(0xEE);
            var intoReader = new FastBinaryReader(record);
            intoReader.ReadFixedInto<T>(kept).Should().Be(count);
            byte[] keptBytes = MemoryMarshal.AsBytes(kept.AsSpan()).ToArray();
            keptBytes.Take(count * size).Should().Equal(expected, $"{typeof(T).Name} from {width}-byte elements, a kept buffer");
            keptBytes.Skip(count * size).Should().OnlyContain(b => b == 0xEE, "the element after the block is not the reader's to write");
        }
    }

    /// <summary>
    /// A message whose writer is the older version (8-byte elements) and whose reader the newer one (40-byte elements),
    /// reading into a buffer it keeps (the fixed-layout docs' way to read without allocating), or into a new array.
    /// </summary>
    public sealed class OlderTicks : ICustomBinarySerializable
    {
        public static Bytes40[] Kept = Array.Empty<Bytes40>();

        public long[] Written = Array.Empty<long>();

        public bool IntoKept;

        public int Count;

        public Bytes40[]? Allocated;

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(IntoKept);
            writer.WriteVarUInt32((uint)Written.Length + 1);
            writer.WriteVarUInt32(8);
            foreach (long value in Written)
            {
                writer.Write(value);
            }
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            IntoKept = reader.ReadBoolean();
            if (IntoKept)
            {
                Count = reader.ReadFixedInto<Bytes40>(Kept);
            }
            else
            {
                Allocated = reader.ReadFixedArray<Bytes40>();
                Count = Allocated!.Length;
            }
        }
    }

    [Fact]
    public void ANewerReadersLargerElements_ReadIntoAKeptBuffer_AreNotChargedToTheAllocationBudget()
    {
        // 40,000 elements of 8 bytes (320 KB) read as 40-byte elements: 1.6 MB of storage, over the budget of 1 byte per
        // input byte plus the 1 MiB allowance. Read into a kept buffer nothing is allocated, so nothing may be refused;
        // read into a new array the same record is refused, as it must be.
        const int count = 40_000;
        var options = new CustomBinaryFormatterOptions { MaxAllocationPerInputByte = 1 };
        var formatter = new CustomBinaryFormatter(options);
        formatter.Register<OlderTicks>(1);
        OlderTicks.Kept = new Bytes40[count];
        long[] values = Enumerable.Range(0, count).Select(i => (long)i * 0x0101_0101_0101 + 1).ToArray();

        byte[] intoKept = formatter.SerializeToArray(new OlderTicks { Written = values, IntoKept = true });
        var read = formatter.Deserialize<OlderTicks>(intoKept);

        read.Count.Should().Be(count);
        for (int i = 0; i < count; i += 997)
        {
            MemoryMarshal.Read<long>(MemoryMarshal.AsBytes(OlderTicks.Kept.AsSpan(i, 1))).Should().Be(values[i]);
            MemoryMarshal.AsBytes(OlderTicks.Kept.AsSpan(i, 1)).Slice(8).ToArray().Should().OnlyContain(b => b == 0);
        }

        byte[] intoNew = formatter.SerializeToArray(new OlderTicks { Written = values, IntoKept = false });
        Action allocating = () => formatter.Deserialize<OlderTicks>(intoNew);
        allocating.Should().Throw<FastSerializationException>().WithMessage("*MaxAllocationPerInputByte*");
    }

    /// <summary>A record that is only the sequence: count + 1, the element width, then the elements (bytes 1 to 255, never 0 or 0xEE).</summary>
    private static byte[] OlderRecord(int count, int width, out byte[] block)
    {
        var bytes = new List<byte>();
        WriteVarUInt(bytes, (uint)count + 1);
        WriteVarUInt(bytes, (uint)width);
        block = new byte[count * width];
        for (int i = 0; i < block.Length; i++)
        {
            block[i] = (byte)(1 + ((i * 37) % 0xED));
        }

        bytes.AddRange(block);
        return bytes.ToArray();
    }

    private static void WriteVarUInt(List<byte> bytes, uint value)
    {
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }

        bytes.Add((byte)value);
    }

    private static void WriteBytes(ref FastBinaryWriter writer, ref byte first, int size)
    {
        for (int i = 0; i < size; i++)
        {
            writer.Write(Unsafe.Add(ref first, i));
        }
    }

    private static void ReadBytes(ref FastBinaryReader reader, ref byte first, int size)
    {
        for (int i = 0; i < size; i++)
        {
            Unsafe.Add(ref first, i) = reader.ReadByte();
        }
    }
}

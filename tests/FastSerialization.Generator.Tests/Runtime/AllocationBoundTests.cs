using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// Allocation amplification: records whose collection elements are 1-byte empty entries, each of which makes
/// the reader build an object (or a set, or a 128-byte struct). The reader's budget
/// (<see cref="CustomBinaryFormatterOptions.MaxAllocationPerInputByte"/>) refuses them with the documented
/// exception, having allocated within a small multiple of the input; real data of the same shapes still reads.
/// </summary>
public class AllocationBoundTests
{
    private const int Elements = 1_000_000;

    /// <summary>The most a refused read may have allocated: the budget, plus what is made between two checks of it.</summary>
    private static long Bound(int inputLength) =>
        CustomBinaryFormatterOptions.ReadAllocationAllowance
        + ((long)CustomBinaryFormatterOptions.DefaultMaxAllocationPerInputByte * inputLength)
        + (512 * 1024);

    private static CustomBinaryFormatter Formatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<HeavyList>(1);
        formatter.Register<DecimalsArray>(2);
        formatter.Register<SetHolder>(3);
        formatter.Register<SmallList>(4);
        return formatter;
    }

    public static IEnumerable<object[]> HostileShapes() => new[]
    {
        new object[] { "List<Heavy> (16 strings, 2 initialized collections)", 1, Array.Empty<byte>(), true },
        new object[] { "EightDecimals[]", 2, Array.Empty<byte>(), true },
        new object[] { "List<HashSet<int>>", 3, new byte[] { 0, 0 }, true }, // Set, Map: null; then Sets
        new object[] { "List<Small> (about 32 bytes of memory per byte: within the budget, so it reads)", 4, Array.Empty<byte>(), false },
    };

    [Theory]
    [MemberData(nameof(HostileShapes))]
    public void OneByteElements_AllocateWithinTheBound_AndAreRefusedPastTheBudget(string shape, int typeId, byte[] before, bool refused)
    {
        byte[] record = OneByteElements(typeId, before, Elements);
        CustomBinaryFormatter formatter = Formatter();
        formatter.Freeze();

        long start = GC.GetAllocatedBytesForCurrentThread();
        Exception? thrown = Catch(() => formatter.Deserialize(record));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - start;

        if (refused)
        {
            thrown.Should().BeOfType<FastSerializationException>(shape).Which.Message.Should().Contain("MaxAllocationPerInputByte");
        }
        else
        {
            thrown.Should().BeNull(shape);
        }

        allocated.Should().BeLessThan(Bound(record.Length), "{0}: {1} input bytes", shape, record.Length);
    }

    [Fact]
    public void WithTheBudgetRaised_TheHostileRecordAllocatesFarPastTheBound()
    {
        // What the budget prevents (and what the theory above would catch without it): 200,000 1-byte
        // elements make about 290 bytes each.
        byte[] record = OneByteElements(1, Array.Empty<byte>(), 200_000);
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxAllocationPerInputByte = 1_000_000 });
        formatter.Register<HeavyList>(1);

        long start = GC.GetAllocatedBytesForCurrentThread();
        formatter.Deserialize<HeavyList>(record).Items.Should().HaveCount(200_000);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - start;

        allocated.Should().BeGreaterThan(2 * Bound(record.Length));
    }

    [Fact]
    public void RaisingTheLimit_LetsTheSameRecordRead()
    {
        byte[] record = OneByteElements(1, Array.Empty<byte>(), 100_000);
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxAllocationPerInputByte = 1000 });
        formatter.Register<HeavyList>(1);

        HeavyList read = formatter.Deserialize<HeavyList>(record);

        read.Items.Should().HaveCount(100_000);
    }

    [Fact]
    public void RealData_AMillionElementList_Reads()
    {
        CustomBinaryFormatter formatter = Formatter();
        var list = new SmallList
        {
            Items = Enumerable.Range(0, Elements).Select(i => new Small { A = i, B = -i }).ToList(),
            Names = Enumerable.Range(0, Elements).Select(i => (i % 100).ToString(System.Globalization.CultureInfo.InvariantCulture)).ToList(),
            Numbers = Enumerable.Range(0, Elements).ToList(),
        };
        byte[] record = formatter.SerializeToArray(list);

        SmallList read = formatter.Deserialize<SmallList>(record);

        read.Items.Should().HaveCount(Elements);
        read.Items![Elements - 1].B.Should().Be(-(Elements - 1));
        read.Names![Elements - 1].Should().Be("99");
        read.Numbers![Elements - 1].Should().Be(Elements - 1);
    }

    [Fact]
    public void RealData_AMillionOneCharacterStrings_Read()
    {
        CustomBinaryFormatter formatter = Formatter();
        var list = new SmallList { Names = Enumerable.Range(0, Elements).Select(i => ((char)('a' + (i % 26))).ToString()).ToList() };
        byte[] record = formatter.SerializeToArray(list);

        formatter.Deserialize<SmallList>(record).Names.Should().HaveCount(Elements);
    }

    [Fact]
    public void RealData_ManySmallSets_Read()
    {
        CustomBinaryFormatter formatter = Formatter();
        var holder = new SetHolder { Sets = Enumerable.Range(0, 200_000).Select(i => new HashSet<int> { i, i + 1 }).ToList() };
        byte[] record = formatter.SerializeToArray(holder);

        formatter.Deserialize<SetHolder>(record).Sets.Should().HaveCount(200_000);
    }

    /// <summary>A record of type <paramref name="typeId"/>: <paramref name="before"/>, then a collection of <paramref name="count"/> elements of one byte (0x01, an empty frame or an empty collection).</summary>
    private static byte[] OneByteElements(int typeId, byte[] before, int count)
    {
        var payload = new List<byte>(count + 16) { (byte)typeId };
        payload.AddRange(before);
        uint header = (uint)count + 1;
        while (header >= 0x80)
        {
            payload.Add((byte)(header | 0x80));
            header >>= 7;
        }

        payload.Add((byte)header);
        payload.AddRange(Enumerable.Repeat((byte)1, count));
        byte[] record = new byte[4 + payload.Count];
        BinaryPrimitives.WriteInt32LittleEndian(record, payload.Count);
        payload.CopyTo(record, 4);
        return record;
    }

    private static Exception? Catch(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception ex)
        {
            return ex;
        }
    }
}

using System;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>A tracked object with no members: 2 bytes on the wire (R = 1, L = 1), 24 bytes on the heap.</summary>
[BinaryReferenceTracked]
public sealed class Speck : ICustomBinarySerializable
{
    public void WriteDataTo(ref FastBinaryWriter writer)
    {
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
    }
}

/// <summary>
/// A record of <see cref="Count"/> new tracked specks that it reads and drops: what reading it allocates is the specks and
/// the reference table, nothing else (no list, and a count read as a plain varint, which charges no storage).
/// </summary>
public sealed class SpeckBag : ICustomBinarySerializable
{
    public int Count { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.WriteVarUInt32((uint)Count);
        for (int i = 0; i < Count; i++)
        {
            writer.WriteTrackedObject(new Speck());
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Count = (int)reader.ReadVarUInt32();
        for (int i = 0; i < Count; i++)
        {
            GC.KeepAlive(reader.ReadTrackedObject<Speck>());
        }
    }
}

/// <summary>
/// docs/FORMAT.md section 3d: the reader's reference table counts against <see cref="CustomBinaryFormatterOptions.MaxAllocationPerInputByte"/>,
/// charged before it grows, so that a record of many small tracked objects cannot make the table double past the budget.
/// </summary>
public class ReferenceTableBudgetTests
{
    private static CustomBinaryFormatter NewFormatter(int perByte)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxAllocationPerInputByte = perByte });
        formatter.Register<Speck>(1);
        formatter.Register<SpeckBag>(2);
        return formatter;
    }

    [Fact]
    public void TheTablesNextDoubling_IsRefusedBeforeItIsAllocated_WhenItWouldPassTheBudget()
    {
        // 2^20 specks take about 24 MB of objects and 16 MB of table (its arrays of 8, 16, ... 2^20 slots), from 2 MB of
        // input; one more speck doubles the table to 2^21 slots (16 MB more). With 23 bytes per input byte the limit is
        // about 49 MB: the first record fits with 8 MB to spare, and the second only if its table's growth were not counted.
        const int fits = 1 << 20;
        byte[] within = NewFormatter(64).SerializeToArray(new SpeckBag { Count = fits });
        byte[] over = NewFormatter(64).SerializeToArray(new SpeckBag { Count = fits + 1 });
        long limit = CustomBinaryFormatterOptions.ReadAllocationAllowance + (23L * over.Length);
        CustomBinaryFormatter formatter = NewFormatter(23);

        formatter.Deserialize<SpeckBag>(within).Count.Should().Be(fits, "2^20 specks and their table fit in the budget");

        long before = GC.GetAllocatedBytesForCurrentThread();
        Action read = () => formatter.Deserialize<SpeckBag>(over);
        read.Should().Throw<FastSerializationException>().WithMessage("*MaxAllocationPerInputByte*");
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        allocated.Should().BeLessThan(limit, "the table's doubling is charged, and refused, before it is allocated");
        NewFormatter(64).Deserialize<SpeckBag>(over).Count.Should().Be(fits + 1, "the default budget reads the same record");
    }
}

using System;
using System.Text;
using FastSerialization.Files.Internal;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

public class Crc32CTests
{
    [Fact]
    public void Compute_CheckString_GivesTheCastagnoliCheckValue()
    {
        // The catalogue's check value of CRC-32C (iSCSI) for "123456789".
        Crc32C.Compute(Encoding.ASCII.GetBytes("123456789")).Should().Be(0xE3069283u);
    }

    [Fact]
    public void Compute_ThirtyTwoZeroBytes_GivesTheRfc3720Vector()
    {
        Crc32C.Compute(new byte[32]).Should().Be(0x8A9136AAu);
    }

    [Fact]
    public void Compute_LongInputs_ThreeLaneLoop_EqualsTable()
    {
        var random = new Random(11);
        byte[] data = new byte[70_000];
        random.NextBytes(data);
        foreach (int length in new[] { 3071, 3072, 3073, 3080, 6144, 6151, 9999, 65_536, 70_000 })
        {
            uint table = ~Crc32C.UpdateTable(0xFFFFFFFFu, data.AsSpan(0, length));
            Crc32C.Compute(data.AsSpan(0, length)).Should().Be(table, $"length {length}");
            Crc32C.Compute(data.AsSpan(0, 100), data.AsSpan(100, length - 100)).Should().Be(table, $"length {length}, split at 100");
        }
    }

    [Fact]
    public void Compute_Hardware_EqualsTable_ForEveryLengthAndSplit()
    {
        var random = new Random(7);
        byte[] data = new byte[300];
        random.NextBytes(data);
        for (int length = 0; length < data.Length; length += 7)
        {
            uint table = ~Crc32C.UpdateTable(0xFFFFFFFFu, data.AsSpan(0, length));
            Crc32C.Compute(data.AsSpan(0, length)).Should().Be(table);
            int split = length / 3;
            Crc32C.Compute(data.AsSpan(0, split), data.AsSpan(split, length - split)).Should().Be(table);
        }
    }
}

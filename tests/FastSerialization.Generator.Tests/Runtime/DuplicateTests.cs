using System;
using System.Collections.Generic;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>One rule for sets and dictionaries (docs/FORMAT.md section 5): a repeated element or key is refused.</summary>
public class DuplicateTests
{
    private static CustomBinaryFormatter Formatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<SetHolder>(1);
        return formatter;
    }

    [Fact]
    public void HashSet_WithARepeatedElement_IsRefused()
    {
        CustomBinaryFormatter formatter = Formatter();
        byte[] record = formatter.SerializeToArray(new SetHolder { Set = new HashSet<int> { 7, 8 } });
        Patch(record, new byte[] { 3, 7, 0, 0, 0, 8, 0, 0, 0 }, new byte[] { 3, 7, 0, 0, 0, 7, 0, 0, 0 });

        Action act = () => formatter.Deserialize<SetHolder>(record);

        act.Should().Throw<FastSerializationException>().WithMessage("*set has a duplicate element*");
    }

    [Fact]
    public void Dictionary_WithARepeatedKey_IsRefused()
    {
        CustomBinaryFormatter formatter = Formatter();
        byte[] record = formatter.SerializeToArray(new SetHolder { Map = new Dictionary<int, string> { [7] = "a", [8] = "b" } });

        // Keys of a generated dictionary are zigzag varints: 7 is 0x0E, 8 is 0x10.
        Patch(record, new byte[] { 3, 0x0E, 2, (byte)'a', 0x10 }, new byte[] { 3, 0x0E, 2, (byte)'a', 0x0E });

        Action act = () => formatter.Deserialize<SetHolder>(record);

        act.Should().Throw<FastSerializationException>().WithMessage("*duplicate key*");
    }

    [Fact]
    public void HashSet_WithDistinctElements_ReadsEveryOne()
    {
        CustomBinaryFormatter formatter = Formatter();
        var sets = new List<HashSet<int>> { new() { 1, 2, 3 }, new(), new() { -5 } };
        byte[] record = formatter.SerializeToArray(new SetHolder { Set = new HashSet<int> { 7, 8 }, Sets = sets });

        SetHolder read = formatter.Deserialize<SetHolder>(record);

        read.Set.Should().BeEquivalentTo(new[] { 7, 8 });
        read.Sets.Should().HaveCount(3);
        read.Sets![0].Should().BeEquivalentTo(new[] { 1, 2, 3 });
        read.Sets[2].Should().BeEquivalentTo(new[] { -5 });
    }

    private static void Patch(byte[] record, byte[] find, byte[] replace)
    {
        int at = record.AsSpan().IndexOf(find);
        at.Should().BeGreaterThan(0, "the record should hold the bytes to patch");
        replace.CopyTo(record, at);
    }
}

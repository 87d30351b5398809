using System;
using System.Collections.Generic;
using System.Globalization;
using System.Numerics;
using FastSerialization.Tests.Support;
using FastSerialization.Tests.Wire;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Formatter;

/// <summary>
/// A record's reader reads with its formatter's limits, which it references rather than copies (issue 48 item 5): each
/// limit holds at its boundary, and formatters with other limits used in turn each keep their own.
/// </summary>
public class ReaderLimitsTests
{
    /// <summary>A record of a <see cref="Node"/> with <paramref name="below"/> nodes nested under it.</summary>
    private static byte[] Chain(int below)
    {
        var writer = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxDepth = 200 });
        writer.Register<Node>(7);
        var head = new Node { Value = -1 };
        Node tail = head;
        for (int i = 0; i < below; i++)
        {
            tail.Next = new Node { Value = i };
            tail = tail.Next;
        }

        return writer.SerializeToArray(head);
    }

    private static int CountBelow(Node node)
    {
        int count = 0;
        for (Node? n = node.Next; n is not null; n = n.Next)
        {
            n.Value.Should().Be(count);
            count++;
        }

        return count;
    }

    // Below, at and above the depth from which the stack is looked at too (8): the reader asks one compare on the way
    // in, against the lower of the two.
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(7)]
    [InlineData(8)]
    [InlineData(9)]
    [InlineData(12)]
    [InlineData(64)]
    public void TheDepthLimit_HoldsAtItsBoundary(int maxDepth)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxDepth = maxDepth });
        formatter.Register<Node>(7);

        CountBelow(formatter.Deserialize<Node>(Chain(maxDepth))).Should().Be(maxDepth);
        Action deeper = () => formatter.Deserialize<Node>(Chain(maxDepth + 1));
        deeper.Should().Throw<FastSerializationException>().WithMessage($"*deeper than the limit of {maxDepth} *");
    }

    [Fact]
    public void TwoFormattersWithOtherLimits_UsedInTurn_EachReadsWithItsOwn()
    {
        var writer = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxDepth = 200 });
        writer.Register<PersonV2>(1);
        writer.Register<ValueTypeEncodingTests.Big>(2);
        writer.Register<GraphPerson>(3);
        byte[] deep = Chain(4);
        byte[] newer = writer.SerializeToArray(new PersonV2 { Name = "Ada", Age = 36 });
        var big = BigInteger.Parse("123456789012345678901234567890", CultureInfo.InvariantCulture); // 13 bytes
        byte[] bigRecord = writer.SerializeToArray(new ValueTypeEncodingTests.Big { Value = big });
        byte[] threeTracked = writer.SerializeToArray(new GraphPerson { Name = "a", Friend = new GraphPerson { Name = "b", Friend = new GraphPerson { Name = "c" } } });

        CustomBinaryFormatter strict = Formatter(new CustomBinaryFormatterOptions
        {
            MaxDepth = 3, RejectUnreadBytes = true, MaxBigIntegerBytes = 12, MaxTrackedObjects = 2,
        });
        CustomBinaryFormatter lenient = Formatter(new CustomBinaryFormatterOptions());

        for (int round = 0; round < 20; round++)
        {
            CountBelow(lenient.Deserialize<Node>(deep)).Should().Be(4);
            Action tooDeep = () => strict.Deserialize<Node>(deep);
            tooDeep.Should().Throw<FastSerializationException>().WithMessage("*deeper than the limit of 3 *");

            lenient.Deserialize<PersonV1>(newer).Name.Should().Be("Ada");
            Action unread = () => strict.Deserialize<PersonV1>(newer);
            unread.Should().Throw<FastSerializationException>().WithMessage("*left 4 byte(s)*unread*RejectUnreadBytes*");

            lenient.Deserialize<ValueTypeEncodingTests.Big>(bigRecord).Value.Should().Be(big);
            Action tooBig = () => strict.Deserialize<ValueTypeEncodingTests.Big>(bigRecord);
            tooBig.Should().Throw<FastSerializationException>().WithMessage("*13 bytes*limit of 12*MaxBigIntegerBytes*");

            lenient.Deserialize<GraphPerson>(threeTracked).Friend!.Friend!.Name.Should().Be("c");
            Action tooMany = () => strict.Deserialize<GraphPerson>(threeTracked);
            tooMany.Should().Throw<FastSerializationException>().WithMessage("*more than 2 tracked objects*MaxTrackedObjects*");
        }
    }

    [Fact]
    public void TwoFormattersWithOtherAllocationBudgets_UsedInTurn_EachMeasuresWithItsOwn()
    {
        // A tracked root with 200,000 new children of 5 bytes each: far more memory than input, which a budget of 1 byte
        // per input byte (plus the 1 MiB allowance) refuses and the default budget reads.
        const int count = 200_000;
        var payload = new List<byte>();
        payload.AddRange(Str("root"));
        payload.Add(0); // no parent
        payload.AddRange(VarUInt(count + 1));
        for (int i = 0; i < count; i++)
        {
            payload.AddRange(new byte[] { 1, 4, 1, 0, 1 }); // new (R = 1), 4 bytes: an empty name, parent R = 0, no children
        }

        byte[] record = Record(4, payload.ToArray());
        CustomBinaryFormatter tight = Formatter(new CustomBinaryFormatterOptions { MaxAllocationPerInputByte = 1 });
        CustomBinaryFormatter usual = Formatter(new CustomBinaryFormatterOptions());

        for (int round = 0; round < 2; round++)
        {
            Action refused = () => tight.Deserialize<TreeNode>(record);
            refused.Should().Throw<FastSerializationException>().WithMessage("*more than*bytes: 1 per byte*MaxAllocationPerInputByte*");
            usual.Deserialize<TreeNode>(record).Children.Should().HaveCount(count);
        }
    }

    [Fact]
    public void DeepClone_ReadsWithTheDepthLimitOnly_WhateverTheOtherLimits()
    {
        // The clone's record never left the process: of the formatter's limits, only the depth applies to reading it back.
        CustomBinaryFormatter strict = Formatter(new CustomBinaryFormatterOptions { MaxDepth = 3, MaxBigIntegerBytes = 12, MaxTrackedObjects = 2 });
        var big = new ValueTypeEncodingTests.Big { Value = BigInteger.Parse("123456789012345678901234567890", CultureInfo.InvariantCulture) };
        var three = new GraphPerson { Name = "a", Friend = new GraphPerson { Name = "b", Friend = new GraphPerson { Name = "c" } } };

        strict.DeepClone(big).Value.Should().Be(big.Value);
        strict.DeepClone(three).Friend!.Friend!.Name.Should().Be("c");
    }

    private static CustomBinaryFormatter Formatter(CustomBinaryFormatterOptions options)
    {
        var formatter = new CustomBinaryFormatter(options);
        formatter.Register<PersonV1>(1);
        formatter.Register<ValueTypeEncodingTests.Big>(2);
        formatter.Register<GraphPerson>(3);
        formatter.Register<TreeNode>(4);
        formatter.Register<Node>(7);
        return formatter;
    }
}

using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>Hostile nesting: a self-referencing type 100,000 deep, built as bytes.</summary>
public class DepthTests
{
    private const int Depth = 100_000;

    [Fact]
    public void SelfReferencingType_100000Deep_ThrowsDocumentedException()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Node>(1);
        byte[] record = Record(1, DeepNodePayload(Depth));

        Action act = () => formatter.Deserialize<Node>(record);

        act.Should().Throw<FastSerializationException>().WithMessage("*deeper than the limit of 64*");
    }

    [Fact]
    public void SelfReferencingType_64Deep_Reads()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Node>(1);

        Node node = formatter.Deserialize<Node>(Record(1, DeepNodePayload(64)));

        int levels = 0;
        for (Node? n = node; n is not null; n = n.Next)
        {
            levels++;
        }

        levels.Should().Be(65);
    }

    [Fact]
    public void DeepNesting_InMembersATolerantReaderSkips_IsSkippedWithoutDescending()
    {
        // A V2 Order whose appended member Deep (a Node) is 100,000 deep: a V1 reader skips it whole,
        // by its frame length, so the depth of what it skips costs nothing and reaches no recursion.
        var payload = new List<byte>();
        payload.Add(14); // Id = 7: a zigzag varint
        payload.Add(0); // Ship: null
        payload.Add(0); // History: null
        payload.AddRange(new byte[] { 2, (byte)'z' }); // After
        payload.AddRange(new byte[] { 0, 0 }); // Total = 0m: a VarDecimal (head byte, then the coefficient 0)
        payload.Add(0); // Extra: null
        byte[] deep = DeepNodePayload(Depth);
        payload.AddRange(VarUInt((uint)deep.Length + 1));
        payload.AddRange(deep);
        byte[] record = Record(1, payload.ToArray());

        var old = new CustomBinaryFormatter();
        old.Register<Models.V1.Order>(1);
        Models.V1.Order read = old.Deserialize<Models.V1.Order>(record);
        read.Id.Should().Be(7);
        read.After.Should().Be("z");

        // The newer reader, which does descend into the member, stops at the depth limit.
        var newer = new CustomBinaryFormatter();
        newer.Register<Models.V2.Order>(1);
        Action act = () => newer.Deserialize<Models.V2.Order>(record);
        act.Should().Throw<FastSerializationException>().WithMessage("*deeper than the limit*");
    }

    /// <summary>The payload of a Node with <paramref name="depth"/> Nodes nested below it, built back to front.</summary>
    private static byte[] DeepNodePayload(int depth)
    {
        var reversed = new List<byte>(depth * 8);
        void PrependInt(int value)
        {
            // A generated int member is a zigzag varint (docs/FORMAT.md section 3a).
            byte[] b = VarUInt((uint)((value << 1) ^ (value >> 31)));
            for (int i = b.Length - 1; i >= 0; i--)
            {
                reversed.Add(b[i]);
            }
        }

        // The innermost node: Value, then Next = null.
        reversed.Add(0);
        PrependInt(depth);
        for (int level = depth - 1; level >= 0; level--)
        {
            byte[] length = VarUInt((uint)reversed.Count + 1);
            for (int i = length.Length - 1; i >= 0; i--)
            {
                reversed.Add(length[i]);
            }

            PrependInt(level);
        }

        reversed.Reverse();
        return reversed.ToArray();
    }

    private static byte[] VarUInt(uint value)
    {
        var bytes = new List<byte>();
        while (value >= 0x80)
        {
            bytes.Add((byte)(value | 0x80));
            value >>= 7;
        }

        bytes.Add((byte)value);
        return bytes.ToArray();
    }

    private static byte[] Record(uint typeId, byte[] payload)
    {
        byte[] id = VarUInt(typeId);
        var record = new byte[4 + id.Length + payload.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(record, (uint)(id.Length + payload.Length));
        id.CopyTo(record, 4);
        payload.CopyTo(record, 4 + id.Length);
        return record;
    }
}

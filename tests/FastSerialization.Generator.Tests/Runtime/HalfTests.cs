using System;
using System.Collections.Generic;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>Generated code writes a <see cref="Half"/> as its 2 IEEE 754 bytes wherever it stands, bit-exact, and names it in the layout.</summary>
public class HalfTests
{
    private static Half H(ushort bits) => BitConverter.UInt16BitsToHalf(bits);

    [Fact]
    public void Halves_AreTwoBytes_EverywhereTheyStand_AndReadBackBitExact()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Halves>(1);
        var value = new Halves
        {
            Single = H(0x3C00), // 1.0
            Maybe = H(0x8000), // -0.0
            Array = new[] { H(0x7E01), H(0x0001) }, // a NaN with a payload, the smallest subnormal
            List = new List<Half> { H(0x7BFF) }, // 65504
            Map = new Dictionary<int, Half> { [300] = H(0xFC00) }, // -infinity
        };

        byte[] record = formatter.SerializeToArray(value);

        byte[] expectedPayload =
        {
            0x00, 0x3C, // Single
            0x01, 0x00, 0x80, // Maybe: present, then -0.0
            0x03, 0x01, 0x7E, 0x01, 0x00, // Array: count + 1, then 2 bytes each
            0x02, 0xFF, 0x7B, // List
            0x02, 0xD8, 0x04, 0x00, 0xFC, // Map: count + 1, key 300 as a zigzag varint (section 3a), value -infinity
        };
        record.Skip(5).Should().Equal(expectedPayload);

        Halves back = formatter.Deserialize<Halves>(record);
        Bits(back.Single).Should().Be(0x3C00);
        Bits(back.Maybe!.Value).Should().Be(0x8000, "-0.0 is kept");
        back.Array!.Select(Bits).Should().Equal(0x7E01, 0x0001);
        back.List!.Select(Bits).Should().Equal(0x7BFF);
        back.Map!.Should().ContainKey(300);
        Bits(back.Map![300]).Should().Be(0xFC00);
    }

    [Fact]
    public void TheLayout_NamesHalf()
    {
        var layout = (BinaryLayoutAttribute)System.Attribute.GetCustomAttribute(typeof(Halves), typeof(BinaryLayoutAttribute))!;
        layout.Layout.Should().Be("Half;Nullable<Half>;Sequence<Half>;Sequence<Half>;Map<VarInt32,Half>");
    }

    private static ushort Bits(Half value) => BitConverter.HalfToUInt16Bits(value);
}

using System.Collections.Generic;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>Generated code writes a single decimal as a VarDecimal, keeps 16 bytes where asked or in sequences, and names it in the layout.</summary>
public class DecimalTests
{
    [Fact]
    public void SingleDecimals_AreCompact_FixedWidthAndArraysAreNot()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Decimals>(1);
        var value = new Decimals
        {
            Single = 1249.90m,
            Maybe = -1.5m,
            Fixed = 1m,
            Array = new[] { 2m },
            Map = new Dictionary<decimal, decimal> { [3m] = 0.25m },
        };

        byte[] record = formatter.SerializeToArray(value);

        byte[] fixedOne = { 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        byte[] fixedTwo = { 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
        byte[] expectedPayload = new byte[] { 0x02, 0xBE, 0xD0, 0x07 } // Single: VarDecimal
            .Concat(new byte[] { 0x01, 0x81, 0x0F }) // Maybe: present, then VarDecimal -1.5
            .Concat(fixedOne) // Fixed: 16 bytes
            .Concat(new byte[] { 0x02 }).Concat(fixedTwo) // Array: count + 1, then 16 bytes each
            .Concat(new byte[] { 0x02, 0x00, 0x03, 0x02, 0x19 }) // Map: count + 1, key 3m, value 0.25m (scale 2, 25)
            .ToArray();
        record.Skip(5).Should().Equal(expectedPayload);

        Decimals back = formatter.Deserialize<Decimals>(record);
        back.Should().BeEquivalentTo(value);
        decimal.GetBits(back.Single).Should().Equal(decimal.GetBits(1249.90m), "the scale of 1249.90 is kept");
    }

    [Fact]
    public void TheLayout_NamesTheCompactForm()
    {
        var layout = (BinaryLayoutAttribute)System.Attribute.GetCustomAttribute(typeof(Decimals), typeof(BinaryLayoutAttribute))!;
        layout.Layout.Should().StartWith("VarDecimal;Nullable<VarDecimal>;Decimal;");
    }
}

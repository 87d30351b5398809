using System;
using System.Collections.Generic;
using System.Linq;
using System.Numerics;
using System.Text;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// Generated code writes the value types of contract section 2b (DateOnly, TimeOnly, Int128, UInt128, BigInteger,
/// Complex, Rune, Uri, Version) wherever they stand, in the bytes of docs/FORMAT.md section 2b (pinned here by hand),
/// with section 3a's compact forms for single DateOnly, Int128 and UInt128 values; names each in the layout; and
/// refuses malformed values in a record with the documented exception.
/// </summary>
public class ValueTypeTests
{
    private static readonly byte[] Noon = { 0x00, 0xE0, 0x34, 0x95, 0x64, 0x00, 0x00, 0x00 }; // 432,000,000,000 ticks
    private static readonly byte[] OnePointFiveMinusTwo = { 0, 0, 0, 0, 0, 0, 0xF8, 0x3F, 0, 0, 0, 0, 0, 0, 0, 0xC0 }; // Complex(1.5, -2.0)

    private static byte[] Bytes(params byte[] bytes) => bytes;

    private static byte[] Repeat(byte value, int count) => Enumerable.Repeat(value, count).ToArray();

    private static byte[] Str(string text) => new[] { (byte)(Encoding.UTF8.GetByteCount(text) + 1) }.Concat(Encoding.UTF8.GetBytes(text)).ToArray();

    private static CustomBinaryFormatter Formatter<T>()
        where T : ICustomBinarySerializable
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<T>(1);
        return formatter;
    }

    [Fact]
    public void Members_AreWrittenInTheirSection2bBytes_CompactWhereSection3aApplies()
    {
        var value = new ValueTypeMembers
        {
            Day = new DateOnly(2026, 11, 27),
            Time = new TimeOnly(12, 0),
            Signed = -1,
            Unsigned = 300,
            Big = 255,
            Point = new Complex(1.5, -2.0),
            Letter = new Rune(0x1F600),
            Link = new Uri("https://example.com/a"),
            Release = new Version(1, 2, 3),
            FixedDay = new DateOnly(2026, 11, 27),
            FixedSigned = Int128.MinValue,
        };

        byte[] record = Formatter<ValueTypeMembers>().SerializeToArray(value);

        byte[] expected = new[]
        {
            Bytes(0xD4, 0xA9, 0x5A), // Day: day number 739,946 as a zigzag varint32
            Noon, // Time: ticks, 8 bytes
            Bytes(0x01), // Signed: -1 as a zigzag varint
            Bytes(0xAC, 0x02), // Unsigned: 300 as LEB128
            Bytes(0x02, 0xFF, 0x00), // Big: 2 bytes, 255 and a sign byte
            OnePointFiveMinusTwo, // Point
            Bytes(0x00, 0xF6, 0x01, 0x00), // Letter: U+1F600
            Str("https://example.com/a"), // Link
            Str("1.2.3"), // Release
            Bytes(0x6A, 0x4A, 0x0B, 0x00), // FixedDay: the day number, 4 bytes
            Repeat(0x00, 15).Concat(Bytes(0x80)).ToArray(), // FixedSigned: Int128.MinValue, 16 bytes
        }.SelectMany(b => b).ToArray();
        record.Skip(5).Should().Equal(expected);

        ValueTypeMembers back = Formatter<ValueTypeMembers>().Deserialize<ValueTypeMembers>(record);
        back.Day.Should().Be(value.Day);
        back.Time.Should().Be(value.Time);
        back.Signed.Should().Be(value.Signed);
        back.Unsigned.Should().Be(value.Unsigned);
        back.Big.Should().Be(value.Big);
        back.Point.Should().Be(value.Point);
        back.Letter.Should().Be(value.Letter);
        back.Link.Should().Be(value.Link);
        back.Release.Should().Be(value.Release);
        back.FixedDay.Should().Be(value.FixedDay);
        back.FixedSigned.Should().Be(value.FixedSigned);
    }

    [Fact]
    public void Nullables_AreAPresenceByteThenTheValue()
    {
        var value = new ValueTypeNullables
        {
            Day = DateOnly.MinValue,
            Time = null,
            Signed = Int128.MaxValue,
            Unsigned = null,
            Big = BigInteger.MinusOne,
            Point = null,
            Letter = new Rune('A'),
        };

        byte[] record = Formatter<ValueTypeNullables>().SerializeToArray(value);

        byte[] expected = new[]
        {
            Bytes(0x01, 0x00), // Day: present, day number 0 as a varint
            Bytes(0x00), // Time: null
            Bytes(0x01, 0xFE).Concat(Repeat(0xFF, 17)).Concat(Bytes(0x03)).ToArray(), // Signed: present, MaxValue as a 19-byte zigzag varint
            Bytes(0x00), // Unsigned: null
            Bytes(0x01, 0x01, 0xFF), // Big: present, one byte FF
            Bytes(0x00), // Point: null
            Bytes(0x01, 0x41, 0x00, 0x00, 0x00), // Letter: present, 'A'
        }.SelectMany(b => b).ToArray();
        record.Skip(5).Should().Equal(expected);

        ValueTypeNullables back = Formatter<ValueTypeNullables>().Deserialize<ValueTypeNullables>(record);
        back.Should().BeEquivalentTo(value);
    }

    [Fact]
    public void Collections_KeepTheFixedWidths_SingleKeysAndValuesAreCompact()
    {
        var value = new ValueTypeCollections
        {
            Days = new[] { new DateOnly(1, 1, 2) },
            Signed = new Int128[] { 1, -1 },
            Bigs = new BigInteger[] { 0, 128 },
            Links = new[] { null, new Uri("x", UriKind.Relative) },
            Times = new List<TimeOnly>(),
            Unsigned = null,
            Points = new List<Complex> { Complex.ImaginaryOne },
            Letters = new List<Rune> { new Rune(0xE9) },
            Releases = new List<Version?> { null, new Version(2, 0) },
            ByDay = new Dictionary<DateOnly, Int128> { [DateOnly.MinValue] = 5 },
            ByLink = new Dictionary<Uri, Version?> { [new Uri("/a", UriKind.Relative)] = null },
            ByLetter = new Dictionary<Rune, BigInteger> { [new Rune('a')] = -128 },
            ByRelease = new Dictionary<Version, UInt128?> { [new Version(1, 0)] = 7 },
        };

        byte[] record = Formatter<ValueTypeCollections>().SerializeToArray(value);

        byte[] expected = new[]
        {
            Bytes(0x02, 0x01, 0x00, 0x00, 0x00), // Days: 1 element, day number 1 in 4 bytes
            Bytes(0x03, 0x01).Concat(Repeat(0x00, 15)).Concat(Repeat(0xFF, 16)).ToArray(), // Signed: 16 bytes each
            Bytes(0x03, 0x01, 0x00, 0x02, 0x80, 0x00), // Bigs: 0, then 128
            Bytes(0x03, 0x00, 0x02, 0x78), // Links: null, then "x"
            Bytes(0x01), // Times: empty
            Bytes(0x00), // Unsigned: null
            Bytes(0x02).Concat(Repeat(0x00, 8)).Concat(Bytes(0, 0, 0, 0, 0, 0, 0xF0, 0x3F)).ToArray(), // Points: (0, 1)
            Bytes(0x02, 0xE9, 0x00, 0x00, 0x00), // Letters: U+00E9
            Bytes(0x03, 0x00).Concat(Str("2.0")).ToArray(), // Releases: null, then "2.0"
            Bytes(0x02, 0x00, 0x0A), // ByDay: key day 0 as a varint, value 5 as a zigzag varint
            Bytes(0x02).Concat(Str("/a")).Concat(Bytes(0x00)).ToArray(), // ByLink: key "/a", value null
            Bytes(0x02, 0x61, 0x00, 0x00, 0x00, 0x01, 0x80), // ByLetter: key 'a', value -128 in one byte
            Bytes(0x02).Concat(Str("1.0")).Concat(Bytes(0x01, 0x07)).ToArray(), // ByRelease: key "1.0", value present, 7
        }.SelectMany(b => b).ToArray();
        record.Skip(5).Should().Equal(expected);

        ValueTypeCollections back = Formatter<ValueTypeCollections>().Deserialize<ValueTypeCollections>(record);
        back.Days.Should().Equal(value.Days);
        back.Signed.Should().Equal(value.Signed);
        back.Bigs.Should().Equal(value.Bigs);
        back.Links.Should().Equal(value.Links);
        back.Times.Should().BeEmpty();
        back.Unsigned.Should().BeNull();
        back.Points.Should().Equal(value.Points);
        back.Letters.Should().Equal(value.Letters);
        back.Releases.Should().Equal(value.Releases);
        back.ByDay.Should().Equal(value.ByDay);
        back.ByLink!.Keys.Single().IsAbsoluteUri.Should().BeFalse();
        back.ByLink.Should().Equal(value.ByLink);
        back.ByLetter.Should().Equal(value.ByLetter);
        back.ByRelease.Should().Equal(value.ByRelease);
    }

    [Theory]
    [InlineData(typeof(ValueTypeMembers), "VarDateOnly;TimeOnly;VarInt128;VarUInt128;BigInteger;Complex;Rune;Uri;Version;DateOnly;Int128")]
    [InlineData(typeof(ValueTypeNullables), "Nullable<VarDateOnly>;Nullable<TimeOnly>;Nullable<VarInt128>;Nullable<VarUInt128>;Nullable<BigInteger>;Nullable<Complex>;Nullable<Rune>")]
    [InlineData(typeof(ValueTypeCollections), "Sequence<DateOnly>;Sequence<Int128>;Sequence<BigInteger>;Sequence<Uri>;Sequence<TimeOnly>;Sequence<UInt128>;Sequence<Complex>;Sequence<Rune>;Sequence<Version>;Map<VarDateOnly,VarInt128>;Map<Uri,Version>;Map<Rune,BigInteger>;Map<Version,Nullable<VarUInt128>>")]
    public void TheLayout_NamesEachEncoding(Type type, string expected)
    {
        var layout = (BinaryLayoutAttribute)Attribute.GetCustomAttribute(type, typeof(BinaryLayoutAttribute))!;
        layout.Layout.Should().Be(expected);
    }

    [Fact]
    public void TheHandshakeComparison_TellsACompactFromAFixedDateOnly()
    {
        // A peer whose ValueTypeMembers had a fixed-width Day: the same type name, a different kind at position 0.
        var formatter = Formatter<ValueTypeMembers>();
        RegistryEntry ours = RegistryEntry.Describe(formatter.Registry).Single();
        var theirs = new RegistryEntry(ours.Id, ours.TypeName, new[] { "DateOnly" }.Concat(ours.Layout!.Skip(1)).ToArray());

        RegistryMismatch mismatch = RegistryEntry.FindMismatch(new[] { ours }, new[] { theirs })!;
        mismatch.Should().NotBeNull();
        mismatch.Position.Should().Be(0);
        mismatch.OurMember.Should().Be("VarDateOnly");
        mismatch.TheirMember.Should().Be("DateOnly");
    }

    public static TheoryData<byte[], string> MalformedRecords => new()
    {
        // ValueTypeNullables: Day present, day number -1 (zigzag 01).
        { Bytes(0x01, 0x01), "*not a DateOnly*" },

        // Then Time present with a whole day of ticks.
        { Bytes(0x00, 0x01, 0x00, 0xC0, 0x69, 0x2A, 0xC9, 0x00, 0x00, 0x00), "*not a TimeOnly*" },

        // Signed present, 20 continuation bytes.
        { Bytes(0x00, 0x00, 0x01).Concat(Repeat(0x80, 20)).ToArray(), "*VarInt128*" },

        // Big present, 0 written in two bytes.
        { Bytes(0x00, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x00), "*shortest form*" },

        // Big present, a count of 2^32 - 1 with nothing after it.
        { Bytes(0x00, 0x00, 0x00, 0x00, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F), "*BigInteger*" },

        // Letter present, a surrogate.
        { Bytes(0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0xD8, 0x00, 0x00), "*not a Unicode scalar value*" },
    };

    [Theory]
    [MemberData(nameof(MalformedRecords))]
    public void MalformedValues_InARecord_AreTheDocumentedException(byte[] payload, string message)
    {
        byte[] record = BitConverter.GetBytes(payload.Length + 1).Concat(Bytes(0x01)).Concat(payload).ToArray();
        Action read = () => Formatter<ValueTypeNullables>().Deserialize<ValueTypeNullables>(record);
        read.Should().Throw<FastSerializationException>().WithMessage(message);
    }

    [Theory]
    [InlineData("http://[bad", "*is not a URI*")]
    [InlineData("1.02", "*not a Version*")]
    public void UnparsableStrings_InARecord_AreTheDocumentedException(string text, string message)
    {
        // ValueTypeCollections: Days..Bigs null, Links = [text] (or Releases = [text] for a version).
        bool isUri = message.Contains("URI", StringComparison.Ordinal);
        byte[] payload = isUri
            ? Bytes(0x00, 0x00, 0x00, 0x02).Concat(Str(text)).ToArray()
            : Bytes(0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02).Concat(Str(text)).ToArray();
        byte[] record = BitConverter.GetBytes(payload.Length + 1).Concat(Bytes(0x01)).Concat(payload).ToArray();
        Action read = () => Formatter<ValueTypeCollections>().Deserialize<ValueTypeCollections>(record);
        read.Should().Throw<FastSerializationException>().WithMessage(message);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void ADuplicateOrNullUriKey_IsTheDocumentedException(bool duplicate)
    {
        // ValueTypeCollections: the first ten members null, then ByLink with two entries "/a" (or one null key).
        byte[] entries = duplicate
            ? Bytes(0x03).Concat(Str("/a")).Concat(Bytes(0x00)).Concat(Str("/a")).Concat(Bytes(0x00)).ToArray()
            : Bytes(0x02, 0x00, 0x00);
        byte[] payload = Repeat(0x00, 10).Concat(entries).ToArray();
        byte[] record = BitConverter.GetBytes(payload.Length + 1).Concat(Bytes(0x01)).Concat(payload).ToArray();
        Action read = () => Formatter<ValueTypeCollections>().Deserialize<ValueTypeCollections>(record);
        read.Should().Throw<FastSerializationException>().WithMessage("*null or duplicate key*");
    }
}

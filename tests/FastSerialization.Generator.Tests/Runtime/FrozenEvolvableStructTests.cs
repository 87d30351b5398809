using System;
using System.Buffers.Binary;
using FluentAssertions;
using Xunit;
using V1 = FastSerialization.Generator.Tests.Models.Evolvable.V1;
using V2 = FastSerialization.Generator.Tests.Models.Evolvable.V2;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// An evolvable fixed-layout struct held inline in another fixed-layout struct is frozen there (docs/FORMAT.md section 3c):
/// written at its size with no size of its own. Only a size written before a value, or a record's length for the
/// evolvable struct's own record, says that an older writer wrote fewer members; so a record cut short inside such a
/// held struct is malformed (section 5), not an older writer's data, while the older writers the format describes are
/// still read with the members they lack at their defaults.
/// </summary>
public class FrozenEvolvableStructTests
{
    private static readonly V2.Sample FullSample = new() { Time = 1, Value = 2.5, Sensor = 3, Flags = 4 };

    private static CustomBinaryFormatter Formatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<V2.Tagged>(1);
        formatter.Register<V2.TaggedSwitch>(2);
        formatter.Register<V2.Reading>(3);
        formatter.Register<V2.Sample>(4);
        return formatter;
    }

    private static CustomBinaryFormatter Older()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<V1.Sample>(4);
        return formatter;
    }

    /// <summary>The record (a one-byte type id) with its payload cut to its first <paramref name="payload"/> bytes, its length prefix saying so.</summary>
    private static byte[] Cut(byte[] record, int payload)
    {
        byte[] cut = record.AsSpan(0, 4 + 1 + payload).ToArray();
        BinaryPrimitives.WriteUInt32LittleEndian(cut, (uint)(1 + payload));
        return cut;
    }

    [Theory]
    [InlineData(4)] // the tag alone: none of the sample
    [InlineData(12)] // the sample's Time
    [InlineData(20)] // Time and Value: where an older sample ends
    [InlineData(24)] // all but Flags
    public void ARecordCutShort_InsideAFrozenLastMember_IsMalformed_WhetherBlocksCopyOrNot(int payload)
    {
        CustomBinaryFormatter formatter = Formatter();
        byte[] record = formatter.SerializeToArray(new V2.Tagged { Tag = 5, Sample = FullSample });
        record.Should().HaveCount(4 + 1 + 28);
        formatter.Deserialize<V2.Tagged>(record).Should().Be(new V2.Tagged { Tag = 5, Sample = FullSample });

        Action typed = () => formatter.Deserialize<V2.Tagged>(Cut(record, payload));
        Action boxed = () => formatter.Deserialize(Cut(record, payload));

        typed.Should().Throw<FastSerializationException>().WithMessage("*Sample*held inline*");
        boxed.Should().Throw<FastSerializationException>().WithMessage("*Sample*held inline*");
    }

    [Theory]
    [InlineData(8)] // the tag alone
    [InlineData(16)] // the switch's Id
    [InlineData(17)] // Id and On: where an older switch ends
    public void ARecordCutShort_InsideAFrozenStructReadMemberByMember_IsMalformed(int payload)
    {
        CustomBinaryFormatter formatter = Formatter();
        var value = new V2.TaggedSwitch { Tag = -7, Switch = new V2.Switch { Id = 9, On = true, Level = 300 } };
        byte[] record = formatter.SerializeToArray(value);
        record.Should().HaveCount(4 + 1 + 19);
        formatter.Deserialize<V2.TaggedSwitch>(record).Should().Be(value);

        Action read = () => formatter.Deserialize<V2.TaggedSwitch>(Cut(record, payload));

        read.Should().Throw<FastSerializationException>().WithMessage("*Switch*held inline*");
    }

    [Theory]
    [InlineData(16)]
    [InlineData(24)]
    [InlineData(28)]
    public void AnEvolvableStructsRecord_CutInsideItsFrozenMember_IsMalformed_ForItEndsNoneOfItsMembers(int payload)
    {
        CustomBinaryFormatter formatter = Formatter();
        byte[] record = formatter.SerializeToArray(new V2.Reading { Id = 11, Sample = FullSample });

        Action read = () => formatter.Deserialize<V2.Reading>(Cut(record, payload));

        read.Should().Throw<FastSerializationException>().WithMessage("*Sample*held inline*");
    }

    [Fact]
    public void OlderWriters_WhoseSizeTheFormatCarries_AreStillReadWithTheMissingMembersAtTheirDefaults()
    {
        CustomBinaryFormatter formatter = Formatter();

        // A record of an older Reading (its Id alone, where its first member ends): the record's length gives its size.
        byte[] reading = Cut(formatter.SerializeToArray(new V2.Reading { Id = 11, Sample = FullSample }), 8);
        formatter.Deserialize<V2.Reading>(reading).Should().Be(new V2.Reading { Id = 11 });

        // A record of an older Sample, written by the older build: the same.
        byte[] sample = Older().SerializeToArray(new V1.Sample { Time = 5, Value = 6.5 });
        formatter.Deserialize<V2.Sample>(sample).Should().Be(new V2.Sample { Time = 5, Value = 6.5 });
    }
}

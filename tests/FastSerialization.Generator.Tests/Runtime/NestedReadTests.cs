using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using FluentAssertions;
using Xunit;
using NestedV1 = FastSerialization.Generator.Tests.Models.Nested.V1;
using NestedV2 = FastSerialization.Generator.Tests.Models.Nested.V2;
using StretchV1 = FastSerialization.Generator.Tests.Models.Stretch.V1;
using StretchV2 = FastSerialization.Generator.Tests.Models.Stretch.V2;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// Issue 48 item 7: generated readers check a stretch of members with a largest size, and the member after it, once
/// (when the frame holds the most they can take and one byte more), and read nested objects of sealed classes in place
/// (<c>BeginObject</c>, <c>new T()</c> or the registered factory, <c>SetDataFrom</c>, <c>EndObject</c>). Both must read
/// exactly what the per-member checks and <c>ReadObject</c> read: older and newer data, factories, and the documented
/// exception for cut-off frames, hostile counts and records over the allocation budget.
/// </summary>
public class NestedReadTests
{
    private const int ReadingId = 1;
    private const int RecordId = 2;
    private const int BasketId = 3;
    private const int LineId = 4;

    /// <summary>int.MinValue as a zigzag varint: the longest a compact int takes (5 bytes).</summary>
    private static readonly byte[] LongestVarInt32 = { 0xFF, 0xFF, 0xFF, 0xFF, 0x0F };

    private static CustomBinaryFormatter Older(bool strict = false)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = strict });
        formatter.Register<StretchV1.Reading>(ReadingId);
        formatter.Register<StretchV1.ReadingRecord>(RecordId);
        formatter.Register<NestedV1.Basket>(BasketId);
        return formatter;
    }

    private static CustomBinaryFormatter Newer(bool strict = false)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = strict });
        formatter.Register<StretchV2.Reading>(ReadingId);
        formatter.Register<StretchV2.ReadingRecord>(RecordId);
        formatter.Register<NestedV2.Basket>(BasketId);
        return formatter;
    }

    /// <summary>A record of <paramref name="typeId"/> (below 128) around <paramref name="payload"/>.</summary>
    private static byte[] Record(int typeId, params byte[][] payload)
    {
        byte[] body = payload.SelectMany(p => p).ToArray();
        var record = new byte[4 + 1 + body.Length];
        BinaryPrimitives.WriteUInt32LittleEndian(record, (uint)(1 + body.Length));
        record[4] = (byte)typeId;
        body.CopyTo(record, 5);
        return record;
    }

    // ---- One check for a stretch of members: older data must still stop where it stops ----

    [Fact]
    public void OlderData_WhoseFrameEndsRightAfterTheLongestIntegers_ReadsTheNewMembersAsDefaults()
    {
        // 10 bytes: the most the two integers can take, and nothing after them. The newer reader's one check for A, B and
        // Label needs 11 (a byte for Label to start in): it must fail and leave Label, C and Note at their defaults.
        byte[] record = Older().SerializeToArray(new StretchV1.Reading { A = int.MinValue, B = int.MinValue });
        record.Should().Equal(Record(ReadingId, LongestVarInt32, LongestVarInt32));

        StretchV2.Reading read = Newer().Deserialize<StretchV2.Reading>(record);

        read.A.Should().Be(int.MinValue);
        read.B.Should().Be(int.MinValue);
        read.Label.Should().Be("unset", "the older writer did not write it: it keeps what the constructor set");
        read.C.Should().Be(-1);
        read.Note.Should().Be("unset");
    }

    [Fact]
    public void OlderData_ShortIntegers_ReadsTheNewMembersAsDefaults()
    {
        StretchV2.Reading read = Newer().Deserialize<StretchV2.Reading>(Older().SerializeToArray(new StretchV1.Reading { A = 3, B = -4 }));

        read.A.Should().Be(3);
        read.B.Should().Be(-4);
        read.Label.Should().Be("unset");
        read.C.Should().Be(-1);
        read.Note.Should().Be("unset");
    }

    [Fact]
    public void AFrameThatHoldsExactlyTheFirstStretch_ReadsIt_AndDefaultsTheRest()
    {
        // The longest integers and a null label: 11 bytes, exactly what the one check asks for. The next stretch (C and
        // Note, 10 + 1 bytes) finds the frame empty.
        byte[] record = Record(ReadingId, LongestVarInt32, LongestVarInt32, new byte[] { 0x00 });

        StretchV2.Reading read = Newer().Deserialize<StretchV2.Reading>(record);

        read.A.Should().Be(int.MinValue);
        read.B.Should().Be(int.MinValue);
        read.Label.Should().BeNull("the data holds a null label");
        read.C.Should().Be(-1);
        read.Note.Should().Be("unset");
    }

    [Fact]
    public void AFrameThatEndsInsideAStretch_AfterAMember_ReadsUpToThere()
    {
        // A, B, Label, then a C of one byte and no Note: C's stretch (10 + 1) does not fit, so C is read on its own and
        // Note keeps its default.
        byte[] record = Record(ReadingId, new byte[] { 0x02, 0x04, 0x02, (byte)'x', 0x0A });

        StretchV2.Reading read = Newer().Deserialize<StretchV2.Reading>(record);

        read.A.Should().Be(1);
        read.B.Should().Be(2);
        read.Label.Should().Be("x");
        read.C.Should().Be(5);
        read.Note.Should().Be("unset");
    }

    [Fact]
    public void AMemberCutOffInsideAStretch_IsTheDocumentedError()
    {
        // A, B and then a label whose length says 5 bytes where the frame has 1: an error with one check or many.
        byte[] record = Record(ReadingId, LongestVarInt32, LongestVarInt32, new byte[] { 0x06, (byte)'x' });

        Action act = () => Newer().Deserialize<StretchV2.Reading>(record);

        act.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("string");
    }

    [Fact]
    public void NewerData_RoundTrips_AndReadsIntoTheOlderType()
    {
        var newer = new StretchV2.Reading { A = int.MaxValue, B = int.MinValue, Label = "label", C = long.MinValue, Note = null };
        byte[] record = Newer().SerializeToArray(newer);

        Newer().Deserialize<StretchV2.Reading>(record).Should().BeEquivalentTo(newer);
        StretchV1.Reading older = Older().Deserialize<StretchV1.Reading>(record);
        older.A.Should().Be(int.MaxValue);
        older.B.Should().Be(int.MinValue);

        Action strict = () => Older(strict: true).Deserialize<StretchV1.Reading>(record);
        strict.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("Reading");
    }

    [Fact]
    public void OlderRecordData_WhoseFrameEndsRightAfterTheLongestIntegers_GetsTheConstructorDefaults()
    {
        byte[] record = Older().SerializeToArray(new StretchV1.ReadingRecord(int.MinValue, int.MinValue));
        record.Should().Equal(Record(RecordId, LongestVarInt32, LongestVarInt32));

        StretchV2.ReadingRecord read = Newer().Deserialize<StretchV2.ReadingRecord>(record);

        read.Should().Be(new StretchV2.ReadingRecord(int.MinValue, int.MinValue, "none", 7, "none"));
    }

    [Fact]
    public void RecordData_RoundTrips_AndReadsIntoTheOlderRecord()
    {
        var newer = new StretchV2.ReadingRecord(-1, 1, null, long.MaxValue, "note");
        byte[] record = Newer().SerializeToArray(newer);

        Newer().Deserialize<StretchV2.ReadingRecord>(record).Should().Be(newer);
        Older().Deserialize<StretchV1.ReadingRecord>(record).Should().Be(new StretchV1.ReadingRecord(-1, 1));
    }

    // ---- Nested objects of sealed classes, read in place ----

    private static NestedV1.Basket Basket() => new()
    {
        First = new NestedV1.Line { Sku = 1, Code = "first" },
        Lines = new List<NestedV1.Line?> { new() { Sku = 2, Code = "two" }, null, new() { Sku = -3, Code = null } },
        Array = new[] { new NestedV1.Line { Sku = 4, Code = "four" } },
        ById = new Dictionary<int, NestedV1.Line> { [5] = new() { Sku = 5, Code = "five" } },
        After = "after",
    };

    [Fact]
    public void NestedLines_InEveryPlace_RoundTrip_WithNullEntries()
    {
        NestedV1.Basket read = Older().Deserialize<NestedV1.Basket>(Older().SerializeToArray(Basket()));

        read.Should().BeEquivalentTo(Basket());
        read.Lines![1].Should().BeNull();
    }

    [Fact]
    public void NestedLines_AreMadeByTheRegisteredFactory_InEveryPlace()
    {
        CustomBinaryFormatter formatter = Older();
        formatter.Register<NestedV1.Line>(LineId, () => new NestedV1.Line { MadeBy = "factory" });

        NestedV1.Basket read = formatter.Deserialize<NestedV1.Basket>(formatter.SerializeToArray(Basket()));

        read.First!.MadeBy.Should().Be("factory");
        read.Lines!.Where(l => l is not null).Should().OnlyContain(l => l!.MadeBy == "factory" && l.Sku != 0);
        read.Array!.Should().OnlyContain(l => l.MadeBy == "factory");
        read.ById![5].MadeBy.Should().Be("factory");
        read.ById[5].Code.Should().Be("five");

        Older().Deserialize<NestedV1.Basket>(formatter.SerializeToArray(Basket())).First!.MadeBy.Should().BeNull("without a factory, new Line() makes it");
    }

    [Fact]
    public void OlderNestedLines_ReadIntoNewerLines_WithTheNewMemberAtItsDefault()
    {
        NestedV2.Basket read = Newer().Deserialize<NestedV2.Basket>(Older().SerializeToArray(Basket()));

        read.First!.Code.Should().Be("first");
        read.First.Price.Should().Be(-1m);
        read.Lines!.Select(l => l?.Sku).Should().Equal(2, null, -3);
        read.Lines!.Where(l => l is not null).Should().OnlyContain(l => l!.Price == -1m);
        read.Array!.Single().Code.Should().Be("four");
        read.ById![5].Price.Should().Be(-1m);
        read.After.Should().Be("after");
    }

    [Fact]
    public void NewerNestedLines_ReadIntoOlderLines_SkippingTheNewMember_OrRefusedWhenStrict()
    {
        var newer = new NestedV2.Basket
        {
            First = new NestedV2.Line { Sku = 1, Code = "first", Price = 9.5m },
            Lines = new List<NestedV2.Line?> { new() { Sku = 2, Code = "two", Price = 1m }, null },
            After = "after",
        };
        byte[] record = Newer().SerializeToArray(newer);

        NestedV1.Basket read = Older().Deserialize<NestedV1.Basket>(record);
        read.First!.Code.Should().Be("first");
        read.Lines!.Select(l => l?.Code).Should().Equal("two", null);
        read.After.Should().Be("after", "the bytes skipped inside the lines do not shift what follows them");

        Action strict = () => Older(strict: true).Deserialize<NestedV1.Basket>(record);
        strict.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("Line");
    }

    [Fact]
    public void ARecordCutOffAnywhere_ReadsOrThrowsTheDocumentedException_AndACutInsideALineThrows()
    {
        byte[] whole = Older().SerializeToArray(Basket());
        int payloadLength = whole.Length - 5;
        for (int kept = 0; kept < payloadLength; kept++)
        {
            byte[] cut = Record(BasketId, whole.AsSpan(5, kept).ToArray());
            Exception? thrown = Catch(() => Older().Deserialize<NestedV1.Basket>(cut));
            if (thrown is not null)
            {
                thrown.Should().BeOfType<FastSerializationException>("a cut after {0} payload bytes", kept);
            }
        }

        // First: a length byte, then Sku (1 byte) and "first" (6 bytes); cut after the Sku, inside the line's frame.
        byte[] insideFirst = Record(BasketId, whole.AsSpan(5, 2).ToArray());
        Action act = () => Older().Deserialize<NestedV1.Basket>(insideFirst);
        act.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("nested object");
    }

    [Fact]
    public void ALineLongerThanItsFrame_IsTheDocumentedError()
    {
        // First is null; Lines holds one line whose length (100 bytes) runs past the 2 bytes left.
        byte[] record = Record(BasketId, new byte[] { 0x00, 0x02, 101, 0x02, 0x00 });

        Action act = () => Older().Deserialize<NestedV1.Basket>(record);

        act.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("nested object");
    }

    [Fact]
    public void AHostileCountOfLines_IsRefusedBeforeAnythingIsAllocated()
    {
        // First is null; Lines claims 1,000,000 lines in the 3 bytes of its header and nothing after it.
        byte[] record = Record(BasketId, new byte[] { 0x00, 0xC1, 0x84, 0x3D });

        Action act = () => Older().Deserialize<NestedV1.Basket>(record);

        act.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("cannot fit");
    }

    [Fact]
    public void AMillionEmptyLines_AreRefusedPastTheAllocationBudget_ThatEachLineIsChargedAgainst()
    {
        // Each element is one byte (an empty frame) that makes a Line: about 50 bytes of memory per input byte, where the
        // budget allows 8 (and the 1 MiB allowance). The collection's header is within it (8 bytes a slot): only the
        // charge of each line made in place can refuse the record.
        const int count = 1_000_000;
        var payload = new List<byte> { 0x00 };
        uint header = count + 1;
        while (header >= 0x80)
        {
            payload.Add((byte)(header | 0x80));
            header >>= 7;
        }

        payload.Add((byte)header);
        payload.AddRange(Enumerable.Repeat((byte)0x01, count));
        byte[] record = Record(BasketId, payload.ToArray());
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxAllocationPerInputByte = 8 });
        formatter.Register<NestedV1.Basket>(BasketId);

        Action act = () => formatter.Deserialize<NestedV1.Basket>(record);

        act.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("MaxAllocationPerInputByte");

        // The same record reads with the budget raised: it is refused for its cost, not for its shape.
        var generous = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxAllocationPerInputByte = 1000 });
        generous.Register<NestedV1.Basket>(BasketId);
        generous.Deserialize<NestedV1.Basket>(record).Lines.Should().HaveCount(count).And.OnlyContain(l => l != null && l.Sku == 0 && l.Code == null);
    }

    [Fact]
    public void BeginObjectAndEndObject_ReadAnObjectInPlace_AndRefuseAnEndThatIsNotAroundTheFrame()
    {
        // A line of 3 bytes (Sku 1, Code null, one byte a newer writer added), then a byte of the enclosing frame.
        byte[] data = { 0x04, 0x02, 0x00, 0x09, 0x07 };
        var reader = new FastBinaryReader(data);

        int outerEnd = reader.BeginObject<NestedV1.Line>();
        outerEnd.Should().Be(5, "the enclosing frame is the whole data");
        reader.Remaining.Should().Be(3, "the object's bytes are the frame");
        NestedV1.Line line = reader.NewRegisteredObject<NestedV1.Line>() ?? new NestedV1.Line();
        line.SetDataFrom(ref reader);

        InvalidOperationException? beyondTheData = null;
        try
        {
            reader.EndObject<NestedV1.Line>(data.Length + 1);
        }
        catch (InvalidOperationException e)
        {
            beyondTheData = e;
        }

        InvalidOperationException? insideTheFrame = null;
        try
        {
            reader.EndObject<NestedV1.Line>(1);
        }
        catch (InvalidOperationException e)
        {
            insideTheFrame = e;
        }

        reader.EndObject<NestedV1.Line>(outerEnd);

        beyondTheData.Should().NotBeNull();
        insideTheFrame.Should().NotBeNull();
        line.Sku.Should().Be(1);
        reader.Position.Should().Be(4, "the byte the line's reader left is skipped");
        reader.Remaining.Should().Be(1);
        reader.ReadByte().Should().Be(0x07);
    }

    [Fact]
    public void BeginObject_OfAClassThatIsNotSealed_IsRefused()
    {
        var reader = new FastBinaryReader(new byte[] { 0x01 });
        InvalidOperationException? refused = null;
        try
        {
            reader.BeginObject<Models.Department>();
        }
        catch (InvalidOperationException e)
        {
            refused = e;
        }

        refused.Should().NotBeNull().And.Subject.As<InvalidOperationException>().Message.Should().Contain("ReadObject");
    }

    private static Exception? Catch(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception e)
        {
            return e;
        }
    }
}

using System;
using System.IO;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;
using static FastSerialization.Tests.Support.Bytes;

namespace FastSerialization.Tests.Formatter;

/// <summary>docs/FORMAT.md section 4 (types evolve by appending members) and the depth limit.</summary>
public class VersioningAndDepthTests
{
    [Fact]
    public void OlderData_ReadsIntoTheNewerType_WithDefaultsForNewMembers()
    {
        var v1 = new CustomBinaryFormatter();
        v1.Register<PersonV1>(1);
        var v2 = new CustomBinaryFormatter();
        v2.Register<PersonV2>(1);

        PersonV2 read = v2.Deserialize<PersonV2>(v1.SerializeToArray(new PersonV1 { Name = "Ada" }));
        read.Name.Should().Be("Ada");
        read.Age.Should().Be(-1);
    }

    [Fact]
    public void NewerData_ReadsIntoTheOlderType_SkippingWhatItDoesNotKnow()
    {
        var v1 = new CustomBinaryFormatter();
        v1.Register<PersonV1>(1);
        var v2 = new CustomBinaryFormatter();
        v2.Register<PersonV2>(1);

        var stream = new MemoryStream();
        v2.Serialize(stream, new PersonV2 { Name = "Ada", Age = 36 });
        v2.Serialize(stream, new PersonV2 { Name = "Grace", Age = 85 });
        stream.Position = 0;
        v1.Deserialize<PersonV1>(stream).Name.Should().Be("Ada");
        v1.Deserialize<PersonV1>(stream).Name.Should().Be("Grace", "the next record is unharmed");
    }

    [Fact]
    public void NewerNestedData_IsSkippedInsideItsFrame_AndTheMembersAfterItAreUnharmed()
    {
        // A Drawing whose Author was written by a newer PersonV2 with two more members.
        byte[] newerAuthor = Concat(Str("Ada"), I32(36), I64(123), Str("extra"));
        byte[] data = Record(6, Concat(VarUInt((ulong)newerAuthor.Length + 1), newerAuthor, new byte[] { 0 }, I32(42)));
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Drawing>(6);
        Drawing drawing = formatter.Deserialize<Drawing>(data);
        drawing.Author!.Name.Should().Be("Ada");
        drawing.Author.Age.Should().Be(36);
        drawing.Trailer.Should().Be(42);
    }

    [Fact]
    public void OlderNestedData_LeavesNewMembersAtDefault_AndTheMembersAfterItAreUnharmed()
    {
        byte[] olderAuthor = Str("Ada"); // PersonV1's payload
        byte[] data = Record(6, Concat(VarUInt((ulong)olderAuthor.Length + 1), olderAuthor, new byte[] { 0 }, I32(42)));
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Drawing>(6);
        Drawing drawing = formatter.Deserialize<Drawing>(data);
        drawing.Author!.Age.Should().Be(-1);
        drawing.Trailer.Should().Be(42);
    }

    [Fact]
    public void StrictMode_RejectsUnreadBytesOfANestedObject_NamingItsType()
    {
        byte[] newerAuthor = Concat(Str("Ada"), I32(36), I64(123));
        byte[] data = Record(6, Concat(VarUInt((ulong)newerAuthor.Length + 1), newerAuthor, new byte[] { 0 }, I32(42)));
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = true });
        formatter.Register<Drawing>(6);
        Action act = () => formatter.Deserialize(data);
        act.Should().Throw<FastSerializationException>().WithMessage("*PersonV2 left 8 byte(s)*unread*");
    }

    [Theory]
    [InlineData(false, "by its type")]
    [InlineData(false, "as an object")]
    [InlineData(true, "by its type")]
    [InlineData(true, "as an object")]
    public void ARecordWithBytesAfterItsMembers_IsReadOrRejected_HoweverItIsRead(bool strict, string how)
    {
        // A Tick (a struct record: the by-reference path) and a Quote (a class record: the object path), each
        // followed inside its record by 3 bytes that a newer version of the type would have written.
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = strict });
        formatter.Register<Tick>(1);
        formatter.Register<Quote>(2, () => new Quote("?"));
        byte[] extra = { 7, 8, 9 };
        byte[] tick = Record(1, Concat(I64(5), BitConverter.GetBytes(2.5), I32(9), extra));
        byte[] quote = Record(2, Concat(Str("EURUSD"), I32(125), I32(0), I32(0), I32(2 << 16), extra));

        Func<object> readTick = how == "by its type" ? () => formatter.Deserialize<Tick>(tick) : () => formatter.Deserialize(tick);
        Func<object> readQuote = how == "by its type" ? () => formatter.Deserialize<Quote>(quote) : () => formatter.Deserialize(quote);
        if (strict)
        {
            readTick.Should().Throw<FastSerializationException>().WithMessage("*Tick left 3 byte(s)*unread*");
            readQuote.Should().Throw<FastSerializationException>().WithMessage("*Quote left 3 byte(s)*unread*");
        }
        else
        {
            readTick().Should().BeOfType<Tick>().Which.Size.Should().Be(9);
            readQuote().Should().BeOfType<Quote>().Which.Bid.Should().Be(1.25m);
        }
    }

    /// <summary>Node records nested <paramref name="depth"/> deep, built by hand from the inside out.</summary>
    private static byte[] DeepNodes(int depth)
    {
        // Built back to front in one buffer: each level prepends its Value and its nested frame's length.
        var buffer = new byte[depth * 16];
        int start = buffer.Length;
        void Prepend(byte[] bytes)
        {
            start -= bytes.Length;
            bytes.CopyTo(buffer, start);
        }

        Prepend(new byte[] { 0 }); // the innermost node: Value 0, Next null
        Prepend(I32(0));
        for (int i = 1; i < depth; i++)
        {
            Prepend(VarUInt((ulong)(buffer.Length - start) + 1));
            Prepend(I32(i));
        }

        return Record(7, buffer.AsSpan(start).ToArray());
    }

    [Theory]
    [InlineData(64)]
    [InlineData(65)]
    public void Depth_AtTheLimit_Reads_AndOneMoreFails(int records)
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Node>(7);
        // The record is the root object; nesting counts the objects below it.
        byte[] data = DeepNodes(records + 1);
        if (records == 64)
        {
            formatter.Deserialize<Node>(data).Next.Should().NotBeNull();
        }
        else
        {
            Action act = () => formatter.Deserialize(data);
            act.Should().Throw<FastSerializationException>().WithMessage("*deeper than the limit of 64*");
        }
    }

    [Fact]
    public void Depth_100000NestedObjectsAsBytes_EndsInTheDocumentedException()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Node>(7);
        formatter.Register<Drawing>(6);
        byte[] data = DeepNodes(100_000);
        Action act = () => formatter.Deserialize(data);
        act.Should().Throw<FastSerializationException>().WithMessage("*deeper than the limit of 64*");
    }

    [Fact]
    public void Depth_DeepBytesInAMemberThatIsSkipped_AreNeverWalked()
    {
        // A newer PersonV2 whose unknown trailing member holds 100,000 nested frames: the tolerant
        // reader skips the frame by its length, without descending into it.
        byte[] deep = DeepNodes(100_000).AsSpan(5).ToArray();
        byte[] newerAuthor = Concat(Str("Ada"), I32(36), VarUInt((ulong)deep.Length + 1), deep);
        byte[] data = Record(6, Concat(VarUInt((ulong)newerAuthor.Length + 1), newerAuthor, new byte[] { 0 }, I32(42)));
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Drawing>(6);
        formatter.Deserialize<Drawing>(data).Trailer.Should().Be(42);
    }

    [Fact]
    public void Depth_ACycleOnWrite_EndsInTheDocumentedException()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Node>(7);
        var node = new Node();
        node.Next = node;
        Action act = () => formatter.SerializeToArray(node);
        act.Should().Throw<FastSerializationException>().WithMessage("*deeper than the limit of 64*cycle*");
    }

    [Fact]
    public void Depth_IsConfigurable()
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxDepth = 500 });
        formatter.Register<Node>(7);
        var head = new Node();
        Node tail = head;
        for (int i = 0; i < 400; i++)
        {
            tail.Next = new Node { Value = i };
            tail = tail.Next;
        }

        Node back = formatter.Deserialize<Node>(formatter.SerializeToArray(head));
        int count = 0;
        for (Node? n = back.Next; n is not null; n = n.Next)
        {
            count++;
        }

        count.Should().Be(400);
    }

    [Fact]
    public void PolymorphicNestedObject_WithoutRegistration_FailsToWriteClearly()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Drawing>(6);
        Action act = () => formatter.SerializeToArray(new Drawing { Main = new Circle() });
        act.Should().Throw<FastSerializationException>().WithMessage("*declared as*Shape*Circle*not registered*");
    }
}

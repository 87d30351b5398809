using System;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// <c>ImmutableList&lt;T&gt;</c> and <c>IImmutableList&lt;T&gt;</c> members of up to four elements are read straight into the
/// list's builder, as MemoryPack reads them: no array of the elements is made first and dropped once the list is built;
/// longer lists are still built from an array in one pass (faster than adding one by one). The bytes are the same either
/// way; the count is still checked against the frame and charged against the allocation budget before anything is made.
/// </summary>
public class ImmutableListReadTests
{
    private const int Iterations = 500;

    /// <summary>Where the payload starts: after the record header (u32 length, one-byte type id).</summary>
    private const int Payload = 5;

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(4)]
    [InlineData(5)]
    [InlineData(300)]
    public void ImmutableLists_RoundTripInOrder(int count)
    {
        ImmutableList<string?> list = Enumerable.Range(0, count).Select(i => i % 7 == 3 ? null : "item-" + i.ToString(CultureInfo.InvariantCulture)).ToImmutableList();
        var value = new StringImmutableLists { List = list, Interface = list.Reverse() };

        StringImmutableLists back = RoundTrip(value);

        back.List.Should().Equal(list);
        back.Interface.Should().Equal(list.Reverse());
        back.Interface.Should().BeOfType<ImmutableList<string?>>();
    }

    [Fact]
    public void NullLists_ReadBackNull()
    {
        StringImmutableLists back = RoundTrip(new StringImmutableLists());

        back.List.Should().BeNull();
        back.Interface.Should().BeNull();
    }

    [Theory]
    [InlineData(1, 4)] // through the builder: four strings of at least one byte in the three left
    [InlineData(3, 99)] // through the array
    public void CountLargerThanTheData_IsMalformed(int written, int claimed)
    {
        var formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new StringImmutableLists { List = Enumerable.Repeat<string?>("a", written).ToImmutableList() });
        record[Payload].Should().Be((byte)(written + 1), "the list's header is its count plus one, the payload's first byte");
        record[Payload] = (byte)(claimed + 1);

        Action read = () => formatter.Deserialize<StringImmutableLists>(record);

        read.Should().Throw<FastSerializationException>().WithMessage($"*collection of {claimed} elements*cannot fit*");
    }

    [Fact]
    public void AStringPastTheFrame_OnTheBuilderPath_IsMalformed()
    {
        var formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new StringImmutableLists { List = ImmutableList.Create<string?>("a", "abc") });
        record[Payload + 3].Should().Be(4, "the second string's header: three UTF-8 bytes, plus one");
        record[Payload + 3] = 101; // 100 bytes claimed, 4 left

        Action read = () => formatter.Deserialize<StringImmutableLists>(record);

        read.Should().Throw<FastSerializationException>();
    }

    [Fact]
    public void ReadingAFewElements_AllocatesNoArrayOfThem()
    {
        // Four elements, the most read through the builder. The reference is what the array path allocates, built by hand:
        // the holder, an array of four, the list made from it (CreateRange keeps the array: it escapes, and is never off the heap).
        const int Count = 4;
        var formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new StringImmutableLists { List = Enumerable.Repeat<string?>(null, Count).ToImmutableList() });
        for (int i = 0; i < 50; i++)
        {
            _ = formatter.Deserialize<StringImmutableLists>(record);
        }

        long referenceStart = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Iterations; i++)
        {
            _ = new StringImmutableLists { List = ImmutableList.CreateRange(new string?[Count]) };
        }

        long reference = (GC.GetAllocatedBytesForCurrentThread() - referenceStart) / Iterations;

        long before = GC.GetAllocatedBytesForCurrentThread();
        StringImmutableLists? last = null;
        for (int i = 0; i < Iterations; i++)
        {
            last = formatter.Deserialize<StringImmutableLists>(record);
        }

        long perCall = (GC.GetAllocatedBytesForCurrentThread() - before) / Iterations;

        last!.List.Should().Equal(Enumerable.Repeat<string?>(null, Count));
        perCall.Should().BeLessThan(reference, "no array of the {0} elements is allocated and dropped before the list is built", Count);
    }

    private static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<StringImmutableLists>(1);
        return formatter;
    }

    private static StringImmutableLists RoundTrip(StringImmutableLists value)
    {
        var formatter = NewFormatter();
        return formatter.Deserialize<StringImmutableLists>(formatter.SerializeToArray(value));
    }
}

using System;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// <c>ImmutableList&lt;T&gt;</c> and <c>IImmutableList&lt;T&gt;</c> members are read straight into the list's builder, as
/// MemoryPack reads them: no array of the elements is made first and dropped once the list is built. The bytes are the
/// same; the count is still checked against the frame and charged against the allocation budget before anything is made.
/// </summary>
public class ImmutableListReadTests
{
    private const int Iterations = 200;

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(3)]
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

    [Fact]
    public void CountLargerThanTheData_IsMalformed()
    {
        var formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new StringImmutableLists { List = ImmutableList.Create<string?>("a", "b", "c") });
        const int payload = 5; // after the record header: u32 length, one-byte type id
        record[payload].Should().Be(4, "the list's header is its count plus one, the payload's first byte");
        record[payload] = 100; // 99 strings in the few bytes left

        Action read = () => formatter.Deserialize<StringImmutableLists>(record);

        read.Should().Throw<FastSerializationException>().WithMessage("*collection of 99 elements*cannot fit*");
    }

    [Fact]
    public void Reading_AllocatesNoArrayOfTheElements()
    {
        // 200 copies of one interned string: the list's own storage is all a read allocates besides the holder.
        const int Count = 200;
        var formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new StringImmutableLists { List = Enumerable.Repeat<string?>(null, Count).ToImmutableList() });
        for (int i = 0; i < 50; i++)
        {
            _ = formatter.Deserialize<StringImmutableLists>(record);
        }

        // What the result is made of, built by hand the way a builder builds it: the holder and the list.
        long baselineStart = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Iterations; i++)
        {
            ImmutableList<string?>.Builder builder = ImmutableList.CreateBuilder<string?>();
            for (int j = 0; j < Count; j++)
            {
                builder.Add(null);
            }

            _ = new StringImmutableLists { List = builder.ToImmutable() };
        }

        long baseline = (GC.GetAllocatedBytesForCurrentThread() - baselineStart) / Iterations;

        long before = GC.GetAllocatedBytesForCurrentThread();
        StringImmutableLists? last = null;
        for (int i = 0; i < Iterations; i++)
        {
            last = formatter.Deserialize<StringImmutableLists>(record);
        }

        long perCall = (GC.GetAllocatedBytesForCurrentThread() - before) / Iterations;

        last!.List.Should().HaveCount(Count);
        baseline.Should().BeGreaterThan(Count * IntPtr.Size, "the list holds a node per element");
        perCall.Should().BeLessThanOrEqualTo(baseline, "an array of {0} elements ({1} bytes) was allocated and dropped before the list was built", Count, (Count * IntPtr.Size) + 24);
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

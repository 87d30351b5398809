using System;
using System.Buffers;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

public class ConcurrencyAndAllocationTests
{
    private static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        formatter.Register<Tick>(2);
        return formatter;
    }

    [Fact]
    public void ManyThreads_ShareOneFormatter_WithoutMixingTheirRecords()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        Parallel.For(0, 8, new ParallelOptions { MaxDegreeOfParallelism = 8 }, thread =>
        {
            var output = new ArrayBufferWriter<byte>();
            for (int i = 0; i < 5_000; i++)
            {
                output.Clear();
                var customer = new Customer($"Last{thread}", $"First{i}", new string('a', i % 300), thread, i);
                formatter.Serialize(output, customer);
                Customer back = formatter.Deserialize<Customer>(output.WrittenSpan);
                if (back.FirstName != customer.FirstName || back.Age != thread || back.Code != i || back.Address != customer.Address)
                {
                    throw new InvalidOperationException($"thread {thread} read another thread's record at {i}");
                }

                var tick = new Tick { Time = i, Price = thread, Size = i };
                formatter.Deserialize<Tick>(formatter.SerializeToArray(tick)).Should().Be(tick);
            }
        });
    }

    [Fact]
    public void Serialize_IntoAReusedBuffer_AllocatesNothing()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var customer = new Customer("Smith", "John", "1 Main Street", 35, 7);
        var tick = new Tick { Time = 1, Price = 2, Size = 3 };
        var output = new ArrayBufferWriter<byte>(1024);
        byte[] span = new byte[64];
        for (int i = 0; i < 100; i++)
        {
            output.Clear();
            formatter.Serialize(output, customer);
            formatter.Serialize(output, tick);
            formatter.TrySerialize(customer, span, out _);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1_000; i++)
        {
            output.Clear();
            formatter.Serialize(output, customer);
            formatter.Serialize(output, tick);
            formatter.TrySerialize(customer, span, out _);
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);
    }

    [Fact]
    public void NestedStructs_AreWrittenAndReadWithoutBoxing()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<TickHolder>(1);
        var holder = new TickHolder { Tick = new Tick { Time = 5, Price = 1.5, Size = 2 } };
        var output = new ArrayBufferWriter<byte>(256);
        formatter.Serialize(output, holder);
        formatter.Deserialize<TickHolder>(output.WrittenSpan).Tick.Should().Be(holder.Tick);

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1_000; i++)
        {
            output.Clear();
            formatter.Serialize(output, holder);
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);
        byte[] record = output.WrittenSpan.ToArray();
        long expectedStart = GC.GetAllocatedBytesForCurrentThread();
        GC.KeepAlive(new TickHolder());
        long holderSize = GC.GetAllocatedBytesForCurrentThread() - expectedStart;
        before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1_000; i++)
        {
            formatter.Deserialize(record);
        }

        ((GC.GetAllocatedBytesForCurrentThread() - before) / 1_000).Should().Be(holderSize, "only the holder is allocated; the nested struct is not boxed");
    }

    [Fact]
    public void Serialize_ToAStream_AllocatesNothingPerRecord()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var customer = new Customer("Smith", "John", "1 Main Street", 35, 7);
        var stream = new System.IO.MemoryStream(64 * 1024);
        for (int i = 0; i < 100; i++)
        {
            stream.Position = 0;
            formatter.Serialize(stream, customer);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1_000; i++)
        {
            stream.Position = 0;
            formatter.Serialize(stream, customer);
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);
    }

    [Fact]
    public void Deserialize_AllocatesOnlyTheObjectAndItsStrings()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new Customer("Smith", "John", "1 Main Street", 35, 7));
        for (int i = 0; i < 100; i++)
        {
            formatter.Deserialize(record);
        }

        // What the result itself needs: the object and three strings, measured the same way.
        long expectedStart = GC.GetAllocatedBytesForCurrentThread();
        var reference = new Customer(new string('S', 5), new string('J', 4), new string('1', 13), 35, 7);
        long expected = GC.GetAllocatedBytesForCurrentThread() - expectedStart;
        GC.KeepAlive(reference);

        const int Count = 1_000;
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Count; i++)
        {
            formatter.Deserialize(record);
        }

        long perCall = (GC.GetAllocatedBytesForCurrentThread() - before) / Count;
        perCall.Should().Be(expected);
    }

    [Fact]
    public void DeserializeGeneric_StructRecord_AllocatesNothing()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new Tick { Time = 1 });
        for (int i = 0; i < 100; i++)
        {
            formatter.Deserialize<Tick>(record);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1_000; i++)
        {
            formatter.Deserialize<Tick>(record);
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0, "a struct read as itself is never boxed");
        formatter.Deserialize<Tick>(record).Time.Should().Be(1);
    }

    [Fact]
    public void DeserializeObject_StructRecord_AllocatesOnlyItsBox()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[] record = formatter.SerializeToArray(new Tick { Time = 1 });
        formatter.Deserialize(record);
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1_000; i++)
        {
            formatter.Deserialize(record);
        }

        long perCall = (GC.GetAllocatedBytesForCurrentThread() - before) / 1_000;
        perCall.Should().BeLessOrEqualTo(IntPtr.Size * 2 + 24, "one boxed Tick (24 bytes of fields plus the object header)");
    }

    [Fact]
    public void SwitchingBetweenFormatters_UsesEachOnesIds()
    {
        var a = new CustomBinaryFormatter();
        a.Register<Tick>(10);
        var b = new CustomBinaryFormatter();
        b.Register<Tick>(20);
        for (int i = 0; i < 3; i++)
        {
            a.SerializeToArray(new Tick())[4].Should().Be(10);
            b.SerializeToArray(new Tick())[4].Should().Be(20);
            Enumerable.Range(0, 2).Select(_ => a.SerializeToArray(new Tick())[4]).Should().AllBeEquivalentTo((byte)10);
        }
    }
}

using System;
using System.Buffers;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>Bytes allocated per call, measured with GC.GetAllocatedBytesForCurrentThread.</summary>
public class AllocationTests
{
    private const int Iterations = 1000;

    [Fact]
    public void SerializeGeneratedCustomer_IntoReusedBuffer_AllocatesNothing()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        var customer = new Customer { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = 7 };
        var buffer = new ArrayBufferWriter<byte>(1024);
        for (int i = 0; i < 100; i++)
        {
            buffer.ResetWrittenCount();
            formatter.Serialize(buffer, customer);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Iterations; i++)
        {
            buffer.ResetWrittenCount();
            formatter.Serialize(buffer, customer);
        }

        long perCall = (GC.GetAllocatedBytesForCurrentThread() - before) / Iterations;

        perCall.Should().Be(0);
        buffer.WrittenCount.Should().Be(32); // Age and Code as one-byte varints
    }

    [Fact]
    public void DeserializeGeneratedCustomer_AllocatesOnlyTheObjectAndItsStrings()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        byte[] record = formatter.SerializeToArray(new Customer { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = 7 });
        for (int i = 0; i < 100; i++)
        {
            _ = formatter.Deserialize<Customer>(record);
        }

        // What the result is made of, allocated by hand: the object and three strings of the same lengths.
        long baselineStart = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < Iterations; i++)
        {
            _ = new Customer { LastName = new string('a', 5), FirstName = new string('b', 4), Address = new string('c', 13) };
        }

        long baseline = (GC.GetAllocatedBytesForCurrentThread() - baselineStart) / Iterations;

        long before = GC.GetAllocatedBytesForCurrentThread();
        Customer? last = null;
        for (int i = 0; i < Iterations; i++)
        {
            last = formatter.Deserialize<Customer>(record);
        }

        long perCall = (GC.GetAllocatedBytesForCurrentThread() - before) / Iterations;

        last!.Address.Should().Be("1 Main Street");
        baseline.Should().BeGreaterThan(0);
        perCall.Should().Be(baseline);
    }
}

using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Caching.TestChild;
using FluentAssertions;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Xunit;

namespace FastSerialization.Caching.Tests;

/// <summary>The HybridCache serializer used from many threads at once (the Redis-backed caches are in the other test classes).</summary>
public sealed class ConcurrencyTests
{
    private static CustomBinaryFormatter NewFormatter()
    {
        var f = new CustomBinaryFormatter();
        f.Register<Customer>(1);
        f.Register<Invoice>(2);
        return f;
    }

    private static Customer Big(int i, int size) => new()
    {
        LastName = new string((char)('a' + (i % 26)), size),
        FirstName = "F" + i,
        Address = i + " Main Street",
        Age = i % 90,
        Code = i,
        Tags = Enumerable.Range(0, i % 5).Select(k => "t" + k + "-" + i).ToList(),
    };

    private static bool Same(Customer? a, Customer b) =>
        a is not null && a.LastName == b.LastName && a.FirstName == b.FirstName && a.Address == b.Address && a.Age == b.Age && a.Code == b.Code
        && (a.Tags ?? new List<string>()).SequenceEqual(b.Tags ?? new List<string>());

    /// <summary>The HybridCache serializer (its per-thread buffer, dropped past 1 MiB) from many threads, read back from split sequences.</summary>
    [Fact]
    public void HybridSerializer_FromManyThreads_RoundTripsExactly()
    {
        var factory = new FastHybridCacheSerializerFactory(NewFormatter());
        factory.TryCreateSerializer(out IHybridCacheSerializer<Customer>? serializer).Should().BeTrue();
        var failures = new ConcurrentQueue<string>();
        Parallel.For(0, 8, new ParallelOptions { MaxDegreeOfParallelism = 8 }, t =>
        {
            var rng = new Random(t);
            for (int n = 0; n < 2000; n++)
            {
                int size = rng.Next(40) == 0 ? rng.Next(900_000, 1_500_000) : rng.Next(0, 3000); // some past 1 MiB: the thread's buffer is dropped
                Customer value = Big((t * 100_000) + n, size);
                var target = new ArrayBufferWriter<byte>(rng.Next(1, 64));
                serializer!.Serialize(value, target);
                byte[] bytes = target.WrittenSpan.ToArray();
                Customer back = serializer.Deserialize(Split(bytes, rng.Next(1, 5000)));
                if (!Same(back, value))
                {
                    failures.Enqueue($"thread {t} value {n} of {size}");
                }
            }
        });
        failures.Should().BeEmpty();
    }

    private static ReadOnlySequence<byte> Split(byte[] bytes, int chunk)
    {
        if (bytes.Length <= chunk)
        {
            return new ReadOnlySequence<byte>(bytes);
        }

        var first = new Segment(bytes.AsMemory(0, chunk), 0);
        Segment last = first;
        for (int at = chunk; at < bytes.Length; at += chunk)
        {
            last = last.Append(bytes.AsMemory(at, Math.Min(chunk, bytes.Length - at)));
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> data, long start)
        {
            Memory = data;
            RunningIndex = start;
        }

        public Segment Append(ReadOnlyMemory<byte> data)
        {
            var next = new Segment(data, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}

#pragma warning disable xUnit1031 // the probes block on purpose: threads released together by a Barrier
using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>A record that writes a chosen number of bytes, then throws from its writer when asked to: a failure after the writer moved to pooled buffers.</summary>
public sealed class FailingMidRecord : ICustomBinarySerializable
{
    public int Size { get; set; }

    public bool FailAfterWriting { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Size);
        for (int i = 0; i < Size; i++)
        {
            writer.Write((byte)(i * 7));
        }

        if (FailAfterWriting)
        {
            throw new InvalidOperationException("probe failure");
        }
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Size = reader.ReadInt32();
        for (int i = 0; i < Size; i++)
        {
            if (reader.ReadByte() != (byte)(i * 7))
            {
                throw new InvalidOperationException("bad byte");
            }
        }
    }
}

/// <summary>Holds a nested object made by a registered factory (marks it).</summary>
public sealed class FactoryMade : ICustomBinarySerializable
{
    public bool FromFactory { get; set; }

    public int Value { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Value);

    public void SetDataFrom(ref FastBinaryReader reader) => Value = reader.ReadInt32();
}

public sealed class FactoryMadeHolder : ICustomBinarySerializable
{
    public FactoryMade? Inner { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer) => writer.WriteObject(Inner);

    public void SetDataFrom(ref FastBinaryReader reader) => Inner = reader.ReadObject<FactoryMade>();
}

public class ConcurrencyTests
{
    private static readonly int Threads = Math.Max(4, Environment.ProcessorCount * 2);

    private static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);
        formatter.Register<Tick>(2);
        formatter.Register<Blob>(3);
        formatter.Register<FailingMidRecord>(4);
        formatter.Register<Drawing>(5);
        formatter.Register<PersonV2>(6);
        formatter.Register<Circle>(7);
        formatter.Register<Square>(8);
        formatter.Register<TickHolder>(5000); // a large id: the dictionary path
        return formatter;
    }

    private static object MakeValue(int i) => (i % 6) switch
    {
        0 => new Customer("L" + i, "F" + i, new string((char)('a' + (i % 26)), i % 700), i, -i),
        1 => new Tick { Time = i, Price = i * 0.5, Size = -i },
        2 => new Blob { Data = Enumerable.Range(0, i % 5000).Select(b => (byte)(b ^ i)).ToArray(), Text = "t" + i },
        3 => new Drawing { Author = new PersonV2 { Name = "a" + i, Age = i }, Main = i % 2 == 0 ? new Circle { Radius = i } : new Square { Side = i }, Trailer = i },
        4 => new TickHolder { Tick = new Tick { Time = -i, Price = i, Size = i } },
        _ => new FailingMidRecord { Size = i % 3000 },
    };

    /// <summary>Many threads make the very first calls of a new formatter at once (first use closes the registry, fills the per-type caches).</summary>
    [Fact]
    public void FirstUse_ByManyThreadsAtOnce_WritesTheSameBytesAsOneThread()
    {
        CustomBinaryFormatter reference = NewFormatter();
        byte[][] expected = Enumerable.Range(0, 48).Select(i => reference.SerializeToArray(MakeValue(i))).ToArray();
        for (int round = 0; round < 200; round++)
        {
            CustomBinaryFormatter formatter = NewFormatter();
            using var barrier = new Barrier(Threads);
            var failures = new ConcurrentQueue<string>();
            Task[] tasks = Enumerable.Range(0, Threads).Select(t => Task.Factory.StartNew(() =>
            {
                barrier.SignalAndWait();
                for (int k = 0; k < 12; k++)
                {
                    int i = (t * 5 + k) % expected.Length;
                    object value = MakeValue(i);
                    byte[] bytes = (k % 4) switch
                    {
                        0 => formatter.SerializeToArray(value),
                        1 => SerializeToBufferWriter(formatter, value),
                        2 => SerializeToStream(formatter, value),
                        _ => formatter.SerializeToArray(formatter.Deserialize(expected[i])),
                    };
                    if (!bytes.AsSpan().SequenceEqual(expected[i]))
                    {
                        failures.Enqueue($"round {round} thread {t} value {i} way {k % 4}");
                    }
                }
            }, TaskCreationOptions.LongRunning)).ToArray();
            Task.WaitAll(tasks);
            failures.Should().BeEmpty();
        }
    }

    private static byte[] SerializeToBufferWriter(CustomBinaryFormatter formatter, object value)
    {
        var output = new ArrayBufferWriter<byte>(16);
        formatter.Serialize<object>(output, value);
        return output.WrittenSpan.ToArray();
    }

    private static byte[] SerializeToStream(CustomBinaryFormatter formatter, object value)
    {
        var stream = new MemoryStream();
        formatter.Serialize(stream, value);
        return stream.ToArray();
    }

    /// <summary>
    /// Writers failing mid-record (after growing into pooled buffers) on some threads while others write through every
    /// entry point: a buffer returned twice or used after its return would show up as another thread's bytes.
    /// </summary>
    [Fact]
    public async Task FailuresMidRecord_OnSomeThreads_NeverCorruptOtherThreadsRecords()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[][] expected = Enumerable.Range(0, 60).Select(i => formatter.SerializeToArray(MakeValue(i))).ToArray();
        byte[][] expectedUnframed = Enumerable.Range(0, 60).Select(i => formatter.SerializeUnframedToArray(MakeValue(i))).ToArray();
        var failures = new ConcurrentQueue<string>();
        var clock = System.Diagnostics.Stopwatch.StartNew();
        Task[] tasks = Enumerable.Range(0, Threads).Select(t => Task.Run(async () =>
        {
            var rng = new Random(t);
            byte[] span = new byte[8192];
            var output = new ArrayBufferWriter<byte>(64);
            for (int n = 0; n < 4000 && clock.ElapsedMilliseconds < 8000; n++)
            {
                if (rng.Next(3) == 0)
                {
                    var bad = new FailingMidRecord { Size = rng.Next(0, 20000), FailAfterWriting = true };
                    try
                    {
                        switch (rng.Next(7))
                        {
                            case 0: formatter.SerializeToArray(bad); break;
                            case 1: formatter.Serialize(new ArrayBufferWriter<byte>(), bad); break;
                            case 2: formatter.Serialize(new MemoryStream(), bad); break;
                            case 3: formatter.TrySerialize(bad, span, out _); break;
                            case 4: await formatter.SerializeAsync(new MemoryStream(), bad); break;
                            case 5: formatter.SerializeUnframed(new ArrayBufferWriter<byte>(), bad); break;
                            default: formatter.SerializeUnframedToArray(bad); break;
                        }

                        failures.Enqueue("a failing writer did not throw");
                    }
                    catch (InvalidOperationException)
                    {
                    }

                    continue;
                }

                int i = rng.Next(expected.Length);
                object value = MakeValue(i);
                int way = rng.Next(7);
                byte[] got;
                switch (way)
                {
                    case 0: got = formatter.SerializeToArray(value); break;
                    case 1:
                        output.Clear();
                        formatter.Serialize<object>(output, value);
                        got = output.WrittenSpan.ToArray();
                        break;
                    case 2: got = SerializeToStream(formatter, value); break;
                    case 3:
                        got = formatter.TrySerialize(value, span, out int written) ? span.AsSpan(0, written).ToArray() : expected[i];
                        break;
                    case 4:
                        var async = new MemoryStream();
                        await formatter.SerializeAsync(async, value);
                        got = async.ToArray();
                        break;
                    case 5:
                        got = formatter.SerializeUnframedToArray(value);
                        if (!got.AsSpan().SequenceEqual(expectedUnframed[i]))
                        {
                            failures.Enqueue($"unframed {i}");
                        }

                        continue;
                    default:
                        // Read back through a stream that hands out bytes in small chunks (the pooled read buffer).
                        var chunked = new ChunkedStream(expected[i], () => rng.Next(1, 700));
                        got = formatter.SerializeToArray(formatter.Deserialize(chunked));
                        break;
                }

                if (!got.AsSpan().SequenceEqual(expected[i]))
                {
                    failures.Enqueue($"thread {t} value {i} way {way}");
                }
            }
        })).ToArray();
        await Task.WhenAll(tasks);
        failures.Should().BeEmpty();
    }

    /// <summary>Reads through the pooled paths (streams, multi-segment sequences) with truncated inputs failing on other threads.</summary>
    [Fact]
    public async Task PooledReads_WithTruncatedInputsOnOtherThreads_ReturnExactValues()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        byte[][] expected = Enumerable.Range(0, 60).Select(i => formatter.SerializeToArray(MakeValue(i))).ToArray();
        byte[][] expectedUnframed = Enumerable.Range(0, 60).Select(i => formatter.SerializeUnframedToArray(MakeValue(i))).ToArray();
        var failures = new ConcurrentQueue<string>();
        var clock = System.Diagnostics.Stopwatch.StartNew();
        Task[] tasks = Enumerable.Range(0, Threads).Select(t => Task.Run(async () =>
        {
            var rng = new Random(100 + t);
            for (int n = 0; n < 3000 && clock.ElapsedMilliseconds < 8000; n++)
            {
                int i = rng.Next(expected.Length);
                byte[] record = expected[i];
                if (rng.Next(4) == 0)
                {
                    int cut = rng.Next(1, record.Length);
                    try
                    {
                        if (rng.Next(2) == 0)
                        {
                            formatter.Deserialize(new ChunkedStream(record.AsSpan(0, cut).ToArray(), () => rng.Next(1, 300)));
                        }
                        else
                        {
                            await formatter.DeserializeAsync(new ChunkedStream(record.AsSpan(0, cut).ToArray(), () => 97));
                        }

                        failures.Enqueue("a truncated stream was read");
                    }
                    catch (FastSerializationException)
                    {
                    }

                    continue;
                }

                object value;
                int way = rng.Next(4);
                switch (way)
                {
                    case 0:
                        value = await formatter.DeserializeAsync(new ChunkedStream(record, () => rng.Next(1, 500)));
                        break;
                    case 1:
                        var sequence = Segments.Split(record, rng, 64);
                        formatter.TryReadRecord(ref sequence, out object? read).Should().BeTrue();
                        value = read!;
                        break;
                    case 2:
                        value = formatter.DeserializeUnframed<object>(Segments.Split(expectedUnframed[i], rng, 64));
                        break;
                    default:
                        var list = new List<object>();
#if FS_NETSTANDARD_BUILD
                        list.AddRange(formatter.ReadAll(new ChunkedStream(record.Concat(record).ToArray(), () => 211)));
#else
                        await foreach (object o in formatter.ReadAllAsync(new ChunkedStream(record.Concat(record).ToArray(), () => 211)))
                        {
                            list.Add(o);
                        }
#endif

                        list.Should().HaveCount(2);
                        value = list[1];
                        break;
                }

                if (!formatter.SerializeToArray(value).AsSpan().SequenceEqual(record))
                {
                    failures.Enqueue($"thread {t} value {i} way {way}");
                }
            }
        })).ToArray();
        await Task.WhenAll(tasks);
        failures.Should().BeEmpty();
    }

    /// <summary>
    /// Register racing the first use on another thread: each Register either succeeds, and then its factory makes the
    /// nested objects of that type, or throws the documented InvalidOperationException.
    /// </summary>
    [Fact]
    public void Register_RacingTheFirstUse_EitherTakesEffectFullyOrThrowsInvalidOperation()
    {
        var writer = new CustomBinaryFormatter();
        writer.Register<FactoryMadeHolder>(1);
        byte[] record = writer.SerializeToArray(new FactoryMadeHolder { Inner = new FactoryMade { Value = 5 } });
        int registeredRounds = 0;
        for (int round = 0; round < 5000; round++)
        {
            var formatter = new CustomBinaryFormatter();
            formatter.Register<FactoryMadeHolder>(1);
            using var barrier = new Barrier(2);
            var register = Task.Factory.StartNew(() =>
            {
                barrier.SignalAndWait();
                try
                {
                    formatter.Register(2, () => new FactoryMade { FromFactory = true });
                    return null;
                }
                catch (Exception e)
                {
                    return e;
                }
            }, TaskCreationOptions.LongRunning);
            barrier.SignalAndWait();
            FactoryMadeHolder holder = formatter.Deserialize<FactoryMadeHolder>(record);
            Exception? error = register.Result;
            if (error is null)
            {
                registeredRounds++;
                holder.Inner!.FromFactory.Should().BeTrue($"round {round}: Register(2, factory) succeeded, so the registry closed after it");
            }
            else
            {
                error.Should().BeOfType<InvalidOperationException>();
            }
        }

        registeredRounds.Should().BeGreaterThan(0);
    }

    /// <summary>Several formatters give one type different ids; threads switch between them (the per-type cache of the last registry).</summary>
    [Fact]
    public void ManyFormattersSharingAType_FromManyThreads_EachUsesItsOwnIds()
    {
        CustomBinaryFormatter[] formatters = Enumerable.Range(0, 5).Select(k =>
        {
            var f = new CustomBinaryFormatter();
            f.Register<Tick>(10 + k);
            f.Register<Customer>(100 + k);
            return f;
        }).ToArray();
        var failures = new ConcurrentQueue<string>();
        Parallel.For(0, Threads, new ParallelOptions { MaxDegreeOfParallelism = Threads }, t =>
        {
            var output = new ArrayBufferWriter<byte>();
            for (int n = 0; n < 20_000; n++)
            {
                int k = (n * 31 + t) % formatters.Length;
                output.Clear();
                if (n % 2 == 0)
                {
                    formatters[k].Serialize(output, new Tick { Time = n });
                    if (output.WrittenSpan[4] != 10 + k)
                    {
                        failures.Enqueue($"tick with formatter {k}: id {output.WrittenSpan[4]}");
                    }

                    if (formatters[k].Deserialize<Tick>(output.WrittenSpan).Time != n)
                    {
                        failures.Enqueue("tick value");
                    }
                }
                else
                {
                    formatters[k].Serialize(output, new Customer("a", "b", "c", n, t));
                    if (output.WrittenSpan[4] != 100 + k)
                    {
                        failures.Enqueue($"customer with formatter {k}: id {output.WrittenSpan[4]}");
                    }
                }
            }
        });
        failures.Should().BeEmpty();
    }

    /// <summary>TrySerialize into exact-size spans while records of the same type change size on other threads (the shared size hint).</summary>
    [Fact]
    public void TrySerialize_WithTheSizeHintChangingOnOtherThreads_FitsExactlyOrSaysSo()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        var failures = new ConcurrentQueue<string>();
        Parallel.For(0, Threads, new ParallelOptions { MaxDegreeOfParallelism = Threads }, t =>
        {
            var rng = new Random(t);
            for (int n = 0; n < 3000; n++)
            {
                var blob = new Blob { Data = new byte[rng.Next(0, 3) == 0 ? rng.Next(0, 100_000) : rng.Next(0, 50)], Text = "x" };
                rng.NextBytes(blob.Data);
                byte[] expected = formatter.SerializeToArray(blob);
                byte[] exact = new byte[expected.Length];
                if (!formatter.TrySerialize(blob, exact, out int written) || written != expected.Length || !exact.AsSpan().SequenceEqual(expected))
                {
                    failures.Enqueue($"exact fit {expected.Length}");
                }

                byte[] small = new byte[Math.Max(0, expected.Length - 1)];
                if (formatter.TrySerialize(blob, small, out written) || written != 0)
                {
                    failures.Enqueue($"one byte short {expected.Length} said it fit");
                }
            }
        });
        failures.Should().BeEmpty();
    }

    /// <summary>TypeRegistration.Layout and GetRegistrations from many threads on a fresh formatter.</summary>
    [Fact]
    public void RegistryQueries_FromManyThreads_OnAFreshFormatter_AgreeWithOneThread()
    {
        for (int round = 0; round < 300; round++)
        {
            CustomBinaryFormatter formatter = NewFormatter();
            using var barrier = new Barrier(Threads);
            var seen = new ConcurrentBag<string>();
            Parallel.For(0, Threads, new ParallelOptions { MaxDegreeOfParallelism = Threads }, t =>
            {
                barrier.SignalAndWait();
                var parts = new List<string>();
                foreach (TypeRegistration r in formatter.Registry.GetRegistrations())
                {
                    parts.Add($"{r.Id}:{r.Type.Name}:{(r.Layout is null ? "-" : string.Join(",", r.Layout))}");
                }

                formatter.TryGetTypeId(typeof(TickHolder), out int id);
                formatter.Registry.TryGetRegistration(5000, out TypeRegistration? big);
                seen.Add(string.Join(";", parts) + "|" + id + "|" + big?.Type.Name + "|" + formatter.RegisteredTypes.Count);
            });
            seen.Distinct().Should().HaveCount(1);
        }
    }
}

using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Grpc.Core;
using Grpc.Core.Interceptors;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Grpc.Tests;

public sealed class ConcurrencyTests : IClassFixture<GrpcServerFixture>
{
    private readonly GrpcServerFixture _server;

    public ConcurrencyTests(GrpcServerFixture server) => _server = server;

    /// <summary>One marshaller pair used by many threads at once, payloads in one segment and in many: round trips stay exact.</summary>
    [Fact]
    public void Marshallers_FromManyThreads_RoundTripExactly()
    {
        CustomBinaryFormatter formatter = Contract.NewFormatter();
        Marshaller<Trade> trades = FastGrpcMarshaller.Create<Trade>(formatter);
        Marshaller<Blob> blobs = FastGrpcMarshaller.Create<Blob>(formatter);
        var failures = new ConcurrentQueue<string>();
        Parallel.For(0, 8, new ParallelOptions { MaxDegreeOfParallelism = 8 }, t =>
        {
            var rng = new Random(t);
            for (int n = 0; n < 3000; n++)
            {
                var trade = new Trade { Id = (t * 1_000_000) + n, Symbol = new string('s', rng.Next(0, 300)), Price = n * 0.5, Quantity = -n };
                byte[] bytes = Write(trades, trade);
                Trade back = trades.ContextualDeserializer(new Payload(bytes, rng.Next(1, 40)));
                if (back.Id != trade.Id || back.Symbol != trade.Symbol || back.Price != trade.Price || back.Quantity != trade.Quantity)
                {
                    failures.Enqueue($"trade {trade.Id}");
                }

                var blob = new Blob { Data = new byte[rng.Next(0, 70_000)] };
                rng.NextBytes(blob.Data);
                Blob blobBack = blobs.ContextualDeserializer(new Payload(Write(blobs, blob), rng.Next(1, 9000)));
                if (!blobBack.Data!.AsSpan().SequenceEqual(blob.Data))
                {
                    failures.Enqueue($"blob of {blob.Data.Length}");
                }
            }
        });
        failures.Should().BeEmpty();
    }

    /// <summary>Many concurrent calls through one shared client to the real server: each response is its own request's.</summary>
    [Fact]
    public async Task OneClient_ManyConcurrentCalls_EachGetsItsOwnResponse()
    {
        using global::Grpc.Net.Client.GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);
        Task[] calls = Enumerable.Range(0, 16).Select(t => Task.Run(async () =>
        {
            for (int n = 0; n < 150; n++)
            {
                string symbol = $"S{t}-{n}-" + new string('x', n);
                Trade trade = await client.UnaryAsync(Contract.GetTrade, new Quote { Symbol = symbol, Count = n });
                trade.Symbol.Should().Be(symbol);
                trade.Id.Should().Be(1000 + n);
            }
        })).ToArray();
        await Task.WhenAll(calls);
    }

    /// <summary>
    /// A shared client over the real channel with an interceptor that adds a header to the call's headers (the pattern
    /// of the "gRPC interceptors on .NET" docs): each call must hand it a collection of its own, holding the fingerprint
    /// only. A collection shared by every call kept every call's additions, from several threads at once.
    /// </summary>
    [Fact]
    public void SharedClient_WithAHeaderAddingInterceptor_HandsEachCallItsOwnHeaders()
    {
        using global::Grpc.Net.Client.GrpcChannel channel = _server.NewChannel();
        var interceptor = new AddCallerHeader();
        var client = new FastGrpcClient(channel.Intercept(interceptor), Contract.NewFormatter());
        Parallel.For(0, 4, new ParallelOptions { MaxDegreeOfParallelism = 4 }, t =>
        {
            for (int n = 0; n < 100; n++)
            {
                client.Unary(Contract.GetTrade, new Quote { Symbol = $"q{t}-{n}", Count = n }).Symbol.Should().Be($"q{t}-{n}");
            }
        });
        interceptor.Seen.Should().HaveCount(400);
        interceptor.Seen.Distinct().Should().Equal(new[] { 1 }, "each call's headers hold the registry fingerprint and nothing another call added");
    }

    /// <summary>The interceptor of the gRPC for .NET docs: adds to the call's headers, making a collection only when there is none; records how many it found.</summary>
    private sealed class AddCallerHeader : Interceptor
    {
        public ConcurrentQueue<int> Seen { get; } = new();

        public override TResponse BlockingUnaryCall<TRequest, TResponse>(TRequest request, ClientInterceptorContext<TRequest, TResponse> context, BlockingUnaryCallContinuation<TRequest, TResponse> continuation)
        {
            Metadata? headers = context.Options.Headers;
            if (headers is null)
            {
                headers = new Metadata();
                context = new ClientInterceptorContext<TRequest, TResponse>(context.Method, context.Host, context.Options.WithHeaders(headers));
            }

            Seen.Enqueue(headers.Count);
            headers.Add("caller-user", "test");
            return continuation(request, context);
        }
    }

    private static byte[] Write<T>(Marshaller<T> marshaller, T value)
    {
        var context = new Serialization();
        marshaller.ContextualSerializer(value, context);
        return context.Bytes!;
    }

    private sealed class Serialization : SerializationContext
    {
        private readonly ArrayBufferWriter<byte> _buffer = new(64);

        public byte[]? Bytes { get; private set; }

        public override IBufferWriter<byte> GetBufferWriter() => _buffer;

        public override void Complete() => Bytes = _buffer.WrittenSpan.ToArray();

        public override void Complete(byte[] payload) => Bytes = payload;
    }

    private sealed class Payload : DeserializationContext
    {
        private readonly ReadOnlySequence<byte> _sequence;

        public Payload(byte[] bytes, int chunk)
        {
            var chunks = new List<byte[]>();
            for (int at = 0; at < bytes.Length; at += chunk)
            {
                chunks.Add(bytes.AsSpan(at, Math.Min(chunk, bytes.Length - at)).ToArray());
            }

            _sequence = chunks.Count == 0 ? ReadOnlySequence<byte>.Empty : Chain(chunks);
            PayloadLength = bytes.Length;
        }

        public override int PayloadLength { get; }

        public override ReadOnlySequence<byte> PayloadAsReadOnlySequence() => _sequence;

        public override byte[] PayloadAsNewBuffer() => _sequence.ToArray();

        private static ReadOnlySequence<byte> Chain(List<byte[]> chunks)
        {
            var first = new Segment(chunks[0], 0);
            Segment last = first;
            for (int i = 1; i < chunks.Count; i++)
            {
                last = last.Append(chunks[i]);
            }

            return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
        }

        private sealed class Segment : ReadOnlySequenceSegment<byte>
        {
            public Segment(byte[] data, long start)
            {
                Memory = data;
                RunningIndex = start;
            }

            public Segment Append(byte[] data)
            {
                var next = new Segment(data, RunningIndex + Memory.Length);
                Next = next;
                return next;
            }
        }
    }
}

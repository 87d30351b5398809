using System.Collections.Generic;
using System.Threading.Tasks;
using FluentAssertions;
using Grpc.Core;
using Grpc.Net.Client;
using Xunit;

namespace FastSerialization.Grpc.Tests;

/// <summary>Every call kind against the real server, through a real GrpcChannel.</summary>
public sealed class CallKindTests : IClassFixture<GrpcServerFixture>
{
    private readonly GrpcServerFixture _server;

    public CallKindTests(GrpcServerFixture server) => _server = server;

    [Fact]
    public async Task Unary_RoundTripsTheRequestAndResponse()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);

        Trade trade = await client.UnaryAsync(Contract.GetTrade, new Quote { Symbol = "MSFT", Count = 3 });

        trade.Should().BeEquivalentTo(TradeService.TradeFor("MSFT", 3));
    }

    [Fact]
    public void BlockingUnary_RoundTrips()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);

        Trade trade = client.Unary(Contract.GetTrade, new Quote { Symbol = "AAPL", Count = 7 });

        trade.Should().BeEquivalentTo(TradeService.TradeFor("AAPL", 7));
    }

    [Fact]
    public async Task ServerStreaming_DeliversEveryMessageInOrder()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);

        using AsyncServerStreamingCall<Trade> call = client.ServerStreaming(Contract.StreamTrades, new Quote { Symbol = "IBM", Count = 500 });
        var received = new List<Trade>();
        while (await call.ResponseStream.MoveNext(default))
        {
            received.Add(call.ResponseStream.Current);
        }

        received.Should().HaveCount(500);
        for (int i = 0; i < received.Count; i++)
        {
            received[i].Should().BeEquivalentTo(TradeService.TradeFor("IBM", i));
        }

        call.GetStatus().StatusCode.Should().Be(StatusCode.OK);
    }

    [Fact]
    public async Task ClientStreaming_TheServerReadsEveryRequest()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);

        using AsyncClientStreamingCall<Trade, Summary> call = client.ClientStreaming(Contract.SumTrades);
        long expected = 0;
        for (int i = 0; i < 200; i++)
        {
            Trade t = TradeService.TradeFor("X", i);
            expected += t.Quantity;
            await call.RequestStream.WriteAsync(t);
        }

        await call.RequestStream.CompleteAsync();
        Summary summary = await call;

        summary.Count.Should().Be(200);
        summary.Total.Should().Be(expected);
    }

    [Fact]
    public async Task Duplex_EchoesEachMessageAsItArrives()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);

        using AsyncDuplexStreamingCall<Trade, Trade> call = client.DuplexStreaming(Contract.Echo);
        for (int i = 0; i < 50; i++)
        {
            Trade sent = TradeService.TradeFor("D", i);
            await call.RequestStream.WriteAsync(sent);
            (await call.ResponseStream.MoveNext(default)).Should().BeTrue();
            Trade echoed = call.ResponseStream.Current;
            echoed.Id.Should().Be(sent.Id);
            echoed.Price.Should().Be(sent.Price * 2);
        }

        await call.RequestStream.CompleteAsync();
        (await call.ResponseStream.MoveNext(default)).Should().BeFalse();
    }

    [Fact]
    public async Task Unary_LargeMessageInSeveralSegments_RoundTrips()
    {
        // 60 KiB (under the server's 64 KiB limit) arrives in several HTTP/2 DATA frames: the segmented read path.
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);
        byte[] data = new byte[60 * 1024];
        for (int i = 0; i < data.Length; i++)
        {
            data[i] = (byte)(i * 31);
        }

        Summary summary = await client.UnaryAsync(Contract.Upload, new Blob { Data = data });

        summary.Count.Should().Be(data.Length);
    }
}

using System;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.DependencyInjection;
using FluentAssertions;
using Grpc.Core;
using Grpc.Net.Client;
using Xunit;

namespace FastSerialization.Grpc.Tests;

/// <summary>Bad bytes, limits, deadlines and cancellation against the real server; after each, it still serves.</summary>
public sealed class FailureTests : IClassFixture<GrpcServerFixture>
{
    private static readonly Method<byte[], byte[]> RawGetTrade = new(
        MethodType.Unary, Contract.Service, "GetTrade", Marshallers.Create(b => b, b => b), Marshallers.Create(b => b, b => b));

    private readonly GrpcServerFixture _server;

    public FailureTests(GrpcServerFixture server) => _server = server;

    private static string Fingerprint => RegistryDescription.Of(Contract.NewFormatter()).Fingerprint;

    private async Task ServerStillServes()
    {
        using GrpcChannel channel = _server.NewChannel();
        Trade trade = await _server.NewClient(channel).UnaryAsync(Contract.GetTrade, new Quote { Symbol = "OK", Count = 1 });
        trade.Symbol.Should().Be("OK");
    }

    private async Task<RpcException> SendRaw(byte[] payload)
    {
        using GrpcChannel channel = _server.NewChannel();
        var headers = new Metadata { { RegistryHeaders.Fingerprint, Fingerprint } };
        Func<Task> act = async () => await channel.CreateCallInvoker().AsyncUnaryCall(RawGetTrade, null, new CallOptions(headers), payload);
        return (await act.Should().ThrowAsync<RpcException>()).Which;
    }

    [Fact]
    public async Task Messages_AreUnframedRecords_TheTypeIdAndPayloadWithNoLengthPrefix()
    {
        using GrpcChannel channel = _server.NewChannel();
        var headers = new Metadata { { RegistryHeaders.Fingerprint, Fingerprint } };
        CustomBinaryFormatter formatter = Contract.NewFormatter();
        byte[] request = formatter.SerializeUnframedToArray(new Quote { Symbol = "RAW", Count = 4 });
        request.Length.Should().Be(formatter.SerializeToArray(new Quote { Symbol = "RAW", Count = 4 }).Length - RecordFrame.LengthPrefixSize);

        byte[] response = await channel.CreateCallInvoker().AsyncUnaryCall(RawGetTrade, null, new CallOptions(headers), request);

        response.Should().Equal(formatter.SerializeUnframedToArray(TradeService.TradeFor("RAW", 4)), "gRPC's frame gives the length, so the record carries none");
    }

    [Fact]
    public async Task MalformedRequest_EndsTheCallWithInvalidArgument_AndTheServerKeepsServing()
    {
        // A Quote's unframed record cut short: its type id and part of its payload.
        byte[] quote = Contract.NewFormatter().SerializeUnframedToArray(new Quote { Symbol = "QUOTE" });
        RpcException ex = await SendRaw(quote.AsSpan(0, 3).ToArray());

        ex.StatusCode.Should().Be(StatusCode.InvalidArgument);
        ex.Status.Detail.Should().Contain("not a valid FastSerialization record of Quote");
        await ServerStillServes();
    }

    [Fact]
    public async Task GarbageThatIsNotARecord_EndsTheCallWithInvalidArgument()
    {
        RpcException ex = await SendRaw(new byte[] { 0, 0, 0, 0 });

        ex.StatusCode.Should().Be(StatusCode.InvalidArgument);
        ex.Status.Detail.Should().Contain("Quote");
        await ServerStillServes();
    }

    [Fact]
    public async Task ARecordOfAnotherType_IsRefusedNotMisread()
    {
        byte[] tradeRecord = Contract.NewFormatter().SerializeUnframedToArray(TradeService.TradeFor("T", 1));

        RpcException ex = await SendRaw(tradeRecord);

        ex.StatusCode.Should().Be(StatusCode.InvalidArgument);
        ex.Status.Detail.Should().Contain("Quote").And.Contain("Trade");
        await ServerStillServes();
    }

    [Fact]
    public async Task ABadResponse_EndsTheClientsCallWithInternal()
    {
        // The server answers Mirror with a Quote; this client declared a Trade.
        using GrpcChannel channel = _server.NewChannel();
        Func<Task> act = async () => await _server.NewClient(channel).UnaryAsync(Contract.MirrorAsTrade, new Quote { Symbol = "Q" });

        RpcException ex = (await act.Should().ThrowAsync<RpcException>()).Which;

        ex.StatusCode.Should().Be(StatusCode.Internal);
        ex.Status.Detail.Should().Contain("Trade").And.Contain("Quote");
    }

    [Fact]
    public async Task AMessageOverTheSizeLimit_EndsWithResourceExhausted_AndTheServerKeepsServing()
    {
        using GrpcChannel channel = _server.NewChannel();
        var blob = new Blob { Data = new byte[GrpcServerFixture.MaxReceiveMessageSize + 1] };
        Func<Task> act = async () => await _server.NewClient(channel).UnaryAsync(Contract.Upload, blob);

        RpcException ex = (await act.Should().ThrowAsync<RpcException>()).Which;

        ex.StatusCode.Should().Be(StatusCode.ResourceExhausted);
        await ServerStillServes();
    }

    [Fact]
    public async Task ADeadline_EndsTheCallWithDeadlineExceeded_AndCancelsTheHandler()
    {
        _server.Observations.Reset();
        using GrpcChannel channel = _server.NewChannel();
        // The deadline must leave the call time to reach the handler: with 300 ms, a busy machine (CI runs the test
        // projects side by side) sometimes spent it all before sending, the client failed the call itself, and the
        // handler, never started, had nothing to cancel. The handler waits 30 s, so 3 s still ends it by deadline.
        Func<Task> act = async () => await _server.NewClient(channel).UnaryAsync(
            Contract.Slow, new Quote { Symbol = "S" }, new CallOptions(deadline: DateTime.UtcNow.AddSeconds(3)));

        RpcException ex = (await act.Should().ThrowAsync<RpcException>()).Which;

        ex.StatusCode.Should().Be(StatusCode.DeadlineExceeded);
        (await _server.Observations.Cancelled.WaitAsync(TimeSpan.FromSeconds(30))).Should().Be("Slow");
        await ServerStillServes();
    }

    [Fact]
    public async Task CancellingAStream_EndsItWithCancelled_AndTheServerSeesIt()
    {
        _server.Observations.Reset();
        using GrpcChannel channel = _server.NewChannel();
        using var cts = new CancellationTokenSource();
        using AsyncServerStreamingCall<Trade> call = _server.NewClient(channel).ServerStreaming(
            Contract.StreamTrades, new Quote { Symbol = "C", Count = -1 }, new CallOptions(cancellationToken: cts.Token));

        for (int i = 0; i < 3; i++)
        {
            (await call.ResponseStream.MoveNext(default)).Should().BeTrue();
            call.ResponseStream.Current.Id.Should().Be(1000 + i);
        }

        cts.Cancel();
        Func<Task> act = async () =>
        {
            while (await call.ResponseStream.MoveNext(default))
            {
            }
        };

        RpcException ex = (await act.Should().ThrowAsync<RpcException>()).Which;
        ex.StatusCode.Should().Be(StatusCode.Cancelled);
        (await _server.Observations.Cancelled.WaitAsync(TimeSpan.FromSeconds(10))).Should().Be("StreamTrades");
        await ServerStillServes();
    }
}

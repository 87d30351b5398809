using System;
using System.Threading.Tasks;
using FluentAssertions;
using Grpc.Core;
using Grpc.Net.Client;
using Xunit;

namespace FastSerialization.Grpc.Tests;

/// <summary>A client whose registry differs from the server's finds out at its first call, whatever the call kind.</summary>
public sealed class RegistryCheckTests : IClassFixture<GrpcServerFixture>
{
    private readonly GrpcServerFixture _server;

    public RegistryCheckTests(GrpcServerFixture server) => _server = server;

    /// <summary>Ids 1 and 2 swapped: a Quote record read by the server would be garbled, never delivered.</summary>
    private static CustomBinaryFormatter SwappedFormatter()
    {
        var f = new CustomBinaryFormatter();
        f.Register<Trade>(1);
        f.Register<Quote>(2);
        f.Register<Summary>(3);
        f.Register<Blob>(4);
        return f;
    }

    /// <summary>A deadline, so that a check that let the call through fails the test instead of hanging it.</summary>
    private static CallOptions Bounded => new(deadline: DateTime.UtcNow.AddSeconds(20));

    private static void ShouldNameTheSwappedId(RpcException ex)
    {
        ex.StatusCode.Should().Be(StatusCode.FailedPrecondition);
        ex.Status.Detail.Should().Be(
            "Registry mismatch at type id 1: the client registers FastSerialization.Grpc.Tests.Trade, the server registers FastSerialization.Grpc.Tests.Quote.");
    }

    [Fact]
    public async Task Unary_WithSwappedIds_FailsWithTheIdAndBothTypes()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel, SwappedFormatter());
        Func<Task> act = async () => await client.UnaryAsync(Contract.GetTrade, new Quote { Symbol = "M" }, Bounded);

        ShouldNameTheSwappedId((await act.Should().ThrowAsync<RpcException>()).Which);
    }

    [Fact]
    public void BlockingUnary_WithSwappedIds_FailsWithTheIdAndBothTypes()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel, SwappedFormatter());
        Action act = () => client.Unary(Contract.GetTrade, new Quote { Symbol = "M" }, Bounded);

        ShouldNameTheSwappedId(act.Should().Throw<RpcException>().Which);
    }

    [Fact]
    public async Task ServerStreaming_WithSwappedIds_FailsWithTheIdAndBothTypes()
    {
        using GrpcChannel channel = _server.NewChannel();
        using AsyncServerStreamingCall<Trade> call = _server.NewClient(channel, SwappedFormatter()).ServerStreaming(Contract.StreamTrades, new Quote { Count = 3 }, Bounded);
        Func<Task> act = async () => await call.ResponseStream.MoveNext(default);

        ShouldNameTheSwappedId((await act.Should().ThrowAsync<RpcException>()).Which);
    }

    [Fact]
    public async Task Duplex_WithSwappedIds_FailsWithTheIdAndBothTypes()
    {
        using GrpcChannel channel = _server.NewChannel();
        using AsyncDuplexStreamingCall<Trade, Trade> call = _server.NewClient(channel, SwappedFormatter()).DuplexStreaming(Contract.Echo, Bounded);
        Func<Task> act = async () => await call.ResponseStream.MoveNext(default);

        ShouldNameTheSwappedId((await act.Should().ThrowAsync<RpcException>()).Which);
    }

    [Fact]
    public async Task ClientStreaming_WithSwappedIds_FailsWithTheIdAndBothTypes()
    {
        using GrpcChannel channel = _server.NewChannel();
        using AsyncClientStreamingCall<Trade, Summary> call = _server.NewClient(channel, SwappedFormatter()).ClientStreaming(Contract.SumTrades, Bounded);
        Func<Task> act = async () => await call;

        ShouldNameTheSwappedId((await act.Should().ThrowAsync<RpcException>()).Which);
    }

    [Fact]
    public async Task AnExtraIdOnTheClient_IsRefusedUnlessAccepted_AndTheMessageSaysItIsCompatible()
    {
        CustomBinaryFormatter extended = Contract.NewFormatter();
        extended.Register<Extra>(98);
        using GrpcChannel channel = _server.NewChannel();
        Func<Task> act = async () => await _server.NewClient(channel, extended).UnaryAsync(Contract.GetTrade, new Quote(), Bounded);

        RpcException ex = (await act.Should().ThrowAsync<RpcException>()).Which;

        ex.StatusCode.Should().Be(StatusCode.FailedPrecondition);
        ex.Status.Detail.Should().Contain("which the contract's section 6 (docs/FORMAT.md section 8) allows").And.Contain("AcceptedClientFingerprints");
    }

    [Fact]
    public async Task AnAcceptedFingerprint_IsServed()
    {
        using GrpcChannel channel = _server.NewChannel();
        Trade trade = await _server.NewClient(channel, GrpcServerFixture.AcceptedExtendedFormatter()).UnaryAsync(Contract.GetTrade, new Quote { Symbol = "ACC", Count = 2 });

        trade.Should().BeEquivalentTo(TradeService.TradeFor("ACC", 2));
    }

    [Fact]
    public async Task ACallWithoutTheFingerprint_IsRefusedBeforeItsMessageIsRead()
    {
        using GrpcChannel channel = _server.NewChannel();
        Method<Quote, Trade> method = Contract.GetTrade.ToMethod(Contract.NewFormatter());
        Func<Task> act = async () => await channel.CreateCallInvoker().AsyncUnaryCall(method, null, Bounded, new Quote());

        RpcException ex = (await act.Should().ThrowAsync<RpcException>()).Which;

        ex.StatusCode.Should().Be(StatusCode.FailedPrecondition);
        ex.Status.Detail.Should().Contain("carries no 'fs-registry' header");
    }
}

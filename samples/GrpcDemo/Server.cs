using System;
using System.Linq;
using System.Net;
using System.Threading.Tasks;
using Grpc.Core;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace GrpcDemo;

/// <summary>The FastSerialization service: handlers bound to the code-first declarations.</summary>
public sealed class FastTradeService
{
    public Task<Trade> GetTrade(TradeRequest request, ServerCallContext context) => Task.FromResult(TradeContract.TradeFor(request.Symbol, request.Count));

    public async Task StreamTrades(TradeRequest request, IServerStreamWriter<Trade> responses, ServerCallContext context)
    {
        for (int i = 0; i < request.Count; i++)
        {
            await responses.WriteAsync(TradeContract.TradeFor(request.Symbol, i));
        }
    }
}

/// <summary>The same service with Google.Protobuf messages, on the generated base class.</summary>
public sealed class ProtoTradeService : Proto.Trades.TradesBase
{
    public override Task<Proto.Trade> GetTrade(Proto.TradeRequest request, ServerCallContext context) =>
        Task.FromResult(TradeContract.ProtoTradeFor(request.Symbol, request.Count));

    public override async Task StreamTrades(Proto.TradeRequest request, IServerStreamWriter<Proto.Trade> responseStream, ServerCallContext context)
    {
        for (int i = 0; i < request.Count; i++)
        {
            await responseStream.WriteAsync(TradeContract.ProtoTradeFor(request.Symbol, i));
        }
    }
}

/// <summary>The server process: both services on one Kestrel server, HTTP/2 on a free loopback port.</summary>
public static class Server
{
    public static async Task<int> RunAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(k => k.Listen(IPAddress.Loopback, 0, l => l.Protocols = HttpProtocols.Http2));
        builder.Services.AddGrpc();
        builder.Services.AddFastSerialization(b => TradeContract.Register(b));
        builder.Services.AddSingleton<FastTradeService>();
        builder.Services.AddFastGrpcService<FastTradeService>(s => s
            .Unary(TradeContract.GetTrade, (svc, req, ctx) => svc.GetTrade(req, ctx))
            .ServerStreaming(TradeContract.StreamTrades, (svc, req, stream, ctx) => svc.StreamTrades(req, stream, ctx)));

        await using WebApplication app = builder.Build();
        app.MapGrpcService<FastTradeService>();
        app.MapGrpcService<ProtoTradeService>();
        await app.StartAsync();

        string address = app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        Console.WriteLine("listening " + address);
        Console.Out.Flush();

        // The client process closes our standard input when it is done (or when it dies).
        await Console.In.ReadToEndAsync();
        await app.StopAsync();
        return 0;
    }
}

using System;
using System.Linq;
using System.Net;
using System.Threading.Tasks;
using FastSerialization.DependencyInjection;
using Grpc.Net.Client;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Xunit;

namespace FastSerialization.Grpc.Tests;

/// <summary>
/// A real Kestrel server on a free loopback port, HTTP/2 only (cleartext, prior knowledge, as gRPC clients speak it),
/// serving <see cref="TradeService"/> through FastSerialization.Grpc, for the whole test class.
/// </summary>
public sealed class GrpcServerFixture : IAsyncLifetime
{
    /// <summary>gRPC's own limit on a received message, set low so a test can go over it.</summary>
    public const int MaxReceiveMessageSize = 64 * 1024;

    private WebApplication? _app;

    public Uri Address { get; private set; } = null!;

    public ServerObservations Observations { get; } = new();

    /// <summary>A client registry that only adds an id (allowed by FORMAT.md section 6), accepted by the server's options.</summary>
    public static CustomBinaryFormatter AcceptedExtendedFormatter()
    {
        CustomBinaryFormatter f = Contract.NewFormatter();
        f.Register<Extra>(99);
        return f;
    }

    public async Task InitializeAsync()
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.ConfigureKestrel(k => k.Listen(IPAddress.Loopback, 0, l => l.Protocols = HttpProtocols.Http2));
        builder.Services.AddSingleton(Observations);
        builder.Services.AddSingleton<TradeService>();
        builder.Services.AddGrpc(o => o.MaxReceiveMessageSize = MaxReceiveMessageSize);
        builder.Services.AddFastSerialization(b => Contract.RegisterAll(b));
        string accepted = RegistryDescription.Of(AcceptedExtendedFormatter()).Fingerprint;
        builder.Services.ConfigureFastGrpc(o => o.AcceptedClientFingerprints.Add(accepted));
        builder.Services.AddFastGrpcService<TradeService>(s => s
            .Unary(Contract.GetTrade, (svc, req, ctx) => svc.GetTrade(req, ctx))
            .ServerStreaming(Contract.StreamTrades, (svc, req, stream, ctx) => svc.StreamTrades(req, stream, ctx))
            .ClientStreaming(Contract.SumTrades, (svc, reqs, ctx) => svc.SumTrades(reqs, ctx))
            .DuplexStreaming(Contract.Echo, (svc, reqs, stream, ctx) => svc.Echo(reqs, stream, ctx))
            .Unary(Contract.Slow, (svc, req, ctx) => svc.Slow(req, ctx))
            .Unary(Contract.Upload, (svc, req, ctx) => svc.Upload(req, ctx))
            .Unary(Contract.Mirror, (svc, req, ctx) => svc.Mirror(req, ctx))
            .Unary(Contract.Hire, (svc, req, ctx) => svc.Hire(req, ctx))
            .ServerStreaming(Contract.StreamDepartments, (svc, req, stream, ctx) => svc.StreamDepartments(req, stream, ctx))
            .ClientStreaming(Contract.CountDepartments, (svc, reqs, ctx) => svc.CountDepartments(reqs, ctx)));

        _app = builder.Build();
        _app.MapGrpcService<TradeService>();
        await _app.StartAsync();

        string address = _app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single();
        Address = new Uri(address);
    }

    public GrpcChannel NewChannel() => GrpcChannel.ForAddress(Address, new GrpcChannelOptions { MaxReceiveMessageSize = 4 * 1024 * 1024 });

    public FastGrpcClient NewClient(GrpcChannel channel, CustomBinaryFormatter? formatter = null) => new(channel, formatter ?? Contract.NewFormatter());

    public async Task DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.StopAsync();
            await _app.DisposeAsync();
        }
    }
}

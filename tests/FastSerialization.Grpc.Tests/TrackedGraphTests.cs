using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Tests.Shared;
using FluentAssertions;
using Grpc.Core;
using Grpc.Net.Client;
using Xunit;

namespace FastSerialization.Grpc.Tests;

/// <summary>
/// Reference-tracked graphs (contract section 8) through gRPC, against the real Kestrel server: each message is its own
/// record, so each keeps its shared managers and the cycle back to its department, in requests and in responses.
/// </summary>
public sealed class TrackedGraphTests : IClassFixture<GrpcServerFixture>
{
    private readonly GrpcServerFixture _server;

    public TrackedGraphTests(GrpcServerFixture server) => _server = server;

    [Fact]
    public async Task Unary_TheServerReceivesTheShape_AndTheClientGetsItBackWithOneMoreEmployee()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);
        TrackedDepartment sent = TrackedDepartment.Build(employees: 200, managers: 10);

        // The server refuses (InvalidArgument, naming what broke) a department whose employees hold copies of the managers.
        TrackedDepartment received = await client.UnaryAsync(Contract.Hire, sent);

        received.Should().NotBeSameAs(sent);
        received.ShouldHaveTheShapeOf(employees: 201, managers: 10);
        received.Employees[200].Manager.Should().BeSameAs(received.Managers![0], "the employee the server hired shares manager 0");
        received.Managers.Should().NotContain(m => sent.Managers!.Contains(m));
    }

    [Fact]
    public async Task TheServersShapeCheck_RefusesADepartmentWhoseEmployeeHoldsACopyOfItsManager()
    {
        // What the server would see if sharing were lost on the way: the check that the unary test relies on can fail.
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);
        TrackedDepartment sent = TrackedDepartment.Build(employees: 6, managers: 2);
        sent.Employees[4].Manager = new TrackedManager { Name = sent.Managers![0].Name, Department = sent };

        RpcException refused = (await FluentActions.Awaiting(async () => await client.UnaryAsync(Contract.Hire, sent)).Should().ThrowAsync<RpcException>()).Which;

        refused.StatusCode.Should().Be(StatusCode.InvalidArgument);
        refused.Status.Detail.Should().Contain("employee 4").And.Contain("manager 0");
    }

    [Fact]
    public void BlockingUnary_KeepsTheShape()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);

        TrackedDepartment received = client.Unary(Contract.Hire, TrackedDepartment.Build(employees: 9, managers: 3));

        received.ShouldHaveTheShapeOf(employees: 10, managers: 3);
    }

    [Fact]
    public async Task ServerStreaming_EachMessageIsItsOwnGraph()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);

        using AsyncServerStreamingCall<TrackedDepartment> call = client.ServerStreaming(Contract.StreamDepartments, new Quote { Symbol = "dept", Count = 40 });
        var received = new List<TrackedDepartment>();
        while (await call.ResponseStream.MoveNext(default))
        {
            received.Add(call.ResponseStream.Current);
        }

        received.Should().HaveCount(40);
        for (int i = 0; i < received.Count; i++)
        {
            received[i].Name.Should().Be("dept " + i);
            received[i].ShouldHaveTheShapeOf(employees: 10 + i, managers: 1 + (i % 4));
        }

        received.SelectMany(d => d.Managers!).Distinct().Should().HaveCount(received.Sum(d => d.Managers!.Length), "no two messages share an object");
        call.GetStatus().StatusCode.Should().Be(StatusCode.OK);
    }

    [Fact]
    public async Task ClientStreaming_TheServerReceivesEveryDepartmentWithItsShape()
    {
        using GrpcChannel channel = _server.NewChannel();
        FastGrpcClient client = _server.NewClient(channel);

        using AsyncClientStreamingCall<TrackedDepartment, Summary> call = client.ClientStreaming(Contract.CountDepartments);
        int employees = 0;
        for (int i = 0; i < 25; i++)
        {
            employees += 5 * i;
            await call.RequestStream.WriteAsync(TrackedDepartment.Build(employees: 5 * i, managers: 1 + (i % 3)));
        }

        await call.RequestStream.CompleteAsync();
        Summary summary = await call;

        summary.Count.Should().Be(25, "every department arrived with its managers shared and pointing back to it");
        summary.Total.Should().Be(employees);
    }
}

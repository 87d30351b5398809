using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Tests.Shared;
using Grpc.Core;

namespace FastSerialization.Grpc.Tests;

/// <summary>What the server saw of cancelled calls, for the tests to wait on.</summary>
public sealed class ServerObservations
{
    private TaskCompletionSource<string> _cancelled = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public Task<string> Cancelled => _cancelled.Task;

    public void Reset() => _cancelled = new TaskCompletionSource<string>(TaskCreationOptions.RunContinuationsAsynchronously);

    public void ReportCancelled(string method) => _cancelled.TrySetResult(method);
}

public sealed class TradeService
{
    private readonly ServerObservations _observations;

    public TradeService(ServerObservations observations) => _observations = observations;

    public static Trade TradeFor(string? symbol, int i) => new() { Id = 1000 + i, Symbol = symbol, Price = 100.25 + i, Quantity = 10 * (i + 1) };

    public Task<Trade> GetTrade(Quote request, ServerCallContext context) => Task.FromResult(TradeFor(request.Symbol, request.Count));

    public async Task StreamTrades(Quote request, IServerStreamWriter<Trade> responses, ServerCallContext context)
    {
        // A negative count streams until the client cancels or the deadline passes.
        try
        {
            for (int i = 0; request.Count < 0 || i < request.Count; i++)
            {
                await responses.WriteAsync(TradeFor(request.Symbol, i));
                if (request.Count < 0)
                {
                    await Task.Delay(20, context.CancellationToken);
                }
            }
        }
        catch (OperationCanceledException) when (context.CancellationToken.IsCancellationRequested)
        {
            _observations.ReportCancelled(nameof(StreamTrades));
            throw;
        }
    }

    public async Task<Summary> SumTrades(IAsyncStreamReader<Trade> requests, ServerCallContext context)
    {
        var summary = new Summary();
        while (await requests.MoveNext(context.CancellationToken))
        {
            summary.Count++;
            summary.Total += requests.Current.Quantity;
        }

        return summary;
    }

    public async Task Echo(IAsyncStreamReader<Trade> requests, IServerStreamWriter<Trade> responses, ServerCallContext context)
    {
        while (await requests.MoveNext(context.CancellationToken))
        {
            Trade t = requests.Current;
            t.Price *= 2;
            await responses.WriteAsync(t);
        }
    }

    public async Task<Trade> Slow(Quote request, ServerCallContext context)
    {
        try
        {
            await Task.Delay(TimeSpan.FromSeconds(30), context.CancellationToken);
        }
        catch (OperationCanceledException)
        {
            _observations.ReportCancelled(nameof(Slow));
            throw;
        }

        return TradeFor(request.Symbol, 0);
    }

    public Task<Summary> Upload(Blob request, ServerCallContext context) => Task.FromResult(new Summary { Count = request.Data?.Length ?? -1 });

    public Task<Quote> Mirror(Quote request, ServerCallContext context) => Task.FromResult(request);

    /// <summary>
    /// The shape of <see cref="TrackedDepartment.Build"/> as the server checks it, without assertions (a failure here must
    /// reach the client as a status that says what was wrong): null when it holds, otherwise what broke.
    /// </summary>
    public static string? ShapeProblem(TrackedDepartment department)
    {
        TrackedManager[] managers = department.Managers ?? Array.Empty<TrackedManager>();
        if (managers.Length == 0 || managers.Distinct().Count() != managers.Length)
        {
            return $"{managers.Length} managers, not distinct objects";
        }

        if (managers.Any(m => !ReferenceEquals(m.Department, department)))
        {
            return "a manager does not point back to the department it arrived in";
        }

        for (int e = 0; e < department.Employees.Count; e++)
        {
            TrackedEmployee employee = department.Employees[e];
            if (!ReferenceEquals(employee.Department, department) || !ReferenceEquals(employee.Manager, managers[e % managers.Length]))
            {
                return $"employee {e} does not point to the department and to manager {e % managers.Length} it arrived with (a copy instead of the shared object)";
            }
        }

        return null;
    }

    /// <summary>Checks the department's shape, then hires one more employee under the manager <see cref="TrackedDepartment.Build"/> gives the next one.</summary>
    public Task<TrackedDepartment> Hire(TrackedDepartment request, ServerCallContext context)
    {
        if (ShapeProblem(request) is { } problem)
        {
            throw new RpcException(new Status(StatusCode.InvalidArgument, "the department arrived without its shape: " + problem));
        }

        int next = request.Employees.Count;
        request.Employees.Add(new TrackedEmployee { Name = "employee " + next, Manager = request.Managers![next % request.Managers.Length], Department = request });
        return Task.FromResult(request);
    }

    /// <summary>Department i has 10 + i employees sharing 1 + i % 4 managers.</summary>
    public async Task StreamDepartments(Quote request, IServerStreamWriter<TrackedDepartment> responses, ServerCallContext context)
    {
        for (int i = 0; i < request.Count; i++)
        {
            await responses.WriteAsync(TrackedDepartment.Build(employees: 10 + i, managers: 1 + (i % 4), name: request.Symbol + " " + i));
        }
    }

    /// <summary>Counts the departments that arrived with their shape, and adds up their employees.</summary>
    public async Task<Summary> CountDepartments(IAsyncStreamReader<TrackedDepartment> requests, ServerCallContext context)
    {
        var summary = new Summary();
        while (await requests.MoveNext(context.CancellationToken))
        {
            if (ShapeProblem(requests.Current) is null)
            {
                summary.Count++;
            }

            summary.Total += requests.Current.Employees.Count;
        }

        return summary;
    }
}

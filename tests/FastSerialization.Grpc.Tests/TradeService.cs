using System;
using System.Threading;
using System.Threading.Tasks;
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
}

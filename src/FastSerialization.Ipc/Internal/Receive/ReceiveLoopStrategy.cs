using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// The default receive strategy: a background loop reads every record as it arrives, completes the requests
/// it answers, and queues the messages in the inbox, where <see cref="IpcChannel.ReceiveAsync"/> and
/// <see cref="IpcChannel.ReadAllAsync"/> take them. A full inbox stops the loop, and so the peer (back-pressure).
/// </summary>
internal sealed class ReceiveLoopStrategy : IReceiveStrategy
{
    /// <summary>How many messages the loop reads from a span before it queues them.</summary>
    private const int RunLength = 256;

    private readonly ReceiveSide _side;
    private Task _loop = Task.CompletedTask;

    public ReceiveLoopStrategy(ReceiveSide side) => _side = side;

    public Task Completion => _loop;

    public void Start() => _loop = Task.Run(RunAsync, CancellationToken.None);

    public ValueTask<object?> ReceiveAsync(CancellationToken cancellationToken) => _side.Inbox.TakeAsync(cancellationToken);

    public IAsyncEnumerable<object> ReadAllAsync(CancellationToken cancellationToken) => _side.Inbox.ReadAllAsync(cancellationToken);

    public int TakeArrived(Span<object> into) => _side.Inbox.TakeQueued(into);

    public Task<object> WaitForResponseAsync(ulong id, TaskCompletionSource<object> pending, TimeSpan timeout, CancellationToken cancellationToken) =>
        pending.Task.WaitAsync(timeout, cancellationToken);

    public async Task<bool> StopAsync()
    {
        _side.Reader.CancelPendingRead();
        try
        {
            await _loop.WaitAsync(TimeSpan.FromSeconds(5)).ConfigureAwait(false);
        }
        catch (TimeoutException)
        {
            // The loop is stuck inside a transport read that ignores cancellation and outlived its stream
            // (a user's stream, an anonymous pipe).
            return false;
        }
        catch (Exception)
        {
            // Already reported to the readers.
        }

        return true;
    }

    private async Task RunAsync()
    {
        PipeReader reader = _side.Reader;
        ReceiveQueue inbox = _side.Inbox;
        IncomingRecords records = _side.Records;
        ChannelLifetime lifetime = _side.Lifetime;
        Exception? failure = null;
        bool goodbye = false;
        bool closedHere = false;
        var run = new object[RunLength];
        var sizes = new int[RunLength];
        try
        {
            while (!goodbye)
            {
                ReadResult result = await reader.ReadAsync(lifetime.Closing).ConfigureAwait(false);
                if (result.IsCanceled)
                {
                    closedHere = true;
                    break;
                }

                ReadOnlySequence<byte> buffer = result.Buffer;
                try
                {
                    while (!goodbye)
                    {
                        // A burst of plain messages is read from a span, then queued under one lock as far as there
                        // is room; the rest one by one, each waiting for room when the queue is full. A waiting reader
                        // is woken once for the whole read (below), or when the queue is half full, or before the loop
                        // waits for room: one thread hand-over for many runs (ipc-batches.md).
                        int taken = records.TakeRun(ref buffer, run, sizes);
                        int queued = 0;
                        while (queued < taken)
                        {
                            int added = inbox.TryEnqueueRun(run.AsSpan(queued, taken - queued), sizes.AsSpan(queued, taken - queued), wakeReaders: false);
                            if (added == 0)
                            {
                                inbox.WakeReaders();
                                await inbox.EnqueueAsync(run[queued], sizes[queued], lifetime.Closing).ConfigureAwait(false);
                                added = 1;
                            }

                            queued += added;
                        }

                        Array.Clear(run, 0, taken);

                        if (taken > 0)
                        {
                            continue;
                        }

                        Incoming incoming = records.TakeRecord(ref buffer, out object? message, out ulong correlation);
                        if (incoming == Incoming.NeedMore)
                        {
                            break;
                        }

                        switch (incoming)
                        {
                            case Incoming.Goodbye:
                                goodbye = true;
                                break;
                            case Incoming.Request:
                                await inbox.EnqueueAsync(_side.NewRequest(correlation, message!), records.LastTakenBytes, lifetime.Closing).ConfigureAwait(false);
                                break;
                            case Incoming.Message:
                                await inbox.EnqueueAsync(message!, records.LastTakenBytes, lifetime.Closing).ConfigureAwait(false);
                                break;
                        }
                    }
                }
                finally
                {
                    reader.AdvanceTo(buffer.Start, buffer.End);
                    inbox.WakeReaders(); // what this read queued, before the loop waits for the next
                }

                if (result.IsCompleted && !goodbye)
                {
                    failure = ConnectionErrors.EndedWithoutGoodbye(buffer);
                    break;
                }
            }
        }
        catch (Exception) when (lifetime.IsClosing)
        {
            // Closing this side: a read canceled, or failing on the transport that closing disposed.
            closedHere = true;
        }
        catch (FastSerializationException ex)
        {
            failure = ex;
        }
        catch (Exception ex) when (ConnectionErrors.IsBroken(ex))
        {
            failure = ConnectionErrors.Broken(ex);
        }
        catch (IpcException ex)
        {
            // The transport refused the peer's bytes (a corrupted shared-memory ring).
            failure = ex;
        }
        catch (Exception ex)
        {
            // Whatever else went wrong, the readers must hear of it: a receive loop that dies silently
            // leaves ReadAllAsync waiting for ever.
            failure = new IpcException("Receiving failed: " + ex.Message, ex);
        }

        await _side.EndAsync(failure, closedHere).ConfigureAwait(false);
        if (failure is not null)
        {
            throw failure;
        }
    }
}

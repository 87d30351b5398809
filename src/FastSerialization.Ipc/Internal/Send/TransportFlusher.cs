using System;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// Hands what <see cref="ChannelSender"/> wrote to the transport: a flush now, a publication in place (shared memory),
/// or one flush scheduled for a burst; and turns what the transport says into the channel's outcome (a broken
/// connection, a peer that stopped reading, a send canceled inside a stream's write, a flush woken by closing).
/// A failure of a scheduled flush, which nobody awaits, is kept for the next sender (<see cref="ThrowIfClosed"/>).
/// Every member is called under the send lock, which the scheduled flush takes for itself.
/// </summary>
internal sealed class TransportFlusher
{
    private readonly PipeWriter _writer;

    /// <summary>The writer's in-place publication, when its transport has it (shared memory), or null.</summary>
    private readonly IInPlaceWriter? _inPlace;

    /// <summary>True when the bytes go to a stream (a socket, a pipe) through a stream pipe writer: a canceled write may have sent part of a record.</summary>
    private readonly bool _writesToAStream;
    private readonly ChannelLifetime _lifetime;

    /// <summary>The send lock, taken by the scheduled flush.</summary>
    private readonly AsyncGate _lock;
    private bool _flushScheduled;
    private Exception? _flushError;

    public TransportFlusher(PipeWriter writer, IInPlaceWriter? inPlace, bool writesToAStream, ChannelLifetime lifetime, AsyncGate sendLock)
    {
        _writer = writer;
        _inPlace = inPlace;
        _writesToAStream = writesToAStream;
        _lifetime = lifetime;
        _lock = sendLock;
    }

    /// <summary>Hands the buffered bytes to the transport. Completes at once when the transport takes them at once.</summary>
    public ValueTask FlushAsync(CancellationToken cancellationToken)
    {
        _flushScheduled = false;
        ValueTask<FlushResult> flush;
        try
        {
            flush = _writer.FlushAsync(cancellationToken);
        }
        catch (Exception ex) when (ConnectionErrors.IsBroken(ex))
        {
            throw BrokenWhileSending(ex);
        }
        catch (OperationCanceledException) when (_writesToAStream)
        {
            EndAfterCanceledWrite();
            throw;
        }

        if (flush.IsCompletedSuccessfully)
        {
            FlushResult result = flush.Result;
            if (!IsStaleCancel(result))
            {
                CheckFlushed(result);
                return default;
            }

            flush = new ValueTask<FlushResult>(result); // its result is taken: AwaitFlushAsync flushes again
        }

        return AwaitFlushAsync(flush, cancellationToken);
    }

    /// <summary>
    /// A flush canceled while the channel is open: a cancellation meant for an earlier flush (a StreamPipeWriter
    /// cancels its internal token when an earlier flush's token fires as that flush completes, and the next flush
    /// then returns IsCanceled without writing). Its bytes are still buffered: flush again.
    /// </summary>
    private bool IsStaleCancel(FlushResult result) => result.IsCanceled && !result.IsCompleted && !_lifetime.IsClosed;

    private async ValueTask AwaitFlushAsync(ValueTask<FlushResult> flush, CancellationToken cancellationToken)
    {
        while (true)
        {
            FlushResult result;
            try
            {
                result = await flush.ConfigureAwait(false);
                if (IsStaleCancel(result))
                {
                    flush = _writer.FlushAsync(cancellationToken);
                    continue;
                }
            }
            catch (Exception ex) when (ConnectionErrors.IsBroken(ex))
            {
                throw BrokenWhileSending(ex);
            }
            catch (OperationCanceledException) when (_writesToAStream)
            {
                EndAfterCanceledWrite();
                throw;
            }

            CheckFlushed(result);
            return;
        }
    }

    /// <summary>
    /// A flush into a stream was canceled while the stream wrote: part of a record may have gone, and the
    /// stream pipe writer would write those bytes again. The peer must not read a damaged record, so the
    /// channel ends here (the peer sees it end inside a record, whose bytes it drops). The caller holds the
    /// send lock; the channel is closed in the background.
    /// </summary>
    private void EndAfterCanceledWrite()
    {
        _flushError ??= new IpcException("A send was canceled while its record was being written to the transport; the channel was closed so that the peer never reads a damaged record.");
        _lifetime.AbortInBackground();
    }

    /// <summary>A transport that failed under a send: the channel was closed under it (the transport disposed), or the connection broke.</summary>
    private IpcException BrokenWhileSending(Exception ex) => _lifetime.IsClosed
        ? new IpcException("The channel was closed while sending.", ex)
        : new IpcException("The connection to the peer broke while sending.", ex);

    private void CheckFlushed(FlushResult result)
    {
        if (result.IsCompleted)
        {
            throw new IpcException("The peer stopped reading: the channel is closed.");
        }

        if (result.IsCanceled && _lifetime.IsClosed)
        {
            // Closing this side woke the flush (CancelPendingFlush): the bytes may not all have gone.
            throw new IpcException("The channel was closed while sending.");
        }
    }

    /// <summary>
    /// Shared memory publishes at once when the consumer waits (a store and a fence, no system call unless the
    /// peer sleeps), and otherwise leaves records to the next send or a scheduled flush; other transports
    /// coalesce the records of a burst into one scheduled flush.
    /// </summary>
    public void PublishOrSchedule()
    {
        if (_inPlace?.TryPublishInPlace(_flushScheduled) != true && !_flushScheduled)
        {
            // One flush for everything sent until it runs.
            _flushScheduled = true;
#if NETSTANDARD2_0
            ThreadPool.UnsafeQueueUserWorkItem(static sender => _ = ((TransportFlusher)sender!).ScheduledFlushAsync(), this);
#else
            ThreadPool.UnsafeQueueUserWorkItem(static sender => _ = sender.ScheduledFlushAsync(), this, preferLocal: false);
#endif
        }
    }


    private async Task ScheduledFlushAsync()
    {
        await _lock.EnterAsync(CancellationToken.None).ConfigureAwait(false);
        try
        {
            _flushScheduled = false;
            if (!_lifetime.IsClosed && _flushError is null)
            {
                await FlushAsync(CancellationToken.None).ConfigureAwait(false);
            }
        }
        catch (Exception ex) when (ex is IpcException or IOException or InvalidOperationException or ObjectDisposedException)
        {
            // Reported to the next sender; the receive side reports the peer's going away to readers.
            _flushError = ex;
        }
        finally
        {
            _lock.Exit();
        }
    }


    /// <summary>Throws when nothing can be sent any more: the channel was closed, receiving ended, or a scheduled flush failed.</summary>
    public void ThrowIfClosed()
    {
        if (_lifetime.IsClosed)
        {
            throw new IpcException("The channel is closed.");
        }

        if (_lifetime.ReceiveEnd is { } ended)
        {
            throw new IpcException("The channel is closed: " + ended.Message, ended);
        }

        if (_flushError is not null)
        {
            throw new IpcException("Sending failed: " + _flushError.Message, _flushError);
        }
    }
}

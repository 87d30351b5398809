using System;
using System.Threading;

namespace FastSerialization.Files.Internal;

/// <summary>
/// The clock of <see cref="RecordFileDurability.Interval"/>: ticks every half interval and asks the writer to write and
/// sync what it holds if the interval has passed since its last sync, so an idle writer's records become durable too.
/// It holds the writer weakly: a writer that is dropped without being disposed is not kept alive by its timer.
/// </summary>
internal sealed class IntervalSyncTimer : IDisposable
{
    private readonly WeakReference<RecordFileWriter> _writer;
    private readonly Timer _timer;

    public IntervalSyncTimer(RecordFileWriter writer, TimeSpan interval)
    {
        _writer = new WeakReference<RecordFileWriter>(writer);
        TimeSpan period = TimeSpan.FromTicks(Math.Max(interval.Ticks / 2, TimeSpan.TicksPerMillisecond));
        // Not started until it is assigned, so the first tick never sees a half-made timer.
        _timer = new Timer(static state => ((IntervalSyncTimer)state!).Tick(), this, Timeout.InfiniteTimeSpan, Timeout.InfiniteTimeSpan);
        _timer.Change(period, period);
    }

    private void Tick()
    {
        if (_writer.TryGetTarget(out RecordFileWriter? writer))
        {
            writer.SyncIfIntervalPassed();
        }
        else
        {
            _timer.Dispose();
        }
    }

    public void Dispose() => _timer.Dispose();
}

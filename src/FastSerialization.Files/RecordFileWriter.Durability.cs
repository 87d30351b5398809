using System;
using System.Diagnostics;
using System.IO;
using System.Threading;
using FastSerialization.Files.Internal;

namespace FastSerialization.Files;

/// <summary>
/// Durability: syncing the file (<see cref="RecordFileDurability"/>), the count of durable records, and with
/// <see cref="RecordFileDurability.Interval"/> the timer (<see cref="IntervalSyncTimer"/>) whose ticks write and sync
/// what an idle writer holds, taking turns with the user's calls, and leave a failure for the next call to report.
/// </summary>
public sealed partial class RecordFileWriter
{
    private readonly IntervalSyncTimer? _intervalTimer;
    private readonly Stopwatch _sinceSync = Stopwatch.StartNew();
    private long _durableRecords;
    private bool _unsynced;
    private Exception? _backgroundFailure;

    /// <summary>True once a call of the user's has thrown with <see cref="_backgroundFailure"/>: Dispose need not report it again.</summary>
    private bool _backgroundFailureReported;

    /// <summary>1 while a call of the user's or a tick of the interval timer works on the writer (only with the timer).</summary>
    private int _busy;

    /// <summary>The number of records known to be durable: written in whole blocks and synced to the device.</summary>
    public long DurableRecordCount => Volatile.Read(ref _durableRecords);

    /// <summary>
    /// The interval timer's tick: when the interval has passed since the last sync and records wait, write them as a
    /// block and sync. Skipped when a call of the user's is under way (that call checks the interval itself on append).
    /// A failure is kept and thrown (as the inner exception) by the user's next call.
    /// </summary>
    internal void SyncIfIntervalPassed()
    {
        if (Interlocked.CompareExchange(ref _busy, 1, 0) != 0)
        {
            return;
        }

        try
        {
            if (!_disposed && !_faulted && (_blockRecords > 0 || _unsynced) && _sinceSync.Elapsed >= _options.SyncInterval)
            {
                WriteBlock();
                Sync();
            }
        }
        catch (Exception e)
        {
            _backgroundFailure = e;
            _faulted = true;
        }
        finally
        {
            Volatile.Write(ref _busy, 0);
        }
    }

    /// <summary>Waits out a tick of the interval timer that is writing (nothing to do without the timer).</summary>
    private void Enter()
    {
        if (_intervalTimer is not null && Interlocked.CompareExchange(ref _busy, 1, 0) != 0)
        {
            var spin = default(SpinWait);
            while (Interlocked.CompareExchange(ref _busy, 1, 0) != 0)
            {
                spin.SpinOnce();
            }
        }
    }

    private void Exit()
    {
        if (_intervalTimer is not null)
        {
            Volatile.Write(ref _busy, 0);
        }
    }

    private void Sync()
    {
        if (!_unsynced)
        {
            return;
        }

        long records = _blocks.RecordCount;
        try
        {
            _file.Flush(flushToDisk: true);
        }
        catch
        {
            _faulted = true;
            throw;
        }

        MarkSynced(records);
    }

    private void MarkSynced(long records)
    {
        Volatile.Write(ref _durableRecords, records);
        _unsynced = _blocks.RecordCount != records;
        _sinceSync.Restart();
    }

    /// <summary>
    /// After the file is closed: a failure of the interval timer that no call of the user's has reported yet, as the
    /// exception <see cref="Dispose"/> throws; null when there is none.
    /// </summary>
    private IOException? UnreportedBackgroundFailure(long appended, long durable) =>
        _backgroundFailure is null || _backgroundFailureReported
            ? null
            : new IOException(
                $"A write or sync of '{_path}' by the interval timer failed, so the {appended - durable} records appended after the last durable one may not be in the file (it keeps the {durable} durable ones): {_backgroundFailure.Message}",
                _backgroundFailure);
}

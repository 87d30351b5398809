namespace FastSerialization.Files;

/// <summary>
/// When a <see cref="RecordFileWriter"/> makes what it wrote durable: flushed to the file and synced to the device
/// (<c>fsync</c>). Records that were not synced may be lost in a crash of the machine; nothing else may.
/// A process that dies (killed, crashed) loses only the records still in the writer's buffer, whatever the policy.
/// </summary>
public enum RecordFileDurability
{
    /// <summary>Every block is synced as soon as it is written: the safest and the slowest.</summary>
    EveryBlock = 0,

    /// <summary>
    /// The writer syncs when <see cref="RecordFileWriterOptions.SyncInterval"/> has passed since its last sync (the
    /// pending records are written as a block first): checked on each append, and by a timer of the writer's own every
    /// half interval, so the records of a writer that stopped appending are durable within about 1.5 intervals too.
    /// <see cref="RecordFileWriter.Flush"/> syncs at once. When the timer's write or sync fails, the writer's next call
    /// throws (<see cref="System.InvalidOperationException"/>, the failure inside), or, when the next call is
    /// <see cref="RecordFileWriter.Dispose"/>, it throws an <see cref="System.IO.IOException"/>: the failure is never dropped.
    /// </summary>
    Interval = 1,

    /// <summary>Blocks go to the file as they fill up, and are synced only by <see cref="RecordFileWriter.Flush"/> (and on dispose).</summary>
    OnFlush = 2,
}

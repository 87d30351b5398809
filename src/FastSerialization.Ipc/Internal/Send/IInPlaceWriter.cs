namespace FastSerialization.Ipc.Internal;

/// <summary>
/// What a transport's writer can do beyond a <see cref="System.IO.Pipelines.PipeWriter"/>'s, when the bytes
/// it is handed are already where the peer reads them (the shared-memory ring, not a socket): publish
/// without a flush, and take back what was written and not yet published. The channel asks for it once,
/// when it is made; the send path then needs no test of the writer's type.
/// </summary>
internal interface IInPlaceWriter
{
    /// <summary>The position after everything written so far (published or not): a record boundary between sends.</summary>
    long Mark { get; }

    /// <summary>Takes back everything written after <paramref name="mark"/>, none of which is published yet.</summary>
    void Rollback(long mark);

    /// <summary>
    /// Makes what was written visible to the peer without a flush, all of it or a part; false when a flush is
    /// needed for the rest (staged bytes, the writer is done, or the writer left bytes to a later publication).
    /// </summary>
    /// <param name="flushPending">
    /// True when the channel already scheduled a flush that will publish everything written before it runs: the
    /// writer may then leave bytes to it.
    /// </param>
    bool TryPublishInPlace(bool flushPending);
}

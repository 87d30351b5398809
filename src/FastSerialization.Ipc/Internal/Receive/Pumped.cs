namespace FastSerialization.Ipc.Internal;

/// <summary>What one turn of the pump produced (<see cref="PumpingReceiveStrategy"/>).</summary>
internal readonly struct Pumped
{
    private Pumped(object? message, bool ended, long bytes = 0, bool notYet = false)
    {
        Message = message;
        Ended = ended;
        Bytes = bytes;
        NotYet = notYet;
    }

    /// <summary>The end: the peer closed the channel, went away, sent a malformed record, or this side closed it.</summary>
    public static Pumped End => new(null, ended: true);

    /// <summary>The request that was waited for was answered (its task is complete).</summary>
    public static Pumped Answered => new(null, ended: false);

    /// <summary>Nothing arrived while the caller polled (<see cref="BackgroundReaderReceiveStrategy"/> only): it waits for the background reader instead.</summary>
    public static Pumped Nothing => new(null, ended: false, notYet: true);

    /// <summary>True for <see cref="Nothing"/>.</summary>
    public bool NotYet { get; }

    /// <summary>A message (or <see cref="IpcRequest"/>) for the application; null for <see cref="Answered"/>.</summary>
    public object? Message { get; }

    public bool Ended { get; }

    /// <summary>How many bytes the message's record took on the wire.</summary>
    public long Bytes { get; }

    public static Pumped For(object message, long bytes) => new(message, ended: false, bytes);
}

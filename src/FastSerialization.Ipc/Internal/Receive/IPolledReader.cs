using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// What a transport's reader can do beyond <see cref="System.IO.Pipelines.PipeReader"/> so that callers may read
/// it on their own thread while a background reader reads what they leave: say whether something arrived
/// without waiting (<see cref="HasUnread"/>), and wake a sleeping reader when something comes
/// (<see cref="ArmWakeUp"/>). A shared-memory ring is polled in memory, without a system call, and its waiting
/// callers spin on it; a socket (SocketPipeReader) is waited on inside its read
/// (<see cref="CallersWaitInTransport"/>). Used by the default receive strategy over both
/// (<see cref="BackgroundReaderReceiveStrategy"/>). Every member but
/// <see cref="WaitForWakeUpAsync"/> and <see cref="Nudge"/> touches the transport: call them only while holding
/// the reader's role, never after the channel stopped receiving.
/// </summary>
internal interface IPolledReader
{
    /// <summary>
    /// True when a caller that waits for a record waits inside the transport's read (a socket: the read costs
    /// nothing while the peer is silent); false when it polls for <see cref="SpinTicks"/> and then leaves the
    /// waiting to the background reader (shared memory).
    /// </summary>
    bool CallersWaitInTransport { get; }

    /// <summary>How long a caller waiting for the peer polls before it leaves the waiting to the background reader (in <see cref="System.Diagnostics.Stopwatch"/> ticks).</summary>
    long SpinTicks { get; }

    /// <summary>True when there is something the last read did not return: records published since, the peer's end, or a canceled read.</summary>
    bool HasUnread { get; }

    /// <summary>Asks the peer to wake this side (through <see cref="WaitForWakeUpAsync"/>) when it publishes next; a full fence, then the caller looks at <see cref="HasUnread"/>.</summary>
    void ArmWakeUp();

    /// <summary>Withdraws <see cref="ArmWakeUp"/>: a reader that is polling needs no wake-up, which costs the peer a system call.</summary>
    void DisarmWakeUp();

    /// <summary>Completes when the peer rang (after <see cref="ArmWakeUp"/>), when <see cref="Nudge"/> was called, or when the peer went away; a wake-up with nobody waiting is kept for the next wait.</summary>
    Task WaitForWakeUpAsync();

    /// <summary>Wakes <see cref="WaitForWakeUpAsync"/> from this side (safe at any time, also after the transport was released).</summary>
    void Nudge();
}

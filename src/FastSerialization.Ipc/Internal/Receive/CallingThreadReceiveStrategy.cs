using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// Receiving on the calling thread (<see cref="IpcChannelOptions.ReceiveOnCallingThread"/>): callers only, nothing
/// reads while nobody receives or waits for a response. Whoever needs a record takes the pump and waits inside the
/// transport's read (<see cref="PumpingReceiveStrategy"/>).
/// </summary>
internal sealed class CallingThreadReceiveStrategy(ReceiveSide side) : PumpingReceiveStrategy(side)
{
    /// <summary>A caller waits inside the transport's read: nobody else would read for it.</summary>
    protected override bool CallersWaitInTransport => true;

    /// <summary>Nothing runs in the background: the first caller that needs a record reads it.</summary>
    public override void Start()
    {
    }

    /// <summary>Nobody else reads: leaving is only leaving.</summary>
    protected override void LeavePump(bool gaveUp) => Pump.Gate.Exit();

    /// <summary>Nobody needs to hear of it: the holder is another caller, which leaves once it has its record.</summary>
    protected override void NoteCallerWaits()
    {
    }

    /// <summary>Never polls: a turn awaits the transport's read.</summary>
    protected override Polled PollBeforeReading(bool spin, CancellationToken cancellationToken) => Polled.Read;

    /// <summary>Nothing reads beside the callers.</summary>
    protected override Task StopBesideCallersAsync() => Task.CompletedTask;
}

using System;
using System.Diagnostics;
using System.Threading;

namespace FastSerialization.Ipc.SharedMemory;

/// <summary>How a ring side waits for its peer: spin for the spin time, then yield its core a few times, then sleep.</summary>
internal struct Backoff
{
    private const int Yields = 16;
    private readonly long _deadline;
    private int _yields;

    public Backoff(long spinTicks)
    {
        _deadline = spinTicks == 0 ? 0 : Stopwatch.GetTimestamp() + spinTicks;
        _yields = 0;
    }

    public static long Ticks(TimeSpan spinTime) => (long)(spinTime.TotalSeconds * Stopwatch.Frequency);

    /// <summary>Waits a little; false once it is time to go to sleep.</summary>
    public bool Wait()
    {
        if (_deadline != 0 && Stopwatch.GetTimestamp() < _deadline)
        {
            Thread.SpinWait(20);
            return true;
        }

        if (_yields++ < Yields)
        {
            Thread.Yield();
            return true;
        }

        return false;
    }
}

using System;
using System.Diagnostics;
using System.Threading;

namespace FastSerialization.Ipc.Internal;

/// <summary>How a ring side waits for its peer: spin for the spin time, then yield its core a few times, then sleep.</summary>
internal struct Backoff
{
    private const int Yields = 16;

    /// <summary>Spins between two looks at the clock (which costs as much as a few spins).</summary>
    private const int SpinsPerClockRead = 32;
    private long _deadline;
    private int _spins;
    private int _yields;

    public Backoff(long spinTicks)
    {
        _deadline = spinTicks == 0 ? 0 : Stopwatch.GetTimestamp() + spinTicks;
        _spins = 0;
        _yields = 0;
    }

    public static long Ticks(TimeSpan spinTime) => (long)(spinTime.TotalSeconds * Stopwatch.Frequency);

    /// <summary>Waits a little; false once it is time to go to sleep.</summary>
    public bool Wait()
    {
        if (_deadline != 0)
        {
            // One short pause (tens of nanoseconds) between two looks at the ring: the peer's record is
            // seen soon after it is published. Thread.SpinWait(20) was measured at 0.56 us here.
            if (++_spins % SpinsPerClockRead != 0 || Stopwatch.GetTimestamp() < _deadline)
            {
                Thread.SpinWait(1);
                return true;
            }

            _deadline = 0;
        }

        if (_yields++ < Yields)
        {
            Thread.Yield();
            return true;
        }

        return false;
    }
}

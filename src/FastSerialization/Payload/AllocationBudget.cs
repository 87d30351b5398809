namespace FastSerialization;

/// <summary>
/// What one record may make the reader allocate (<see cref="CustomBinaryFormatterOptions.MaxAllocationPerInputByte"/>
/// per byte, plus <see cref="CustomBinaryFormatterOptions.ReadAllocationAllowance"/>). The reader charges an estimate
/// for each nested object and collection it makes and the exact size of each collection's storage before it is
/// allocated; once the charges since the last look pass <see cref="MeasureEvery"/>, it measures what the thread
/// really allocated (objects, their constructors, strings) and compares that, plus the storage about to be made,
/// with the limit. Where nothing can be measured (.NET Framework), the charges themselves are the count.
/// </summary>
internal struct AllocationBudget
{
    /// <summary>The estimate charged for a nested object: a small object's header and a few fields.</summary>
    public const int ObjectCharge = 32;

    /// <summary>The estimate charged for a collection object, on top of its element storage.</summary>
    public const int CollectionCharge = 32;

    /// <summary>Charges between two measurements: about 500 objects, so a refused read overshoots by little and a valid one measures rarely.</summary>
    public const int MeasureEvery = 16 * 1024;

    /// <summary>
    /// Where the meter stood at the record's start, as reckoned at the first measurement; with no meter, the charges
    /// counted at the measurements so far. One field for both: with a meter, the charges before the first measurement
    /// are what <see cref="Pending"/> holds then, and none are needed afterwards.
    /// </summary>
    private long _mark;

    private bool _started;

    /// <summary>
    /// A budget with nothing charged. Its fields are set one by one (not as <c>default</c>): the JIT then stores them where
    /// the reader lives, where a whole-struct zero made it copy the new reader through a zeroed temporary.
    /// </summary>
    public AllocationBudget()
    {
        _mark = 0;
        _started = false;
        Pending = 0;
    }

    /// <summary>Charges since the last measurement.</summary>
    /// <remarks>
    /// Nothing is measured or allocated until these pass <see cref="MeasureEvery"/>, nor later (the tally lives in this
    /// struct, so a read into a kept array that measures allocates nothing for it): a record that never charges that
    /// much (almost every record) never asks the runtime. A new reader's budget is its default value: the per-byte
    /// limit is the reader's (<see cref="ReaderLimits"/>), given to <see cref="Measure"/>.
    /// </remarks>
    public long Pending;

    /// <summary>
    /// Measures (or, with no meter, adds up) what was allocated so far, and says whether that plus
    /// <paramref name="about"/> (storage about to be allocated) stays within the limit for a record of
    /// <paramref name="inputLength"/> bytes. Resets <see cref="Pending"/>.
    /// </summary>
    /// <remarks>
    /// The meter starts at the first measurement, not when the record's reading starts (asking the runtime costs
    /// a few nanoseconds, a large share of a small record's read): what was allocated before it is taken to be
    /// what was charged before it, less <paramref name="about"/>, which is not allocated yet. What that misses
    /// (strings and constructors' own allocations before the first measurement) is bounded by the
    /// <see cref="MeasureEvery"/> charges it takes to get there, within the 1 MiB allowance.
    /// </remarks>
    public bool Measure(long about, int inputLength, int perByte)
    {
        long charged = Pending;
        Pending = 0;
        long used;
        if (AllocationMeter.Available)
        {
            long now = AllocationMeter.Now();
            if (!_started)
            {
                _mark = now - (charged - about);
                _started = true;
            }

            used = now - _mark + about;
        }
        else
        {
            _mark += charged;
            used = _mark;
        }

        return used <= Limit(inputLength, perByte);
    }

    private static long Limit(int inputLength, int perByte) => CustomBinaryFormatterOptions.ReadAllocationAllowance + ((long)perByte * inputLength);

    /// <summary>The message of the exception for a read over the budget.</summary>
    public static string Describe(int inputLength, int perByte) =>
        $"reading it would allocate more than {Limit(inputLength, perByte)} bytes: {perByte} per byte of its {inputLength} bytes "
        + "(CustomBinaryFormatterOptions.MaxAllocationPerInputByte) plus the 1 MiB allowance; its collections or nested objects cost "
        + "far more memory than their bytes (empty entries that each make an object, a collection or a large struct)";
}

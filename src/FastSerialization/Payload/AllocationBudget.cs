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

    private readonly long _limit;
    private readonly long _start;
    private readonly int _inputLength;
    private readonly int _perByte;
    private long _counted;

    public AllocationBudget(int inputLength, int perByte)
    {
        _inputLength = inputLength;
        _perByte = perByte;
        _limit = CustomBinaryFormatterOptions.ReadAllocationAllowance + ((long)perByte * inputLength);
        _start = AllocationMeter.Now();
        _counted = 0;
        Pending = 0;
    }

    /// <summary>Charges since the last measurement.</summary>
    public long Pending;

    /// <summary>
    /// Measures (or, with no meter, adds up) what was allocated so far, and says whether that plus
    /// <paramref name="about"/> (storage about to be allocated) stays within the limit. Resets <see cref="Pending"/>.
    /// </summary>
    public bool Measure(long about)
    {
        long used;
        if (AllocationMeter.Available)
        {
            used = AllocationMeter.Now() - _start + about;
        }
        else
        {
            _counted += Pending;
            used = _counted;
        }

        Pending = 0;
        return used <= _limit;
    }

    /// <summary>The message of the exception for a read over the budget.</summary>
    public readonly string Describe() =>
        $"reading it would allocate more than {_limit} bytes: {_perByte} per byte of its {_inputLength} bytes "
        + "(CustomBinaryFormatterOptions.MaxAllocationPerInputByte) plus the 1 MiB allowance; its collections or nested objects cost "
        + "far more memory than their bytes (empty entries that each make an object, a collection or a large struct)";
}

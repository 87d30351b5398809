using System;
using FastSerialization.Ipc;

namespace FastSerialization.Fuzz;

/// <summary>
/// The fuzzing oracle: which exceptions an input may end in (the documented ones), what a value that was
/// read must do (re-serialize to bytes that read back to the same bytes), and how much a read may allocate.
/// </summary>
public static class Oracle
{
    /// <summary>Allocation allowed on top of the per-byte factor: buffers, the first objects, the formatter's caches.</summary>
    public const long AllocationFloor = 2 * 1024 * 1024;

    /// <summary>
    /// Bytes a read may allocate per input byte: the reader's own budget
    /// (<see cref="CustomBinaryFormatterOptions.MaxAllocationPerInputByte"/>), which it checks as elements and
    /// objects are made, and 16 more for the targets' copies of the input and the stream reader's buffer.
    /// </summary>
    public const long AllocationPerInputByte = CustomBinaryFormatterOptions.DefaultMaxAllocationPerInputByte + 16;

    /// <summary>True for the exceptions the libraries document for bad input.</summary>
    public static bool IsDocumented(Exception exception) =>
        exception is FastSerializationException or IpcException;

    /// <summary>Re-serializes <paramref name="value"/>, reads that back, and checks that it writes the same bytes again.</summary>
    public static void RoundTrip(CustomBinaryFormatter formatter, object value)
    {
        byte[] once = formatter.SerializeToArray(value);
        object again = formatter.Deserialize(once);
        if (again.GetType() != value.GetType())
        {
            throw new FuzzFindingException($"a {value.GetType()} read back as a {again.GetType()}");
        }

        byte[] twice = formatter.SerializeToArray(again);
        if (!once.AsSpan().SequenceEqual(twice))
        {
            throw new FuzzFindingException(
                $"a {value.GetType()} re-serialized to {once.Length} bytes that read back and wrote {twice.Length} different bytes: "
                + Convert.ToHexString(once) + " then " + Convert.ToHexString(twice));
        }
    }

    /// <summary>Fails when <paramref name="allocated"/> bytes is over the bound for an input of <paramref name="inputLength"/> bytes.</summary>
    public static void CheckAllocation(long allocated, int inputLength, string target)
    {
        long bound = AllocationFloor + (AllocationPerInputByte * inputLength);
        if (allocated > bound)
        {
            throw new FuzzFindingException($"{target}: reading {inputLength} bytes allocated {allocated} bytes, over the bound of {bound}");
        }
    }
}

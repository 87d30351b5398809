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
    public static void RoundTrip(CustomBinaryFormatter formatter, object value) => RoundTrip(formatter, value, formatter.SerializeToArray(value));

    /// <summary>
    /// <see cref="RoundTrip(CustomBinaryFormatter, object)"/> for a value that was not read by the formatter (the importer's):
    /// one the formatter refuses to write, a graph with a cycle or one deeper than its limit, is not a finding.
    /// </summary>
    public static void RoundTripIfWritable(CustomBinaryFormatter formatter, object value)
    {
        byte[] once;
        try
        {
            once = formatter.SerializeToArray(value);
        }
        catch (FastSerializationException)
        {
            return;
        }

        RoundTrip(formatter, value, once);
    }

    private static void RoundTrip(CustomBinaryFormatter formatter, object value, byte[] once)
    {
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

    /// <summary>
    /// Bytes the importer may allocate per payload byte: up to
    /// <see cref="BinaryFormatterImport.BinaryFormatterImportOptions.DefaultMaxElementsPerPayloadByte"/> array elements
    /// per byte, each at most 16 bytes (decimal, Guid) in System.Formats.Nrbf's array and again in the imported one,
    /// and 256 more for the decoder's records and the target's copies.
    /// </summary>
    public const long ImportAllocationPerInputByte = (BinaryFormatterImport.BinaryFormatterImportOptions.DefaultMaxElementsPerPayloadByte * 16 * 2) + 256;

    /// <summary>Fails when the importer allocated more than its bound for a payload of <paramref name="inputLength"/> bytes.</summary>
    public static void CheckImportAllocation(long allocated, int inputLength)
    {
        long bound = AllocationFloor + (ImportAllocationPerInputByte * inputLength);
        if (allocated > bound)
        {
            throw new FuzzFindingException($"importer: importing {inputLength} bytes allocated {allocated} bytes, over the bound of {bound}");
        }
    }
}

using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;

namespace FastSerialization.Fuzz;

/// <summary>
/// The fuzz targets behind one entry point: the first input byte picks the target, the rest is its data.
/// An input may end in a documented exception (<see cref="Oracle.IsDocumented"/>), which is swallowed here;
/// anything else escapes, and the harness reports it as a crash.
/// </summary>
public static partial class Targets
{
    /// <summary>The targets, in the order of their selector byte (input[0] % Count).</summary>
    public static readonly string[] Names = { "span", "stream-1-byte", "sequence", "payload", "ipc", "record-file", "importer", "graph" };

    public static int Count => Names.Length;

    /// <summary>Prints each documented exception to standard error (FUZZ_VERBOSE=1): for looking at a corpus, never under AFL.</summary>
    public static bool Verbose { get; set; } = Environment.GetEnvironmentVariable("FUZZ_VERBOSE") == "1";

    /// <summary>
    /// The one target every input goes to, whatever its first byte, when the FUZZ_TARGET environment variable names
    /// one (fuzz/run-campaign.sh's third argument: a campaign of one target); otherwise null.
    /// </summary>
    public static int? Only { get; } = FindOnly(Environment.GetEnvironmentVariable("FUZZ_TARGET"));

    /// <summary>The name of the target an input goes to.</summary>
    public static string NameOf(ReadOnlySpan<byte> input) => input.IsEmpty ? "(empty)" : Names[Select(input[0])];

    private static int Select(byte selector) => Only ?? selector % Count;

    private static int? FindOnly(string? name)
    {
        if (string.IsNullOrEmpty(name))
        {
            return null;
        }

        int index = Array.IndexOf(Names, name);
        return index >= 0
            ? index
            : throw new ArgumentException($"FUZZ_TARGET={name} names no target; the targets are {string.Join(", ", Names)}");
    }

    /// <summary>Runs one input through the target its first byte picks.</summary>
    /// <returns>True when the input was read to its end, false when it ended in a documented exception.</returns>
    public static bool Run(ReadOnlySpan<byte> input)
    {
        if (input.IsEmpty)
        {
            return false;
        }

        ReadOnlySpan<byte> data = input.Slice(1);
        try
        {
            switch (Select(input[0]))
            {
                case 0:
                    Span(data);
                    break;
                case 1:
                    StreamOneByte(data);
                    break;
                case 2:
                    Sequence(data);
                    break;
                case 3:
                    Payload(data);
                    break;
                case 4:
                    Ipc(data.ToArray());
                    break;
                case 5:
                    RecordFile(data);
                    break;
                case 6:
                    Importer(data);
                    break;
                default:
                    Graph(data);
                    break;
            }
        }
        catch (Exception ex) when (Oracle.IsDocumented(ex))
        {
            // The documented outcome for bad input.
            if (Verbose)
            {
                Console.Error.WriteLine($"{NameOf(input)}: {ex.GetType().Name}: {ex.Message}");
            }

            return false;
        }

        return true;
    }

    /// <summary>Records one after another from a span (Deserialize with bytesConsumed), tolerant or strict by the first data byte.</summary>
    private static void Span(ReadOnlySpan<byte> data)
    {
        CustomBinaryFormatter formatter = !data.IsEmpty && (data[0] & 1) == 1 ? Formatters.Strict : Formatters.Tolerant;
        var values = new List<object>();
        long before = GC.GetAllocatedBytesForCurrentThread();
        ReadOnlySpan<byte> rest = data.IsEmpty ? data : data.Slice(1);
        try
        {
            while (!rest.IsEmpty)
            {
                values.Add(formatter.Deserialize(rest, out int consumed));
                rest = rest.Slice(consumed);
            }
        }
        finally
        {
            Oracle.CheckAllocation(GC.GetAllocatedBytesForCurrentThread() - before, data.Length, "span");
        }

        foreach (object value in values)
        {
            Oracle.RoundTrip(formatter, value);
        }
    }

    /// <summary>ReadAll over a stream that hands out one byte per read.</summary>
    private static void StreamOneByte(ReadOnlySpan<byte> data)
    {
        var values = new List<object>();
        long before = GC.GetAllocatedBytesForCurrentThread();
        try
        {
            foreach (object value in Formatters.Tolerant.ReadAll(new OneByteStream(data.ToArray())))
            {
                values.Add(value);
            }
        }
        finally
        {
            Oracle.CheckAllocation(GC.GetAllocatedBytesForCurrentThread() - before, data.Length, "stream");
        }

        foreach (object value in values)
        {
            Oracle.RoundTrip(Formatters.Tolerant, value);
        }
    }

    /// <summary>
    /// TryReadRecord over a sequence split into segments: the first data byte says how many cuts (up to 7),
    /// the next bytes where; the rest is the stream of records.
    /// </summary>
    private static void Sequence(ReadOnlySpan<byte> data)
    {
        if (data.IsEmpty)
        {
            return;
        }

        int cuts = data[0] & 7;
        if (data.Length < 1 + cuts)
        {
            return;
        }

        ReadOnlySpan<byte> cutBytes = data.Slice(1, cuts);
        byte[] body = data.Slice(1 + cuts).ToArray();
        ReadOnlySequence<byte> buffer = Segments.Split(body, cutBytes);
        var values = new List<object>();
        long before = GC.GetAllocatedBytesForCurrentThread();
        try
        {
            while (Formatters.Tolerant.TryReadRecord(ref buffer, out object? value))
            {
                values.Add(value);
            }
        }
        finally
        {
            Oracle.CheckAllocation(GC.GetAllocatedBytesForCurrentThread() - before, body.Length, "sequence");
        }

        foreach (object value in values)
        {
            Oracle.RoundTrip(Formatters.Tolerant, value);
        }
    }

    /// <summary>
    /// The payload of a generated (or hand-written) type: the first data byte picks the registered type, the
    /// harness writes the record header, so mutations land in the payload rather than in the length prefix.
    /// </summary>
    private static void Payload(ReadOnlySpan<byte> data)
    {
        if (data.IsEmpty)
        {
            return;
        }

        int typeId = (data[0] % Formatters.Types.Length) + 1;
        ReadOnlySpan<byte> payload = data.Slice(1);
        byte[] record = new byte[RecordFrame.MaxHeaderSize + payload.Length];
        int header = RecordFrame.WriteHeader(record, typeId, payload.Length);
        payload.CopyTo(record.AsSpan(header));
        ReadOnlySpan<byte> whole = record.AsSpan(0, header + payload.Length);

        long before = GC.GetAllocatedBytesForCurrentThread();
        object value;
        try
        {
            value = Formatters.Tolerant.Deserialize(whole);
        }
        finally
        {
            Oracle.CheckAllocation(GC.GetAllocatedBytesForCurrentThread() - before, whole.Length, "payload");
        }

        Oracle.RoundTrip(Formatters.Tolerant, value);
    }
}

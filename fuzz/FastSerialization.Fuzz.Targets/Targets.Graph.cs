using System;
using System.Collections.Generic;
using FastSerialization.Fuzz.Models;

namespace FastSerialization.Fuzz;

/// <summary>The graph target: records of reference-tracked types (docs/FORMAT.md section 3d).</summary>
public static partial class Targets
{
    /// <summary>
    /// The first data byte picks how: bit 0, the default formatter or the strict one whose table holds at most
    /// <see cref="Formatters.SmallMaxTrackedObjects"/> objects; bit 1, records one after another from a span, or one
    /// payload of the type the next byte picks, behind a header the harness writes (so that mutations land in the
    /// references rather than in the length prefix). A graph read whole must write bytes that read back to a graph
    /// writing the same bytes: an object read twice where the bytes said once (or once where they said twice) would
    /// write different bytes.
    /// </summary>
    private static void Graph(ReadOnlySpan<byte> data)
    {
        if (data.IsEmpty)
        {
            return;
        }

        CustomBinaryFormatter formatter = (data[0] & 1) == 1 ? Formatters.GraphsSmall : Formatters.Graphs;
        ReadOnlySpan<byte> rest = data.Slice(1);
        var values = new List<object>();
        if ((data[0] & 2) == 2)
        {
            if (rest.IsEmpty)
            {
                return;
            }

            int typeId = (rest[0] % Formatters.GraphTypes.Length) + 1;
            ReadOnlySpan<byte> payload = rest.Slice(1);
            byte[] record = new byte[RecordFrame.MaxHeaderSize + payload.Length];
            int header = RecordFrame.WriteHeader(record, typeId, payload.Length);
            payload.CopyTo(record.AsSpan(header));
            rest = record.AsSpan(0, header + payload.Length);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        int length = rest.Length;
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
            Oracle.CheckAllocation(GC.GetAllocatedBytesForCurrentThread() - before, length, "graph");
        }

        foreach (object value in values)
        {
            Oracle.RoundTrip(formatter, value);
        }
    }
}

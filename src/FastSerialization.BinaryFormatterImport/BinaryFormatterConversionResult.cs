using System;
using System.Collections.Generic;

namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// What a <see cref="BinaryFormatterConverter"/> did: counts and bytes, and the types it could not map.
/// Also handed to the progress callback while a conversion runs (a snapshot then).
/// </summary>
public sealed class BinaryFormatterConversionResult
{
    internal BinaryFormatterConversionResult(long payloadsRead, long recordsWritten, long payloadsSkipped, long bytesRead, long bytesWritten, TimeSpan elapsed, IReadOnlyDictionary<string, long> unmappedTypes)
    {
        PayloadsRead = payloadsRead;
        RecordsWritten = recordsWritten;
        PayloadsSkipped = payloadsSkipped;
        BytesRead = bytesRead;
        BytesWritten = bytesWritten;
        Elapsed = elapsed;
        UnmappedTypes = unmappedTypes;
    }

    /// <summary>BinaryFormatter payloads read from the source.</summary>
    public long PayloadsRead { get; }

    /// <summary>FastSerialization records written to the destination (one per converted payload).</summary>
    public long RecordsWritten { get; }

    /// <summary>Payloads not converted because they hold a type no mapping covers (see <see cref="UnmappedTypes"/>).</summary>
    public long PayloadsSkipped { get; }

    /// <summary>Bytes read from the source.</summary>
    public long BytesRead { get; }

    /// <summary>Bytes written to the destination.</summary>
    public long BytesWritten { get; }

    /// <summary>Time spent so far.</summary>
    public TimeSpan Elapsed { get; }

    /// <summary>The payloads' type names that no mapping covered, with how many payloads each made the converter skip.</summary>
    public IReadOnlyDictionary<string, long> UnmappedTypes { get; }
}

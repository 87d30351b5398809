using System;
using System.Buffers;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Threading;
using FastSerialization.BinaryFormatterImport.Internal;

namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// Rewrites a stream of BinaryFormatter payloads (written one after another) as FastSerialization records:
/// each payload is imported by a <see cref="BinaryFormatterImporter"/> and its root written as one record by the
/// importer's formatter. Payloads that hold a type no mapping covers are skipped and counted by type name;
/// any other bad payload ends the conversion with a <see cref="FastSerializationException"/>.
/// </summary>
public sealed class BinaryFormatterConverter
{
    private readonly BinaryFormatterImporter _importer;

    /// <summary>Creates a converter that imports with <paramref name="importer"/> and writes with its formatter.</summary>
    /// <param name="importer">The importer; its <see cref="BinaryFormatterImporter.Formatter"/> writes the records, so each payload's root type must be registered there.</param>
    /// <exception cref="ArgumentNullException"><paramref name="importer"/> is null.</exception>
    public BinaryFormatterConverter(BinaryFormatterImporter importer)
    {
        ArgumentNullException.ThrowIfNull(importer);
        _importer = importer;
    }

    /// <summary>How many payloads pass between two progress reports. Default 1,000; the last report comes at the end whatever it is.</summary>
    public int ProgressInterval { get; set; } = 1000;

    /// <summary>Converts every payload of <paramref name="source"/> into records written to <paramref name="destination"/>.</summary>
    /// <param name="source">BinaryFormatter payloads one after another, until the stream's end; left open.</param>
    /// <param name="destination">Where the records go, one after another; left open.</param>
    /// <param name="progress">Told the counts every <see cref="ProgressInterval"/> payloads and at the end; may be null.</param>
    /// <param name="cancellationToken">Checked between payloads.</param>
    /// <returns>The counts, bytes and unmapped types.</returns>
    /// <exception cref="ArgumentNullException">A stream is null.</exception>
    /// <exception cref="FastSerializationException">A payload is malformed or truncated, or a root's type is not registered with the formatter.</exception>
    public BinaryFormatterConversionResult Convert(Stream source, Stream destination, IProgress<BinaryFormatterConversionResult>? progress = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);

        return Run(source, record => destination.Write(record, 0, record.Length), progress, cancellationToken);
    }

    /// <summary>Converts every payload of <paramref name="source"/> into records written to <paramref name="destination"/>.</summary>
    /// <param name="source">BinaryFormatter payloads one after another, until the stream's end; left open.</param>
    /// <param name="destination">Where the records go, one after another.</param>
    /// <param name="progress">Told the counts every <see cref="ProgressInterval"/> payloads and at the end; may be null.</param>
    /// <param name="cancellationToken">Checked between payloads.</param>
    /// <returns>The counts, bytes and unmapped types.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> or <paramref name="destination"/> is null.</exception>
    /// <exception cref="FastSerializationException">A payload is malformed or truncated, or a root's type is not registered with the formatter.</exception>
    public BinaryFormatterConversionResult Convert(Stream source, IBufferWriter<byte> destination, IProgress<BinaryFormatterConversionResult>? progress = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(destination);

        return Run(source, record => destination.Write(record), progress, cancellationToken);
    }

    private BinaryFormatterConversionResult Run(Stream source, Action<byte[]> write, IProgress<BinaryFormatterConversionResult>? progress, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(source);

        var stream = new PayloadStream(source);
        var unmapped = new SortedDictionary<string, long>(StringComparer.Ordinal);
        var clock = Stopwatch.StartNew();
        long read = 0, written = 0, skipped = 0, bytesWritten = 0;
        int interval = Math.Max(1, ProgressInterval);

        BinaryFormatterConversionResult Snapshot() => new(read, written, skipped, stream.BytesRead, bytesWritten, clock.Elapsed, new SortedDictionary<string, long>(unmapped, StringComparer.Ordinal));

        while (!stream.AtEnd())
        {
            cancellationToken.ThrowIfCancellationRequested();
            object? root;
            try
            {
                root = _importer.ImportOne(stream, BinaryFormatterTarget.Object);
            }
            catch (UnmappedTypeException e)
            {
                // NrbfDecoder has read the whole payload before the import looked at its types: the next payload starts here.
                read++;
                skipped++;
                unmapped[e.TypeName] = unmapped.TryGetValue(e.TypeName, out long count) ? count + 1 : 1;
                continue;
            }

            read++;
            if (root is null || !_importer.Formatter.TryGetTypeId(root.GetType(), out _))
            {
                throw new FastSerializationException(
                    $"Payload {read} (ending at offset {stream.BytesRead}) has a root of type {root?.GetType().ToString() ?? "null"}, which is not registered with the formatter: a record needs a registered type.");
            }

            byte[] record = _importer.Formatter.SerializeToArray(root);
            write(record);
            written++;
            bytesWritten += record.Length;
            if (progress is not null && read % interval == 0)
            {
                progress.Report(Snapshot());
            }
        }

        BinaryFormatterConversionResult result = Snapshot();
        progress?.Report(result);
        return result;
    }
}

using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Threading.Tasks;
using FastSerialization.BinaryFormatterImport;
using FastSerialization.Files;
using FastSerialization.Fuzz.Models;
using FastSerialization.Ipc;

namespace FastSerialization.Fuzz;

/// <summary>The targets in the other packages: the IPC handshake and framing, the record-file reader and the BinaryFormatter importer.</summary>
public static partial class Targets
{
    private static readonly string FilePath = Path.Combine(
        Path.GetTempPath(), $"fastserialization-fuzz-{Environment.ProcessId}-{Guid.NewGuid():N}.fsr");

    /// <summary>
    /// The input is everything a peer sends: the handshake, then records. The channel opens over a pipe that
    /// holds the input and then ends, and whatever it receives is drained; its own bytes go nowhere.
    /// </summary>
    private static void Ipc(byte[] data) => IpcAsync(data).GetAwaiter().GetResult();

    private static async Task IpcAsync(byte[] data)
    {
        PipeReader reader = PipeReader.Create(new ReadOnlySequence<byte>(data));
        PipeWriter writer = PipeWriter.Create(Stream.Null);
        var options = new IpcChannelOptions { HandshakeTimeout = TimeSpan.FromSeconds(5) };
        IpcChannel channel = await IpcChannel.CreateAsync(reader, writer, Formatters.Tolerant, options).ConfigureAwait(false);
        await using (channel.ConfigureAwait(false))
        {
            while (await channel.ReceiveAsync().ConfigureAwait(false) is { } message)
            {
                if (message is IpcRequest request)
                {
                    Oracle.RoundTrip(Formatters.Tolerant, request.Message);
                }
                else
                {
                    Oracle.RoundTrip(Formatters.Tolerant, message);
                }
            }
        }
    }

    /// <summary>The input is a whole record file: written to disk, then opened and read to its end, by the stream reader (records, then fixed-layout block views) and as a mapped file.</summary>
    private static void RecordFile(ReadOnlySpan<byte> data)
    {
        using (FileStream file = File.Create(FilePath))
        {
            file.Write(data);
        }

        try
        {
            using (RecordFileReader reader = RecordFileReader.Open(FilePath, Formatters.Tolerant))
            {
                foreach (object value in reader.ReadAll())
                {
                    Oracle.RoundTrip(Formatters.Tolerant, value);
                }

                if (reader.RecordCount > 0)
                {
                    reader.ReadRecord(reader.RecordCount - 1);
                }

                // Every block viewed in the reader's buffer, in order (read several at a time), compressed ones too.
                for (int block = 0; block < reader.BlockCount; block++)
                {
                    try
                    {
                        foreach (Quote quote in reader.ReadFixedBlock<Quote>(block))
                        {
                            GC.KeepAlive(quote);
                        }
                    }
                    catch (FastSerializationException)
                    {
                        // Documented: a block whose records are not all Quotes (or a damaged one); the next block is still tried.
                    }
                }
            }

            using (MappedRecordFile mapped = MappedRecordFile.Open(FilePath, Formatters.Tolerant))
            {
                for (int block = 0; block < mapped.BlockCount; block++)
                {
                    try
                    {
                        foreach (Quote quote in mapped.GetFixedBlock<Quote>(block))
                        {
                            GC.KeepAlive(quote);
                        }
                    }
                    catch (NotSupportedException)
                    {
                        // Documented: a compressed block cannot be viewed in place.
                    }
                    catch (FastSerializationException)
                    {
                        // Documented: a block whose records are not all Quotes (or a damaged one); the next block is still tried.
                    }
                }
            }
        }
        finally
        {
            File.Delete(FilePath);
        }
    }

    /// <summary>
    /// The input is one BinaryFormatter payload (NRBF): imported into the <see cref="Formatters.Imported"/> types, as
    /// a span and through a stream; a value of a registered type then round-trips through that formatter, unless it cannot be written (a cycle).
    /// </summary>
    private static void Importer(ReadOnlySpan<byte> data)
    {
        byte[] payload = data.ToArray();
        long before = GC.GetAllocatedBytesForCurrentThread();
        object? value;
        try
        {
            value = Formatters.Importer.Import(payload);
            using var stream = new MemoryStream(payload, writable: false);
            foreach (object? more in Formatters.Importer.ImportAll(stream))
            {
                GC.KeepAlive(more);
            }
        }
        finally
        {
            Oracle.CheckImportAllocation(GC.GetAllocatedBytesForCurrentThread() - before, payload.Length);
        }

        if (value is not null && Formatters.Imported.TryGetTypeId(value.GetType(), out _))
        {
            Oracle.RoundTripIfWritable(Formatters.Imported, value);
        }
    }
}

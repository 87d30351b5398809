using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Tests;

/// <summary>Two connected ends in memory, optionally delivering bytes in small pieces (partial reads).</summary>
public sealed class DuplexPipes
{
    private DuplexPipes(PipeReader aReader, PipeWriter aWriter, PipeReader bReader, PipeWriter bWriter)
    {
        AReader = aReader;
        AWriter = aWriter;
        BReader = bReader;
        BWriter = bWriter;
    }

    public PipeReader AReader { get; }

    public PipeWriter AWriter { get; }

    public PipeReader BReader { get; }

    public PipeWriter BWriter { get; }

    /// <param name="chunk">When set, bytes cross from each side to the other at most this many at a time.</param>
    /// <param name="pauseThreshold">How many unread bytes make a writer wait (back-pressure).</param>
    public static DuplexPipes Create(int? chunk = null, long pauseThreshold = 64 * 1024)
    {
        var options = new PipeOptions(pauseWriterThreshold: pauseThreshold, resumeWriterThreshold: pauseThreshold / 2, useSynchronizationContext: false);
        var aToB = new Pipe(options);
        var bToA = new Pipe(options);
        if (chunk is not int size)
        {
            return new DuplexPipes(bToA.Reader, aToB.Writer, aToB.Reader, bToA.Writer);
        }

        var aToBTrickle = new Pipe(options);
        var bToATrickle = new Pipe(options);
        _ = PumpAsync(aToB.Reader, aToBTrickle.Writer, size);
        _ = PumpAsync(bToA.Reader, bToATrickle.Writer, size);
        return new DuplexPipes(bToATrickle.Reader, aToB.Writer, aToBTrickle.Reader, bToA.Writer);
    }

    private static async Task PumpAsync(PipeReader from, PipeWriter to, int chunk)
    {
        while (true)
        {
            ReadResult result = await from.ReadAsync();
            ReadOnlySequence<byte> buffer = result.Buffer;
            while (!buffer.IsEmpty)
            {
                ReadOnlySequence<byte> piece = buffer.Slice(0, Math.Min(chunk, buffer.Length));
                foreach (ReadOnlyMemory<byte> segment in piece)
                {
                    await to.WriteAsync(segment);
                }

                buffer = buffer.Slice(piece.End);
            }

            from.AdvanceTo(result.Buffer.End);
            if (result.IsCompleted)
            {
                await to.CompleteAsync();
                await from.CompleteAsync();
                return;
            }
        }
    }
}

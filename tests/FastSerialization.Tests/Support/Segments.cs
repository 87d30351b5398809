using System;
using System.Buffers;
using System.Collections.Generic;

namespace FastSerialization.Tests.Support;

/// <summary>Builds a multi-segment <see cref="ReadOnlySequence{T}"/> from chunks, as a pipe would deliver it.</summary>
public static class Segments
{
    public static ReadOnlySequence<byte> Of(IReadOnlyList<byte[]> chunks)
    {
        if (chunks.Count == 0)
        {
            return ReadOnlySequence<byte>.Empty;
        }

        var first = new Segment(chunks[0], 0);
        Segment last = first;
        for (int i = 1; i < chunks.Count; i++)
        {
            last = last.Append(chunks[i]);
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    public static ReadOnlySequence<byte> Split(byte[] data, Random random, int maxChunk)
    {
        var chunks = new List<byte[]>();
        int position = 0;
        while (position < data.Length)
        {
            int n = Math.Min(random.Next(1, maxChunk + 1), data.Length - position);
            chunks.Add(data.AsSpan(position, n).ToArray());
            position += n;
        }

        return Of(chunks);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(byte[] data, long runningIndex)
        {
            Memory = data;
            RunningIndex = runningIndex;
        }

        public Segment Append(byte[] data)
        {
            var next = new Segment(data, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}

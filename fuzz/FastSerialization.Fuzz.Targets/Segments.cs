using System;
using System.Buffers;

namespace FastSerialization.Fuzz;

/// <summary>Builds a multi-segment <see cref="ReadOnlySequence{T}"/> cut where the fuzzer says.</summary>
internal static class Segments
{
    public static ReadOnlySequence<byte> Split(byte[] body, ReadOnlySpan<byte> cutBytes)
    {
        if (body.Length == 0 || cutBytes.IsEmpty)
        {
            return new ReadOnlySequence<byte>(body);
        }

        int[] cuts = new int[cutBytes.Length];
        for (int i = 0; i < cuts.Length; i++)
        {
            cuts[i] = cutBytes[i] % (body.Length + 1);
        }

        Array.Sort(cuts);
        Segment? first = null;
        Segment? last = null;
        int start = 0;
        for (int i = 0; i <= cuts.Length; i++)
        {
            int end = i < cuts.Length ? cuts[i] : body.Length;
            var memory = new ReadOnlyMemory<byte>(body, start, end - start);
            if (first is null)
            {
                first = last = new Segment(memory, 0);
            }
            else
            {
                last = last!.Append(memory);
            }

            start = end;
        }

        return new ReadOnlySequence<byte>(first!, 0, last!, last!.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}

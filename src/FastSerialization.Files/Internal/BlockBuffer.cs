using System;
using System.Buffers;

namespace FastSerialization.Files.Internal;

/// <summary>
/// The block being filled: its first 32 bytes are kept for the block header, so a block goes to the file in one write.
/// It grows for a record larger than a block, and goes back to its first size once blocks have stopped needing the
/// room: one huge record does not keep a long-lived writer's memory for good.
/// </summary>
internal sealed class BlockBuffer : IBufferWriter<byte>
{
    /// <summary>
    /// How many blocks in a row must use at most a quarter of a grown buffer before it shrinks: a writer whose blocks
    /// keep needing the room keeps it, and one shrink costs at most one allocation every this many blocks.
    /// </summary>
    internal const int BlocksBeforeShrinking = 16;

    private readonly int _firstLength;
    private byte[] _buffer;
    private int _length = BlockHeader.Size;
    private int _smallBlocks;
    private int _largestSmallBody;

    public BlockBuffer(int capacity)
    {
        _firstLength = Math.Max(capacity, 256) + BlockHeader.Size;
        _buffer = new byte[_firstLength];
    }

    /// <summary>The bytes of the records written since the last <see cref="Reset"/>.</summary>
    public int BodyLength => _length - BlockHeader.Size;

    /// <summary>The whole buffer: header space, then the body.</summary>
    public byte[] Array => _buffer;

    public ReadOnlySpan<byte> Body => _buffer.AsSpan(BlockHeader.Size, BodyLength);

    public void Advance(int count)
    {
        if (count < 0 || count > _buffer.Length - _length)
        {
            throw new ArgumentOutOfRangeException(nameof(count));
        }

        _length += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_length);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_length);
    }

    /// <summary>Drops what was written after a body length of <paramref name="bodyLength"/> (a record whose write failed).</summary>
    public void TruncateBody(int bodyLength) => _length = BlockHeader.Size + bodyLength;

    /// <summary>Empties the buffer for the next block (the last one is in the file).</summary>
    /// <returns>True when the buffer went back to a smaller size, after <see cref="BlocksBeforeShrinking"/> blocks in a row that used at most a quarter of it.</returns>
    public bool Reset()
    {
        int body = BodyLength;
        _length = BlockHeader.Size;
        if (_buffer.Length <= _firstLength)
        {
            return false;
        }

        if ((long)(BlockHeader.Size + body) * 4 > _buffer.Length)
        {
            _smallBlocks = 0;
            _largestSmallBody = 0;
            return false;
        }

        _largestSmallBody = Math.Max(_largestSmallBody, body);
        if (++_smallBlocks < BlocksBeforeShrinking)
        {
            return false;
        }

        _buffer = new byte[Math.Max(_firstLength, BlockHeader.Size + (_largestSmallBody * 2))];
        _smallBlocks = 0;
        _largestSmallBody = 0;
        return true;
    }

    private void Ensure(int sizeHint)
    {
        int needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - _length >= needed)
        {
            return;
        }

        long grown = Math.Max((long)_buffer.Length * 2, (long)_length + needed);
        if (grown > int.MaxValue - 64)
        {
            grown = int.MaxValue - 64;
        }

        System.Array.Resize(ref _buffer, (int)grown);
    }
}

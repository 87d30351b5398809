using System;
using System.Buffers;

namespace FastSerialization.Files.Internal;

/// <summary>The block being filled: its first 32 bytes are kept for the block header, so a block goes to the file in one write.</summary>
internal sealed class BlockBuffer : IBufferWriter<byte>
{
    private byte[] _buffer;
    private int _length = BlockHeader.Size;

    public BlockBuffer(int capacity)
    {
        _buffer = new byte[Math.Max(capacity, 256) + BlockHeader.Size];
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

    public void Reset() => _length = BlockHeader.Size;

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

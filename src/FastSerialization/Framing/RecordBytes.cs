using System;
using System.Buffers;

namespace FastSerialization;

/// <summary>
/// The bytes of one whole record taken off a stream by <see cref="RecordStreamReader"/>: in a pooled
/// array (given back by <see cref="Dispose"/>) or in the stream's own buffer. The default value stands
/// for the clean end of the stream.
/// </summary>
internal readonly struct RecordBytes : IDisposable
{
    private readonly byte[]? _array;
    private readonly int _offset;
    private readonly int _count;
    private readonly bool _rented;

    public RecordBytes(byte[] array, int offset, int count, bool rented)
    {
        _array = array;
        _offset = offset;
        _count = count;
        _rented = rented;
    }

    /// <summary>True for the clean end of the stream: no record.</summary>
    public bool IsEnd => _array is null;

    /// <summary>The record: its length prefix, type id and payload.</summary>
    public ReadOnlySpan<byte> Span => new(_array, _offset, _count);

    /// <summary>Gives a pooled array back; the bytes must not be used afterwards.</summary>
    public void Dispose()
    {
        if (_rented)
        {
            ArrayPool<byte>.Shared.Return(_array!);
        }
    }
}

using System;
using System.Runtime.CompilerServices;

namespace FastSerialization;

public ref partial struct FastBinaryWriter
{
    // A string of at most this many UTF-16 code units needs at most 3 bytes each in UTF-8, so its
    // length prefix (byte count + 1 <= 127) is one byte whatever the content.
    private const int ShortStringMaxChars = 42;

    /// <summary>
    /// Writes a string: varuint32 <c>N</c>, 0 for null, otherwise <c>N - 1</c> UTF-8 bytes follow.
    /// </summary>
    /// <param name="value">The string, or null.</param>
    /// <exception cref="FastSerializationException">
    /// The string is not well-formed UTF-16 (it holds a lone surrogate); nothing is replaced.
    /// </exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(string? value)
    {
        if (value is null)
        {
            Write((byte)0);
            return;
        }

        Write(value.AsSpan());
    }

    /// <summary>Writes a string with a length prefix, as <see cref="Write(string)"/> does for a non-null string.</summary>
    /// <param name="value">The characters.</param>
    /// <exception cref="FastSerializationException">The characters hold a lone surrogate.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Write(ReadOnlySpan<char> value)
    {
        if (value.Length <= ShortStringMaxChars && 1 + (value.Length * 3) <= _buffer.Length - _position)
        {
            // One pass: transcode straight after a one-byte length, then fill the length in.
            Span<byte> span = _buffer.Slice(_position);
            int written = StrictUtf8.Encode(value, span.Slice(1));
            if (written < 0)
            {
                ThrowHelper.ThrowLoneSurrogate(value.ToString());
            }

            span[0] = (byte)(written + 1);
            _position += written + 1;
            return;
        }

        WriteStringSlow(value);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteStringSlow(ReadOnlySpan<char> value)
    {
        long worstBytes = (long)value.Length * 3;
        int reserved = VarInt.Size((uint)Math.Min(worstBytes + 1, uint.MaxValue));
        if (worstBytes + reserved > _buffer.Length - _position)
        {
            // The worst case does not fit where we are: count the bytes first, so that a string that
            // fits in what is left (the tail of a caller's span, say) is written there.
            int count = StrictUtf8.GetByteCount(value);
            if (count < 0)
            {
                ThrowHelper.ThrowLoneSurrogate(value.ToString());
            }

            int prefixSize = VarInt.Size((uint)count + 1);
            if ((long)prefixSize + count > int.MaxValue)
            {
                ThrowHelper.ThrowTooLargeToWrite((long)prefixSize + count);
            }

            Span<byte> exact = GetSpan(prefixSize + count);
            VarInt.Write(exact, (uint)count + 1);
            StrictUtf8.Encode(value, exact.Slice(prefixSize, count));
            _position += prefixSize + count;
            return;
        }

        // Reserve the length prefix for the worst case (3 bytes per UTF-16 code unit), transcode once,
        // and move the bytes back only when the real count needs a shorter prefix.
        Span<byte> span = _buffer.Slice(_position);
        int written = StrictUtf8.Encode(value, span.Slice(reserved));
        if (written < 0)
        {
            ThrowHelper.ThrowLoneSurrogate(value.ToString());
        }

        int prefix = VarInt.Size((uint)written + 1);
        if (prefix != reserved)
        {
            span.Slice(reserved, written).CopyTo(span.Slice(prefix));
        }

        VarInt.Write(span, (uint)written + 1);
        _position += prefix + written;
    }
}

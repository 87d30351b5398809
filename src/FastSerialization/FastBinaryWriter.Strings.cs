using System;
using System.Runtime.CompilerServices;
using FastSerialization.Internal;

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

        if (value.Length <= ShortStringMaxChars)
        {
            // One pass: transcode straight after a one-byte length, then fill the length in.
            Span<byte> span = GetSpan(1 + (value.Length * 3));
            int written = StrictUtf8.Encode(value.AsSpan(), span.Slice(1));
            if (written < 0)
            {
                ThrowHelper.ThrowLoneSurrogate(value);
            }

            span[0] = (byte)(written + 1);
            _position += written + 1;
            return;
        }

        WriteLongString(value);
    }

    /// <summary>Writes a string with a length prefix, as <see cref="Write(string)"/> does for a non-null string.</summary>
    /// <param name="value">The characters.</param>
    /// <exception cref="FastSerializationException">The characters hold a lone surrogate.</exception>
    public void Write(ReadOnlySpan<char> value)
    {
        if (value.Length <= ShortStringMaxChars)
        {
            Span<byte> span = GetSpan(1 + (value.Length * 3));
            int written = StrictUtf8.Encode(value, span.Slice(1));
            if (written < 0)
            {
                ThrowHelper.ThrowLoneSurrogate(value.ToString());
            }

            span[0] = (byte)(written + 1);
            _position += written + 1;
            return;
        }

        WriteLongString(value);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void WriteLongString(ReadOnlySpan<char> value)
    {
        // Reserve the length prefix for the worst case (3 bytes per UTF-16 code unit), transcode once,
        // and move the bytes back only when the real count needs a shorter prefix.
        long worstBytes = (long)value.Length * 3;
        if (worstBytes + 1 > uint.MaxValue || worstBytes + VarInt.MaxLength32 > int.MaxValue)
        {
            ThrowHelper.ThrowTooLargeToWrite(worstBytes);
        }

        int reserved = VarInt.Size((uint)worstBytes + 1);
        Span<byte> span = GetSpan(reserved + (int)worstBytes);
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

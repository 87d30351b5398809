using System;
using System.Text;

namespace FastSerialization;

public ref partial struct FastBinaryReader
{
    /// <summary>Reads a string written with <see cref="FastBinaryWriter.Write(string)"/>.</summary>
    /// <returns>The string, <see cref="string.Empty"/> for an empty one, or null.</returns>
    /// <exception cref="FastSerializationException">
    /// The length runs past the frame (checked before anything is allocated), or the bytes are not
    /// well-formed UTF-8.
    /// </exception>
    public string? ReadString()
    {
        int start = _position;
        int length = ReadLengthPrefix("string");
        if (length <= 0)
        {
            return length == 0 ? string.Empty : null;
        }

        int bytesStart = _position;
        ReadOnlySpan<byte> bytes = Take(length, "string");
        try
        {
            return StrictUtf8.Decode(bytes);
        }
        catch (DecoderFallbackException ex)
        {
            _position = start;
            int bad = ex.Index >= 0 ? bytesStart + ex.Index : bytesStart;
            throw ThrowHelper.Malformed($"a string of {length} bytes is not well-formed UTF-8 (first bad byte near offset {bad})", start, _typeId, ex);
        }
    }

    /// <summary>
    /// Reads a string as <see cref="ReadString()"/> does, but returns <paramref name="reuse"/> itself when the
    /// bytes spell exactly that string, so that reading into an instance you keep (a registered factory that
    /// returns it, or an object pool) allocates nothing for a string that did not change.
    /// </summary>
    /// <param name="reuse">The string the member holds now, or null.</param>
    /// <returns><paramref name="reuse"/> when the bytes spell it; otherwise a new string, <see cref="string.Empty"/> or null.</returns>
    /// <exception cref="FastSerializationException">As for <see cref="ReadString()"/>.</exception>
    /// <remarks>
    /// Strings are immutable, so handing back the same instance for the same text is invisible to the caller.
    /// The comparison is made without decoding for ASCII text; other text is decoded (and checked) as usual.
    /// </remarks>
    public string? ReadString(string? reuse)
    {
        if (reuse is not null && reuse.Length != 0)
        {
            int start = _position;
            int length = ReadLengthPrefix("string");
            if (length == reuse.Length && _end - _position >= length && IsSameAscii(_data.Slice(_position, length), reuse))
            {
                _position += length;
                return reuse;
            }

            _position = start;
        }

        return ReadString();
    }

    /// <summary>True when <paramref name="bytes"/> are ASCII and spell <paramref name="text"/> (of the same length).</summary>
    private static bool IsSameAscii(ReadOnlySpan<byte> bytes, string text)
    {
#if NET8_0_OR_GREATER
        return Ascii.Equals(bytes, text.AsSpan());
#else
        for (int i = 0; i < bytes.Length; i++)
        {
            if (bytes[i] >= 0x80 || bytes[i] != text[i])
            {
                return false;
            }
        }

        return true;
#endif
    }
}

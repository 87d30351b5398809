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
}

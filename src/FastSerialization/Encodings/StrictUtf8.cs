using System;
using System.Text;

namespace FastSerialization;

/// <summary>
/// UTF-8 that refuses what is not well formed, in both directions: a lone surrogate on encode, an
/// ill-formed byte sequence on decode. Nothing is ever replaced with U+FFFD.
/// </summary>
internal static class StrictUtf8
{
    public static readonly UTF8Encoding Encoding = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>Encodes <paramref name="chars"/> into <paramref name="destination"/>; returns the byte count, or -1 when it holds a lone surrogate.</summary>
    public static unsafe int Encode(ReadOnlySpan<char> chars, Span<byte> destination)
    {
#if NET
        int ascii = ShortAscii.TryEncode(chars, destination);
        if (ascii >= 0)
        {
            return ascii;
        }

        System.Buffers.OperationStatus status = System.Text.Unicode.Utf8.FromUtf16(
            chars, destination, out _, out int written, replaceInvalidSequences: false, isFinalBlock: true);
        return status == System.Buffers.OperationStatus.Done ? written : -1;
#else
        if (chars.IsEmpty)
        {
            return 0;
        }

        try
        {
            fixed (char* c = chars)
            fixed (byte* b = destination)
            {
                return Encoding.GetBytes(c, chars.Length, b, destination.Length);
            }
        }
        catch (EncoderFallbackException)
        {
            return -1;
        }
#endif
    }

    /// <summary>The UTF-8 byte count of <paramref name="chars"/>, or -1 when it holds a lone surrogate.</summary>
    public static unsafe int GetByteCount(ReadOnlySpan<char> chars)
    {
        if (chars.IsEmpty)
        {
            return 0;
        }

        try
        {
            fixed (char* c = chars)
            {
                return Encoding.GetByteCount(c, chars.Length);
            }
        }
        catch (EncoderFallbackException)
        {
            return -1;
        }
    }

    /// <summary>The index of the first lone surrogate in <paramref name="chars"/>, or -1.</summary>
    public static int IndexOfLoneSurrogate(ReadOnlySpan<char> chars)
    {
        for (int i = 0; i < chars.Length; i++)
        {
            char c = chars[i];
            if (char.IsHighSurrogate(c))
            {
                if (i + 1 < chars.Length && char.IsLowSurrogate(chars[i + 1]))
                {
                    i++;
                    continue;
                }

                return i;
            }

            if (char.IsLowSurrogate(c))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>Decodes well-formed UTF-8; throws <see cref="DecoderFallbackException"/> otherwise.</summary>
    public static unsafe string Decode(ReadOnlySpan<byte> bytes)
    {
#if NET
        return ShortAscii.TryDecode(bytes) ?? Encoding.GetString(bytes);
#else
        fixed (byte* b = bytes)
        {
            return Encoding.GetString(b, bytes.Length);
        }
#endif
    }
}

using System;
using System.Numerics;
#if NET
using System.Text;
#endif

namespace FastSerialization;

// The rest of the base library's value types (docs/FORMAT.md section 2b). Types the netstandard2.0 build lacks
// (DateOnly, TimeOnly, Int128, UInt128, Rune) have their calls in the modern builds only; the others write the same
// bytes in every build.
public ref partial struct FastBinaryWriter
{
#if NET
    /// <summary>Writes a <see cref="DateOnly"/> as its day number (<see cref="DateOnly.DayNumber"/>): 4 bytes, little-endian. Not in the netstandard2.0 build.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(DateOnly value) => Write(value.DayNumber);

    /// <summary>
    /// Writes a <see cref="DateOnly"/> as its day number in the compact form of generated code (docs/FORMAT.md section 3a):
    /// a zigzag varint32: 3 bytes for the dates of the years 23 to 2871, at most 4. Not in the netstandard2.0 build.
    /// </summary>
    /// <param name="value">The value to write.</param>
    public void WriteVarDateOnly(DateOnly value) => WriteVarInt32(value.DayNumber);

    /// <summary>Writes a <see cref="TimeOnly"/> as its ticks (<see cref="TimeOnly.Ticks"/>): 8 bytes, little-endian. Not in the netstandard2.0 build.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(TimeOnly value) => Write(value.Ticks);

    /// <summary>Writes an <see cref="Int128"/>: 16 bytes, two's complement, little-endian (the low 64 bits first). Not in the netstandard2.0 build.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(Int128 value) => Write((UInt128)value);

    /// <summary>Writes a <see cref="UInt128"/>: 16 bytes, little-endian (the low 64 bits first). Not in the netstandard2.0 build.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(UInt128 value)
    {
        Write((ulong)value);
        Write((ulong)(value >> 64));
    }

    /// <summary>
    /// Writes an <see cref="Int128"/> in the compact form of generated code (docs/FORMAT.md section 3a): zigzag
    /// (<c>(n &lt;&lt; 1) ^ (n &gt;&gt; 127)</c>), then as <see cref="WriteVarUInt128"/>; 1 to 19 bytes. Not in the netstandard2.0 build.
    /// </summary>
    /// <param name="value">The value to write.</param>
    public void WriteVarInt128(Int128 value) => WriteVarUInt128((UInt128)((value << 1) ^ (value >> 127)));

    /// <summary>
    /// Writes a <see cref="UInt128"/> in the compact form of generated code (docs/FORMAT.md section 3a): unsigned LEB128,
    /// 7 bits a byte, low group first; 1 to 19 bytes. Not in the netstandard2.0 build.
    /// </summary>
    /// <param name="value">The value to write.</param>
    public void WriteVarUInt128(UInt128 value)
    {
        if ((value >> 64) == UInt128.Zero)
        {
            WriteVarUInt64((ulong)value);
            return;
        }

        Span<byte> span = GetSpan(MaxVarInt128Length);
        int length = 0;
        while (value >= 0x80)
        {
            span[length++] = (byte)((byte)value | 0x80);
            value >>= 7;
        }

        span[length++] = (byte)value;
        _position += length;
    }

    /// <summary>Writes a <see cref="Rune"/> as its scalar value (<see cref="Rune.Value"/>): 4 bytes, little-endian. Not in the netstandard2.0 build.</summary>
    /// <param name="value">The value to write.</param>
    public void Write(Rune value) => Write(value.Value);
#endif

    /// <summary>The most bytes a 128-bit varint takes: 128 bits in groups of 7.</summary>
    internal const int MaxVarInt128Length = 19;

    /// <summary>
    /// Writes a <see cref="BigInteger"/>: a varuint32 byte count <c>N</c>, then <c>N</c> bytes of its two's complement,
    /// little-endian, in the shortest form (<see cref="BigInteger.ToByteArray()"/>'s bytes; zero is the one byte <c>00</c>).
    /// </summary>
    /// <param name="value">The value to write.</param>
    /// <remarks>
    /// A reader refuses a value longer than its <see cref="CustomBinaryFormatterOptions.MaxBigIntegerBytes"/> (default
    /// 4,096 bytes), so a writer whose values may be larger should tell its readers to raise that limit.
    /// </remarks>
    public void Write(BigInteger value)
    {
#if NET
        int count = value.GetByteCount();
        WriteVarUInt32((uint)count);
        Span<byte> span = GetSpan(count);
        value.TryWriteBytes(span, out int written);
        _position += written;
#else
        byte[] bytes = value.ToByteArray();
        WriteVarUInt32((uint)bytes.Length);
        WriteRaw(bytes);
#endif
    }

    /// <summary>Writes a <see cref="Complex"/>: its real part, then its imaginary part, each as a double (8 bytes, bit-exact).</summary>
    /// <param name="value">The value to write.</param>
    public void Write(Complex value)
    {
        Write(value.Real);
        Write(value.Imaginary);
    }

    /// <summary>
    /// Writes a <see cref="Uri"/> as the string that recreates it, null kept: its <see cref="Uri.OriginalString"/>, except
    /// that an absolute URI made from a path that starts with <c>/</c> (a Unix file path, which the reader would take for a
    /// relative URI) is written as its <see cref="Uri.AbsoluteUri"/> (<c>file:///...</c>). See docs/FORMAT.md section 2b.
    /// </summary>
    /// <param name="value">The value to write, or null.</param>
    /// <exception cref="ArgumentException">The string holds a lone surrogate (as for <see cref="Write(string)"/>).</exception>
    public void Write(Uri? value)
    {
        if (value is null)
        {
            Write((string?)null);
            return;
        }

        string original = value.OriginalString;
        Write(value.IsAbsoluteUri && UriText.ReadsAsRelative(original) ? value.AbsoluteUri : original);
    }

    /// <summary>Writes a <see cref="Version"/> as the string <see cref="Version.ToString()"/> gives (<c>1.2</c>, <c>1.2.3.4</c>), null kept.</summary>
    /// <param name="value">The value to write, or null.</param>
    public void Write(Version? value) => Write(value?.ToString());
}

/// <summary>How a <see cref="Uri"/>'s string is read back, in one place for the writer and the reader (docs/FORMAT.md section 2b).</summary>
internal static class UriText
{
    /// <summary>
    /// True when the reader makes a relative URI of <paramref name="text"/> whatever it looks like: a string that starts
    /// with <c>/</c>, which <see cref="UriKind.RelativeOrAbsolute"/> would take for a Unix file path on Linux and macOS
    /// and for a relative reference on Windows. Read as relative everywhere, it reads the same on every platform.
    /// </summary>
    public static bool ReadsAsRelative(string text) => text.Length > 0 && text[0] == '/';

    /// <summary>The <see cref="Uri"/> that <paramref name="text"/> stands for, or null when it is not one.</summary>
    public static Uri? Parse(string text) =>
        Uri.TryCreate(text, ReadsAsRelative(text) ? UriKind.Relative : UriKind.RelativeOrAbsolute, out Uri? uri) ? uri : null;
}

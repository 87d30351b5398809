#if NET
using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;

namespace FastSerialization;

/// <summary>
/// Short ASCII text (1 to 32 characters: codes, names, keys), converted inline with two overlapping loads and
/// stores (little-endian machines with vector hardware) instead of through the framework's general UTF-8 transcoder, whose call and setup cost more than the
/// conversion itself at this size. Anything else (shorter, longer, or any character above U+007F) returns
/// "not handled" untouched, and <see cref="StrictUtf8"/> takes it the general way, so the bytes, the strings
/// and the refusals are those of the general path.
/// </summary>
internal static class ShortAscii
{
    private const int MinLength = 1;
    private const int MaxLength = 32;

    /// <summary>
    /// Writes <paramref name="chars"/> as ASCII bytes when there are 1 to 32 of them, all below U+0080, and
    /// <paramref name="destination"/> holds them.
    /// </summary>
    /// <returns>The number of bytes written (the character count), or -1 with nothing written.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int TryEncode(ReadOnlySpan<char> chars, Span<byte> destination)
    {
        int n = chars.Length;
        if (!Vector128.IsHardwareAccelerated || !BitConverter.IsLittleEndian || (uint)(n - MinLength) > MaxLength - MinLength || destination.Length < n)
        {
            return -1;
        }

        ref ushort source = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(chars));
        ref byte target = ref MemoryMarshal.GetReference(destination);
        if (n < 8)
        {
            return TryEncodeUnderEight(ref source, ref target, n);
        }

        Vector128<ushort> nonAscii = Vector128.Create((ushort)0xFF80);
        if (n <= 16)
        {
            // The first eight and the last eight characters (overlapping when n < 16).
            Vector128<ushort> head = Vector128.LoadUnsafe(ref source);
            Vector128<ushort> tail = Vector128.LoadUnsafe(ref source, (nuint)(n - 8));
            if (((head | tail) & nonAscii) != Vector128<ushort>.Zero)
            {
                return -1;
            }

            Vector128<ulong> bytes = Vector128.Narrow(head, tail).AsUInt64();
            Unsafe.WriteUnaligned(ref target, bytes.GetElement(0));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref target, n - 8), bytes.GetElement(1));
            return n;
        }

        // The first sixteen and the last sixteen characters.
        Vector128<ushort> a = Vector128.LoadUnsafe(ref source);
        Vector128<ushort> b = Vector128.LoadUnsafe(ref source, 8);
        Vector128<ushort> c = Vector128.LoadUnsafe(ref source, (nuint)(n - 16));
        Vector128<ushort> d = Vector128.LoadUnsafe(ref source, (nuint)(n - 8));
        if (((a | b | c | d) & nonAscii) != Vector128<ushort>.Zero)
        {
            return -1;
        }

        Vector128.Narrow(a, b).StoreUnsafe(ref target);
        Vector128.Narrow(c, d).StoreUnsafe(ref target, (nuint)(n - 16));
        return n;
    }

    /// <summary>1 to 7 characters: the first four and the last four (overlapping when n &lt; 8) as two 8-byte words, or one by one under four.</summary>
    private static int TryEncodeUnderEight(ref ushort source, ref byte target, int n)
    {
        if (n < 4)
        {
            int any = 0;
            for (int i = 0; i < n; i++)
            {
                any |= Unsafe.Add(ref source, i);
            }

            if (any >= 0x80)
            {
                return -1;
            }

            for (int i = 0; i < n; i++)
            {
                Unsafe.Add(ref target, i) = (byte)Unsafe.Add(ref source, i);
            }

            return n;
        }

        ulong head = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref source));
        ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref source, n - 4)));
        if (((head | tail) & 0xFF80_FF80_FF80_FF80UL) != 0)
        {
            return -1;
        }

        Vector128<uint> bytes = Vector128.Narrow(Vector128.CreateScalarUnsafe(head).AsUInt16(), Vector128.CreateScalarUnsafe(tail).AsUInt16()).AsUInt32();
        Unsafe.WriteUnaligned(ref target, bytes.GetElement(0));
        Unsafe.WriteUnaligned(ref Unsafe.Add(ref target, n - 4), bytes.GetElement(2));
        return n;
    }

    /// <summary>Makes a string of <paramref name="bytes"/> when there are 1 to 32 of them, all below 0x80.</summary>
    /// <returns>The string, or null when the bytes are not short ASCII text.</returns>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static string? TryDecode(ReadOnlySpan<byte> bytes)
    {
        int n = bytes.Length;
        if (!Vector128.IsHardwareAccelerated || !BitConverter.IsLittleEndian || (uint)(n - MinLength) > MaxLength - MinLength)
        {
            return null;
        }

        ref byte source = ref MemoryMarshal.GetReference(bytes);
        if (n < 4)
        {
            int any = 0;
            for (int i = 0; i < n; i++)
            {
                any |= Unsafe.Add(ref source, i);
            }

            if (any >= 0x80)
            {
                return null;
            }
        }
        else if (n < 8)
        {
            uint head = Unsafe.ReadUnaligned<uint>(ref source);
            uint tail = Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, n - 4));
            if (((head | tail) & 0x8080_8080u) != 0)
            {
                return null;
            }
        }
        else if (n <= 16)
        {
            ulong head = Unsafe.ReadUnaligned<ulong>(ref source);
            ulong tail = Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, n - 8));
            if (((head | tail) & 0x8080_8080_8080_8080UL) != 0)
            {
                return null;
            }
        }
        else
        {
            Vector128<byte> head = Vector128.LoadUnsafe(ref source);
            Vector128<byte> tail = Vector128.LoadUnsafe(ref source, (nuint)(n - 16));
            if (((head | tail) & Vector128.Create((byte)0x80)) != Vector128<byte>.Zero)
            {
                return null;
            }
        }

        unsafe
        {
            // The bytes stay pinned while string.Create fills the new string (a span cannot be its state before .NET 9).
            fixed (byte* pinned = bytes)
            {
                return string.Create(n, (nint)pinned, static (chars, address) => Widen(new ReadOnlySpan<byte>((byte*)address, chars.Length), chars));
            }
        }
    }

    /// <summary>Widens 1 to 32 ASCII bytes into as many characters.</summary>
    private static void Widen(ReadOnlySpan<byte> ascii, Span<char> chars)
    {
        int n = ascii.Length;
        ref byte source = ref MemoryMarshal.GetReference(ascii);
        ref ushort target = ref Unsafe.As<char, ushort>(ref MemoryMarshal.GetReference(chars));
        if (n < 4)
        {
            for (int i = 0; i < n; i++)
            {
                Unsafe.Add(ref target, i) = Unsafe.Add(ref source, i);
            }

            return;
        }

        if (n < 8)
        {
            Vector128<ulong> head = Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<uint>(ref source)).AsByte()).AsUInt64();
            Vector128<ulong> tail = Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<uint>(ref Unsafe.Add(ref source, n - 4))).AsByte()).AsUInt64();
            Unsafe.WriteUnaligned(ref Unsafe.As<ushort, byte>(ref target), head.GetElement(0));
            Unsafe.WriteUnaligned(ref Unsafe.As<ushort, byte>(ref Unsafe.Add(ref target, n - 4)), tail.GetElement(0));
            return;
        }

        if (n <= 16)
        {
            Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<ulong>(ref source)).AsByte()).StoreUnsafe(ref target);
            Vector128.WidenLower(Vector128.CreateScalarUnsafe(Unsafe.ReadUnaligned<ulong>(ref Unsafe.Add(ref source, n - 8))).AsByte())
                .StoreUnsafe(ref target, (nuint)(n - 8));
            return;
        }

        (Vector128<ushort> a, Vector128<ushort> b) = Vector128.Widen(Vector128.LoadUnsafe(ref source));
        (Vector128<ushort> c, Vector128<ushort> d) = Vector128.Widen(Vector128.LoadUnsafe(ref source, (nuint)(n - 16)));
        a.StoreUnsafe(ref target);
        b.StoreUnsafe(ref target, 8);
        c.StoreUnsafe(ref target, (nuint)(n - 16));
        d.StoreUnsafe(ref target, (nuint)(n - 8));
    }
}
#endif

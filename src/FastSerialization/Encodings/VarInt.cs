using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>Sizes of unsigned LEB128 varints (docs/FORMAT.md section 2).</summary>
internal static class VarInt
{
    /// <summary>The most bytes a varuint32 may take.</summary>
    public const int MaxLength32 = 5;

    /// <summary>The most bytes a varuint64 may take.</summary>
    public const int MaxLength64 = 10;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Size(uint value) =>
        value < 1u << 7 ? 1 : value < 1u << 14 ? 2 : value < 1u << 21 ? 3 : value < 1u << 28 ? 4 : 5;

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Size(ulong value)
    {
        int size = 1;
        while (value >= 0x80)
        {
            value >>= 7;
            size++;
        }

        return size;
    }

    /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/>, which must be large enough.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int Write(System.Span<byte> destination, uint value)
    {
        int i = 0;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[i++] = (byte)value;
        return i;
    }

    /// <summary>Writes <paramref name="value"/> at the start of <paramref name="destination"/>, which must be large enough.</summary>
    public static int Write(System.Span<byte> destination, ulong value)
    {
        int i = 0;
        while (value >= 0x80)
        {
            destination[i++] = (byte)(value | 0x80);
            value >>= 7;
        }

        destination[i++] = (byte)value;
        return i;
    }
}

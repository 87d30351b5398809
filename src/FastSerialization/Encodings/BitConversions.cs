using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>Bit-exact reinterpretation of floating-point values (keeps NaN payloads and -0.0).</summary>
internal static class BitConversions
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint SingleToUInt32(float value) => Unsafe.As<float, uint>(ref value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static float UInt32ToSingle(uint value) => Unsafe.As<uint, float>(ref value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ulong DoubleToUInt64(double value) => Unsafe.As<double, ulong>(ref value);

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static double UInt64ToDouble(ulong value) => Unsafe.As<ulong, double>(ref value);
}

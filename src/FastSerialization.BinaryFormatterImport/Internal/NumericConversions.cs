using System;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// Converts a primitive value read from a payload to the type of the member it goes into: the same type
/// as is, widening conversions that lose nothing (int to long, float to double, ...), nothing else.
/// </summary>
internal static class NumericConversions
{
    /// <summary>Returns false when <paramref name="target"/> cannot hold <paramref name="value"/> without loss.</summary>
    public static bool TryConvert(object value, Type target, out object? result)
    {
        Type source = value.GetType();
        if (target == source || target == typeof(object))
        {
            result = value;
            return true;
        }

        result = null;
        if (!IsWidening(source, target))
        {
            return false;
        }

        result = value switch
        {
            sbyte v => Widen(v, target),
            byte v => Widen(v, target),
            short v => Widen(v, target),
            ushort v => Widen(v, target),
            char v => Widen(v, target),
            int v => Widen(v, target),
            uint v => Widen(v, target),
            long v => Widen(v, target),
            ulong v => Widen(v, target),
            float v => (double)v,
            _ => null,
        };
        return result is not null;
    }

    /// <summary>
    /// C#'s implicit numeric conversions, less those that can lose digits (int, uint, long, ulong to float;
    /// long and ulong to double).
    /// </summary>
    private static bool IsWidening(Type source, Type target)
    {
        TypeCode from = Type.GetTypeCode(source);
        TypeCode to = Type.GetTypeCode(target);
        if (target.IsEnum || source.IsEnum)
        {
            return false;
        }

        return from switch
        {
            TypeCode.SByte => to is TypeCode.Int16 or TypeCode.Int32 or TypeCode.Int64 or TypeCode.Single or TypeCode.Double or TypeCode.Decimal,
            TypeCode.Byte => to is TypeCode.Int16 or TypeCode.UInt16 or TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64 or TypeCode.Single or TypeCode.Double or TypeCode.Decimal,
            TypeCode.Int16 => to is TypeCode.Int32 or TypeCode.Int64 or TypeCode.Single or TypeCode.Double or TypeCode.Decimal,
            TypeCode.UInt16 or TypeCode.Char => to is TypeCode.Int32 or TypeCode.UInt32 or TypeCode.Int64 or TypeCode.UInt64 or TypeCode.Single or TypeCode.Double or TypeCode.Decimal,
            TypeCode.Int32 => to is TypeCode.Int64 or TypeCode.Double or TypeCode.Decimal,
            TypeCode.UInt32 => to is TypeCode.Int64 or TypeCode.UInt64 or TypeCode.Double or TypeCode.Decimal,
            TypeCode.Int64 or TypeCode.UInt64 => to is TypeCode.Decimal,
            TypeCode.Single => to is TypeCode.Double,
            _ => false,
        };
    }

    private static object Widen(long v, Type target) => Type.GetTypeCode(target) switch
    {
        TypeCode.Int16 => (short)v,
        TypeCode.UInt16 => (ushort)v,
        TypeCode.Int32 => (int)v,
        TypeCode.UInt32 => (uint)v,
        TypeCode.Int64 => v,
        TypeCode.UInt64 => (ulong)v,
        TypeCode.Single => (float)v,
        TypeCode.Double => (double)v,
        _ => (decimal)v,
    };

    private static object Widen(ulong v, Type target) => Type.GetTypeCode(target) switch
    {
        TypeCode.UInt64 => v,
        TypeCode.Int64 => (long)v,
        TypeCode.Double => (double)v,
        _ => (decimal)v,
    };
}

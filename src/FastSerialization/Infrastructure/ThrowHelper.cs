using System;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>Throws from cold paths, so the methods that call these stay small enough to inline.</summary>
internal static class ThrowHelper
{
    [DoesNotReturn]
    public static void ThrowTruncated(string what, long offset, int? typeId, long needed, long available) =>
        throw Truncated(what, offset, typeId, needed, available);

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static FastSerializationException Truncated(string what, long offset, int? typeId, long needed, long available) =>
        new(
            $"Truncated data at offset {offset}{DescribeType(typeId)}: reading {what} needs {needed} byte(s), but the current frame has {available} left.",
            offset,
            typeId);

    [DoesNotReturn]
    public static void ThrowLengthPastFrame(string what, long offset, int? typeId, uint declared, long available) =>
        throw new FastSerializationException(
            $"Malformed data at offset {offset}{DescribeType(typeId)}: a {what} declares {declared} byte(s), but the current frame has {available} left.",
            offset,
            typeId);

    public static FastSerializationException Malformed(string message, long offset, int? typeId, Exception? inner = null) =>
        new($"Malformed data at offset {offset}{DescribeType(typeId)}: {message}.", offset, typeId, inner);

    [DoesNotReturn]
    public static void ThrowUnreadBytes(Type type, int unread, long offset, int typeId) =>
        throw new FastSerializationException(
            $"{type} left {unread} byte(s) of its frame unread at offset {offset}{DescribeType(typeId)}; its SetDataFrom reads less than its WriteDataTo writes (RejectUnreadBytes is on).",
            offset,
            typeId);

    [DoesNotReturn]
    public static void ThrowBoundedReadOfConstructible(Type type) =>
        throw new InvalidOperationException($"{type} is built through IBinaryConstructible<T>.ReadNew, so it cannot be read member by member through BeginBoundedObject; read it with ReadObject.");

    [DoesNotReturn]
    public static void ThrowForeignBoundedSequence() =>
        throw new InvalidOperationException("EndBoundedSequence needs the BoundedSequenceReader this reader's BeginBoundedSequence returned, with nothing read from the reader in between.");

    [DoesNotReturn]
    public static void ThrowForeignBoundedSequenceWriter() =>
        throw new InvalidOperationException("A BoundedSequenceWriter must be used with the writer whose BeginBoundedSequence returned it, and given back with EndBoundedSequence before anything else is written to that writer.");

    [DoesNotReturn]
    public static void ThrowForeignBoundedRunWriter() =>
        throw new InvalidOperationException("EndElement needs the BoundedRunWriter of this sequence's last BeginElement.");

    [DoesNotReturn]
    public static void ThrowForeignObjectFrame() =>
        throw new InvalidOperationException("EndObject needs the end BeginObject gave, with every BeginObject since ended.");

    [DoesNotReturn]
    public static void ThrowObjectNotReadInPlace(Type type) =>
        throw new InvalidOperationException($"{type} is not a sealed class read by its SetDataFrom: read it with ReadObject<T>().");

    [DoesNotReturn]
    public static void ThrowForeignBoundedRun() =>
        throw new InvalidOperationException("EndBoundedObject (or EndElement) needs the BoundedRunReader of the last BeginBoundedObject (or BeginElement), with nothing read in between.");

    [DoesNotReturn]
    public static void ThrowLoneSurrogate(string value)
    {
        int index = StrictUtf8.IndexOfLoneSurrogate(value.AsSpan());
        throw new FastSerializationException(
            $"Cannot write a string of {value.Length} UTF-16 code units: it holds a lone surrogate (U+{(int)value[Math.Max(index, 0)]:X4}) at index {index}, which is not well-formed UTF-16 and has no UTF-8 form.");
    }

    [DoesNotReturn]
    public static void ThrowTooLargeToWrite(long size) =>
        throw new FastSerializationException($"Cannot write {size} bytes: a record holds at most 2^31-1 bytes.");

    [DoesNotReturn]
    public static void ThrowRecordOfOtherType(Type recordType, Type requested) =>
        throw new FastSerializationException(
            $"The record holds an instance of {recordType}, not of {requested}, the type asked for.");

    [DoesNotReturn]
    public static void ThrowRecordTooLargeToWrite(int length, int limit, int typeId) =>
        throw new FastSerializationException(
            $"The record of type id {typeId} would hold {length} bytes, over the limit of {limit} (CustomBinaryFormatterOptions.MaxRecordLength); readers would refuse it, so it was not written.",
            offset: null,
            typeId);

    [DoesNotReturn]
    public static void ThrowNotRegistered(Type type) =>
        throw new FastSerializationException(
            typeof(ICustomBinarySerializable).IsAssignableFrom(type)
                ? $"{CSharpName(type)} is not registered with this formatter; call Register<{CSharpName(type, qualified: false)}>(id) before the first write."
                : $"{CSharpName(type)} cannot be written as a record: a record's type is registered, and only a type that implements ICustomBinarySerializable can be (write WriteDataTo and SetDataFrom, or declare the class or struct [BinarySerializable] partial). To write a {CSharpName(type, qualified: false)}, make it a member of such a type.");

    /// <summary>
    /// A type's name as C# writes it (<c>List&lt;Order&gt;</c>, <c>int[]</c>, <c>Outer.Inner</c>), not as reflection does
    /// (<c>List`1</c>, <c>Outer+Inner</c>); with <paramref name="qualified"/>, the outermost type's namespace first.
    /// </summary>
    internal static string CSharpName(Type type, bool qualified = true)
    {
        if (type.IsArray)
        {
            return CSharpName(type.GetElementType()!, qualified) + "[" + new string(',', type.GetArrayRank() - 1) + "]";
        }

        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return CSharpName(underlying, qualified) + "?";
        }

        return NameWithin(type, qualified, type.IsGenericType ? type.GetGenericArguments() : Type.EmptyTypes);
    }

    /// <summary>
    /// The name of <paramref name="type"/> and the types that contain it; <paramref name="arguments"/> are the generic
    /// arguments of all of them, the outermost type's first (as reflection gives them for a nested generic type).
    /// </summary>
    private static string NameWithin(Type type, bool qualified, Type[] arguments)
    {
        string name = type.Name;
        int tick = name.IndexOf('`');
        string bare = tick < 0 ? name : name.Substring(0, tick);
        int own = tick < 0 ? 0 : int.Parse(name.Substring(tick + 1), System.Globalization.CultureInfo.InvariantCulture);
        string prefix;
        int outer = 0;
        if (type.IsNested && !type.IsGenericParameter)
        {
            Type declaring = type.DeclaringType!;
            outer = declaring.IsGenericTypeDefinition ? declaring.GetGenericArguments().Length : 0;
            prefix = NameWithin(declaring, qualified, arguments) + ".";
        }
        else
        {
            prefix = qualified && !type.IsGenericParameter && type.Namespace is { Length: > 0 } ns ? ns + "." : string.Empty;
        }

        if (own == 0 || arguments.Length < outer + own)
        {
            return prefix + bare;
        }

        var list = new System.Text.StringBuilder();
        for (int i = outer; i < outer + own; i++)
        {
            list.Append(i == outer ? string.Empty : ", ").Append(CSharpName(arguments[i], qualified: false));
        }

        return prefix + bare + "<" + list + ">";
    }

    [DoesNotReturn]
    public static void ThrowBadRecordLength(uint length, int limit) =>
        throw (length == 0
            ? new FastSerializationException(
                "Malformed record at offset 0: the length prefix is 0, but a record holds at least a type id.", 0, typeId: null)
            : new FastSerializationException(
                $"Record at offset 0 declares {length} bytes, over the limit of {limit} (CustomBinaryFormatterOptions.MaxRecordLength); nothing was allocated.",
                0,
                typeId: null));

    [DoesNotReturn]
    public static void ThrowBadUnframedLength(long length, int limit) =>
        throw new FastSerializationException(
            length == 0
                ? "Malformed unframed record: it is empty, but a record holds at least a type id."
                : $"The unframed record holds {length} bytes, over the limit of {limit} (CustomBinaryFormatterOptions.MaxRecordLength).",
            0,
            typeId: null);

    /// <summary>Wraps an exception other than ours that a type's reader threw while reading a record.</summary>
    public static FastSerializationException RecordReadFailed(TypeRegistration registration, int offset, Exception inner) =>
        new(
            $"Reading a record of type id {registration.Id} ({registration.Type}) failed at offset {offset}: {inner.Message}",
            offset,
            registration.Id,
            inner);

    [DoesNotReturn]
    public static void ThrowRecordTypeNotRegistered(uint typeId, int offset) =>
        throw new FastSerializationException(
            $"Record at offset 0 has type id {typeId}, which is not registered with this formatter; only registered types are read.",
            offset,
            (int)typeId);

    [DoesNotReturn]
    public static void ThrowNestedTypeNotRegistered(Type runtimeType, Type declaredType) =>
        throw new FastSerializationException(
            $"A nested object declared as {declaredType} is a {runtimeType}, which is not registered; a member whose declared type is not sealed writes the registered id of its runtime type.");

    [DoesNotReturn]
    public static void ThrowWriteTooDeep(Type type, int maxDepth) =>
        throw new FastSerializationException(
            $"Writing a nested {type} goes deeper than the limit of {maxDepth} (CustomBinaryFormatterOptions.MaxDepth); does the object graph hold a cycle?");

    [DoesNotReturn]
    public static void ThrowWriteStackExhausted(Type type, int depth, int maxDepth) =>
        throw new FastSerializationException(
            $"Writing a nested {type} at depth {depth}: the thread's stack has no room for another level, below the limit of {maxDepth} (CustomBinaryFormatterOptions.MaxDepth); does the object graph hold a cycle?");

    [DoesNotReturn]
    public static T ThrowNoRegistryForPolymorphicWrite<T>(Type type) =>
        throw new InvalidOperationException(
            $"A nested object declared as {type} (not sealed) needs its runtime type's registered id; use the writer a CustomBinaryFormatter provides.");

    [DoesNotReturn]
    public static T ThrowNoRegistryForPolymorphicRead<T>(Type type) =>
        throw new InvalidOperationException(
            $"A nested object declared as {type} (not sealed) is read by its registered id; use the reader a CustomBinaryFormatter provides.");

    [DoesNotReturn]
    public static void ThrowFactoryReturnedNull(Type type, int typeId) =>
        throw new InvalidOperationException($"The factory registered for {type} (type id {typeId}) returned null.");

    [DoesNotReturn]
    public static void ThrowNegativeCount(int count) =>
        throw new ArgumentOutOfRangeException(nameof(count), count, "A count cannot be negative.");

    private static string DescribeType(int? typeId) => typeId is > 0 ? $" (record type id {typeId})" : string.Empty;
}

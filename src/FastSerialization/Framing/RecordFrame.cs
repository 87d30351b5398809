using System;
using System.Buffers;
using System.Buffers.Binary;
using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// The record header, <c>&lt;u32 length, little-endian&gt;&lt;varuint32 type id&gt;</c> (docs/FORMAT.md section 1),
/// and its limits: the one place that writes and reads it. The length counts the bytes after it (type id
/// and payload); a reader rejects a length of 0 or over the limit before it allocates or reads anything.
/// </summary>
/// <remarks>
/// <see cref="CustomBinaryFormatter"/> frames every record through this type. The public members are for
/// code that carries records without a formatter's help: a transport that must know where a record ends
/// before it has all of it, or a channel writing its own records under the reserved type id 0.
/// </remarks>
public static class RecordFrame
{
    /// <summary>The size of the length prefix that starts every record: 4 bytes.</summary>
    public const int LengthPrefixSize = 4;

    /// <summary>The largest header: the length prefix and a type id of 5 bytes.</summary>
    public const int MaxHeaderSize = LengthPrefixSize + VarInt.MaxLength32;

    /// <summary>
    /// Reads the length prefix at the start of <paramref name="data"/> and checks it: the record then
    /// takes <see cref="LengthPrefixSize"/> + <paramref name="length"/> bytes.
    /// </summary>
    /// <param name="data">Bytes that start with a record (all of it or only its start).</param>
    /// <param name="maxRecordLength">The largest length accepted (<see cref="CustomBinaryFormatterOptions.MaxRecordLength"/>).</param>
    /// <param name="length">The count of bytes after the prefix (type id and payload), or 0.</param>
    /// <returns>False when <paramref name="data"/> holds fewer than <see cref="LengthPrefixSize"/> bytes.</returns>
    /// <exception cref="FastSerializationException">The length is 0, or over <paramref name="maxRecordLength"/>.</exception>
    public static bool TryReadLength(ReadOnlySpan<byte> data, int maxRecordLength, out int length)
    {
        if (data.Length < LengthPrefixSize)
        {
            length = 0;
            return false;
        }

        length = ReadLength(data, maxRecordLength);
        return true;
    }

    /// <summary>Reads and checks the length prefix at the start of <paramref name="data"/>, which may span segments.</summary>
    /// <param name="data">Bytes that start with a record (all of it or only its start).</param>
    /// <param name="maxRecordLength">The largest length accepted (<see cref="CustomBinaryFormatterOptions.MaxRecordLength"/>).</param>
    /// <param name="length">The count of bytes after the prefix (type id and payload), or 0.</param>
    /// <returns>False when <paramref name="data"/> holds fewer than <see cref="LengthPrefixSize"/> bytes.</returns>
    /// <exception cref="FastSerializationException">The length is 0, or over <paramref name="maxRecordLength"/>.</exception>
    public static bool TryReadLength(in ReadOnlySequence<byte> data, int maxRecordLength, out int length)
    {
        if (data.Length < LengthPrefixSize)
        {
            length = 0;
            return false;
        }

        ReadOnlySpan<byte> first = data.First.Span;
        if (first.Length >= LengthPrefixSize)
        {
            length = ReadLength(first, maxRecordLength);
            return true;
        }

        Span<byte> prefix = stackalloc byte[LengthPrefixSize];
        data.Slice(0, LengthPrefixSize).CopyTo(prefix);
        length = ReadLength(prefix, maxRecordLength);
        return true;
    }

    /// <summary>
    /// Writes the header of a record whose payload (what follows the type id) takes
    /// <paramref name="payloadLength"/> bytes.
    /// </summary>
    /// <param name="destination">Where the header goes; at least <see cref="MaxHeaderSize"/> bytes is always enough.</param>
    /// <param name="typeId">The type id: 1 to 2^31-1 for registered types; 0 is reserved (the IPC channel's control records use it).</param>
    /// <param name="payloadLength">The payload's size in bytes.</param>
    /// <returns>The header's size: <see cref="LengthPrefixSize"/> and the type id's 1 to 5 bytes.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="typeId"/> or <paramref name="payloadLength"/> is negative, or the record would exceed 2^31-1 bytes.</exception>
    /// <exception cref="ArgumentException"><paramref name="destination"/> is too short for the header.</exception>
    public static int WriteHeader(Span<byte> destination, int typeId, int payloadLength)
    {
        if (typeId < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(typeId), typeId, "A type id is 0 (reserved) to 2^31-1.");
        }

        int idSize = VarInt.Size((uint)typeId);
        if (payloadLength < 0 || payloadLength > int.MaxValue - LengthPrefixSize - idSize)
        {
            throw new ArgumentOutOfRangeException(nameof(payloadLength), payloadLength, "A record's payload is 0 to 2^31-1 bytes, less its header.");
        }

        if (destination.Length < LengthPrefixSize + idSize)
        {
            throw new ArgumentException($"The header takes {LengthPrefixSize + idSize} bytes; the destination has {destination.Length}.", nameof(destination));
        }

        BinaryPrimitives.WriteUInt32LittleEndian(destination, (uint)(idSize + payloadLength));
        VarInt.Write(destination.Slice(LengthPrefixSize), (uint)typeId);
        return LengthPrefixSize + idSize;
    }

    /// <summary>
    /// True when <paramref name="data"/> is exactly <paramref name="count"/> records of type id <paramref name="typeId"/>,
    /// each with a payload of <paramref name="payloadLength"/> bytes (a fixed-layout struct) and within
    /// <paramref name="maxRecordLength"/>: every record's header is the one <see cref="WriteHeader"/> writes for them.
    /// For readers that view such records in place (FastSerialization.Files) rather than deserialize them one by one;
    /// applications read records through <see cref="CustomBinaryFormatter"/>.
    /// </summary>
    /// <param name="data">The records, back to back.</param>
    /// <param name="count">How many records <paramref name="data"/> must hold.</param>
    /// <param name="typeId">The type id each record must have (1 to 2^31-1).</param>
    /// <param name="payloadLength">The size of each record's payload, what follows its type id.</param>
    /// <param name="maxRecordLength">The largest length a record may declare (<see cref="CustomBinaryFormatterOptions.MaxRecordLength"/>).</param>
    /// <returns>False when the data is not that run of records, one over the limit included; never throws for bad data.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="typeId"/> or <paramref name="payloadLength"/> is negative, or such a record would exceed 2^31-1 bytes.</exception>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static bool IsFixedRun(ReadOnlySpan<byte> data, int count, int typeId, int payloadLength, int maxRecordLength)
    {
        Span<byte> header = stackalloc byte[MaxHeaderSize];
        int headerSize = WriteHeader(header, typeId, payloadLength);
        long stride = (long)headerSize + payloadLength;
        if (count < 0 || count * stride != data.Length || stride - LengthPrefixSize > maxRecordLength)
        {
            return false;
        }

        uint length = BinaryPrimitives.ReadUInt32LittleEndian(header);
        int step = (int)stride;
        if (headerSize == LengthPrefixSize + 1)
        {
            // A type id of one byte: every registry of fewer than 128 types, the common case.
            byte id = header[LengthPrefixSize];
            for (int i = 0, at = 0; i < count; i++, at += step)
            {
                if (BinaryPrimitives.ReadUInt32LittleEndian(data.Slice(at)) != length || data[at + LengthPrefixSize] != id)
                {
                    return false;
                }
            }

            return true;
        }

        ReadOnlySpan<byte> idBytes = header.Slice(LengthPrefixSize, headerSize - LengthPrefixSize);
        for (int i = 0, at = 0; i < count; i++, at += step)
        {
            if (BinaryPrimitives.ReadUInt32LittleEndian(data.Slice(at)) != length || !data.Slice(at + LengthPrefixSize, idBytes.Length).SequenceEqual(idBytes))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>
    /// Writes <paramref name="value"/> as one record: the header with a length placeholder, the payload
    /// (the type's own <see cref="ICustomBinarySerializable.WriteDataTo"/>; a struct's without boxing it),
    /// then the length, checked against the limit.
    /// </summary>
    /// <returns>The record's size, length prefix included (the formatter keeps it as the type's size hint).</returns>
    /// <remarks>
    /// A class record is written by a method that is not inlined, so that it is compiled on its own with an inlining
    /// budget of its own: inlined into the caller of <c>Serialize&lt;T&gt;</c>, the JIT's budget ran out above the
    /// type's writer, whose primitive writes became calls. A struct record stays inlined: its WriteDataTo, reached
    /// through a call that takes the struct by reference, is compiled on its own already, and a call more measured
    /// slower (benchmarks/results/issue10-focused.md).
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int Write<T>(ref FastBinaryWriter writer, TypeRegistration registration, T value, int maxRecordLength)
    {
        return typeof(T).IsValueType
            ? WriteRecord(ref writer, registration, value, maxRecordLength)
            : WriteClassRecord(ref writer, registration, value, maxRecordLength);
    }

    // The body is written out here rather than calling WriteRecord: the JIT's inlining budget grows with the size of
    // the method it compiles, and a method that only calls WriteRecord got too little of it.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static int WriteClassRecord<T>(ref FastBinaryWriter writer, TypeRegistration registration, T value, int maxRecordLength)
    {
        int start = BeginRecord(ref writer, (uint)registration.Id);
        WritePayload(ref writer, registration, value);
        writer.EndRecordReferences();
        return EndRecord(ref writer, start, maxRecordLength, registration.Id);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int WriteRecord<T>(ref FastBinaryWriter writer, TypeRegistration registration, T value, int maxRecordLength)
    {
        int start = BeginRecord(ref writer, (uint)registration.Id);
        WritePayload(ref writer, registration, value);
        writer.EndRecordReferences();
        return EndRecord(ref writer, start, maxRecordLength, registration.Id);
    }

    /// <summary>
    /// Writes the payload, what follows the type id: a struct of exactly the registered type is passed by reference
    /// to a call that is not generic, which writes it through its own WriteDataTo (no boxing, no reflection).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WritePayload<T>(ref FastBinaryWriter writer, TypeRegistration registration, T value)
    {
        if (typeof(T).IsValueType && registration.Type == typeof(T))
        {
            registration.WriteFrom(ref Unsafe.As<T, byte>(ref value), ref writer);
        }
        else
        {
            registration.WriteBoxed(value!, ref writer);
        }
    }

    /// <summary>
    /// Reads and checks the header of the record at the start of <paramref name="data"/>, which must hold
    /// the whole record: its length, its limit and its type id (1 to 2^31-1).
    /// </summary>
    /// <exception cref="FastSerializationException">The record is truncated, its length is 0 or over the limit, or its type id is malformed.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static RecordHeader ReadHeader(ReadOnlySpan<byte> data, int maxRecordLength)
    {
        if (data.Length < LengthPrefixSize)
        {
            ThrowHelper.ThrowTruncated("record length prefix", 0, null, LengthPrefixSize, data.Length);
        }

        int length = ReadLength(data, maxRecordLength);
        if (data.Length - LengthPrefixSize < length)
        {
            ThrowHelper.ThrowTruncated("record", LengthPrefixSize, null, length, data.Length - LengthPrefixSize);
        }

        int end = LengthPrefixSize + length;

        // A type id of one byte (1 to 127: every registry of fewer than 128 types) is the common case; the length
        // is at least 1, so the byte is in the record. Any other first byte takes the checked varint path.
        byte first = data[LengthPrefixSize];
        if (first - 1u < 0x7Fu)
        {
            return new RecordHeader(end, first, LengthPrefixSize + 1);
        }

        return ReadLongTypeId(data, end);
    }

    /// <summary>The header of a record whose type id takes more than one byte, or is malformed.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static RecordHeader ReadLongTypeId(ReadOnlySpan<byte> data, int end)
    {
        var idReader = new FastBinaryReader(data.Slice(0, end), LengthPrefixSize, end);
        uint typeId = idReader.ReadTypeId();
        return new RecordHeader(end, typeId, idReader.Position);
    }

    /// <summary>
    /// Writes <paramref name="value"/> as an unframed record: the type id and the payload, with no length prefix
    /// (docs/FORMAT.md section 1.1), for a transport whose own frame says where the record ends.
    /// </summary>
    /// <returns>The record's size (the formatter keeps it as the type's size hint).</returns>
    internal static int WriteUnframed<T>(ref FastBinaryWriter writer, TypeRegistration registration, T value, int maxRecordLength)
    {
        int start = writer.BytesPending;
        Span<byte> span = writer.GetSpan(VarInt.MaxLength32);
        writer.Advance(VarInt.Write(span, (uint)registration.Id));
        WritePayload(ref writer, registration, value);
        writer.EndRecordReferences();
        int length = writer.BytesPending - start;
        if (length > maxRecordLength)
        {
            ThrowHelper.ThrowRecordTooLargeToWrite(length, maxRecordLength, registration.Id);
        }

        return length;
    }

    /// <summary>
    /// Reads and checks the type id that starts the unframed record <paramref name="data"/>, which is the whole
    /// record: it must hold 1 to <paramref name="maxRecordLength"/> bytes, as a framed record's length must.
    /// </summary>
    /// <exception cref="FastSerializationException">The data is empty or over the limit, or its type id is malformed.</exception>
    internal static RecordHeader ReadUnframedHeader(ReadOnlySpan<byte> data, int maxRecordLength)
    {
        if (data.Length == 0 || data.Length > maxRecordLength)
        {
            ThrowHelper.ThrowBadUnframedLength(data.Length, maxRecordLength);
        }

        var idReader = new FastBinaryReader(data, 0, data.Length);
        uint typeId = idReader.ReadTypeId();
        return new RecordHeader(data.Length, typeId, idReader.Position);
    }

    /// <summary>Reads the length prefix at the start of <paramref name="prefix"/> (at least 4 bytes) and checks it against the format and the limit.</summary>
    internal static int ReadLength(ReadOnlySpan<byte> prefix, int maxRecordLength)
    {
        uint length = BinaryPrimitives.ReadUInt32LittleEndian(prefix);
        if (length == 0 || length > (uint)maxRecordLength)
        {
            ThrowHelper.ThrowBadRecordLength(length, maxRecordLength);
        }

        return (int)length;
    }

    /// <summary>Writes the length placeholder and the type id that start a record; returns the record's start.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int BeginRecord(ref FastBinaryWriter writer, uint typeId) => writer.BeginRecordHeader(typeId);

    /// <summary>Fills in the length of the record that began at <paramref name="start"/>, checked against the limit; returns the record's size.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static int EndRecord(ref FastBinaryWriter writer, int start, int maxRecordLength, int typeId)
    {
        int length = writer.BytesPending - start - LengthPrefixSize;
        if (length > maxRecordLength)
        {
            ThrowHelper.ThrowRecordTooLargeToWrite(length, maxRecordLength, typeId);
        }

        writer.PatchRecordLength(start, (uint)length);
        return LengthPrefixSize + length;
    }
}

using System;
using System.Buffers;
using System.Buffers.Binary;

namespace FastSerialization.Ipc.Internal;

/// <summary>The kinds of channel control records (records with the reserved type id 0; see docs/FORMAT.md).</summary>
internal enum ControlKind : byte
{
    /// <summary>Magic, format version and registry fingerprint; the first record each side sends.</summary>
    Hello = 1,

    /// <summary>The sender closes the channel on purpose; nothing follows.</summary>
    Goodbye = 2,

    /// <summary>The next record is a request with this correlation id.</summary>
    Request = 3,

    /// <summary>The next record is the response to the request with this correlation id.</summary>
    Response = 4,

    /// <summary>The request with this correlation id failed; a message follows.</summary>
    Failure = 5,

    /// <summary>Shared-memory transport only, on the socket before the handshake: the ring file (server) or its acknowledgement (client).</summary>
    SharedMemorySetup = 6,
}

/// <summary>A parsed control record.</summary>
internal readonly struct ControlRecord
{
    public ControlRecord(ControlKind kind, ulong correlation, string? text, Handshake? hello)
    {
        Kind = kind;
        Correlation = correlation;
        Text = text;
        Hello = hello;
    }

    public ControlKind Kind { get; }

    public ulong Correlation { get; }

    public string? Text { get; }

    public Handshake? Hello { get; }

    /// <summary>
    /// The largest control record accepted, whatever the formatter's limit for application records: a
    /// handshake grows with the registry, not with the messages. 1 MiB.
    /// </summary>
    public const int MaxLength = 1024 * 1024;

    /// <summary>True when the record at the start of <paramref name="buffer"/> has type id 0 (a control record).</summary>
    public static bool IsControl(in ReadOnlySequence<byte> buffer)
    {
        if (buffer.Length <= RecordFrame.LengthPrefixSize)
        {
            return false;
        }

        ReadOnlySequence<byte> idByte = buffer.Slice(RecordFrame.LengthPrefixSize, 1);
        return idByte.First.Span[0] == 0;
    }

    /// <summary>Writes a control record whose body is <paramref name="body"/> (after the id and kind bytes).</summary>
    public static void Write(IBufferWriter<byte> output, ControlKind kind, ReadOnlySpan<byte> body)
    {
        int size = RecordFrame.LengthPrefixSize + 2 + body.Length; // the prefix, type id 0, the kind byte, the body
        Span<byte> span = output.GetSpan(size);
        int header = RecordFrame.WriteHeader(span, typeId: 0, payloadLength: 1 + body.Length); // type id 0: reserved for the channel
        span[header] = (byte)kind;
        body.CopyTo(span.Slice(header + 1));
        output.Advance(size);
    }

    /// <summary>Writes a control record that carries only a correlation id.</summary>
    public static void Write(IBufferWriter<byte> output, ControlKind kind, ulong correlation)
    {
        Span<byte> body = stackalloc byte[10];
        int n = 0;
        ulong v = correlation;
        while (v >= 0x80)
        {
            body[n++] = (byte)(v | 0x80);
            v >>= 7;
        }

        body[n++] = (byte)v;
        Write(output, kind, body.Slice(0, n));
    }

    /// <summary>
    /// Reads the control record at the start of <paramref name="buffer"/> when all of it is there;
    /// moves the buffer past it.
    /// </summary>
    public static bool TryRead(ref ReadOnlySequence<byte> buffer, int maxLength, out ControlRecord record)
    {
        record = default;
        if (!TryReadLength(buffer, maxLength, out int length))
        {
            return false;
        }

        if (length < 2)
        {
            throw BadLength((uint)length, maxLength);
        }

        if (buffer.Length < RecordFrame.LengthPrefixSize + length)
        {
            return false;
        }

        byte[] body = buffer.Slice(RecordFrame.LengthPrefixSize + 1, length - 1).ToArray();
        buffer = buffer.Slice(RecordFrame.LengthPrefixSize + length);
        var reader = new FastBinaryReader(body);
        var kind = (ControlKind)reader.ReadByte();
        switch (kind)
        {
            case ControlKind.Hello:
                record = new ControlRecord(kind, 0, null, Handshake.Read(ref reader));
                break;
            case ControlKind.Goodbye:
                record = new ControlRecord(kind, 0, null, null);
                break;
            case ControlKind.Request:
            case ControlKind.Response:
                record = new ControlRecord(kind, reader.ReadVarUInt64(), null, null);
                break;
            case ControlKind.Failure:
                record = new ControlRecord(kind, reader.ReadVarUInt64(), reader.ReadString(), null);
                break;
            case ControlKind.SharedMemorySetup:
                record = new ControlRecord(kind, 0, null, null);
                break;
            default:
                throw new FastSerializationException($"Unknown channel control record kind {(byte)kind}.", 5, 0);
        }

        return true;
    }

    /// <summary>
    /// Reads the length prefix through <see cref="RecordFrame"/>, refusing a length of 0 or over
    /// <paramref name="maxLength"/> with this channel's own message: RecordFrame's names
    /// <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/>, which does not bound control records.
    /// </summary>
    private static bool TryReadLength(in ReadOnlySequence<byte> buffer, int maxLength, out int length)
    {
        try
        {
            return RecordFrame.TryReadLength(buffer, maxLength, out length);
        }
        catch (FastSerializationException)
        {
            // Only a bad length throws, once the prefix is there: read it again for the message.
            throw BadLength(DeclaredLength(buffer), maxLength);
        }
    }

    /// <summary>The length prefix as declared, unchecked: for the message about a bad one.</summary>
    private static uint DeclaredLength(in ReadOnlySequence<byte> buffer)
    {
        Span<byte> prefix = stackalloc byte[RecordFrame.LengthPrefixSize];
        buffer.Slice(0, RecordFrame.LengthPrefixSize).CopyTo(prefix);
        return BinaryPrimitives.ReadUInt32LittleEndian(prefix);
    }

    private static FastSerializationException BadLength(uint length, int maxLength) =>
        new($"A channel control record declares {length} bytes; it must hold 2 to {maxLength}.", 0, 0);
}

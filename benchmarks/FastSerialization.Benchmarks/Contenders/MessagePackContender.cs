using System;
using System.Buffers;
using MessagePack;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>
/// MessagePack-CSharp 2.5 with the standard resolver and no compression
/// (<see cref="MessagePackSerializerOptions.Standard"/>; [MessagePackObject] types with integer keys, so
/// each object is a MessagePack array): into a reused <see cref="ArrayBufferWriter{T}"/> through its
/// IBufferWriter overload, and back from memory.
/// </summary>
/// <typeparam name="T">The [MessagePackObject] payload type.</typeparam>
public sealed class MessagePackContender<T>
{
    private static readonly MessagePackSerializerOptions Options = MessagePackSerializerOptions.Standard;

    private readonly ArrayBufferWriter<byte> _buffer;
    private readonly byte[] _record;

    /// <summary>Serializes <paramref name="sample"/> once: the record <see cref="Deserialize()"/> reads.</summary>
    /// <param name="sample">The payload.</param>
    public MessagePackContender(T sample)
    {
        _record = MessagePackSerializer.Serialize(sample, Options);
        _buffer = new ArrayBufferWriter<byte>(Math.Max(256, _record.Length * 2));
    }

    /// <summary>The contender's name in the reports.</summary>
    public string Name => "MessagePack";

    /// <summary>The sample's bytes.</summary>
    public byte[] Record => _record;

    /// <summary>The bytes of the last <see cref="Serialize"/>.</summary>
    public ReadOnlySpan<byte> Written => _buffer.WrittenSpan;

    /// <summary>Writes <paramref name="value"/> into the reused buffer.</summary>
    /// <param name="value">The payload.</param>
    /// <returns>The bytes written.</returns>
    public int Serialize(T value)
    {
        _buffer.ResetWrittenCount();
        MessagePackSerializer.Serialize(_buffer, value, Options);
        return _buffer.WrittenCount;
    }

    /// <summary>Reads the sample's record.</summary>
    /// <returns>A new payload.</returns>
    public T Deserialize() => MessagePackSerializer.Deserialize<T>(_record, Options);

    /// <summary>Reads <paramref name="bytes"/>.</summary>
    /// <param name="bytes">A record this contender wrote.</param>
    /// <returns>A new payload.</returns>
    public T Deserialize(ReadOnlyMemory<byte> bytes) => MessagePackSerializer.Deserialize<T>(bytes, Options);
}

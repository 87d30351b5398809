using System;
using System.Buffers;
using ProtoBuf;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>
/// protobuf-net 3.4 with its default runtime model ([ProtoContract] types, default encodings except the
/// DateTimes noted on the payloads): into a reused <see cref="ArrayBufferWriter{T}"/> through its
/// IBufferWriter overload, and back from memory. A message has no length prefix (as a protobuf message
/// at the top level).
/// </summary>
/// <typeparam name="T">The [ProtoContract] payload type.</typeparam>
public sealed class ProtobufNetContender<T>
{
    private readonly ArrayBufferWriter<byte> _buffer;
    private readonly byte[] _record;

    /// <summary>Serializes <paramref name="sample"/> once: the record <see cref="Deserialize()"/> reads.</summary>
    /// <param name="sample">The payload.</param>
    public ProtobufNetContender(T sample)
    {
        var first = new ArrayBufferWriter<byte>();
        ProtoBuf.Serializer.Serialize(first, sample);
        _record = first.WrittenSpan.ToArray();
        _buffer = new ArrayBufferWriter<byte>(Math.Max(256, _record.Length * 2));
    }

    /// <summary>The contender's name in the reports.</summary>
    public string Name => "ProtobufNet";

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
        ProtoBuf.Serializer.Serialize(_buffer, value);
        return _buffer.WrittenCount;
    }

    /// <summary>Reads the sample's record.</summary>
    /// <returns>A new payload.</returns>
    public T Deserialize() => ProtoBuf.Serializer.Deserialize<T>((ReadOnlyMemory<byte>)_record);

    /// <summary>Reads <paramref name="bytes"/>.</summary>
    /// <param name="bytes">A record this contender wrote.</param>
    /// <returns>A new payload.</returns>
    public T Deserialize(ReadOnlyMemory<byte> bytes) => ProtoBuf.Serializer.Deserialize<T>(bytes);
}

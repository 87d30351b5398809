using System;
using System.Buffers;
using FastSerialization.Benchmarks.Payloads.Peers;
using MemoryPack;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>
/// MemoryPack 1.21 writing a message behind its union tag (<see cref="IPeerMessage"/>, [MemoryPackUnion]): the
/// tag, then the message as MemoryPack's default mode writes it; read back through the interface, which dispatches
/// on the tag, and cast to the message's type. Into a reused <see cref="ArrayBufferWriter{T}"/> through the
/// IBufferWriter overload, and back from a span, as <see cref="MemoryPackContender{T}"/>.
/// </summary>
/// <typeparam name="T">The message type, a union member of <see cref="IPeerMessage"/>.</typeparam>
public sealed class MemoryPackUnionContender<T>
    where T : class, IPeerMessage
{
    private readonly ArrayBufferWriter<byte> _buffer;
    private readonly byte[] _record;

    /// <summary>Serializes <paramref name="sample"/> once: the record <see cref="Deserialize()"/> reads.</summary>
    /// <param name="sample">The message.</param>
    public MemoryPackUnionContender(T sample)
    {
        _record = MemoryPackSerializer.Serialize<IPeerMessage>(sample);
        _buffer = new ArrayBufferWriter<byte>(Math.Max(256, _record.Length * 2));
    }

    /// <summary>The sample's bytes: the union tag, then the message.</summary>
    public byte[] Record => _record;

    /// <summary>The bytes of the last <see cref="Serialize"/>.</summary>
    public ReadOnlySpan<byte> Written => _buffer.WrittenSpan;

    /// <summary>Writes <paramref name="value"/> behind its tag into the reused buffer.</summary>
    /// <param name="value">The message.</param>
    /// <returns>The bytes written.</returns>
    public int Serialize(T value)
    {
        _buffer.ResetWrittenCount();
        MemoryPackSerializer.Serialize<IPeerMessage, ArrayBufferWriter<byte>>(_buffer, value);
        return _buffer.WrittenCount;
    }

    /// <summary>Reads the sample's record through the union and casts it to the message's type.</summary>
    /// <returns>A new message.</returns>
    /// <exception cref="InvalidOperationException">The tag names another message type.</exception>
    public T Deserialize() => MemoryPackSerializer.Deserialize<IPeerMessage>(_record) as T
        ?? throw new InvalidOperationException($"The union record does not hold a {typeof(T).Name}.");
}

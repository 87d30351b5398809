using System;
using System.Buffers;
using MemoryPack;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>
/// MemoryPack 1.21 with its source-generated formatters ([MemoryPackable] types, default options: UTF-8
/// strings): into a reused <see cref="ArrayBufferWriter{T}"/> through its IBufferWriter overload, and back
/// from a span.
/// </summary>
/// <typeparam name="T">The [MemoryPackable] payload type.</typeparam>
public sealed class MemoryPackContender<T>
{
    private readonly ArrayBufferWriter<byte> _buffer;
    private readonly byte[] _record;

    /// <summary>Serializes <paramref name="sample"/> once: the record <see cref="Deserialize()"/> reads.</summary>
    /// <param name="sample">The payload.</param>
    public MemoryPackContender(T sample)
    {
        _record = MemoryPackSerializer.Serialize(sample);
        _buffer = new ArrayBufferWriter<byte>(Math.Max(256, _record.Length * 2));
    }

    /// <summary>The contender's name in the reports.</summary>
    public string Name => "MemoryPack";

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
        MemoryPackSerializer.Serialize(_buffer, value);
        return _buffer.WrittenCount;
    }

    /// <summary>Reads the sample's record.</summary>
    /// <returns>A new payload.</returns>
    public T Deserialize() => MemoryPackSerializer.Deserialize<T>(_record)!;

    /// <summary>Reads <paramref name="bytes"/>.</summary>
    /// <param name="bytes">A record this contender wrote.</param>
    /// <returns>A new payload.</returns>
    public T Deserialize(ReadOnlySpan<byte> bytes) => MemoryPackSerializer.Deserialize<T>(bytes)!;
}

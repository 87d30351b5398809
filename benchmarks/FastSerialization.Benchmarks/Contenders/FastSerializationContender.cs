using System;
using System.Buffers;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>
/// FastSerialization with hand-written <see cref="ICustomBinarySerializable"/> code. Serializes into a
/// reused <see cref="ArrayBufferWriter{T}"/> (or a reused array through TrySerialize), deserializes from
/// a record serialized once beforehand.
/// </summary>
public sealed class FastSerializationContender<T>
    where T : ICustomBinarySerializable
{
    private readonly CustomBinaryFormatter _formatter;
    private readonly ArrayBufferWriter<byte> _buffer;
    private readonly byte[] _array;
    private readonly byte[] _record;

    public FastSerializationContender(T sample, CustomBinaryFormatter? formatter = null)
    {
        _formatter = formatter ?? Formatters.Fast;
        _record = _formatter.SerializeToArray(sample!);
        _buffer = new ArrayBufferWriter<byte>(_record.Length * 2);
        _array = new byte[_record.Length * 2];
    }

    public string Name => "FastSerialization";

    /// <summary>The sample's record: what <see cref="Deserialize"/> reads.</summary>
    public byte[] Record => _record;

    /// <summary>The bytes of the last <see cref="Serialize"/>.</summary>
    public ReadOnlySpan<byte> Written => _buffer.WrittenSpan;

    public int Serialize(T value)
    {
        _buffer.ResetWrittenCount();
        _formatter.Serialize(_buffer, value);
        return _buffer.WrittenCount;
    }

    public int TrySerialize(T value)
    {
        if (!_formatter.TrySerialize(value, _array, out int written))
        {
            throw new InvalidOperationException("The reused array is too small.");
        }

        return written;
    }

    public T Deserialize() => _formatter.Deserialize<T>(_record);

    public T Deserialize(ReadOnlySpan<byte> record) => _formatter.Deserialize<T>(record);
}

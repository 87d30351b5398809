using System;
using System.Buffers;
using System.Text.Json;
using System.Text.Json.Serialization;
using System.Text.Json.Serialization.Metadata;
using FastSerialization.Benchmarks.Payloads;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>The source-generated System.Text.Json metadata for every payload (UTF-8, default options).</summary>
[JsonSerializable(typeof(Customer))]
[JsonSerializable(typeof(Trade))]
[JsonSerializable(typeof(MarketUpdate))]
[JsonSerializable(typeof(TradeBatch))]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(TickArray), TypeInfoPropertyName = "TickArrayPayload")] // "TickArray" is the name of Tick[]'s metadata
[JsonSerializable(typeof(Payment))]
public sealed partial class BenchmarkJsonContext : JsonSerializerContext
{
}

/// <summary>
/// The source-generated System.Text.Json metadata for issue 46's graph; <see cref="Preserve"/> reads and writes it with
/// <see cref="ReferenceHandler.Preserve"/>: <c>$id</c> on each object and array, <c>$ref</c> for each reference after the first.
/// </summary>
[JsonSerializable(typeof(Department))]
public sealed partial class GraphJsonContext : JsonSerializerContext
{
    /// <summary>A context over UTF-8 and default options except <see cref="ReferenceHandler.Preserve"/> (its metadata: <c>Preserve.Department</c>).</summary>
    public static GraphJsonContext Preserve { get; } = new(new JsonSerializerOptions { ReferenceHandler = ReferenceHandler.Preserve });
}

/// <summary>
/// System.Text.Json with a source-generated context: UTF-8 into a reused <see cref="ArrayBufferWriter{T}"/>
/// through a reused <see cref="Utf8JsonWriter"/>, and back from UTF-8 bytes.
/// </summary>
public sealed class SystemTextJsonContender<T>
{
    private readonly JsonTypeInfo<T> _typeInfo;
    private readonly ArrayBufferWriter<byte> _buffer = new(256);
    private readonly Utf8JsonWriter _writer;
    private readonly byte[] _record;

    public SystemTextJsonContender(T sample)
        : this(sample, (JsonTypeInfo<T>)(BenchmarkJsonContext.Default.GetTypeInfo(typeof(T))
            ?? throw new InvalidOperationException($"No JSON metadata for {typeof(T)}.")))
    {
    }

    /// <summary>With the metadata (and so the options) of <paramref name="typeInfo"/>, such as <see cref="GraphJsonContext.Preserve"/>'s.</summary>
    /// <param name="sample">The payload.</param>
    /// <param name="typeInfo">The metadata to write and read it with.</param>
    public SystemTextJsonContender(T sample, JsonTypeInfo<T> typeInfo)
    {
        _typeInfo = typeInfo;
        _writer = new Utf8JsonWriter(_buffer);
        Serialize(sample);
        _record = _buffer.WrittenSpan.ToArray();
    }

    public string Name => "SystemTextJson";

    public byte[] Record => _record;

    public ReadOnlySpan<byte> Written => _buffer.WrittenSpan;

    public int Serialize(T value)
    {
        _buffer.ResetWrittenCount();
        _writer.Reset(_buffer);
        JsonSerializer.Serialize(_writer, value, _typeInfo);
        _writer.Flush();
        return _buffer.WrittenCount;
    }

    public T Deserialize() => JsonSerializer.Deserialize(_record, _typeInfo)!;

    public T Deserialize(ReadOnlySpan<byte> utf8) => JsonSerializer.Deserialize(utf8, _typeInfo)!;
}

using System;
using System.Buffers;
using Microsoft.Extensions.DependencyInjection;
using Orleans.Serialization;
using Orleans.Serialization.Session;

namespace FastSerialization.Benchmarks.Contenders;

/// <summary>
/// Orleans' serializer (Microsoft.Orleans.Serialization 10.4, used without Orleans itself): source-generated codecs of
/// the [GenerateSerializer] types, taken from a ServiceProvider built with <c>AddSerializer()</c>. Orleans' encoding is
/// version tolerant: every member is a tagged field (its [Id] and wire type), so a reader skips members it does not
/// know and leaves out members it does not find. The fastest documented way is used: the typed
/// <see cref="Serializer{T}"/>, one <see cref="SerializerSession"/> kept by the contender (reset before each
/// operation, instead of one taken from the pool and given back per call), writing into a reused
/// <see cref="ArrayBufferWriter{T}"/> through the IBufferWriter overload and reading back from a span.
/// </summary>
/// <typeparam name="T">The [GenerateSerializer] payload type.</typeparam>
public sealed class OrleansContender<T> : IDisposable
{
    private readonly Serializer<T> _serializer;
    private readonly SerializerSession _session;
    private readonly ArrayBufferWriter<byte> _buffer;
    private readonly byte[] _record;

    /// <summary>Serializes <paramref name="sample"/> once: the record <see cref="Deserialize()"/> reads.</summary>
    /// <param name="sample">The payload.</param>
    public OrleansContender(T sample)
    {
        _serializer = Services.GetRequiredService<Serializer<T>>();
        _session = Services.GetRequiredService<SerializerSessionPool>().GetSession();
        _record = _serializer.SerializeToArray(sample);
        _buffer = new ArrayBufferWriter<byte>(Math.Max(256, _record.Length * 2));
    }

    /// <summary>The contender's name in the reports.</summary>
    public string Name => "Orleans";

    /// <summary>The sample's bytes.</summary>
    public byte[] Record => _record;

    /// <summary>The bytes of the last <see cref="Serialize"/>.</summary>
    public ReadOnlySpan<byte> Written => _buffer.WrittenSpan;

    /// <summary>
    /// One provider for the process, with the codecs the source generator wrote for this assembly's
    /// [GenerateSerializer] types (named explicitly, rather than found through the entry assembly).
    /// </summary>
    private static IServiceProvider Services { get; } = new ServiceCollection()
        .AddSerializer(builder => builder.AddAssembly(typeof(OrleansContender<>).Assembly))
        .BuildServiceProvider();

    /// <summary>
    /// Orleans' deep copier of <typeparamref name="T"/> (generated for [GenerateSerializer] types), from the same provider:
    /// it copies every object once, keeping shared references and cycles.
    /// </summary>
    /// <returns>The copier.</returns>
    public static DeepCopier<T> CreateDeepCopier() => Services.GetRequiredService<DeepCopier<T>>();

    /// <summary>Writes <paramref name="value"/> into the reused buffer.</summary>
    /// <param name="value">The payload.</param>
    /// <returns>The bytes written.</returns>
    public int Serialize(T value)
    {
        _buffer.ResetWrittenCount();
        _session.PartialReset();
        _serializer.Serialize(value, _buffer, _session);
        return _buffer.WrittenCount;
    }

    /// <summary>Reads the sample's record.</summary>
    /// <returns>A new payload.</returns>
    public T Deserialize()
    {
        _session.PartialReset();
        return _serializer.Deserialize(_record.AsSpan(), _session)!;
    }

    /// <summary>Gives the session back to its pool.</summary>
    public void Dispose() => _session.Dispose();
}

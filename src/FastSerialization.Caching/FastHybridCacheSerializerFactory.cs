using System;
using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace FastSerialization.Caching;

/// <summary>
/// Gives <see cref="HybridCache"/> a FastSerialization serializer for every type registered with the formatter
/// (and for a base type or interface that registered types derive from). Entries are the format of
/// <see cref="FastDistributedCache"/>: a marker, the registry's fingerprint, one record.
/// </summary>
/// <remarks>
/// An entry from another registry or a corrupted one is logged (<see cref="CacheLog.EntryRejected"/>) and reported
/// to HybridCache as a failed deserialization, which HybridCache treats as a miss: it runs the factory and
/// overwrites the entry. The caller never receives a wrong object. The factory and its serializers are safe to use
/// from many threads at once, as HybridCache does.
/// </remarks>
public sealed class FastHybridCacheSerializerFactory : IHybridCacheSerializerFactory
{
    private readonly CacheEntryFormat _format;
    private readonly ILogger _logger;

    /// <summary>A factory over <paramref name="formatter"/>.</summary>
    /// <param name="formatter">The formatter (its registry is closed here).</param>
    /// <param name="loggerFactory">Where rejected entries are logged; null for nowhere.</param>
    /// <exception cref="ArgumentNullException"><paramref name="formatter"/> is null.</exception>
    public FastHybridCacheSerializerFactory(CustomBinaryFormatter formatter, ILoggerFactory? loggerFactory = null)
    {
        ArgumentNullException.ThrowIfNull(formatter);
        _format = new CacheEntryFormat(formatter);
        _logger = (ILogger?)loggerFactory?.CreateLogger("FastSerialization.Caching") ?? NullLogger.Instance;
    }

    /// <inheritdoc />
    public bool TryCreateSerializer<T>([NotNullWhen(true)] out IHybridCacheSerializer<T>? serializer)
    {
        if (IsSerializable(typeof(T)))
        {
            serializer = new Serializer<T>(_format, _logger);
            return true;
        }

        serializer = null;
        return false;
    }

    private bool IsSerializable(Type type)
    {
        if (_format.Formatter.Registry.TryGetTypeId(type, out _))
        {
            return true;
        }

        if (type.IsSealed || type.IsValueType || type == typeof(object))
        {
            return false;
        }

        foreach (TypeRegistration registration in _format.Formatter.Registry.GetRegistrations())
        {
            if (type.IsAssignableFrom(registration.Type))
            {
                return true;
            }
        }

        return false;
    }

    private sealed class Serializer<T> : IHybridCacheSerializer<T>
    {
        [ThreadStatic]
        private static ArrayBufferWriter<byte>? t_buffer;

        private readonly CacheEntryFormat _format;
        private readonly ILogger _logger;

        public Serializer(CacheEntryFormat format, ILogger logger)
        {
            _format = format;
            _logger = logger;
        }

        public T Deserialize(ReadOnlySequence<byte> source)
        {
            if (_format.TryRead(source, out T? value, out string? reason, out Exception? error))
            {
                return value!;
            }

            // Reached only when the store's guard (FastDistributedCacheGuard) did not see the entry's trailer:
            // HybridCache then reports this exception to its caller, which is still never a wrong object.
            CacheLog.Rejected(_logger, "(HybridCache entry of " + typeof(T).Name + ")", reason!, error);
            throw new FastSerializationException("FastSerialization cache entry rejected: " + reason, error!);
        }

        public void Serialize(T value, IBufferWriter<byte> target)
        {
            // The trailer's CRC needs the record's bytes, which an IBufferWriter does not give back: write to a
            // buffer of this thread's, then copy.
            ArrayBufferWriter<byte> buffer = t_buffer ??= new ArrayBufferWriter<byte>(1024);
            buffer.ResetWrittenCount();
            _format.Write(buffer, value);
            ReadOnlySpan<byte> written = buffer.WrittenSpan;
            written.CopyTo(target.GetSpan(written.Length));
            target.Advance(written.Length);
            if (buffer.Capacity > 1024 * 1024)
            {
                t_buffer = null;
            }
        }
    }
}

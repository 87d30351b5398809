using System;
using System.Buffers;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Logging.Abstractions;

namespace FastSerialization.Caching;

/// <summary>
/// Typed <see cref="GetAsync{T}"/> and <see cref="SetAsync{T}"/> over an <see cref="IDistributedCache"/> (Redis,
/// SQL Server, ...), with FastSerialization records as values. Each entry is a marker byte, the writing registry's
/// 8-byte fingerprint, then the record: an entry written by another registry, corrupted in the store, or holding
/// another type is a miss, logged as <see cref="CacheLog.EntryRejected"/>, never a wrong object and never an
/// exception. Uses the store's buffer interface (<see cref="IBufferDistributedCache"/>) when it has one.
/// Safe to use from many threads at once (it holds nothing that changes), so one instance can be a singleton.
/// </summary>
public sealed class FastDistributedCache
{
    private readonly IDistributedCache _cache;
    private readonly IBufferDistributedCache? _bufferCache;
    private readonly CacheEntryFormat _format;
    private readonly ILogger _logger;

    /// <summary>A typed view of <paramref name="cache"/>.</summary>
    /// <param name="cache">The store.</param>
    /// <param name="formatter">The formatter the cached types are registered with (its registry is closed here).</param>
    /// <param name="loggerFactory">Where rejected entries are logged; null for nowhere.</param>
    /// <exception cref="ArgumentNullException"><paramref name="cache"/> or <paramref name="formatter"/> is null.</exception>
    public FastDistributedCache(IDistributedCache cache, CustomBinaryFormatter formatter, ILoggerFactory? loggerFactory = null)
    {
        ArgumentNullException.ThrowIfNull(cache);
        _cache = cache;
        _bufferCache = cache as IBufferDistributedCache;
        ArgumentNullException.ThrowIfNull(formatter);
        _format = new CacheEntryFormat(formatter);
        _logger = (ILogger?)loggerFactory?.CreateLogger("FastSerialization.Caching") ?? NullLogger.Instance;
    }

    /// <summary>The fingerprint written in front of every entry (that of the formatter's registry).</summary>
    public string RegistryFingerprint => _format.Registry.Fingerprint;

    /// <summary>Reads the entry of <paramref name="key"/> as a <typeparamref name="T"/>.</summary>
    /// <typeparam name="T">The type stored (or a base type of it).</typeparam>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <returns>The value; default when the key is missing or its entry is rejected (logged).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> is null.</exception>
    /// <remarks>Failures of the store itself (a connection error) are not misses: they propagate as the store throws them.</remarks>
    public async Task<T?> GetAsync<T>(string key, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(key);

        ReadOnlySequence<byte> entry;
        if (_bufferCache is not null)
        {
            var buffer = new ArrayBufferWriter<byte>(256);
            if (!await _bufferCache.TryGetAsync(key, buffer, cancellationToken).ConfigureAwait(false))
            {
                return default;
            }

            entry = new ReadOnlySequence<byte>(buffer.WrittenMemory);
        }
        else
        {
            byte[]? bytes = await _cache.GetAsync(key, cancellationToken).ConfigureAwait(false);
            if (bytes is null)
            {
                return default;
            }

            entry = new ReadOnlySequence<byte>(bytes);
        }

        if (_format.TryRead(entry, out T? value, out string? reason, out Exception? error))
        {
            return value;
        }

        CacheLog.Rejected(_logger, key, reason!, error);
        return default;
    }

    /// <summary>Writes <paramref name="value"/> as the entry of <paramref name="key"/>.</summary>
    /// <typeparam name="T">The value's static type; its runtime type must be registered.</typeparam>
    /// <param name="key">The key.</param>
    /// <param name="value">The value.</param>
    /// <param name="options">Expiration; null for the store's default.</param>
    /// <param name="cancellationToken">Cancels the write.</param>
    /// <returns>A task that completes when the store has the entry.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="key"/> or <paramref name="value"/> is null.</exception>
    /// <exception cref="FastSerializationException">The type is not registered, or the record is over the formatter's limit.</exception>
    public async Task SetAsync<T>(string key, T value, DistributedCacheEntryOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(key);

        var buffer = new ArrayBufferWriter<byte>(256);
        _format.Write(buffer, value);
        options ??= new DistributedCacheEntryOptions();
        if (_bufferCache is not null)
        {
            await _bufferCache.SetAsync(key, new ReadOnlySequence<byte>(buffer.WrittenMemory), options, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            await _cache.SetAsync(key, buffer.WrittenSpan.ToArray(), options, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Removes the entry of <paramref name="key"/>.</summary>
    /// <param name="key">The key.</param>
    /// <param name="cancellationToken">Cancels the removal.</param>
    /// <returns>A task that completes when the entry is gone.</returns>
    public Task RemoveAsync(string key, CancellationToken cancellationToken = default) => _cache.RemoveAsync(key, cancellationToken);
}

using System;
using System.Buffers;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Logging;

namespace FastSerialization.Caching;

/// <summary>
/// Wraps the container's <see cref="IDistributedCache"/> so that a FastSerialization entry that cannot be read
/// (written by another registry, or failing its CRC) is returned as missing: HybridCache rethrows a serializer's
/// failure to its caller, but treats a missing L2 value as a miss and runs the factory. Values without a
/// FastSerialization trailer (other serializers' entries) pass through unchanged; writes and removals are the store's own.
/// </summary>
/// <remarks>
/// The trailer is looked for in the last bytes of the stored value (<see cref="CacheEntryFormat.MaxTrailerOffset"/>),
/// where HybridCache's payload puts the serializer's bytes. A value of another serializer whose end happens to look
/// like a damaged trailer is reported as missing too: a cache miss, never a wrong object.
/// </remarks>
internal sealed class FastDistributedCacheGuard : IDistributedCache, IBufferDistributedCache
{
    private readonly IDistributedCache _inner;
    private readonly IBufferDistributedCache? _innerBuffer;
    private readonly CacheEntryFormat _format;
    private readonly ILogger _logger;

    public FastDistributedCacheGuard(IDistributedCache inner, CacheEntryFormat format, ILogger logger)
    {
        _inner = inner;
        _innerBuffer = inner as IBufferDistributedCache;
        _format = format;
        _logger = logger;
    }

    public IDistributedCache Inner => _inner;

    public byte[]? Get(string key) => Accept(key, _inner.Get(key));

    public async Task<byte[]?> GetAsync(string key, CancellationToken token = default) =>
        Accept(key, await _inner.GetAsync(key, token).ConfigureAwait(false));

    public bool TryGet(string key, IBufferWriter<byte> destination)
    {
        if (_innerBuffer is null)
        {
            return CopyTo(Get(key), destination);
        }

        var buffer = new ArrayBufferWriter<byte>(256);
        return _innerBuffer.TryGet(key, buffer) && Accept(key, buffer.WrittenSpan) && CopyTo(buffer.WrittenSpan, destination);
    }

    public async ValueTask<bool> TryGetAsync(string key, IBufferWriter<byte> destination, CancellationToken token = default)
    {
        if (_innerBuffer is null)
        {
            return CopyTo(await GetAsync(key, token).ConfigureAwait(false), destination);
        }

        var buffer = new ArrayBufferWriter<byte>(256);
        return await _innerBuffer.TryGetAsync(key, buffer, token).ConfigureAwait(false)
            && Accept(key, buffer.WrittenSpan)
            && CopyTo(buffer.WrittenSpan, destination);
    }

    public void Set(string key, byte[] value, DistributedCacheEntryOptions options) => _inner.Set(key, value, options);

    public Task SetAsync(string key, byte[] value, DistributedCacheEntryOptions options, CancellationToken token = default) =>
        _inner.SetAsync(key, value, options, token);

    public void Set(string key, ReadOnlySequence<byte> value, DistributedCacheEntryOptions options)
    {
        if (_innerBuffer is not null)
        {
            _innerBuffer.Set(key, value, options);
        }
        else
        {
            _inner.Set(key, value.ToArray(), options);
        }
    }

    public ValueTask SetAsync(string key, ReadOnlySequence<byte> value, DistributedCacheEntryOptions options, CancellationToken token = default) =>
        _innerBuffer is not null ? _innerBuffer.SetAsync(key, value, options, token) : new ValueTask(_inner.SetAsync(key, value.ToArray(), options, token));

    public void Refresh(string key) => _inner.Refresh(key);

    public Task RefreshAsync(string key, CancellationToken token = default) => _inner.RefreshAsync(key, token);

    public void Remove(string key) => _inner.Remove(key);

    public Task RemoveAsync(string key, CancellationToken token = default) => _inner.RemoveAsync(key, token);

    private static bool CopyTo(ReadOnlySpan<byte> value, IBufferWriter<byte> destination)
    {
        value.CopyTo(destination.GetSpan(value.Length));
        destination.Advance(value.Length);
        return true;
    }

    private static bool CopyTo(byte[]? value, IBufferWriter<byte> destination) => value is not null && CopyTo(value.AsSpan(), destination);

    private byte[]? Accept(string key, byte[]? value) => value is null || Accept(key, value.AsSpan()) ? value : null;

    private bool Accept(string key, ReadOnlySpan<byte> value)
    {
        CacheEntryFormat.Verdict verdict = _format.Inspect(value, out string? reason);
        if (verdict is CacheEntryFormat.Verdict.Corrupted or CacheEntryFormat.Verdict.ForeignRegistry)
        {
            CacheLog.Rejected(_logger, key, reason!, null);
            return false;
        }

        return true;
    }
}

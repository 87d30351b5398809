using System;
using Microsoft.Extensions.Logging;

namespace FastSerialization.Caching;

/// <summary>The events the caching adapter logs (category <c>FastSerialization.Caching</c>).</summary>
public static class CacheLog
{
    /// <summary>An entry could not be read as the requested type (another registry, corrupted, another type): treated as a miss.</summary>
    public static readonly EventId EntryRejected = new(1, "FastSerializationCacheEntryRejected");

    private static readonly Action<ILogger, string, string, Exception?> s_entryRejected =
        LoggerMessage.Define<string, string>(
            LogLevel.Warning,
            EntryRejected,
            "Cache entry {Key} rejected, treated as a miss: {Reason}");

    internal static void Rejected(ILogger logger, string key, string reason, Exception? error) =>
        s_entryRejected(logger, key, reason, error);
}

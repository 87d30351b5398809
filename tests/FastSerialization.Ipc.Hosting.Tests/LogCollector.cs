using System;
using System.Collections.Concurrent;
using System.Linq;
using Microsoft.Extensions.Logging;

namespace FastSerialization.Ipc.Hosting.Tests;

/// <summary>A logger provider that keeps every entry, for the tests to read what the hosted server logged (its own category only: the host logs under the same event ids).</summary>
internal sealed class LogCollector : ILoggerProvider
{
    public ConcurrentQueue<(bool Ours, LogLevel Level, EventId Id, string Message, Exception? Error)> Entries { get; } = new();

    public ILogger CreateLogger(string categoryName) => new Collecting(this, categoryName.StartsWith("FastSerialization.Ipc.Hosting", StringComparison.Ordinal));

    /// <summary>True when the hosted IPC server logged the event at that level.</summary>
    public bool Has(LogLevel level, int eventId) => Entries.Any(e => e.Ours && e.Level == level && e.Id.Id == eventId);

    public string Dump() => string.Join(Environment.NewLine, Entries.Select(e => $"{e.Level} {e.Id.Id}: {e.Message}"));

    public void Dispose()
    {
    }

    private sealed class Collecting(LogCollector owner, bool ours) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            owner.Entries.Enqueue((ours, logLevel, eventId, formatter(state, exception), exception));
    }
}

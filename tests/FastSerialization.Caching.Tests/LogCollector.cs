using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq;
using Microsoft.Extensions.Logging;

namespace FastSerialization.Caching.Tests;

/// <summary>Keeps every log entry of a test's container, to check what a rejected entry logs.</summary>
public sealed class LogCollector : ILoggerProvider
{
    private readonly ConcurrentQueue<(string Category, EventId Id, LogLevel Level, string Message)> _entries = new();

    public IReadOnlyList<(string Category, EventId Id, LogLevel Level, string Message)> Entries => _entries.ToList();

    public IEnumerable<string> Rejections => Entries.Where(e => e.Id.Id == CacheLog.EntryRejected.Id && e.Category == "FastSerialization.Caching").Select(e => e.Message);

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    public void Dispose()
    {
    }

    private sealed class Logger : ILogger
    {
        private readonly LogCollector _owner;
        private readonly string _category;

        public Logger(LogCollector owner, string category)
        {
            _owner = owner;
            _category = category;
        }

        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            _owner._entries.Enqueue((_category, eventId, logLevel, formatter(state, exception)));
    }
}

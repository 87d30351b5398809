using System;
using System.Collections.Concurrent;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace FastSerialization.Ipc.Hosting;

/// <summary>One <see cref="IpcServer"/> as a hosted service: accepts, hands every channel to the handler, logs, stops cleanly.</summary>
internal sealed partial class IpcServerHostedService : IHostedService, IAsyncDisposable, IDisposable
{
    private readonly IpcServerHostOptions _options;
    private readonly Func<IpcChannel, CancellationToken, Task> _handleChannel;
    private readonly Func<CustomBinaryFormatter> _formatter;
    private readonly ILogger _logger;
    private readonly CancellationTokenSource _stopping = new();
    private readonly ConcurrentDictionary<IpcChannel, Task> _channels = new();
    private IpcServer? _server;
    private Task _accepting = Task.CompletedTask;
    private int _disposed;

    public IpcServerHostedService(IpcServerHostOptions options, Func<IpcChannel, CancellationToken, Task> handleChannel, Func<CustomBinaryFormatter> formatter, ILogger logger)
    {
        _options = options;
        _handleChannel = handleChannel;
        _formatter = formatter;
        _logger = logger;
    }

    public Task StartAsync(CancellationToken cancellationToken)
    {
        IpcServer server = IpcServer.Listen(_options.Name, _formatter(), _options.Transport, _options.ChannelOptions);
        try
        {
            if (_options.MaxPendingHandshakes is int pending)
            {
                server.MaxPendingHandshakes = pending;
            }

            if (_options.MaxConcurrentChannels is int channels)
            {
                server.MaxConcurrentChannels = channels;
            }
        }
        catch
        {
            // Not started: the name is given back, or nothing in the process could listen under it again.
            server.DisposeAsync().AsTask().GetAwaiter().GetResult();
            throw;
        }

        server.HandshakeFailed += error => LogHandshakeRefused(_logger, _options.Name, error.Message, error);
        server.AcceptFailed += error => LogAcceptFailed(_logger, _options.Name, error.Message, error);
        Interlocked.Exchange(ref _server, server); // a full fence: StopAsync cancels _stopping, then reads _server
        if (_stopping.IsCancellationRequested)
        {
            // StopAsync ran meanwhile and may have read _server before it was set: give the name back here.
            server.DisposeAsync().AsTask().GetAwaiter().GetResult();
            return Task.CompletedTask;
        }

        LogListening(_logger, _options.Name, _options.Transport, server.Address);
        _accepting = Task.Run(() => AcceptAsync(server), CancellationToken.None);
        return Task.CompletedTask;
    }

    private async Task AcceptAsync(IpcServer server)
    {
        try
        {
            await foreach (IpcChannel channel in server.AcceptAllAsync(_stopping.Token).ConfigureAwait(false))
            {
                LogAccepted(_logger, _options.Name);
                // In the table before the handler starts: a handler that returns at once removes its channel from the
                // table, and an entry added after that removal would keep the disposed channel for good.
                var serving = new Task<Task>(() => ServeAsync(channel));
                _channels[channel] = serving.Unwrap();
                serving.Start(TaskScheduler.Default);
            }
        }
        catch (OperationCanceledException) when (_stopping.IsCancellationRequested)
        {
            // Stopping.
        }
        catch (Exception ex) when (_stopping.IsCancellationRequested && ex is IpcException or ObjectDisposedException)
        {
            // The server was closed under the accept loop: stopping.
        }
        catch (Exception ex)
        {
            LogAcceptLoopEnded(_logger, _options.Name, ex.Message, ex);
        }
    }

    private async Task ServeAsync(IpcChannel channel)
    {
        try
        {
            await _handleChannel(channel, _stopping.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (_stopping.IsCancellationRequested)
        {
            // The host is stopping.
        }
        catch (Exception ex)
        {
            LogHandlerFailed(_logger, _options.Name, ex.Message, ex);
        }
        finally
        {
            await channel.DisposeAsync().ConfigureAwait(false);
            _channels.TryRemove(channel, out _);
        }
    }

    public async Task StopAsync(CancellationToken cancellationToken)
    {
        _stopping.Cancel();
        if (Volatile.Read(ref _server) is { } server)
        {
            await server.DisposeAsync().ConfigureAwait(false);
        }

        await _accepting.ConfigureAwait(false);
        Task[] handlers = _channels.Values.ToArray();
        try
        {
            await Task.WhenAll(handlers).WaitAsync(_options.HandlerStopTimeout, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is TimeoutException or OperationCanceledException)
        {
            // Handlers that ignore their token: their channels are closed under them.
            LogHandlersOutlivedStop(_logger, _options.Name, _channels.Count);
            await Task.WhenAll(_channels.Keys.Select(channel => channel.DisposeAsync().AsTask())).ConfigureAwait(false);
        }

        LogStopped(_logger, _options.Name);
    }

    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) != 0)
        {
            return;
        }

        _stopping.Cancel();
        if (_server is { } server)
        {
            await server.DisposeAsync().ConfigureAwait(false);
        }

        _stopping.Dispose();
    }

    /// <summary>For a container disposed synchronously (a <c>ServiceProvider</c>'s <c>Dispose</c>): the same as <see cref="DisposeAsync"/>, waited for.</summary>
    public void Dispose() => DisposeAsync().AsTask().GetAwaiter().GetResult();

    [LoggerMessage(EventId = 1, Level = LogLevel.Information, Message = "IPC server '{Name}' listens ({Transport}) at {Address}.")]
    private static partial void LogListening(ILogger logger, string name, IpcTransport transport, string address);

    [LoggerMessage(EventId = 2, Level = LogLevel.Debug, Message = "IPC server '{Name}' accepted a client.")]
    private static partial void LogAccepted(ILogger logger, string name);

    [LoggerMessage(EventId = 3, Level = LogLevel.Warning, Message = "IPC server '{Name}' refused a client's handshake: {Reason}")]
    private static partial void LogHandshakeRefused(ILogger logger, string name, string reason, Exception error);

    [LoggerMessage(EventId = 4, Level = LogLevel.Error, Message = "IPC server '{Name}' failed to accept a connection: {Reason}")]
    private static partial void LogAcceptFailed(ILogger logger, string name, string reason, Exception error);

    [LoggerMessage(EventId = 5, Level = LogLevel.Error, Message = "IPC server '{Name}': a channel's handler failed: {Reason}")]
    private static partial void LogHandlerFailed(ILogger logger, string name, string reason, Exception error);

    [LoggerMessage(EventId = 6, Level = LogLevel.Error, Message = "IPC server '{Name}' stopped accepting: {Reason}")]
    private static partial void LogAcceptLoopEnded(ILogger logger, string name, string reason, Exception error);

    [LoggerMessage(EventId = 7, Level = LogLevel.Warning, Message = "IPC server '{Name}': {Count} handler(s) did not return in time after the host began to stop; their channels were closed.")]
    private static partial void LogHandlersOutlivedStop(ILogger logger, string name, int count);

    [LoggerMessage(EventId = 8, Level = LogLevel.Information, Message = "IPC server '{Name}' stopped.")]
    private static partial void LogStopped(ILogger logger, string name);
}

using System;

namespace FastSerialization.Ipc;

/// <summary>Settings of an <see cref="IpcChannel"/>.</summary>
public sealed class IpcChannelOptions
{
    private TimeSpan _handshakeTimeout = TimeSpan.FromSeconds(10);
    private int _receiveQueueCapacity = 1024;

    /// <summary>How long opening a channel waits for the peer's handshake. Default 10 seconds.</summary>
    public TimeSpan HandshakeTimeout
    {
        get => _handshakeTimeout;
        set => _handshakeTimeout = value > TimeSpan.Zero ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "The handshake timeout must be positive.");
    }

    /// <summary>
    /// How many received messages wait for the application before the channel stops reading from the
    /// peer (which then stops the peer's sends: back-pressure). Default 1,024.
    /// </summary>
    public int ReceiveQueueCapacity
    {
        get => _receiveQueueCapacity;
        set => _receiveQueueCapacity = value >= 1 ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "The capacity must be at least 1.");
    }

    /// <summary>The time <see cref="IpcChannel.RequestAsync{TResponse}(object, System.Threading.CancellationToken)"/> waits for a response when the caller gives none. Default 30 seconds.</summary>
    public TimeSpan DefaultRequestTimeout { get; set; } = TimeSpan.FromSeconds(30);

    internal static IpcChannelOptions Default { get; } = new();
}

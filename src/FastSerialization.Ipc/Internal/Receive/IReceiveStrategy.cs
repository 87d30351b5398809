using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// How a channel reads the peer's records, chosen once (<c>IpcChannel.ChooseReceiveStrategy</c>): a background
/// loop that reads every record as it arrives and queues it (<see cref="ReceiveLoopStrategy"/>), the callers
/// themselves, reading the transport on their own thread (<see cref="CallingThreadReceiveStrategy"/>,
/// <see cref="IpcChannelOptions.ReceiveOnCallingThread"/>), or the callers with a background reader for what they
/// do not read (<see cref="BackgroundReaderReceiveStrategy"/>). The <see cref="IpcChannel"/> facade's receive methods
/// and request waits go through it.
/// </summary>
internal interface IReceiveStrategy
{
    /// <summary>Completes when receiving ends: normally when the peer closed the channel, faulted when it failed (<see cref="IpcChannel.Completion"/>).</summary>
    Task Completion { get; }

    /// <summary>Begins receiving, once the handshake is done.</summary>
    void Start();

    /// <summary>The next message, or null when the peer closed the channel (<see cref="IpcChannel.ReceiveAsync"/>).</summary>
    ValueTask<object?> ReceiveAsync(CancellationToken cancellationToken);

    /// <summary>Every message until the peer closes the channel (<see cref="IpcChannel.ReadAllAsync"/>).</summary>
    IAsyncEnumerable<object> ReadAllAsync(CancellationToken cancellationToken);

    /// <summary>Takes the messages that already arrived, up to the length of <paramref name="into"/>, without waiting; returns how many.</summary>
    int TakeArrived(Span<object> into);

    /// <summary>Waits up to <paramref name="timeout"/> for the answer to request <paramref name="id"/>, which completes <paramref name="pending"/>.</summary>
    Task<object> WaitForResponseAsync(ulong id, TaskCompletionSource<object> pending, TimeSpan timeout, CancellationToken cancellationToken);

    /// <summary>
    /// Closing: wakes whoever reads the transport, waits for it to stop and ends receiving. False when a read
    /// stayed stuck inside the transport: the reader and the transport must then be left as they are.
    /// </summary>
    Task<bool> StopAsync();
}

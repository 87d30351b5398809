using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Diagnostics.Metrics;
using FastSerialization.Ipc.Internal;

namespace FastSerialization.Ipc;

/// <summary>
/// The names under which the IPC channels report what they do: a <see cref="Meter"/> (messages and bytes
/// each way, requests, failed requests, refused handshakes, the depth of the receive queues) and an
/// <see cref="ActivitySource"/> with one activity per request. Listen to them with OpenTelemetry,
/// <c>dotnet-counters</c>, or a <see cref="MeterListener"/> / <see cref="ActivityListener"/>; with no
/// listener they cost a check per message.
/// </summary>
/// <remarks>
/// Instruments of the meter: <c>fastserialization.ipc.messages.sent</c>, <c>fastserialization.ipc.messages.received</c>
/// (messages), <c>fastserialization.ipc.bytes.sent</c>, <c>fastserialization.ipc.bytes.received</c> (bytes, length
/// prefixes and control records included), <c>fastserialization.ipc.requests</c> (requests sent),
/// <c>fastserialization.ipc.requests.failed</c> (requests that ended without a response: failed by the peer, timed
/// out, canceled or cut by the channel's end), <c>fastserialization.ipc.handshakes.refused</c> (handshakes that
/// failed, on either side) and the gauge <c>fastserialization.ipc.receive_queue.depth</c> (messages received and not
/// yet taken, over every open channel). The activity of a request is named <c>fastserialization.ipc.request</c>.
/// </remarks>
public static class IpcTelemetry
{
    /// <summary>The name of the <see cref="Meter"/> and of the <see cref="ActivitySource"/>: <c>FastSerialization.Ipc</c>.</summary>
    public const string Name = "FastSerialization.Ipc";

    /// <summary>The name of a request's activity.</summary>
    public const string RequestActivityName = "fastserialization.ipc.request";

    private static readonly Meter Meter = new(Name);
    private static readonly ConcurrentDictionary<ReceiveQueue, byte> OpenQueues = new();

    internal static readonly ActivitySource Source = new(Name);
    internal static readonly Counter<long> MessagesSent = Meter.CreateCounter<long>("fastserialization.ipc.messages.sent", "{message}", "Messages sent.");
    internal static readonly Counter<long> MessagesReceived = Meter.CreateCounter<long>("fastserialization.ipc.messages.received", "{message}", "Messages received (requests and responses included).");
    internal static readonly Counter<long> BytesSent = Meter.CreateCounter<long>("fastserialization.ipc.bytes.sent", "By", "Bytes of the records sent.");
    internal static readonly Counter<long> BytesReceived = Meter.CreateCounter<long>("fastserialization.ipc.bytes.received", "By", "Bytes of the records received.");
    internal static readonly Counter<long> Requests = Meter.CreateCounter<long>("fastserialization.ipc.requests", "{request}", "Requests sent.");
    internal static readonly Counter<long> RequestsFailed = Meter.CreateCounter<long>("fastserialization.ipc.requests.failed", "{request}", "Requests that got no response.");
    internal static readonly Counter<long> HandshakesRefused = Meter.CreateCounter<long>("fastserialization.ipc.handshakes.refused", "{handshake}", "Handshakes that failed.");

    static IpcTelemetry()
    {
        Meter.CreateObservableGauge("fastserialization.ipc.receive_queue.depth", ObserveQueueDepth, "{message}", "Messages received and not yet taken by the application, over every open channel.");
    }

    /// <summary>True when somebody listens to the byte counters (so that the send path measures bytes only then).</summary>
    internal static bool MeasuresBytes => BytesSent.Enabled || BytesReceived.Enabled;

    internal static void Opened(ReceiveQueue queue) => OpenQueues.TryAdd(queue, 0);

    internal static void Closed(ReceiveQueue queue) => OpenQueues.TryRemove(queue, out _);

    private static long ObserveQueueDepth()
    {
        long depth = 0;
        foreach (KeyValuePair<ReceiveQueue, byte> open in OpenQueues)
        {
            depth += open.Key.Count;
        }

        return depth;
    }
}

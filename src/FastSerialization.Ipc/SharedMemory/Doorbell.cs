using System;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;

namespace FastSerialization.Ipc.SharedMemory;

/// <summary>
/// The socket a shared-memory channel keeps beside its rings. A side that finds the peer asleep (its
/// sleeping flag set in the ring header) writes one byte: <see cref="DataByte"/> when it published
/// records the peer waits for, <see cref="SpaceByte"/> when it freed room the peer's writer waits for.
/// The socket's end (the peer closed it, or its process died and the kernel closed it) is the liveness
/// signal: both waits wake and see <see cref="PeerGone"/>.
/// </summary>
internal sealed class Doorbell : IDisposable
{
    public const byte DataByte = (byte)'D';

    public const byte SpaceByte = (byte)'S';

    private readonly Socket _socket;
    private volatile bool _peerGone;
    private int _disposed;

    public Doorbell(Socket socket)
    {
        _socket = socket;

        // Ringing must never block: a peer that stops reading its bells (hostile, or stuck) would
        // otherwise hold the thread that publishes, and with it the send lock or the receive loop.
        _socket.Blocking = false;
    }

    /// <summary>Rung when the peer published records.</summary>
    public AsyncSignal Data { get; } = new();

    /// <summary>Rung when the peer consumed records (room in the ring this side writes).</summary>
    public AsyncSignal Space { get; } = new();

    /// <summary>True once the peer's socket ended: its process closed the channel or went away.</summary>
    public bool PeerGone => _peerGone;

    /// <summary>Starts listening for the peer's bells and for the socket's end.</summary>
    public void Start() => _ = Task.Run(ListenAsync);

    /// <summary>
    /// Wakes the peer. Never blocks: when the socket's buffer is full, the peer has bells enough unread
    /// (a bell only says "look at the ring"), and this one is dropped.
    /// </summary>
    public void Ring(byte bell)
    {
        try
        {
            _ = _socket.Send(new ReadOnlySpan<byte>(in bell), SocketFlags.None, out SocketError _);
        }
        catch (ObjectDisposedException)
        {
            // Closed on this side; the peer's own end notices.
        }
    }

    public void Dispose()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            _socket.Dispose();
            Data.Set();
            Space.Set();
        }
    }

    private async Task ListenAsync()
    {
        byte[] buffer = new byte[64];
        try
        {
            while (true)
            {
                int count = await _socket.ReceiveAsync(buffer, SocketFlags.None).ConfigureAwait(false);
                if (count == 0)
                {
                    break;
                }

                bool data = false, space = false;
                for (int i = 0; i < count; i++)
                {
                    data |= buffer[i] == DataByte;
                    space |= buffer[i] == SpaceByte;
                }

                if (data)
                {
                    Data.Set();
                }

                if (space)
                {
                    Space.Set();
                }
            }
        }
        catch (Exception ex) when (ex is SocketException or ObjectDisposedException)
        {
        }

        _peerGone = true;
        Data.Set();
        Space.Set();
    }
}

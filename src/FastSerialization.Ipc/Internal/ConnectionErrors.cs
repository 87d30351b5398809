using System;
using System.Buffers;
using System.IO;
using System.Net.Sockets;

namespace FastSerialization.Ipc.Internal;

/// <summary>How the parts of a channel tell a broken connection from other failures, and the errors they report for it.</summary>
internal static class ConnectionErrors
{
    /// <summary>True for what a transport throws when the connection broke or was closed under it.</summary>
    public static bool IsBroken(Exception ex) => ex is (IOException and not IpcException) or SocketException or ObjectDisposedException;

    /// <summary>The error readers get when the connection broke while receiving.</summary>
    public static IpcException Broken(Exception ex) => new("The connection to the peer broke: " + ex.Message, ex);

    /// <summary>The failure to report when the peer's bytes ended without a goodbye.</summary>
    public static IpcException EndedWithoutGoodbye(in ReadOnlySequence<byte> unread) => unread.IsEmpty
        ? new IpcException("The peer closed the connection without closing the channel: its process has most likely exited or crashed.")
        : new IpcException($"The peer's connection ended inside a record ({unread.Length} bytes of it had arrived); the partial record was dropped.");
}

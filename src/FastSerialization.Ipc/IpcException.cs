using System.IO;

namespace FastSerialization.Ipc;

/// <summary>
/// A channel between two processes failed: the peer went away without closing the channel, the
/// handshake failed, or a request could not be answered. Malformed records are reported as
/// <see cref="FastSerializationException"/> instead.
/// </summary>
public class IpcException : IOException
{
    /// <summary>Creates an exception with a message.</summary>
    /// <param name="message">What went wrong.</param>
    public IpcException(string message)
        : base(message)
    {
    }

    /// <summary>Creates an exception with a message and its cause.</summary>
    /// <param name="message">What went wrong.</param>
    /// <param name="innerException">The underlying failure.</param>
    public IpcException(string message, System.Exception? innerException)
        : base(message, innerException)
    {
    }
}

/// <summary>
/// The two ends of a channel do not agree on the format version or on what a type id stands for.
/// Both ends fail with the same finding, and no message is exchanged.
/// </summary>
public sealed class IpcHandshakeException : IpcException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="message">What differs, naming the first id that does.</param>
    /// <param name="typeId">The first type id that differs, or null when the format version does.</param>
    public IpcHandshakeException(string message, int? typeId)
        : base(message)
    {
        TypeId = typeId;
    }

    /// <summary>The first type id that differs, or null when the difference is the format version or the protocol.</summary>
    public int? TypeId { get; }
}

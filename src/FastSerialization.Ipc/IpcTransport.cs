namespace FastSerialization.Ipc;

/// <summary>How an <see cref="IpcServer"/> and the clients that connect to it by name carry their bytes.</summary>
public enum IpcTransport
{
    /// <summary>A Unix domain socket in a private directory (a named pipe on Windows). The default.</summary>
    UnixSocket = 0,

    /// <summary>
    /// A pair of single-producer / single-consumer rings in a memory-mapped file, one per direction,
    /// with the same-named Unix socket kept only to meet, to wake a sleeping peer and to notice that
    /// the peer's process went away. Linux and macOS; not supported on Windows yet.
    /// </summary>
    SharedMemory = 1,
}

using System;
using System.IO;
using System.IO.Pipelines;
using System.IO.Pipes;
using System.Net.Sockets;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Ipc.Internal;

namespace FastSerialization.Ipc;

public sealed partial class IpcChannel
{
    /// <summary>Connects to the <see cref="IpcServer"/> listening under <paramref name="name"/> and exchanges the handshake.</summary>
    /// <param name="name">The server's channel name.</param>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="cancellationToken">Cancels connecting and the handshake.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcException">No server listens under that name, or the connection failed.</exception>
    /// <exception cref="IpcHandshakeException">The server's registry or format version differs.</exception>
    public static Task<IpcChannel> ConnectAsync(string name, CustomBinaryFormatter formatter, CancellationToken cancellationToken = default) =>
        ConnectAsync(name, formatter, options: null, cancellationToken);

    /// <summary>Connects to the <see cref="IpcServer"/> listening under <paramref name="name"/>, with channel settings.</summary>
    /// <param name="name">The server's channel name.</param>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="options">Channel settings, or null for the defaults.</param>
    /// <param name="cancellationToken">Cancels connecting and the handshake.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcException">No server listens under that name, or the connection failed.</exception>
    /// <exception cref="IpcHandshakeException">The server's registry or format version differs.</exception>
    public static Task<IpcChannel> ConnectAsync(string name, CustomBinaryFormatter formatter, IpcChannelOptions? options, CancellationToken cancellationToken = default) =>
        ConnectAsync(name, formatter, IpcTransport.UnixSocket, options, cancellationToken);

    /// <summary>Connects to the <see cref="IpcServer"/> listening under <paramref name="name"/> with the given transport (the server's).</summary>
    /// <param name="name">The server's channel name.</param>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="transport">The transport the server listens with.</param>
    /// <param name="options">Channel settings, or null for the defaults.</param>
    /// <param name="cancellationToken">Cancels connecting and the handshake.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="IpcException">No server listens under that name, or the connection failed.</exception>
    /// <exception cref="IpcHandshakeException">The server's registry, format version or transport differs.</exception>
    /// <exception cref="PlatformNotSupportedException">Shared memory on Windows (not supported yet), or in the netstandard2.0 build (.NET Framework, Mono).</exception>
    public static async Task<IpcChannel> ConnectAsync(string name, CustomBinaryFormatter formatter, IpcTransport transport, IpcChannelOptions? options = null, CancellationToken cancellationToken = default)
    {
        IpcEndpoint.ValidateName(name);
        ArgumentNullException.ThrowIfNull(formatter);
        TransportChoice.Check(transport);
        if (OperatingSystem.IsWindows())
        {
#if NETSTANDARD2_0
            // .NET Framework's pipes cannot ask that the server be of the current user (CurrentUserOnly).
            var pipe = new NamedPipeClientStream(".", IpcEndpoint.PipeName(name), PipeDirection.InOut, System.IO.Pipes.PipeOptions.Asynchronous);
#else
            var pipe = new NamedPipeClientStream(".", IpcEndpoint.PipeName(name), PipeDirection.InOut, System.IO.Pipes.PipeOptions.Asynchronous | System.IO.Pipes.PipeOptions.CurrentUserOnly);
#endif
            try
            {
                await pipe.ConnectAsync(cancellationToken).ConfigureAwait(false);
            }
            catch
            {
                await pipe.DisposeAsync().ConfigureAwait(false);
                throw;
            }

            return await CreateAsync(pipe, formatter, options, cancellationToken).ConfigureAwait(false);
        }
        else
        {
            string path = IpcEndpoint.SocketPath(name, IpcEndpoint.EnsurePrivateDirectory());
            if (File.Exists(path))
            {
                IpcEndpoint.CheckOwnedByCurrentUser(path, "socket");
            }

            Socket socket = UnixPlatform.NewSocket();
            try
            {
                await UnixPlatform.ConnectAsync(socket, path, cancellationToken).ConfigureAwait(false);
            }
            catch (SocketException ex)
            {
                socket.Dispose();
                throw new IpcException($"No server is listening under the name '{name}' ({path}): {ex.Message}", ex);
            }
            catch
            {
                socket.Dispose();
                throw;
            }

            return await TransportChoice.OpenAsync(socket, transport, isServer: false, name, formatter, options, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>
    /// In a child process started with <see cref="IpcParentPipes.ChildArgument"/> on its command line,
    /// opens the channel to the parent over the inherited anonymous pipes.
    /// </summary>
    /// <param name="childArgument">The argument the parent passed.</param>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="options">Channel settings, or null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the handshake.</param>
    /// <returns>The open channel.</returns>
    /// <exception cref="ArgumentException">The argument is not one the parent made.</exception>
    public static Task<IpcChannel> ConnectToParentAsync(string childArgument, CustomBinaryFormatter formatter, IpcChannelOptions? options = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(childArgument);
        string[] handles = childArgument.Split(';');
        if (handles.Length != 2 || handles[0].Length == 0 || handles[1].Length == 0)
        {
            throw new ArgumentException($"'{childArgument}' is not the argument of IpcParentPipes.ChildArgument (two pipe handles separated by ';').", nameof(childArgument));
        }

        var fromParent = new AnonymousPipeClientStream(PipeDirection.In, handles[0]);
        var toParent = new AnonymousPipeClientStream(PipeDirection.Out, handles[1]);
        return CreateAsync(PipeReader.Create(fromParent, IpcChannel.StreamReading), PipeWriter.Create(toParent, IpcChannel.StreamWriting), formatter, options, new OwnedStreams(fromParent, toParent), cancellationToken);
    }
}

/// <summary>
/// A pair of anonymous pipes from a parent process to the child it starts: pass
/// <see cref="ChildArgument"/> on the child's command line, call <see cref="ReleaseChildHandles"/> once the
/// child has started, then open the channel with <see cref="OpenChannelAsync"/>; the child opens its end
/// with <see cref="IpcChannel.ConnectToParentAsync"/>.
/// </summary>
public sealed class IpcParentPipes : IAsyncDisposable
{
    private readonly AnonymousPipeServerStream _toChild = new(PipeDirection.Out, HandleInheritability.Inheritable);
    private readonly AnonymousPipeServerStream _fromChild = new(PipeDirection.In, HandleInheritability.Inheritable);
    private bool _channelOpened;

    /// <summary>The argument to put on the child's command line.</summary>
    public string ChildArgument => _toChild.GetClientHandleAsString() + ";" + _fromChild.GetClientHandleAsString();

    /// <summary>Closes this process's copies of the child's pipe ends; call it after the child has started, so that the child's exit ends the channel.</summary>
    public void ReleaseChildHandles()
    {
        _toChild.DisposeLocalCopyOfClientHandle();
        _fromChild.DisposeLocalCopyOfClientHandle();
    }

    /// <summary>Opens the channel to the child and exchanges the handshake. The channel then owns the pipes.</summary>
    /// <param name="formatter">The formatter whose registered types the channel carries.</param>
    /// <param name="options">Channel settings, or null for the defaults.</param>
    /// <param name="cancellationToken">Cancels the handshake.</param>
    /// <returns>The open channel.</returns>
    public Task<IpcChannel> OpenChannelAsync(CustomBinaryFormatter formatter, IpcChannelOptions? options = null, CancellationToken cancellationToken = default)
    {
        _channelOpened = true;
        return IpcChannel.CreateAsync(PipeReader.Create(_fromChild, IpcChannel.StreamReading), PipeWriter.Create(_toChild, IpcChannel.StreamWriting), formatter, options, new OwnedStreams(_fromChild, _toChild), cancellationToken);
    }

    /// <summary>Disposes the pipes, unless a channel owns them.</summary>
    /// <returns>A task that completes when the pipes are closed.</returns>
    public async ValueTask DisposeAsync()
    {
        if (!_channelOpened)
        {
            await _toChild.DisposeAsync().ConfigureAwait(false);
            await _fromChild.DisposeAsync().ConfigureAwait(false);
        }
    }
}

/// <summary>The stream, or the two one-way streams, under a channel: disposed together when the channel is.</summary>
internal sealed class OwnedStreams : IAsyncDisposable
{
    private readonly Stream _first;
    private readonly Stream? _second;

    public OwnedStreams(Stream first, Stream? second = null)
    {
        _first = first;
        _second = second;
    }

    public async ValueTask DisposeAsync()
    {
        await _first.DisposeAsync().ConfigureAwait(false);
        if (_second is not null)
        {
            await _second.DisposeAsync().ConfigureAwait(false);
        }
    }
}

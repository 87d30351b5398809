using System;
using System.Buffers;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Internal;

/// <summary>
/// Opening a channel: each side sends its <see cref="Handshake"/> and reads the peer's, which must be the
/// first record and must match (docs/FORMAT.md section 8). What follows the peer's handshake stays in the
/// reader, unexamined, for the receive strategy.
/// </summary>
internal static class HandshakeExchange
{
    /// <summary>Sends <paramref name="local"/>, reads the peer's handshake and compares the two.</summary>
    /// <returns>The peer's handshake.</returns>
    /// <exception cref="IpcHandshakeException">The peer's first record is not a matching handshake.</exception>
    /// <exception cref="IpcException">The peer closed the connection, broke it, or did not answer within <paramref name="timeout"/>.</exception>
    public static async Task<Handshake> RunAsync(Handshake local, ChannelSender sender, PipeReader reader, TimeSpan timeout, CancellationToken cancellationToken)
    {
        using var expiry = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        expiry.CancelAfter(timeout);
        try
        {
            try
            {
                await sender.SendHandshakeAsync(local, expiry.Token).ConfigureAwait(false);
            }
            catch (Exception ex) when (ConnectionErrors.IsBroken(ex))
            {
                // A server that refused the connection (IpcServer.MaxConcurrentChannels) may have closed it before this
                // side's handshake arrived: its refusal is still there to read, and says more than the broken pipe.
                throw await RefusalOrAsync(reader, ex, expiry.Token).ConfigureAwait(false);
            }

            Handshake peer = await ReadPeerAsync(reader, expiry.Token).ConfigureAwait(false);
            IpcHandshakeException? mismatch = Handshake.Compare(local, peer);
            return mismatch is null ? peer : throw mismatch;
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            throw new IpcException($"The peer did not complete the handshake within {timeout}.");
        }
        catch (FastSerializationException ex)
        {
            throw new IpcHandshakeException($"The peer's handshake is malformed: {ex.Message}", null);
        }
        catch (Exception ex) when (ConnectionErrors.IsBroken(ex))
        {
            throw new IpcException("The connection to the peer broke during the handshake: " + ex.Message, ex);
        }
    }

    /// <summary>The peer's refusal, when its first record is one; otherwise <paramref name="broken"/>, the failure to send this side's handshake.</summary>
    private static async Task<Exception> RefusalOrAsync(PipeReader reader, Exception broken, CancellationToken cancellationToken)
    {
        try
        {
            await ReadPeerAsync(reader, cancellationToken).ConfigureAwait(false);
        }
        catch (IpcRefusal refusal)
        {
            return refusal;
        }
        catch (Exception ex) when (ex is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            // Nothing readable, or not a refusal: the broken connection is the failure.
        }

        return broken;
    }

    /// <summary>
    /// The refusal of a server that holds its maximum of channels (<see cref="IpcServer.MaxConcurrentChannels"/>): a Failure
    /// control record with correlation id 0 where its first record belongs (docs/FORMAT.md section 8), with the server's reason.
    /// </summary>
    public static IpcException Refused(string? reason) => new IpcRefusal(
        string.IsNullOrEmpty(reason) ? "The server refused the connection." : reason!);

    /// <summary>The exception of <see cref="Refused"/>: an <see cref="IpcException"/> this class can tell from other failures.</summary>
    private sealed class IpcRefusal(string message) : IpcException(message);

    /// <summary>Reads the peer's first record, which must be its handshake.</summary>
    private static async Task<Handshake> ReadPeerAsync(PipeReader reader, CancellationToken cancellationToken)
    {
        while (true)
        {
            ReadResult result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            ReadOnlySequence<byte> buffer = result.Buffer;
            ControlRecord hello = default;
            bool complete = false;
            try
            {
                if (buffer.Length > 4)
                {
                    if (!ControlRecord.IsControl(buffer))
                    {
                        throw new IpcHandshakeException("The peer sent a record before its handshake: it is not a FastSerialization channel, or it is a different protocol.", null);
                    }

                    complete = ControlRecord.TryRead(ref buffer, ControlRecord.MaxLength, out hello);
                }
            }
            finally
            {
                // After the handshake, what follows it stays unexamined for the receive strategy.
                if (complete)
                {
                    reader.AdvanceTo(buffer.Start);
                }
                else
                {
                    reader.AdvanceTo(buffer.Start, buffer.End);
                }
            }

            if (complete)
            {
                if (hello.Kind == ControlKind.Failure && hello.Correlation == 0)
                {
                    throw Refused(hello.Text);
                }

                if (hello.Kind == ControlKind.SharedMemorySetup)
                {
                    throw new IpcHandshakeException("The server uses the shared-memory transport (IpcTransport.SharedMemory); this side uses a stream. Both ends must use the same transport.", null);
                }

                return hello.Kind == ControlKind.Hello && hello.Hello is not null
                    ? hello.Hello
                    : throw new IpcHandshakeException($"The peer's first record is a {hello.Kind} control record, not its handshake.", null);
            }

            if (result.IsCompleted)
            {
                throw new IpcException("The peer closed the connection before completing the handshake.");
            }
        }
    }
}

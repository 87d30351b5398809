using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Ipc.Tests;

/// <summary>
/// Two connected in-memory streams that close the way a socket's stream does: disposing one makes a read
/// pending on it fail at once with an <see cref="IOException"/> (a <see cref="System.Net.Sockets.NetworkStream"/>'s
/// pending read fails with "Operation canceled" when its socket is closed), and later calls throw
/// <see cref="ObjectDisposedException"/>; the other end then reads the end of the stream. Unlike a socket,
/// the failed read's continuation runs at once, on the disposing thread, instead of whenever the thread pool
/// gets to it: what happens next does not depend on the timing of the machine.
/// </summary>
public sealed class LoopbackStream : Stream
{
    private readonly PipeReader _input;
    private readonly PipeWriter _output;
    private readonly CancellationTokenSource _closed = new();
    private int _disposed;

    private LoopbackStream(PipeReader input, PipeWriter output)
    {
        _input = input;
        _output = output;
    }

    public override bool CanRead => true;

    public override bool CanWrite => true;

    public override bool CanSeek => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public static (LoopbackStream A, LoopbackStream B) CreatePair()
    {
        var options = new PipeOptions(readerScheduler: PipeScheduler.Inline, useSynchronizationContext: false);
        var aToB = new Pipe(options);
        var bToA = new Pipe(options);
        return (new LoopbackStream(bToA.Reader, aToB.Writer), new LoopbackStream(aToB.Reader, bToA.Writer));
    }

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        using var stop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, _closed.Token);
        ReadResult result;
        try
        {
            result = await _input.ReadAsync(stop.Token);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            throw new IOException("Unable to read data from the transport connection: the stream was closed while the read was pending.");
        }

        ReadOnlySequence<byte> data = result.Buffer;
        int count = (int)Math.Min(data.Length, buffer.Length);
        data.Slice(0, count).CopyTo(buffer.Span);
        _input.AdvanceTo(data.GetPosition(count));
        return count; // 0: the other end closed
    }

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override async ValueTask WriteAsync(ReadOnlyMemory<byte> buffer, CancellationToken cancellationToken = default)
    {
        ObjectDisposedException.ThrowIf(Volatile.Read(ref _disposed) != 0, this);
        FlushResult result = await _output.WriteAsync(buffer, cancellationToken);
        if (result.IsCompleted)
        {
            throw new IOException("Unable to write data to the transport connection: the other end was closed.");
        }
    }

    public override Task WriteAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        WriteAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override Task FlushAsync(CancellationToken cancellationToken) => Task.CompletedTask;

    public override void Flush()
    {
    }

    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException("Asynchronous reads only.");

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException("Asynchronous writes only.");

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing && Interlocked.Exchange(ref _disposed, 1) == 0)
        {
            _closed.Cancel(); // a pending read fails now
            _output.Complete(); // the other end reads the end of the stream
        }

        base.Dispose(disposing);
    }
}

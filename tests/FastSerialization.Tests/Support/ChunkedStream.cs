using System;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace FastSerialization.Tests.Support;

/// <summary>A read-only stream that hands out its data in chunks of chosen sizes (down to one byte per read).</summary>
public sealed class ChunkedStream : Stream
{
    private readonly byte[] _data;
    private readonly Func<int> _nextChunk;
    private int _position;

    public ChunkedStream(byte[] data, Func<int> nextChunk)
    {
        _data = data;
        _nextChunk = nextChunk;
    }

    public static ChunkedStream OneBytePerRead(byte[] data) => new(data, () => 1);

    public int Reads { get; private set; }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        Reads++;
        int n = Math.Min(Math.Min(count, Math.Max(1, _nextChunk())), _data.Length - _position);
        Array.Copy(_data, _position, buffer, offset, n);
        _position += n;
        return n;
    }

    public override async Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        return Read(buffer, offset, count);
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

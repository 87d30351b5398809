using System;
using System.IO;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// A read-only view of the caller's stream that counts the bytes read (payload sizes and offsets for
/// messages and reports) and can look one byte ahead to tell the end of a stream of payloads from the
/// start of the next one, on streams that cannot seek too.
/// </summary>
internal sealed class PayloadStream : Stream
{
    private readonly Stream _inner;
    private int _peeked = -1;

    public PayloadStream(Stream inner)
    {
        _inner = inner;
    }

    /// <summary>Bytes handed out so far.</summary>
    public long BytesRead { get; private set; }

    /// <summary>
    /// True once the underlying stream itself threw: an <see cref="IOException"/> that follows is a failure of the
    /// stream, not of the payload (the decoder's <see cref="BinaryReader"/> also throws IOException for bad bytes).
    /// </summary>
    public bool Faulted { get; private set; }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => BytesRead;
        set => throw new NotSupportedException();
    }

    /// <summary>True when no byte is left; otherwise the next byte is kept for the next read.</summary>
    public bool AtEnd()
    {
        if (_peeked >= 0)
        {
            return false;
        }

        _peeked = InnerReadByte();
        return _peeked < 0;
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        if (count == 0)
        {
            return 0;
        }

        int read = 0;
        if (_peeked >= 0)
        {
            buffer[offset] = (byte)_peeked;
            _peeked = -1;
            read = 1;
            if (count == 1)
            {
                BytesRead += 1;
                return 1;
            }
        }

        int more;
        try
        {
            more = _inner.Read(buffer, offset + read, count - read);
        }
        catch
        {
            Faulted = true;
            throw;
        }

        read += more;
        BytesRead += read;
        return read;
    }

    public override int ReadByte()
    {
        int value;
        if (_peeked >= 0)
        {
            value = _peeked;
            _peeked = -1;
        }
        else
        {
            value = InnerReadByte();
        }

        if (value >= 0)
        {
            BytesRead++;
        }

        return value;
    }

    private int InnerReadByte()
    {
        try
        {
            return _inner.ReadByte();
        }
        catch
        {
            Faulted = true;
            throw;
        }
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}

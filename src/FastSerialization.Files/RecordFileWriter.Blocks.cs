using System;
using System.IO;
using FastSerialization.Files.Internal;

namespace FastSerialization.Files;

/// <summary>A block made from the buffered records (header, compression), written in one write and committed to the map; a failed write cuts the file back.</summary>
public sealed partial class RecordFileWriter
{
    private byte[]? _compressed;

    /// <summary>
    /// Test hook for the crash tests' helper process: write each block in two calls with a pause between, so that a kill
    /// can land inside a block and leave a torn tail (one write call of a few KiB is seldom cut by a kill).
    /// </summary>
    internal static bool SplitBlockWritesForTests { get; set; }

    private void WriteBlock()
    {
        if (_blockRecords == 0)
        {
            return;
        }

        int length = PrepareBlock(out byte[] bytes);
        try
        {
            if (SplitBlockWritesForTests)
            {
                int half = length / 2;
                _file.Write(bytes, 0, half);
                System.Threading.Thread.Sleep(1);
                _file.Write(bytes, half, length - half);
            }
            else
            {
                _file.Write(bytes, 0, length);
            }
        }
        catch (Exception e)
        {
            CutBack();
            throw AsWriteFailure(e);
        }

        CommitBlock(length, bytes);
    }

    /// <summary>Puts the block header (and, when it pays, the compressed body) in front of the buffered records.</summary>
    private int PrepareBlock(out byte[] bytes)
    {
        ReadOnlySpan<byte> body = _block.Body;
        if (_options.Compression != RecordFileCompression.None)
        {
            int capacity = BlockHeader.Size + BlockCodec.MaxCompressedLength(body.Length);
            if (_compressed is null || _compressed.Length < capacity)
            {
                _compressed = new byte[capacity];
            }

            int stored = BlockCodec.Compress(_options.Compression, _options.CompressionLevel, body, _compressed, BlockHeader.Size);
            if (stored > 0)
            {
                BlockHeader.Write(_compressed, _header.BlockChecksumSeed, _blockRecords, _options.Compression, _blocks.RecordCount, body.Length, _compressed.AsSpan(BlockHeader.Size, stored));
                bytes = _compressed;
                return BlockHeader.Size + stored;
            }
        }

        BlockHeader.Write(_block.Array, _header.BlockChecksumSeed, _blockRecords, RecordFileCompression.None, _blocks.RecordCount, body.Length, body);
        bytes = _block.Array;
        return BlockHeader.Size + body.Length;
    }

    private void CommitBlock(int length, byte[] bytes)
    {
        _ = bytes;
        _blocks.Add(_blocks.End, _blocks.RecordCount, _blockRecords, length - BlockHeader.Size);
        _blockRecords = 0;
        if (_block.Reset())
        {
            _compressed = null; // sized for the grown block: made again at the next compressed block's size
        }

        _unsynced = true;
    }

    /// <summary>A block's write failed: cut the file back to the last whole block (best effort) and refuse further use.</summary>
    private void CutBack()
    {
        _faulted = true;
        try
        {
            _file.SetLength(_blocks.End);
        }
        catch (IOException)
        {
            // The next Open finds the torn tail and truncates it.
        }
    }

    /// <summary>
    /// The exception a failed block write throws: the runtime reports a file the system refuses to make longer (EFBIG: a
    /// file size limit) as an <see cref="ArgumentOutOfRangeException"/>, which would read as a record too large for a
    /// block; it becomes the documented <see cref="IOException"/>. Anything else is thrown as it is.
    /// </summary>
    private Exception AsWriteFailure(Exception e) => e is ArgumentOutOfRangeException
        ? new IOException($"Writing a block to '{_path}' failed: the file system refused to make the file longer ({e.Message}).", e)
        : e;
}

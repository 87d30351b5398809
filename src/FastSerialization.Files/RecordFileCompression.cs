namespace FastSerialization.Files;

/// <summary>How a record file's writer compresses each block (docs/FORMAT.md section 9). Readers read every kind.</summary>
public enum RecordFileCompression
{
    /// <summary>Blocks are stored as written: the fastest, and the only kind a <see cref="MappedRecordFile"/> views in place.</summary>
    None = 0,

    /// <summary>Each block is compressed with Brotli (System.IO.Compression) on its own.</summary>
    Brotli = 1,

    /// <summary>Each block is compressed with zlib (deflate with a zlib header, System.IO.Compression) on its own.</summary>
    ZLib = 2,

    /// <summary>
    /// Each block is compressed with LZ4 (the LZ4 block format, through K4os.Compression.LZ4) on its own: the fastest to
    /// decompress (a few times zlib's speed) at a little less compression than zlib, so reading one record by number from an
    /// LZ4 file costs little more than from an uncompressed one (benchmarks/results/record-files-codecs.md).
    /// <see cref="System.IO.Compression.CompressionLevel.Fastest"/> (the default) and
    /// <see cref="System.IO.Compression.CompressionLevel.NoCompression"/> use LZ4's fast level,
    /// <see cref="System.IO.Compression.CompressionLevel.Optimal"/> its high-compression level 9, and
    /// <see cref="System.IO.Compression.CompressionLevel.SmallestSize"/> its level 12; every level is read at the same speed.
    /// </summary>
    Lz4 = 3,
}

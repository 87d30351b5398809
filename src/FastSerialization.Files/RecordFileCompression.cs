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
}

namespace FastSerialization;

/// <summary>
/// Where a record read from a stream starts, for the message of a stream that ends inside it: the
/// stream's position when the stream can seek, otherwise the bytes read before it since reading began
/// (for <c>ReadAll</c>), otherwise unknown.
/// </summary>
internal readonly struct RecordPlace
{
    private readonly long _offset;
    private readonly byte _kind; // 0 unknown, 1 absolute stream offset, 2 bytes after where reading began

    private RecordPlace(long offset, byte kind)
    {
        _offset = offset;
        _kind = kind;
    }

    /// <summary>Nothing known yet: the stream's position is asked for, if it can seek.</summary>
    public static RecordPlace Unknown => default;

    public static RecordPlace Absolute(long offset) => new(offset, 1);

    /// <summary>A record that starts <paramref name="consumed"/> bytes after the first record this reader read.</summary>
    public static RecordPlace AfterStart(long consumed) => new(consumed, 2);

    /// <summary>The stream's position when it can seek (the more useful fact); otherwise this place.</summary>
    public RecordPlace At(System.IO.Stream stream)
    {
        if (stream.CanSeek)
        {
            try
            {
                return Absolute(stream.Position);
            }
            catch (System.NotSupportedException)
            {
                // A stream that claims to seek but cannot tell its position: keep what was known.
            }
        }

        return this;
    }

    public string Describe() => _kind switch
    {
        1 => $"at stream offset {_offset}",
        2 => $"{_offset} bytes after the first record this reader read (the stream cannot seek, so its own offsets are unknown)",
        _ => "at an offset of the stream that is unknown (it cannot seek)",
    };

    public string DescribeEnd(int got) => _kind == 1 ? $", stream offset {_offset + got}" : string.Empty;
}

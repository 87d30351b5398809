namespace FastSerialization;

/// <summary>What <see cref="RecordFrame.ReadHeader"/> found at the start of a record.</summary>
internal readonly struct RecordHeader
{
    public RecordHeader(int recordSize, uint typeId, int payloadStart)
    {
        RecordSize = recordSize;
        TypeId = typeId;
        PayloadStart = payloadStart;
    }

    /// <summary>The whole record's size: the length prefix and the length it declares.</summary>
    public int RecordSize { get; }

    /// <summary>The type id, 1 to 2^31-1 (not yet looked up).</summary>
    public uint TypeId { get; }

    /// <summary>Where the payload starts: after the length prefix and the type id.</summary>
    public int PayloadStart { get; }
}

using FastSerialization;

namespace Quickstart;

/// <summary>
/// A type written by hand, for when you want full control of the bytes: the same interface the
/// generator implements.
/// </summary>
public sealed class ShippingLabel : ICustomBinarySerializable
{
    public string? Recipient { get; set; }

    public int ParcelCount { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Recipient);
        writer.WriteVarInt32(ParcelCount);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Recipient = reader.ReadString();
        ParcelCount = reader.ReadVarInt32();
    }

    public override string ToString() => $"label for {Recipient}, {ParcelCount} parcel(s)";
}

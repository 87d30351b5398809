using System;

namespace FastSerialization.Fuzz.Models;

/// <summary>A type that writes and reads itself by hand, through the primitive API.</summary>
public sealed class Manual : ICustomBinarySerializable
{
    public string? Name { get; set; }

    public int[]? Values { get; set; }

    public Link? Head { get; set; }

    public ulong Big { get; set; }

    public void WriteDataTo(ref FastBinaryWriter writer)
    {
        writer.Write(Name);
        writer.WriteArray(Values);
        writer.WriteObject(Head);
        writer.WriteVarUInt64(Big);
    }

    public void SetDataFrom(ref FastBinaryReader reader)
    {
        Name = reader.ReadString();
        Values = reader.ReadArray<int>();
        Head = reader.ReadObject<Link>();
        if (reader.HasRemaining)
        {
            Big = reader.ReadVarUInt64();
        }
    }
}

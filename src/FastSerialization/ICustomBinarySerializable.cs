namespace FastSerialization;

/// <summary>
/// A type that writes its own payload and reads it back: the contract every type registered with
/// <see cref="CustomBinaryFormatter.Register{T}(int)"/> fulfils, by hand or through the source generator.
/// </summary>
/// <remarks>
/// Write exactly what the type needs, in a fixed order, and read it back in the same order. To let
/// the type evolve, only append members, and read an appended member only while
/// <see cref="FastBinaryReader.HasRemaining"/> is true: data from an older version then reads with the
/// new member at its default, and data from a newer version reads into an older one (the bytes it
/// does not know are skipped).
/// </remarks>
public interface ICustomBinarySerializable
{
    /// <summary>Writes this object's payload.</summary>
    /// <param name="writer">The writer for the record (or nested object) being written.</param>
    void WriteDataTo(ref FastBinaryWriter writer);

    /// <summary>Reads this object's payload, as <see cref="WriteDataTo"/> wrote it.</summary>
    /// <param name="reader">The reader for the record (or nested object) being read.</param>
    void SetDataFrom(ref FastBinaryReader reader);
}

using System.IO;

namespace FastSerialization.Benchmarks.Payloads;

/// <summary>
/// The original article's interface (seed 002): a type writes and reads itself with a
/// <see cref="BinaryWriter"/> / <see cref="BinaryReader"/>. Only the baseline contender,
/// <see cref="Contenders.SeedCustomBinaryFormatter"/>, uses it.
/// </summary>
public interface ISeedSerializable
{
    /// <summary>Writes this object's data.</summary>
    void WriteDataTo(BinaryWriter writer);

    /// <summary>Reads this object's data, as <see cref="WriteDataTo"/> wrote it.</summary>
    void SetDataFrom(BinaryReader reader);
}

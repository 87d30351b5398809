using System.Collections.Generic;

namespace FastSerialization.Files;

/// <summary>
/// What <see cref="RecordFileReader.Salvage"/> copied out of a damaged record file into a new one, and where the
/// damage was.
/// </summary>
public sealed class RecordFileSalvage
{
    internal RecordFileSalvage(long recordsCopied, long blocksCopied, IReadOnlyList<RecordFileDamage> damage)
    {
        RecordsCopied = recordsCopied;
        BlocksCopied = blocksCopied;
        Damage = damage;
    }

    /// <summary>The records in the new file: every record of every whole block of the damaged one, in order.</summary>
    public long RecordsCopied { get; }

    /// <summary>The whole blocks of the damaged file whose records were copied.</summary>
    public long BlocksCopied { get; }

    /// <summary>
    /// The damaged stretches, in file order; empty when the file had none. A record numbered <c>n</c> in the damaged
    /// file is numbered <c>n</c> minus the records lost before it (<see cref="RecordFileDamage.RecordCount"/>) in the new one.
    /// </summary>
    public IReadOnlyList<RecordFileDamage> Damage { get; }

    /// <summary>True when nothing was damaged: the new file holds every record of the old one.</summary>
    public bool IsComplete => Damage.Count == 0;

    /// <inheritdoc />
    public override string ToString() =>
        IsComplete
            ? $"{RecordsCopied} records in {BlocksCopied} blocks copied; nothing was damaged"
            : $"{RecordsCopied} records in {BlocksCopied} blocks copied; {Damage.Count} damaged stretch(es), the first: {Damage[0]}";
}

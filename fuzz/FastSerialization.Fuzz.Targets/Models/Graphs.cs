using System.Collections.Generic;

namespace FastSerialization.Fuzz.Models;

// Reference-tracked types (docs/FORMAT.md section 3d) for the graph target: a root that its nodes point back to (a cycle
// through the record itself), nodes shared and chained (cycles of any length), a polymorphic tracked member (an open
// class with a registered subclass), a tracked type built through its constructor that can reach itself (so hostile
// bytes can try a cycle through it), and an untracked type tracked per member. Registered by Formatters.Graphs only,
// so the other targets' formatter, and the layouts their IPC and record-file inputs carry, stay as they were.

/// <summary>The root of a graph: every knot may point back to it.</summary>
[BinarySerializable(TrackReferences = true)]
public sealed partial class Web
{
    public string? Name { get; set; }

    public List<Knot> Knots { get; set; } = new();

    public Knot? Entry { get; set; }

    public Dictionary<string, Knot>? ByName { get; set; }

    public List<Badge>? Badges { get; set; }
}

/// <summary>An open tracked class: a member declared as it carries the runtime type's id (a <see cref="HeavyKnot"/>).</summary>
[BinarySerializable(TrackReferences = true)]
public partial class Knot
{
    public int Value { get; set; }

    public Web? Web { get; set; }

    public Knot? Next { get; set; }

    public Badge? Badge { get; set; }
}

/// <summary>The registered subclass of <see cref="Knot"/>, with children of the base type.</summary>
[BinarySerializable]
public sealed partial class HeavyKnot : Knot
{
    public string? Note { get; set; }

    public Knot[]? Children { get; set; }
}

/// <summary>
/// A tracked type built through its constructor, shared by knots; through <see cref="Owner"/> it can reach itself
/// (the generator's FSG016 warning, off here: hostile bytes may try that cycle, and the reader must refuse it).
/// </summary>
#pragma warning disable FSG016 // Built through its constructor and able to reach itself, on purpose.
[BinarySerializable(TrackReferences = true)]
public sealed partial record Badge(string? Text, Knot? Owner);
#pragma warning restore FSG016

/// <summary>An untracked type: tracked only where a member says so.</summary>
[BinarySerializable]
public sealed partial class Note
{
    public string? Text { get; set; }
}

/// <summary>An untracked record of tracked members: per-member overrides, a tracked type, a polymorphic one.</summary>
[BinarySerializable]
public sealed partial class Pin
{
    [BinaryMember(TrackReference = true)]
    public Note? First { get; set; }

    [BinaryMember(TrackReference = true)]
    public List<Note>? Notes { get; set; }

    public Note? Copy { get; set; }

    public Knot? Knot { get; set; }

    public Web? Web { get; set; }
}

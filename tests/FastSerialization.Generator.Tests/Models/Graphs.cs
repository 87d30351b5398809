using System.Collections.Generic;

namespace FastSerialization.Generator.Tests.Models;

// Reference-tracked generated types (docs/FORMAT.md section 3d).

/// <summary>A department whose employees share managers, all pointing back to the department.</summary>
[BinarySerializable(TrackReferences = true)]
public partial class Department
{
    public string? Name { get; set; }

    public List<Employee> Employees { get; set; } = new();

    public Manager[]? Managers { get; set; }

    public Dictionary<string, Manager>? ManagersByName { get; set; }
}

[BinarySerializable(TrackReferences = true)]
public partial class Employee
{
    public string? Name { get; set; }

    public Manager? Manager { get; set; }

    public Department? Department { get; set; }
}

[BinarySerializable(TrackReferences = true)]
public partial class Manager
{
    public string? Name { get; set; }

    public Department? Department { get; set; }
}

/// <summary>A tracked, polymorphic base (abstract): members declared as it carry the runtime type's id.</summary>
[BinarySerializable(TrackReferences = true)]
public abstract partial class GraphShape
{
    public string? Label { get; set; }
}

[BinarySerializable]
public sealed partial class GraphCircle : GraphShape
{
    public double Radius { get; set; }

    /// <summary>Declared as the base: a cycle through a polymorphic member.</summary>
    public GraphShape? Neighbour { get; set; }
}

[BinarySerializable]
public sealed partial class GraphSquare : GraphShape
{
    public int Side { get; set; }
}

/// <summary>An untracked record of tracked, polymorphic shapes.</summary>
[BinarySerializable]
public partial class GraphCanvas
{
    public GraphShape? Selected { get; set; }

    public List<GraphShape?> Shapes { get; set; } = new();
}

/// <summary>An untracked type (sealed: no type id): tracked only where a member says so.</summary>
[BinarySerializable]
public sealed partial class PlainNote
{
    public string? Text { get; set; }
}

/// <summary>Members of an untracked type, tracked by the per-member override (and one left untracked).</summary>
[BinarySerializable]
public partial class NoteBoard
{
    [BinaryMember(TrackReference = true)]
    public PlainNote? Pinned { get; set; }

    [BinaryMember(TrackReference = true)]
    public List<PlainNote>? Notes { get; set; }

    public PlainNote? Copy { get; set; }
}

/// <summary>The same members as <see cref="NoteBoard"/> with nothing tracked: its layout differs at the tracked positions.</summary>
[BinarySerializable]
public partial class UntrackedNoteBoard
{
    public PlainNote? Pinned { get; set; }

    public List<PlainNote>? Notes { get; set; }

    public PlainNote? Copy { get; set; }
}

/// <summary>A tracked type built through its constructor, that cannot reach itself: it can be shared.</summary>
[BinarySerializable(TrackReferences = true)]
public sealed partial record GraphTag(string Name);

/// <summary>Items sharing constructor-built tags.</summary>
[BinarySerializable]
public partial class TaggedItems
{
    public List<GraphTag>? Tags { get; set; }

    public GraphTag? Main { get; set; }
}

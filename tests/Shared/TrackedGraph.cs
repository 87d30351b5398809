using System.Collections.Generic;
using FastSerialization;

namespace FastSerialization.Tests.Shared;

// A reference-tracked graph (contract section 8, docs/FORMAT.md section 3d), linked into the record-file and IPC test
// projects: employees share managers, and everyone points back to the department (a cycle through the record itself).

/// <summary>A department whose employees share managers, all pointing back to it.</summary>
[BinarySerializable(TrackReferences = true)]
public sealed partial class TrackedDepartment
{
    public string? Name { get; set; }

    public List<TrackedEmployee> Employees { get; set; } = new();

    public TrackedManager[]? Managers { get; set; }

    /// <summary>A formatter with the three tracked types registered (ids 1 to 3), as every test of this graph uses.</summary>
    public static CustomBinaryFormatter NewFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<TrackedDepartment>(1);
        formatter.Register<TrackedEmployee>(2);
        formatter.Register<TrackedManager>(3);
        return formatter;
    }

    /// <summary>Builds a department of <paramref name="employees"/> people sharing <paramref name="managers"/> managers.</summary>
    public static TrackedDepartment Build(int employees, int managers, string name = "Engineering")
    {
        var department = new TrackedDepartment { Name = name, Managers = new TrackedManager[managers] };
        for (int m = 0; m < managers; m++)
        {
            department.Managers[m] = new TrackedManager { Name = "manager " + m, Department = department };
        }

        for (int e = 0; e < employees; e++)
        {
            department.Employees.Add(new TrackedEmployee { Name = "employee " + e, Manager = department.Managers[e % managers], Department = department });
        }

        return department;
    }
}

/// <summary>An employee: one of the department's shared managers, and the department itself.</summary>
[BinarySerializable(TrackReferences = true)]
public sealed partial class TrackedEmployee
{
    public string? Name { get; set; }

    public TrackedManager? Manager { get; set; }

    public TrackedDepartment? Department { get; set; }
}

/// <summary>A manager, shared by many employees, pointing back to the department.</summary>
[BinarySerializable(TrackReferences = true)]
public sealed partial class TrackedManager
{
    public string? Name { get; set; }

    public TrackedDepartment? Department { get; set; }
}

using System.Collections.Generic;

namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>
/// Issue 46's graph with its serializer written by the source generator, reference-tracked
/// (<c>[BinarySerializable(TrackReferences = true)]</c>, docs/FORMAT.md section 3d): within one record each department,
/// employee and manager is written once (a reference number after that) and read back as one instance, and the
/// department is object 0 of its own record, so the employees' and managers' back-pointers close the cycle on it.
/// The members are <c>DepartmentGraph.cs</c>'s, in the same order as the peers' (employees first, so each manager is
/// written where its first employee reaches it).
/// </summary>
[BinarySerializable(TrackReferences = true)]
public sealed partial class GeneratedDepartment : IGraphDepartment
{
    public string? Name { get; set; }

    public List<GeneratedEmployee> Employees { get; set; } = new();

    public GeneratedManager[]? Managers { get; set; }

    IReadOnlyList<IGraphEmployee>? IGraphDepartment.Employees => Employees;

    IReadOnlyList<IGraphManager>? IGraphDepartment.Managers => Managers;

    /// <summary>The graph, as <see cref="Department.Build"/> builds it.</summary>
    /// <returns>A new department.</returns>
    public static GeneratedDepartment Build()
    {
        var department = new GeneratedDepartment { Name = DepartmentGraphShape.DepartmentName, Managers = new GeneratedManager[DepartmentGraphShape.ManagerCount] };
        for (int m = 0; m < DepartmentGraphShape.ManagerCount; m++)
        {
            department.Managers[m] = new GeneratedManager { Name = DepartmentGraphShape.ManagerName(m), Department = department };
        }

        for (int e = 0; e < DepartmentGraphShape.EmployeeCount; e++)
        {
            department.Employees.Add(new GeneratedEmployee { Name = DepartmentGraphShape.EmployeeName(e), Manager = department.Managers[e % DepartmentGraphShape.ManagerCount], Department = department });
        }

        return department;
    }
}

/// <summary>An employee of the tracked graph: a shared manager, and the department.</summary>
[BinarySerializable(TrackReferences = true)]
public sealed partial class GeneratedEmployee : IGraphEmployee
{
    public string? Name { get; set; }

    public GeneratedManager? Manager { get; set; }

    public GeneratedDepartment? Department { get; set; }

    IGraphManager? IGraphEmployee.Manager => Manager;

    IGraphDepartment? IGraphEmployee.Department => Department;
}

/// <summary>A manager of the tracked graph, pointing back to the department.</summary>
[BinarySerializable(TrackReferences = true)]
public sealed partial class GeneratedManager : IGraphManager
{
    public string? Name { get; set; }

    public GeneratedDepartment? Department { get; set; }

    IGraphDepartment? IGraphManager.Department => Department;
}

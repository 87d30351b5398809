using System.Collections.Generic;
using MemoryPack;
using Orleans;

namespace FastSerialization.Benchmarks.Payloads.Peers;

// Issue 46's graph for the peers that keep identity on request: MemoryPack with GenerateType.CircularReference (every
// member needs its [MemoryPackOrder]; MemoryPack then writes a reference id per object and rebuilds shared objects and
// cycles) and Orleans' serializer, which tracks references of classes by default (a [GenerateSerializer] class records
// each object in its session as soon as it is created, before its fields are read, so cycles close). MessagePack and
// protobuf-net have no way to keep shared references and cycles, so no row.

/// <summary>The graph's department for MemoryPack (CircularReference) and Orleans.</summary>
[MemoryPackable(GenerateType.CircularReference)]
[GenerateSerializer]
public sealed partial class PeerDepartment : IGraphDepartment
{
    [MemoryPackOrder(0)]
    [Id(0)]
    public string? Name { get; set; }

    [MemoryPackOrder(1)]
    [Id(1)]
    public List<PeerEmployee> Employees { get; set; } = new();

    [MemoryPackOrder(2)]
    [Id(2)]
    public PeerManager[]? Managers { get; set; }

    IReadOnlyList<IGraphEmployee>? IGraphDepartment.Employees => Employees;

    IReadOnlyList<IGraphManager>? IGraphDepartment.Managers => Managers;

    /// <summary>The graph, as <see cref="Department.Build"/> builds it.</summary>
    /// <returns>A new department.</returns>
    public static PeerDepartment Build()
    {
        var department = new PeerDepartment { Name = DepartmentGraphShape.DepartmentName, Managers = new PeerManager[DepartmentGraphShape.ManagerCount] };
        for (int m = 0; m < DepartmentGraphShape.ManagerCount; m++)
        {
            department.Managers[m] = new PeerManager { Name = DepartmentGraphShape.ManagerName(m), Department = department };
        }

        for (int e = 0; e < DepartmentGraphShape.EmployeeCount; e++)
        {
            department.Employees.Add(new PeerEmployee { Name = DepartmentGraphShape.EmployeeName(e), Manager = department.Managers[e % DepartmentGraphShape.ManagerCount], Department = department });
        }

        return department;
    }
}

/// <summary>An employee of the peers' graph.</summary>
[MemoryPackable(GenerateType.CircularReference)]
[GenerateSerializer]
public sealed partial class PeerEmployee : IGraphEmployee
{
    [MemoryPackOrder(0)]
    [Id(0)]
    public string? Name { get; set; }

    [MemoryPackOrder(1)]
    [Id(1)]
    public PeerManager? Manager { get; set; }

    [MemoryPackOrder(2)]
    [Id(2)]
    public PeerDepartment? Department { get; set; }

    IGraphManager? IGraphEmployee.Manager => Manager;

    IGraphDepartment? IGraphEmployee.Department => Department;
}

/// <summary>A manager of the peers' graph.</summary>
[MemoryPackable(GenerateType.CircularReference)]
[GenerateSerializer]
public sealed partial class PeerManager : IGraphManager
{
    [MemoryPackOrder(0)]
    [Id(0)]
    public string? Name { get; set; }

    [MemoryPackOrder(1)]
    [Id(1)]
    public PeerDepartment? Department { get; set; }

    IGraphDepartment? IGraphManager.Department => Department;
}

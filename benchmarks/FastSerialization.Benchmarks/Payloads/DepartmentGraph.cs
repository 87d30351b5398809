using System;
using System.Collections.Generic;
using System.Globalization;

namespace FastSerialization.Benchmarks.Payloads;

// Issue 46's graph: one department, 200 employees, 10 managers shared by the employees, everyone pointing back to the
// department (a cycle through the root). Each contender has its own three classes (this plain model for BinaryFormatter
// and System.Text.Json, Payloads/Generated/GeneratedDepartment.cs for ours, Payloads/Peers/PeerDepartment.cs for MemoryPack
// and Orleans); all of them expose the same shape through the three interfaces below, so one check
// (DepartmentGraphShape.Check) judges every contender's read-back graph.

/// <summary>A department as the shape check sees it, whichever contender's classes hold it.</summary>
public interface IGraphDepartment
{
    string? Name { get; }

    IReadOnlyList<IGraphEmployee>? Employees { get; }

    IReadOnlyList<IGraphManager>? Managers { get; }
}

/// <summary>An employee as the shape check sees it.</summary>
public interface IGraphEmployee
{
    string? Name { get; }

    IGraphManager? Manager { get; }

    IGraphDepartment? Department { get; }
}

/// <summary>A manager as the shape check sees it.</summary>
public interface IGraphManager
{
    string? Name { get; }

    IGraphDepartment? Department { get; }
}

/// <summary>The sizes and names of the graph, and the check that a read-back or copied graph has its shape.</summary>
public static class DepartmentGraphShape
{
    /// <summary>Employees in the department.</summary>
    public const int EmployeeCount = 200;

    /// <summary>Managers, shared by the employees (employee e has manager e % 10).</summary>
    public const int ManagerCount = 10;

    /// <summary>The department's name.</summary>
    public const string DepartmentName = "Engineering";

    /// <summary>The name of employee <paramref name="index"/>.</summary>
    public static string EmployeeName(int index) => "employee " + index.ToString(CultureInfo.InvariantCulture);

    /// <summary>The name of manager <paramref name="index"/>.</summary>
    public static string ManagerName(int index) => "manager " + index.ToString(CultureInfo.InvariantCulture);

    /// <summary>
    /// Throws unless <paramref name="read"/> has the graph's shape: the department's name, <see cref="EmployeeCount"/>
    /// employees with their names, <see cref="ManagerCount"/> distinct managers with their names, employee e's manager
    /// the very instance <c>Managers[e % ManagerCount]</c> (shared, not a copy), and every employee's and manager's
    /// department the very instance read (the cycle closed on the root). With <paramref name="source"/> (a deep copy),
    /// also that the copy shares no object with the graph it was copied from.
    /// </summary>
    /// <param name="contender">Who read or copied the graph, for the message.</param>
    /// <param name="read">The graph it gave back.</param>
    /// <param name="source">The original, when <paramref name="read"/> is a copy of it; otherwise null.</param>
    /// <exception cref="InvalidOperationException">The shape differs; the message says where.</exception>
    public static void Check(string contender, IGraphDepartment? read, IGraphDepartment? source = null)
    {
        void Fail(string what) => throw new InvalidOperationException($"{contender} did not give back the department graph's shape: {what}.");

        if (read is null)
        {
            Fail("the department is null");
            return;
        }

        if (read.Name != DepartmentName)
        {
            Fail($"the department is named '{read.Name}'");
        }

        IReadOnlyList<IGraphManager>? managers = read.Managers;
        IReadOnlyList<IGraphEmployee>? employees = read.Employees;
        if (managers is null || managers.Count != ManagerCount)
        {
            Fail($"{managers?.Count.ToString(CultureInfo.InvariantCulture) ?? "no"} managers where the graph has {ManagerCount}");
        }

        if (employees is null || employees.Count != EmployeeCount)
        {
            Fail($"{employees?.Count.ToString(CultureInfo.InvariantCulture) ?? "no"} employees where the graph has {EmployeeCount}");
        }

        var distinct = new HashSet<object>(ReferenceEqualityComparer.Instance);
        for (int m = 0; m < ManagerCount; m++)
        {
            IGraphManager manager = managers![m];
            if (manager is null || !distinct.Add(manager))
            {
                Fail($"manager {m} is null or the same instance as another manager");
            }

            if (manager!.Name != ManagerName(m))
            {
                Fail($"manager {m} is named '{manager.Name}'");
            }

            if (!ReferenceEquals(manager.Department, read))
            {
                Fail($"manager {m}'s department is {(manager.Department is null ? "null" : "another instance than the department read (the cycle is not closed)")}");
            }
        }

        for (int e = 0; e < EmployeeCount; e++)
        {
            IGraphEmployee employee = employees![e];
            if (employee is null || employee.Name != EmployeeName(e))
            {
                Fail($"employee {e} is null or misnamed");
            }

            if (!ReferenceEquals(employee!.Manager, managers![e % ManagerCount]))
            {
                Fail($"employee {e}'s manager is {(employee.Manager is null ? "null" : "a copy of manager " + (e % ManagerCount).ToString(CultureInfo.InvariantCulture) + ", not the shared instance")}");
            }

            if (!ReferenceEquals(employee.Department, read))
            {
                Fail($"employee {e}'s department is {(employee.Department is null ? "null" : "another instance than the department read (the cycle is not closed)")}");
            }
        }

        if (source is null)
        {
            return;
        }

        if (ReferenceEquals(read, source))
        {
            Fail("the copy is the original department");
        }

        var original = new HashSet<object>(ReferenceEqualityComparer.Instance);
        original.UnionWith(source.Managers ?? Array.Empty<IGraphManager>());
        original.UnionWith(source.Employees ?? Array.Empty<IGraphEmployee>());
        if (original.Overlaps(managers!) || original.Overlaps(employees!)
            || (source.Employees is not null && ReferenceEquals(source.Employees, employees))
            || (source.Managers is not null && ReferenceEquals(source.Managers, managers)))
        {
            Fail("the copy shares objects or collections with the original");
        }
    }
}

/// <summary>The graph's department as a plain model: what BinaryFormatter ([Serializable]) and System.Text.Json write.</summary>
[Serializable]
public sealed class Department : IGraphDepartment
{
    public string? Name { get; set; }

    public List<Employee> Employees { get; set; } = new();

    public Manager[]? Managers { get; set; }

    IReadOnlyList<IGraphEmployee>? IGraphDepartment.Employees => Employees;

    IReadOnlyList<IGraphManager>? IGraphDepartment.Managers => Managers;

    /// <summary>The graph: <see cref="DepartmentGraphShape.EmployeeCount"/> employees sharing <see cref="DepartmentGraphShape.ManagerCount"/> managers.</summary>
    /// <returns>A new department.</returns>
    public static Department Build()
    {
        var department = new Department { Name = DepartmentGraphShape.DepartmentName, Managers = new Manager[DepartmentGraphShape.ManagerCount] };
        for (int m = 0; m < DepartmentGraphShape.ManagerCount; m++)
        {
            department.Managers[m] = new Manager { Name = DepartmentGraphShape.ManagerName(m), Department = department };
        }

        for (int e = 0; e < DepartmentGraphShape.EmployeeCount; e++)
        {
            department.Employees.Add(new Employee { Name = DepartmentGraphShape.EmployeeName(e), Manager = department.Managers[e % DepartmentGraphShape.ManagerCount], Department = department });
        }

        return department;
    }
}

/// <summary>An employee of the plain model.</summary>
[Serializable]
public sealed class Employee : IGraphEmployee
{
    public string? Name { get; set; }

    public Manager? Manager { get; set; }

    public Department? Department { get; set; }

    IGraphManager? IGraphEmployee.Manager => Manager;

    IGraphDepartment? IGraphEmployee.Department => Department;
}

/// <summary>A manager of the plain model.</summary>
[Serializable]
public sealed class Manager : IGraphManager
{
    public string? Name { get; set; }

    public Department? Department { get; set; }

    IGraphDepartment? IGraphManager.Department => Department;
}

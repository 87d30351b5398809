using System.Linq;
using FluentAssertions;

namespace FastSerialization.Tests.Shared;

/// <summary>What "the same shape" means for <see cref="TrackedDepartment"/> after a round trip.</summary>
public static class TrackedGraphChecks
{
    /// <summary>Asserts that <paramref name="read"/> has the shape <see cref="TrackedDepartment.Build"/> gives it.</summary>
    public static void ShouldHaveTheShapeOf(this TrackedDepartment read, int employees, int managers)
    {
        read.Employees.Should().HaveCount(employees);
        read.Managers.Should().HaveCount(managers);
        read.Managers!.Should().OnlyContain(m => ReferenceEquals(m.Department, read), "every manager points back to this department");
        read.Managers!.Distinct().Should().HaveCount(managers, "the managers are distinct objects");
        for (int e = 0; e < employees; e++)
        {
            TrackedEmployee employee = read.Employees[e];
            employee.Name.Should().Be("employee " + e);
            employee.Department.Should().BeSameAs(read, "the cycle through the record closes on the record itself");
            employee.Manager.Should().BeSameAs(read.Managers![e % managers], "a shared manager comes back as one instance");
        }
    }
}

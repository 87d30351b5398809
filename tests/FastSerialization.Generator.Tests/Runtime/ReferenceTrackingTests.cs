using System;
using System.Collections.Generic;
using System.Linq;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// Generated reference-tracked types (<c>[BinarySerializable(TrackReferences = true)]</c>, <c>[BinaryMember(TrackReference = true)]</c>;
/// docs/FORMAT.md section 3d) through the formatter: shared objects come back shared, cycles close, polymorphic members keep
/// their ids, and the layout names tracked members.
/// </summary>
public class ReferenceTrackingTests
{
    private static CustomBinaryFormatter NewFormatter(CustomBinaryFormatterOptions? options = null)
    {
        var formatter = new CustomBinaryFormatter(options ?? new CustomBinaryFormatterOptions());
        formatter.Register<Department>(1);
        formatter.Register<Employee>(2);
        formatter.Register<Manager>(3);
        formatter.Register<GraphCircle>(4);
        formatter.Register<GraphSquare>(5);
        formatter.Register<GraphCanvas>(6);
        formatter.Register<NoteBoard>(7);
        formatter.Register<TaggedItems>(8);
        formatter.Register<UntrackedNoteBoard>(9);
        return formatter;
    }

    private static T RoundTrip<T>(T value)
        where T : notnull => NewFormatter().Deserialize<T>(NewFormatter().SerializeToArray(value));

    private static Department BuildDepartment(int employees, int managers)
    {
        var department = new Department { Name = "R&D" };
        department.Managers = Enumerable.Range(0, managers).Select(i => new Manager { Name = "m" + i, Department = department }).ToArray();
        department.ManagersByName = department.Managers.ToDictionary(m => m.Name!);
        for (int i = 0; i < employees; i++)
        {
            department.Employees.Add(new Employee { Name = "e" + i, Manager = department.Managers[i % managers], Department = department });
        }

        return department;
    }

    [Fact]
    public void Department_SharedManagersAndBackPointers_ComeBackWithTheSameShape()
    {
        Department read = RoundTrip(BuildDepartment(employees: 200, managers: 10));

        read.Employees.Should().HaveCount(200);
        read.Managers.Should().HaveCount(10);
        read.Managers!.Should().OnlyContain(m => ReferenceEquals(m.Department, read));
        for (int i = 0; i < read.Employees.Count; i++)
        {
            Employee employee = read.Employees[i];
            employee.Name.Should().Be("e" + i);
            employee.Department.Should().BeSameAs(read);
            employee.Manager.Should().BeSameAs(read.Managers![i % 10]);
        }

        read.ManagersByName!["m3"].Should().BeSameAs(read.Managers![3], "a dictionary's tracked values are references too");
    }

    [Fact]
    public void Department_WrittenAgainAndAgainIntoAReusedBuffer_AllocatesNothing()
    {
        // The reference table is kept (cleared) for the next record: issue 48's "0 bytes allocated serializing into a
        // reused buffer" holds for tracked graphs too. Each record is numbered on its own (the second record's bytes are the first's).
        CustomBinaryFormatter formatter = NewFormatter();
        Department department = BuildDepartment(employees: 200, managers: 10);
        var buffer = new System.Buffers.ArrayBufferWriter<byte>(64 * 1024);
        formatter.Serialize(buffer, department);
        byte[] first = buffer.WrittenSpan.ToArray();
        for (int i = 0; i < 3; i++)
        {
            buffer.ResetWrittenCount();
            formatter.Serialize(buffer, department);
        }

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 10; i++)
        {
            buffer.ResetWrittenCount();
            formatter.Serialize(buffer, department);
        }

        (GC.GetAllocatedBytesForCurrentThread() - before).Should().Be(0);
        buffer.WrittenSpan.ToArray().Should().Equal(first);
        formatter.Deserialize<Department>(first).Managers.Should().HaveCount(10);
    }

    [Fact]
    public void Department_WritesEachManagerOnce()
    {
        byte[] tenManagers = NewFormatter().SerializeToArray(BuildDepartment(employees: 200, managers: 10));

        // Each employee's manager and department are one- or two-byte references: the record grows by the employee's
        // own bytes only.
        tenManagers.Length.Should().BeLessThan(200 * 12 + 10 * 20 + 100);
    }

    [Fact]
    public void TrackedRecordReachedFromItsMembers_IsTheRecordItself()
    {
        var department = new Department { Name = "solo" };
        department.Employees.Add(new Employee { Name = "e", Department = department });

        Department read = RoundTrip(department);

        read.Employees.Single().Department.Should().BeSameAs(read);
    }

    [Fact]
    public void PolymorphicTrackedMembers_KeepTheirTypesAndIdentity_AndACycleThroughTheBaseCloses()
    {
        var circle = new GraphCircle { Label = "c", Radius = 2.5 };
        var square = new GraphSquare { Label = "s", Side = 4 };
        circle.Neighbour = circle;
        var canvas = new GraphCanvas { Selected = square };
        canvas.Shapes.Add(circle);
        canvas.Shapes.Add(square);
        canvas.Shapes.Add(null);

        GraphCanvas read = RoundTrip(canvas);

        read.Selected.Should().BeOfType<GraphSquare>().Which.Side.Should().Be(4);
        read.Shapes[1].Should().BeSameAs(read.Selected);
        GraphCircle readCircle = read.Shapes[0].Should().BeOfType<GraphCircle>().Subject;
        readCircle.Radius.Should().Be(2.5);
        readCircle.Neighbour.Should().BeSameAs(readCircle);
        read.Shapes[2].Should().BeNull();
    }

    [Fact]
    public void PerMemberOverride_TracksThatMemberOnly()
    {
        var note = new PlainNote { Text = "hi" };
        var board = new NoteBoard { Pinned = note, Notes = new List<PlainNote> { note, note }, Copy = note };

        NoteBoard read = RoundTrip(board);

        read.Notes.Should().HaveCount(2);
        read.Notes![0].Should().BeSameAs(read.Pinned);
        read.Notes[1].Should().BeSameAs(read.Pinned);
        read.Copy.Should().NotBeSameAs(read.Pinned, "an untracked member writes its value each time, as before");
        read.Copy!.Text.Should().Be("hi");
    }

    [Fact]
    public void PerMemberOverride_WritesReferences_WhereTheUntrackedTwinWritesEachValue()
    {
        var note = new PlainNote { Text = "hi" };
        byte[] tracked = NewFormatter().SerializeToArray(new NoteBoard { Pinned = note, Notes = new List<PlainNote> { note }, Copy = null });
        byte[] untracked = NewFormatter().SerializeToArray(new UntrackedNoteBoard { Pinned = note, Notes = new List<PlainNote> { note }, Copy = null });

        // Payloads: tracked Pinned = 01 04 03 'h' 'i' (R = 1, L = 4, the string); Notes = 02 (one element) then 02 (object 0);
        // Copy = 00. Untracked: each note in full, 04 03 'h' 'i'.
        tracked.AsSpan(5).ToArray().Should().Equal(0x01, 0x04, 0x03, (byte)'h', (byte)'i', 0x02, 0x02, 0x00);
        untracked.AsSpan(5).ToArray().Should().Equal(0x04, 0x03, (byte)'h', (byte)'i', 0x02, 0x04, 0x03, (byte)'h', (byte)'i', 0x00);
    }

    [Fact]
    public void ConstructorBuiltTrackedType_IsShared()
    {
        var tag = new GraphTag("urgent");
        TaggedItems read = RoundTrip(new TaggedItems { Tags = new List<GraphTag> { tag, new GraphTag("other"), tag }, Main = tag });

        read.Tags![0].Should().BeSameAs(read.Main);
        read.Tags[2].Should().BeSameAs(read.Main);
        read.Tags[1].Name.Should().Be("other");
    }

    [Fact]
    public void Layout_NamesTrackedMembers_SoTrackedAndUntrackedAreAMismatch()
    {
        CustomBinaryFormatter formatter = NewFormatter();
        IReadOnlyList<string> employee = RegistryEntry.Describe(formatter.Registry).Single(e => e.Id == 2).Layout!;
        employee.Should().Equal(
            "String",
            "Ref:Object<FastSerialization.Generator.Tests.Models.Manager>",
            "Ref:Object<FastSerialization.Generator.Tests.Models.Department>");

        IReadOnlyList<string> tracked = RegistryEntry.Describe(formatter.Registry).Single(e => e.Id == 7).Layout!;
        IReadOnlyList<string> untracked = RegistryEntry.Describe(formatter.Registry).Single(e => e.Id == 9).Layout!;
        tracked[0].Should().Be("Ref:Object<FastSerialization.Generator.Tests.Models.PlainNote>");
        tracked[2].Should().Be(untracked[2], "the member without the override stays untracked");

        RegistryMismatch? mismatch = RegistryEntry.FindMismatch(
            new[] { new RegistryEntry(7, "Board", tracked) },
            new[] { new RegistryEntry(7, "Board", untracked) });
        mismatch.Should().NotBeNull();
        mismatch!.Position.Should().Be(0);
    }

    [Fact]
    public void GeneratedTrackedType_CarriesTheRuntimeAttribute()
    {
        typeof(Department).IsDefined(typeof(BinaryReferenceTrackedAttribute), inherit: false).Should().BeTrue();
        typeof(GraphCircle).IsDefined(typeof(BinaryReferenceTrackedAttribute), inherit: true).Should().BeTrue("derived from a tracked base");
        typeof(PlainNote).IsDefined(typeof(BinaryReferenceTrackedAttribute), inherit: true).Should().BeFalse();
    }

    [Fact]
    public void HostileReference_InAGeneratedType_IsTheDocumentedException()
    {
        // An Employee record (object 0) whose manager refers to object 5, never numbered.
        byte[] record = { 3, 0, 0, 0, 2, 1, 7 };
        Action read = () => NewFormatter().Deserialize<Employee>(record);
        read.Should().Throw<FastSerializationException>().WithMessage("*refers to object 5*");
    }

    [Fact]
    public void MoreTrackedObjectsThanTheOption_IsRefused()
    {
        byte[] record = NewFormatter().SerializeToArray(BuildDepartment(employees: 20, managers: 2));
        Action read = () => NewFormatter(new CustomBinaryFormatterOptions { MaxTrackedObjects = 10 }).Deserialize<Department>(record);
        read.Should().Throw<FastSerializationException>().WithMessage("*MaxTrackedObjects*");
        NewFormatter(new CustomBinaryFormatterOptions { MaxTrackedObjects = 23 }).Deserialize<Department>(record).Employees.Should().HaveCount(20);
    }
}

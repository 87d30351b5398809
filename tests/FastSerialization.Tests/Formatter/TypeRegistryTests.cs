using System;
using System.Collections.Generic;
using System.Linq;
using FastSerialization.Tests.Support;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>The registry a formatter shares with the IPC handshake and file headers: ids, types and layouts.</summary>
public class TypeRegistryTests
{
    [Fact]
    public void GetRegistrations_ListsEveryType_ByIdInOrder()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Tick>(9);
        formatter.Register<Customer>(1);
        formatter.Register<Blob>(300);

        IReadOnlyList<TypeRegistration> registrations = formatter.Registry.GetRegistrations();

        registrations.Select(r => (r.Id, r.Type)).Should().Equal((1, typeof(Customer)), (9, typeof(Tick)), (300, typeof(Blob)));
        formatter.RegisteredTypes.Should().BeEquivalentTo(registrations.ToDictionary(r => r.Id, r => r.Type));
    }

    [Fact]
    public void GetRegistrations_DoesNotCloseTheRegistry()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);

        formatter.Registry.GetRegistrations().Should().HaveCount(1);

        formatter.Registry.IsFrozen.Should().BeFalse();
        formatter.Register<Tick>(2);
        formatter.Registry.GetRegistrations().Should().HaveCount(2);
    }

    [Fact]
    public void Lookups_CloseTheRegistry_AsTheFormattersOwnDo()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);

        formatter.Registry.TryGetRegistration(1, out TypeRegistration? registration).Should().BeTrue();

        registration!.Type.Should().Be(typeof(Customer));
        formatter.IsFrozen.Should().BeTrue();
        formatter.Registry.IsFrozen.Should().BeTrue();
        Action late = () => formatter.Register<Tick>(2);
        late.Should().Throw<InvalidOperationException>();
    }

    [Theory]
    [InlineData(0)]
    [InlineData(-1)]
    [InlineData(2)]
    [InlineData(5000)]
    public void TryGetRegistration_UnknownId_ReturnsFalse(int id)
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(1);

        formatter.Registry.TryGetRegistration(id, out TypeRegistration? registration).Should().BeFalse();
        registration.Should().BeNull();
    }

    [Fact]
    public void TryGetRegistration_FindsLargeIds()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(int.MaxValue);

        formatter.Registry.TryGetRegistration(int.MaxValue, out TypeRegistration? registration).Should().BeTrue();
        registration!.Id.Should().Be(int.MaxValue);
    }

    [Fact]
    public void TryGetTypeId_MatchesTheFormatters()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Customer>(7);

        formatter.Registry.TryGetTypeId(typeof(Customer), out int id).Should().BeTrue();
        id.Should().Be(7);
        formatter.Registry.TryGetTypeId(typeof(Tick), out int none).Should().BeFalse();
        none.Should().Be(0);
        Action nullType = () => formatter.Registry.TryGetTypeId(null!, out _);
        nullType.Should().Throw<ArgumentNullException>().WithParameterName("type");
    }

    [Fact]
    public void Layout_IsWhatTheTypesBinaryLayoutSays_OrNull()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<LaidOut>(1);
        formatter.Register<Customer>(2);

        IReadOnlyList<TypeRegistration> registrations = formatter.Registry.GetRegistrations();

        registrations[0].Layout.Should().Equal("String", "Int32");
        registrations[1].Layout.Should().BeNull();
    }

    [Fact]
    public void Layout_OfAnEmptyLayout_IsEmpty()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<EmptyLayout>(1);

        formatter.Registry.GetRegistrations()[0].Layout.Should().BeEmpty();
    }

    [BinaryLayout("String;Int32")]
    private sealed class LaidOut : ICustomBinarySerializable
    {
        public string? Name { get; set; }

        public int Count { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer)
        {
            writer.Write(Name);
            writer.Write(Count);
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
            Name = reader.ReadString();
            Count = reader.ReadInt32();
        }
    }

    [BinaryLayout("")]
    private sealed class EmptyLayout : ICustomBinarySerializable
    {
        public void WriteDataTo(ref FastBinaryWriter writer)
        {
        }

        public void SetDataFrom(ref FastBinaryReader reader)
        {
        }
    }
}

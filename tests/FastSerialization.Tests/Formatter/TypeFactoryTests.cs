using FluentAssertions;
using Xunit;

namespace FastSerialization.Tests.Formatter;

/// <summary>
/// A type that implements <see cref="IBinaryFactory{TSelf}"/> makes the instances the formatter reads into
/// (as generated types do, so that no constructor is called through reflection or compiled code); a factory
/// given to Register still comes first.
/// </summary>
public class TypeFactoryTests
{
    [Fact]
    public void ARecordOfATypeWithItsOwnFactory_IsReadIntoTheInstanceTheFactoryMade()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<SelfMade>(1);

        SelfMade back = formatter.Deserialize<SelfMade>(formatter.SerializeToArray(new SelfMade { Value = 7 }));

        back.Value.Should().Be(7);
        back.MadeBy.Should().Be("IBinaryFactory.CreateNew");
    }

    [Fact]
    public void ANestedObjectOfATypeWithItsOwnFactory_IsReadIntoTheInstanceTheFactoryMade()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<SelfMadeHolder>(1);
        var holder = new SelfMadeHolder { Inner = new SelfMade { Value = 9 } };

        SelfMadeHolder back = formatter.Deserialize<SelfMadeHolder>(formatter.SerializeToArray(holder));

        back.Inner!.Value.Should().Be(9);
        back.Inner.MadeBy.Should().Be("IBinaryFactory.CreateNew");
    }

    [Fact]
    public void AStructWithItsOwnFactory_IsReadIntoTheValueTheFactoryMade()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<SelfMadeStruct>(1);

        SelfMadeStruct back = formatter.Deserialize<SelfMadeStruct>(formatter.SerializeToArray(new SelfMadeStruct { Value = 3 }));

        back.Value.Should().Be(3);
        back.Marker.Should().Be(42, "CreateNew set it; the default value has 0");
    }

    [Fact]
    public void AFactoryGivenToRegister_ComesBeforeTheTypesOwn()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register(1, () => new SelfMade { MadeBy = "registered" });

        SelfMade back = formatter.Deserialize<SelfMade>(formatter.SerializeToArray(new SelfMade { Value = 1 }));

        back.MadeBy.Should().Be("registered");
    }

    [Fact]
    public void AFactoryGivenToRegister_MakesTheStructARecordIsReadInto()
    {
        // A plain struct (no parameterless constructor, no factory of its own) is cleared where it is read; a
        // registered factory still makes the value first, for a record and for a nested value alike.
        var formatter = new CustomBinaryFormatter();
        formatter.Register(1, () => new PlainStruct { Marker = 5 });
        formatter.Register<PlainStructHolder>(2);

        PlainStruct back = formatter.Deserialize<PlainStruct>(formatter.SerializeToArray(new PlainStruct { Value = 8 }));
        PlainStructHolder holder = formatter.Deserialize<PlainStructHolder>(
            formatter.SerializeToArray(new PlainStructHolder { Inner = new PlainStruct { Value = 9 } }));

        back.Should().Be(new PlainStruct { Value = 8, Marker = 5 });
        holder.Inner.Should().Be(new PlainStruct { Value = 9, Marker = 5 });
    }

    [Fact]
    public void APlainStructRecord_StartsFromItsDefault()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<PlainStruct>(1);

        PlainStruct back = formatter.Deserialize<PlainStruct>(formatter.SerializeToArray(new PlainStruct { Value = 8, Marker = 5 }));

        back.Should().Be(new PlainStruct { Value = 8 }, "Marker is not written");
    }

    [Fact]
    public void ARecordReadAsAnObject_IsMadeAsWhenReadByItsType()
    {
        // Deserialize(span) returns object (the boxed path): the same factories, the same cleared start.
        var formatter = new CustomBinaryFormatter();
        formatter.Register<SelfMade>(1);
        formatter.Register(2, () => new PlainStruct { Marker = 5 });
        formatter.Register<SelfMadeStruct>(3);
        var plain = new CustomBinaryFormatter();
        plain.Register<PlainStruct>(2);

        object selfMade = formatter.Deserialize(formatter.SerializeToArray(new SelfMade { Value = 7 }));
        object registered = formatter.Deserialize(formatter.SerializeToArray(new PlainStruct { Value = 8 }));
        object ownStruct = formatter.Deserialize(formatter.SerializeToArray(new SelfMadeStruct { Value = 3 }));
        object cleared = plain.Deserialize(plain.SerializeToArray(new PlainStruct { Value = 8, Marker = 5 }));

        selfMade.Should().BeOfType<SelfMade>().Which.MadeBy.Should().Be("IBinaryFactory.CreateNew");
        ((SelfMade)selfMade).Value.Should().Be(7);
        registered.Should().Be(new PlainStruct { Value = 8, Marker = 5 });
        ownStruct.Should().BeOfType<SelfMadeStruct>().Which.Marker.Should().Be(42);
        ((SelfMadeStruct)ownStruct).Value.Should().Be(3);
        cleared.Should().Be(new PlainStruct { Value = 8 }, "Marker is not written");
    }

    private struct PlainStruct : ICustomBinarySerializable
    {
        public int Value { get; set; }

        public int Marker { get; set; }

        public readonly void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Value);

        public void SetDataFrom(ref FastBinaryReader reader) => Value = reader.ReadInt32();
    }

    private sealed class PlainStructHolder : ICustomBinarySerializable
    {
        public PlainStruct Inner { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.WriteObject(Inner);

        public void SetDataFrom(ref FastBinaryReader reader) => Inner = reader.ReadObject<PlainStruct>();
    }

    private sealed class SelfMade : ICustomBinarySerializable, IBinaryFactory<SelfMade>
    {
        public string MadeBy { get; set; } = "constructor";

        public int Value { get; set; }

        public SelfMade CreateNew() => new() { MadeBy = "IBinaryFactory.CreateNew" };

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Value);

        public void SetDataFrom(ref FastBinaryReader reader) => Value = reader.ReadInt32();
    }

    private sealed class SelfMadeHolder : ICustomBinarySerializable
    {
        public SelfMade? Inner { get; set; }

        public void WriteDataTo(ref FastBinaryWriter writer) => writer.WriteObject(Inner);

        public void SetDataFrom(ref FastBinaryReader reader) => Inner = reader.ReadObject<SelfMade>();
    }

    private struct SelfMadeStruct : ICustomBinarySerializable, IBinaryFactory<SelfMadeStruct>
    {
        public int Value { get; set; }

        public int Marker { get; set; }

        public readonly SelfMadeStruct CreateNew() => new() { Marker = 42 };

        public readonly void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Value);

        public void SetDataFrom(ref FastBinaryReader reader) => Value = reader.ReadInt32();
    }
}

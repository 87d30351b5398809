using System;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// Generated types make the instances the formatter reads into themselves (<see cref="IBinaryFactory{TSelf}"/>),
/// so that reading them needs neither reflection nor code compiled at run time (trimming, NativeAOT).
/// </summary>
public class FactoryTests
{
    [Theory]
    [InlineData(typeof(Customer))]
    [InlineData(typeof(PrivatelyConstructed))]
    [InlineData(typeof(StructWithConstructor))]
    [InlineData(typeof(Dog))]
    [InlineData(typeof(Box<Point>))]
    public void TypesWithAParameterlessConstructor_GetAFactory(Type type)
    {
        typeof(IBinaryFactory<>).MakeGenericType(type).IsAssignableFrom(type).Should().BeTrue();
    }

    [Theory]
    [InlineData(typeof(PointRecordStruct), "a struct without a parameterless constructor of its own is its default value")]
    [InlineData(typeof(PersonRecord), "no parameterless constructor")]
    [InlineData(typeof(WithRequired), "new() would not set its required members")]
    [InlineData(typeof(ObsoleteConstructor), "calling the constructor would warn")]
    public void OtherTypes_GetNone(Type type, string because)
    {
        typeof(IBinaryFactory<>).MakeGenericType(type).IsAssignableFrom(type).Should().BeFalse(because);
    }

    [Fact]
    public void AClassWithAPrivateConstructor_IsReadIntoAnInstanceItMade()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<PrivatelyConstructed>(1);

        PrivatelyConstructed back = formatter.Deserialize<PrivatelyConstructed>(formatter.SerializeToArray(PrivatelyConstructed.WithValue(5)));

        back.Value.Should().Be(5);
        back.Trace.Should().Be("private constructor");
    }

    [Fact]
    public void AStructWithAConstructor_IsReadIntoTheValueItMade_AsARecordAndNested()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<StructWithConstructor>(1);
        formatter.Register<Box<StructWithConstructor>>(2);

        StructWithConstructor record = formatter.Deserialize<StructWithConstructor>(formatter.SerializeToArray(new StructWithConstructor { Value = 4 }));
        Box<StructWithConstructor> box = formatter.Deserialize<Box<StructWithConstructor>>(
            formatter.SerializeToArray(new Box<StructWithConstructor> { Item = new StructWithConstructor { Value = 6 }, Tag = 1 }));

        record.Should().Be(new StructWithConstructor { Value = 4, Scale = 100 });
        box.Item.Should().Be(new StructWithConstructor { Value = 6, Scale = 100 });
    }

    [Fact]
    public void TheFactory_RunsTheConstructor()
    {
        IBinaryFactory<Customer> template = new Customer();
        Customer made = template.CreateNew();

        made.Should().NotBeSameAs(template);
        ((IBinaryFactory<StructWithConstructor>)default(StructWithConstructor)).CreateNew().Scale.Should().Be(100);
    }
}

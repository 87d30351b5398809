using System.Reflection;
using FastSerialization.BinaryFormatterImport.Tests.Corpus;
using FluentAssertions;
using Xunit;

namespace FastSerialization.BinaryFormatterImport.Tests;

/// <summary>
/// The binders the source generator emits for partial types: they reach every member as reflection does (so the
/// importer reads the same either way), and the importer made by UsingGeneratedBinders needs nothing else.
/// </summary>
public class GeneratedBinderTests
{
    private static Legacy.Shapes LegacyShapes() => new(7, "fixed")
    {
        BaseValue = 3,
        Price = new Legacy.Money { Units = 1250, Currency = "EUR" },
        MaybePrice = new Legacy.Money { Units = -1, Currency = null },
        GetOnly = 11,
        InitOnly = "init",
    };

    private static BinaryFormatterImportOptions ShapeOptions() => new BinaryFormatterImportOptions()
        .MapType<Modern.Shapes>("Legacy.Shapes")
        .MapType<Modern.Line>("Legacy.Line");

    [Theory]
    [InlineData(Importers.Mixed)]
    [InlineData(Importers.Generated)]
    [InlineData(Importers.Reflection)]
    public void Import_MembersOfEveryDeclaration_AreSet(string binding)
    {
        var shapes = (Modern.Shapes)Importers.Create(binding, ShapeOptions()).Import(RealBinaryFormatter.Serialize(LegacyShapes()))!;

        shapes.Secret.Should().Be(7, "a private field");
        shapes.Fixed.Should().Be("fixed", "a readonly field");
        shapes.BaseSecret.Should().Be(70, "the base class's private field of the same name, written as ShapeBase+_secret");
        shapes.BaseValue.Should().Be(3, "an auto-property of the base class");
        shapes.Price.Units.Should().Be(1250, "a readonly field of a readonly struct");
        shapes.Price.Currency.Should().Be("EUR", "an init-only auto-property of a struct");
        shapes.MaybePrice.Should().NotBeNull();
        shapes.MaybePrice!.Value.Units.Should().Be(-1);
        shapes.GetOnly.Should().Be(11, "a get-only auto-property");
        shapes.InitOnly.Should().Be("init", "an init-only auto-property");
        shapes.Required.Should().Be(0, "not in the payload");
    }

    [Theory]
    [InlineData(Importers.Mixed)]
    [InlineData(Importers.Generated)]
    [InlineData(Importers.Reflection)]
    public void Import_PositionalRecord_IsMadeWithoutItsConstructor(string binding)
    {
        var line = Importers.Create(binding, ShapeOptions()).Import(RealBinaryFormatter.Serialize(new Legacy.Line { Sku = "A-1", Quantity = 4 }));

        line.Should().Be(new Modern.Line("A-1", 4));
    }

    [Fact]
    public void Import_ByBinderAndByReflection_ReadTheSame()
    {
        byte[] payload = RealBinaryFormatter.Serialize(LegacyShapes());

        object? generated = Importers.Create(Importers.Generated, ShapeOptions()).Import(payload);
        object? reflected = Importers.Create(Importers.Reflection, ShapeOptions()).Import(payload);

        generated.Should().BeEquivalentTo(reflected, o => o.RespectingRuntimeTypes().IncludingAllRuntimeProperties());
    }

    [Fact]
    public void Generator_PartialTypes_GetABinder_OthersDoNot()
    {
        typeof(Modern.Order).GetCustomAttribute<BinaryFormatterBinderAttribute>().Should().NotBeNull("a [BinarySerializable] partial type");
        typeof(Modern.Everything).GetCustomAttribute<BinaryFormatterBinderAttribute>().Should().NotBeNull("a [BinaryFormatterType] partial type");
        typeof(Modern.Money).GetCustomAttribute<BinaryFormatterBinderAttribute>().Should().NotBeNull("a struct");
        typeof(Modern.Holder).GetCustomAttribute<BinaryFormatterBinderAttribute>().Should().BeNull("it is not partial");
    }

    [Fact]
    public void UsingGeneratedBinders_TypeWithoutBinder_ThrowsNamingItAndWhatToDo()
    {
        var book = new Legacy.Book { Items = new() { new Legacy.Holder { Payload = "text", After = 1 } } };

        var import = () => Importers.Create(Importers.Generated).Import(RealBinaryFormatter.Serialize(book));

        import.Should().Throw<FastSerializationException>()
            .WithMessage("*Modern.Book*no binder generated*partial*");
    }

    [Fact]
    public void UsingGeneratedBinders_GenericCollectionAsTheRoot_ThrowsSayingWhy()
    {
        byte[] payload = RealBinaryFormatter.Serialize(new System.Collections.Generic.List<int> { 1, 2 });

        var generated = () => Importers.Create(Importers.Generated).Import<System.Collections.Generic.List<int>>(new System.IO.MemoryStream(payload));
        var mixed = Importers.Create(Importers.Mixed).Import<System.Collections.Generic.List<int>>(new System.IO.MemoryStream(payload));

        generated.Should().Throw<FastSerializationException>().WithMessage("*UsingGeneratedBinders*");
        mixed.Should().Equal(1, 2);
    }

    [Fact]
    public void Import_ByReflection_TypeWithAPointerField_SetsTheOtherMembers()
    {
        var options = new BinaryFormatterImportOptions().MapType<Modern.WithPointer>("Legacy.Point");

        var point = (Modern.WithPointer)Importers.Create(Importers.Reflection, options).Import(RealBinaryFormatter.Serialize(new Legacy.Point { X = 3, Y = 4 }))!;

        point.X.Should().Be(3);
        point.Y.Should().Be(4);
    }
}

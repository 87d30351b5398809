using System.Collections.Generic;
using System.IO;
using FastSerialization.BinaryFormatterImport.Tests.Corpus;
using FluentAssertions;
using Xunit;

namespace FastSerialization.BinaryFormatterImport.Tests;

/// <summary>How payload types and members find today's: mappings, aliases, conversions, unmapped types.</summary>
public class MappingTests
{
    private static Legacy.Book BookWithPointAt3()
    {
        var items = new List<Legacy.Holder>();
        for (int i = 0; i < 5; i++)
        {
            items.Add(new Legacy.Holder { Payload = i == 3 ? new Legacy.Point { X = 1, Y = 2 } : "text " + i, After = i });
        }

        return new Legacy.Book { Items = items };
    }

    [Fact]
    public void Import_UnmappedType_ThrowsNamingTheTypeAndThePath()
    {
        byte[] payload = RealBinaryFormatter.Serialize(BookWithPointAt3());

        var import = () => Importers.Create().Import(payload);

        import.Should().Throw<FastSerializationException>()
            .WithMessage("*Legacy.Point*root.Items[3].Payload*");
    }

    [Fact]
    public void Import_UnmappedTypeSkippedByTheCallback_LeavesTheMemberDefault()
    {
        var seen = new List<BinaryFormatterUnmappedType>();
        BinaryFormatterImportOptions options = Importers.CreateOptions();
        options.UnmappedType = type => { seen.Add(type); return true; };

        var book = (Modern.Book)Importers.Create(options).Import(RealBinaryFormatter.Serialize(BookWithPointAt3()))!;

        book.Items.Should().HaveCount(5);
        book.Items![3].Payload.Should().BeNull();
        book.Items[3].After.Should().Be(3);
        book.Items[2].Payload.Should().Be("text 2");
        seen.Should().ContainSingle();
        seen[0].TypeName.Should().Be("Legacy.Point");
        seen[0].AssemblyName.Should().Be("FastSerialization.BinaryFormatterImport.Tests");
        seen[0].Path.Should().Be("root.Items[3].Payload");
    }

    [Fact]
    public void MapType_ByAssemblyQualifiedName_MatchesOnlyThatAssembly()
    {
        byte[] payload = RealBinaryFormatter.Serialize(new Legacy.Point { X = 3, Y = 4 });

        object? point = Importers.Create(new BinaryFormatterImportOptions().MapType<Modern.Point>("Legacy.Point, FastSerialization.BinaryFormatterImport.Tests")).Import(payload);
        var elsewhere = () => Importers.Create(new BinaryFormatterImportOptions().MapType<Modern.Point>("Legacy.Point, SomeOtherAssembly")).Import(payload);

        point.Should().BeEquivalentTo(new Modern.Point { X = 3, Y = 4 });
        elsewhere.Should().Throw<FastSerializationException>().WithMessage("*Legacy.Point*not mapped*");
    }

    [Fact]
    public void MapType_ByFullName_MatchesAnyAssembly()
    {
        byte[] payload = RealBinaryFormatter.Serialize(new Legacy.Point { X = 3, Y = 4 });

        object? point = Importers.Create(new BinaryFormatterImportOptions().MapType<Modern.Point>("Legacy.Point")).Import(payload);

        point.Should().BeEquivalentTo(new Modern.Point { X = 3, Y = 4 });
    }

    [Fact]
    public void MapMember_RenamesAMember()
    {
        byte[] payload = RealBinaryFormatter.Serialize(new Legacy.Point { X = 3, Y = 4 });
        BinaryFormatterImportOptions options = new BinaryFormatterImportOptions()
            .MapType<Modern.Point>("Legacy.Point")
            .MapMember<Modern.Point>("X", "Y")
            .MapMember<Modern.Point>("Y", "X");

        object? point = Importers.Create(options).Import(payload);

        point.Should().BeEquivalentTo(new Modern.Point { X = 4, Y = 3 });
    }

    [Fact]
    public void MapMember_NamingNoMember_ThrowsFastSerializationException()
    {
        byte[] payload = RealBinaryFormatter.Serialize(new Legacy.Point { X = 3, Y = 4 });
        BinaryFormatterImportOptions options = new BinaryFormatterImportOptions().MapType<Modern.Point>("Legacy.Point").MapMember<Modern.Point>("X", "Z");

        var import = () => Importers.Create(options).Import(payload);

        import.Should().Throw<FastSerializationException>().WithMessage("*X -> Z*");
    }

    [Fact]
    public void Import_WithoutAnyMapping_RegisteredTypesOwnNamesDoNotMatchLegacyNames()
    {
        // Modern.Address is registered, but without its [BinaryFormatterType] it would not answer to Legacy.Address:
        // a registered type whose name differs is not picked by shape.
        byte[] payload = RealBinaryFormatter.Serialize(new Legacy.Point { X = 1, Y = 2 });

        var import = () => Importers.Create(new BinaryFormatterImportOptions()).Import(payload);

        import.Should().Throw<FastSerializationException>().WithMessage("*Legacy.Point*root*");
    }

    [Fact]
    public void Import_NarrowingConversion_ThrowsNamingTheMember()
    {
        byte[] payload = RealBinaryFormatter.Serialize(new Legacy.Widening { Small = 1, Single = 1, Tiny = 1 });
        BinaryFormatterImportOptions options = new BinaryFormatterImportOptions().MapType<Modern.Narrowed>("Legacy.Widening");
        options.MatchTypesByOwnName = false;
        var formatter = new CustomBinaryFormatter();

        var import = () => new BinaryFormatterImporter(formatter, options).Import(payload);

        import.Should().Throw<FastSerializationException>().WithMessage("*root.Small*Int32*Int16*");
    }

    [Fact]
    public void Import_RootIntoAnObjectMember_KeepsPrimitivesAndStrings()
    {
        var book = new Legacy.Book { Items = new List<Legacy.Holder> { new() { Payload = 12L }, new() { Payload = new int[] { 1, 2 } }, new() { Payload = null } } };

        var imported = (Modern.Book)Importers.Create().Import(RealBinaryFormatter.Serialize(book))!;

        imported.Items![0].Payload.Should().Be(12L);
        imported.Items[1].Payload.Should().BeEquivalentTo(new[] { 1, 2 });
        imported.Items[2].Payload.Should().BeNull();
    }

    [Fact]
    public void Import_GenericCollectionInAnObjectMember_ThrowsAskingForItsType()
    {
        var book = new Legacy.Book { Items = new List<Legacy.Holder> { new() { Payload = new List<int> { 1 } } } };

        var import = () => Importers.Create().Import(new MemoryStream(RealBinaryFormatter.Serialize(book)));

        import.Should().Throw<FastSerializationException>().WithMessage("*root.Items[0].Payload*List`1*declare the member with its collection type*");
    }
}

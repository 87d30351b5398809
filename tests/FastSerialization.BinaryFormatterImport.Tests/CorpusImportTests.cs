using System.Collections.Generic;
using System.IO;
using System.Linq;
using FastSerialization.BinaryFormatterImport.Tests.Corpus;
using FluentAssertions;
using Xunit;

namespace FastSerialization.BinaryFormatterImport.Tests;

/// <summary>Payloads written by the real BinaryFormatter, read into the modern types, equal to the objects built by hand.</summary>
public class CorpusImportTests
{
    public static IEnumerable<object[]> Names => LegacyCorpus.All.Select(c => new object[] { c.Name });

    /// <summary>Every corpus payload with each way of binding types (every corpus type has a generated binder).</summary>
    public static IEnumerable<object[]> NamesAndBindings => LegacyCorpus.All.SelectMany(c => Importers.Bindings.Select(b => new object[] { c.Name, b }));

    [Theory]
    [MemberData(nameof(NamesAndBindings))]
    public void Import_PayloadWrittenByBinaryFormatter_EqualsTheModernObject(string name, string binding)
    {
        (_, object legacy, object modern) = LegacyCorpus.All.Single(c => c.Name == name);
        byte[] payload = RealBinaryFormatter.Serialize(legacy);

        object? imported = Importers.Create(binding).Import(payload);

        imported.Should().BeOfType(modern.GetType());
        imported.Should().BeEquivalentTo(modern, o => o.IgnoringCyclicReferences().WithStrictOrdering().RespectingRuntimeTypes());
    }

    [Theory]
    [MemberData(nameof(NamesAndBindings))]
    public void Import_GoldenFile_EqualsTheModernObject_WithoutBinaryFormatter(string name, string binding)
    {
        (_, _, object modern) = LegacyCorpus.All.Single(c => c.Name == name);
        string path = GoldenFiles.OutputPath(name);
        File.Exists(path).Should().BeTrue($"the golden file {path} is committed in Golden/ and copied at build");

        using FileStream file = File.OpenRead(path);
        object? imported = Importers.Create(binding).Import(file);

        imported.Should().BeEquivalentTo(modern, o => o.IgnoringCyclicReferences().WithStrictOrdering().RespectingRuntimeTypes());
        file.Position.Should().Be(file.Length, "the import reads exactly one payload");
    }

    [Fact]
    public void Import_DateTimes_KeepTheirKind()
    {
        var imported = (Modern.Everything)Importers.Create().Import(RealBinaryFormatter.Serialize(LegacyCorpus.LegacyEverything()))!;

        imported.Utc.Kind.Should().Be(System.DateTimeKind.Utc);
        imported.Local.Kind.Should().Be(System.DateTimeKind.Local);
        imported.Unspecified.Kind.Should().Be(System.DateTimeKind.Unspecified);
        imported.Local.Should().Be(LegacyCorpus.LegacyEverything().Local);
        ((System.DateTime)imported.Mixed![3]!).Kind.Should().Be(System.DateTimeKind.Utc);
    }

    [Fact]
    public void Import_DictionariesAndSets_CompareTheirKeysAsGeneratedReadersDo()
    {
        // Keys from a payload could be chosen to share a bucket: integer keys get the randomized comparer of
        // KeyComparers.ForUntrustedKeys (SECURITY.md, hash flooding), string keys the default (randomized on .NET).
        var imported = (Modern.Everything)Importers.Create().Import(RealBinaryFormatter.Serialize(LegacyCorpus.LegacyEverything()))!;

        imported.AddressById!.Comparer.Should().BeSameAs(KeyComparers.ForUntrustedKeys<int>());
        imported.AddressById.Keys.Should().Equal(7);
        imported.Counts!.Comparer.Should().BeSameAs(EqualityComparer<string>.Default);
        imported.Names!.Comparer.Should().BeSameAs(EqualityComparer<string>.Default);
    }

    [Fact]
    public void Import_SharedReference_ComesBackAsOneInstance()
    {
        var customer = (Modern.Customer)Importers.Create().Import(RealBinaryFormatter.Serialize(LegacyCorpus.LegacyCustomer()))!;

        customer.Home.Should().NotBeNull();
        customer.Billing.Should().BeSameAs(customer.Home);
    }

    [Fact]
    public void Import_Cycle_ComesBackAsACycle_AndRoundTripsWithItsShape_BecauseNodeIsTracked()
    {
        CustomBinaryFormatter formatter = Importers.CreateFormatter();
        var root = (Modern.Node)new BinaryFormatterImporter(formatter, Importers.CreateOptions()).Import(RealBinaryFormatter.Serialize(LegacyCorpus.LegacyTree()))!;

        Modern.Node left = root.Children![0], right = root.Children[1];
        left.Next.Should().BeSameAs(right);
        right.Next.Should().BeSameAs(left);
        left.Children![0].Should().BeSameAs(right.Children![0]);

        // Modern.Node is reference-tracked (docs/FORMAT.md section 3d): the record keeps the cycle and the shared leaf.
        var back = formatter.Deserialize<Modern.Node>(formatter.SerializeToArray(root));
        Modern.Node backLeft = back.Children![0], backRight = back.Children[1];
        backLeft.Next.Should().BeSameAs(backRight);
        backRight.Next.Should().BeSameAs(backLeft);
        backLeft.Children![0].Should().BeSameAs(backRight.Children![0]);
        backLeft.Children[0].Name.Should().Be("leaf");
    }

    [Fact]
    public void Import_ImportedGraphWithoutCycles_RoundTripsThroughFastSerialization()
    {
        CustomBinaryFormatter formatter = Importers.CreateFormatter();
        var order = (Modern.Order)new BinaryFormatterImporter(formatter, Importers.CreateOptions()).Import(RealBinaryFormatter.Serialize(LegacyCorpus.LegacyOrder()))!;

        object copy = formatter.Deserialize(formatter.SerializeToArray(order));

        copy.Should().BeEquivalentTo(LegacyCorpus.ModernOrder());
    }

    [Fact]
    public void ImportAll_SeveralPayloadsInOneNonSeekableStream_ReadsEachInTurn()
    {
        var all = new MemoryStream();
        for (int i = 0; i < 5; i++)
        {
            byte[] payload = RealBinaryFormatter.Serialize(LegacyCorpus.LegacyOrder(i));
            all.Write(payload, 0, payload.Length);
        }

        var imported = Importers.Create().ImportAll(new ForwardOnlyStream(all.ToArray())).ToList();

        imported.Should().HaveCount(5);
        imported.Cast<Modern.Order>().Select(o => o.Number).Should().Equal(0, 1, 2, 3, 4);
        imported[4].Should().BeEquivalentTo(LegacyCorpus.ModernOrder(4));
    }

    [Fact]
    public void ImportOfT_RootOfAnotherType_ThrowsFastSerializationException()
    {
        byte[] payload = RealBinaryFormatter.Serialize(LegacyCorpus.LegacyAddress());

        var import = () => Importers.Create().Import<Modern.Order>(new MemoryStream(payload));

        import.Should().Throw<FastSerializationException>().WithMessage("*Legacy.Address*Modern.Order*");
    }

    [Fact]
    public void Import_BytesAfterThePayload_ThrowFastSerializationException()
    {
        byte[] payload = RealBinaryFormatter.Serialize(LegacyCorpus.LegacyAddress());

        var import = () => Importers.Create().Import(payload.Concat(new byte[] { 0 }).ToArray());

        import.Should().Throw<FastSerializationException>().WithMessage("*1 bytes follow*");
    }
}

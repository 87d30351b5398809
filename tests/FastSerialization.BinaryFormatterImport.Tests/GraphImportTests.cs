using System;
using System.IO;
using System.Linq;
using FastSerialization.BinaryFormatterImport.Tests.Corpus;
using FastSerialization.BinaryFormatterImport.Tests.Hostile;
using FluentAssertions;
using Xunit;

namespace FastSerialization.BinaryFormatterImport.Tests;

/// <summary>
/// Object graphs of real BinaryFormatter payloads (shared objects, back-pointers, a ring of three) through the whole
/// migration path: BinaryFormatter bytes, the importer, a FastSerialization record, read back with the same shape when
/// the new types are reference-tracked (docs/FORMAT.md section 3d); and the cycles the formatter could not write,
/// refused at import with a message that names the type to track.
/// </summary>
public class GraphImportTests
{
    public static TheoryData<string> Bindings => new(Importers.Bindings);

    /// <summary>The committed golden payload: what the real BinaryFormatter wrote for <see cref="LegacyCorpus.LegacyLedger"/>.</summary>
    private static byte[] GoldenGraph() => File.ReadAllBytes(GoldenFiles.OutputPath("graph"));

    /// <summary>Converts the payload with <paramref name="binding"/>'s importer and reads the one record back.</summary>
    private static Modern.Ledger ConvertAndReadBack(string binding, byte[] payload)
    {
        BinaryFormatterImporter importer = Importers.Create(binding);
        var records = new MemoryStream();
        BinaryFormatterConversionResult result = new BinaryFormatterConverter(importer).Convert(new MemoryStream(payload), records);
        result.RecordsWritten.Should().Be(1);

        return importer.Formatter.Deserialize<Modern.Ledger>(records.ToArray());
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Convert_GoldenGraph_ReadBack_SharesTheCustomerAmongItsOrders(string binding)
    {
        Modern.Ledger ledger = ConvertAndReadBack(binding, GoldenGraph());

        ledger.Orders.Should().HaveCount(3);
        Modern.GraphCustomer customer = ledger.Orders![0].Customer!;
        customer.Name.Should().Be("Ada");
        ledger.Orders[1].Customer.Should().BeSameAs(customer);
        ledger.Orders[2].Customer.Should().BeSameAs(customer);
        customer.Orders.Should().HaveCount(3);
        for (int i = 0; i < 3; i++)
        {
            customer.Orders![i].Should().BeSameAs(ledger.Orders[i], "the customer's orders and the ledger's are the same three objects");
        }
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Convert_GoldenGraph_ReadBack_LinesPointBackToTheirOwnOrder(string binding)
    {
        Modern.Ledger ledger = ConvertAndReadBack(binding, GoldenGraph());

        foreach (Modern.GraphOrder order in ledger.Orders!)
        {
            order.Lines.Should().HaveCount(order.Number);
            order.Lines!.Should().OnlyContain(line => ReferenceEquals(line.Order, order));
            order.Lines!.Select(line => line.Sku).Should().Equal(Enumerable.Range(0, order.Number).Select(i => $"SKU-{order.Number}-{i}"));
        }
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Convert_GoldenGraph_ReadBack_ClosesTheRingOfThree(string binding)
    {
        Modern.Station a = ConvertAndReadBack(binding, GoldenGraph()).Ring!;
        Modern.Station b = a.Next!, c = b.Next!;

        new[] { a.Name, b.Name, c.Name }.Should().Equal("a", "b", "c");
        c.Next.Should().BeSameAs(a);
        b.Should().NotBeSameAs(a);
        c.Should().NotBeSameAs(a).And.NotBeSameAs(b);
    }

    [Fact]
    public void Import_GoldenGraph_IsTheGraphBinaryFormatterWrites()
    {
        // The golden file holds what BinaryFormatter writes for the corpus graph today (GoldenPayloadTests) and is
        // imported with its identity: the same three orders in the ledger and in the customer.
        var ledger = (Modern.Ledger)Importers.Create().Import(GoldenGraph())!;

        ledger.Orders!.Select(o => o.Customer).Distinct().Should().ContainSingle();
        ledger.Orders![0].Customer!.Orders.Should().Equal(ledger.Orders, (x, y) => ReferenceEquals(x, y));
    }

    /// <summary>
    /// The record the converter writes for a ring of three generated, tracked stations (Modern.Station, id 11): docs/GENERATOR.md
    /// and docs/MIGRATION.md show these bytes. The record is object 0; b and c are new (R = 1); c's Next is object 0 (R = 2).
    /// </summary>
    [Fact]
    public void Convert_RingOfThree_WritesTheDocumentedBytes()
    {
        var a = new Legacy.Station { Name = "a" };
        a.Next = new Legacy.Station { Name = "b", Next = new Legacy.Station { Name = "c", Next = a } };
        var records = new MemoryStream();

        new BinaryFormatterConverter(Importers.Create()).Convert(new MemoryStream(RealBinaryFormatter.Serialize(a)), records);

        records.ToArray().Should().Equal(
            0x0C, 0x00, 0x00, 0x00, 0x0B, // length 12, type id 11
            0x02, 0x61, // Name "a"
            0x01, 0x08, 0x02, 0x62, // Next: R = 1 (new: object 1), L = 8, Name "b"
            0x01, 0x04, 0x02, 0x63, // b.Next: R = 1 (new: object 2), L = 4, Name "c"
            0x02); // c.Next: R = 2, object 0
    }

    /// <summary>The ring's bytes as docs/GENERATOR.md and docs/MIGRATION.md print them: so that the docs cannot drift from the code.</summary>
    [Theory]
    [InlineData("GENERATOR.md")]
    [InlineData("MIGRATION.md")]
    public void Docs_RingOfThreeBytes_AreWhatTheConverterWrites(string document)
    {
        string path = GoldenFiles.RepositoryFile("docs", document);
        byte[] documented = DocumentedBytes(File.ReadAllLines(path), firstLineStart: "0C 00 00 00");
        var a = new Legacy.Station { Name = "a" };
        a.Next = new Legacy.Station { Name = "b", Next = new Legacy.Station { Name = "c", Next = a } };
        var records = new MemoryStream();

        new BinaryFormatterConverter(Importers.Create()).Convert(new MemoryStream(RealBinaryFormatter.Serialize(a)), records);

        documented.Should().HaveCount(16, $"{document} shows the ring's 16 bytes in a code block starting with 0C 00 00 00");
        records.ToArray().Should().Equal(documented);
    }

    /// <summary>
    /// The bytes of the code block whose first line starts with <paramref name="firstLineStart"/>: each line's leading run of
    /// two-digit hex tokens (the comments after them are left out), up to the block's end.
    /// </summary>
    private static byte[] DocumentedBytes(string[] lines, string firstLineStart)
    {
        int start = Array.FindIndex(lines, line => line.StartsWith(firstLineStart, StringComparison.Ordinal));
        start.Should().BeGreaterThanOrEqualTo(0, $"a line starts with {firstLineStart}");
        var bytes = new System.Collections.Generic.List<byte>();
        for (int i = start; i < lines.Length && !lines[i].StartsWith("```", StringComparison.Ordinal); i++)
        {
            foreach (string token in lines[i].Split(' ', StringSplitOptions.RemoveEmptyEntries))
            {
                if (token.Length != 2 || !byte.TryParse(token, System.Globalization.NumberStyles.HexNumber, null, out byte value))
                {
                    break;
                }

                bytes.Add(value);
            }
        }

        return bytes.ToArray();
    }

    // ---- Cycles the formatter could not write ----

    private static BinaryFormatterImporter UntrackedStationImporter(string binding)
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Modern.UntrackedStation>(1);
        return Importers.Create(binding, formatter, new BinaryFormatterImportOptions().MapType<Modern.UntrackedStation>("Legacy.Station"));
    }

    private static byte[] Ring()
    {
        var a = new Legacy.Station { Name = "a" };
        a.Next = new Legacy.Station { Name = "b", Next = new Legacy.Station { Name = "c", Next = a } };
        return RealBinaryFormatter.Serialize(a);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Import_RingIntoAnUntrackedType_IsRefused_NamingTheTypeToTrack(string binding)
    {
        Action import = () => UntrackedStationImporter(binding).Import(Ring());

        import.Should().Throw<FastSerializationException>()
            .Which.Message.Should().Contain("Modern.UntrackedStation").And.Contain("[BinarySerializable(TrackReferences = true)]")
            .And.Contain("at root:").And.Contain(".Next (a Modern.UntrackedStation), then .Next (a Modern.UntrackedStation), then .Next");
    }

    [Fact]
    public void Convert_RingIntoAnUntrackedType_IsRefusedAtImport_NotAtTheDepthLimit()
    {
        var records = new MemoryStream();

        Action convert = () => new BinaryFormatterConverter(UntrackedStationImporter(Importers.Mixed)).Convert(new MemoryStream(Ring()), records);

        convert.Should().Throw<FastSerializationException>()
            .Which.Message.Should().Contain("TrackReferences = true").And.NotContain("deeper than");
        records.Length.Should().Be(0);
    }

    [Fact]
    public void UntrackedRing_IsWhatTheFormatterCannotWrite()
    {
        // Why the import refuses it: written as values, the ring goes round until the depth limit.
        var a = new Modern.UntrackedStation { Name = "a" };
        a.Next = new Modern.UntrackedStation { Name = "b", Next = new Modern.UntrackedStation { Name = "c", Next = a } };
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Modern.UntrackedStation>(1);

        Action write = () => formatter.SerializeToArray(a);

        write.Should().Throw<FastSerializationException>().WithMessage("*depth*");
    }

    [Fact]
    public void Import_SelfReferenceIntoAnUntrackedType_IsRefused()
    {
        // Built by hand: a station whose Next is itself (record 1 refers to record 1).
        byte[] payload = new NrbfBuilder().Header()
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .ClassWithObjectMember(1, "Legacy.Station", 2, "Next").MemberReference(1)
            .End().ToArray();

        Action import = () => UntrackedStationImporter(Importers.Mixed).Import(payload);

        import.Should().Throw<FastSerializationException>()
            .Which.Message.Should().Contain("the Modern.UntrackedStation there reaches itself again through .Next (a Modern.UntrackedStation)");
    }

    [Fact]
    public void Import_SelfReferenceIntoATrackedType_ReadsBackAsItself()
    {
        byte[] payload = new NrbfBuilder().Header()
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .ClassWithObjectMember(1, "Legacy.Station", 2, "Next").MemberReference(1)
            .End().ToArray();
        BinaryFormatterImporter importer = Importers.Create();

        var station = (Modern.Station)importer.Import(payload)!;
        Modern.Station back = importer.Formatter.Deserialize<Modern.Station>(importer.Formatter.SerializeToArray(station));

        station.Next.Should().BeSameAs(station);
        back.Next.Should().BeSameAs(back);
    }

    [Theory]
    [MemberData(nameof(Bindings))]
    public void Import_RingThroughATrackedTypeBuiltByItsConstructor_IsRefused_NamingIt(string binding)
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Modern.FrozenStation>(1);
        BinaryFormatterImporter importer = Importers.Create(binding, formatter, new BinaryFormatterImportOptions().MapType<Modern.FrozenStation>("Legacy.Station"));

        Action import = () => importer.Import(Ring());

        import.Should().Throw<FastSerializationException>()
            .Which.Message.Should().Contain("refers back to the Modern.FrozenStation at root, which holds it")
            .And.Contain("through its constructor").And.Contain("root.Next.Next.Next");
    }

    [Fact]
    public void Import_TrackedTypeBuiltByItsConstructor_SharedWithoutACycle_IsAccepted()
    {
        // Station b is reached twice (from the array and from a), with no cycle: sharing a constructor-built object is fine.
        var b = new Legacy.Station { Name = "b" };
        var a = new Legacy.Station { Name = "a", Next = b };
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Modern.FrozenStation>(1);
        BinaryFormatterImporter importer = Importers.Create(Importers.Mixed, formatter, new BinaryFormatterImportOptions().MapType<Modern.FrozenStation>("Legacy.Station"));

        var stations = (Modern.FrozenStation[])importer.Import<Modern.FrozenStation[]>(new MemoryStream(RealBinaryFormatter.Serialize(new[] { a, b })))!;

        stations[0].Next.Should().BeSameAs(stations[1]);
    }

    [Theory]
    [InlineData(Importers.Mixed)]
    [InlineData(Importers.Reflection)]
    public void Import_RingClosingThroughAMemberMarkedTrackReference_IsAccepted_WhereTheImporterHasReflection(string binding)
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Modern.MemberTrackedStation>(1);
        BinaryFormatterImporter importer = Importers.Create(binding, formatter, new BinaryFormatterImportOptions().MapType<Modern.MemberTrackedStation>("Legacy.Station"));

        var a = (Modern.MemberTrackedStation)importer.Import(Ring())!;
        Modern.MemberTrackedStation back = formatter.Deserialize<Modern.MemberTrackedStation>(formatter.SerializeToArray(a));

        a.Next!.Next!.Next.Should().BeSameAs(a);
        // The record's own type is not tracked, so it is not object 0: the ring closes through a second copy of a,
        // whose Next is b again.
        back.Next!.Next!.Next!.Name.Should().Be("a");
        back.Next.Next.Next.Next.Should().BeSameAs(back.Next);
    }

    [Fact]
    public void Import_RingClosingThroughAMemberMarkedTrackReference_IsRefusedByTheImporterWithoutReflection_SayingWhy()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Modern.MemberTrackedStation>(1);
        BinaryFormatterImporter importer = BinaryFormatterImporter.UsingGeneratedBinders(formatter, new BinaryFormatterImportOptions().MapType<Modern.MemberTrackedStation>("Legacy.Station"));

        Action import = () => importer.Import(Ring());

        import.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("UsingGeneratedBinders");
    }

    [Fact]
    public void Import_SharedObjectThroughUntrackedMembers_StaysShared_AndIsWrittenOncePerReference()
    {
        // Legacy.Customer's Home and Billing are one address; Modern.Address is not tracked: no cycle, so the import
        // keeps the one instance, and the formatter writes it twice (two equal addresses when read back).
        BinaryFormatterImporter importer = Importers.Create();
        var customer = (Modern.Customer)importer.Import(RealBinaryFormatter.Serialize(LegacyCorpus.LegacyCustomer()))!;
        Modern.Customer back = importer.Formatter.Deserialize<Modern.Customer>(importer.Formatter.SerializeToArray(customer));

        customer.Billing.Should().BeSameAs(customer.Home);
        back.Billing.Should().NotBeSameAs(back.Home).And.BeEquivalentTo(back.Home);
    }

    // ---- Hostile payloads ----

    [Fact]
    public void Import_OrderWhoseCustomerIsARecordNeverDefined_IsRefusedWithItsPath()
    {
        byte[] payload = new NrbfBuilder().Header()
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .ClassWithObjectMember(1, "Legacy.GraphOrder", 2, "Customer").MemberReference(99)
            .End().ToArray();

        Action import = () => Importers.Create().Import<Modern.GraphOrder>(new MemoryStream(payload));

        import.Should().Throw<FastSerializationException>().Which.Message.Should().Contain("root.Customer").And.Contain("Invalid member reference");
    }

    [Fact]
    public void Import_OrderWhoseCustomerIsAStation_IsRefused_NamingBothTypes()
    {
        // The reference resolves, to a record of a type that cannot go into the member.
        byte[] payload = new NrbfBuilder().Header()
            .Library(2, "FastSerialization.BinaryFormatterImport.Tests")
            .ClassWithObjectMember(1, "Legacy.GraphOrder", 2, "Customer").MemberReference(3)
            .ClassWithObjectMember(3, "Legacy.Station", 2, "Next").MemberReference(1)
            .End().ToArray();

        Action import = () => Importers.Create().Import<Modern.GraphOrder>(new MemoryStream(payload));

        import.Should().Throw<FastSerializationException>()
            .Which.Message.Should().Contain("root.Customer").And.Contain("Modern.Station").And.Contain("Modern.GraphCustomer");
    }
}

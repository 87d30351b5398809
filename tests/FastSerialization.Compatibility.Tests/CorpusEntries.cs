using System;
using System.Collections.Generic;
using System.Linq;
using FastSerialization.Tests.Shared;
using FluentAssertions;

namespace FastSerialization.Compatibility.Tests;

/// <summary>
/// One value of the corpus: a name (its file is records/{name}.bin), the formatter it is written and read with (the
/// registrations its sample or document makes), the value, and what "read back as written" means for its type.
/// </summary>
/// <remarks>
/// The values are fixed here, not taken from the samples' programs: what a release wrote must be compared with what it
/// was given. A member appended to one of these types later is absent from the old bytes and reads as its default, so
/// the value below must not set it (or the check must expect the default): that is the contract of section 4.
/// </remarks>
public sealed class CorpusEntry
{
    public CorpusEntry(string name, Func<CustomBinaryFormatter> newFormatter, Func<object> value, Action<object, object>? check = null, Func<CustomBinaryFormatter, byte[], object>? readUnframed = null)
    {
        Name = name;
        ReadUnframed = readUnframed;
        NewFormatter = newFormatter;
        Value = value;
        Check = check ?? ((read, expected) => read.Should().BeEquivalentTo(expected, o => o.RespectingRuntimeTypes().WithStrictOrdering()));
    }

    public string Name { get; }

    public Func<CustomBinaryFormatter> NewFormatter { get; }

    public Func<object> Value { get; }

    /// <summary>Asserts that the first argument (read) equals the second (as written).</summary>
    public Action<object, object> Check { get; }

    /// <summary>For a type also sent unframed (a gRPC message): how to read its unframed bytes (unframed/{name}.bin).</summary>
    public Func<CustomBinaryFormatter, byte[], object>? ReadUnframed { get; }

    public override string ToString() => Name;
}

/// <summary>Every value of the corpus: one of each type the samples, the documentation and the shared test models declare.</summary>
public static class CorpusEntries
{
    /// <summary>A registry of every type id and type of the Quickstart sample, as its Program.cs registers them.</summary>
    public static CustomBinaryFormatter QuickstartFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Quickstart.Customer>(1);
        formatter.Register<Quickstart.Order>(2);
        formatter.Register<Quickstart.ShippingLabel>(3);
        return formatter;
    }

    public static Quickstart.Customer QuickstartCustomer() =>
        new() { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = 7 };

    public static Quickstart.Order QuickstartOrder() =>
        new(new Guid("0b5c3a52-7d5e-4a9b-9c1e-2f6a8d4e1b37"), new DateTime(2026, 11, 28, 1, 2, 3, 456, DateTimeKind.Utc), QuickstartCustomer(), ["2 x tea", "1 x kettle"], 41.95m);

    public static Quickstart.ShippingLabel QuickstartLabel() => new() { Recipient = "John Smith", ParcelCount = 2 };

    public static IReadOnlyList<CorpusEntry> All { get; } =
    [
        // samples/Quickstart: generated class and record, and a hand-written ICustomBinarySerializable.
        new("quickstart.customer", QuickstartFormatter, QuickstartCustomer),
        new("quickstart.order", QuickstartFormatter, QuickstartOrder),
        new("quickstart.shipping-label", QuickstartFormatter, QuickstartLabel),

        // samples/IpcDemo: the messages of the main demo, under the ids of its Registry.
        new("ipcdemo.trade", IpcDemo.Registry.Create, () => IpcTrade(1)),
        new("ipcdemo.trade-without-side", IpcDemo.Registry.Create, () => new IpcDemo.Trade { TimeNs = 1, Price = 0.5, Amount = -1, Side = null }),
        new("ipcdemo.customer", IpcDemo.Registry.Create, () => new IpcDemo.Customer { LastName = "Lovelace", FirstName = "Ada", Address = "12 St James's Square", Age = 36, Code = -4 }),
        new("ipcdemo.stream-end", IpcDemo.Registry.Create, () => new IpcDemo.StreamEnd { Trades = 1_000_000, Customers = 3, PriceSum = 12345.678 }),
        new("ipcdemo.receive-mode", IpcDemo.Registry.Create, () => new IpcDemo.ReceiveMode { Batches = true }),
        new("ipcdemo.ping", IpcDemo.Registry.Create, () => new IpcDemo.Ping { Id = 7 }),
        new("ipcdemo.pong", IpcDemo.Registry.Create, () => new IpcDemo.Pong { Id = long.MinValue }),

        // samples/GrpcDemo: the contract's messages.
        new("grpcdemo.trade-request", GrpcDemo.TradeContract.NewFormatter, () => new GrpcDemo.TradeRequest { Symbol = "MSFT", Count = 3 },
            readUnframed: (f, bytes) => f.DeserializeUnframed<GrpcDemo.TradeRequest>(bytes)),
        new("grpcdemo.trade", GrpcDemo.TradeContract.NewFormatter, () => new GrpcDemo.Trade { Id = 42, Symbol = "AAPL", Price = 189.25, Quantity = -100, TimeUnixMs = 1_795_000_000_000, Buy = true },
            readUnframed: (f, bytes) => f.DeserializeUnframed<GrpcDemo.Trade>(bytes)),

        // samples/Migration: today's types of the shop, as its Program.cs registers them.
        new("migration.customer", MigrationFormatter, () => new Shop.Customer { Name = "Grace", Tier = Shop.Tier.Gold, CustomerSince = new DateTime(1999, 12, 31, 23, 59, 59, DateTimeKind.Utc) }),
        new("migration.invoice", MigrationFormatter, () => new Shop.Invoice
        {
            Number = 5_000_000_000,
            BilledTo = new Shop.Customer { Name = "Grace", Tier = Shop.Tier.Silver, CustomerSince = new DateTime(2001, 2, 3, 0, 0, 0, DateTimeKind.Local) },
            Amounts = [1.5m, -0.01m, 79228162514264337593543950335m],
            Notes = new Dictionary<string, string> { ["gift"] = "yes" },
            PaidUtc = new DateTime(2026, 1, 2, 3, 4, 5, DateTimeKind.Utc),
            Currency = "CHF",
        }),

        // samples/AotDemo: the one imported type that is also generated.
        new("aotdemo.address", () => Single<Imported.Address>(), () => new Imported.Address { Street = "Rue de la Paix 1", City = "Paris", Zip = 75002 }),

        // samples/AotDemo (Types.cs): a class of nested objects and a fixed-layout array, a record built through its
        // constructor, a hand-written type, under Program.cs's ids; the fixed-layout struct of its record file, under that file's.
        new("aotdemo.invoice", AotDemoFormatter, AotDemoInvoice),
        new("aotdemo.stamp", AotDemoFormatter, () => new global::Stamp("signed", new DateTime(2026, 11, 23, 12, 0, 0, DateTimeKind.Utc)), (read, expected) =>
        {
            read.Should().Be(expected);
            ((global::Stamp)read).At.Kind.Should().Be(DateTimeKind.Utc);
        }),
        new("aotdemo.note", AotDemoFormatter, () => new global::Note { Text = "hand-written", Priority = 2 }),
        new("aotdemo.fill", AotDemoFillFormatter, () => new global::Fill { Time = 7, Price = 3.5, Size = 42 }),

        // samples/RecordFiles (Trade.cs): the packed trade (also in a record file, Corpus.RecordFileOfTrades).
        new("recordfiles.trade", RecordFilesFormatter, () => RecordFilesTrade(7)),

        // tests/Shared: the models every path of the test suites sends.
        new("shared.every-base-library-type", EveryBaseLibraryType.NewFormatter, () => EveryBaseLibraryType.Sample(3),
            (read, expected) => ((EveryBaseLibraryType)read).ShouldEqualWhatWasWritten((EveryBaseLibraryType)expected)),
        new("shared.same-bytes-on-every-build", () => Single<SameBytesOnEveryBuild>(), SameBytesOnEveryBuild.Sample, (read, expected) =>
        {
            // A hash set's order is not data (a set read back may enumerate in another order); every other member's is.
            var r = (SameBytesOnEveryBuild)read;
            var e = (SameBytesOnEveryBuild)expected;
            r.Hashed.Should().BeEquivalentTo(e.Hashed);
            r.Hashed = null;
            e.Hashed = null;
            SameRecordToday<SameBytesOnEveryBuild>(r, e);
        }),
        new("shared.tracked-department", TrackedDepartment.NewFormatter, () => TrackedDepartment.Build(7, 3), (read, _) =>
        {
            var department = (TrackedDepartment)read;
            department.Name.Should().Be("Engineering");
            department.ShouldHaveTheShapeOf(7, 3);
            department.Managers!.Select(m => m.Name).Should().Equal("manager 0", "manager 1", "manager 2");
        }),

        // README.md, docs/GENERATOR.md, docs/MIGRATION.md, docs/ANALYZERS.md: the examples' types (DocumentedTypes.cs).
        new("docs.readme.hand-written-customer", () => Single<Docs.Readme.Customer>(), () => new Docs.Readme.Customer { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = 7 }),
        new("docs.generator.customer", () => Single<Docs.Generator.Customer>(), () => new Docs.Generator.Customer { LastName = "Smith", FirstName = "John", Address = "1 Main Street", Age = 35, Code = 7 }),
        new("docs.generator.board", () => Single<Docs.Generator.Board>(), Board, (read, expected) =>
        {
            var board = (Docs.Generator.Board)read;
            board.Scores.Should().Equal(((Docs.Generator.Board)expected).Scores);
            board.Scores.Comparer.Should().BeSameAs(StringComparer.OrdinalIgnoreCase, "the member's [BinaryComparer] rebuilds it");
            board.Scores["ALICE"].Should().Be(3);
            board.Ranks.Should().Equal(9, 4, 1);
        }),
        new("docs.generator.tick-batch", () => Single<Docs.Generator.TickBatch>(), () => new Docs.Generator.TickBatch
        {
            Ticks = [new() { Time = 1, Bid = 99.5, Ask = 100.25, BidSize = 10, AskSize = 20 }, new() { Time = long.MaxValue, Bid = -0.0, Ask = double.Epsilon, BidSize = int.MinValue, AskSize = 0 }],
        }),
        new("docs.generator.department", DepartmentFormatter, Department, (read, _) =>
        {
            var department = (Docs.Generator.Department)read;
            department.Employees.Should().HaveCount(3);
            department.Employees.Should().OnlyContain(e => ReferenceEquals(e.Department, department));
            department.Employees[0].Manager.Should().BeSameAs(department.Employees[2].Manager, "a shared manager is read as one instance");
            department.Employees[0].Manager!.Name.Should().Be("Barbara");
            department.Employees[1].Manager!.Name.Should().Be("Edsger");
        }),
        new("docs.migration.customer", () => Single<Docs.Migration.Customer>(), () => new Docs.Migration.Customer { Name = "Ada" }),
        new("docs.migration.imported-customer", () => Single<Docs.Migration.ImportedCustomer>(), () => new Docs.Migration.ImportedCustomer { Name = "Ada", CustomerSince = new DateTime(1843, 9, 1, 0, 0, 0, DateTimeKind.Unspecified) }),
        new("docs.analyzers.customer", AnalyzersFormatter, () => new Docs.Analyzers.Customer { Name = "Ada", Home = new Docs.Analyzers.Address { City = "London" } }),
    ];

    /// <summary>The entry named <paramref name="name"/>; a corpus file this build no longer knows fails the test that reads it.</summary>
    public static CorpusEntry Named(string name) =>
        All.SingleOrDefault(e => e.Name == name)
        ?? throw new InvalidOperationException($"The corpus holds '{name}', which CorpusEntries.All no longer declares: a value an earlier release wrote must stay readable and checked (RELEASING.md).");

    private static IpcDemo.Trade IpcTrade(int i) => new()
    {
        TimeNs = 1_795_000_000_000_000_000UL + (ulong)i,
        Price = 101.5 + i,
        Amount = 0.25 * i,
        Exchange = 3,
        BaseCurrency = 1,
        QuoteCurrency = 2,
        Side = (byte)(i % 2),
    };

    /// <summary>The IpcDemo trades of the IPC transcript.</summary>
    public static IpcDemo.Trade TranscriptTrade(int i) => IpcTrade(i);

    /// <summary>The registrations of samples/AotDemo's Program.cs, in its first formatter.</summary>
    public static CustomBinaryFormatter AotDemoFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<global::Invoice>(1);
        formatter.Register<global::InvoiceLine>(2);
        formatter.Register<global::Stamp>(3);
        formatter.Register<global::Note>(4);
        return formatter;
    }

    /// <summary>The registration of samples/AotDemo's record file.</summary>
    public static CustomBinaryFormatter AotDemoFillFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<global::Fill>(5);
        return formatter;
    }

    /// <summary>The registration of samples/RecordFiles' Program.cs.</summary>
    public static CustomBinaryFormatter RecordFilesFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<RecordFiles.Trade>(1);
        return formatter;
    }

    /// <summary>The i-th trade of the record file of trades (and, for i = 7, the record): every member a different value.</summary>
    public static RecordFiles.Trade RecordFilesTrade(int i) => new()
    {
        Time = 1_795_000_000_000_000_000L + (i * 1_000L),
        Price = 100 + (i * 0.25),
        Quantity = 1 + (i % 97),
        Symbol = 1 + (i % 50),
        Flags = 100 + (i % 3),
    };

    private static global::Invoice AotDemoInvoice() => new()
    {
        Number = 1042,
        Customer = "Contoso",
        Lines = [new() { Sku = "A-1", Quantity = 3, Price = 9.99 }, new() { Sku = "B-7", Quantity = 1, Price = 120.5 }],
        Ticks = [new global::Tick { Time = 1, Price = 10.5, Size = 100 }, new global::Tick { Time = 2, Price = 10.75, Size = 250 }],
    };

    private static CustomBinaryFormatter Single<T>()
        where T : ICustomBinarySerializable, new()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<T>(1);
        return formatter;
    }

    private static CustomBinaryFormatter MigrationFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Shop.Customer>(1);
        formatter.Register<Shop.Invoice>(2);
        return formatter;
    }

    private static CustomBinaryFormatter DepartmentFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Docs.Generator.Department>(1);
        formatter.Register<Docs.Generator.Employee>(2);
        formatter.Register<Docs.Generator.Manager>(3);
        return formatter;
    }

    private static CustomBinaryFormatter AnalyzersFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Docs.Analyzers.Customer>(1);
        formatter.Register<Docs.Analyzers.Address>(2);
        return formatter;
    }

    private static Docs.Generator.Board Board()
    {
        var board = new Docs.Generator.Board();
        board.Scores["alice"] = 3;
        board.Scores["Bob"] = 5;
        board.Ranks.Add(4);
        board.Ranks.Add(9);
        board.Ranks.Add(1);
        return board;
    }

    private static Docs.Generator.Department Department()
    {
        var department = new Docs.Generator.Department();
        var barbara = new Docs.Generator.Manager { Name = "Barbara" };
        var edsger = new Docs.Generator.Manager { Name = "Edsger" };
        department.Employees.Add(new Docs.Generator.Employee { Manager = barbara, Department = department });
        department.Employees.Add(new Docs.Generator.Employee { Manager = edsger, Department = department });
        department.Employees.Add(new Docs.Generator.Employee { Manager = barbara, Department = department });
        return department;
    }

    /// <summary>
    /// Read back as written, for a type whose members compare badly by structure (stacks, bit arrays): today's build
    /// writes the value read and the value given to the same record.
    /// </summary>
    private static void SameRecordToday<T>(object read, object expected)
    {
        CustomBinaryFormatter formatter = Single<SameBytesOnEveryBuild>();
        Convert.ToHexString(formatter.SerializeToArray((T)read)).Should().Be(Convert.ToHexString(formatter.SerializeToArray((T)expected)));
    }
}

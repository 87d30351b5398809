using FastSerialization.BinaryFormatterImport;

namespace FastSerialization.BinaryFormatterImport.Tests.Corpus;

/// <summary>The formatter and importer the tests share: the modern types registered with stable ids.</summary>
internal static class Importers
{
    public static CustomBinaryFormatter CreateFormatter()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Modern.Address>(1);
        formatter.Register<Modern.Customer>(2);
        formatter.Register<Modern.OrderLine>(3);
        formatter.Register<Modern.Order>(4);
        formatter.Register<Modern.Node>(5);
        formatter.Register<Modern.Renamed>(6);
        formatter.Register<Modern.Widening>(7);
        formatter.Register<Modern.GraphCustomer>(8);
        formatter.Register<Modern.GraphOrder>(9);
        formatter.Register<Modern.GraphLine>(10);
        formatter.Register<Modern.Station>(11);
        formatter.Register<Modern.Ledger>(12);
        return formatter;
    }

    /// <summary>Registered types map by their [BinaryFormatterType]; the import-only ones explicitly.</summary>
    public static BinaryFormatterImportOptions CreateOptions() => new BinaryFormatterImportOptions()
        .MapType<Modern.Everything>("Legacy.Everything")
        .MapType<Modern.Holder>("Legacy.Holder")
        .MapType<Modern.Book>("Legacy.Book");

    public static BinaryFormatterImporter Create(BinaryFormatterImportOptions? options = null)
        => new(CreateFormatter(), options ?? CreateOptions());

    /// <summary>
    /// The importer of each way of binding: generated binders with reflection for the rest (the constructor), generated
    /// binders only (trimming and NativeAOT), reflection only (how types without binders are read).
    /// </summary>
    public static BinaryFormatterImporter Create(string binding, BinaryFormatterImportOptions? options = null)
        => Create(binding, CreateFormatter(), options ?? CreateOptions());

    public static BinaryFormatterImporter Create(string binding, CustomBinaryFormatter formatter, BinaryFormatterImportOptions options) => binding switch
    {
        Mixed => new BinaryFormatterImporter(formatter, options),
        Generated => BinaryFormatterImporter.UsingGeneratedBinders(formatter, options),
        Reflection => BinaryFormatterImporter.ReflectionOnly(formatter, options),
        _ => throw new System.ArgumentOutOfRangeException(nameof(binding)),
    };

    public const string Mixed = "generated binders, reflection for the rest";
    public const string Generated = "generated binders only";
    public const string Reflection = "reflection only";

    public static readonly string[] Bindings = { Mixed, Generated, Reflection };
}

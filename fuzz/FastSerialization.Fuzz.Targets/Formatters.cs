using FastSerialization.BinaryFormatterImport;
using FastSerialization.Fuzz.Models;

namespace FastSerialization.Fuzz;

/// <summary>The formatters the targets read with: every fuzz model registered, tolerant and strict.</summary>
public static class Formatters
{
    /// <summary>The registered types, by id: what the payload target picks from with its second byte.</summary>
    public static readonly System.Type[] Types =
    {
        typeof(Link), typeof(Disc), typeof(Tile), typeof(Scalars), typeof(Collections), typeof(Book), typeof(Manual), typeof(Quote), typeof(Amplifiers),
    };

    public static CustomBinaryFormatter Tolerant { get; } = Create(strict: false);

    public static CustomBinaryFormatter Strict { get; } = Create(strict: true);

    /// <summary>The graph target's reference-tracked types, by id (docs/FORMAT.md section 3d).</summary>
    public static readonly System.Type[] GraphTypes = { typeof(Web), typeof(Knot), typeof(HeavyKnot), typeof(Badge), typeof(Note), typeof(Pin) };

    /// <summary>The graph target's formatter, with the default limits.</summary>
    public static CustomBinaryFormatter Graphs { get; } = CreateGraphs(new CustomBinaryFormatterOptions());

    /// <summary>
    /// The graph target's strict formatter with a small table: at most <see cref="SmallMaxTrackedObjects"/> tracked objects
    /// a record, so that inputs reach that limit.
    /// </summary>
    public static CustomBinaryFormatter GraphsSmall { get; } =
        CreateGraphs(new CustomBinaryFormatterOptions { RejectUnreadBytes = true, MaxTrackedObjects = SmallMaxTrackedObjects });

    /// <summary>The <see cref="CustomBinaryFormatterOptions.MaxTrackedObjects"/> of <see cref="GraphsSmall"/>.</summary>
    public const int SmallMaxTrackedObjects = 8;

    /// <summary>The importer target's formatter: the types that BinaryFormatter payloads of the legacy corpus map to.</summary>
    public static CustomBinaryFormatter Imported { get; } = CreateImported();

    /// <summary>
    /// The importer target's importer, set up as the importer tests set theirs up: the registered <see cref="Imported"/>
    /// types map by their [BinaryFormatterType], the import-only ones explicitly.
    /// </summary>
    public static BinaryFormatterImporter Importer { get; } = new(
        Imported,
        new BinaryFormatterImportOptions()
            .MapType<Modern.Everything>("Legacy.Everything")
            .MapType<Modern.Holder>("Legacy.Holder")
            .MapType<Modern.Book>("Legacy.Book"));

    public static CustomBinaryFormatter Create(bool strict)
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { RejectUnreadBytes = strict });
        formatter.Register<Link>(1);
        formatter.Register<Disc>(2);
        formatter.Register<Tile>(3);
        formatter.Register<Scalars>(4);
        formatter.Register<Collections>(5);
        formatter.Register<Book>(6);
        formatter.Register<Manual>(7);
        formatter.Register<Quote>(8);
        formatter.Register<Amplifiers>(9);
        formatter.Freeze();
        return formatter;
    }

    private static CustomBinaryFormatter CreateGraphs(CustomBinaryFormatterOptions options)
    {
        var formatter = new CustomBinaryFormatter(options);
        formatter.Register<Web>(1);
        formatter.Register<Knot>(2);
        formatter.Register<HeavyKnot>(3);
        formatter.Register<Badge>(4);
        formatter.Register<Note>(5);
        formatter.Register<Pin>(6);
        formatter.Freeze();
        return formatter;
    }

    private static CustomBinaryFormatter CreateImported()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<Modern.Address>(1);
        formatter.Register<Modern.Customer>(2);
        formatter.Register<Modern.OrderLine>(3);
        formatter.Register<Modern.Order>(4);
        formatter.Register<Modern.Node>(5);
        formatter.Register<Modern.Renamed>(6);
        formatter.Register<Modern.Widening>(7);
        formatter.Freeze();
        return formatter;
    }
}

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

    /// <summary>The importer target's formatter: the types that BinaryFormatter payloads of the legacy corpus map to.</summary>
    public static CustomBinaryFormatter Imported { get; } = CreateImported();

    /// <summary>The importer target's importer: the registered <see cref="Imported"/> types map by their [BinaryFormatterType], the import-only one explicitly.</summary>
    public static BinaryFormatterImporter Importer { get; } = new(
        Imported,
        new BinaryFormatterImportOptions().MapType<ImportedEverything>("Legacy.Everything"));

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

    private static CustomBinaryFormatter CreateImported()
    {
        var formatter = new CustomBinaryFormatter();
        formatter.Register<ImportedAddress>(1);
        formatter.Register<ImportedCustomer>(2);
        formatter.Register<ImportedLine>(3);
        formatter.Register<ImportedOrder>(4);
        formatter.Register<ImportedNode>(5);
        formatter.Register<ImportedWidening>(6);
        formatter.Register<ImportedRenamed>(7);
        formatter.Freeze();
        return formatter;
    }
}

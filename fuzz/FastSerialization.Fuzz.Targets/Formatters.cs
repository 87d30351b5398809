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
}

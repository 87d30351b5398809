using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis.Text;

namespace FastSerialization.Analyzers.Layouts;

/// <summary>
/// The text of <c>BinaryLayout.Shipped.txt</c> and <c>BinaryLayout.Unshipped.txt</c>: one fact of one type per line,
/// so that a release moves lines from one file to the other and a diff shows what changed (docs/ANALYZERS.md).
/// </summary>
/// <remarks>
/// <para>The lines, the type's stable name first (as the IPC handshake names it: <c>Shop.Outer+Line</c>):</para>
/// <list type="bullet">
/// <item><c>Shop.Customer</c>: the type is recorded (also for a type without members);</item>
/// <item><c>Shop.Customer id=7</c>: the compilation registers it under the constant type id 7;</item>
/// <item><c>Shop.Point fixed=16</c>: a fixed-layout struct of 16 bytes on the wire (<c>fixed=16 evolvable</c> for an
/// evolvable one, WIRE-FORMAT.md section 3c);</item>
/// <item><c>Shop.Customer[1] Age VarInt32</c>: member 1 in wire order (from 0), its name, and its kind as
/// <c>[BinaryLayout]</c> gives it to the handshake (the rest of the line; it may hold spaces).</item>
/// </list>
/// <para>Blank lines and lines starting with <c>#</c> are ignored. The order of lines does not matter: a type's
/// facts are the union of its lines in both files.</para>
/// </remarks>
internal static class LayoutFile
{
    public const string ShippedFileName = "BinaryLayout.Shipped.txt";
    public const string UnshippedFileName = "BinaryLayout.Unshipped.txt";

    private const string IdPrefix = "id=";
    private const string FixedPrefix = "fixed=";
    private const string EvolvableFlag = "evolvable";

    /// <summary>Reads every line of a file; a line that is not an entry and not a comment comes back with its error.</summary>
    public static List<LayoutLine> Parse(SourceText text)
    {
        var lines = new List<LayoutLine>();
        foreach (TextLine line in text.Lines)
        {
            string content = line.ToString();
            string trimmed = content.Trim();
            if (trimmed.Length == 0 || trimmed[0] == '#')
            {
                continue;
            }

            lines.Add(ParseLine(trimmed, line.Span));
        }

        return lines;
    }

    private static LayoutLine ParseLine(string text, TextSpan span)
    {
        int space = text.IndexOf(' ');
        string head = space < 0 ? text : text.Substring(0, space);
        string rest = space < 0 ? string.Empty : text.Substring(space + 1).Trim();
        int bracket = head.LastIndexOf('[');
        if (head.EndsWith("]", StringComparison.Ordinal) && bracket > 0)
        {
            string type = head.Substring(0, bracket);
            string position = head.Substring(bracket + 1, head.Length - bracket - 2);
            int nameEnd = rest.IndexOf(' ');
            if (!int.TryParse(position, NumberStyles.None, CultureInfo.InvariantCulture, out int index) || nameEnd <= 0)
            {
                return LayoutLine.Malformed(text, span, "a member line is 'Type[position] Name Kind', the position a number from 0");
            }

            return new LayoutLine(LayoutLineKind.Member, type, text, span)
            {
                Position = index,
                MemberName = rest.Substring(0, nameEnd),
                MemberKind = rest.Substring(nameEnd + 1).Trim(),
            };
        }

        if (rest.Length == 0)
        {
            return new LayoutLine(LayoutLineKind.Type, head, text, span);
        }

        if (rest.StartsWith(IdPrefix, StringComparison.Ordinal))
        {
            return int.TryParse(rest.Substring(IdPrefix.Length), NumberStyles.None, CultureInfo.InvariantCulture, out int id) && id > 0
                ? new LayoutLine(LayoutLineKind.Id, head, text, span) { Id = id }
                : LayoutLine.Malformed(text, span, "a type id line is 'Type id=N', N from 1 to 2147483647");
        }

        if (rest.StartsWith(FixedPrefix, StringComparison.Ordinal))
        {
            string[] parts = rest.Substring(FixedPrefix.Length).Split(' ');
            bool evolvable = parts.Length == 2 && parts[1] == EvolvableFlag;
            return (parts.Length == 1 || evolvable) &&
                   int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out int size) && size > 0
                ? new LayoutLine(LayoutLineKind.Fixed, head, text, span) { FixedSize = size, Evolvable = evolvable }
                : LayoutLine.Malformed(text, span, "a fixed-layout line is 'Type fixed=S' or 'Type fixed=S evolvable', S the size in bytes");
        }

        return LayoutLine.Malformed(text, span, "expected 'Type', 'Type id=N', 'Type fixed=S' or 'Type[position] Name Kind'");
    }

    /// <summary>The lines that record <paramref name="layout"/>, in their canonical order.</summary>
    public static List<string> LinesOf(TypeLayout layout)
    {
        var lines = new List<string> { layout.TypeName };
        foreach (int id in layout.Ids.OrderBy(static i => i))
        {
            lines.Add(IdLine(layout.TypeName, id));
        }

        if (layout.FixedSize is int size)
        {
            lines.Add(FixedLine(layout.TypeName, size, layout.Evolvable));
        }

        for (int i = 0; i < layout.Members.Count; i++)
        {
            lines.Add(MemberLine(layout.TypeName, i, layout.Members[i].Name, layout.Members[i].Kind));
        }

        return lines;
    }

    public static string IdLine(string type, int id) => type + " " + IdPrefix + id.ToString(CultureInfo.InvariantCulture);

    public static string FixedLine(string type, int size, bool evolvable) =>
        type + " " + FixedPrefix + size.ToString(CultureInfo.InvariantCulture) + (evolvable ? " " + EvolvableFlag : string.Empty);

    public static string MemberLine(string type, int position, string name, string kind) =>
        type + "[" + position.ToString(CultureInfo.InvariantCulture) + "] " + name + " " + kind;

    /// <summary>
    /// The file's new text: the lines of each type in <paramref name="replaced"/> are replaced by the given ones (none
    /// to remove the type), every other line kept; comments stay at the top, then the entries grouped by type, types in
    /// ordinal order of their names, each type's lines in canonical order.
    /// </summary>
    public static string Rewrite(SourceText? text, IReadOnlyDictionary<string, IReadOnlyList<string>> replaced)
    {
        var comments = new List<string>();
        var byType = new SortedDictionary<string, List<LayoutLine>>(StringComparer.Ordinal);
        if (text is not null)
        {
            foreach (TextLine line in text.Lines)
            {
                string trimmed = line.ToString().Trim();
                if (trimmed.Length > 0 && trimmed[0] == '#')
                {
                    comments.Add(trimmed);
                }
            }

            foreach (LayoutLine line in Parse(text))
            {
                if (!replaced.ContainsKey(line.TypeName))
                {
                    Add(byType, line);
                }
            }
        }

        foreach (KeyValuePair<string, IReadOnlyList<string>> type in replaced)
        {
            foreach (string line in type.Value)
            {
                Add(byType, ParseLine(line, default));
            }
        }

        var sb = new StringBuilder();
        foreach (string comment in comments)
        {
            sb.Append(comment).Append('\n');
        }

        foreach (List<LayoutLine> lines in byType.Values)
        {
            foreach (LayoutLine line in lines.OrderBy(static l => l.Kind).ThenBy(static l => l.Id).ThenBy(static l => l.Position).Distinct(LineTextComparer.Instance))
            {
                sb.Append(line.Text).Append('\n');
            }
        }

        return sb.ToString();
    }

    private static void Add(SortedDictionary<string, List<LayoutLine>> byType, LayoutLine line)
    {
        if (!byType.TryGetValue(line.TypeName, out List<LayoutLine>? lines))
        {
            lines = new List<LayoutLine>();
            byType.Add(line.TypeName, lines);
        }

        lines.Add(line);
    }

    private sealed class LineTextComparer : IEqualityComparer<LayoutLine>
    {
        public static readonly LineTextComparer Instance = new();

        public bool Equals(LayoutLine? x, LayoutLine? y) => string.Equals(x?.Text, y?.Text, StringComparison.Ordinal);

        public int GetHashCode(LayoutLine obj) => StringComparer.Ordinal.GetHashCode(obj.Text);
    }
}

/// <summary>What a line of a layout file says; the order is the canonical order of a type's lines.</summary>
internal enum LayoutLineKind
{
    Type,
    Id,
    Fixed,
    Member,
    Malformed,
}

/// <summary>One line of a layout file.</summary>
internal sealed class LayoutLine
{
    public LayoutLine(LayoutLineKind kind, string typeName, string text, TextSpan span)
    {
        Kind = kind;
        TypeName = typeName;
        Text = text;
        Span = span;
    }

    public LayoutLineKind Kind { get; }

    /// <summary>The type's stable name (empty for a malformed line).</summary>
    public string TypeName { get; }

    /// <summary>The line, trimmed.</summary>
    public string Text { get; }

    /// <summary>Where the line is in its file.</summary>
    public TextSpan Span { get; }

    public int Id { get; init; }

    public int FixedSize { get; init; }

    public bool Evolvable { get; init; }

    public int Position { get; init; }

    public string MemberName { get; init; } = string.Empty;

    public string MemberKind { get; init; } = string.Empty;

    /// <summary>For a malformed line, what its form should be.</summary>
    public string? Error { get; init; }

    public static LayoutLine Malformed(string text, TextSpan span, string error) =>
        new(LayoutLineKind.Malformed, string.Empty, text, span) { Error = error };
}

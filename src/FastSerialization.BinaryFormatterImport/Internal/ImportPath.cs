using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>
/// Where the importer is in the object graph, kept as a stack of member names and indexes and turned into
/// text (<c>root.Orders[3].Customer</c>) only when an error or a callback needs it.
/// </summary>
internal sealed class ImportPath
{
    private readonly List<(string? Member, int Index)> _segments = new();

    public void PushMember(string name) => _segments.Add((name, -1));

    public void PushIndex(int index) => _segments.Add((null, index));

    public void PushKey() => _segments.Add(("<key>", -1));

    public void Pop() => _segments.RemoveAt(_segments.Count - 1);

    public void Clear() => _segments.Clear();

    /// <summary>How many segments the path has.</summary>
    public int Count => _segments.Count;

    /// <summary>The segments from <paramref name="start"/> to the end, as text (<c>.Children[2].Next</c>).</summary>
    public string Suffix(int start)
    {
        var text = new StringBuilder();
        for (int i = start; i < _segments.Count; i++)
        {
            Append(text, _segments[i]);
        }

        return text.ToString();
    }

    /// <summary>The last segment, or (empty, -1) at the root.</summary>
    public (string? Member, int Index) Last => _segments.Count == 0 ? (string.Empty, -1) : _segments[_segments.Count - 1];

    /// <summary>Appends one segment as <see cref="ToString"/> writes it.</summary>
    public static void Append(StringBuilder text, (string? Member, int Index) segment)
    {
        if (segment.Member is null)
        {
            text.Append('[').Append(segment.Index.ToString(CultureInfo.InvariantCulture)).Append(']');
        }
        else if (segment.Member.Length > 0)
        {
            text.Append('.').Append(segment.Member);
        }
    }

    public override string ToString()
    {
        var text = new StringBuilder("root");
        foreach ((string? Member, int Index) segment in _segments)
        {
            Append(text, segment);
        }

        return text.ToString();
    }
}

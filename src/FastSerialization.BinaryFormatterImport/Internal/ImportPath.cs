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

    public override string ToString()
    {
        var text = new StringBuilder("root");
        foreach ((string? member, int index) in _segments)
        {
            if (member is null)
            {
                text.Append('[').Append(index.ToString(CultureInfo.InvariantCulture)).Append(']');
            }
            else
            {
                text.Append('.').Append(member);
            }
        }

        return text.ToString();
    }
}

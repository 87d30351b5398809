using System.Globalization;
using System.Text;

namespace FastSerialization.Generator;

/// <summary>Builds generated source line by line with four-space indentation and '\n' line ends.</summary>
internal sealed class IndentedWriter
{
    private readonly StringBuilder _builder = new();
    private int _indent;

    public void Line(string text = "")
    {
        if (text.Length > 0)
        {
            _builder.Append(' ', _indent * 4);
            _builder.Append(text);
        }

        _builder.Append('\n');
    }

    public void Line(string format, params object[] args) => Line(string.Format(CultureInfo.InvariantCulture, format, args));

    public void Open(string text)
    {
        Line(text);
        Line("{");
        _indent++;
    }

    public void Open()
    {
        Line("{");
        _indent++;
    }

    public void Close(string closing = "}")
    {
        _indent--;
        Line(closing);
    }

    public override string ToString() => _builder.ToString();
}

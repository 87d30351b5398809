using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Analyzers.Tests;

/// <summary>FSA001: where the analyzer reports BinaryFormatter, and where it must not.</summary>
public class BinaryFormatterUsageTests
{
    [Fact]
    public async Task Construction_Serialize_And_Deserialize_AreEachReported()
    {
        const string source = """
            using System.IO;
            using System.Runtime.Serialization.Formatters.Binary;

            public static class Store
            {
                public static object RoundTrip(object value)
                {
                    var formatter = new BinaryFormatter();
                    using var stream = new MemoryStream();
                    formatter.Serialize(stream, value);
                    stream.Position = 0;
                    return formatter.Deserialize(stream);
                }
            }
            """;

        ImmutableArray<Diagnostic> diagnostics = await AnalyzerHarness.DiagnosticsAsync(AnalyzerHarness.Project(source));

        diagnostics.Select(d => (d.Id, d.Location.SourceTree!.GetText().ToString(d.Location.SourceSpan), d.Severity)).Should().Equal(
            ("FSA001", "new BinaryFormatter()", DiagnosticSeverity.Warning),
            ("FSA001", "formatter.Serialize(stream, value)", DiagnosticSeverity.Warning),
            ("FSA001", "formatter.Deserialize(stream)", DiagnosticSeverity.Warning));
        diagnostics[1].GetMessage().Should().StartWith("'BinaryFormatter.Serialize' uses BinaryFormatter");
    }

    [Fact]
    public async Task FullyQualifiedUse_ThroughAField_IsReported()
    {
        const string source = """
            public class Cache
            {
                private readonly System.Runtime.Serialization.Formatters.Binary.BinaryFormatter _formatter =
                    new System.Runtime.Serialization.Formatters.Binary.BinaryFormatter();

                public void Save(System.IO.Stream s, object o) => _formatter.Serialize(s, o);
            }
            """;

        ImmutableArray<Diagnostic> diagnostics = await AnalyzerHarness.DiagnosticsAsync(AnalyzerHarness.Project(source));

        diagnostics.Select(d => d.Id).Should().Equal("FSA001", "FSA001");
    }

    [Fact]
    public async Task ATypeNamedBinaryFormatter_InAnotherNamespace_IsNotReported()
    {
        const string source = """
            namespace Legacy.Tools
            {
                public sealed class BinaryFormatter
                {
                    public void Serialize(System.IO.Stream s, object o) { }
                    public object Deserialize(System.IO.Stream s) => new object();
                }

                public static class Use
                {
                    public static object Go(System.IO.Stream s)
                    {
                        var f = new BinaryFormatter();
                        f.Serialize(s, 1);
                        return f.Deserialize(s);
                    }
                }
            }
            """;

        (await AnalyzerHarness.DiagnosticsAsync(AnalyzerHarness.Project(source))).Should().BeEmpty();
    }

    [Fact]
    public async Task CustomBinaryFormatter_IsNotReported()
    {
        const string source = """
            using System.IO;
            using FastSerialization;

            public static class Store
            {
                public static object RoundTrip(CustomBinaryFormatter formatter, Stream stream, object value)
                {
                    formatter.Serialize(stream, (object)1);
                    return formatter.Deserialize(stream);
                }
            }
            """;

        (await AnalyzerHarness.DiagnosticsAsync(AnalyzerHarness.Project(source))).Should().BeEmpty();
    }
}

using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>
/// A netstandard2.0 project may hold an older System.Collections.Immutable package: without
/// <c>ImmutableCollectionsMarshal</c> (before 8.0), or without <c>ImmutableArray&lt;T&gt;.AsSpan()</c> too. The code generated for
/// an <c>ImmutableArray&lt;T&gt;</c> member then does without them (a copy instead of a wrap; element by element instead of a
/// block, the same bytes), and still compiles. Here the package is stood in for by a small in-memory assembly of that name
/// holding only what such a version has.
/// </summary>
public class OlderImmutableCollectionsTests
{
    private const string Model = """
        using System.Collections.Immutable;
        using FastSerialization;
        [BinarySerializable]
        public partial class Holder
        {
            public ImmutableArray<int> Ints { get; set; }

            public ImmutableArray<string> Strings { get; set; }
        }
        """;

    private const string OlderImmutable = """
        namespace System.Collections.Immutable
        {
            public readonly struct ImmutableArray<T> : System.Collections.Generic.IEnumerable<T>
            {
                internal readonly T[]? array;
                internal ImmutableArray(T[] items) { array = items; }
                public bool IsDefault => array == null;
                public int Length => array!.Length;
                public T this[int index] => array![index];
                SPAN
                public System.Collections.Generic.IEnumerator<T> GetEnumerator() => ((System.Collections.Generic.IEnumerable<T>)array!).GetEnumerator();
                System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
            }

            public static class ImmutableArray
            {
                public static ImmutableArray<T> Create<T>(params T[] items) => new ImmutableArray<T>((T[])items.Clone());
            }
        }
        """;

    [Fact]
    public void WithoutTheMarshal_TheArrayReadIsCopied_AndPrimitivesStillWriteAsOneBlock()
    {
        string generated = Generate(OlderImmutable.Replace("SPAN", "public System.ReadOnlySpan<T> AsSpan() => array;"));

        generated.Should().NotContain("ImmutableCollectionsMarshal");
        generated.Should().Contain("writer.WriteArray<int>(__s0.AsSpan());");
        generated.Should().Contain("this.Ints = __a0 is null ? default : global::System.Collections.Immutable.ImmutableArray.Create(__a0);");
        generated.Should().Contain("this.Strings = __FastSerializationRead_Strings(ref reader);");
        generated.Should().Contain("__value = global::System.Collections.Immutable.ImmutableArray.Create(__r0);");
    }

    [Fact]
    public void WithoutAsSpanEither_PrimitivesAreWrittenElementByElement()
    {
        string generated = Generate(OlderImmutable.Replace("SPAN", string.Empty));

        generated.Should().NotContain("AsSpan").And.NotContain("ImmutableCollectionsMarshal");
        generated.Should().Contain("writer.Write(__s0[__i0]);");
        generated.Should().Contain("this.Ints = __FastSerializationRead_Ints(ref reader);");
        generated.Should().Contain("__value = global::System.Collections.Immutable.ImmutableArray.Create(__r0);");
    }

    /// <summary>Compiles the stand-in, runs the generator over the model against it, checks the result compiles, returns the generated source.</summary>
    private static string Generate(string immutable)
    {
        MetadataReference[] platform = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => Path.GetFileName(p) is string name
                && (name.StartsWith("System.", StringComparison.Ordinal) || name is "mscorlib.dll" or "netstandard.dll")
                && name != "System.Collections.Immutable.dll")
            .Append(typeof(CustomBinaryFormatter).Assembly.Location)
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .ToArray();
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable);
        CSharpCompilation older = CSharpCompilation.Create(
            "System.Collections.Immutable",
            new[] { CSharpSyntaxTree.ParseText(immutable, GeneratorHarness.ParseOptions) },
            platform,
            options);
        older.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Should().BeEmpty("the stand-in compiles");
        CSharpCompilation user = CSharpCompilation.Create(
            "OlderPackageUser",
            new[] { CSharpSyntaxTree.ParseText(Model, GeneratorHarness.ParseOptions) },
            platform.Append(older.ToMetadataReference()),
            options.WithGeneralDiagnosticOption(ReportDiagnostic.Error));

        GeneratorHarness.CreateDriver().RunGeneratorsAndUpdateCompilation(user, out Compilation output, out ImmutableArray<Diagnostic> diagnostics);

        diagnostics.Should().BeEmpty();
        output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).Should().BeEmpty("the generated code compiles against the older package");
        return output.SyntaxTrees.Single(t => t.FilePath.EndsWith("Holder.BinarySerializable.g.cs", StringComparison.Ordinal)).ToString();
    }
}

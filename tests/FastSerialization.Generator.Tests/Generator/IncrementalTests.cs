using System.Linq;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

public class IncrementalTests
{
    private const string Serializable = """
        using FastSerialization;
        namespace App;
        [BinarySerializable]
        public partial class Customer
        {
            public string? Name { get; set; }
            public int Age { get; set; }
        }
        """;

    [Fact]
    public void UnrelatedEdit_IsServedFromTheCache()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Serializable, "namespace App; public class Other { public int X; }");
        GeneratorDriver driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);

        SyntaxTree otherTree = compilation.SyntaxTrees.Last();
        CSharpCompilation edited = compilation.ReplaceSyntaxTree(
            otherTree, CSharpSyntaxTree.ParseText("namespace App; public class Other { public int X; public int Y; }", GeneratorHarness.ParseOptions, otherTree.FilePath));
        GeneratorRunResult second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        second.TrackedSteps[BinarySerializableGenerator.ModelsStep]
            .SelectMany(step => step.Outputs)
            .Should().OnlyContain(output => output.Reason == IncrementalStepRunReason.Cached || output.Reason == IncrementalStepRunReason.Unchanged);
        second.TrackedOutputSteps.SelectMany(step => step.Value).SelectMany(step => step.Outputs)
            .Should().NotBeEmpty()
            .And.OnlyContain(output => output.Reason == IncrementalStepRunReason.Cached);
    }

    [Fact]
    public void EditOfTheSerializableType_RegeneratesIt()
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(Serializable);
        GeneratorDriver driver = GeneratorHarness.CreateDriver().RunGenerators(compilation);

        SyntaxTree tree = compilation.SyntaxTrees.Single();
        CSharpCompilation edited = compilation.ReplaceSyntaxTree(
            tree, CSharpSyntaxTree.ParseText(Serializable.Replace("public int Age", "public long Age"), GeneratorHarness.ParseOptions, tree.FilePath));
        GeneratorRunResult second = driver.RunGenerators(edited).GetRunResult().Results.Single();

        second.TrackedSteps[BinarySerializableGenerator.ModelsStep]
            .SelectMany(step => step.Outputs)
            .Should().Contain(output => output.Reason == IncrementalStepRunReason.Modified);
        second.GeneratedSources.Single().SourceText.ToString().Should().Contain("reader.ReadVarInt64()");
    }
}

using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Analyzers.Tests;

/// <summary>FSA002: a [Serializable] type put through a formatter that CustomBinaryFormatter cannot serialize.</summary>
public class SerializableTypeTests
{
    private const string Types = """
        using System;
        using FastSerialization;

        [Serializable]
        public class Customer
        {
            public string? Name { get; set; }
        }

        [Serializable]
        [BinarySerializable]
        public partial class Marked
        {
            public int Id { get; set; }
        }

        [Serializable]
        public class HandWritten : ICustomBinarySerializable
        {
            public int Id;
            public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Id);
            public void SetDataFrom(ref FastBinaryReader reader) => Id = reader.ReadInt32();
        }

        public class NotSerializable
        {
            public int Id;
        }
        """;

    [Theory]
    [InlineData("new BinaryFormatter().Serialize(s, new Customer())", "new Customer()", "BinaryFormatter.Serialize")]
    [InlineData("_ = (Customer)new BinaryFormatter().Deserialize(s)", "(Customer)new BinaryFormatter().Deserialize(s)", "BinaryFormatter.Deserialize")]
    [InlineData("_ = new BinaryFormatter().Deserialize(s) as Customer", "new BinaryFormatter().Deserialize(s) as Customer", "BinaryFormatter.Deserialize")]
    [InlineData("_ = new BinaryFormatter().Deserialize(s) is Customer c", "Customer c", "BinaryFormatter.Deserialize")]
    [InlineData("((IFormatter)new BinaryFormatter()).Serialize(s, new Customer())", "new Customer()", "IFormatter.Serialize")]
    [InlineData("new CustomBinaryFormatter().Serialize(s, (object)new Customer())", "(object)new Customer()", "CustomBinaryFormatter.Serialize")]
    [InlineData("_ = new CustomBinaryFormatter().SerializeToArray(new Customer())", "new Customer()", "CustomBinaryFormatter.SerializeToArray")]
    [InlineData("_ = (Customer)new CustomBinaryFormatter().Deserialize(s)", "(Customer)new CustomBinaryFormatter().Deserialize(s)", "CustomBinaryFormatter.Deserialize")]
    [InlineData("_ = new CustomBinaryFormatter().Deserialize<Customer>(s)", "Customer", "CustomBinaryFormatter.Deserialize")]
    [InlineData("new CustomBinaryFormatter().Register<Customer>(1)", "Customer", "CustomBinaryFormatter.Register")]
    public async Task ACustomerPutThroughAFormatter_IsReportedWhereItIsUsed(string statement, string reportedText, string formatterMethod)
    {
        Project project = AnalyzerHarness.Project(Types, Use(statement));

        ImmutableArray<Diagnostic> diagnostics = (await AnalyzerHarness.DiagnosticsAsync(project)).Where(d => d.Id == "FSA002").ToImmutableArray();

        diagnostics.Should().ContainSingle();
        Diagnostic diagnostic = diagnostics[0];
        diagnostic.Location.SourceTree!.GetText().ToString(diagnostic.Location.SourceSpan).Should().Be(reportedText);
        diagnostic.GetMessage().Should().Be($"'Customer' is [Serializable] and used with {formatterMethod}, but CustomBinaryFormatter cannot serialize it: make it partial and mark it [BinarySerializable], or implement ICustomBinarySerializable");
        diagnostic.AdditionalLocations.Should().ContainSingle()
            .Which.SourceTree!.GetText().ToString(diagnostic.AdditionalLocations[0].SourceSpan).Should().StartWith("[Serializable]\npublic class Customer");
    }

    [Theory]
    [InlineData("new BinaryFormatter().Serialize(s, new Marked())")]
    [InlineData("new BinaryFormatter().Serialize(s, new HandWritten())")]
    [InlineData("new BinaryFormatter().Serialize(s, new NotSerializable())")]
    [InlineData("new BinaryFormatter().Serialize(s, \"text\")")]
    [InlineData("new BinaryFormatter().Serialize(s, new System.Collections.Generic.List<int>())")]
    [InlineData("_ = (Marked)new BinaryFormatter().Deserialize(s)")]
    [InlineData("new CustomBinaryFormatter().Register<Marked>(1)")]
    [InlineData("new CustomBinaryFormatter().Register<HandWritten>(2)")]
    [InlineData("Console.WriteLine(new Customer())")]
    [InlineData("_ = (Customer)(object)new Customer()")]
    public async Task TypesAlreadyServed_OtherTypes_AndOtherMethods_AreNotReported(string statement)
    {
        Project project = AnalyzerHarness.Project(Types, Use(statement));

        (await AnalyzerHarness.DiagnosticsAsync(project)).Should().NotContain(d => d.Id == "FSA002");
    }

    [Fact]
    public async Task AFormatterNamedBinaryFormatter_InAnotherNamespace_IsNotAFormatter()
    {
        const string other = """
            namespace Legacy.Tools
            {
                public sealed class BinaryFormatter
                {
                    public void Serialize(System.IO.Stream s, object o) { }
                    public object Deserialize(System.IO.Stream s) => new object();
                }

                public static class Use
                {
                    public static void Go(System.IO.Stream s)
                    {
                        var f = new BinaryFormatter();
                        f.Serialize(s, new Customer());
                        _ = (Customer)f.Deserialize(s);
                    }
                }
            }
            """;

        (await AnalyzerHarness.DiagnosticsAsync(AnalyzerHarness.Project(Types, other))).Should().BeEmpty();
    }

    private static string Use(string statement) => $$"""
        using System;
        using System.IO;
        using System.Runtime.Serialization;
        using System.Runtime.Serialization.Formatters.Binary;
        using FastSerialization;

        public static class Use
        {
            public static void Go(Stream s)
            {
                {{statement}};
            }
        }
        """;
}

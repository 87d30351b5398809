using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using FastSerialization.Analyzers.CodeFixes;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Analyzers.Tests;

/// <summary>FSA002's fix: the text it produces, and that the fixed code compiles with the generator and no FSA002 left.</summary>
public class MarkBinarySerializableFixTests
{
    private static readonly MarkBinarySerializableCodeFix Fix = new();

    private const string Use = """
        using FastSerialization;

        public static class Setup
        {
            public static void Go(CustomBinaryFormatter formatter) => formatter.Register<Customer>(1);
        }
        """;

    [Fact]
    public async Task AType_BecomesPartialAndMarked_NonSerializedBecomesBinaryIgnore_AndTheUsingIsAdded()
    {
        const string before = """
            using System;

            namespace Shop
            {
                /// <summary>A customer.</summary>
                [Serializable]
                public class Customer
                {
                    public string? Name { get; set; }
                    public int Age;

                    [NonSerialized]
                    public object? Cache;

                    [NonSerialized, Obsolete("not kept")]
                    private int _hits;

                    [field: NonSerialized]
                    public string? Session { get; set; }

                    public int Hits => _hits;
                }
            }
            """;
        const string after = """
            using System;
            using FastSerialization;

            namespace Shop
            {
                /// <summary>A customer.</summary>
                [Serializable]
                [BinarySerializable]
                public partial class Customer
                {
                    public string? Name { get; set; }
                    public int Age;

                    [BinaryIgnore]
                    public object? Cache;

                    [BinaryIgnore, Obsolete("not kept")]
                    private int _hits;

                    [BinaryIgnore]
                    public string? Session { get; set; }

                    public int Hits => _hits;
                }
            }
            """;

        Project fixedProject = await FixOnlyDiagnosticAsync(AnalyzerHarness.Project(before, Use.Replace("Customer", "Shop.Customer", System.StringComparison.Ordinal)));

        (await AnalyzerHarness.TextAsync(fixedProject)).Should().Be(after);
        await AssertCompilesCleanAsync(fixedProject);
    }

    [Fact]
    public async Task TheTypesItNeeds_BaseClassesAndMemberTypes_AreMarkedToo_AndOthersAreLeftAlone()
    {
        const string before = """
            using System;
            using System.Collections.Generic;

            [Serializable]
            public abstract class Entity
            {
                public int Id { get; set; }
            }

            [Serializable]
            public class Customer : Entity
            {
                public Address? Home { get; set; }
                public List<Order>? Orders { get; set; }
                public Dictionary<string, Tag[]>? Tags { get; set; }
                public Point? Location { get; set; }

                [NonSerialized]
                public Unrelated? Skipped;

                private Hidden? _hidden;

                public Hidden? GetHidden() => _hidden;
            }

            [Serializable]
            public class Address
            {
                public string? City { get; set; }
            }

            [Serializable]
            public class Order
            {
                public decimal Total { get; set; }
            }

            [Serializable]
            public class Tag
            {
                public string? Name;
            }

            [Serializable]
            public struct Point
            {
                public int X;
                public int Y;
            }

            [Serializable]
            public class Unrelated
            {
            }

            [Serializable]
            public class Hidden
            {
            }
            """;
        const string after = """
            using System;
            using System.Collections.Generic;
            using FastSerialization;

            [Serializable]
            [BinarySerializable]
            public abstract partial class Entity
            {
                public int Id { get; set; }
            }

            [Serializable]
            [BinarySerializable]
            public partial class Customer : Entity
            {
                public Address? Home { get; set; }
                public List<Order>? Orders { get; set; }
                public Dictionary<string, Tag[]>? Tags { get; set; }
                public Point? Location { get; set; }

                [BinaryIgnore]
                public Unrelated? Skipped;

                private Hidden? _hidden;

                public Hidden? GetHidden() => _hidden;
            }

            [Serializable]
            [BinarySerializable]
            public partial class Address
            {
                public string? City { get; set; }
            }

            [Serializable]
            [BinarySerializable]
            public partial class Order
            {
                public decimal Total { get; set; }
            }

            [Serializable]
            [BinarySerializable]
            public partial class Tag
            {
                public string? Name;
            }

            [Serializable]
            [BinarySerializable]
            public partial struct Point
            {
                public int X;
                public int Y;
            }

            [Serializable]
            public class Unrelated
            {
            }

            [Serializable]
            public class Hidden
            {
            }
            """;

        Project fixedProject = await FixOnlyDiagnosticAsync(AnalyzerHarness.Project(before, Use));

        (await AnalyzerHarness.TextAsync(fixedProject)).Should().Be(after);
        await AssertCompilesCleanAsync(fixedProject);
    }

    [Fact]
    public async Task NestedTypes_MakeTheirEnclosingTypesPartial_AndATypeWithoutModifiersGetsPartialFirst()
    {
        const string before = """
            using System;

            public static class Models
            {
                internal sealed class Inner
                {
                    [Serializable]
                    class Customer
                    {
                        public int Code;
                    }

                    public static void Go(FastSerialization.CustomBinaryFormatter f) => f.Register<Customer>(1);
                }
            }
            """;
        const string after = """
            using System;
            using FastSerialization;

            public static partial class Models
            {
                internal sealed partial class Inner
                {
                    [Serializable]
                    [BinarySerializable]
                    partial class Customer
                    {
                        public int Code;
                    }

                    public static void Go(FastSerialization.CustomBinaryFormatter f) => f.Register<Customer>(1);
                }
            }
            """;

        Project fixedProject = await FixOnlyDiagnosticAsync(AnalyzerHarness.Project(before));

        (await AnalyzerHarness.TextAsync(fixedProject)).Should().Be(after);
        await AssertCompilesCleanAsync(fixedProject);
    }

    [Fact]
    public async Task ATypeInTwoFiles_IsMarkedOnce_AndEachFileIsEdited()
    {
        const string first = """
            // Part one: no attributes here.
            namespace Shop;

            public partial class Customer
            {
                public string? Name { get; set; }
            }
            """;
        const string second = """
            using System;

            namespace Shop;

            [Serializable]
            public partial class Customer
            {
                [NonSerialized]
                public int Cache;
            }
            """;
        const string use = """
            using System.IO;

            public static class Use
            {
                public static Shop.Customer Load(Stream s) => (Shop.Customer)new FastSerialization.CustomBinaryFormatter().Deserialize(s);
            }
            """;

        Project fixedProject = await FixOnlyDiagnosticAsync(AnalyzerHarness.Project(first, second, use));

        (await AnalyzerHarness.TextAsync(fixedProject, 0)).Should().Be("""
            // Part one: no attributes here.
            using FastSerialization;

            namespace Shop;

            [BinarySerializable]
            public partial class Customer
            {
                public string? Name { get; set; }
            }
            """);
        (await AnalyzerHarness.TextAsync(fixedProject, 1)).Should().Be("""
            using System;
            using FastSerialization;

            namespace Shop;

            [Serializable]
            public partial class Customer
            {
                [BinaryIgnore]
                public int Cache;
            }
            """);
        (await AnalyzerHarness.TextAsync(fixedProject, 2)).Should().Be(use);
        await AssertCompilesCleanAsync(fixedProject);
    }

    [Theory]
    [InlineData("public record Customer(string Name, int Age);", "public partial record Customer(string Name, int Age);")]
    [InlineData("public record struct Customer(string Name, int Age);", "public partial record struct Customer(string Name, int Age);")]
    [InlineData("public readonly struct Customer { public Customer(int age) => Age = age; public int Age { get; } }", "public readonly partial struct Customer { public Customer(int age) => Age = age; public int Age { get; } }")]
    [InlineData("public sealed class Customer { public int[]? Codes; public System.Collections.Generic.List<string>? Tags { get; set; } }", "public sealed partial class Customer { public int[]? Codes; public System.Collections.Generic.List<string>? Tags { get; set; } }")]
    public async Task TypeShapes_TheGeneratorSupports_CompileAfterTheFix(string declaration, string fixedDeclaration)
    {
        string before = "using System;\n\n[Serializable]\n" + declaration + "\n";
        string after = "using System;\nusing FastSerialization;\n\n[Serializable]\n[BinarySerializable]\n" + fixedDeclaration + "\n";

        Project fixedProject = await FixOnlyDiagnosticAsync(AnalyzerHarness.Project(before, Use));

        (await AnalyzerHarness.TextAsync(fixedProject)).Should().Be(after);
        await AssertCompilesCleanAsync(fixedProject);
    }

    [Fact]
    public async Task AGenericType_WithoutTypeParameterMembers_IsMarked_AndCompiles()
    {
        const string before = """
            using System;

            [Serializable]
            public class Tagged<T>
            {
                public string? Name { get; set; }
            }
            """;
        const string use = """
            public static class Setup
            {
                public static void Go(FastSerialization.CustomBinaryFormatter f) => f.Register<Tagged<int>>(1);
            }
            """;

        Project fixedProject = await FixOnlyDiagnosticAsync(AnalyzerHarness.Project(before, use));

        (await AnalyzerHarness.TextAsync(fixedProject)).Should().Contain("[BinarySerializable]\npublic partial class Tagged<T>");
        await AssertCompilesCleanAsync(fixedProject);
    }

    [Theory]
    [InlineData("public class Box<T> { public T? Value { get; set; } }", "f.Register<Box<int>>(1)")]
    [InlineData("public class Holder { public Box<int>? Box { get; set; } } [Serializable] public class Box<T> { public T[]? Values; }", "f.Register<Holder>(1)")]
    public async Task AMemberOfAnUnconstrainedTypeParameter_MeansNoFixIsOffered(string declarations, string call)
    {
        Project project = AnalyzerHarness.Project(
            "using System;\n\n[Serializable]\n" + declarations + "\n",
            "public static class Setup { public static void Go(FastSerialization.CustomBinaryFormatter f) => " + call + "; }");
        Diagnostic diagnostic = (await AnalyzerHarness.DiagnosticsAsync(project)).Single(d => d.Id == "FSA002");

        (await AnalyzerHarness.ActionsAsync(project, diagnostic, Fix)).Should().BeEmpty("FSG002 would stop the build: the generator cannot serialize an unconstrained T");
    }

    [Fact]
    public async Task TheFixTitle_NamesTheType()
    {
        Project project = AnalyzerHarness.Project("[System.Serializable] public class Customer { }", Use);
        Diagnostic diagnostic = (await AnalyzerHarness.DiagnosticsAsync(project)).Single(d => d.Id == "FSA002");

        (await AnalyzerHarness.ActionsAsync(project, diagnostic, Fix)).Should().ContainSingle()
            .Which.Title.Should().Be("Mark [BinarySerializable]: Customer");
    }

    [Fact]
    public async Task FixAll_MarksEveryReportedType_AndATypeReachedTwiceIsEditedOnce()
    {
        const string customer = """
            using System;

            [Serializable]
            public class Customer
            {
                public Address? Home { get; set; }
            }
            """;
        const string address = """
            [System.Serializable]
            public class Address
            {
                public string? City { get; set; }
            }
            """;
        const string use = """
            using FastSerialization;

            public static class Setup
            {
                public static void Go(CustomBinaryFormatter f)
                {
                    f.Register<Customer>(1);
                    f.Register<Address>(2);
                    _ = f.SerializeToArray(new Address());
                }
            }
            """;
        Project project = AnalyzerHarness.Project(customer, address, use);
        (await AnalyzerHarness.DiagnosticsAsync(project)).Where(d => d.Id == "FSA002").Should().HaveCount(3);

        Project fixedProject = await AnalyzerHarness.FixAllAsync(project, Fix, MarkBinarySerializableCodeFix.EquivalenceKey);

        (await AnalyzerHarness.TextAsync(fixedProject, 0)).Should().Be("""
            using System;
            using FastSerialization;

            [Serializable]
            [BinarySerializable]
            public partial class Customer
            {
                public Address? Home { get; set; }
            }
            """);
        (await AnalyzerHarness.TextAsync(fixedProject, 1)).Should().Be("""
            using FastSerialization;

            [System.Serializable]
            [BinarySerializable]
            public partial class Address
            {
                public string? City { get; set; }
            }
            """);
        await AssertCompilesCleanAsync(fixedProject);
    }

    private static async Task<Project> FixOnlyDiagnosticAsync(Project project)
    {
        ImmutableArray<Diagnostic> diagnostics = await AnalyzerHarness.DiagnosticsAsync(project);
        diagnostics.Should().ContainSingle(d => d.Id == "FSA002");
        return await AnalyzerHarness.ApplyAsync(project, diagnostics.Single(d => d.Id == "FSA002"), Fix);
    }

    private static async Task AssertCompilesCleanAsync(Project fixedProject)
    {
        (await AnalyzerHarness.CompileErrorsAsync(fixedProject)).Should().BeEmpty();
        (await AnalyzerHarness.DiagnosticsAsync(fixedProject)).Should().NotContain(d => d.Id == "FSA002");
    }
}

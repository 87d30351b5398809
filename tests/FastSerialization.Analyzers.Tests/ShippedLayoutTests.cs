using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading.Tasks;
using FastSerialization.Analyzers.CodeFixes.Layouts;
using FastSerialization.Generator;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace FastSerialization.Analyzers.Tests;

/// <summary>
/// FSA006 to FSA011: a project's [BinarySerializable] types compared with its BinaryLayout.Shipped.txt and
/// BinaryLayout.Unshipped.txt, over the code the source generator produced for them (as in a build), and the two fixes.
/// </summary>
public class ShippedLayoutTests
{
    private const string Shipped = "BinaryLayout.Shipped.txt";
    private const string Unshipped = "BinaryLayout.Unshipped.txt";

    private const string ShippedHeader =
        "# Wire layouts this project has released, checked at compile time by FastSerialization (FSA006 to FSA011, docs/ANALYZERS.md). A release appends BinaryLayout.Unshipped.txt's lines here; a line here never changes.";

    private const string UnshippedHeader =
        "# Wire layouts added since the last release (the FSA009 code fix writes them); a release moves these lines to BinaryLayout.Shipped.txt.";

    /// <summary>The released version: a customer of two members, registered under id 1, and a fixed-layout point.</summary>
    private const string Released = """
        using FastSerialization;

        namespace Shop;

        [BinarySerializable]
        public partial class Customer
        {
            public string? Name { get; set; }
            public int Age { get; set; }
        }

        [BinarySerializable(FixedLayout = true)]
        public partial struct Point
        {
            public int X;
            public int Y;
        }

        public static class Setup
        {
            public static CustomBinaryFormatter Create()
            {
                var formatter = new CustomBinaryFormatter();
                formatter.Register<Customer>(1);
                formatter.Register<Point>(2);
                return formatter;
            }
        }
        """;

    /// <summary>What the released version's shipped file holds (as the create-files fix writes it).</summary>
    private const string ReleasedLayout = """
        Shop.Customer
        Shop.Customer id=1
        Shop.Customer[0] Name String
        Shop.Customer[1] Age VarInt32
        Shop.Point
        Shop.Point id=2
        Shop.Point fixed=8
        Shop.Point[0] X Int32
        Shop.Point[1] Y Int32

        """;

    private static string Changed(string from, string to)
    {
        Released.Should().Contain(from);
        return Released.Replace(from, to, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TheReleasedVersion_MatchesItsShippedFile_WithNoDiagnostic()
    {
        Project project = await LayoutProjectAsync(Released, ReleasedLayout, string.Empty);

        (await LayoutDiagnosticsAsync(project)).Should().BeEmpty();
    }

    [Fact]
    public async Task AShippedMemberRemoved_IsAnErrorNamingTheTypeTheMemberAndItsPosition()
    {
        Project project = await LayoutProjectAsync(Changed("    public int Age { get; set; }\n", string.Empty), ReleasedLayout, string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA006");
        error.Severity.Should().Be(DiagnosticSeverity.Error);
        error.GetMessage().Should().StartWith(
            "'Shop.Customer' breaks its shipped wire layout: member 1 ('Age', VarInt32 in BinaryLayout.Shipped.txt) is removed: this build has 1 member(s).");
        Text(error.Location).Should().Be("Customer");
        error.AdditionalLocations.Single().GetLineSpan().Path.Should().EndWith(Shipped);
    }

    [Fact]
    public async Task ShippedMembersReordered_IsAnError()
    {
        Project project = await LayoutProjectAsync(
            Changed("    public string? Name { get; set; }\n    public int Age { get; set; }\n", "    public int Age { get; set; }\n    public string? Name { get; set; }\n"),
            ReleasedLayout,
            string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA006");
        error.GetMessage().Should().Contain(
            "'Shop.Customer' breaks its shipped wire layout: member 0 ('Name', String in BinaryLayout.Shipped.txt) is member 1 in this build, and member 0 is 'Age' (VarInt32): members are never reordered");
    }

    [Fact]
    public async Task AShippedMemberRetyped_IsAnError()
    {
        Project project = await LayoutProjectAsync(Changed("public int Age", "public long Age"), ReleasedLayout, string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA006");
        error.GetMessage().Should().Contain(
            "member 1 ('Age', VarInt32 in BinaryLayout.Shipped.txt) is VarInt64 in this build: its type, encoding or width changed");
    }

    [Fact]
    public async Task AShippedMembersEncodingChanged_SameTypeWrittenAtFixedWidth_IsAnError()
    {
        Project project = await LayoutProjectAsync(Changed("    public int Age", "    [BinaryMember(FixedWidth = true)]\n    public int Age"), ReleasedLayout, string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA006");
        error.GetMessage().Should().Contain("member 1 ('Age', VarInt32 in BinaryLayout.Shipped.txt) is Int32 in this build");
    }

    [Fact]
    public async Task AShippedMemberRenamed_IsAnErrorThatSaysHowToRecordARenameOnly()
    {
        Project project = await LayoutProjectAsync(Changed("public string? Name", "public string? FullName"), ReleasedLayout, string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA006");
        error.GetMessage().Should().Contain(
            "member 0 ('Name', String in BinaryLayout.Shipped.txt) is removed or renamed: member 0 is 'FullName' (String) in this build (if it was only renamed, rename it in BinaryLayout.Shipped.txt too)");
    }

    [Fact]
    public async Task AFixedLayoutStructWithAMemberAppended_IsAnError_UnlikeAnyOtherType()
    {
        Project project = await LayoutProjectAsync(Changed("    public int Y;\n", "    public int Y;\n    public int Z;\n"), ReleasedLayout, string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA007");
        error.Severity.Should().Be(DiagnosticSeverity.Error);
        error.GetMessage().Should().StartWith("Fixed-layout struct 'Shop.Point' differs from BinaryLayout.Shipped.txt: member 2 ('Z', Int32) is appended.");
        Text(error.Location).Should().Be("Point");
    }

    [Fact]
    public async Task AFixedLayoutStructMemberWidened_IsAnError()
    {
        Project project = await LayoutProjectAsync(Changed("public int Y;", "public long Y;"), ReleasedLayout, string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA007");
        error.GetMessage().Should().Contain("member 1 was 'Y' (Int32) and is 'Y' (Int64) in this build");
    }

    [Fact]
    public async Task AShippedIdChanged_IsAnErrorAtTheRegisterCall()
    {
        Project project = await LayoutProjectAsync(Changed("Register<Customer>(1)", "Register<Customer>(3)"), ReleasedLayout, string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA008");
        error.Severity.Should().Be(DiagnosticSeverity.Error);
        error.GetMessage().Should().StartWith(
            "'Shop.Customer' was shipped under type id 1 (BinaryLayout.Shipped.txt) and is registered under type id 3 here: a type id that a release has written stands for its type forever.");
        Text(error.Location).Should().Be("Register<Customer>(3)");
    }

    [Fact]
    public async Task AShippedIdGivenToAnotherType_IsAnError()
    {
        Project project = await LayoutProjectAsync(
            Changed("formatter.Register<Customer>(1);\n        formatter.Register<Point>(2);", "formatter.Register<Point>(1);\n        formatter.Register<Customer>(2);"),
            ReleasedLayout,
            string.Empty);

        ImmutableArray<Diagnostic> errors = await LayoutDiagnosticsAsync(project);
        errors.Select(d => d.Id).Should().OnlyContain(id => id == "FSA008");
        errors.Select(d => d.GetMessage()).Should().Contain(m => m.StartsWith("Type id 1 was shipped for 'Shop.Customer' (BinaryLayout.Shipped.txt) and is registered for 'Shop.Point' here", StringComparison.Ordinal));
        errors.Select(d => d.GetMessage()).Should().Contain(m => m.StartsWith("Type id 2 was shipped for 'Shop.Point' (BinaryLayout.Shipped.txt) and is registered for 'Shop.Customer' here", StringComparison.Ordinal));
    }

    [Fact]
    public async Task AShippedTypeGone_IsAnErrorAtItsLineInTheShippedFile()
    {
        Project project = await LayoutProjectAsync(Released, ReleasedLayout + "Shop.Invoice\nShop.Invoice[0] Total VarDecimal\n", string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA006");
        error.GetMessage().Should().Contain("'Shop.Invoice' breaks its shipped wire layout: no [BinarySerializable] type of this project has this name any more");
        FileLinePositionSpan span = error.Location.GetLineSpan();
        span.Path.Should().EndWith(Shipped);
        span.StartLinePosition.Line.Should().Be(9);
    }

    [Fact]
    public async Task AnAppendedMember_IsAWarning_WhoseFixWritesItToTheUnshippedFile()
    {
        Project project = await LayoutProjectAsync(
            Changed("    public int Age { get; set; }\n", "    public int Age { get; set; }\n    public string? Email { get; set; }\n"),
            ReleasedLayout,
            "# Since the last release\n");

        Diagnostic warning = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        warning.Id.Should().Be("FSA009");
        warning.Severity.Should().Be(DiagnosticSeverity.Warning);
        warning.GetMessage().Should().Be(
            "member 2 of 'Shop.Customer' ('Email', String) is not recorded: record it in BinaryLayout.Unshipped.txt (the code fix writes it); a release moves the unshipped lines to BinaryLayout.Shipped.txt");

        Project fixedProject = await AnalyzerHarness.ApplyAsync(project, warning, new RecordLayoutCodeFix());

        (await AdditionalTextAsync(fixedProject, Unshipped)).Should().Be("# Since the last release\nShop.Customer[2] Email String\n");
        (await AdditionalTextAsync(fixedProject, Shipped)).Should().Be(ReleasedLayout, "the shipped file changes only at a release");
        (await LayoutDiagnosticsAsync(fixedProject)).Should().BeEmpty();
    }

    [Fact]
    public async Task NewTypesAndIds_AreWarnings_FixAllRecordsThemInOneUnshippedFile_CreatedBesideTheShippedOne()
    {
        const string order = """
            using FastSerialization;

            namespace Shop;

            [BinarySerializable]
            public partial class Order
            {
                public long Number { get; set; }
                public Customer? Buyer { get; set; }
            }

            public static class MoreSetup
            {
                public static void Add(CustomBinaryFormatter formatter) => formatter.Register<Order>(3);
            }
            """;
        Project project = await LayoutProjectAsync(new[] { Released, order }, ReleasedLayout, unshipped: null);

        Diagnostic warning = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        warning.Id.Should().Be("FSA009");
        warning.GetMessage().Should().StartWith("'Shop.Order' is not recorded in BinaryLayout.Shipped.txt or BinaryLayout.Unshipped.txt: ");

        Project fixedProject = await AnalyzerHarness.FixAllAsync(project, new RecordLayoutCodeFix(), RecordLayoutCodeFix.EquivalenceKey, await LayoutDiagnosticsAsync(project));

        TextDocument created = fixedProject.AdditionalDocuments.Single(d => d.Name == Unshipped);
        created.FilePath.Should().Be("/src/" + Unshipped);
        (await created.GetTextAsync()).ToString().Should().Be(
            UnshippedHeader + "\n" +
            "Shop.Order\n" +
            "Shop.Order id=3\n" +
            "Shop.Order[0] Number VarInt64\n" +
            "Shop.Order[1] Buyer Object<Shop.Customer>\n");
        (await LayoutDiagnosticsAsync(fixedProject)).Should().BeEmpty();
    }

    [Fact]
    public async Task AnUnshippedEntryOutOfDate_IsAWarning_WhoseFixRewritesIt()
    {
        Project project = await LayoutProjectAsync(
            Changed("    public int Age { get; set; }\n", "    public int Age { get; set; }\n    public string? Email { get; set; }\n"),
            ReleasedLayout,
            "Shop.Customer[2] Mail String\nShop.Customer[3] Phone String\n");

        Diagnostic warning = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        warning.Id.Should().Be("FSA009");

        Project fixedProject = await AnalyzerHarness.ApplyAsync(project, warning, new RecordLayoutCodeFix());

        (await AdditionalTextAsync(fixedProject, Unshipped)).Should().Be("Shop.Customer[2] Email String\n");
    }

    [Fact]
    public async Task AProjectWithoutTheFiles_GetsNoVisibleDiagnostic_OnlyTheHiddenOneThatCarriesTheCreateFix()
    {
        string broken = Changed("public int Age", "public long Age");
        Project project = await LayoutProjectAsync(broken, shipped: null, unshipped: null);

        ImmutableArray<Diagnostic> diagnostics = await LayoutDiagnosticsAsync(project);
        diagnostics.Should().OnlyContain(d => d.Severity == DiagnosticSeverity.Hidden && d.Id == "FSA010");
        diagnostics.Select(d => Text(d.Location)).Should().Equal("Customer", "Point");
    }

    [Fact]
    public async Task TheCreateFilesFix_RecordsEveryTypesLayoutAndIdAsShipped_AndTheProjectThenChecks()
    {
        Project project = await LayoutProjectAsync(Released, shipped: null, unshipped: null);
        Diagnostic hidden = (await LayoutDiagnosticsAsync(project)).First();
        IReadOnlyList<Microsoft.CodeAnalysis.CodeActions.CodeAction> actions = await AnalyzerHarness.ActionsAsync(project, hidden, new CreateLayoutFilesCodeFix());
        actions.Select(a => a.Title).Should().Equal(CreateLayoutFilesCodeFix.AsShippedTitle, CreateLayoutFilesCodeFix.AsUnshippedTitle);

        Project tracked = await AnalyzerHarness.ApplyAsync(project, actions[0]);

        (await AdditionalTextAsync(tracked, Shipped)).Should().Be(ShippedHeader + "\n" + ReleasedLayout);
        (await AdditionalTextAsync(tracked, Unshipped)).Should().Be(UnshippedHeader + "\n");
        tracked.AdditionalDocuments.Select(d => d.FilePath).Should().BeEquivalentTo("/src/" + Shipped, "/src/" + Unshipped);
        (await LayoutDiagnosticsAsync(tracked)).Should().BeEmpty();

        // From then on the project is checked: the retyped member of the other tests fails it.
        Project retyped = await LayoutProjectAsync(Changed("public int Age", "public long Age"), await AdditionalTextAsync(tracked, Shipped), string.Empty);
        (await LayoutDiagnosticsAsync(retyped)).Select(d => d.Id).Should().Equal("FSA006");
    }

    [Fact]
    public async Task TheCreateFilesFix_AsUnshipped_RecordsTheLayoutsInTheUnshippedFile()
    {
        Project project = await LayoutProjectAsync(Released, shipped: null, unshipped: null);
        Diagnostic hidden = (await LayoutDiagnosticsAsync(project)).First();
        IReadOnlyList<Microsoft.CodeAnalysis.CodeActions.CodeAction> actions = await AnalyzerHarness.ActionsAsync(project, hidden, new CreateLayoutFilesCodeFix());

        Project tracked = await AnalyzerHarness.ApplyAsync(project, actions[1]);

        (await AdditionalTextAsync(tracked, Shipped)).Should().Be(ShippedHeader + "\n");
        (await AdditionalTextAsync(tracked, Unshipped)).Should().Be(UnshippedHeader + "\n" + ReleasedLayout);
        (await LayoutDiagnosticsAsync(tracked)).Should().BeEmpty();
    }

    [Fact]
    public async Task AnInvalidLine_IsAnErrorAtThatLine()
    {
        Project project = await LayoutProjectAsync(Released, ReleasedLayout + "Shop.Customer[x] Email String\nShop.Point fixed=12\n", string.Empty);

        ImmutableArray<Diagnostic> errors = await LayoutDiagnosticsAsync(project);
        errors.Select(d => d.Id).Should().Equal("FSA011", "FSA011");
        errors[0].GetMessage().Should().Be("'Shop.Customer[x] Email String' in BinaryLayout.Shipped.txt is not a layout line: a member line is 'Type[position] Name Kind', the position a number from 0");
        errors[1].GetMessage().Should().Be("'Shop.Point fixed=12' in BinaryLayout.Shipped.txt is not a layout line: it contradicts 'Shop.Point fixed=8'");
        errors[0].Location.GetLineSpan().StartLinePosition.Line.Should().Be(9);
    }

    [Fact]
    public async Task AGapInAShippedTypesPositions_IsAnErrorAtTheLineAfterIt()
    {
        Project project = await LayoutProjectAsync(Released, ReleasedLayout, "Shop.Customer[3] Email String\n");

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle(d => d.Id == "FSA011").Subject;
        error.GetMessage().Should().Be(
            "'Shop.Customer[3] Email String' in BinaryLayout.Unshipped.txt is not a layout line: no line records member 2 of 'Shop.Customer': a type's member positions run from 0 without a gap");
        error.Location.GetLineSpan().Path.Should().EndWith(Unshipped);
    }

    [Fact]
    public async Task AStructShippedAsEvolvable_ThatIsNotEvolvableInThisBuild_IsAnError()
    {
        // The line format keeps room for WIRE-FORMAT.md section 3c: 'fixed=S evolvable'. A struct recorded so that this build
        // does not declare evolvable has changed how its sequences are written.
        Project project = await LayoutProjectAsync(Released, ReleasedLayout.Replace("Shop.Point fixed=8", "Shop.Point fixed=8 evolvable", StringComparison.Ordinal), string.Empty);

        Diagnostic error = (await LayoutDiagnosticsAsync(project)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA007");
        error.GetMessage().Should().StartWith("Fixed-layout struct 'Shop.Point' differs from BinaryLayout.Shipped.txt: it is not evolvable in this build, and was when shipped.");
    }

    [Fact]
    public async Task AnEvolvableStruct_AppendingAMember_IsAWarningWhoseFixRecordsIt_AndChangingOneIsAnError()
    {
        // Section 3c: an evolvable fixed-layout struct may grow by appending members, as a class may; any other change is FSA007.
        string evolvable = Released.Replace("[BinarySerializable(FixedLayout = true)]", "[BinarySerializable(FixedLayout = true, Evolvable = true)]", StringComparison.Ordinal);
        string layout = ReleasedLayout.Replace("Shop.Point fixed=8", "Shop.Point fixed=8 evolvable", StringComparison.Ordinal);
        Project appended = await LayoutProjectAsync(
            evolvable.Replace("    public int Y;\n", "    public int Y;\n    public int Z;\n", StringComparison.Ordinal), layout, "# Since the last release\n");

        Diagnostic warning = (await LayoutDiagnosticsAsync(appended)).Should().ContainSingle().Subject;
        warning.Id.Should().Be("FSA009");
        warning.GetMessage().Should().StartWith("the size of fixed-layout struct 'Shop.Point' (12 bytes) is not recorded");
        Project fixedProject = await AnalyzerHarness.ApplyAsync(appended, warning, new RecordLayoutCodeFix());
        (await LayoutDiagnosticsAsync(fixedProject)).Should().BeEmpty();

        Project retyped = await LayoutProjectAsync(evolvable.Replace("    public int Y;\n", "    public long Y;\n", StringComparison.Ordinal), layout, string.Empty);
        Diagnostic error = (await LayoutDiagnosticsAsync(retyped)).Should().ContainSingle().Subject;
        error.Id.Should().Be("FSA007");
        error.GetMessage().Should().StartWith("Fixed-layout struct 'Shop.Point' differs from BinaryLayout.Shipped.txt");
    }

    /// <summary>
    /// The file names types and member kinds exactly as the IPC handshake does: the same project, compiled and run, describes
    /// its registry (RegistryEntry, what the handshake and file headers carry) with the same names and kinds in the same order.
    /// </summary>
    [Fact]
    public async Task TheShippedFile_NamesTypesAndKindsAsTheHandshakeDoes()
    {
        string source = Released.Replace("namespace Shop;", "namespace Shop;\n\npublic partial class Outer\n{\n    [BinarySerializable]\n    public partial class Line\n    {\n        public decimal Price { get; set; }\n        public System.Collections.Generic.List<Point> Points { get; set; } = new();\n    }\n}\n", StringComparison.Ordinal)
            .Replace("formatter.Register<Point>(2);", "formatter.Register<Point>(2);\n        formatter.Register<Outer.Line>(3);", StringComparison.Ordinal);
        Project project = await LayoutProjectAsync(source, shipped: null, unshipped: null);
        Diagnostic hidden = (await LayoutDiagnosticsAsync(project)).First();
        Project tracked = await AnalyzerHarness.ApplyAsync(project, (await AnalyzerHarness.ActionsAsync(project, hidden, new CreateLayoutFilesCodeFix()))[0]);
        string[] lines = (await AdditionalTextAsync(tracked, Shipped)).Split('\n').Where(l => l.Length > 0 && l[0] != '#').ToArray();

        byte[] assembly = await AnalyzerHarness.EmitAsync(project);
        var context = new AssemblyLoadContext("layouts", isCollectible: true);
        try
        {
            Assembly loaded = context.LoadFromStream(new MemoryStream(assembly));
            var formatter = (CustomBinaryFormatter)loaded.GetType("Shop.Setup", throwOnError: true)!.GetMethod("Create")!.Invoke(null, null)!;
            IReadOnlyList<RegistryEntry> entries = RegistryEntry.Describe(formatter.Registry);
            entries.Should().HaveCount(3);
            foreach (RegistryEntry entry in entries)
            {
                lines.Should().Contain(entry.TypeName).And.Contain(entry.TypeName + " id=" + entry.Id);
                string[] kinds = lines.Where(l => l.StartsWith(entry.TypeName + "[", StringComparison.Ordinal)).Select(l => l.Split(' ', 3)[2]).ToArray();
                string? size = lines.SingleOrDefault(l => l.StartsWith(entry.TypeName + " fixed=", StringComparison.Ordinal))?.Split('=')[1];
                string[] handshake = size is null ? kinds : kinds.Prepend("Fixed<" + size + ">").ToArray();
                entry.Layout.Should().Equal(handshake, "the handshake of {0} compares these kinds", entry.TypeName);
            }

            lines.Should().Contain("Shop.Outer+Line");
        }
        finally
        {
            context.Unload();
        }
    }

    private static string Text(Location location) => location.SourceTree!.GetText().ToString(location.SourceSpan);

    /// <summary>
    /// A project of the source and the code the generator makes from it (as a build compiles it), with the layout files
    /// as additional documents in /src/ (none when null).
    /// </summary>
    private static Task<Project> LayoutProjectAsync(string source, string? shipped, string? unshipped) =>
        LayoutProjectAsync(new[] { source }, shipped, unshipped);

    private static async Task<Project> LayoutProjectAsync(string[] sources, string? shipped, string? unshipped)
    {
        Project project = AnalyzerHarness.Project(sources);
        Compilation compilation = (await project.GetCompilationAsync())!;
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new BinarySerializableGenerator().AsSourceGenerator() }, parseOptions: AnalyzerHarness.ParseOptions);
        GeneratorDriverRunResult run = driver.RunGenerators(compilation).GetRunResult();
        run.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).Should().BeEmpty();
        foreach (GeneratedSourceResult generated in run.Results.SelectMany(r => r.GeneratedSources))
        {
            project = project.AddDocument(generated.HintName, generated.SourceText, filePath: "/src/obj/" + generated.HintName).Project;
        }

        if (shipped is not null)
        {
            project = project.AddAdditionalDocument(Shipped, SourceText.From(shipped), filePath: "/src/" + Shipped).Project;
        }

        if (unshipped is not null)
        {
            project = project.AddAdditionalDocument(Unshipped, SourceText.From(unshipped), filePath: "/src/" + Unshipped).Project;
        }

        return project;
    }

    /// <summary>The shipped-layout analyzer's diagnostics, with the project's additional files, in file and source order.</summary>
    private static async Task<ImmutableArray<Diagnostic>> LayoutDiagnosticsAsync(Project project)
    {
        Compilation compilation = (await project.GetCompilationAsync())!;
        compilation.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Should().BeEmpty("the project under test compiles");
        ImmutableArray<Diagnostic> diagnostics = await compilation
            .WithAnalyzers(ImmutableArray.Create<DiagnosticAnalyzer>(new ShippedLayoutAnalyzer()), project.AnalyzerOptions)
            .GetAnalyzerDiagnosticsAsync();
        return diagnostics
            .OrderBy(d => d.Location.GetLineSpan().Path, StringComparer.Ordinal)
            .ThenBy(d => d.Location.SourceSpan.Start)
            .ToImmutableArray();
    }

    private static async Task<string> AdditionalTextAsync(Project project, string name) =>
        (await project.AdditionalDocuments.Single(d => d.Name == name).GetTextAsync()).ToString();
}

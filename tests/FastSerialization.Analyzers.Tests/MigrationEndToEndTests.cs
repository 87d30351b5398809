using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading.Tasks;
using FastSerialization.Analyzers.CodeFixes;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace FastSerialization.Analyzers.Tests;

/// <summary>
/// A small legacy library that stores customers with BinaryFormatter goes through both fixes (fix-all, as
/// <c>dotnet format analyzers</c> applies them), gets the one step no fix can take (choosing the type ids), and
/// then runs: the migrated code round-trips a customer through CustomBinaryFormatter.
/// </summary>
public class MigrationEndToEndTests
{
    private const string Legacy = """
        using System;
        using System.IO;
        using System.Runtime.Serialization;
        using System.Runtime.Serialization.Formatters.Binary;

        namespace Legacy;

        [Serializable]
        public class Customer
        {
            public string? Name { get; set; }
            public int Age { get; set; }
            public Address? Home { get; set; }

            [NonSerialized]
            public string? Session;
        }

        [Serializable]
        public class Address
        {
            public string? City { get; set; }
        }

        public static partial class Store
        {
            // Filled in by the application once it has chosen its type ids (none is needed by BinaryFormatter).
            static partial void Register(IFormatter formatter);

            public static byte[] Save(Customer customer)
            {
                var formatter = new BinaryFormatter();
                Register(formatter);
                using var stream = new MemoryStream();
                formatter.Serialize(stream, customer);
                return stream.ToArray();
            }

            public static Customer Load(byte[] data)
            {
                var formatter = new BinaryFormatter();
                Register(formatter);
                return (Customer)formatter.Deserialize(new MemoryStream(data));
            }

            public static string RoundTrip()
            {
                var customer = new Customer { Name = "Ada", Age = 36, Home = new Address { City = "London" }, Session = "s-1" };
                byte[] data = Save(customer);
                Customer back = Load(data);
                return $"{data.Length} bytes: {back.Name} {back.Age} {back.Home?.City} session={back.Session ?? "null"}";
            }
        }
        """;

    private const string Registration = """
        using System.Runtime.Serialization;
        using FastSerialization;

        namespace Legacy;

        public static partial class Store
        {
            static partial void Register(IFormatter formatter)
            {
                var custom = (CustomBinaryFormatter)formatter;
                custom.Register<Customer>(1);
                custom.Register<Address>(2);
            }
        }
        """;

    [Fact]
    public async Task LegacyCode_AfterBothFixes_CompilesAndRoundTripsThroughCustomBinaryFormatter()
    {
        Project project = AnalyzerHarness.Project(Legacy);
        (await AnalyzerHarness.CompileErrorsAsync(project)).Should().BeEmpty("the legacy code compiles before the fixes");
        (await AnalyzerHarness.DiagnosticsAsync(project)).Select(d => d.Id).Distinct().Should().BeEquivalentTo("FSA001", "FSA002");

        project = await AnalyzerHarness.FixAllAsync(project, new UseCustomBinaryFormatterCodeFix(), UseCustomBinaryFormatterCodeFix.Title);
        project = await AnalyzerHarness.FixAllAsync(project, new MarkBinarySerializableCodeFix(), MarkBinarySerializableCodeFix.EquivalenceKey);
        (await AnalyzerHarness.DiagnosticsAsync(project)).Should().BeEmpty();
        string migrated = await AnalyzerHarness.TextAsync(project);
        migrated.Should().Contain("var formatter = new CustomBinaryFormatter();")
            .And.Contain("[BinarySerializable]\npublic partial class Customer")
            .And.Contain("[BinarySerializable]\npublic partial class Address")
            .And.Contain("[BinaryIgnore]\n    public string? Session;")
            .And.NotContain("new BinaryFormatter");

        project = project.AddDocument("Registration.cs", SourceText.From(Registration)).Project;
        byte[] assembly = await AnalyzerHarness.EmitAsync(project);

        var context = new AssemblyLoadContext("migrated", isCollectible: true);
        try
        {
            Assembly loaded = context.LoadFromStream(new MemoryStream(assembly));
            MethodInfo roundTrip = loaded.GetType("Legacy.Store", throwOnError: true)!.GetMethod("RoundTrip")!;
            string result = (string)roundTrip.Invoke(null, null)!;

            // The session was [NonSerialized], now [BinaryIgnore]: it is not carried.
            result.Should().EndWith("bytes: Ada 36 London session=null");
        }
        finally
        {
            context.Unload();
        }
    }
}

using System;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Emit;
using Xunit;

namespace FastSerialization.Generator.Tests.Generator;

/// <summary>
/// Two builds of the very same types (same names, same namespace), compiled in memory with the
/// generator and loaded side by side: each reads the other's records (docs/FORMAT.md section 4).
/// </summary>
public class TwoAssemblyVersioningTests
{
    private const string Version1 = """
        using FastSerialization;
        namespace App
        {
            [BinarySerializable] public sealed partial class Address { public string? Street { get; set; } }
            [BinarySerializable] public sealed partial class Order
            {
                public int Id { get; set; }
                public Address? Ship { get; set; }
                public string? After { get; set; }
            }
        }
        """;

    private const string Version2 = """
        using System.Collections.Generic;
        using FastSerialization;
        namespace App
        {
            [BinarySerializable] public sealed partial class Address
            {
                public string? Street { get; set; }
                public string? City { get; set; }
            }
            [BinarySerializable] public sealed partial class Order
            {
                public int Id { get; set; }
                public Address? Ship { get; set; }
                public string? After { get; set; }
                public decimal Total { get; set; }
                public List<string>? Tags { get; set; }
            }
        }
        """;

    [Fact]
    public void SameTypesTwoBuilds_ReadEachOthersData()
    {
        Assembly v1 = CompileAndLoad("Versioned", Version1);
        Assembly v2 = CompileAndLoad("Versioned", Version2);
        CustomBinaryFormatter f1 = Formatter(v1);
        CustomBinaryFormatter f2 = Formatter(v2);

        // Old data into the new type: new members at their defaults.
        dynamic oldOrder = New(v1, "App.Order");
        oldOrder.Id = 3;
        oldOrder.Ship = New(v1, "App.Address");
        oldOrder.Ship.Street = "Elm";
        oldOrder.After = "after";
        dynamic readNew = f2.Deserialize(f1.SerializeToArray((object)oldOrder));
        ((object)readNew).GetType().Assembly.Should().BeSameAs(v2);
        ((int)readNew.Id).Should().Be(3);
        ((string)readNew.Ship.Street).Should().Be("Elm");
        ((string?)readNew.Ship.City).Should().BeNull();
        ((string)readNew.After).Should().Be("after");
        ((decimal)readNew.Total).Should().Be(0m);
        ((object?)readNew.Tags).Should().BeNull();

        // New data into the old type: what it does not know is skipped, the rest is unharmed.
        dynamic newOrder = New(v2, "App.Order");
        newOrder.Id = 4;
        newOrder.Ship = New(v2, "App.Address");
        newOrder.Ship.Street = "Oak";
        newOrder.Ship.City = "Springfield";
        newOrder.After = "later";
        newOrder.Total = 12.5m;
        newOrder.Tags = new System.Collections.Generic.List<string> { "x", "y" };
        dynamic readOld = f1.Deserialize(f2.SerializeToArray((object)newOrder));
        ((object)readOld).GetType().Assembly.Should().BeSameAs(v1);
        ((int)readOld.Id).Should().Be(4);
        ((string)readOld.Ship.Street).Should().Be("Oak");
        ((string)readOld.After).Should().Be("later", "the member after the nested object whose unknown member was skipped");
    }

    private static dynamic New(Assembly assembly, string type) => Activator.CreateInstance(assembly.GetType(type, throwOnError: true)!)!;

    private static CustomBinaryFormatter Formatter(Assembly assembly)
    {
        var formatter = new CustomBinaryFormatter();
        MethodInfo register = typeof(CustomBinaryFormatter).GetMethods()
            .Single(m => m.Name == nameof(CustomBinaryFormatter.Register) && m.GetParameters().Length == 1);
        register.MakeGenericMethod(assembly.GetType("App.Order", throwOnError: true)!).Invoke(formatter, new object[] { 1 });
        register.MakeGenericMethod(assembly.GetType("App.Address", throwOnError: true)!).Invoke(formatter, new object[] { 2 });
        return formatter;
    }

    private static Assembly CompileAndLoad(string name, string source)
    {
        CSharpCompilation compilation = GeneratorHarness.Compilation(source).WithAssemblyName(name);
        GeneratorHarness.CreateDriver().RunGeneratorsAndUpdateCompilation(compilation, out Compilation output, out _);
        using var stream = new MemoryStream();
        EmitResult result = output.Emit(stream);
        result.Success.Should().BeTrue(string.Join(Environment.NewLine, result.Diagnostics));
        stream.Position = 0;
        var context = new AssemblyLoadContext(name + Guid.NewGuid().ToString("N"), isCollectible: true);
        return context.LoadFromStream(stream);
    }
}

using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading.Tasks;
using FluentAssertions;
using Microsoft.CodeAnalysis;
using Xunit;

namespace FastSerialization.Analyzers.Tests;

/// <summary>FSA003 to FSA005: constant type ids checked where Register is called, and where they must not be.</summary>
public class TypeIdTests
{
    private const string Types = """
        using System;
        using FastSerialization;

        public sealed class Quote : ICustomBinarySerializable
        {
            public int Bid;
            public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Bid);
            public void SetDataFrom(ref FastBinaryReader reader) => Bid = reader.ReadInt32();
        }

        public sealed class Trade : ICustomBinarySerializable
        {
            public long Price;
            public void WriteDataTo(ref FastBinaryWriter writer) => writer.Write(Price);
            public void SetDataFrom(ref FastBinaryReader reader) => Price = reader.ReadInt64();
        }
        """;

    private static async Task<ImmutableArray<Diagnostic>> IdDiagnosticsAsync(string source)
    {
        ImmutableArray<Diagnostic> all = await AnalyzerHarness.DiagnosticsAsync(AnalyzerHarness.Project(Types, source));
        return all.Where(d => d.Id is "FSA003" or "FSA004" or "FSA005").ToImmutableArray();
    }

    private static string Text(Location location) => location.SourceTree!.GetText().ToString(location.SourceSpan);

    [Fact]
    public async Task OneIdForTwoTypes_OnOneFormatter_IsAnErrorNamingBothTypesAndBothPlaces()
    {
        const string source = """
            using FastSerialization;

            public static class Setup
            {
                public static CustomBinaryFormatter Create()
                {
                    var formatter = new CustomBinaryFormatter();
                    formatter.Register<Quote>(1);
                    formatter.Register<Trade>(1);
                    return formatter;
                }
            }
            """;

        ImmutableArray<Diagnostic> diagnostics = await IdDiagnosticsAsync(source);

        Diagnostic diagnostic = diagnostics.Should().ContainSingle().Subject;
        diagnostic.Id.Should().Be("FSA004");
        diagnostic.Severity.Should().Be(DiagnosticSeverity.Error);
        Text(diagnostic.Location).Should().Be("Register<Trade>(1)");
        diagnostic.AdditionalLocations.Should().ContainSingle().Which.Should().Match<Location>(l => Text(l) == "Register<Quote>(1)");
        diagnostic.GetMessage().Should().Be(
            "Type id 1 is registered for 'Trade' here (Source1.cs(9,19)) and for 'Quote' at Source1.cs(8,19), on the same formatter 'formatter': " +
            "give each type an id of its own, and never give an id that has been written to another type");
    }

    [Fact]
    public async Task OneTypeUnderTwoIds_OnOneFormatter_IsAnErrorNamingBothIds()
    {
        const string source = """
            using FastSerialization;

            public static class Setup
            {
                public static void Add(CustomBinaryFormatter formatter)
                {
                    formatter.Register<Quote>(1);
                    formatter.Register<Trade>(2);
                    formatter.Register<Quote>(3);
                }
            }
            """;

        ImmutableArray<Diagnostic> diagnostics = await IdDiagnosticsAsync(source);

        Diagnostic diagnostic = diagnostics.Should().ContainSingle().Subject;
        diagnostic.Id.Should().Be("FSA005");
        diagnostic.Severity.Should().Be(DiagnosticSeverity.Error);
        Text(diagnostic.Location).Should().Be("Register<Quote>(3)");
        Text(diagnostic.AdditionalLocations.Single()).Should().Be("Register<Quote>(1)");
        diagnostic.GetMessage().Should().Be(
            "'Quote' is registered twice on the same formatter 'formatter': under type id 3 here (Source1.cs(9,19)) and under type id 1 at Source1.cs(7,19); register each type once, under one id");
    }

    [Fact]
    public async Task OneTypeUnderTheSameIdTwice_IsReportedOnceAsRegisteredTwice()
    {
        const string source = """
            using FastSerialization;

            public static class Setup
            {
                public static void Add(CustomBinaryFormatter f)
                {
                    f.Register<Quote>(4);
                    f.Register<Quote>(4, () => new Quote());
                }
            }
            """;

        ImmutableArray<Diagnostic> diagnostics = await IdDiagnosticsAsync(source);

        diagnostics.Select(d => (d.Id, Text(d.Location))).Should().Equal(("FSA005", "Register<Quote>(4, () => new Quote())"));
    }

    [Fact]
    public async Task ANamedConstant_NamedArguments_AndAFieldInAConstructor_AreChecked()
    {
        const string source = """
            using FastSerialization;

            public sealed class Service
            {
                private const int QuoteId = 10;
                private static readonly CustomBinaryFormatter Shared = new();
                private readonly CustomBinaryFormatter _formatter;

                public CustomBinaryFormatter Files { get; } = new();

                public Service()
                {
                    _formatter = new CustomBinaryFormatter();
                    _formatter.Register<Quote>(QuoteId);
                    this._formatter.Register(factory: () => new Trade(), typeId: 5 + 5);
                    Shared.Register<Quote>(1);
                    Shared.Register<Quote>(2);
                    Files.Register<Trade>(7);
                    this.Files?.Register<Quote>(7);
                }
            }
            """;

        ImmutableArray<Diagnostic> diagnostics = await IdDiagnosticsAsync(source);

        diagnostics.Select(d => (d.Id, Text(d.Location))).Should().Equal(
            ("FSA004", "Register(factory: () => new Trade(), typeId: 5 + 5)"),
            ("FSA005", "Register<Quote>(2)"),
            ("FSA004", "Register<Quote>(7)"));
        diagnostics[0].GetMessage().Should().Contain("on the same formatter '_formatter'");
        diagnostics[2].GetMessage().Should().Contain("on the same formatter 'Files'");
    }

    [Fact]
    public async Task TheSameIdsAndTypes_OnTwoFormatters_AreNotReported()
    {
        // Two formatters (one for files, one for IPC, say) may rightly use one id for two types, or one type under two ids.
        const string source = """
            using FastSerialization;

            public sealed class Service
            {
                private readonly CustomBinaryFormatter _files = new();
                private readonly CustomBinaryFormatter _messages = new();

                public Service(CustomBinaryFormatter cache)
                {
                    var local = new CustomBinaryFormatter();
                    local.Register<Quote>(1);
                    cache.Register<Trade>(1);
                    _files.Register<Quote>(2);
                    _messages.Register<Trade>(2);
                    _messages.Register<Quote>(3);
                    new CustomBinaryFormatter().Register<Trade>(3);
                    Make().Register<Quote>(3);
                }

                private static CustomBinaryFormatter Make() => new();
            }
            """;

        (await IdDiagnosticsAsync(source)).Should().BeEmpty();
    }

    [Fact]
    public async Task OneFieldUsedInTwoMethods_IsNotCompared()
    {
        // The analyzer cannot know that both methods run on the same object: one of them may be a fallback.
        const string source = """
            using FastSerialization;

            public sealed class Service
            {
                private readonly CustomBinaryFormatter _formatter = new();

                public void RegisterQuotes() => _formatter.Register<Quote>(1);

                public void RegisterTrades() => _formatter.Register<Trade>(1);
            }
            """;

        (await IdDiagnosticsAsync(source)).Should().BeEmpty();
    }

    [Fact]
    public async Task AVariableAssignedANewFormatterBetweenTwoCalls_HoldsTwoFormatters()
    {
        const string source = """
            using FastSerialization;

            public static class Setup
            {
                public static CustomBinaryFormatter[] Create()
                {
                    var f = new CustomBinaryFormatter();
                    f.Register<Quote>(1);
                    var first = f;
                    f = new CustomBinaryFormatter();
                    f.Register<Trade>(1);
                    f.Register<Quote>(2);
                    return new[] { first, f };
                }
            }
            """;

        (await IdDiagnosticsAsync(source)).Should().BeEmpty();
    }

    [Fact]
    public async Task CallsInTwoBranches_OfWhichOneRuns_AreNotCompared_ButCallsThatMayBothRunAre()
    {
        const string source = """
            using System;
            using FastSerialization;

            public static class Setup
            {
                public static void Branches(CustomBinaryFormatter f, bool legacy)
                {
                    if (legacy)
                    {
                        f.Register<Quote>(1);
                    }
                    else
                    {
                        f.Register<Trade>(1);
                    }
                }

                public static void Sections(CustomBinaryFormatter f, int mode)
                {
                    switch (mode)
                    {
                        case 0: f.Register<Quote>(20); break;
                        case 1: f.Register<Quote>(21); break;
                    }
                }

                public static Action Arms(CustomBinaryFormatter f, int mode) =>
                    mode switch { 0 => () => f.Register<Trade>(30), _ => () => f.Register<Quote>(30) };

                public static Action Conditional(CustomBinaryFormatter f, bool legacy) =>
                    legacy ? () => f.Register<Quote>(7) : () => f.Register<Trade>(7);

                public static void BothMayRun(CustomBinaryFormatter f, int mode)
                {
                    if (mode > 5)
                    {
                        f.Register<Trade>(40);
                    }

                    if (mode > 6)
                    {
                        f.Register<Trade>(41);
                    }
                }
            }
            """;

        ImmutableArray<Diagnostic> diagnostics = await IdDiagnosticsAsync(source);

        diagnostics.Select(d => (d.Id, Text(d.Location), Text(d.AdditionalLocations.Single()))).Should().Equal(
            ("FSA005", "Register<Trade>(41)", "Register<Trade>(40)"));
    }

    [Fact]
    public async Task IdsComputedAtRunTime_AreNotChecked()
    {
        const string source = """
            using FastSerialization;

            public static class Setup
            {
                public static void Add(CustomBinaryFormatter f, int id)
                {
                    int local = 1;
                    f.Register<Quote>(id);
                    f.Register<Trade>(id);
                    f.Register<Quote>(local);
                    f.Register<Trade>(-local);
                }
            }
            """;

        (await IdDiagnosticsAsync(source)).Should().BeEmpty();
    }

    [Theory]
    [InlineData("0", "0")]
    [InlineData("-1", "-1")]
    [InlineData("int.MinValue", "-2147483648")]
    [InlineData("unchecked((int)0x80000000)", "-2147483648")]
    public async Task AConstantIdBelowOne_IsAnError(string id, string value)
    {
        string source = $$"""
            using FastSerialization;

            public static class Setup
            {
                public static void Add() => new CustomBinaryFormatter().Register<Quote>({{id}});
            }
            """;

        ImmutableArray<Diagnostic> diagnostics = await IdDiagnosticsAsync(source);

        Diagnostic diagnostic = diagnostics.Should().ContainSingle().Subject;
        diagnostic.Id.Should().Be("FSA003");
        diagnostic.Severity.Should().Be(DiagnosticSeverity.Error);
        Text(diagnostic.Location).Should().Be(id);
        diagnostic.GetMessage().Should().Be(
            $"Type id {value} given to 'Quote' is not a valid id: type ids run from 1 to 2147483647 (ids below 128 take one byte on the wire); registering it throws ArgumentOutOfRangeException");
    }

    [Fact]
    public async Task TheSmallestAndLargestIds_AreAccepted()
    {
        const string source = """
            using FastSerialization;

            public static class Setup
            {
                public static void Add(CustomBinaryFormatter f)
                {
                    f.Register<Quote>(1);
                    f.Register<Trade>(int.MaxValue);
                }
            }
            """;

        (await IdDiagnosticsAsync(source)).Should().BeEmpty();
    }

    [Fact]
    public async Task TheDependencyInjectionBuilder_IsChecked_ThroughItsChainedCalls()
    {
        const string source = """
            using FastSerialization.DependencyInjection;
            using Microsoft.Extensions.DependencyInjection;

            public static class Startup
            {
                public static void Configure(IServiceCollection services) =>
                    services.AddFastSerialization(b => b
                        .Register<Quote>(1)
                        .Configure(o => o.MaxDepth = 16)
                        .Register<Trade>(1)
                        .Register<Quote>(0));

                public static void ConfigureOther(IServiceCollection services) =>
                    services.AddFastSerialization(b => b.Register<Trade>(1).Register<Quote>(2));

                public static void ConfigureThird(IServiceCollection services) =>
                    services.AddFastSerialization(b =>
                    {
                        b.Register<Quote>(2);
                        b.Register<Quote>(3);
                    });
            }
            """;

        ImmutableArray<Diagnostic> diagnostics = await IdDiagnosticsAsync(source);

        diagnostics.Select(d => d.Id).Should().Equal("FSA004", "FSA003", "FSA005");
        diagnostics[0].GetMessage().Should().StartWith("Type id 1 is registered for 'Trade' here (Source1.cs(10,14)) and for 'Quote' at Source1.cs(8,14), on the same formatter 'b'");
        Text(diagnostics[0].AdditionalLocations.Single()).Should().Be("Register<Quote>(1)");
        Text(diagnostics[1].Location).Should().Be("0");
        Text(diagnostics[2].Location).Should().Be("Register<Quote>(3)");
    }

    [Fact]
    public async Task WhatFsa004AndFsa005Report_ThrowsWhenTheCodeRuns()
    {
        // The diagnostics are errors because the code cannot work: each reported call throws at run time.
        const string source = """
            using System;
            using FastSerialization;

            public static class Setup
            {
                public static string Run()
                {
                    string result = "";
                    var f = new CustomBinaryFormatter();
                    f.Register<Quote>(1);
                    try { f.Register<Trade>(1); } catch (ArgumentException e) { result += "FSA004: " + e.Message + "\n"; }
                    try { f.Register<Quote>(2); } catch (ArgumentException e) { result += "FSA005: " + e.Message + "\n"; }
                    try { new CustomBinaryFormatter().Register<Quote>(0); } catch (ArgumentOutOfRangeException) { result += "FSA003\n"; }
                    return result;
                }
            }
            """;
        Project project = AnalyzerHarness.Project(Types, source);
        (await IdDiagnosticsAsync(source)).Select(d => d.Id).Should().Equal("FSA004", "FSA005", "FSA003");

        byte[] assembly = await AnalyzerHarness.EmitAsync(project);
        var context = new AssemblyLoadContext("type-ids", isCollectible: true);
        try
        {
            Assembly loaded = context.LoadFromStream(new MemoryStream(assembly));
            MethodInfo run = loaded.GetType("Setup", throwOnError: true)!.GetMethod("Run")!;
            string result = (string)run.Invoke(null, null)!;

            result.Should().Be(
                "FSA004: Type id 1 is already registered for Quote; it cannot also stand for Trade. (Parameter 'typeId')\n" +
                "FSA005: Quote is already registered with type id 1; it cannot also have id 2. (Parameter 'T')\n" +
                "FSA003\n");
        }
        finally
        {
            context.Unload();
        }
    }
}

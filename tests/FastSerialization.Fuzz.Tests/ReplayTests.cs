using System;
using System.IO;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Fuzz.Tests;

/// <summary>
/// The fuzz harness without AFL++: every committed input runs through the same targets and oracle
/// (documented exceptions only, re-serialization reads back equal, bounded allocation).
/// </summary>
public class ReplayTests
{
    public static TheoryData<string> Seeds() => Data("seeds");

    public static TheoryData<string> Regressions() => Data("regressions");

    public static TheoryData<string> Queue() => Data("queue");

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Seed_ReadsWhole(string name)
    {
        string path = Path.Combine(Corpus.Folder("seeds"), name);

        Exception? finding = Replay.RunFile(path, out bool read);

        finding.Should().BeNull();
        if (!name.Contains("golden-customer", StringComparison.Ordinal))
        {
            read.Should().BeTrue("a seed is a valid input of its target, written by the libraries (run with FUZZ_VERBOSE=1 to see why not)");
        }
    }

    /// <summary>Inputs that once broke a promise (found by the fuzzer or by hand): each must now end as documented.</summary>
    [Theory]
    [MemberData(nameof(Regressions))]
    public void Regression_HasNoFinding(string name)
    {
        Exception? finding = Replay.RunFile(Path.Combine(Corpus.Folder("regressions"), name), out _);

        finding.Should().BeNull();
    }

    /// <summary>The corpus a campaign grew (AFL++'s queue, committed): every input keeps ending as documented.</summary>
    [Theory]
    [MemberData(nameof(Queue))]
    public void QueueInput_HasNoFinding(string name)
    {
        Exception? finding = Replay.RunFile(Path.Combine(Corpus.Folder("queue"), name), out _);

        finding.Should().BeNull();
    }

    [Fact]
    public void Seeds_CoverEveryTarget()
    {
        foreach (string target in Targets.Names)
        {
            Directory.GetFiles(Corpus.Folder("seeds"), target + "-*").Should().NotBeEmpty("target {0} needs seeds", target);
        }
    }

    [Fact]
    public void Oracle_ReportsAnAllocationOverTheBound()
    {
        Action act = () => Oracle.CheckAllocation(Oracle.AllocationFloor + (Oracle.AllocationPerInputByte * 100) + 1, 100, "test");

        act.Should().Throw<FuzzFindingException>().WithMessage("*allocated*over the bound*");
    }

    [Fact]
    public void Oracle_OnlyTheDocumentedExceptionsAreExpected()
    {
        Oracle.IsDocumented(new FastSerializationException("x")).Should().BeTrue();
        Oracle.IsDocumented(new FastSerialization.Ipc.IpcException("x")).Should().BeTrue();
        Oracle.IsDocumented(new IndexOutOfRangeException()).Should().BeFalse();
        Oracle.IsDocumented(new OutOfMemoryException()).Should().BeFalse();
        Oracle.IsDocumented(new InvalidOperationException()).Should().BeFalse();
    }

    private static TheoryData<string> Data(string folder)
    {
        var data = new TheoryData<string>();
        foreach (object[] row in Corpus.Files(folder))
        {
            data.Add((string)row[0]);
        }

        return data;
    }
}

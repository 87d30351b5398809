using System;
using System.IO;
using System.Runtime.Serialization.Formatters.Binary;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;
using Orleans.Serialization;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// Deep copies of issue 46's graph (<see cref="DepartmentGraphBenchmarks"/>): a new department, employees and managers,
/// the managers still shared and the cycle still closed. Ours (the baseline), Orleans' generated deep copier
/// (<see cref="DeepCopier{T}"/>) and BinaryFormatter's idiom (serialize into a new <see cref="MemoryStream"/>, read it
/// back). MemoryPack has no deep copy. The targets (issue 46): ours within 1.5x of Orleans' copier and at least 20x
/// faster than BinaryFormatter's idiom. Methods are named Contender_DeepClone (summary.md reads them so). Setup requires
/// every copy to have the graph's shape and to share no object with the original.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class DepartmentGraphDeepCloneBenchmarks
{
    private CustomBinaryFormatter _formatter = null!;
    private GeneratedDepartment _tracked = null!;
    private PeerDepartment _peer = null!;
    private DeepCopier<PeerDepartment> _copier = null!;
    private Department _model = null!;

    [GlobalSetup]
    public void Setup()
    {
        DepartmentGraphBenchmarks.CheckTheCheck();
        _formatter = Formatters.Fast;
        _tracked = GeneratedDepartment.Build();
        _peer = PeerDepartment.Build();
        _copier = OrleansContender<PeerDepartment>.CreateDeepCopier();
        _model = Department.Build();
        BinaryFormatterContender<Department>.EnsureAvailable();

        DepartmentGraphShape.Check(nameof(FastSerialization_DeepClone), FastSerialization_DeepClone(), _tracked);
        DepartmentGraphShape.Check(nameof(Orleans_DeepClone), Orleans_DeepClone(), _peer);
        DepartmentGraphShape.Check(nameof(BinaryFormatter_DeepClone), BinaryFormatter_DeepClone(), _model);
        // The copied graphs are left as they were.
        DepartmentGraphShape.Check("the original of FastSerialization_DeepClone", _tracked);
        DepartmentGraphShape.Check("the original of Orleans_DeepClone", _peer);
        DepartmentGraphShape.Check("the original of BinaryFormatter_DeepClone", _model);
    }

    /// <summary>Ours: <see cref="CustomBinaryFormatter.DeepClone{T}(T)"/> (one record into a pooled buffer, read back).</summary>
    /// <returns>The copy.</returns>
    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.DeepClone)]
    public GeneratedDepartment FastSerialization_DeepClone() => _formatter.DeepClone(_tracked);

    /// <summary>Orleans' generated deep copier, from the same service provider as its serializer.</summary>
    /// <returns>The copy.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.DeepClone)]
    public PeerDepartment Orleans_DeepClone() => _copier.Copy(_peer);

    /// <summary>BinaryFormatter's everyday deep copy: a new formatter and MemoryStream, serialize, rewind, deserialize.</summary>
    /// <returns>The copy.</returns>
    [Benchmark]
    [BenchmarkCategory(Categories.DeepClone)]
    public Department BinaryFormatter_DeepClone()
    {
        using var stream = new MemoryStream();
        var formatter = new BinaryFormatter();
        formatter.Serialize(stream, _model);
        stream.Position = 0;
        return (Department)formatter.Deserialize(stream);
    }
}

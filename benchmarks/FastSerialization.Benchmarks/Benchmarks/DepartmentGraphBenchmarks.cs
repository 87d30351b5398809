using System;
using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using FastSerialization.Benchmarks.Contenders;
using FastSerialization.Benchmarks.Payloads;
using FastSerialization.Benchmarks.Payloads.Generated;
using FastSerialization.Benchmarks.Payloads.Peers;

namespace FastSerialization.Benchmarks.Benchmarks;

/// <summary>
/// Issue 46's object graph: one department, 200 employees, 10 managers shared by the employees, everyone pointing back to
/// the department (a cycle through the root). The contenders are the serializers that keep identity: ours with
/// reference-tracked generated types (<see cref="GeneratedDepartment"/>, the baseline), MemoryPack with
/// <c>GenerateType.CircularReference</c>, Orleans (tracks references by default), System.Text.Json with
/// <c>ReferenceHandler.Preserve</c> and BinaryFormatter. MessagePack and protobuf-net cannot keep shared references or
/// cycles, so they have no row. The targets (issue 46): ours no slower than MemoryPack CircularReference and Orleans both
/// ways, and no larger. Setup reads back every contender's record and requires the graph's shape
/// (<see cref="DepartmentGraphShape.Check"/>: the 10 managers shared, not copied; the cycle closed on the department
/// read), so a contender that reads back copies fails the run instead of reporting a time.
/// </summary>
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class DepartmentGraphBenchmarks : IPayloadSizeSource
{
    private GeneratedDepartment _trackedValue = null!;
    private FastSerializationContender<GeneratedDepartment> _tracked = null!;
    private PeerDepartment _peerValue = null!;
    private MemoryPackContender<PeerDepartment> _memoryPack = null!;
    private OrleansContender<PeerDepartment> _orleans = null!;
    private Department _model = null!;
    private SystemTextJsonContender<Department> _json = null!;
    private BinaryFormatterContender<Department> _binaryFormatter = null!;

    [GlobalSetup]
    public void Setup()
    {
        CheckTheCheck();
        _trackedValue = GeneratedDepartment.Build();
        _tracked = new FastSerializationContender<GeneratedDepartment>(_trackedValue);
        _peerValue = PeerDepartment.Build();
        _memoryPack = new MemoryPackContender<PeerDepartment>(_peerValue);
        _orleans?.Dispose();
        _orleans = new OrleansContender<PeerDepartment>(_peerValue);
        _model = Department.Build();
        _json = new SystemTextJsonContender<Department>(_model, GraphJsonContext.Preserve.Department);
        _binaryFormatter = new BinaryFormatterContender<Department>(_model);
        Verify();
        Console.WriteLine("// " + BinaryFormatterContender<Department>.Describe() + $", department graph round-trip ok, {_binaryFormatter.Record.Length} bytes");
    }

    /// <summary>Gives back what the Orleans contender holds from a pool.</summary>
    [GlobalCleanup]
    public void Cleanup() => _orleans?.Dispose();

    // ---- Serialize: the whole graph, one message, into a reused buffer or stream ----

    /// <summary>Ours: the reference-tracked [BinarySerializable] graph, into a reused ArrayBufferWriter.</summary>
    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_FastSerializationTracked() => _tracked.Serialize(_trackedValue);

    /// <summary>MemoryPack, <c>GenerateType.CircularReference</c>, into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_MemoryPackCircularReference() => _memoryPack.Serialize(_peerValue);

    /// <summary>Orleans' serializer (source-generated codecs, references tracked by default, kept session), into a reused ArrayBufferWriter.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_Orleans() => _orleans.Serialize(_peerValue);

    /// <summary>System.Text.Json with <c>ReferenceHandler.Preserve</c> (source-generated metadata), UTF-8 into a reused buffer.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_SystemTextJsonPreserve() => _json.Serialize(_model);

    /// <summary>BinaryFormatter, into a reused MemoryStream.</summary>
    [Benchmark]
    [BenchmarkCategory(Categories.Serialize)]
    public int Serialize_BinaryFormatter() => _binaryFormatter.Serialize(_model);

    // ---- Deserialize: the whole graph, from the record the same contender wrote in setup ----

    [Benchmark(Baseline = true)]
    [BenchmarkCategory(Categories.Deserialize)]
    public GeneratedDepartment Deserialize_FastSerializationTracked() => _tracked.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public PeerDepartment Deserialize_MemoryPackCircularReference() => _memoryPack.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public PeerDepartment Deserialize_Orleans() => _orleans.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public Department Deserialize_SystemTextJsonPreserve() => _json.Deserialize();

    [Benchmark]
    [BenchmarkCategory(Categories.Deserialize)]
    public Department Deserialize_BinaryFormatter() => _binaryFormatter.Deserialize();

    public IReadOnlyDictionary<string, PayloadSize> MeasurePayloadSizes()
    {
        Setup();
        var sizes = new Dictionary<string, PayloadSize>();
        void Add(string contender, PayloadSize size)
        {
            sizes["Serialize_" + contender] = size;
            sizes["Deserialize_" + contender] = size;
        }

        Add("FastSerializationTracked", new PayloadSize(_tracked.Record.Length, SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.RecordHeaderLength(_tracked.Record)));
        Add("MemoryPackCircularReference", new PayloadSize(_memoryPack.Record.Length, 0));
        Add("Orleans", new PayloadSize(_orleans.Record.Length, 0));
        Add("SystemTextJsonPreserve", new PayloadSize(_json.Record.Length, 0));
        Add("BinaryFormatter", new PayloadSize(_binaryFormatter.Record.Length, 0));
        return sizes;
    }

    /// <summary>
    /// Every contender's record, read back, must have the graph's shape, and each serialize row must write the bytes its
    /// deserialize row reads (BinaryFormatter: as many bytes, read back to the same shape).
    /// </summary>
    private void Verify()
    {
        DepartmentGraphShape.Check("FastSerializationTracked", _tracked.Deserialize());
        DepartmentGraphShape.Check("MemoryPackCircularReference", _memoryPack.Deserialize());
        DepartmentGraphShape.Check("Orleans", _orleans.Deserialize());
        DepartmentGraphShape.Check("SystemTextJsonPreserve", _json.Deserialize());
        DepartmentGraphShape.Check("BinaryFormatter", _binaryFormatter.Deserialize());

        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("FastSerializationTracked", Serialize_FastSerializationTracked(), _tracked.Written, _tracked.Record);
        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("MemoryPackCircularReference", Serialize_MemoryPackCircularReference(), _memoryPack.Written, _memoryPack.Record);
        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("SystemTextJsonPreserve", Serialize_SystemTextJsonPreserve(), _json.Written, _json.Record);
        // Twice: the kept session (and its reference table) must not carry anything from one message to the next.
        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("Orleans", Serialize_Orleans(), _orleans.Written, _orleans.Record);
        SerializerBenchmarks<Order, GeneratedOrder, PeerOrder>.SameWritten("Orleans", Serialize_Orleans(), _orleans.Written, _orleans.Record);
        DepartmentGraphShape.Check("Orleans (after two more messages on its session)", _orleans.Deserialize());
        if (Serialize_BinaryFormatter() != _binaryFormatter.Record.Length)
        {
            throw new InvalidOperationException("BinaryFormatter: Serialize into the reused stream wrote another byte count than the record it reads.");
        }

        DepartmentGraphShape.Check("BinaryFormatter (the reused stream)", _binaryFormatter.DeserializeWritten());
    }

    /// <summary>
    /// The shape check itself, once: it must refuse a graph whose employees hold copies of their managers (what a tree
    /// serializer reads back) and one whose back-pointer reaches another department (a cycle left open).
    /// </summary>
    internal static void CheckTheCheck()
    {
        Department copies = Department.Build();
        foreach (Employee employee in copies.Employees)
        {
            employee.Manager = new Manager { Name = employee.Manager!.Name, Department = copies };
        }

        Department open = Department.Build();
        open.Employees[17].Department = new Department { Name = DepartmentGraphShape.DepartmentName };
        Department openManager = Department.Build();
        openManager.Managers![3].Department = new Department { Name = DepartmentGraphShape.DepartmentName };
        Department original = Department.Build();
        foreach ((string what, Department graph, Department? source) in new[]
        {
            ("employees holding copies of their managers", copies, (Department?)null),
            ("an employee pointing to another department", open, null),
            ("a manager pointing to another department", openManager, null),
            ("a \"copy\" that is the original", original, original),
        })
        {
            bool refused = false;
            try
            {
                DepartmentGraphShape.Check("the check's self-test", graph, source);
            }
            catch (InvalidOperationException)
            {
                refused = true;
            }

            if (!refused)
            {
                throw new InvalidOperationException($"The department graph's shape check accepted {what}: it cannot tell a graph from a tree.");
            }
        }

        DepartmentGraphShape.Check("the check's self-test (the graph as built)", Department.Build());
    }
}

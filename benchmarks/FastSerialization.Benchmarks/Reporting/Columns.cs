using System.Globalization;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace FastSerialization.Benchmarks.Reporting;

/// <summary>The size of one serialized message for the row's contender, framing included.</summary>
public sealed class PayloadSizeColumn : IColumn
{
    public string Id => nameof(PayloadSizeColumn);

    public string ColumnName => "Payload (B)";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 0;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => "Bytes of one serialized message written by the row's contender (its framing included; for Memcpy, the bytes copied)";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        PayloadSizes.TryGet(benchmarkCase.Descriptor.Type, benchmarkCase.Descriptor.WorkloadMethod.Name, out int bytes)
            ? bytes.ToString("N0", CultureInfo.InvariantCulture)
            : "-";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;
}

/// <summary>Payload bytes per operation divided by the mean time: GB/s (10^9 bytes per second).</summary>
public sealed class ThroughputColumn : IColumn
{
    public string Id => nameof(ThroughputColumn);

    public string ColumnName => "GB/s";

    public bool AlwaysShow => true;

    public ColumnCategory Category => ColumnCategory.Custom;

    public int PriorityInCategory => 1;

    public bool IsNumeric => true;

    public UnitType UnitType => UnitType.Dimensionless;

    public string Legend => "Payload (B) / Mean: 10^9 bytes of the row's own serialized form per second";

    public static double? Compute(Summary summary, BenchmarkCase benchmarkCase)
    {
        BenchmarkReport? report = summary[benchmarkCase];
        if (report?.ResultStatistics is null
            || !PayloadSizes.TryGet(benchmarkCase.Descriptor.Type, benchmarkCase.Descriptor.WorkloadMethod.Name, out int bytes))
        {
            return null;
        }

        return bytes / report.ResultStatistics.Mean; // bytes per nanosecond = GB/s
    }

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) =>
        Compute(summary, benchmarkCase) is double gbps ? gbps.ToString("0.000", CultureInfo.InvariantCulture) : "-";

    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style) => GetValue(summary, benchmarkCase);

    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    public bool IsAvailable(Summary summary) => true;
}

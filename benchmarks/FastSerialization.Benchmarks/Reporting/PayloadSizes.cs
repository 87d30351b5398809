using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using FastSerialization.Benchmarks.Benchmarks;

namespace FastSerialization.Benchmarks.Reporting;

/// <summary>
/// Bytes per operation of each benchmark, measured in the host process by serializing the same
/// sample once per contender (BinaryFormatter's size is therefore measured by BinaryFormatter itself).
/// </summary>
public static class PayloadSizes
{
    private static readonly ConcurrentDictionary<Type, IReadOnlyDictionary<string, int>> s_byType = new();

    public static bool TryGet(Type benchmarkType, string methodName, out int bytes)
    {
        bytes = 0;
        IReadOnlyDictionary<string, int> sizes = s_byType.GetOrAdd(benchmarkType, Measure);
        return sizes.TryGetValue(methodName, out bytes);
    }

    private static IReadOnlyDictionary<string, int> Measure(Type benchmarkType)
    {
        if (!typeof(IPayloadSizeSource).IsAssignableFrom(benchmarkType) || benchmarkType.IsAbstract)
        {
            return new Dictionary<string, int>();
        }

        var source = (IPayloadSizeSource)Activator.CreateInstance(benchmarkType)!;
        return source.MeasurePayloadSizes();
    }
}

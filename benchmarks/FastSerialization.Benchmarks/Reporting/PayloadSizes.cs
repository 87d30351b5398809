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
    private static readonly ConcurrentDictionary<Type, IReadOnlyDictionary<string, PayloadSize>> s_byType = new();

    /// <summary>The whole message's bytes of a benchmark (framing included).</summary>
    public static bool TryGet(Type benchmarkType, string methodName, out int bytes)
    {
        bool found = TryGet(benchmarkType, methodName, out PayloadSize size);
        bytes = size.Message;
        return found;
    }

    /// <summary>The message's bytes of a benchmark and how many of them are record framing.</summary>
    public static bool TryGet(Type benchmarkType, string methodName, out PayloadSize size)
    {
        IReadOnlyDictionary<string, PayloadSize> sizes = s_byType.GetOrAdd(benchmarkType, Measure);
        return sizes.TryGetValue(methodName, out size);
    }

    private static IReadOnlyDictionary<string, PayloadSize> Measure(Type benchmarkType)
    {
        if (!typeof(IPayloadSizeSource).IsAssignableFrom(benchmarkType) || benchmarkType.IsAbstract)
        {
            return new Dictionary<string, PayloadSize>();
        }

        var source = (IPayloadSizeSource)Activator.CreateInstance(benchmarkType)!;
        return source.MeasurePayloadSizes();
    }
}

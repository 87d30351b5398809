using System;

namespace FastSerialization;

/// <summary>
/// The bytes the current thread has allocated, where the runtime can tell (.NET Core and later, also under the
/// netstandard2.0 build, found by reflection); <see cref="Available"/> is false on .NET Framework.
/// </summary>
internal static class AllocationMeter
{
#if NETSTANDARD2_0
    private static readonly Func<long>? Measure = Find();

    public static bool Available => Measure is not null;

    public static long Now() => Measure is null ? 0 : Measure();

    private static Func<long>? Find()
    {
        System.Reflection.MethodInfo? method = typeof(GC).GetMethod(
            "GetAllocatedBytesForCurrentThread", System.Reflection.BindingFlags.Public | System.Reflection.BindingFlags.Static, null, Type.EmptyTypes, null);
        return method is null ? null : (Func<long>)method.CreateDelegate(typeof(Func<long>));
    }
#else
    public static bool Available => true;

    public static long Now() => GC.GetAllocatedBytesForCurrentThread();
#endif
}

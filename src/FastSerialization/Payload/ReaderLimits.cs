using System;

namespace FastSerialization;

/// <summary>
/// What a record's <see cref="FastBinaryReader"/> reads with besides the bytes: the registry that polymorphic nested
/// objects and registered factories come from, and the formatter's limits. A formatter makes one when it is created and
/// every reader it makes references it: a record's reader then stores one reference instead of copying six values
/// (benchmarks/results/evolvable-and-per-record-read.md). Immutable.
/// </summary>
internal sealed class ReaderLimits
{
    /// <summary>No registry, and the default limits: what a reader made over bare bytes reads with.</summary>
    public static readonly ReaderLimits Default = new(
        registry: null,
        CustomBinaryFormatterOptions.DefaultMaxDepth,
        rejectUnreadBytes: false,
        CustomBinaryFormatterOptions.DefaultMaxAllocationPerInputByte,
        CustomBinaryFormatterOptions.DefaultMaxBigIntegerBytes,
        CustomBinaryFormatterOptions.DefaultMaxTrackedObjects);

    /// <param name="registry">The registry polymorphic nested objects and registered factories come from, or null.</param>
    /// <param name="maxDepth">How deep nested objects may go.</param>
    /// <param name="rejectUnreadBytes">True when bytes a type's reader leaves in its frame are an error rather than skipped.</param>
    /// <param name="maxAllocationPerInputByte">The allocation budget per byte of the record, on top of the allowance.</param>
    /// <param name="maxBigIntegerBytes">The most bytes a <see cref="System.Numerics.BigInteger"/> read may take.</param>
    /// <param name="maxTrackedObjects">The most reference-tracked objects a record may number.</param>
    public ReaderLimits(TypeRegistry? registry, int maxDepth, bool rejectUnreadBytes, int maxAllocationPerInputByte, int maxBigIntegerBytes, int maxTrackedObjects)
    {
        Registry = registry;
        MaxDepth = maxDepth;
        RejectUnreadBytes = rejectUnreadBytes;
        MaxAllocationPerInputByte = maxAllocationPerInputByte;
        MaxBigIntegerBytes = maxBigIntegerBytes;
        MaxTrackedObjects = maxTrackedObjects;
        CheckDepthFrom = Math.Min(maxDepth, StackGuard.CheckFromDepth);
    }

    /// <summary>The registry polymorphic nested objects and registered factories come from, or null.</summary>
    public TypeRegistry? Registry { get; }

    /// <summary>How deep nested objects may go (<see cref="CustomBinaryFormatterOptions.MaxDepth"/>).</summary>
    public int MaxDepth { get; }

    /// <summary>
    /// The depth from which a nested object needs a look at the limit and the stack: the lower of <see cref="MaxDepth"/>
    /// and <see cref="StackGuard.CheckFromDepth"/>.
    /// </summary>
    public int CheckDepthFrom { get; }

    /// <summary>True when bytes a type's reader leaves in its frame are an error (<see cref="CustomBinaryFormatterOptions.RejectUnreadBytes"/>).</summary>
    public bool RejectUnreadBytes { get; }

    /// <summary>The allocation budget per byte of the record (<see cref="CustomBinaryFormatterOptions.MaxAllocationPerInputByte"/>).</summary>
    public int MaxAllocationPerInputByte { get; }

    /// <summary>The most bytes a BigInteger read may take (<see cref="CustomBinaryFormatterOptions.MaxBigIntegerBytes"/>).</summary>
    public int MaxBigIntegerBytes { get; }

    /// <summary>The most reference-tracked objects a record may number (<see cref="CustomBinaryFormatterOptions.MaxTrackedObjects"/>).</summary>
    public int MaxTrackedObjects { get; }
}

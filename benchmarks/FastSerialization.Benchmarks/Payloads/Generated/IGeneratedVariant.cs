namespace FastSerialization.Benchmarks.Payloads.Generated;

/// <summary>
/// A [BinarySerializable] counterpart of a hand-written payload: the same members, its serializer
/// written by the source generator. The benchmark setup converts the sample with <see cref="From"/>,
/// checks that the generated record reads back to the same values (<see cref="ToHandWritten"/>) and
/// compares its bytes with the hand-written record's.
/// </summary>
/// <typeparam name="TSelf">The generated type.</typeparam>
/// <typeparam name="THandWritten">The hand-written payload it mirrors.</typeparam>
public interface IGeneratedVariant<TSelf, THandWritten>
    where TSelf : IGeneratedVariant<TSelf, THandWritten>, ICustomBinarySerializable
{
    /// <summary>
    /// True when the generated code writes exactly the hand-written payload bytes (then setup requires
    /// them byte for byte). False when the generator's encoding of these members differs; the type's
    /// remarks say how (the payload sizes are in the report).
    /// </summary>
    static abstract bool SameBytes { get; }

    /// <summary>The generated copy of <paramref name="value"/>.</summary>
    static abstract TSelf From(THandWritten value);

    /// <summary>The hand-written copy of this value.</summary>
    THandWritten ToHandWritten();

}

namespace FastSerialization.Benchmarks.Payloads.Peers;

/// <summary>
/// A payload's counterpart for the peer serializers (MemoryPack in its default mode, MessagePack, protobuf-net,
/// Orleans): the same members holding the same values, annotated as each of those libraries expects. One type
/// carries all four sets of attributes; each library reads only its own. (MemoryPack's version-tolerant mode is a
/// type-wide choice, so its twins are types of their own: Payloads/Peers/VersionTolerant.cs.) The benchmark setup converts the sample
/// with <see cref="From"/>, and every peer's round trip must come back, through
/// <see cref="ToHandWritten"/>, with the same values in every member.
/// </summary>
/// <typeparam name="TSelf">The peer type.</typeparam>
/// <typeparam name="THandWritten">The hand-written payload it mirrors.</typeparam>
public interface IPeerVariant<TSelf, THandWritten>
    where TSelf : IPeerVariant<TSelf, THandWritten>
{
    /// <summary>The peer copy of <paramref name="value"/>.</summary>
    /// <param name="value">The hand-written sample.</param>
    /// <returns>A new peer value with the same members.</returns>
    static abstract TSelf From(THandWritten value);

    /// <summary>The hand-written copy of this value.</summary>
    /// <returns>A new hand-written value with the same members.</returns>
    THandWritten ToHandWritten();
}

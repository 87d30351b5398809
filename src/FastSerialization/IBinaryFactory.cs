namespace FastSerialization;

/// <summary>
/// A type that makes the new instances a formatter reads into itself, with no reflection and no code
/// compiled at run time: what trimmed and NativeAOT applications need. The source generator implements
/// it for every <see cref="BinarySerializableAttribute"/> class with a parameterless constructor (and every
/// struct that declares one) by calling that constructor; a hand-written type may implement it too.
/// </summary>
/// <typeparam name="TSelf">The implementing type.</typeparam>
/// <remarks>
/// <para>
/// Without it, a formatter calls the type's parameterless constructor through a delegate it compiles once
/// (or through reflection where the runtime cannot compile code, as under NativeAOT). A factory registered
/// with <see cref="CustomBinaryFormatter.Register{T}(int, System.Func{T})"/> still comes first.
/// </para>
/// <para>
/// <see cref="CreateNew"/> is called on a template instance the formatter creates once per type, as an
/// uninitialized object (no constructor run; a struct's default value): it must not depend on that
/// instance's state.
/// </para>
/// </remarks>
public interface IBinaryFactory<TSelf>
    where TSelf : ICustomBinarySerializable
{
    /// <summary>Creates the instance that the next value read of this type is read into.</summary>
    /// <returns>A new instance, as the type's parameterless constructor makes it.</returns>
    TSelf CreateNew();
}

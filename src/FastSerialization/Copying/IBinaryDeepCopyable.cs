using System.ComponentModel;

namespace FastSerialization;

/// <summary>
/// A type whose deep copier is generated (docs/GENERATOR.md, "Deep copies"): <see cref="CustomBinaryFormatter.DeepClone{T}"/>
/// copies it member by member instead of writing it into a buffer and reading it back. For generated code only: the source
/// generator implements it, explicitly, on each <see cref="BinarySerializableAttribute"/> type whose members it can all copy.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public interface IBinaryDeepCopyable
{
    /// <summary>
    /// Makes the copy a write and a read of this object would give: a new instance made as the reader makes one, entered
    /// through <see cref="BinaryCopyContext.Created"/> before its members are copied, its members copied through
    /// <paramref name="context"/>; or, for a type built through its constructor, its members copied and then the constructor called.
    /// </summary>
    /// <param name="context">The copy under way: its table of tracked objects, its depth.</param>
    /// <returns>The copy, of the same runtime type.</returns>
    /// <exception cref="System.Exception">
    /// Anything: <see cref="CustomBinaryFormatter.DeepClone{T}"/> then copies the value by writing and reading it, which
    /// gives the same copy or the documented exception.
    /// </exception>
    object DeepCopy(BinaryCopyContext context);
}

using System.ComponentModel;

namespace FastSerialization;

/// <summary>
/// A struct whose deep copier is generated (<see cref="IBinaryDeepCopyable"/>), copied as a value: a struct member, element
/// or nullable is copied with no box around the original or the copy. For generated code only: the source generator
/// implements it, explicitly, on each <see cref="BinarySerializableAttribute"/> struct that gets a copier.
/// </summary>
/// <typeparam name="T">The struct itself.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public interface IBinaryValueCopyable<T>
{
    /// <summary>The copy <see cref="IBinaryDeepCopyable.DeepCopy"/> makes, as a value.</summary>
    /// <param name="context">The copy under way: its table of tracked objects, its depth.</param>
    /// <returns>The copy.</returns>
    /// <exception cref="System.Exception">
    /// Anything: <see cref="CustomBinaryFormatter.DeepClone{T}"/> then copies the value by writing and reading it, which
    /// gives the same copy or the documented exception.
    /// </exception>
    T DeepCopyValue(BinaryCopyContext context);
}

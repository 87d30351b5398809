namespace FastSerialization;

/// <summary>
/// A type that is read by building a new instance rather than by filling one: a type whose members
/// are set by its constructor or are init-only (immutable classes, records). The source generator
/// implements it for such <see cref="BinarySerializableAttribute"/> types; a formatter that reads a
/// <typeparamref name="TSelf"/> (a record, or a nested object) calls <see cref="ReadNew"/> instead of
/// creating an instance and calling <see cref="ICustomBinarySerializable.SetDataFrom"/>.
/// </summary>
/// <typeparam name="TSelf">The implementing type.</typeparam>
/// <remarks>
/// <see cref="ReadNew"/> is called on a template instance the formatter creates once per type (with a
/// registered factory, the parameterless constructor, or as an uninitialized object); it must not
/// depend on that instance's state. A registered factory is therefore not used to create the values
/// read.
/// </remarks>
public interface IBinaryConstructible<TSelf>
    where TSelf : ICustomBinarySerializable
{
    /// <summary>Reads a payload written by <see cref="ICustomBinarySerializable.WriteDataTo"/> and returns the new instance it describes.</summary>
    /// <param name="reader">The reader for the record (or nested object) being read.</param>
    /// <returns>The new instance.</returns>
    TSelf ReadNew(ref FastBinaryReader reader);
}

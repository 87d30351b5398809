// The file name ends in .Generated.cs (it holds what generated code calls), which makes the compiler treat it as
// generated code with nullable annotations off: turned back on here.
#nullable enable

namespace FastSerialization;

public ref partial struct FastBinaryReader
{
    /// <summary>
    /// Creates the library's exception for malformed data found by the caller (generated readers use it
    /// for a duplicate or null dictionary key), with the current offset and type id in its message.
    /// </summary>
    /// <param name="message">What is wrong, without a final period.</param>
    /// <returns>The exception, for the caller to throw.</returns>
    public readonly FastSerializationException CreateMalformedException(string message) => Malformed(message);
}

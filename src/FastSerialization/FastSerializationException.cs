using System;
using System.Runtime.Serialization;

namespace FastSerialization;

/// <summary>
/// The one exception type that FastSerialization throws for data it cannot write or read: malformed
/// or truncated input, an unknown type id, a record over the configured limit, a string that is not
/// well-formed, a type that read more or fewer bytes than its record holds.
/// </summary>
/// <remarks>
/// It derives from <see cref="SerializationException"/>, so code written against
/// <c>BinaryFormatter</c> that catches that type keeps working. The message names what was wrong and
/// where; <see cref="Offset"/> and <see cref="TypeId"/> carry the same facts for code.
/// </remarks>
public class FastSerializationException : SerializationException
{
    /// <summary>Creates an exception with a message.</summary>
    /// <param name="message">What was wrong and where.</param>
    public FastSerializationException(string message)
        : base(message)
    {
    }

    /// <summary>Creates an exception with a message and the exception that caused it.</summary>
    /// <param name="message">What was wrong and where.</param>
    /// <param name="innerException">The underlying failure.</param>
    public FastSerializationException(string message, Exception? innerException)
        : base(message, innerException)
    {
    }

    /// <summary>Creates an exception that records where in a record the problem was found.</summary>
    /// <param name="message">What was wrong and where.</param>
    /// <param name="offset">The byte offset, counted from the first byte of the record's length prefix.</param>
    /// <param name="typeId">The type id of the record being read, when it was known.</param>
    /// <param name="innerException">The underlying failure, if any.</param>
    public FastSerializationException(string message, long? offset, int? typeId, Exception? innerException = null)
        : base(message, innerException)
    {
        Offset = offset;
        TypeId = typeId;
    }

    /// <summary>
    /// The byte offset at which the problem was found, counted from the first byte of the record
    /// (its length prefix); <see langword="null"/> when the problem has no position.
    /// </summary>
    public long? Offset { get; }

    /// <summary>The type id of the record being read or written, when it was known.</summary>
    public int? TypeId { get; }
}

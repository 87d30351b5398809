// IFormatter and the types it names are obsolete in modern .NET (SYSLIB0011, SYSLIB0050): this file
// alone uses them, so that code which holds an IFormatter keeps working with this formatter.
#pragma warning disable SYSLIB0011
#pragma warning disable SYSLIB0050
#pragma warning disable CS0618
using System;
using System.IO;
using System.Runtime.Serialization;

namespace FastSerialization;

/// <remarks>
/// <para>
/// The <see cref="IFormatter"/> members behave as follows. <see cref="IFormatter.Serialize"/> and
/// <see cref="IFormatter.Deserialize"/> are <see cref="Serialize(Stream, object)"/> and
/// <see cref="Deserialize(Stream)"/>.
/// </para>
/// <para>
/// <see cref="IFormatter.Binder"/> and <see cref="IFormatter.SurrogateSelector"/> are always null:
/// the type-id registry replaces both (no type name is ever read from the data), so setting either
/// to anything but null throws <see cref="NotSupportedException"/> rather than being ignored.
/// <see cref="IFormatter.Context"/> keeps a context whose <see cref="StreamingContext.Context"/>
/// object is null (its state flags are stored and returned, as a description of where the data
/// goes); a context carrying an object throws <see cref="NotSupportedException"/>, since nothing
/// would hand that object to the types being read.
/// </para>
/// </remarks>
public sealed partial class CustomBinaryFormatter : IFormatter
{
    private StreamingContext _context = new(StreamingContextStates.All);

    SerializationBinder? IFormatter.Binder
    {
        get => null;
        set
        {
            if (value is not null)
            {
                throw new NotSupportedException(
                    "CustomBinaryFormatter never binds type names: a record's type comes from the ids given to Register<T>(id). Register the types instead of setting a Binder.");
            }
        }
    }

    ISurrogateSelector? IFormatter.SurrogateSelector
    {
        get => null;
        set
        {
            if (value is not null)
            {
                throw new NotSupportedException(
                    "CustomBinaryFormatter has no serialization surrogates: every registered type writes and reads itself through ICustomBinarySerializable.");
            }
        }
    }

    StreamingContext IFormatter.Context
    {
        get => _context;
        set
        {
            if (value.Context is not null)
            {
                throw new NotSupportedException(
                    "CustomBinaryFormatter does not pass a StreamingContext to the types it writes and reads, so a context carrying an object cannot be honoured.");
            }

            _context = value;
        }
    }

#if NET
    // The interface's members carry these attributes (for BinaryFormatter), so its implementations must too.
    // This implementation uses no reflection: call Deserialize(Stream) on the formatter itself to avoid them.
    [System.Diagnostics.CodeAnalysis.RequiresUnreferencedCode(IFormatterAttributeNote)]
    [System.Diagnostics.CodeAnalysis.RequiresDynamicCode(IFormatterAttributeNote)]
#endif
    object IFormatter.Deserialize(Stream serializationStream) => Deserialize(serializationStream);

#if NET
    [System.Diagnostics.CodeAnalysis.RequiresUnreferencedCode(IFormatterAttributeNote)]
#endif
    void IFormatter.Serialize(Stream serializationStream, object graph) => Serialize(serializationStream, graph);

#if NET
    private const string IFormatterAttributeNote =
        "IFormatter's members are marked so for BinaryFormatter; CustomBinaryFormatter uses no reflection here: call Serialize and Deserialize on the formatter, not through IFormatter, and there is nothing to warn about.";
#endif
}

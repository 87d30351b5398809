namespace FastSerialization;

public ref partial struct FastBinaryWriter
{
    /// <summary>
    /// Writes a reference-tracked object (docs/FORMAT.md section 8): varuint32 <c>R</c>, 0 for null; 1 for an object
    /// not written before in this record, followed by the bytes <see cref="WriteObject{T}"/> writes for it; otherwise
    /// <c>R - 2</c> is the number of the object written before (objects are numbered 0, 1, 2, ... in the order their
    /// <c>R = 1</c> is written; a record whose type is <see cref="BinaryReferenceTrackedAttribute">tracked</see> is
    /// object 0). Objects are told apart by identity, never by equality.
    /// </summary>
    /// <typeparam name="T">The declared type of the member: an id is written when it is not sealed, as for <see cref="WriteObject{T}"/>.</typeparam>
    /// <param name="value">The object, or null.</param>
    /// <exception cref="FastSerializationException">As for <see cref="WriteObject{T}"/>.</exception>
    /// <remarks>
    /// The reader must read the same member with <see cref="FastBinaryReader.ReadTrackedObject{T}"/>: whether a member is
    /// tracked is part of its type's layout, never told by the bytes. The table of objects written lives as long as the
    /// record: an object written in two records is written in full in each.
    /// </remarks>
    public void WriteTrackedObject<T>(T? value)
        where T : class, ICustomBinarySerializable
    {
        if (value is null)
        {
            Write((byte)0);
            return;
        }

        WriteReferences references = _references ??= WriteReferences.Take();
        if (references.TryGetNumber(value, out int number))
        {
            if (references.IsConstructing(value))
            {
                ThrowCycleThroughConstructor(value.GetType());
            }

            WriteVarUInt32((uint)number + 2);
            return;
        }

        references.Add(value);
        Write((byte)1);
        if (!Constructible<T>.Is)
        {
            WriteObject(value);
            return;
        }

        // A type built through its constructor exists, when read, only once its members are: none of them may refer to it.
        references.BeginConstructing(value);
        WriteObject(value);
        references.EndConstructing(value);
    }

    /// <summary>
    /// Numbers the object of a record whose type is reference-tracked: object 0, before its members are written;
    /// <paramref name="constructible"/> when its type is built through its constructor when read.
    /// </summary>
    internal void EnterTrackedRecord(object value, bool constructible)
    {
        WriteReferences references = _references ??= WriteReferences.Take();
        references.Add(value);
        if (constructible)
        {
            references.BeginConstructing(value); // for the whole record: its members are all the record holds
        }
    }

    /// <summary>
    /// Ends the record's reference table (objects are numbered within one record): gives it back for the next record
    /// to take. Called by the framing layer after each record's payload.
    /// </summary>
    internal void EndRecordReferences()
    {
        if (_references is { } references)
        {
            _references = null;
            references.GiveBack();
        }
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowCycleThroughConstructor(System.Type type) =>
        throw new FastSerializationException(
            $"Cannot write a reference to a {type} from inside its own members: {type} is built through its constructor (IBinaryConstructible) when read, "
            + "so it exists only once its members are read and a cycle through it could not be read back (docs/FORMAT.md section 3d). "
            + "Give the type settable members and a parameterless constructor if its graphs have cycles.");
}

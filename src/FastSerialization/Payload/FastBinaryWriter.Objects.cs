using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace FastSerialization;

public ref partial struct FastBinaryWriter
{
    /// <summary>
    /// Writes the header of a sequence (array, list, set) or dictionary: varuint32 <c>count + 1</c>.
    /// The elements (or key, value pairs) follow, written by the caller.
    /// </summary>
    /// <param name="count">The number of elements, or of pairs for a dictionary.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    public void WriteCollectionHeader(int count)
    {
        if (count < 0)
        {
            ThrowHelper.ThrowNegativeCount(count);
        }

        WriteVarUInt32((uint)count + 1);
    }

    /// <summary>Writes the header of a null sequence or dictionary: a single 0 byte.</summary>
    public void WriteNullCollection() => Write((byte)0);

    /// <summary>
    /// Writes an array of fixed-width primitives (<see cref="byte"/>, <see cref="sbyte"/>,
    /// <see cref="short"/>, <see cref="ushort"/>, <see cref="char"/>, <see cref="int"/>,
    /// <see cref="uint"/>, <see cref="long"/>, <see cref="ulong"/>, <see cref="float"/>,
    /// <see cref="double"/>): a collection header, then the elements little-endian, copied in one
    /// block on little-endian machines.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="values">The array, or null.</param>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not one of the types above.</exception>
    public void WriteArray<T>(T[]? values)
        where T : unmanaged
    {
        PrimitiveArray.ThrowIfUnsupported<T>();
        if (values is null)
        {
            WriteNullCollection();
            return;
        }

        WriteArray(new ReadOnlySpan<T>(values));
    }

    /// <summary>Writes a span of fixed-width primitives as <see cref="WriteArray{T}(T[])"/> writes a non-null array.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="values">The elements.</param>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not a supported primitive.</exception>
    public void WriteArray<T>(ReadOnlySpan<T> values)
        where T : unmanaged
    {
        PrimitiveArray.ThrowIfUnsupported<T>();
        WriteCollectionHeader(values.Length);
        long byteCount = (long)values.Length * Unsafe.SizeOf<T>();
        if (byteCount > int.MaxValue)
        {
            ThrowHelper.ThrowTooLargeToWrite(byteCount);
        }

        PrimitiveArray.Encode(values, GetSpan((int)byteCount));
        _position += (int)byteCount;
    }

    /// <summary>
    /// Writes an array of structs as a collection of nested objects: the collection header (0 for null, otherwise
    /// count + 1), then each element as <see cref="WriteObject{T}"/> writes it. <see cref="FastBinaryReader.ReadObjectArray{T}"/>
    /// reads it back; the bytes are those of a loop over <see cref="WriteObject{T}"/> after <see cref="WriteCollectionHeader"/>,
    /// which generated writers emit.
    /// </summary>
    /// <typeparam name="T">The struct type.</typeparam>
    /// <param name="values">The array, or null.</param>
    /// <exception cref="FastSerializationException">As for <see cref="WriteObject{T}"/>.</exception>
    public void WriteObjectArray<T>(T[]? values)
        where T : struct, ICustomBinarySerializable
    {
        if (values is null)
        {
            WriteNullCollection();
            return;
        }

        WriteCollectionHeader(values.Length);
        for (int i = 0; i < values.Length; i++)
        {
            WriteObject(values[i]);
        }
    }

    /// <summary>The largest bound <see cref="BeginBoundedObject{T}"/> accepts: a payload whose length fits the one-byte length of a nested object.</summary>
    public const int MaxBoundedObjectPayload = 126;

    /// <summary>
    /// Begins a nested object of a struct type whose payload takes at most <paramref name="maxPayloadLength"/>
    /// bytes: reserves its one-byte length and that many bytes at once, and returns the
    /// <see cref="BoundedRunWriter"/> the payload is written through. <see cref="EndBoundedObject"/> then stores the
    /// length; the bytes are those <see cref="WriteObject{T}"/> writes for the same payload (docs/FORMAT.md section 3).
    /// </summary>
    /// <typeparam name="T">The struct type (it names the object in errors; a struct is never polymorphic, so no type id is written).</typeparam>
    /// <param name="maxPayloadLength">The most bytes the payload can take: 0 to <see cref="MaxBoundedObjectPayload"/>.</param>
    /// <returns>The payload's writer; write the payload, then pass it to <see cref="EndBoundedObject"/> before any other call on this writer.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxPayloadLength"/> is negative or over <see cref="MaxBoundedObjectPayload"/>.</exception>
    /// <exception cref="FastSerializationException">Nesting would go deeper than <see cref="CustomBinaryFormatterOptions.MaxDepth"/>, as for <see cref="WriteObject{T}"/>.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public BoundedRunWriter BeginBoundedObject<T>(int maxPayloadLength)
        where T : struct, ICustomBinarySerializable
    {
        if ((uint)maxPayloadLength > MaxBoundedObjectPayload)
        {
            ThrowBoundOutOfRange(maxPayloadLength);
        }

        if (_depth >= _maxDepth)
        {
            ThrowHelper.ThrowWriteTooDeep(typeof(T), _maxDepth);
        }

        Reserve(1 + maxPayloadLength);
        return new BoundedRunWriter(_buffer.Slice(_position + 1, maxPayloadLength), _position);
    }

    /// <summary>
    /// Ends the nested object <see cref="BeginBoundedObject{T}"/> began: stores its length in front of the payload
    /// written through <paramref name="run"/> and counts both as written.
    /// </summary>
    /// <param name="run">The payload's writer, as <see cref="BeginBoundedObject{T}"/> returned it and the payload left it.</param>
    /// <exception cref="InvalidOperationException"><paramref name="run"/> did not come from this writer's last <see cref="BeginBoundedObject{T}"/>, or something else was written since.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public void EndBoundedObject(ref BoundedRunWriter run)
    {
        int header = _position;
        if (run.Header != header || (uint)(header + 1 + run.Capacity) > (uint)_buffer.Length
            || !Unsafe.AreSame(ref run.First, ref Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), (nint)(uint)(header + 1))))
        {
            ThrowForeignRun();
        }

        int written = run.Written;
        Unsafe.Add(ref MemoryMarshal.GetReference(_buffer), (nint)(uint)header) = (byte)(written + 1);
        _position = header + 1 + written;
    }

    /// <summary>
    /// Begins the elements of a collection of nested structs whose payloads take at most <paramref name="maxPayloadLength"/>
    /// bytes each (an array or a list, after its <see cref="WriteCollectionHeader"/>): each element is then written as
    /// <see cref="BeginBoundedObject{T}"/> and <see cref="EndBoundedObject"/> write it, the same bytes, with the position
    /// between elements kept in the returned <see cref="BoundedSequenceWriter{T}"/>.
    /// </summary>
    /// <typeparam name="T">The struct type of the elements.</typeparam>
    /// <param name="maxPayloadLength">The most bytes one element's payload can take: 0 to <see cref="MaxBoundedObjectPayload"/>.</param>
    /// <returns>The elements' writer, to give back with <see cref="EndBoundedSequence{T}"/> before any other call on this writer.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxPayloadLength"/> is negative or over <see cref="MaxBoundedObjectPayload"/>.</exception>
    /// <remarks>
    /// Nesting too deep is not an error here but at the first element, as for <see cref="WriteObject{T}"/>: an empty
    /// collection writes at any depth.
    /// </remarks>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public BoundedSequenceWriter<T> BeginBoundedSequence<T>(int maxPayloadLength)
        where T : struct, ICustomBinarySerializable
    {
        if ((uint)maxPayloadLength > MaxBoundedObjectPayload)
        {
            ThrowBoundOutOfRange(maxPayloadLength);
        }

        return new BoundedSequenceWriter<T>(_buffer, _position, maxPayloadLength, _depth >= _maxDepth, _maxDepth);
    }

    /// <summary>Ends the elements <see cref="BeginBoundedSequence{T}"/> began: counts every element written as written.</summary>
    /// <typeparam name="T">The struct type of the elements.</typeparam>
    /// <param name="sequence">The elements' writer, as the elements left it.</param>
    /// <exception cref="InvalidOperationException"><paramref name="sequence"/> did not come from this writer, or something else was written since it began.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public void EndBoundedSequence<T>(ref BoundedSequenceWriter<T> sequence)
        where T : struct, ICustomBinarySerializable
    {
        int position = sequence.Position;
        if (sequence.Start != _position || sequence.BufferLength != _buffer.Length || (uint)position > (uint)_buffer.Length
            || !Unsafe.AreSame(ref sequence.BufferStart, ref MemoryMarshal.GetReference(_buffer)))
        {
            ThrowHelper.ThrowForeignBoundedSequenceWriter();
        }

        _position = position;
    }

    /// <summary>
    /// Makes room for <paramref name="count"/> more bytes after the <paramref name="written"/> bytes of a bounded sequence that
    /// began at <paramref name="start"/> in the buffer <paramref name="buffer"/>: the writer grows its buffer keeping them, and
    /// returns the new one; its own position stays at the sequence's start until <see cref="EndBoundedSequence{T}"/>.
    /// </summary>
    internal Span<byte> GrowForBoundedSequence(int start, int written, int count, ref byte buffer)
    {
        if (start != _position || !Unsafe.AreSame(ref buffer, ref MemoryMarshal.GetReference(_buffer)) || (uint)written > (uint)_buffer.Length)
        {
            ThrowHelper.ThrowForeignBoundedSequenceWriter();
        }

        _position = written;
        Reserve(count);
        _position = start;
        return _buffer;
    }

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowBoundOutOfRange(int maxPayloadLength) =>
        throw new ArgumentOutOfRangeException(nameof(maxPayloadLength), maxPayloadLength, $"A bounded object's payload takes 0 to {MaxBoundedObjectPayload} bytes, so that its length fits one byte; write a larger object with WriteObject.");

    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    private static void ThrowForeignRun() =>
        throw new InvalidOperationException("EndBoundedObject needs the BoundedRunWriter of this writer's last BeginBoundedObject, with nothing written to the writer in between.");

    /// <summary>
    /// Writes a nested object (docs/FORMAT.md section 3): varuint32 <c>L</c>, 0 for null, otherwise
    /// <c>L - 1</c> bytes follow: the registered type id of the object's runtime type when
    /// <typeparamref name="T"/> is not sealed (an interface, an abstract or an open class), then the
    /// object's own payload.
    /// </summary>
    /// <typeparam name="T">The declared type of the member.</typeparam>
    /// <param name="value">The object, or null.</param>
    /// <exception cref="FastSerializationException">
    /// Nesting goes deeper than <see cref="CustomBinaryFormatterOptions.MaxDepth"/> (a cycle, most
    /// likely), or the runtime type of a polymorphic member is not registered.
    /// </exception>
    public void WriteObject<T>(T? value)
        where T : ICustomBinarySerializable
    {
        // The IsValueType test keeps unoptimized (Debug) code from boxing a struct to compare it with null.
        if (!typeof(T).IsValueType && value is null)
        {
            Write((byte)0);
            return;
        }

        if (_depth >= _maxDepth)
        {
            ThrowHelper.ThrowWriteTooDeep(typeof(T), _maxDepth);
        }

        if (_depth >= StackGuard.CheckFromDepth && !StackGuard.HasRoom())
        {
            ThrowHelper.ThrowWriteStackExhausted(typeof(T), _depth, _maxDepth);
        }

        // Reserve one byte for the length: a small object needs no more, a large one moves once.
        GetSpan(1);
        _position++;
        int start = _position;
        if (!ObjectShape<T>.IsSealed)
        {
            TypeRegistry registry = _registry ?? ThrowHelper.ThrowNoRegistryForPolymorphicWrite<TypeRegistry>(typeof(T));
            WriteVarUInt32((uint)registry.GetTypeIdForWrite(value!.GetType(), typeof(T)));
        }

        _depth++;
        value!.WriteDataTo(ref this);
        _depth--;

        int length = _position - start;
        if ((uint)length + 1 > int.MaxValue)
        {
            ThrowHelper.ThrowTooLargeToWrite(length);
        }

        uint header = (uint)length + 1;
        if (header < 0x80)
        {
            _buffer[start - 1] = (byte)header;
            return;
        }

        int extra = VarInt.Size(header) - 1;
        GetSpan(extra);
        _buffer.Slice(start, length).CopyTo(_buffer.Slice(start + extra));
        VarInt.Write(_buffer.Slice(start - 1), header);
        _position += extra;
    }
}

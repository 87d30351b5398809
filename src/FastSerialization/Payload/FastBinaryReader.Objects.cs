using System;

namespace FastSerialization;

public ref partial struct FastBinaryReader
{
    /// <summary>
    /// Reads the header of a sequence or dictionary written with
    /// <see cref="FastBinaryWriter.WriteCollectionHeader"/>, and checks that the frame can hold that
    /// many elements before the caller allocates anything.
    /// </summary>
    /// <param name="minElementSize">
    /// The fewest bytes one element (or one key, value pair) can take: 1 for most element types,
    /// 2 for a dictionary, the fixed width for fixed-width elements.
    /// </param>
    /// <returns>The element count, or -1 for a null collection.</returns>
    /// <exception cref="FastSerializationException">The count cannot fit in the bytes the frame has left.</exception>
    public int ReadCollectionHeader(int minElementSize = 1) => ReadCollectionHeader(minElementSize, IntPtr.Size);

    /// <summary>
    /// Reads the header of a sequence or dictionary as <see cref="ReadCollectionHeader(int)"/> does, and also
    /// charges the storage of that many <typeparamref name="TElement"/> values against the record's allocation
    /// budget (<see cref="CustomBinaryFormatterOptions.MaxAllocationPerInputByte"/>) before the caller allocates it.
    /// Generated readers call this one.
    /// </summary>
    /// <typeparam name="TElement">
    /// What one element takes in the collection's storage: the element type of an array, list or set, or
    /// <c>KeyValuePair&lt;TKey, TValue&gt;</c> for a dictionary.
    /// </typeparam>
    /// <param name="minElementSize">The fewest bytes one element (or pair) can take on the wire, as for <see cref="ReadCollectionHeader(int)"/>.</param>
    /// <returns>The element count, or -1 for a null collection.</returns>
    /// <exception cref="FastSerializationException">The count cannot fit in the bytes the frame has left, or the storage would take the record over its allocation budget.</exception>
    public int ReadCollectionHeader<TElement>(int minElementSize = 1) =>
        ReadCollectionHeader(minElementSize, System.Runtime.CompilerServices.Unsafe.SizeOf<TElement>());

    /// <summary>Reads a collection header and charges <paramref name="elementSize"/> bytes per element against the allocation budget.</summary>
    private int ReadCollectionHeader(int minElementSize, int elementSize)
    {
        if (minElementSize < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(minElementSize), minElementSize, "An element takes at least one byte.");
        }

        int start = _position;
        uint n = ReadVarUInt32();
        if (n == 0)
        {
            return -1;
        }

        ulong count = n - 1;
        if (count * (ulong)minElementSize > (ulong)(_end - _position))
        {
            ThrowCollectionPastFrame(start, n, minElementSize);
        }

        long storage = (long)count * elementSize;
        if ((_allocation.Pending += storage + AllocationBudget.CollectionCharge) >= AllocationBudget.MeasureEvery)
        {
            CheckAllocation(storage, start);
        }

        return (int)count;
    }

    /// <summary>Throws for a collection header whose count cannot fit in the frame; out of line, so that the inlined header reads stay small.</summary>
    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private void ThrowCollectionPastFrame(int start, uint header, int minElementSize)
    {
        _position = start;
        throw ThrowHelper.Malformed(
            $"a collection of {header - 1} elements of at least {minElementSize} byte(s) cannot fit in the {_end - (start + VarInt.Size(header))} bytes left in its frame",
            start,
            _typeId);
    }

    /// <summary>Measures what the record made the reader allocate; throws when that and <paramref name="about"/> bytes more go over the budget.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private void CheckAllocation(long about, int offset)
    {
        int perByte = Limits.MaxAllocationPerInputByte;
        if (!_allocation.Measure(about, _data.Length, perByte))
        {
            _position = offset;
            throw ThrowHelper.Malformed(AllocationBudget.Describe(_data.Length, perByte), offset, _typeId);
        }
    }

    /// <summary>Reads an array of fixed-width primitives written with <see cref="FastBinaryWriter.WriteArray{T}(T[])"/>.</summary>
    /// <typeparam name="T">The element type: byte, sbyte, short, ushort, char, int, uint, long, ulong, float or double.</typeparam>
    /// <returns>A new array, or null.</returns>
    /// <exception cref="FastSerializationException">The elements run past the frame (checked before anything is allocated).</exception>
    /// <exception cref="NotSupportedException"><typeparamref name="T"/> is not one of the supported types.</exception>
    public unsafe T[]? ReadArray<T>()
        where T : unmanaged
    {
        PrimitiveArray.ThrowIfUnsupported<T>();
        int count = ReadCollectionHeader(sizeof(T), sizeof(T));
        if (count < 0)
        {
            return null;
        }

        if (count == 0)
        {
            return Array.Empty<T>();
        }

        T[] result = Arrays.ForOverwrite<T>(count); // every element is decoded below, or the array is dropped
        PrimitiveArray.Decode(Take(count * sizeof(T), "primitive array"), result.AsSpan());
        return result;
    }

    /// <summary>
    /// Reads a nested object written with <see cref="FastBinaryWriter.WriteObject{T}"/>. Its bytes form a
    /// frame of their own: reads inside it cannot pass its end, members past the end keep their
    /// defaults, and bytes the object's reader leaves unread are skipped (or rejected, when the
    /// formatter's <see cref="CustomBinaryFormatterOptions.RejectUnreadBytes"/> is set).
    /// </summary>
    /// <typeparam name="T">The declared type of the member.</typeparam>
    /// <returns>The object, or null (the default of <typeparamref name="T"/> for a struct).</returns>
    /// <exception cref="FastSerializationException">
    /// The length runs past the frame, nesting goes deeper than
    /// <see cref="CustomBinaryFormatterOptions.MaxDepth"/>, or (for a polymorphic member) the type id is
    /// unknown or stands for a type that is not a <typeparamref name="T"/>.
    /// </exception>
    // Inlined into the caller, the generic code is no longer the shared one of reference types: the checks
    // on T (sealed? immutable? a factory?) become constants and the polymorphic branch disappears.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public T? ReadObject<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>()
        where T : ICustomBinarySerializable
    {
        int start = _position;
        int length = ReadLengthPrefix("nested object");
        if (length < 0)
        {
            return default;
        }

        int outerEnd = EnterNestedFrame<T>(start, length);
        T value;
        if (ObjectReader<T>.IsSealed)
        {
            value = ObjectReader<T>.Read(ref this, Limits.Registry);
        }
        else
        {
            int idStart = _position;
            uint id = ReadTypeId();
            TypeRegistry registry = Limits.Registry ?? ThrowHelper.ThrowNoRegistryForPolymorphicRead<TypeRegistry>(typeof(T));
            value = registry.ReadPolymorphic<T>(id, idStart, _typeId, ref this);
        }

        if (_position != _end)
        {
            FinishFrame(value.GetType());
        }

        LeaveNestedFrame(outerEnd);
        return value;
    }

    /// <summary>
    /// Begins reading a nested object of a sealed class written with <see cref="FastBinaryWriter.WriteObject{T}"/>, whose
    /// instance the caller then makes (<see cref="NewRegisteredObject{T}"/>, else <c>new T()</c>) and fills with its
    /// <see cref="ICustomBinarySerializable.SetDataFrom"/>, before <see cref="EndObject{T}"/>: the same bytes, checks and
    /// result as <see cref="ReadObject{T}"/>, without its generic detour (a delegate that makes the instance, an interface
    /// call, the shared code of reference types where it is not inlined). The length is read and checked against the frame,
    /// the depth checked, the object charged against the allocation budget, and its bytes become the frame. Generated
    /// readers use it for nested objects of sealed classes they can make with <c>new T()</c>.
    /// </summary>
    /// <typeparam name="T">The sealed class.</typeparam>
    /// <returns>
    /// The end of the enclosing frame, to give to <see cref="EndObject{T}"/> once the members are read; -1 for a null entry,
    /// which has nothing to read and nothing to end.
    /// </returns>
    /// <exception cref="FastSerializationException">The length runs past the frame, nesting goes deeper than <see cref="CustomBinaryFormatterOptions.MaxDepth"/>, or the record goes over its allocation budget, as for <see cref="ReadObject{T}"/>.</exception>
    /// <exception cref="InvalidOperationException"><typeparamref name="T"/> is not sealed, or is built through <see cref="IBinaryConstructible{TSelf}.ReadNew"/>: read it with <see cref="ReadObject{T}"/>.</exception>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public int BeginObject<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>()
        where T : class, ICustomBinarySerializable
    {
        if (!ObjectReader<T>.IsSealed || ObjectReader<T>.Constructor is not null)
        {
            ThrowHelper.ThrowObjectNotReadInPlace(typeof(T));
        }

        int start = _position;
        int length = ReadLengthPrefix("nested object");
        return length < 0 ? -1 : EnterNestedFrame<T>(start, length);
    }

    /// <summary>
    /// A new instance from the factory registered for <typeparamref name="T"/> (<c>Register&lt;T&gt;(id, factory)</c>), for the
    /// object <see cref="BeginObject{T}"/> began; null when no factory is registered for it, and the caller makes it with
    /// <c>new T()</c>, as <see cref="ReadObject{T}"/> would.
    /// </summary>
    /// <typeparam name="T">The class.</typeparam>
    /// <returns>The new instance, or null.</returns>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public readonly T? NewRegisteredObject<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>()
        where T : class, ICustomBinarySerializable =>
        Limits.Registry is { HasFactories: true } registry && registry.TryGetRegistration(out TypeRegistration<T>? registration)
            ? registration.Create()
            : null;

    /// <summary>
    /// Ends the nested object <see cref="BeginObject{T}"/> began, once its members are read: bytes they left unread (written by
    /// a newer version of the type) are skipped, or refused when the formatter rejects unread bytes, and the enclosing frame
    /// is restored, as <see cref="ReadObject{T}"/> does.
    /// </summary>
    /// <typeparam name="T">The class, as given to <see cref="BeginObject{T}"/> (it names the object in errors).</typeparam>
    /// <param name="outerEnd">What <see cref="BeginObject{T}"/> returned (not -1).</param>
    /// <exception cref="FastSerializationException">The members left bytes unread and <see cref="CustomBinaryFormatterOptions.RejectUnreadBytes"/> is set.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="outerEnd"/> cannot be the end of a frame around the current one.</exception>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public void EndObject<T>(int outerEnd)
        where T : class, ICustomBinarySerializable
    {
        // One check keeps the frame within the data (the fixed-width reads rely on it) and never below the current one.
        if ((uint)(outerEnd - _end) > (uint)(_data.Length - _end))
        {
            ThrowHelper.ThrowForeignObjectFrame();
        }

        if (_position != _end)
        {
            FinishFrame(typeof(T));
        }

        LeaveNestedFrame(outerEnd);
    }

    /// <summary>
    /// Reads a nested struct written with <see cref="FastBinaryWriter.WriteObject{T}"/> straight into
    /// <paramref name="value"/> (an array element, a field), without the copies of
    /// <see cref="ReadObject{T}"/>: the same bytes, the same checks, the same result. Generated readers
    /// use it for arrays of <c>[BinarySerializable]</c> structs.
    /// </summary>
    /// <typeparam name="T">The struct type.</typeparam>
    /// <param name="value">
    /// Where the struct goes. It is first set as <see cref="ReadObject{T}"/> would create it (the default,
    /// or what the type's parameterless constructor or <see cref="IBinaryFactory{TSelf}"/> makes), so
    /// what it held before never shows through; a null entry (written for a default of a nullable
    /// declared type) sets it to the default.
    /// </param>
    /// <exception cref="FastSerializationException">As for <see cref="ReadObject{T}"/>.</exception>
    public void ReadObjectInto<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>(ref T value)
        where T : struct, ICustomBinarySerializable
    {
        int start = _position;
        int length = ReadLengthPrefix("nested object");
        if (length < 0)
        {
            value = default;
            return;
        }

        int outerEnd = EnterNestedFrame<T>(start, length);
        ObjectReader<T>.ReadInto(ref this, Limits.Registry, ref value);

        if (_position != _end)
        {
            FinishFrame(typeof(T));
        }

        LeaveNestedFrame(outerEnd);
    }

    /// <summary>
    /// Begins reading a nested struct written with <see cref="FastBinaryWriter.WriteObject{T}"/> (or
    /// <see cref="FastBinaryWriter.BeginBoundedObject{T}"/>) whose members are then read through
    /// <paramref name="run"/>, their position and end in registers: the length is read and checked, the depth checked,
    /// and <paramref name="value"/> set as <see cref="ReadObjectInto{T}"/> sets it before its members are read. The
    /// reader moves past the object at once; <see cref="EndBoundedObject{T}"/> then checks what the run left unread.
    /// </summary>
    /// <typeparam name="T">The struct type. It must read itself member by member (not through <see cref="IBinaryConstructible{TSelf}"/>).</typeparam>
    /// <param name="value">
    /// Where the struct goes: set to a new instance (the default, or what the type's parameterless constructor, its
    /// <see cref="IBinaryFactory{TSelf}"/> or a registered factory makes), or to the default for a null entry.
    /// </param>
    /// <param name="run">The object's members, to read in order, then to pass to <see cref="EndBoundedObject{T}"/> before any other call on this reader; empty for a null entry.</param>
    /// <returns>True when the object is there, to be read through <paramref name="run"/>; false for a null entry (written for the default of a nullable declared type), which has nothing to read, as <see cref="ReadObject{T}"/> reads nothing for it.</returns>
    /// <exception cref="FastSerializationException">The length runs past the frame, or nesting goes deeper than <see cref="CustomBinaryFormatterOptions.MaxDepth"/>, as for <see cref="ReadObject{T}"/>.</exception>
    /// <exception cref="InvalidOperationException"><typeparamref name="T"/> is built through <see cref="IBinaryConstructible{TSelf}.ReadNew"/>: read it with <see cref="ReadObject{T}"/>.</exception>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public bool BeginBoundedObject<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>(ref T value, out BoundedRunReader run)
        where T : struct, ICustomBinarySerializable
    {
        if (ObjectReader<T>.Constructor is not null)
        {
            ThrowHelper.ThrowBoundedReadOfConstructible(typeof(T));
        }

        int start = _position;
        int length = ReadLengthPrefix("nested object");
        if (length < 0)
        {
            value = default;
            run = new BoundedRunReader(_data, _position, _position, _typeId);
            return false;
        }

        if (IsTooDeep())
        {
            ThrowTooDeep(start, typeof(T));
        }

        ObjectReader<T>.Create(Limits.Registry, ref value);
        int position = _position;
        _position = position + length;
        run = new BoundedRunReader(_data, position, position + length, _typeId);
        return true;
    }

    /// <summary>
    /// Ends the nested struct <see cref="BeginBoundedObject{T}"/> began: bytes its members left unread (written by a
    /// newer version of the type) are skipped, or refused when the formatter rejects unread bytes, as for
    /// <see cref="ReadObject{T}"/>.
    /// </summary>
    /// <typeparam name="T">The struct type, as given to <see cref="BeginBoundedObject{T}"/> (it names the object in errors).</typeparam>
    /// <param name="run">The run <see cref="BeginBoundedObject{T}"/> returned, as the members' reads left it.</param>
    /// <exception cref="FastSerializationException">The run left bytes unread and <see cref="CustomBinaryFormatterOptions.RejectUnreadBytes"/> is set.</exception>
    /// <exception cref="InvalidOperationException"><paramref name="run"/> did not come from this reader's last <see cref="BeginBoundedObject{T}"/>, or something else was read since.</exception>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public readonly void EndBoundedObject<T>(ref BoundedRunReader run)
        where T : struct, ICustomBinarySerializable
    {
        if (run.End != _position)
        {
            ThrowHelper.ThrowForeignBoundedRun();
        }

        if (run.Position != _position && Limits.RejectUnreadBytes)
        {
            ThrowHelper.ThrowUnreadBytes(typeof(T), _position - run.Position, run.Position, _typeId);
        }
    }

    /// <summary>
    /// Begins reading the elements of a collection of nested structs (after its header) with the position and end in
    /// registers: each element through <see cref="BoundedSequenceReader{T}.BeginElement"/> and
    /// <see cref="BoundedSequenceReader{T}.EndElement"/>, read as <see cref="BeginBoundedObject{T}"/> and
    /// <see cref="EndBoundedObject{T}"/> read it. What is the same for every element (the depth limit, a registered
    /// factory, the handling of unread bytes) is asked here, once.
    /// </summary>
    /// <typeparam name="T">The struct type. It must read itself member by member (not through <see cref="IBinaryConstructible{TSelf}"/>).</typeparam>
    /// <returns>The elements' reader, to give back with <see cref="EndBoundedSequence{T}"/> before any other call on this reader.</returns>
    /// <exception cref="InvalidOperationException"><typeparamref name="T"/> is built through <see cref="IBinaryConstructible{TSelf}.ReadNew"/>: read it with <see cref="ReadObject{T}"/>.</exception>
    /// <remarks>
    /// Nesting too deep is not an error here but at the first element that is not a null entry, as for
    /// <see cref="ReadObject{T}"/>: a collection of null entries, or an empty one, reads at any depth.
    /// </remarks>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public BoundedSequenceReader<T> BeginBoundedSequence<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>()
        where T : struct, ICustomBinarySerializable
    {
        if (ObjectReader<T>.Constructor is not null)
        {
            ThrowHelper.ThrowBoundedReadOfConstructible(typeof(T));
        }

        string? tooDeep = IsTooDeep() ? TooDeepMessage(typeof(T)) : null;
        TypeRegistration<T>? registration = null;
        if (Limits.Registry is { HasFactories: true } registry)
        {
            registry.TryGetRegistration(out registration);
        }

        return new BoundedSequenceReader<T>(new BoundedRunReader(_data, _position, _end, _typeId), registration, tooDeep, Limits.RejectUnreadBytes);
    }

    /// <summary>
    /// Begins reading the <paramref name="count"/> elements of an array of nested structs (after its header, which
    /// <see cref="ReadCollectionHeader{TElement}(int)"/> read, checked against the frame and charged against the allocation
    /// budget) as <see cref="BeginBoundedSequence{T}()"/> does, and gives the array they go into. The array is not cleared
    /// first (on .NET 5 and later, for element types without references): <see cref="BoundedSequenceReader{T}.BeginElement"/>
    /// sets each element (to a new instance, or the default for a null entry) before its members are read, so read all
    /// <paramref name="count"/> elements into it, in order, or drop it.
    /// </summary>
    /// <typeparam name="T">The struct type, as for <see cref="BeginBoundedSequence{T}()"/>.</typeparam>
    /// <param name="count">The element count the collection header gave (0 or more).</param>
    /// <param name="elements">A new array of <paramref name="count"/> elements, each to be set by <see cref="BoundedSequenceReader{T}.BeginElement"/>.</param>
    /// <returns>The elements' reader, to give back with <see cref="EndBoundedSequence{T}"/> before any other call on this reader.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="InvalidOperationException"><typeparamref name="T"/> is built through <see cref="IBinaryConstructible{TSelf}.ReadNew"/>.</exception>
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public BoundedSequenceReader<T> BeginBoundedSequence<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>(int count, out T[] elements)
        where T : struct, ICustomBinarySerializable
    {
        if (count < 0)
        {
            ThrowHelper.ThrowNegativeCount(count);
        }

        BoundedSequenceReader<T> sequence = BeginBoundedSequence<T>();

        // Every element is written by BeginElement before anything reads it, or the array is dropped with the exception.
        elements = count == 0 ? Array.Empty<T>() : Arrays.ForOverwrite<T>(count);
        return sequence;
    }

    /// <summary>Ends the elements <see cref="BeginBoundedSequence{T}()"/> began: the reader moves past the last one read.</summary>
    /// <typeparam name="T">The struct type.</typeparam>
    /// <param name="sequence">The elements' reader, as the reads left it.</param>
    /// <exception cref="InvalidOperationException"><paramref name="sequence"/> did not come from this reader's frame, or something else was read since it began.</exception>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    [System.ComponentModel.EditorBrowsable(System.ComponentModel.EditorBrowsableState.Never)]
    public void EndBoundedSequence<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>(ref BoundedSequenceReader<T> sequence)
        where T : struct, ICustomBinarySerializable
    {
        int position = sequence.Position;
        if (sequence.Start != _position || sequence.End != _end || position > _end)
        {
            ThrowHelper.ThrowForeignBoundedSequence();
        }

        _position = position;
    }

    /// <summary>
    /// Reads an array of structs written with <see cref="FastBinaryWriter.WriteObjectArray{T}(T[])"/>: a collection
    /// header, then each element as a nested object (docs/FORMAT.md section 3), each read in place as by
    /// <see cref="ReadObjectInto{T}"/>. Generated readers use it for arrays of <c>[BinarySerializable]</c> structs that
    /// are not fixed-layout (those are read by <see cref="ReadFixedArray{T}"/>).
    /// </summary>
    /// <typeparam name="T">The struct type.</typeparam>
    /// <returns>A new array, or null.</returns>
    /// <exception cref="FastSerializationException">
    /// The count cannot fit in the frame or would take the record over its allocation budget (both checked before the
    /// array is allocated), or an element is malformed, as for <see cref="ReadObject{T}"/>.
    /// </exception>
    public T[]? ReadObjectArray<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>()
        where T : struct, ICustomBinarySerializable
    {
        int count = ReadCollectionHeader<T>(1);
        if (count < 0)
        {
            return null;
        }

        if (count == 0)
        {
            return Array.Empty<T>();
        }

        // Every element is set by ReadObjectInto (to the default or a new instance first), or the array is dropped
        // with the exception: no element is ever seen before it is written.
        T[] result = Arrays.ForOverwrite<T>(count);
        for (int i = 0; i < result.Length; i++)
        {
            ReadObjectInto(ref result[i]);
        }

        return result;
    }

    /// <summary>
    /// Checks the depth, the stack and the allocation budget for a nested object of <paramref name="length"/>
    /// bytes whose prefix began at <paramref name="start"/>, then makes its bytes the frame.
    /// </summary>
    /// <returns>The end of the enclosing frame, for <see cref="LeaveNestedFrame"/>.</returns>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private int EnterNestedFrame<T>(int start, int length)
    {
        if (IsTooDeep())
        {
            ThrowTooDeep(start, typeof(T));
        }

        // A nested struct allocates nothing of its own: its storage is its parent's, or the array's that the
        // collection header charged. Only a class instance is charged here.
        if (!typeof(T).IsValueType && (_allocation.Pending += AllocationBudget.ObjectCharge) >= AllocationBudget.MeasureEvery)
        {
            CheckAllocation(0, start);
        }

        int outerEnd = _end;
        _end = _position + length;
        _depth++;
        return outerEnd;
    }

    /// <summary>
    /// Throws for a nested object one level too deep: past <see cref="CustomBinaryFormatterOptions.MaxDepth"/>, or
    /// with no stack left for another level. Out of line, so that the message's formatting does not weigh on the
    /// nested-object paths that inline <see cref="EnterNestedFrame{T}"/>.
    /// </summary>
    [System.Diagnostics.CodeAnalysis.DoesNotReturn]
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private void ThrowTooDeep(int start, Type type)
    {
        _position = start;
        throw ThrowHelper.Malformed(TooDeepMessage(type), start, _typeId);
    }

    /// <summary>
    /// True when a nested object one level deeper would pass <see cref="CustomBinaryFormatterOptions.MaxDepth"/> or find no
    /// stack left for it (asked from <see cref="StackGuard.CheckFromDepth"/> levels on). One compare on the way in: below
    /// the lower of the two depths, neither can be true.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private readonly bool IsTooDeep() => _depth >= Limits.CheckDepthFrom && (_depth >= Limits.MaxDepth || !StackGuard.HasRoom());

    /// <summary>What <see cref="ThrowTooDeep"/> says: past <see cref="CustomBinaryFormatterOptions.MaxDepth"/>, or no stack left.</summary>
    private readonly string TooDeepMessage(Type type) =>
        _depth >= Limits.MaxDepth
            ? $"nested objects go deeper than the limit of {Limits.MaxDepth} (reading {type})"
            : $"nested objects go {_depth} deep and the thread's stack has no room for another level (reading {type}; MaxDepth is {Limits.MaxDepth})";

    /// <summary>Restores the enclosing frame once the nested object's bytes are all read or skipped (<see cref="FinishFrame"/>).</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private void LeaveNestedFrame(int outerEnd)
    {
        _depth--;
        _end = outerEnd;
    }
}

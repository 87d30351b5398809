using System;

namespace FastSerialization;

public ref partial struct FastBinaryReader
{
    /// <summary>
    /// Reads a reference-tracked object written with <see cref="FastBinaryWriter.WriteTrackedObject{T}"/>
    /// (docs/FORMAT.md section 8): null, a new object (entered in the record's reference table as soon as it is created,
    /// before its members are read, so that they may point back to it), or the same instance as an object read before
    /// in this record.
    /// </summary>
    /// <typeparam name="T">The declared type of the member.</typeparam>
    /// <returns>The object, or null.</returns>
    /// <exception cref="FastSerializationException">
    /// The bytes are malformed: a reference to an object not numbered yet (a forward reference, or a number never
    /// assigned); a referenced object that is not a <typeparamref name="T"/>; a reference to an object built through its
    /// constructor (<see cref="IBinaryConstructible{TSelf}"/>) while its members are being read (a cycle through it);
    /// more tracked objects than <see cref="CustomBinaryFormatterOptions.MaxTrackedObjects"/>; a new object that is null;
    /// or anything <see cref="ReadObject{T}"/> refuses.
    /// </exception>
    public T? ReadTrackedObject<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T>()
        where T : class, ICustomBinarySerializable
    {
        int start = _position;
        uint marker = ReadVarUInt32();
        if (marker == 0)
        {
            return null;
        }

        if (marker != 1)
        {
            return Resolve<T>(marker - 2, start);
        }

        int lengthStart = _position;
        int length = ReadLengthPrefix("tracked object");
        if (length < 0)
        {
            _position = lengthStart;
            throw Malformed($"a new tracked {typeof(T)} (R = 1) is followed by a null object (L = 0); a null is written as R = 0");
        }

        int outerEnd = EnterNestedFrame<T>(lengthStart, length);
        int number = ReserveTrackedNumber(start);
        T value;
        if (ObjectReader<T>.IsSealed)
        {
            value = ObjectReader<T>.ReadTracked(ref this, Limits.Registry, number);
        }
        else
        {
            int idStart = _position;
            uint id = ReadTypeId();
            TypeRegistry registry = Limits.Registry ?? ThrowHelper.ThrowNoRegistryForPolymorphicRead<TypeRegistry>(typeof(T));
            value = registry.ReadPolymorphicTracked<T>(id, idStart, _typeId, ref this, number);
        }

        if (_position != _end)
        {
            FinishFrame(value.GetType());
        }

        LeaveNestedFrame(outerEnd);
        return value;
    }

    /// <summary>True while the record's own object is being made: nothing nested is open and nothing is numbered yet.</summary>
    internal readonly bool IsAtRecordStart => _depth == 0 && _references is null;

    /// <summary>
    /// Numbers the next tracked object of the record, checking <see cref="CustomBinaryFormatterOptions.MaxTrackedObjects"/>
    /// and charging the table's growth to the allocation budget; its slot is empty until <see cref="EnterTracked"/>.
    /// </summary>
    internal int ReserveTrackedNumber(int offset)
    {
        ReadReferences references = _references ??= new ReadReferences();
        if (references.Count >= Limits.MaxTrackedObjects)
        {
            _position = offset;
            throw Malformed(
                $"the record numbers more than {Limits.MaxTrackedObjects} tracked objects (CustomBinaryFormatterOptions.MaxTrackedObjects; raise it if such graphs are expected)");
        }

        long growth = references.GrowthBytes;
        if (growth != 0 && (_allocation.Pending += growth) >= AllocationBudget.MeasureEvery)
        {
            CheckAllocation(growth, offset);
        }

        return references.Reserve();
    }

    /// <summary>Puts a new tracked object in the slot numbered for it, before its members are read.</summary>
    internal readonly void EnterTracked(int number, object value) => _references!.Fill(number, value);

    /// <summary>Marks the slot of an object built through its constructor while its members are read: a reference to it then is malformed.</summary>
    internal readonly void MarkTrackedUnderConstruction(int number, Type type) => _references!.Fill(number, new Pending(type));

    /// <summary>The object numbered <paramref name="number"/>, checked: numbered, created, and a <typeparamref name="T"/>.</summary>
    private T Resolve<T>(uint number, int offset)
        where T : class
    {
        ReadReferences? references = _references;
        int count = references?.Count ?? 0;
        if (number >= (uint)count)
        {
            _position = offset;
            throw Malformed(
                $"a tracked {typeof(T)} refers to object {number}, but the record has numbered only {count} tracked object(s) so far (a forward reference, or a number never assigned)");
        }

        object? item = references![(int)number];
        if (item is T value)
        {
            return value;
        }

        _position = offset;
        if (item is null)
        {
            throw Malformed($"a tracked {typeof(T)} refers to object {number}, which its type's ReadNew returned as null");
        }

        if (item is Pending pending)
        {
            throw Malformed(pending.ConstructedType is { } constructed
                ? $"a tracked {typeof(T)} refers to object {number}, a {constructed} whose members are still being read; {constructed} is built through its constructor (IBinaryConstructible), so it exists only once they are read and a cycle through it cannot be read back"
                : $"a tracked {typeof(T)} refers to object {number}, which is not created yet");
        }

        throw Malformed($"a tracked {typeof(T)} refers to object {number}, which is a {item.GetType()}, not a {typeof(T)}");
    }
}

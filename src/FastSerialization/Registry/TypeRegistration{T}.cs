using System;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>The registration of <typeparamref name="T"/>: how one is made, written and read.</summary>
internal sealed class TypeRegistration<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T> : TypeRegistration
    where T : ICustomBinarySerializable
{
    private readonly Func<T>? _factory;

    // Kept here rather than asked of ObjectShape<T> on each record: a class's registration runs as code shared by all
    // reference types, where each generic static class it touches costs a run-time lookup per call.
    private readonly bool _tracked;

    // What reading a T takes, asked of the generic statics (ObjectReader<T>, ObjectFactory<T>) once, at the first
    // read, for the same reason: where a record's type is not known at the call (records of several types read through
    // one call), each of them cost a call to the runtime's statics helper per record of a class. Not at registration: a
    // type only ever written never builds its factory, and a type whose constructor throws still fails where it did,
    // on its first read. Fields of the registration itself, not an object of their own: one load fewer per record.
    private IBinaryConstructible<T>? _constructor;
    private Func<T>? _defaultCreate; // ObjectFactory<T>.Default, for a class
    private volatile bool _readPrepared; // set after the two fields above

    public TypeRegistration(int id, Func<T>? factory)
        : base(id, typeof(T))
    {
        _factory = factory;
        _tracked = ObjectShape<T>.IsTracked;
    }

    internal override bool IsTracked => _tracked;

    /// <summary>Makes an instance with the registered factory (or the default way) for its payload to be read into.</summary>
    public T Create()
    {
        Func<T>? factory = _factory;
        if (factory is null)
        {
            return ObjectFactory<T>.CreateDefault();
        }

        T value = factory();
        if (!typeof(T).IsValueType && value is null)
        {
            ThrowHelper.ThrowFactoryReturnedNull(typeof(T), Id);
        }

        return value;
    }

    internal override object ReadBoxed(ref FastBinaryReader reader) => Read(ref reader);

    internal override object ReadBoxedTracked(ref FastBinaryReader reader, int number)
    {
        if (ReadConstructor() is { } constructor)
        {
            reader.MarkTrackedUnderConstruction(number, typeof(T));
            T built = constructor.ReadNew(ref reader);
            reader.EnterTracked(number, built!);
            return built!;
        }

        T value = CreateForRead();
        reader.EnterTracked(number, value!);
        value.SetDataFrom(ref reader);
        return value!;
    }

    // The value is built where it goes: a struct returned by Read and then copied would be stored member by member
    // and loaded back whole at once, which the processor cannot forward from its store buffer. (The formatter's
    // Deserialize<T> still returns the record by copying its local once: one such stall per struct record remains.)
    internal override void ReadInto(ref FastBinaryReader reader, ref byte destination)
    {
        // Only struct records come here (specialized code, where the statics are read directly): no prepared fields.
        ref T value = ref Unsafe.As<byte, T>(ref destination);
        if (ObjectReader<T>.Constructor is { } constructor)
        {
            value = constructor.ReadNew(ref reader);
            return;
        }

        if (ObjectFactory<T>.IsPlainStruct && _factory is null)
        {
            value = default!; // cleared in place: a cleared copy loaded back whole would stall as above
        }
        else
        {
            value = Create();
        }

        value.SetDataFrom(ref reader);
    }

    internal override void WriteFrom(ref byte value, ref FastBinaryWriter writer) =>
        Unsafe.As<byte, T>(ref value).WriteDataTo(ref writer);

    internal override void WriteBoxed(object value, ref FastBinaryWriter writer)
    {
        if (_tracked)
        {
            writer.EnterTrackedRecord(value, Constructible<T>.Is); // a tracked record is object 0 of its own reference table
        }

        // The one caller (RecordFrame) found this registration by the value's runtime type, which is exactly T: a
        // class is taken as a T without the cast, which in the code shared by reference types is a call to the
        // runtime's cast helper per record. A struct is unboxed (specialized code: a type compare).
        System.Diagnostics.Debug.Assert(value.GetType() == typeof(T), "WriteBoxed is given a value of exactly the registered type.");
        T typed = typeof(T).IsValueType ? (T)value : Unsafe.As<object, T>(ref value);
        typed.WriteDataTo(ref writer);
    }

    /// <summary>
    /// The template whose ReadNew builds an immutable T (<see cref="ObjectReader{T}.Constructor"/>), or null: a struct's
    /// from the statics (its code is its own, the JIT reads them directly), a class's from the fields filled once.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private IBinaryConstructible<T>? ReadConstructor()
    {
        if (typeof(T).IsValueType)
        {
            return ObjectReader<T>.Constructor;
        }

        if (!_readPrepared)
        {
            PrepareRead();
        }

        return _constructor;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void PrepareRead()
    {
        // Two threads may both do this: they find the same statics and store the same values.
        _constructor = ObjectReader<T>.Constructor;
        _defaultCreate = ObjectFactory<T>.IsPlainStruct ? null : ObjectFactory<T>.Default;
        _readPrepared = true;
    }

    /// <summary>What <see cref="Create"/> makes; for a class, from the fields <see cref="ReadConstructor"/> filled before.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private T CreateForRead()
    {
        Func<T>? factory = _factory;
        if (typeof(T).IsValueType || factory is not null)
        {
            return Create();
        }

        return _defaultCreate!();
    }

    // The same three steps as ReadInto, returning the value: a class record (Deserialize<T> and the object API read
    // classes through ReadBoxed) keeps its reference in a register here, where going through ReadInto's ref to a
    // local measured 2-5% slower on Customer's deserialize (benchmarks/results/issue10-focused.md).
    private T Read(ref FastBinaryReader reader)
    {
        if (_tracked && reader.IsAtRecordStart)
        {
            // The record's own object is object 0 of its reference table (nested objects come here at depth 1 or more).
            return (T)ReadBoxedTracked(ref reader, reader.ReserveTrackedNumber(reader.Position));
        }

        if (ReadConstructor() is { } constructor)
        {
            return constructor.ReadNew(ref reader);
        }

        T value = CreateForRead();
        value.SetDataFrom(ref reader);
        return value;
    }
}

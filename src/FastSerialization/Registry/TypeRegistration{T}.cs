using System;

namespace FastSerialization;

/// <summary>The registration of <typeparamref name="T"/>: how one is made, written and read.</summary>
internal sealed class TypeRegistration<[System.Diagnostics.CodeAnalysis.DynamicallyAccessedMembers(ObjectFactory.Constructors)] T> : TypeRegistration
    where T : ICustomBinarySerializable
{
    private readonly Func<T>? _factory;

    // Kept here rather than asked of ObjectShape<T> on each record: a class's registration runs as code shared by all
    // reference types, where each generic static class it touches costs a run-time lookup per call.
    private readonly bool _tracked;

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
        if (ObjectReader<T>.Constructor is { } constructor)
        {
            reader.MarkTrackedUnderConstruction(number, typeof(T));
            T built = constructor.ReadNew(ref reader);
            reader.EnterTracked(number, built!);
            return built!;
        }

        T value = Create();
        reader.EnterTracked(number, value!);
        value.SetDataFrom(ref reader);
        return value!;
    }

    // The value is built where it goes: a struct returned by Read and then copied would be stored member by member
    // and loaded back whole at once, which the processor cannot forward from its store buffer. (The formatter's
    // Deserialize<T> still returns the record by copying its local once: one such stall per struct record remains.)
    internal override void ReadInto(ref FastBinaryReader reader, ref byte destination)
    {
        ref T value = ref System.Runtime.CompilerServices.Unsafe.As<byte, T>(ref destination);
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
        System.Runtime.CompilerServices.Unsafe.As<byte, T>(ref value).WriteDataTo(ref writer);

    internal override void WriteBoxed(object value, ref FastBinaryWriter writer)
    {
        if (_tracked)
        {
            writer.EnterTrackedRecord(value, Constructible<T>.Is); // a tracked record is object 0 of its own reference table
        }

        ((T)value).WriteDataTo(ref writer);
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

        if (ObjectReader<T>.Constructor is { } constructor)
        {
            return constructor.ReadNew(ref reader);
        }

        T value = Create();
        value.SetDataFrom(ref reader);
        return value;
    }
}

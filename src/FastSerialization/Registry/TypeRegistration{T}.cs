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
    // read, for the same reason: each of them cost a call to the runtime's statics helper per record of a class.
    // Not at registration: a type only ever written never builds its factory, and a type whose constructor throws
    // still fails where it did, on its first read.
    private ReadPlan? _readPlan;

    public TypeRegistration(int id, Func<T>? factory)
        : base(id, typeof(T))
    {
        _factory = factory;
        _tracked = ObjectShape<T>.IsTracked;
    }

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
        ReadPlan plan = Plan;
        if (plan.Constructor is { } constructor)
        {
            reader.MarkTrackedUnderConstruction(number, typeof(T));
            T built = constructor.ReadNew(ref reader);
            reader.EnterTracked(number, built!);
            return built!;
        }

        T value = plan.Create(this);
        reader.EnterTracked(number, value!);
        value.SetDataFrom(ref reader);
        return value!;
    }

    // The value is built where it goes: a struct returned by Read and then copied would be stored member by member
    // and loaded back whole at once, which the processor cannot forward from its store buffer. (The formatter's
    // Deserialize<T> still returns the record by copying its local once: one such stall per struct record remains.)
    internal override void ReadInto(ref FastBinaryReader reader, ref byte destination)
    {
        ref T value = ref Unsafe.As<byte, T>(ref destination);
        ReadPlan plan = Plan;
        if (plan.Constructor is { } constructor)
        {
            value = constructor.ReadNew(ref reader);
            return;
        }

        if (plan.IsPlain)
        {
            value = default!; // cleared in place: a cleared copy loaded back whole would stall as above
        }
        else
        {
            value = plan.Create(this);
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

    /// <summary>The read plan, made at the first read.</summary>
    private ReadPlan Plan
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _readPlan ?? PreparePlan();
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private ReadPlan PreparePlan()
    {
        // Two threads may both make one: they find the same statics, and either plan is right.
        var plan = new ReadPlan(ObjectReader<T>.Constructor, _factory, ObjectFactory<T>.IsPlainStruct ? null : ObjectFactory<T>.Default);
        _readPlan = plan;
        return plan;
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

        ReadPlan plan = Plan;
        if (plan.Constructor is { } constructor)
        {
            return constructor.ReadNew(ref reader);
        }

        T value = plan.Create(this);
        value.SetDataFrom(ref reader);
        return value;
    }

    /// <summary>How a record of <typeparamref name="T"/> is made, as the generic statics say once.</summary>
    private sealed class ReadPlan
    {
        private readonly Func<T>? _factory;
        private readonly Func<T>? _default;

        public ReadPlan(IBinaryConstructible<T>? constructor, Func<T>? factory, Func<T>? defaultCreate)
        {
            Constructor = constructor;
            _factory = factory;
            _default = defaultCreate;
            IsPlain = factory is null && defaultCreate is null;
        }

        /// <summary>The template whose ReadNew builds an immutable T (<see cref="ObjectReader{T}.Constructor"/>), or null.</summary>
        public IBinaryConstructible<T>? Constructor { get; }

        /// <summary>A plain struct with no registered factory: a new one is its default value, made where it goes.</summary>
        public bool IsPlain { get; }

        /// <summary>What <see cref="TypeRegistration{T}.Create"/> makes: the registered factory's instance (never null), or the type's own.</summary>
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        public T Create(TypeRegistration<T> registration)
        {
            Func<T>? factory = _factory;
            if (factory is null)
            {
                return _default is { } create ? create() : default!;
            }

            T value = factory();
            if (!typeof(T).IsValueType && value is null)
            {
                ThrowHelper.ThrowFactoryReturnedNull(typeof(T), registration.Id);
            }

            return value;
        }
    }
}

using System;

namespace FastSerialization;

/// <summary>One entry of a formatter's registry: an id, the type it stands for, and how to make one.</summary>
internal abstract class TypeRegistration
{
    protected TypeRegistration(int id, Type type)
    {
        Id = id;
        Type = type;
        SizeHint = 256;
    }

    public int Id { get; }

    public Type Type { get; }

    /// <summary>
    /// The size of the last record written for this type: the first buffer asked for the next one.
    /// Written without synchronization; any recent value is a fine hint.
    /// </summary>
    public int SizeHint { get; set; }

    /// <summary>Creates an instance and reads its payload.</summary>
    public abstract object ReadBoxed(ref FastBinaryReader reader);

    /// <summary>
    /// Reads a <typeparamref name="TResult"/>, which must be <see cref="Type"/> itself: a struct record
    /// read through this is never boxed.
    /// </summary>
    public abstract TResult ReadExact<TResult>(ref FastBinaryReader reader);

    /// <summary>Writes the payload of <paramref name="value"/>, which is of <see cref="Type"/>.</summary>
    public abstract void WriteBoxed(object value, ref FastBinaryWriter writer);
}

/// <summary>The registration of <typeparamref name="T"/>.</summary>
internal sealed class TypeRegistration<T> : TypeRegistration
    where T : ICustomBinarySerializable
{
    private readonly Func<T> _create;

    public TypeRegistration(int id, Func<T>? factory)
        : base(id, typeof(T))
    {
        _create = factory ?? ObjectFactory<T>.Default;
    }

    public T Create()
    {
        T value = _create();
        if (!typeof(T).IsValueType && value is null)
        {
            ThrowHelper.ThrowFactoryReturnedNull(typeof(T), Id);
        }

        return value;
    }

    public override object ReadBoxed(ref FastBinaryReader reader) => Read(ref reader);

    public override TResult ReadExact<TResult>(ref FastBinaryReader reader)
    {
        System.Diagnostics.Debug.Assert(typeof(TResult) == typeof(T), "ReadExact is called for the registered type only");
        T value = Read(ref reader);
        return System.Runtime.CompilerServices.Unsafe.As<T, TResult>(ref value);
    }

    private T Read(ref FastBinaryReader reader)
    {
        if (ObjectReader<T>.Constructor is { } constructor)
        {
            return constructor.ReadNew(ref reader);
        }

        T value = Create();
        value.SetDataFrom(ref reader);
        return value;
    }

    public override void WriteBoxed(object value, ref FastBinaryWriter writer) => ((T)value).WriteDataTo(ref writer);
}

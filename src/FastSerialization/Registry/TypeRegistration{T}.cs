using System;

namespace FastSerialization;

/// <summary>The registration of <typeparamref name="T"/>: how one is made, written and read.</summary>
internal sealed class TypeRegistration<T> : TypeRegistration
    where T : ICustomBinarySerializable
{
    private readonly Func<T> _create;

    public TypeRegistration(int id, Func<T>? factory)
        : base(id, typeof(T))
    {
        _create = factory ?? ObjectFactory<T>.Default;
    }

    /// <summary>Makes an instance with the registered factory (or the default one) for its payload to be read into.</summary>
    public T Create()
    {
        T value = _create();
        if (!typeof(T).IsValueType && value is null)
        {
            ThrowHelper.ThrowFactoryReturnedNull(typeof(T), Id);
        }

        return value;
    }

    internal override object ReadBoxed(ref FastBinaryReader reader) => Read(ref reader);

    internal override TResult ReadExact<TResult>(ref FastBinaryReader reader)
    {
        System.Diagnostics.Debug.Assert(typeof(TResult) == typeof(T), "ReadExact is called for the registered type only");
        T value = Read(ref reader);
        return System.Runtime.CompilerServices.Unsafe.As<T, TResult>(ref value);
    }

    internal override void WriteBoxed(object value, ref FastBinaryWriter writer) => ((T)value).WriteDataTo(ref writer);

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
}

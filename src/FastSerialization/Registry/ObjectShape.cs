
namespace FastSerialization;

/// <summary>Facts about a declared member type, computed once per type.</summary>
internal static class ObjectShape<T>
{
    /// <summary>
    /// True when a value declared as <typeparamref name="T"/> is always exactly a <typeparamref name="T"/>
    /// (a struct or a sealed class): nested objects of such types carry no type id.
    /// </summary>
    public static readonly bool IsSealed = typeof(T).IsValueType || typeof(T).IsSealed;

    /// <summary>
    /// True for a class declared reference-tracked (<see cref="BinaryReferenceTrackedAttribute"/>, on it or a base class):
    /// a record of it is object 0 of the record's reference table (docs/FORMAT.md section 8).
    /// </summary>
    public static readonly bool IsTracked =
        !typeof(T).IsValueType && typeof(T).IsDefined(typeof(BinaryReferenceTrackedAttribute), inherit: true);

    /// <summary>
    /// True for a sealed class with a generated deep copier (<see cref="IBinaryDeepCopyable"/>): a value declared as
    /// <typeparamref name="T"/> is one, and <see cref="BinaryCopyContext"/> calls its copier with no type test.
    /// </summary>
    public static readonly bool IsSealedCopyable =
        !typeof(T).IsValueType && typeof(T).IsSealed && typeof(IBinaryDeepCopyable).IsAssignableFrom(typeof(T));
}

/// <summary>Whether <typeparamref name="T"/> is built through its constructor when read (<see cref="IBinaryConstructible{TSelf}"/>), computed once.</summary>
internal static class Constructible<T>
    where T : ICustomBinarySerializable
{
    /// <summary>True when a <typeparamref name="T"/> exists only once its members are read.</summary>
    public static readonly bool Is = typeof(IBinaryConstructible<T>).IsAssignableFrom(typeof(T));
}

using System;
using System.Diagnostics.CodeAnalysis;

namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// Names the <see cref="BinaryFormatterBinder"/> that creates the type this attribute is on and sets its members.
/// The source generator puts it on every <c>partial</c> type marked <c>[BinarySerializable]</c> or
/// <see cref="BinaryFormatterTypeAttribute"/> in a project that references this package; it is not meant to be
/// written by hand.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct, AllowMultiple = false, Inherited = false)]
public sealed class BinaryFormatterBinderAttribute : Attribute
{
    /// <summary>Names the binder type.</summary>
    /// <param name="binderType">A type derived from <see cref="BinaryFormatterBinder"/> with a public parameterless constructor.</param>
    /// <exception cref="ArgumentNullException"><paramref name="binderType"/> is null.</exception>
    public BinaryFormatterBinderAttribute([DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)] Type binderType)
    {
        ArgumentNullException.ThrowIfNull(binderType);
        BinderType = binderType;
    }

    /// <summary>The binder type.</summary>
    [DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.PublicParameterlessConstructor)]
    public Type BinderType { get; }
}

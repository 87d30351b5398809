using System;

namespace FastSerialization;

/// <summary>Leaves a public field or property of a <see cref="BinarySerializableAttribute"/> type out of its payload.</summary>
[AttributeUsage(AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = false, Inherited = false)]
public sealed class BinaryIgnoreAttribute : Attribute
{
}

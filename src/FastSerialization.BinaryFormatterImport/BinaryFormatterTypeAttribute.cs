using System;

namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// Names the type that BinaryFormatter wrote for the type this attribute is on, so that the importer
/// reads the old type's payloads into this one.
/// </summary>
/// <remarks>
/// The name is either a full name (<c>Legacy.Customer</c>), matched whatever assembly the payload names,
/// or a full name and an assembly's simple name (<c>Legacy.Customer, LegacyApp</c>), matched only with
/// that assembly; versions, culture and public key tokens are not compared. The attribute maps nothing by
/// itself: the type must also be registered with the <see cref="CustomBinaryFormatter"/> the importer
/// uses, passed to <see cref="BinaryFormatterImportOptions.MapType{T}(string)"/>, or be the declared type
/// of a member of such a type. Nothing is ever created from a name read in a payload.
/// </remarks>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Enum, AllowMultiple = true, Inherited = false)]
public sealed class BinaryFormatterTypeAttribute : Attribute
{
    /// <summary>Declares the old type's name.</summary>
    /// <param name="typeName">The old type's full name, optionally followed by a comma and its assembly's simple name.</param>
    public BinaryFormatterTypeAttribute(string typeName)
    {
        ArgumentNullException.ThrowIfNull(typeName);
        TypeName = typeName;
    }

    /// <summary>The old type's name as given.</summary>
    public string TypeName { get; }
}

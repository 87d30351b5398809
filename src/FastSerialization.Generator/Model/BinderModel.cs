namespace FastSerialization.Generator;

/// <summary>
/// What the importer of BinaryFormatter payloads needs to know of one type, to create it and set the members it
/// declares without reflection: emitted as a <c>BinaryFormatterBinder</c> by <see cref="BinderEmitter"/>.
/// </summary>
/// <param name="HintName">The generated file's name.</param>
/// <param name="Namespace">The type's namespace, or null for the global namespace.</param>
/// <param name="ContainingTypes">The types containing it, outermost first.</param>
/// <param name="Self">The type's declaration.</param>
/// <param name="FullyQualifiedName">The type, as generated code names it.</param>
/// <param name="IsValueType">True for a struct (set through a reference to the boxed value).</param>
/// <param name="Creation">How an instance is made.</param>
/// <param name="Members">The members the type declares, in declaration order.</param>
internal sealed record BinderModel(
    string HintName,
    string? Namespace,
    EquatableArray<ContainingType> ContainingTypes,
    ContainingType Self,
    string FullyQualifiedName,
    bool IsValueType,
    BinderCreation Creation,
    EquatableArray<BinderMemberModel> Members);

/// <summary>How a binder makes an instance.</summary>
internal enum BinderCreation
{
    /// <summary><c>default(T)</c>, boxed: a struct, made as BinaryFormatter made it (no constructor run).</summary>
    Default,

    /// <summary><c>new T()</c>: the parameterless constructor, so field initializers run.</summary>
    Constructor,

    /// <summary>The parameterless constructor through an <c>UnsafeAccessor</c>: the type has required members.</summary>
    ConstructorAccessor,

    /// <summary>An uninitialized object (<c>RuntimeHelpers.GetUninitializedObject</c>): a class without a parameterless constructor.</summary>
    Uninitialized,

    /// <summary>As <see cref="Uninitialized"/>, through <c>FormatterServices</c> where RuntimeHelpers lacks it (.NET Framework, netstandard2.0).</summary>
    UninitializedByFormatterServices,

    /// <summary>None: an abstract class, whose binder only sets the members it declares for its derived classes.</summary>
    None,
}

/// <summary>How a member is described (the names BinaryFormatter wrote it under follow from it) and set.</summary>
internal enum BinderMemberKind
{
    Field,
    AutoProperty,
    Property,
}

/// <summary>How the generated setter reaches the member.</summary>
internal enum BinderSetterKind
{
    /// <summary>An assignment: a field that is not readonly, or a property's set accessor.</summary>
    Assign,

    /// <summary>A readonly field, through <c>Unsafe.AsRef</c>.</summary>
    ReadOnlyField,

    /// <summary>A backing field of a get-only or init-only auto-property, through an <c>UnsafeAccessor</c>.</summary>
    BackingFieldAccessor,
}

/// <summary>One member a binder sets.</summary>
/// <param name="Kind">Field, auto-property or property.</param>
/// <param name="Name">The member's name (the property's, for an auto-property).</param>
/// <param name="TypeDisplay">Its type, fully qualified, without nullable annotations.</param>
/// <param name="Target">The C# expression of its <c>BinaryFormatterTarget</c>.</param>
/// <param name="Setter">How it is set.</param>
/// <param name="Aliases">The names given by <c>[BinaryFormatterMember]</c>.</param>
internal sealed record BinderMemberModel(
    BinderMemberKind Kind,
    string Name,
    string TypeDisplay,
    string Target,
    BinderSetterKind Setter,
    EquatableArray<string> Aliases);

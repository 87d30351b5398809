using System;
using System.Collections.Generic;
using FastSerialization.BinaryFormatterImport.Internal;

namespace FastSerialization.BinaryFormatterImport;

/// <summary>
/// How the importer creates one type and sets the members it declares, in code the source generator emits, so
/// that importing needs no reflection over the type (it works trimmed and under NativeAOT). Members of base
/// classes come from the base class's own binder.
/// </summary>
/// <remarks>
/// The generator emits a binder for every <c>partial</c> class or struct marked <c>[BinarySerializable]</c> or
/// <see cref="BinaryFormatterTypeAttribute"/> in a project that references this package, and names it with
/// <see cref="BinaryFormatterBinderAttribute"/>. A derived class describes the members its type declares, in
/// declaration order, with <see cref="AddField"/>, <see cref="AddAutoProperty"/> and <see cref="AddProperty"/>,
/// in its constructor.
/// </remarks>
public abstract class BinaryFormatterBinder
{
    private readonly List<BinderMember> _members = new();

    /// <summary>Starts the description of <paramref name="type"/>.</summary>
    /// <param name="type">The type the binder creates and fills.</param>
    /// <exception cref="ArgumentNullException"><paramref name="type"/> is null.</exception>
    protected BinaryFormatterBinder(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        Type = type;
    }

    /// <summary>The type this binder creates and fills.</summary>
    public Type Type { get; }

    /// <summary>Whether <see cref="CreateInstance"/> can make an instance (false for an abstract class, whose binder only sets members).</summary>
    public virtual bool CanCreateInstance => true;

    /// <summary>The members described, in the order they were added.</summary>
    internal IReadOnlyList<BinderMember> Members => _members;

    /// <summary>
    /// A new instance (a boxed one for a struct) whose members the importer then sets: the parameterless
    /// constructor's result when the type has one (so field initializers run), otherwise an uninitialized object,
    /// as BinaryFormatter made them.
    /// </summary>
    /// <returns>The new instance.</returns>
    public abstract object CreateInstance();

    /// <summary>Describes a field the type declares (not an auto-property's backing field).</summary>
    /// <param name="name">The field's name.</param>
    /// <param name="target">The field's declared type.</param>
    /// <param name="setter">Sets the field on an instance made by <see cref="CreateInstance"/> (a boxed struct is changed in place).</param>
    /// <param name="aliases">The names of <see cref="BinaryFormatterMemberAttribute"/>s on the field.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    protected void AddField(string name, BinaryFormatterTarget target, Action<object, object?> setter, params string[] aliases)
        => Add(BinderMemberKind.Field, name, target, setter, aliases);

    /// <summary>Describes an auto-property the type declares: BinaryFormatter wrote its backing field, <c>&lt;Name&gt;k__BackingField</c>.</summary>
    /// <param name="name">The property's name.</param>
    /// <param name="target">The property's declared type.</param>
    /// <param name="setter">Sets the backing field on an instance made by <see cref="CreateInstance"/> (a boxed struct is changed in place).</param>
    /// <param name="aliases">The names of <see cref="BinaryFormatterMemberAttribute"/>s on the property.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    protected void AddAutoProperty(string name, BinaryFormatterTarget target, Action<object, object?> setter, params string[] aliases)
        => Add(BinderMemberKind.AutoProperty, name, target, setter, aliases);

    /// <summary>Describes a property with a setter of its own (not an auto-property), set when no field takes its name.</summary>
    /// <param name="name">The property's name.</param>
    /// <param name="target">The property's declared type.</param>
    /// <param name="setter">Calls the property's setter on an instance made by <see cref="CreateInstance"/>.</param>
    /// <param name="aliases">The names of <see cref="BinaryFormatterMemberAttribute"/>s on the property.</param>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    protected void AddProperty(string name, BinaryFormatterTarget target, Action<object, object?> setter, params string[] aliases)
        => Add(BinderMemberKind.Property, name, target, setter, aliases);

    private void Add(BinderMemberKind kind, string name, BinaryFormatterTarget target, Action<object, object?> setter, string[] aliases)
    {
        ArgumentNullException.ThrowIfNull(name);
        ArgumentNullException.ThrowIfNull(target);
        ArgumentNullException.ThrowIfNull(setter);
        ArgumentNullException.ThrowIfNull(aliases);
        _members.Add(new BinderMember(kind, name, target, setter, aliases));
    }
}

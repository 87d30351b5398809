using System;

namespace FastSerialization.BinaryFormatterImport.Internal;

// Outside BinaryFormatterBinder on purpose: a type mapped with MapType<T> keeps all its members for trimming,
// nested types included (its generated binder), and with them their base class's nested types; an enum among
// them would bring in System.Enum's members, some of which NativeAOT warns about.

/// <summary>What a member described by a <see cref="BinaryFormatterBinder"/> is: it decides the names BinaryFormatter wrote it under.</summary>
internal enum BinderMemberKind
{
    Field,
    AutoProperty,
    Property,
}

/// <summary>One member described by a <see cref="BinaryFormatterBinder"/>.</summary>
internal sealed class BinderMember
{
    public BinderMember(BinderMemberKind kind, string name, BinaryFormatterTarget target, Action<object, object?> setter, string[] aliases)
    {
        Kind = kind;
        Name = name;
        Target = target;
        Setter = setter;
        Aliases = aliases;
    }

    public BinderMemberKind Kind { get; }

    public string Name { get; }

    public BinaryFormatterTarget Target { get; }

    public Action<object, object?> Setter { get; }

    public string[] Aliases { get; }
}

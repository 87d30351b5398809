using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Analyzers.Layouts;

/// <summary>One member in wire order: its name and its kind as the IPC handshake names it.</summary>
internal readonly struct LayoutMember
{
    public LayoutMember(string name, string kind)
    {
        Name = name;
        Kind = kind;
    }

    public string Name { get; }

    public string Kind { get; }
}

/// <summary>
/// A <c>[BinarySerializable]</c> type's wire layout, either as the compilation has it now (<see cref="Of"/>) or as the
/// layout files record it (<see cref="From"/>): its stable name, the constant ids it is registered under, its fixed
/// size and evolvability, and its members.
/// </summary>
/// <remarks>
/// The kinds are not computed here: they are the text of the <c>[BinaryLayout]</c> attribute the source generator
/// puts on the type, the very string the IPC handshake and record-file headers compare at run time; the names are the
/// attribute's <c>MemberNames</c>. The generator is the one owner of both.
/// </remarks>
internal sealed class TypeLayout
{
    public const string BinaryLayoutAttributeName = "FastSerialization.BinaryLayoutAttribute";
    public const string BinaryFixedLayoutAttributeName = "FastSerialization.BinaryFixedLayoutAttribute";

    public TypeLayout(string typeName, IReadOnlyList<LayoutMember> members, int? fixedSize, bool evolvable, ISet<int> ids)
    {
        TypeName = typeName;
        Members = members;
        FixedSize = fixedSize;
        Evolvable = evolvable;
        Ids = ids;
    }

    public string TypeName { get; }

    public IReadOnlyList<LayoutMember> Members { get; }

    public int? FixedSize { get; }

    public bool Evolvable { get; }

    public ISet<int> Ids { get; }

    /// <summary>
    /// The layout the generator gave <paramref name="type"/>; null when it has none yet (the generator reported an
    /// error for it, or is not running) or when the attribute's member names do not match its kinds.
    /// </summary>
    public static TypeLayout? Of(INamedTypeSymbol type)
    {
        string? kinds = null;
        string? names = null;
        int? fixedSize = null;
        foreach (AttributeData attribute in type.GetAttributes())
        {
            string? name = attribute.AttributeClass?.ToDisplayString();
            if (name == BinaryLayoutAttributeName && attribute.ConstructorArguments.Length == 1)
            {
                kinds = attribute.ConstructorArguments[0].Value as string;
                foreach (KeyValuePair<string, TypedConstant> named in attribute.NamedArguments)
                {
                    if (named.Key == "MemberNames")
                    {
                        names = named.Value.Value as string;
                    }
                }
            }
            else if (name == BinaryFixedLayoutAttributeName && attribute.ConstructorArguments.Length >= 1 && attribute.ConstructorArguments[0].Value is int size)
            {
                fixedSize = size;
            }
        }

        if (kinds is null || names is null)
        {
            return null;
        }

        string[] kindList = kinds.Length == 0 ? Array.Empty<string>() : kinds.Split(';');
        string[] nameList = names.Length == 0 ? Array.Empty<string>() : names.Split(';');

        // A fixed-layout struct's layout starts with its size (Fixed<16>), which the file records as 'fixed=16'.
        int skip = kindList.Length - nameList.Length;
        if (skip is not (0 or 1) || (skip == 1) != fixedSize.HasValue)
        {
            return null;
        }

        var members = new List<LayoutMember>(nameList.Length);
        for (int i = 0; i < nameList.Length; i++)
        {
            members.Add(new LayoutMember(nameList[i], kindList[i + skip]));
        }

        return new TypeLayout(StableName(type), members, fixedSize, fixedSize.HasValue && IsEvolvable(type), new SortedSet<int>());
    }

    /// <summary>
    /// True when the type is declared an evolvable fixed-layout struct (WIRE-FORMAT.md section 3c): its
    /// <c>[BinarySerializable]</c> says <c>Evolvable = true</c>.
    /// </summary>
    private static bool IsEvolvable(INamedTypeSymbol type) =>
        type.GetAttributes().Any(static a =>
            a.AttributeClass?.ToDisplayString() == KnownTypes.BinarySerializableAttributeName &&
            a.NamedArguments.Any(static n => n.Key == "Evolvable" && n.Value.Value is true));

    /// <summary>The facts the layout files record for one type (its lines of both files together).</summary>
    public static TypeLayout From(string typeName, IEnumerable<LayoutLine> lines)
    {
        var members = new SortedDictionary<int, LayoutMember>();
        int? fixedSize = null;
        bool evolvable = false;
        var ids = new SortedSet<int>();
        foreach (LayoutLine line in lines)
        {
            switch (line.Kind)
            {
                case LayoutLineKind.Id:
                    ids.Add(line.Id);
                    break;
                case LayoutLineKind.Fixed:
                    fixedSize = line.FixedSize;
                    evolvable = line.Evolvable;
                    break;
                case LayoutLineKind.Member:
                    members[line.Position] = new LayoutMember(line.MemberName, line.MemberKind);
                    break;
            }
        }

        // Positions are consecutive in a valid file (checked by the analyzer); a gap would read as a removed member.
        var list = new List<LayoutMember>();
        for (int i = 0; members.TryGetValue(i, out LayoutMember member); i++)
        {
            list.Add(member);
        }

        return new TypeLayout(typeName, list, fixedSize, evolvable, ids);
    }

    /// <summary>
    /// The type's stable name, by the rules of <c>RegistryEntry.TypeNameOf</c> (the name the IPC handshake and file
    /// headers carry): namespace, containing types after <c>+</c>, the name without its arity, and for a generic type
    /// the names of its type parameters (all of them, the containing types' included) in angle brackets at the end.
    /// </summary>
    public static string StableName(INamedTypeSymbol type)
    {
        var sb = new StringBuilder();
        AppendDeclaration(sb, type);
        var parameters = new List<ITypeSymbol>();
        for (INamedTypeSymbol? t = type; t is not null; t = t.ContainingType)
        {
            parameters.InsertRange(0, t.TypeArguments);
        }

        if (parameters.Count > 0)
        {
            sb.Append('<');
            for (int i = 0; i < parameters.Count; i++)
            {
                if (i > 0)
                {
                    sb.Append(',');
                }

                AppendArgument(sb, parameters[i]);
            }

            sb.Append('>');
        }

        return sb.ToString();
    }

    private static void AppendDeclaration(StringBuilder sb, INamedTypeSymbol type)
    {
        if (type.ContainingType is { } containing)
        {
            AppendDeclaration(sb, containing);
            sb.Append('+');
        }
        else if (type.ContainingNamespace is { IsGlobalNamespace: false } ns)
        {
            sb.Append(ns.ToDisplayString()).Append('.');
        }

        sb.Append(type.MetadataName is var metadata && metadata.IndexOf('`') is int tick and >= 0 ? metadata.Substring(0, tick) : type.Name);
    }

    private static void AppendArgument(StringBuilder sb, ITypeSymbol argument)
    {
        switch (argument)
        {
            case IArrayTypeSymbol array:
                AppendArgument(sb, array.ElementType);
                sb.Append('[').Append(',', array.Rank - 1).Append(']');
                break;
            case INamedTypeSymbol named:
                sb.Append(StableName(named));
                break;
            default:
                sb.Append(argument.Name); // a type parameter: its name alone
                break;
        }
    }
}

using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace FastSerialization.Generator;

/// <summary>
/// Describes a type for the importer of BinaryFormatter payloads (<see cref="BinderModel"/>): every instance field it
/// declares, whatever its accessibility, and every property with a setter, as the importer's reflection fallback
/// finds them. A type gets no binder (and is read by reflection) when generated code cannot reach all of them: a
/// generic type, a type or containing type that is not partial, an init-only property that is not an
/// auto-property, or a get-only or init-only auto-property where <c>UnsafeAccessor</c> (.NET 8) is missing.
/// </summary>
internal static class BinderParser
{
    public const string BinderBase = "FastSerialization.BinaryFormatterImport.BinaryFormatterBinder";
    public const string TypeAttribute = "FastSerialization.BinaryFormatterImport.BinaryFormatterTypeAttribute";
    public const string MemberAttribute = "FastSerialization.BinaryFormatterImport.BinaryFormatterMemberAttribute";
    private const string UnsafeAccessor = "System.Runtime.CompilerServices.UnsafeAccessorAttribute";

    /// <summary>Declared collection types and the target factory that makes them.</summary>
    private static readonly Dictionary<string, string> Collections = new()
    {
        ["System.Collections.Generic.List<T>"] = "List",
        ["System.Collections.Generic.IList<T>"] = "List",
        ["System.Collections.Generic.ICollection<T>"] = "List",
        ["System.Collections.Generic.IEnumerable<T>"] = "List",
        ["System.Collections.Generic.IReadOnlyList<T>"] = "List",
        ["System.Collections.Generic.IReadOnlyCollection<T>"] = "List",
        ["System.Collections.Generic.HashSet<T>"] = "HashSet",
        ["System.Collections.Generic.ISet<T>"] = "HashSet",
        ["System.Collections.Generic.Dictionary<TKey, TValue>"] = "Dictionary",
        ["System.Collections.Generic.IDictionary<TKey, TValue>"] = "Dictionary",
        ["System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>"] = "Dictionary",
    };

    private static readonly SymbolDisplayFormat TypeFormat = SymbolDisplayFormat.FullyQualifiedFormat;

    /// <summary>The binder model of <paramref name="type"/>, or null when it gets none.</summary>
    public static BinderModel? Parse(INamedTypeSymbol type, Compilation compilation, CancellationToken cancellationToken)
    {
        if (compilation.GetTypeByMetadataName(BinderBase) is null || type.IsGenericType || type.TypeKind is not (TypeKind.Class or TypeKind.Struct)
            || type.IsStatic || !AllPartial(type, cancellationToken))
        {
            return null;
        }

        bool hasAccessor = compilation.GetTypeByMetadataName(UnsafeAccessor) is not null;
        var fields = new List<BinderMemberModel>();
        var properties = new List<BinderMemberModel>();
        foreach (ISymbol member in type.GetMembers())
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (member.IsStatic)
            {
                continue;
            }

            switch (member)
            {
                case IFieldSymbol field when !field.IsConst && field.AssociatedSymbol is null && !field.IsImplicitlyDeclared:
                    if (Ignored(field) || !Settable(field.Type) || field.RefKind != RefKind.None)
                    {
                        continue;
                    }

                    fields.Add(new BinderMemberModel(
                        BinderMemberKind.Field, field.Name, field.Type.ToDisplayString(TypeFormat), Target(field.Type),
                        field.IsReadOnly ? BinderSetterKind.ReadOnlyField : BinderSetterKind.Assign, Aliases(field)));
                    break;

                case IPropertySymbol property when !property.IsIndexer && property.ExplicitInterfaceImplementations.Length == 0:
                    IFieldSymbol? backing = MemberDiscovery.BackingField(type, property);
                    if (Ignored(property) || (backing is not null && Ignored(backing)) || !Settable(property.Type) || property.RefKind != RefKind.None)
                    {
                        continue;
                    }

                    if (backing is not null)
                    {
                        // A setter with a body of its own (C# 14's field keyword) may do more than store: the field is set instead.
                        bool assignable = property.SetMethod is { IsInitOnly: false } set && !HasBody(set, cancellationToken);
                        if (!assignable && !hasAccessor)
                        {
                            return null;
                        }

                        // Among the fields, in declaration order: reflection finds its backing field among them.
                        fields.Add(new BinderMemberModel(
                            BinderMemberKind.AutoProperty, property.Name, property.Type.ToDisplayString(TypeFormat), Target(property.Type),
                            assignable ? BinderSetterKind.Assign : BinderSetterKind.BackingFieldAccessor, Aliases(property, backing)));
                    }
                    else if (property.SetMethod is { } setter)
                    {
                        if (setter.IsInitOnly)
                        {
                            return null;
                        }

                        properties.Add(new BinderMemberModel(
                            BinderMemberKind.Property, property.Name, property.Type.ToDisplayString(TypeFormat), Target(property.Type),
                            BinderSetterKind.Assign, Aliases(property)));
                    }

                    break;
            }
        }

        var members = new List<BinderMemberModel>(fields);
        members.AddRange(properties);
        BinderCreation creation = Creation(type, compilation);
        if (creation == BinderCreation.ConstructorAccessor && !hasAccessor)
        {
            return null;
        }

        return new BinderModel(
            TypeDeclarations.HintName(type).Replace(".BinarySerializable.g.cs", ".BinaryFormatterBinder.g.cs"),
            type.ContainingNamespace.IsGlobalNamespace ? null : type.ContainingNamespace.ToDisplayString(),
            EquatableArray<ContainingType>.From(TypeDeclarations.ContainingTypes(type, cancellationToken)),
            TypeDeclarations.Describe(type, cancellationToken),
            type.ToDisplayString(TypeFormat),
            type.IsValueType,
            creation,
            EquatableArray<BinderMemberModel>.From(members));
    }

    /// <summary>The C# expression of the <c>BinaryFormatterTarget</c> of a declared type.</summary>
    public static string Target(ITypeSymbol type)
    {
        const string Factory = "global::FastSerialization.BinaryFormatterImport.BinaryFormatterTarget.";
        string display = type.ToDisplayString(TypeFormat);
        if (type is IArrayTypeSymbol { Rank: 1 } array)
        {
            return Factory + "Array<" + array.ElementType.ToDisplayString(TypeFormat) + ">(" + Target(array.ElementType) + ")";
        }

        if (type is INamedTypeSymbol { IsGenericType: true } named
            && Collections.TryGetValue(named.ConstructedFrom.ToDisplayString(), out string? factory))
        {
            IEnumerable<string> arguments = named.TypeArguments.Select(t => t.ToDisplayString(TypeFormat));
            IEnumerable<string> targets = named.TypeArguments.Select(Target);
            return Factory + factory + "<" + display + ", " + string.Join(", ", arguments) + ">(" + string.Join(", ", targets) + ")";
        }

        return Factory + "Value<" + display + ">()";
    }

    private static BinderCreation Creation(INamedTypeSymbol type, Compilation compilation)
    {
        if (type.IsValueType)
        {
            return BinderCreation.Default;
        }

        if (type.IsAbstract)
        {
            return BinderCreation.None;
        }

        IMethodSymbol? parameterless = type.InstanceConstructors.FirstOrDefault(c => c.Parameters.Length == 0);
        if (parameterless is null)
        {
            bool runtimeHelpers = compilation.GetTypeByMetadataName("System.Runtime.CompilerServices.RuntimeHelpers")?.GetMembers("GetUninitializedObject").Length > 0;
            return runtimeHelpers ? BinderCreation.Uninitialized : BinderCreation.UninitializedByFormatterServices;
        }

        bool setsRequired = parameterless.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute");
        bool hasRequired = HasRequiredMembers(type);
        return hasRequired && !setsRequired ? BinderCreation.ConstructorAccessor : BinderCreation.Constructor;
    }

    private static bool HasRequiredMembers(INamedTypeSymbol type)
    {
        for (INamedTypeSymbol? level = type; level is not null; level = level.BaseType)
        {
            if (level.GetMembers().Any(m => m is IFieldSymbol { IsRequired: true } or IPropertySymbol { IsRequired: true }))
            {
                return true;
            }
        }

        return false;
    }

    private static bool AllPartial(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        for (INamedTypeSymbol? t = type; t is not null; t = t.ContainingType)
        {
            if (t.IsGenericType || !TypeDeclarations.IsPartial(t, cancellationToken))
            {
                return false;
            }
        }

        return true;
    }

    private static bool HasBody(IMethodSymbol accessor, CancellationToken cancellationToken) =>
        accessor.DeclaringSyntaxReferences.Any(r => r.GetSyntax(cancellationToken) is AccessorDeclarationSyntax { Body: not null } or AccessorDeclarationSyntax { ExpressionBody: not null });

    /// <summary>A value the importer can hold as an object: not a pointer, a ref struct or a function pointer.</summary>
    private static bool Settable(ITypeSymbol type) => !Symbols.IsRefLikeOrPointer(type);

    private static bool Ignored(ISymbol member) => Symbols.HasAttribute(member, Symbols.IgnoreAttribute);

    private static EquatableArray<string> Aliases(params ISymbol[] members) =>
        EquatableArray<string>.From(members
            .SelectMany(m => m.GetAttributes())
            .Where(a => a.AttributeClass?.ToDisplayString() == MemberAttribute && a.ConstructorArguments.Length == 1 && a.ConstructorArguments[0].Value is string)
            .Select(a => (string)a.ConstructorArguments[0].Value!));
}

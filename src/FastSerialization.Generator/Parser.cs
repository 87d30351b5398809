using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace FastSerialization.Generator;

/// <summary>Turns a [BinarySerializable] type symbol into a <see cref="TypeModel"/> and its diagnostics.</summary>
internal static class Parser
{
    public const string SerializableAttribute = "FastSerialization.BinarySerializableAttribute";
    private const string MemberAttribute = "FastSerialization.BinaryMemberAttribute";
    private const string IgnoreAttribute = "FastSerialization.BinaryIgnoreAttribute";
    private const string SerializableInterface = "FastSerialization.ICustomBinarySerializable";

    private const int MaxShapeDepth = 16;

    /// <summary>Fully qualified, with nullable reference annotations.</summary>
    private static readonly SymbolDisplayFormat TypeFormat = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    public static TypeModel? Parse(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
    {
        if (context.TargetSymbol is not INamedTypeSymbol type || context.TargetNode is not TypeDeclarationSyntax syntax)
        {
            return null;
        }

        var diagnostics = new List<DiagnosticInfo>();
        LocationInfo? typeLocation = LocationInfo.From(syntax.Identifier.GetLocation());
        string typeName = type.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat);

        // FSG001: the type and every type containing it must be partial.
        for (INamedTypeSymbol? t = type; t is not null; t = t.ContainingType)
        {
            bool isPartial = t.DeclaringSyntaxReferences.Any(r =>
                r.GetSyntax(cancellationToken) is TypeDeclarationSyntax d && d.Modifiers.Any(SyntaxKind.PartialKeyword));
            if (!isPartial)
            {
                string which = SymbolEqualityComparer.Default.Equals(t, type) ? "it" : $"its containing type '{t.Name}'";
                diagnostics.Add(Diagnostic("FSG001", typeLocation, typeName, which));
                return Failed(type, diagnostics);
            }
        }

        bool userWrite = HasUserMethod(type, "WriteDataTo", "FastBinaryWriter");
        bool userRead = HasUserMethod(type, "SetDataFrom", "FastBinaryReader");

        // Members: base types marked [BinarySerializable] first, then the type's own, in declaration order.
        var chain = new List<INamedTypeSymbol> { type };
        for (INamedTypeSymbol? b = type.BaseType; b is not null && HasAttribute(b, SerializableAttribute); b = b.BaseType)
        {
            chain.Insert(0, b);
        }

        var found = new List<FoundMember>();
        foreach (INamedTypeSymbol declaring in chain)
        {
            bool inherited = !SymbolEqualityComparer.Default.Equals(declaring, type);
            foreach (ISymbol member in declaring.GetMembers())
            {
                cancellationToken.ThrowIfCancellationRequested();
                FoundMember? m = Consider(declaring, member, inherited);
                if (m is not null)
                {
                    found.Add(m);
                }
            }
        }

        // Order: explicit when any member has [BinaryMember], otherwise declaration order.
        if (found.Any(m => m.Order is not null))
        {
            foreach (FoundMember m in found.Where(m => m.Order is null))
            {
                diagnostics.Add(Diagnostic("FSG005", m.Location, m.Symbol.Name, typeName));
            }

            foreach (IGrouping<int, FoundMember> group in found.Where(m => m.Order is not null).GroupBy(m => m.Order!.Value))
            {
                FoundMember[] same = group.ToArray();
                for (int i = 1; i < same.Length; i++)
                {
                    diagnostics.Add(Diagnostic(
                        "FSG003", same[i].Location, same[0].Symbol.Name, same[i].Symbol.Name, typeName, group.Key.ToString(CultureInfo.InvariantCulture)));
                }
            }

            int[] orders = found.Where(m => m.Order is not null).Select(m => m.Order!.Value).Distinct().OrderBy(o => o).ToArray();
            int max = orders.Length == 0 ? -1 : orders[orders.Length - 1];
            for (int expected = 0; expected <= max; expected++)
            {
                if (Array.BinarySearch(orders, expected) < 0)
                {
                    diagnostics.Add(Diagnostic(
                        "FSG004", typeLocation, typeName, max.ToString(CultureInfo.InvariantCulture), expected.ToString(CultureInfo.InvariantCulture)));
                    break;
                }
            }

            if (orders.Length > 0 && orders[0] < 0)
            {
                diagnostics.Add(Diagnostic(
                    "FSG004", typeLocation, typeName, max.ToString(CultureInfo.InvariantCulture), "0 (negative orders are not allowed)"));
            }

            found = found.Where(m => m.Order is not null).OrderBy(m => m.Order!.Value).ToList();
        }

        // Member types.
        var members = new List<MemberModel>();
        foreach (FoundMember m in found)
        {
            if (m.RefKind != RefKind.None || IsRefLikeOrPointer(m.Type))
            {
                diagnostics.Add(Diagnostic("FSG008", m.Location, m.Symbol.Name, typeName, m.Type.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat)));
                continue;
            }

            TypeShape? shape = GetShape(m.Type, 0, out string? reason);
            if (shape is null)
            {
                diagnostics.Add(Diagnostic(
                    "FSG002", m.Location, m.Symbol.Name, typeName, m.Type.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat), reason ?? "unsupported type"));
                continue;
            }

            members.Add(new MemberModel(EscapeKeyword(m.Symbol.Name), m.Type.ToDisplayString(TypeFormat), shape, m.IsSettable));
        }

        // Immutable types: find the constructor that builds them.
        ConstructionModel? construction = null;
        if (!userRead && diagnostics.Count == 0 && found.Any(m => !m.IsSettable))
        {
            if (type.IsAbstract)
            {
                // FSG009: an abstract type cannot be built by a constructor call; its concrete types are.
                FoundMember first = found.First(m => !m.IsSettable);
                diagnostics.Add(Diagnostic("FSG009", typeLocation, typeName, first.Symbol.Name));
            }
            else
            {
                construction = MatchConstructor(type, found, typeLocation, typeName, diagnostics);
            }
        }

        if (diagnostics.Count > 0)
        {
            return Failed(type, diagnostics);
        }

        bool needsNew = type.BaseType is { SpecialType: not SpecialType.System_Object } baseType
            && (baseType.GetMembers("WriteDataTo").Length > 0 || HasAttribute(baseType, SerializableAttribute)
                || baseType.AllInterfaces.Any(i => i.ToDisplayString() == SerializableInterface));

        return new TypeModel(
            HintName(type),
            type.ContainingNamespace.IsGlobalNamespace ? null : type.ContainingNamespace.ToDisplayString(),
            EquatableArray<ContainingType>.From(ContainingTypes(type, cancellationToken)),
            Describe(type, cancellationToken),
            type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat),
            type.IsValueType,
            type.IsValueType && type.IsReadOnly,
            needsNew,
            !userWrite,
            !userRead,
            construction,
            EquatableArray<MemberModel>.From(members),
            EquatableArray<DiagnosticInfo>.Empty);
    }

    private sealed class FoundMember
    {
        public FoundMember(ISymbol symbol, ITypeSymbol type, RefKind refKind, int? order, bool isSettable, bool isInitOnly, bool isRequired, LocationInfo? location)
        {
            Symbol = symbol;
            Type = type;
            RefKind = refKind;
            Order = order;
            IsSettable = isSettable;
            IsInitOnly = isInitOnly;
            IsRequired = isRequired;
            Location = location;
        }

        public ISymbol Symbol { get; }

        public ITypeSymbol Type { get; }

        public RefKind RefKind { get; }

        public int? Order { get; }

        /// <summary>Assignable from an instance method of the type (a settable property or a writable field).</summary>
        public bool IsSettable { get; }

        /// <summary>Assignable in an object initializer (settable, or init-only).</summary>
        public bool IsInitOnly { get; }

        public bool IsRequired { get; }

        public LocationInfo? Location { get; }
    }

    private static FoundMember? Consider(INamedTypeSymbol declaring, ISymbol member, bool inherited)
    {
        if (member.IsStatic || member.IsImplicitlyDeclared)
        {
            return null;
        }

        ITypeSymbol memberType;
        RefKind refKind;
        bool settable;
        bool initOnly;
        bool required;
        switch (member)
        {
            case IFieldSymbol field when !field.IsConst && field.AssociatedSymbol is null:
                memberType = field.Type;
                refKind = field.RefKind;
                settable = !field.IsReadOnly;
                initOnly = false;
                required = field.IsRequired;
                break;
            case IPropertySymbol property when !property.IsIndexer && property.GetMethod is not null
                && property.ExplicitInterfaceImplementations.Length == 0:
                memberType = property.Type;
                refKind = property.RefKind;
                IMethodSymbol? setter = property.SetMethod;
                bool setterAccessible = setter is not null && !(inherited && setter.DeclaredAccessibility == Accessibility.Private);
                settable = setterAccessible && !setter!.IsInitOnly;
                initOnly = setterAccessible && setter!.IsInitOnly;
                required = property.IsRequired;
                break;
            default:
                return null;
        }

        if (HasAttribute(member, IgnoreAttribute))
        {
            return null;
        }

        AttributeData? order = member.GetAttributes().FirstOrDefault(a => a.AttributeClass?.ToDisplayString() == MemberAttribute);
        if (order is null && member.DeclaredAccessibility != Accessibility.Public)
        {
            return null;
        }

        if (inherited && member.DeclaredAccessibility == Accessibility.Private)
        {
            return null;
        }

        // A get-only property is a member only when it stores a value (an auto-property) or is marked
        // [BinaryMember]; computed properties (=> A + B) are left out.
        if (order is null && member is IPropertySymbol { SetMethod: null } getOnly && !IsAutoProperty(declaring, getOnly))
        {
            return null;
        }

        int? orderValue = order is not null && order.ConstructorArguments.Length == 1 && order.ConstructorArguments[0].Value is int o ? o : null;
        if (order is not null && orderValue is null)
        {
            orderValue = -1;
        }

        return new FoundMember(member, memberType, refKind, orderValue, settable, initOnly, required, LocationInfo.From(member.Locations.FirstOrDefault()));
    }

    private static bool IsAutoProperty(INamedTypeSymbol declaring, IPropertySymbol property) =>
        declaring.GetMembers().OfType<IFieldSymbol>().Any(f => SymbolEqualityComparer.Default.Equals(f.AssociatedSymbol, property));

    private static ConstructionModel? MatchConstructor(
        INamedTypeSymbol type, List<FoundMember> members, LocationInfo? typeLocation, string typeName, List<DiagnosticInfo> diagnostics)
    {
        IMethodSymbol? best = null;
        int[]? bestArguments = null;
        IMethodSymbol? firstFailed = null;
        IParameterSymbol? firstFailedParameter = null;
        foreach (IMethodSymbol ctor in type.InstanceConstructors.OrderByDescending(c => c.Parameters.Length))
        {
            if (ctor.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(ctor.Parameters[0].Type, type))
            {
                continue; // a record's copy constructor
            }

            var arguments = new int[ctor.Parameters.Length];
            bool ok = true;
            for (int p = 0; p < ctor.Parameters.Length && ok; p++)
            {
                IParameterSymbol parameter = ctor.Parameters[p];
                int index = members.FindIndex(m =>
                    string.Equals(m.Symbol.Name, parameter.Name, StringComparison.OrdinalIgnoreCase)
                    && SymbolEqualityComparer.Default.Equals(m.Type, parameter.Type));
                if (index < 0 || Array.IndexOf(arguments, index, 0, p) >= 0 || parameter.RefKind is RefKind.Ref or RefKind.Out)
                {
                    ok = false;
                    if (firstFailed is null)
                    {
                        firstFailed = ctor;
                        firstFailedParameter = parameter;
                    }
                }
                else
                {
                    arguments[p] = index;
                }
            }

            if (ok && (best is null || ctor.Parameters.Length > best.Parameters.Length))
            {
                best = ctor;
                bestArguments = arguments;
            }
        }

        if (best is null)
        {
            LocationInfo? location = firstFailed is not null && !firstFailed.IsImplicitlyDeclared
                ? LocationInfo.From(firstFailed.Locations.FirstOrDefault())
                : typeLocation;
            diagnostics.Add(Diagnostic(
                "FSG006",
                location,
                typeName,
                firstFailedParameter?.Name ?? "?",
                firstFailed?.ToDisplayString(SymbolDisplayFormat.CSharpShortErrorMessageFormat) ?? typeName));
            return null;
        }

        bool setsRequired = best.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute");
        var initializer = new List<int>();
        for (int i = 0; i < members.Count; i++)
        {
            bool bound = Array.IndexOf(bestArguments!, i) >= 0;
            FoundMember m = members[i];
            if (!bound || (m.IsRequired && !setsRequired))
            {
                if (m.IsSettable || m.IsInitOnly)
                {
                    initializer.Add(i);
                }
                else
                {
                    diagnostics.Add(Diagnostic("FSG007", m.Location, m.Symbol.Name, typeName, CamelCase(m.Symbol.Name)));
                }
            }
        }

        return new ConstructionModel(EquatableArray<int>.From(bestArguments!), EquatableArray<int>.From(initializer));
    }

    /// <summary>A member named like a keyword (<c>@class</c>) needs its <c>@</c> back in generated code.</summary>
    private static string EscapeKeyword(string name) =>
        SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None || SyntaxFacts.GetContextualKeywordKind(name) is SyntaxKind.AwaitKeyword
            ? "@" + name
            : name;

    private static string CamelCase(string name) =>
        name.Length == 0 ? name : char.ToLowerInvariant(name[0]).ToString(CultureInfo.InvariantCulture) + name.Substring(1);

    private static bool IsRefLikeOrPointer(ITypeSymbol type) =>
        type.IsRefLikeType || type.TypeKind is TypeKind.Pointer or TypeKind.FunctionPointer;

    /// <summary>Describes how a value of <paramref name="type"/> is written, or says why it cannot be.</summary>
    private static TypeShape? GetShape(ITypeSymbol type, int depth, out string? reason)
    {
        reason = null;
        if (depth > MaxShapeDepth)
        {
            reason = "it nests collections too deeply";
            return null;
        }

        if (IsRefLikeOrPointer(type))
        {
            reason = "ref structs and pointers cannot be stored";
            return null;
        }

        string display = type.ToDisplayString(TypeFormat);
        if (Primitive(type) is (string read, int size))
        {
            return new TypeShape(ShapeKind.Primitive, display, read, size, !type.IsValueType, null, null, null, null);
        }

        if (type.TypeKind == TypeKind.Enum && type is INamedTypeSymbol { EnumUnderlyingType: { } underlying })
        {
            return new TypeShape(ShapeKind.Enum, display, null, Primitive(underlying)?.Size ?? 1, false, null, null, null, null);
        }

        if (type is IArrayTypeSymbol array)
        {
            if (array.Rank != 1)
            {
                reason = "multi-dimensional arrays are not supported (use jagged arrays)";
                return null;
            }

            if (array.ElementType.SpecialType == SpecialType.System_Byte)
            {
                return new TypeShape(ShapeKind.Primitive, display, "ReadByteArray", 1, true, null, null, null, null);
            }

            if (FixedWidthArrayElement(array.ElementType) is { } keyword)
            {
                return new TypeShape(ShapeKind.PrimitiveArray, display, keyword, 1, true, null, null, null, null);
            }

            TypeShape? element = GetShape(array.ElementType, depth + 1, out reason);
            if (element is null)
            {
                return null;
            }

            ITypeSymbol innermost = array.ElementType;
            string suffix = string.Empty;
            while (innermost is IArrayTypeSymbol inner)
            {
                suffix += "[]";
                innermost = inner.ElementType;
            }

            return new TypeShape(ShapeKind.Array, display, null, 1, true, element, null, innermost.ToDisplayString(TypeFormat), suffix);
        }

        if (type is ITypeParameterSymbol typeParameter)
        {
            if (typeParameter.ConstraintTypes.Any(c => ImplementsSerializable(c)))
            {
                return new TypeShape(ShapeKind.Object, display, type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(TypeFormat), 1, !type.IsValueType, null, null, null, null);
            }

            reason = "a type parameter must be constrained to ICustomBinarySerializable to be serialized";
            return null;
        }

        if (type is INamedTypeSymbol named)
        {
            if (named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
            {
                TypeShape? inner = GetShape(named.TypeArguments[0], depth + 1, out reason);
                return inner is null ? null : new TypeShape(ShapeKind.Nullable, display, null, 1, false, inner, null, null, null);
            }

            if (named.IsGenericType)
            {
                string definition = named.OriginalDefinition.ToDisplayString();
                ShapeKind? kind = definition switch
                {
                    "System.ReadOnlyMemory<T>" => ShapeKind.ReadOnlyMemoryOfByte,
                    "System.Memory<T>" => ShapeKind.MemoryOfByte,
                    "System.Collections.Generic.List<T>" => ShapeKind.List,
                    "System.Collections.Generic.IList<T>" => ShapeKind.IList,
                    "System.Collections.Generic.IReadOnlyList<T>" => ShapeKind.IReadOnlyList,
                    "System.Collections.Generic.HashSet<T>" => ShapeKind.HashSet,
                    "System.Collections.Generic.Dictionary<TKey, TValue>" => ShapeKind.Dictionary,
                    "System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>" => ShapeKind.IReadOnlyDictionary,
                    _ => null,
                };

                if (kind is ShapeKind.ReadOnlyMemoryOfByte or ShapeKind.MemoryOfByte)
                {
                    if (named.TypeArguments[0].SpecialType != SpecialType.System_Byte)
                    {
                        reason = "only Memory<byte> and ReadOnlyMemory<byte> are supported";
                        return null;
                    }

                    return new TypeShape(kind.Value, display, null, 1, false, null, null, null, null);
                }

                if (kind is ShapeKind.Dictionary or ShapeKind.IReadOnlyDictionary)
                {
                    TypeShape? key = GetShape(named.TypeArguments[0], depth + 1, out reason);
                    if (key is null)
                    {
                        return null;
                    }

                    TypeShape? value = GetShape(named.TypeArguments[1], depth + 1, out reason);
                    return value is null ? null : new TypeShape(kind.Value, display, null, 1, true, key, value, null, null);
                }

                if (kind is not null)
                {
                    TypeShape? element = GetShape(named.TypeArguments[0], depth + 1, out reason);
                    return element is null ? null : new TypeShape(kind.Value, display, null, 1, true, element, null, null, null);
                }
            }

            if (ImplementsSerializable(named) || HasAttribute(named, SerializableAttribute))
            {
                string objectDisplay = type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(TypeFormat);
                return new TypeShape(ShapeKind.Object, display, objectDisplay, 1, !type.IsValueType, null, null, null, null);
            }
        }

        reason = "it is not a supported primitive, string, enum, Nullable<T>, byte[], (ReadOnly)Memory<byte>, array, List<T>, IList<T>, IReadOnlyList<T>, HashSet<T>, Dictionary<TKey, TValue>, IReadOnlyDictionary<TKey, TValue>, nor an ICustomBinarySerializable or [BinarySerializable] type";
        return null;
    }

    private static bool ImplementsSerializable(ITypeSymbol type) =>
        type.ToDisplayString() == SerializableInterface
        || type.AllInterfaces.Any(i => i.ToDisplayString() == SerializableInterface)
        || HasAttribute(type, SerializableAttribute);

    private static (string Read, int Size)? Primitive(ITypeSymbol type)
    {
        switch (type.SpecialType)
        {
            case SpecialType.System_Boolean: return ("ReadBoolean", 1);
            case SpecialType.System_Byte: return ("ReadByte", 1);
            case SpecialType.System_SByte: return ("ReadSByte", 1);
            case SpecialType.System_Int16: return ("ReadInt16", 2);
            case SpecialType.System_UInt16: return ("ReadUInt16", 2);
            case SpecialType.System_Char: return ("ReadChar", 2);
            case SpecialType.System_Int32: return ("ReadInt32", 4);
            case SpecialType.System_UInt32: return ("ReadUInt32", 4);
            case SpecialType.System_Int64: return ("ReadInt64", 8);
            case SpecialType.System_UInt64: return ("ReadUInt64", 8);
            case SpecialType.System_Single: return ("ReadSingle", 4);
            case SpecialType.System_Double: return ("ReadDouble", 8);
            case SpecialType.System_Decimal: return ("ReadDecimal", 16);
            case SpecialType.System_DateTime: return ("ReadDateTime", 8);
            case SpecialType.System_String: return ("ReadString", 1);
        }

        return type.ToDisplayString() switch
        {
            "System.TimeSpan" => ("ReadTimeSpan", 8),
            "System.DateTimeOffset" => ("ReadDateTimeOffset", 10),
            "System.Guid" => ("ReadGuid", 16),
            _ => null,
        };
    }

    /// <summary>The C# keyword of an element type that <c>WriteArray</c> copies in bulk, or null.</summary>
    private static string? FixedWidthArrayElement(ITypeSymbol element) => element.SpecialType switch
    {
        SpecialType.System_SByte => "sbyte",
        SpecialType.System_Int16 => "short",
        SpecialType.System_UInt16 => "ushort",
        SpecialType.System_Char => "char",
        SpecialType.System_Int32 => "int",
        SpecialType.System_UInt32 => "uint",
        SpecialType.System_Int64 => "long",
        SpecialType.System_UInt64 => "ulong",
        SpecialType.System_Single => "float",
        SpecialType.System_Double => "double",
        _ => null,
    };

    private static bool HasAttribute(ISymbol symbol, string name) =>
        symbol.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == name);

    private static bool HasUserMethod(INamedTypeSymbol type, string name, string parameterType) =>
        type.GetMembers(name).OfType<IMethodSymbol>().Any(m =>
            m.Parameters.Length == 1 && m.Parameters[0].RefKind == RefKind.Ref && m.Parameters[0].Type.Name == parameterType);

    private static IEnumerable<ContainingType> ContainingTypes(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        var result = new List<ContainingType>();
        for (INamedTypeSymbol? t = type.ContainingType; t is not null; t = t.ContainingType)
        {
            result.Insert(0, Describe(t, cancellationToken));
        }

        return result;
    }

    private static ContainingType Describe(INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        string keyword = type.IsRecord
            ? (type.IsValueType ? "record struct" : "record")
            : type.TypeKind switch
            {
                TypeKind.Struct => "struct",
                TypeKind.Interface => "interface",
                _ => "class",
            };
        _ = cancellationToken;
        string name = type.TypeParameters.Length == 0
            ? type.Name
            : type.Name + "<" + string.Join(", ", type.TypeParameters.Select(p => p.Name)) + ">";
        return new ContainingType(keyword, name);
    }

    private static string HintName(INamedTypeSymbol type)
    {
        string name = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat).Replace("global::", string.Empty);
        var chars = name.Select(c => char.IsLetterOrDigit(c) || c == '.' || c == '_' ? c : '_').ToArray();
        return new string(chars) + ".BinarySerializable.g.cs";
    }

    private static DiagnosticInfo Diagnostic(string id, LocationInfo? location, params string[] arguments) =>
        new(id, location, new EquatableArray<string>(arguments));

    private static TypeModel Failed(INamedTypeSymbol type, List<DiagnosticInfo> diagnostics) =>
        new(
            HintName(type),
            null,
            EquatableArray<ContainingType>.Empty,
            new ContainingType("class", type.Name),
            type.Name,
            false,
            false,
            false,
            false,
            false,
            null,
            EquatableArray<MemberModel>.Empty,
            EquatableArray<DiagnosticInfo>.From(diagnostics));
}

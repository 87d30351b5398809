using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace FastSerialization.Generator;

/// <summary>
/// Turns a [BinarySerializable] type symbol into a <see cref="TypeModel"/> and its diagnostics, one concern
/// after the other: the declarations (<see cref="TypeDeclarations"/>), which members
/// (<see cref="MemberDiscovery"/>), their order (<see cref="MemberOrder"/>), how each is written
/// (<see cref="ShapeParser"/>), and how an immutable type is built (<see cref="ConstructorMatcher"/>).
/// </summary>
internal static class Parser
{
    public static TypeModel? Parse(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
    {
        if (context.TargetSymbol is not INamedTypeSymbol type || context.TargetNode is not TypeDeclarationSyntax syntax)
        {
            return null;
        }

        var parse = new ParseContext(type, syntax, cancellationToken);
        if (!TypeDeclarations.CheckPartial(parse))
        {
            return TypeDeclarations.Failed(parse);
        }

        // A type that writes or reads itself by hand gets only the other half generated.
        bool userWrite = Symbols.HasUserMethod(type, "WriteDataTo", "FastBinaryWriter");
        bool userRead = Symbols.HasUserMethod(type, "SetDataFrom", "FastBinaryReader");

        List<FoundMember> found = MemberOrder.Apply(MemberDiscovery.Find(type, cancellationToken), parse);
        List<MemberModel> members = ShapeParser.DescribeMembers(found, parse);
        ConstructionModel? construction = userRead ? null : ConstructorMatcher.Match(found, parse);
        if (parse.HasErrors)
        {
            return TypeDeclarations.Failed(parse);
        }

        return new TypeModel(
            TypeDeclarations.HintName(type),
            type.ContainingNamespace.IsGlobalNamespace ? null : type.ContainingNamespace.ToDisplayString(),
            EquatableArray<ContainingType>.From(TypeDeclarations.ContainingTypes(type, cancellationToken)),
            TypeDeclarations.Describe(type, cancellationToken),
            type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat),
            type.IsValueType,
            type.IsValueType && type.IsReadOnly,
            TypeDeclarations.NeedsNewModifier(type),
            !userWrite,
            !userRead,
            construction,
            EquatableArray<MemberModel>.From(members),
            EquatableArray<DiagnosticInfo>.Empty);
    }
}

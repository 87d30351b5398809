using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace FastSerialization.Generator;

/// <summary>
/// Turns a [BinarySerializable] type symbol into a <see cref="TypeModel"/> and its diagnostics, one concern
/// after the other: the declarations (<see cref="TypeDeclarations"/>), which members
/// (<see cref="MemberDiscovery"/>), their order (<see cref="MemberOrder"/>), how each is written
/// (<see cref="ShapeParser"/>), how an immutable type is built (<see cref="ConstructorMatcher"/>), and whether
/// the type can make its own instances (<see cref="Factories"/>).
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

        List<FoundMember> discovered = MemberDiscovery.Find(type, cancellationToken);
        MemberDiscovery.ReportHidden(type, discovered, parse);
        List<FoundMember> found = MemberOrder.Apply(discovered, parse);
        bool fixedLayout = FixedLayouts.AskedFor(type);
        List<MemberModel> members = ShapeParser.DescribeMembers(found, parse, compact: !fixedLayout);
        ConstructionModel? construction = userRead ? null : ConstructorMatcher.Match(found, parse);
        FixedLayoutModel? fixedModel = fixedLayout ? CheckFixedLayout(type, found, members, parse) : null;
        EvolvableStructs.Check(type, fixedLayout, found, members, parse);
        if (construction is null && !parse.HasErrors && type.TypeKind == TypeKind.Class && !type.IsAbstract
            && !System.Linq.Enumerable.Any(type.InstanceConstructors, c => c.Parameters.Length == 0)
            && !Factories.MakesItsOwnInstances(type))
        {
            parse.Report("FSG014", parse.TypeLocation, parse.TypeName); // an object read in place is made by GetUninitializedObject
        }

        bool asksForTracking = Symbols.AsksForTracking(type);
        if (asksForTracking && type.IsValueType)
        {
            parse.Report("FSG015", parse.TypeLocation, "struct '" + parse.TypeName + "'", "a struct is copied as a value and has no identity to keep; make it a class, or remove TrackReferences");
        }

        if (construction is not null && !parse.HasErrors && TrackedCycles.Find(type, found, cancellationToken) is { } cycle)
        {
            parse.Report("FSG016", parse.TypeLocation, parse.TypeName, cycle.Member, cycle.Declaring);
        }

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
            EquatableArray<DiagnosticInfo>.From(parse.Diagnostics),
            fixedModel,
            Factories.CanEmit(type),
            BoundedObjects.ForModel(type, !userWrite, fixedLayout, members),
            BoundedObjects.ReadsBounded(type, !userRead, construction, fixedLayout, members),
            EmitsTrackedAttribute: asksForTracking && !Symbols.HasAttribute(type, Symbols.TrackedAttribute));
    }

    /// <summary>
    /// A struct declared fixed-layout: a struct (FSG011) of fixed-width members only (FSG010); its size, and
    /// whether blocks of it copy as bytes (FSG012, for information, when they do not).
    /// </summary>
    private static FixedLayoutModel? CheckFixedLayout(INamedTypeSymbol type, List<FoundMember> found, List<MemberModel> members, ParseContext parse)
    {
        if (!type.IsValueType)
        {
            parse.Report("FSG011", parse.TypeLocation, parse.TypeName);
            return null;
        }

        if (parse.HasErrors || members.Count != found.Count)
        {
            return null; // a member was refused already
        }

        if (members.Count == 0)
        {
            parse.Report("FSG010", parse.TypeLocation, "(none)", parse.TypeName, "nothing");
            return null;
        }

        var measured = new List<(ISymbol Symbol, TypeShape Shape)>();
        for (int i = 0; i < members.Count; i++)
        {
            if (!members[i].Shape.Kind.InFixedLayouts(members[i].Shape))
            {
                parse.Report("FSG010", found[i].Location, found[i].Symbol.Name, parse.TypeName, Symbols.ShortName(found[i].Type));
                continue;
            }

            members[i] = members[i] with { Shape = FixedLayouts.Frozen(members[i].Shape) }; // held inline: frozen
            measured.Add((found[i].Symbol, members[i].Shape));
        }

        if (parse.HasErrors || FixedLayouts.ReportFieldWithReferences(type, parse))
        {
            return null;
        }

        FixedLayouts.Measure measure = FixedLayouts.MeasureMembers(type, measured);
        if (!measure.CopiesAsBlock)
        {
            parse.Report("FSG012", parse.TypeLocation, parse.TypeName, measure.WhyNotBlock!);
        }

        bool evolvable = FixedLayouts.AskedForEvolvable(type);
        return new FixedLayoutModel(measure.Size, measure.CopiesAsBlock, evolvable, evolvable ? measure.MemberEnds : default);
    }
}

using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// Describes how each member's value is written: asks every <see cref="MemberKind"/>, in the order of
/// <see cref="MemberKinds.All"/>, until one claims the type (FSG002 when none does or the one that does
/// refuses it; FSG008 for a by-reference member, a ref struct or a pointer).
/// </summary>
internal static class ShapeParser
{
    /// <summary>How deep collections may nest inside one member's type.</summary>
    private const int MaxShapeDepth = 16;

    /// <summary>The members with the shapes of their types, in wire order; a member whose type cannot be serialized is reported and left out.</summary>
    /// <param name="found">The members, in wire order.</param>
    /// <param name="parse">The type being parsed.</param>
    /// <param name="compact">True to write single integers and decimals compactly (every type but a fixed-layout struct).</param>
    public static List<MemberModel> DescribeMembers(List<FoundMember> found, ParseContext parse, bool compact = true)
    {
        var members = new List<MemberModel>();
        foreach (FoundMember m in found)
        {
            if (m.RefKind != RefKind.None || Symbols.IsRefLikeOrPointer(m.Type))
            {
                parse.Report("FSG008", m.Location, m.Symbol.Name, parse.TypeName, Symbols.ShortName(m.Type));
                continue;
            }

            TypeShape? shape = Parse(m.Type, 0, out string? reason);
            if (shape is null)
            {
                parse.Report("FSG002", m.Location, m.Symbol.Name, parse.TypeName, Symbols.ShortName(m.Type), reason ?? "unsupported type");
                continue;
            }

            if (compact && !m.FixedWidth)
            {
                shape = shape.Kind.Compact(shape); // docs/FORMAT.md section 3a: single integers (and decimals) compact
            }

            if (m.TrackReference)
            {
                bool any = false;
                shape = TrackedObjectKind.Track(shape, ref any);
                if (!any)
                {
                    parse.Report("FSG015", m.Location, "member '" + m.Symbol.Name + "' of '" + parse.TypeName + "'", "[BinaryMember(TrackReference = true)] needs a nested object of a class or interface type in the member's type ('" + Symbols.ShortName(m.Type) + "' has none)");
                    continue;
                }
            }

            if (!DeclaredComparers.TryApply(m, ref shape, out string? comparerProblem))
            {
                parse.Report("FSG002", m.Location, m.Symbol.Name, parse.TypeName, Symbols.ShortName(m.Type), comparerProblem!);
                continue;
            }

            members.Add(new MemberModel(Symbols.EscapeKeyword(m.Symbol.Name), m.Type.ToDisplayString(Symbols.TypeFormat), shape, m.IsSettable, StoresPlainly(m.Symbol)));
        }

        return members;
    }

    /// <summary>
    /// True for a field, and for a property whose setter the compiler writes: every declaration of its setter is an
    /// accessor without a body (<c>set;</c>, <c>init;</c>) or a record's positional parameter. A setter with a body (or
    /// one that uses the <c>field</c> keyword) may do more than store, and is not.
    /// </summary>
    private static bool StoresPlainly(ISymbol member) => member switch
    {
        IFieldSymbol => true,
        IPropertySymbol { SetMethod: { } set } => set.DeclaringSyntaxReferences.Length > 0 && set.DeclaringSyntaxReferences.All(r => r.GetSyntax() switch
        {
            Microsoft.CodeAnalysis.CSharp.Syntax.AccessorDeclarationSyntax accessor => accessor.Body is null && accessor.ExpressionBody is null,
            Microsoft.CodeAnalysis.CSharp.Syntax.ParameterSyntax => true,
            _ => false,
        }),
        _ => false,
    };

    /// <summary>Describes how a value of <paramref name="type"/> is written, or says why it cannot be.</summary>
    /// <param name="type">The type of a member, or of an element, key or value inside it.</param>
    /// <param name="depth">0 for a member's type, one more for each collection or nullable around it.</param>
    /// <param name="reason">Why the type cannot be serialized, when it cannot.</param>
    public static TypeShape? Parse(ITypeSymbol type, int depth, out string? reason)
    {
        reason = null;
        if (depth > MaxShapeDepth)
        {
            reason = "it nests collections too deeply";
            return null;
        }

        if (Symbols.IsRefLikeOrPointer(type))
        {
            reason = "ref structs and pointers cannot be stored";
            return null;
        }

        foreach (MemberKind kind in MemberKinds.All)
        {
            if (kind.TryParse(type, depth, out TypeShape? shape, out reason))
            {
                return shape;
            }
        }

        reason = MemberKinds.NoKindReason;
        return null;
    }
}

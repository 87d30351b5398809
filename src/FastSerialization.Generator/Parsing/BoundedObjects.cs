using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace FastSerialization.Generator;

/// <summary>
/// Bounded structs: a <c>[BinarySerializable]</c> struct of this compilation whose members all have a largest
/// encoded size, so that its payload never takes more than a known number of bytes (at most
/// <see cref="MaxPayload"/>). The struct gets a writer of its payload through a <c>BoundedRunWriter</c>
/// (<see cref="WriteMethod"/>), and a type holding it (as an element or a member) writes it with
/// <c>BeginBoundedObject</c> / <c>EndBoundedObject</c> instead of <c>WriteObject</c>: one reservation for the
/// whole element instead of a capacity check and a position update per member. The bytes are the same. Members
/// may be fixed-width primitives, compact integers, enums (fixed or compact) and nullables of those: the kinds
/// whose code calls only writer methods <c>BoundedRunWriter</c> has too, so the struct's bounded writer is each
/// member's own code with the run named <c>writer</c>. Reading mirrors it: a bounded struct whose reader is generated
/// member by member (not through a constructor) gets a reader of its payload through a <c>BoundedRunReader</c>
/// (<see cref="ReadMethod"/>), and a type holding it reads it with <c>BeginBoundedObject</c> / <c>EndBoundedObject</c>
/// instead of <c>ReadObject</c>: the members' position and end in registers instead of the reader's, in memory. A struct
/// with a member that is not fixed-width reads every member at once first, with one version check for the element
/// (<see cref="BoundedReads"/>).
/// </summary>
internal static class BoundedObjects
{
    /// <summary>The largest bound: <c>FastBinaryWriter.MaxBoundedObjectPayload</c> (a one-byte object length).</summary>
    public const int MaxPayload = 126;

    /// <summary>The generated method that writes a bounded struct's payload (internal: for the types of its assembly).</summary>
    public const string WriteMethod = "__FastSerializationWriteBounded";

    /// <summary>The generated method that reads a bounded struct's payload (internal: for the types of its assembly).</summary>
    public const string ReadMethod = "__FastSerializationReadBounded";

    /// <summary>The generated static method that reads the next element of a sequence that reads plain (<see cref="BoundedReads.EmitPlainElement"/>).</summary>
    public const string PlainElementMethod = "__FastSerializationReadPlainElement";

    /// <summary>Types whose bound is being measured on this thread: a struct may hold a list of itself.</summary>
    [ThreadStatic]
    private static HashSet<ITypeSymbol>? s_measuring;

    /// <summary>The bound of a payload of <paramref name="members"/>, or 0 when one of them has none or the sum passes <see cref="MaxPayload"/>.</summary>
    public static int Payload(IEnumerable<TypeShape> members)
    {
        int total = 0;
        int count = 0;
        foreach (TypeShape member in members)
        {
            int size = member.Kind.BoundedSize(member);
            if (size == 0)
            {
                return 0;
            }

            total += size;
            count++;
        }

        return count > 0 && total <= MaxPayload ? total : 0;
    }

    /// <summary>The bound of a type the generator writes (its own model), or 0 when it is not a bounded struct.</summary>
    public static int ForModel(INamedTypeSymbol type, bool generateWrite, bool fixedLayout, List<MemberModel> members) =>
        IsCandidate(type) && generateWrite && !fixedLayout
            ? Payload(members.Select(m => m.Shape))
            : 0;

    /// <summary>True when a type the generator reads (its own model) is a bounded struct read member by member: it gets <see cref="ReadMethod"/>.</summary>
    public static bool ReadsBounded(INamedTypeSymbol type, bool generateRead, ConstructionModel? construction, bool fixedLayout, List<MemberModel> members) =>
        IsCandidate(type) && generateRead && construction is null && !fixedLayout && Payload(members.Select(m => m.Shape)) > 0;

    /// <summary>
    /// How a struct held by another type is written and read, measured as the struct's own model will be
    /// (<see cref="ForModel"/>, <see cref="ReadsBounded"/>): the bound of its generated bounded writer (0 when there is
    /// none), and whether it has a generated bounded reader. Neither when the struct is not one of this compilation marked
    /// <c>[BinarySerializable]</c>, is generic, fixed-layout (written as a block instead), not partial, or not bounded; no
    /// writer when it writes itself by hand, no reader when it reads itself by hand or through a constructor.
    /// </summary>
    public static (int WritePayload, bool Read) ForHeldType(ITypeSymbol type)
    {
        if (type is not INamedTypeSymbol named
            || !IsCandidate(named)
            || !Symbols.HasAttribute(named, Symbols.SerializableAttribute)
            || FixedLayouts.AskedFor(named))
        {
            return (0, false);
        }

        bool userWrite = Symbols.HasUserMethod(named, "WriteDataTo", "FastBinaryWriter");
        bool userRead = Symbols.HasUserMethod(named, "SetDataFrom", "FastBinaryReader");
        if (userWrite && userRead)
        {
            return (0, false);
        }

        TypeDeclarationSyntax? syntax = named.DeclaringSyntaxReferences.Select(r => r.GetSyntax()).OfType<TypeDeclarationSyntax>().FirstOrDefault();
        if (syntax is null)
        {
            return (0, false); // from a reference: its bounded methods are internal to its own assembly
        }

        s_measuring ??= new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        if (!s_measuring.Add(named))
        {
            return (0, false);
        }

        try
        {
            var parse = new ParseContext(named, syntax, CancellationToken.None);
            if (!TypeDeclarations.CheckPartial(parse))
            {
                return (0, false);
            }

            List<FoundMember> found = MemberOrder.Apply(MemberDiscovery.Find(named, CancellationToken.None), parse);
            List<MemberModel> members = ShapeParser.DescribeMembers(found, parse, compact: true);
            ConstructionModel? construction = userRead ? null : ConstructorMatcher.Match(found, parse);
            int payload = parse.HasErrors || members.Count != found.Count ? 0 : Payload(members.Select(m => m.Shape));
            return (userWrite ? 0 : payload, !userRead && construction is null && payload > 0);
        }
        finally
        {
            s_measuring.Remove(named);
        }
    }

    /// <summary>A struct that can be bounded: not generic (its members' sizes would depend on its arguments), not a ref struct.</summary>
    private static bool IsCandidate(INamedTypeSymbol type) =>
        type is { TypeKind: TypeKind.Struct, IsGenericType: false, IsRefLikeType: false };
}

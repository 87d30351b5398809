using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// Fixed-layout structs (docs/FORMAT.md section 3b): which types are declared so, which members they may hold,
/// their size on the wire, and whether their memory layout equals their wire layout (no padding, every member a
/// type whose memory form is its wire form, fields in wire order), so that blocks of them copy as bytes.
/// </summary>
internal static class FixedLayouts
{
    private const string FixedLayoutAttribute = "FastSerialization.BinaryFixedLayoutAttribute";
    private const string LayoutAttribute = "FastSerialization.BinaryLayoutAttribute";
    private const string StructLayoutAttribute = "System.Runtime.InteropServices.StructLayoutAttribute";

    /// <summary>The measure of a fixed-layout struct.</summary>
    internal sealed record Measure(int Size, int Alignment, bool CopiesAsBlock, string? WhyNotBlock, string MemberLayouts, EquatableArray<int> MemberEnds = default);

    /// <summary>True for a struct declared <c>[BinarySerializable(FixedLayout = true)]</c> (in source) or carrying the generator's <c>[BinaryFixedLayout]</c> (from a reference).</summary>
    public static bool IsDeclaredFixed(ITypeSymbol type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Struct } named
        && (Symbols.HasAttribute(named, FixedLayoutAttribute) || AskedFor(named));

    /// <summary>True when the type's <c>[BinarySerializable]</c> sets <c>FixedLayout = true</c>.</summary>
    public static bool AskedFor(INamedTypeSymbol type) =>
        type.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == Symbols.SerializableAttribute
            && a.NamedArguments.Any(n => n.Key == "FixedLayout" && n.Value.Value is true));

    /// <summary>True when the type's <c>[BinarySerializable]</c> sets <c>Evolvable = true</c> (docs/FORMAT.md section 3c).</summary>
    public static bool AskedForEvolvable(INamedTypeSymbol type) =>
        type.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == Symbols.SerializableAttribute
            && a.NamedArguments.Any(n => n.Key == "Evolvable" && n.Value.Value is true));

    /// <summary>True for a fixed-layout struct declared evolvable, in source or (through its <c>[BinaryFixedLayout]</c>) in a reference.</summary>
    public static bool IsDeclaredEvolvable(ITypeSymbol type) =>
        type is INamedTypeSymbol { TypeKind: TypeKind.Struct } named
        && ((AskedFor(named) && AskedForEvolvable(named))
            || named.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == FixedLayoutAttribute
                && a.NamedArguments.Any(n => n.Key == "Evolvable" && n.Value.Value is true)));

    /// <summary>Measures a fixed-layout struct whose members (in wire order) are all fixed-width.</summary>
    public static Measure MeasureMembers(INamedTypeSymbol type, IReadOnlyList<(ISymbol Symbol, TypeShape Shape)> members)
    {
        int size = 0;
        int offset = 0;
        int alignment = 1;
        string? why = null;
        var ends = new List<int>();
        (int Pack, int Size, bool Sequential) layout = StructLayoutOf(type);
        foreach ((ISymbol symbol, TypeShape shape) in members)
        {
            // The runtime aligns a member to its natural alignment, capped by Pack where one is declared.
            int memberAlign = layout.Pack > 0 ? System.Math.Min(shape.Kind.Alignment(shape), layout.Pack) : shape.Kind.Alignment(shape);
            alignment = System.Math.Max(alignment, memberAlign);
            int aligned = (offset + memberAlign - 1) / memberAlign * memberAlign;
            if (aligned != offset)
            {
                why ??= $"the runtime puts {aligned - offset} byte(s) of padding before member '{symbol.Name}'; order the members from the largest to the smallest, or declare [StructLayout(LayoutKind.Sequential, Pack = {PackThatFits(members)})]";
            }

            offset = aligned + shape.MinSize;
            size += shape.MinSize;
            ends.Add(size);
            if (!shape.Kind.MemoryIsWire(shape))
            {
                why ??= $"member '{symbol.Name}' is a {shape.Kind.Layout(shape)}, whose memory form differs from its wire form (or must be checked when read)";
            }
        }

        int end = (offset + alignment - 1) / alignment * alignment;
        if (end != offset)
        {
            why ??= $"the runtime pads the struct with {end - offset} byte(s) at its end; order the members from the largest to the smallest, or declare [StructLayout(LayoutKind.Sequential, Pack = {PackThatFits(members)})]";
        }

        if (layout.Size > offset)
        {
            why ??= $"its [StructLayout] Size = {layout.Size} makes it larger in memory than its {offset} bytes on the wire";
        }

        if (!layout.Sequential)
        {
            why ??= "its [StructLayout] is not sequential";
        }

        if (why is null && !FieldsAreMembersInOrder(type, members.Select(m => m.Symbol).ToList()))
        {
            why = "its fields in memory are not exactly its serialized members in wire order (a field that is not serialized, or an explicit order that differs from the declaration)";
        }

        string layouts = string.Join(",", members.Select(m => m.Shape.Kind.Layout(m.Shape)));
        return new Measure(size, alignment, why is null, why, layouts, EquatableArray<int>.From(ends));
    }

    /// <summary>
    /// The first instance field of <paramref name="type"/> whose type holds references (a <c>[BinaryIgnore]</c> string, a
    /// struct with an object in it), or null. A fixed-layout struct is copied as memory and handed to the runtime's
    /// fixed-layout methods, which take unmanaged types only: every field counts, serialized or not (FSG018).
    /// </summary>
    public static IFieldSymbol? FieldWithReferences(INamedTypeSymbol type) =>
        type.GetMembers().OfType<IFieldSymbol>().FirstOrDefault(f => !f.IsStatic && !f.IsConst && !f.Type.IsUnmanagedType);

    /// <summary>FSG018 for a fixed-layout struct with a field that holds references, located at the field (or its property); true when reported.</summary>
    public static bool ReportFieldWithReferences(INamedTypeSymbol type, ParseContext parse)
    {
        if (FieldWithReferences(type) is not { } field)
        {
            return false;
        }

        ISymbol declared = field.AssociatedSymbol ?? field;
        parse.Report("FSG018", LocationInfo.From(declared.Locations.FirstOrDefault()) ?? parse.TypeLocation, declared.Name, parse.TypeName, Symbols.ShortName(field.Type));
        return true;
    }

    /// <summary>Describes a fixed-layout struct used as a member or element, or null with the reason.</summary>
    public static Measure? Describe(INamedTypeSymbol type, int depth, out string? reason)
    {
        reason = null;
        AttributeData? declared = type.GetAttributes().FirstOrDefault(a => a.AttributeClass?.ToDisplayString() == FixedLayoutAttribute);
        if (declared is not null && declared.ConstructorArguments.Length == 2
            && declared.ConstructorArguments[0].Value is int size && declared.ConstructorArguments[1].Value is bool copies)
        {
            // From a reference: what its generator recorded.
            string layout = type.GetAttributes().FirstOrDefault(a => a.AttributeClass?.ToDisplayString() == LayoutAttribute)?.ConstructorArguments.FirstOrDefault().Value as string ?? string.Empty;
            string members = string.Join(",", layout.Split(';').Skip(1));
            return new Measure(size, System.Math.Min(size, 8), copies, copies ? null : "its generator said so", members);
        }

        if (FieldWithReferences(type) is { } managed)
        {
            reason = $"its field '{(managed.AssociatedSymbol ?? managed).Name}' holds references (FSG018)";
            return null;
        }

        var found = MemberDiscovery.Find(type, CancellationToken.None);
        if (found.Any(m => m.Order is not null))
        {
            found = found.OrderBy(m => m.Order ?? int.MaxValue).ToList();
        }

        var shapes = new List<(ISymbol, TypeShape)>();
        foreach (FoundMember m in found)
        {
            TypeShape? shape = ShapeParser.Parse(m.Type, depth + 1, out string? why);
            if (shape is null || !shape.Kind.InFixedLayouts(shape))
            {
                reason = $"its member '{m.Symbol.Name}' is not fixed-width";
                return null;
            }

            shapes.Add((m.Symbol, Frozen(shape)));
        }

        return shapes.Count == 0 ? Fail("it has no members", out reason) : MeasureMembers(type, shapes);
    }

    /// <summary>
    /// A member of a fixed-layout struct as it is held there: an evolvable struct inside another fixed-layout struct is
    /// written inline at its size, with no size before it, and named <c>Fixed&lt;...&gt;</c> (it cannot evolve there).
    /// Its bytes there are all present or the data is malformed (docs/FORMAT.md section 3c: only a size written before
    /// it, or a record's length, says an older writer wrote fewer), which <see cref="TypeShape.Frozen"/> tells its reader.
    /// </summary>
    public static TypeShape Frozen(TypeShape shape) => shape.Evolvable ? shape with { Evolvable = false, Frozen = true } : shape;

    private static Measure? Fail(string why, out string? reason)
    {
        reason = why;
        return null;
    }

    /// <summary>
    /// The struct's declared <c>Pack</c> (0: the default, natural alignment) and <c>Size</c> (0: none), and whether its
    /// layout is sequential (the default for structs).
    /// </summary>
    private static (int Pack, int Size, bool Sequential) StructLayoutOf(INamedTypeSymbol type)
    {
        AttributeData? layout = type.GetAttributes().FirstOrDefault(a => a.AttributeClass?.ToDisplayString() == StructLayoutAttribute);
        if (layout is null)
        {
            return (0, 0, true);
        }

        bool sequential = layout.ConstructorArguments.Length == 1 && layout.ConstructorArguments[0].Value is 0;
        int pack = layout.NamedArguments.FirstOrDefault(n => n.Key == "Pack").Value.Value is int p ? p : 0;
        int size = layout.NamedArguments.FirstOrDefault(n => n.Key == "Size").Value.Value is int z ? z : 0;
        return (pack, size, sequential);
    }

    /// <summary>The largest Pack (8, 4, 2 or 1) with which the members, in order, leave no padding: the diagnostic's suggestion.</summary>
    private static int PackThatFits(IReadOnlyList<(ISymbol Symbol, TypeShape Shape)> members)
    {
        foreach (int pack in new[] { 8, 4, 2 })
        {
            int offset = 0;
            int alignment = 1;
            bool gap = false;
            foreach ((ISymbol _, TypeShape shape) in members)
            {
                int memberAlign = System.Math.Min(shape.Kind.Alignment(shape), pack);
                alignment = System.Math.Max(alignment, memberAlign);
                gap |= offset % memberAlign != 0;
                offset += shape.MinSize;
            }

            if (!gap && offset % alignment == 0)
            {
                return pack;
            }
        }

        return 1;
    }

    private static bool FieldsAreMembersInOrder(INamedTypeSymbol type, List<ISymbol> members)
    {
        List<ISymbol> fields = type.GetMembers().OfType<IFieldSymbol>()
            .Where(f => !f.IsStatic && !f.IsConst)
            .Select(f => f.AssociatedSymbol ?? f)
            .ToList();
        return fields.Count == members.Count && fields.Zip(members, (f, m) => SymbolEqualityComparer.Default.Equals(f, m)).All(same => same);
    }
}

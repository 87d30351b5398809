using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// An array, a <c>List&lt;T&gt;</c>, a <c>ReadOnlyMemory&lt;T&gt;</c> or a <c>Memory&lt;T&gt;</c> of a fixed-layout
/// struct: one header, then the elements as one block (docs/FORMAT.md section 3b), through
/// <c>WriteFixedArray</c> / <c>ReadFixedArray</c> (copied at once where the layouts allow). The same bytes as
/// a sequence of that struct written element by element. <see cref="TypeShape.Element"/> is the struct's
/// shape; <see cref="TypeShape.ReadMethod"/> says which container (<c>Array</c>, <c>List</c>, <c>Memory</c>). For an
/// evolvable struct (section 3c) the same calls write and read the element size after the count.
/// </summary>
internal sealed class FixedSequenceKind : MemberKind
{
    public static readonly FixedSequenceKind Instance = new();

    private FixedSequenceKind()
    {
    }

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        ITypeSymbol? element = null;
        string? container = null;
        if (type is IArrayTypeSymbol { Rank: 1 } array)
        {
            element = array.ElementType;
            container = "Array";
        }
        else if (type is INamedTypeSymbol { IsGenericType: true } named)
        {
            string definition = named.OriginalDefinition.ToDisplayString();
            container = definition switch
            {
                "System.Collections.Generic.List<T>" => "List",
                "System.ReadOnlyMemory<T>" => "Memory",
                "System.Memory<T>" => "Memory",
                _ => null,
            };
            element = container is null ? null : named.TypeArguments[0];
        }

        if (element is null || !FixedLayouts.IsDeclaredFixed(element))
        {
            return NotThisKind(out shape, out reason);
        }

        TypeShape? inner = ParseInner(element, depth, out string? why);
        return inner is null
            ? Refused(why, out shape, out reason)
            : Found(new TypeShape(this, Display(type), container, 1, container != "Memory", inner, null, null, null), out shape, out reason);
    }

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth)
    {
        string element = shape.Element!.TypeDisplay;
        switch (shape.ReadMethod)
        {
            case "List":
                w.Line("writer.WriteFixedList<{0}>({1});", element, expression);
                break;
            case "Memory":
                w.Line("writer.WriteFixedArray<{0}>({1}.Span);", element, expression);
                break;
            default:
                w.Line("writer.WriteFixedArray<{0}>({1});", element, expression);
                break;
        }
    }

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        string element = shape.Element!.TypeDisplay;
        switch (shape.ReadMethod)
        {
            case "List":
                w.Line("{0} = reader.ReadFixedList<{1}>()!;", target, element);
                break;
            case "Memory":
                w.Line("{0} = reader.ReadFixedArray<{1}>();", target, element); // null reads back as an empty memory
                break;
            default:
                w.Line("{0} = reader.ReadFixedArray<{1}>()!;", target, element);
                break;
        }
    }

    public override string Layout(TypeShape shape) => "Sequence<" + shape.Element!.Kind.Layout(shape.Element) + ">";

    public override bool CanCopy(TypeShape shape) => shape.Element!.Kind.CanCopy(shape.Element);

    /// <summary>Emits the copy: a new container of the same values (the structs are their own copies), as the reader makes one.</summary>
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth)
    {
        string element = shape.Element!.TypeDisplay;
        string s = Local("__s", depth);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        switch (shape.ReadMethod)
        {
            case "List":
                w.Line("{0} = {1} is null ? null! : new global::System.Collections.Generic.List<{2}>({1});", target, s, element);
                break;
            case "Memory":
                w.Line("{0} = {1}.ToArray();", target, s);
                break;
            default:
                w.Line("{0} = {1} is null ? null! : ({2}[]){1}.Clone();", target, s, element);
                break;
        }

        w.Close();
    }
}

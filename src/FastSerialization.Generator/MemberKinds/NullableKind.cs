using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>A <c>Nullable&lt;T&gt;</c>: a bool, then the value when there is one. <see cref="TypeShape.Element"/> is the value's shape.</summary>
internal sealed class NullableKind : MemberKind
{
    public static readonly NullableKind Instance = new();

    private NullableKind()
    {
    }

    public override string? Accepts => "Nullable<T>";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not INamedTypeSymbol named || named.OriginalDefinition.SpecialType != SpecialType.System_Nullable_T)
        {
            return NotThisKind(out shape, out reason);
        }

        TypeShape? inner = ParseInner(named.TypeArguments[0], depth, out string? why);
        return inner is null
            ? Refused(why, out shape, out reason)
            : Found(new TypeShape(this, Display(type), null, 1, false, inner, null, null, null), out shape, out reason);
    }

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth)
    {
        string n = Local("__n", depth);
        w.Open();
        w.Line("var {0} = {1};", n, expression);
        w.Line("writer.Write({0}.HasValue);", n);
        w.Open("if (" + n + ".HasValue)");
        EmitWriteOf(w, shape.Element!, n + ".GetValueOrDefault()", depth + 1);
        w.Close();
        w.Close();
    }

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        string v = Local("__v", depth);
        w.Open("if (reader.ReadBoolean())");
        w.Line("{0} {1};", shape.Element!.TypeDisplay, v);
        EmitReadOf(w, shape.Element!, v, depth + 1);
        w.Line("{0} = {1};", target, v);
        w.Close();
        w.Open("else");
        w.Line("{0} = null;", target);
        w.Close();
    }

    public override string Layout(TypeShape shape) => "Nullable<" + shape.Element!.Kind.Layout(shape.Element) + ">";

    public override int BoundedSize(TypeShape shape) =>
        shape.Element!.Kind.BoundedSize(shape.Element) is int value and > 0 ? 1 + value : 0; // the presence byte, then the value

    public override int LargestSize(TypeShape shape) =>
        shape.Element!.Kind.LargestSize(shape.Element) is int value and > 0 ? 1 + value : 0;

    public override TypeShape Compact(TypeShape shape) => shape with { Element = shape.Element!.Kind.Compact(shape.Element) };

    public override bool CanCopy(TypeShape shape) => shape.Element!.Kind.CanCopy(shape.Element);

    public override bool IsImmutable(TypeShape shape) => shape.Element!.Kind.IsImmutable(shape.Element);

    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth)
    {
        if (IsImmutable(shape))
        {
            EmitCopyAsIs(w, expression, target);
            return;
        }

        string n = Local("__n", depth);
        string v = Local("__v", depth);
        w.Open();
        w.Line("var {0} = {1};", n, expression);
        w.Open("if (" + n + ".HasValue)");
        w.Line("{0} {1};", shape.Element!.TypeDisplay, v);
        EmitCopyOf(w, shape.Element!, n + ".GetValueOrDefault()", v, depth + 1);
        w.Line("{0} = {1};", target, v);
        w.Close();
        w.Open("else");
        w.Line("{0} = null;", target);
        w.Close();
        w.Close();
    }
}

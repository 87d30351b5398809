using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A fixed-layout struct (docs/FORMAT.md section 3b) as a member or element: written inline, with no length
/// frame, through its own <c>WriteDataTo</c> and <c>SetDataFrom</c>. <see cref="TypeShape.MinSize"/> is its size
/// on the wire, <see cref="TypeShape.ReadMethod"/> its layout name (<c>Ns.Tick(Int64,Double)</c>). An evolvable one
/// (<see cref="TypeShape.Evolvable"/>, docs/FORMAT.md section 3c) standing alone (a member, a nullable's value, a
/// dictionary's key or value) is written with its size first, through <c>WriteFixedValue</c> / <c>ReadFixedValue</c>,
/// and named <c>EvolvableFixed&lt;...&gt;</c>; inside another fixed-layout struct it is frozen (<see cref="FixedLayouts.Frozen"/>).
/// </summary>
internal sealed class FixedStructKind : MemberKind
{
    public static readonly FixedStructKind Instance = new();

    private FixedStructKind()
    {
    }

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (!FixedLayouts.IsDeclaredFixed(type))
        {
            return NotThisKind(out shape, out reason);
        }

        var named = (INamedTypeSymbol)type;
        FixedLayouts.Measure? measure = FixedLayouts.Describe(named, depth, out string? why);
        if (measure is null)
        {
            return Refused("it is declared fixed-layout, but " + why, out shape, out reason);
        }

        string name = named.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat).Replace("global::", string.Empty);
        return Found(
            new TypeShape(this, Display(type), name + "(" + measure.MemberLayouts + ")", measure.Size, false, null, null, null, null, measure.Alignment, measure.CopiesAsBlock, Evolvable: FixedLayouts.IsDeclaredEvolvable(named)),
            out shape,
            out reason);
    }

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth)
    {
        if (shape.Evolvable)
        {
            w.Line("writer.WriteFixedValue<{0}>({1});", shape.TypeDisplay, expression);
            return;
        }

        string f = Local("__f", depth);
        w.Open();
        w.Line("var {0} = {1};", f, expression);
        w.Line("{0}.WriteDataTo(ref writer);", f);
        w.Close();
    }

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        if (shape.Evolvable)
        {
            w.Line("{0} = reader.ReadFixedValue<{1}>();", target, shape.TypeDisplay);
            return;
        }

        string f = Local("__f", depth);
        w.Open();
        if (shape.Frozen)
        {
            // Frozen: its reader would stop at the frame's end, as for an older writer's element, and read a record cut
            // short inside it as defaults; held inline it has no size of its own, so all of its bytes must be there.
            string size = shape.MinSize.ToString(System.Globalization.CultureInfo.InvariantCulture);
            w.Open("if (reader.Remaining < " + size + ")");
            w.Line("throw reader.CreateMalformedException(\"the {0} bytes of evolvable fixed-layout struct {1}, held inline in a fixed-layout struct (with no size of its own), run past the end of the frame\");",
                size, shape.TypeDisplay.Replace("global::", string.Empty));
            w.Close();
        }

        w.Line("{0} {1} = default;", shape.TypeDisplay, f);
        w.Line("{0}.SetDataFrom(ref reader);", f);
        w.Line("{0} = {1};", target, f);
        w.Close();
    }

    public override string Layout(TypeShape shape) => (shape.Evolvable ? "EvolvableFixed<" : "Fixed<") + shape.ReadMethod! + ">";

    public override bool InFixedLayouts(TypeShape shape) => true;

    public override bool MemoryIsWire(TypeShape shape) => shape.CopiesAsBlock;

    public override int Alignment(TypeShape shape) => shape.Alignment;

    // Where its memory form is its wire form (no field left out, nothing a read checks), a round trip gives back the
    // same value: the value is its copy. Otherwise the type gets no copier, and a write and a read copy it.
    public override bool CanCopy(TypeShape shape) => shape.CopiesAsBlock;

    public override bool IsImmutable(TypeShape shape) => shape.CopiesAsBlock;

    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        EmitCopyAsIs(w, expression, target);
}

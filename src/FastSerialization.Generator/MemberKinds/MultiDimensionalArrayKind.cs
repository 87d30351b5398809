using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A multi-dimensional array (<c>T[,]</c>, <c>T[,,]</c>, ...): varuint32 <c>N</c> (0 for null, otherwise the rank + 1), each
/// length as varuint32, then the elements in row-major order (docs/FORMAT.md section 2b), through <c>WriteArrayShape</c> and
/// <c>ReadArrayShape</c>; the elements of a primitive whose memory is its wire form copy in one block
/// (<c>WriteArrayElements</c> / <c>ReadArrayElements</c>). <see cref="TypeShape.ReadMethod"/> is the rank;
/// <see cref="TypeShape.NewArrayPrefix"/> and <see cref="TypeShape.NewArraySuffix"/> the text around the lengths in
/// <c>new X[a, b][]</c>.
/// </summary>
internal sealed class MultiDimensionalArrayKind : MemberKind
{
    public static readonly MultiDimensionalArrayKind Instance = new();

    private MultiDimensionalArrayKind()
    {
    }

    public override string? Accepts => "multi-dimensional array";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not IArrayTypeSymbol { Rank: > 1 } array)
        {
            return NotThisKind(out shape, out reason);
        }

        TypeShape? element = ParseInner(array.ElementType, depth, out string? why);
        if (element is null)
        {
            return Refused(why, out shape, out reason);
        }

        ITypeSymbol innermost = array.ElementType;
        string suffix = string.Empty;
        while (innermost is IArrayTypeSymbol inner)
        {
            suffix += "[" + new string(',', inner.Rank - 1) + "]";
            innermost = inner.ElementType;
        }

        return Found(
            new TypeShape(this, Display(type), array.Rank.ToString(CultureInfo.InvariantCulture), 1, true, element, null, Display(innermost), suffix),
            out shape,
            out reason);
    }

    public override string Layout(TypeShape shape) => "Array" + shape.ReadMethod + "<" + shape.Element!.Kind.Layout(shape.Element) + ">";

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth)
    {
        string s = Local("__s", depth);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Line("writer.WriteArrayShape({0});", s);
        w.Open("if (!(" + s + " is null))");
        if (IsBlock(shape))
        {
            w.Line("writer.WriteArrayElements<{0}>({1});", shape.Element!.Primitive!.Keyword, s);
        }
        else
        {
            string[] indexes = Indexes(shape, depth);
            for (int d = 0; d < indexes.Length; d++)
            {
                w.Open("for (int " + indexes[d] + " = 0; " + indexes[d] + " < " + s + ".GetLength(" + d.ToString(CultureInfo.InvariantCulture) + "); " + indexes[d] + "++)");
            }

            EmitWriteOf(w, shape.Element!, s + "[" + string.Join(", ", indexes) + "]", depth + 1);
            foreach (string _ in indexes)
            {
                w.Close();
            }
        }

        w.Close();
        w.Close();
    }

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        string lengths = Local("__d", depth);
        string made = Local("__r", depth);
        int rank = Rank(shape);
        w.Open();
        w.Line("var {0} = new int[{1}];", lengths, rank.ToString(CultureInfo.InvariantCulture));
        w.Open("if (!reader.ReadArrayShape<" + shape.Element!.TypeDisplay + ">(" + lengths + ", " + shape.Element.MinSize.ToString(CultureInfo.InvariantCulture) + "))");
        w.Line("{0} = null!;", target);
        w.Close();
        w.Open("else");
        IEnumerable<string> dimensions = Enumerable.Range(0, rank).Select(d => lengths + "[" + d.ToString(CultureInfo.InvariantCulture) + "]");
        w.Line("var {0} = new {1}[{2}]{3};", made, shape.NewArrayPrefix!, string.Join(", ", dimensions), shape.NewArraySuffix!);
        if (IsBlock(shape))
        {
            w.Line("reader.ReadArrayElements<{0}>({1});", shape.Element.Primitive!.Keyword, made);
        }
        else
        {
            string[] indexes = Indexes(shape, depth);
            for (int d = 0; d < indexes.Length; d++)
            {
                w.Open("for (int " + indexes[d] + " = 0; " + indexes[d] + " < " + lengths + "[" + d.ToString(CultureInfo.InvariantCulture) + "]; " + indexes[d] + "++)");
            }

            EmitReadOf(w, shape.Element, made + "[" + string.Join(", ", indexes) + "]", depth + 1);
            foreach (string _ in indexes)
            {
                w.Close();
            }
        }

        w.Line("{0} = {1};", target, made);
        w.Close();
        w.Close();
    }

    public override bool CanCopy(TypeShape shape) => shape.Element!.Kind.CanCopy(shape.Element);

    /// <summary>
    /// Emits the copy of a multi-dimensional array: a new zero-based array of the same lengths, as the reader makes; its
    /// elements copied in one <c>Array.Copy</c> when they are immutable, otherwise each copied in row-major order, indexed
    /// as the writer indexes them.
    /// </summary>
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth)
    {
        string s = Local("__s", depth);
        string made = Local("__r", depth);
        int rank = Rank(shape);
        w.Open();
        w.Line("var {0} = {1};", s, expression);
        w.Open("if (" + s + " is null)");
        w.Line("{0} = null!;", target);
        w.Close();
        w.Open("else");
        IEnumerable<string> dimensions = Enumerable.Range(0, rank).Select(d => s + ".GetLength(" + d.ToString(CultureInfo.InvariantCulture) + ")");
        w.Line("var {0} = new {1}[{2}]{3};", made, shape.NewArrayPrefix!, string.Join(", ", dimensions), shape.NewArraySuffix!);
        if (shape.Element!.Kind.IsImmutable(shape.Element))
        {
            w.Line("global::System.Array.Copy({0}, {1}, {0}.Length);", s, made);
        }
        else
        {
            string[] indexes = Indexes(shape, depth);
            for (int d = 0; d < indexes.Length; d++)
            {
                w.Open("for (int " + indexes[d] + " = 0; " + indexes[d] + " < " + made + ".GetLength(" + d.ToString(CultureInfo.InvariantCulture) + "); " + indexes[d] + "++)");
            }

            string at = "[" + string.Join(", ", indexes) + "]";
            EmitCopyOf(w, shape.Element, s + at, made + at, depth + 1);
            foreach (string _ in indexes)
            {
                w.Close();
            }
        }

        w.Line("{0} = {1};", target, made);
        w.Close();
        w.Close();
    }

    private static int Rank(TypeShape shape) => int.Parse(shape.ReadMethod!, CultureInfo.InvariantCulture);

    private static string[] Indexes(TypeShape shape, int depth) =>
        Enumerable.Range(0, Rank(shape)).Select(d => Local("__i", depth) + "_" + d.ToString(CultureInfo.InvariantCulture)).ToArray();

    private static bool IsBlock(TypeShape shape) =>
        shape.Element!.Kind is PrimitiveKind && shape.Element.Primitive is { InRuns: true, MemoryIsWire: true };
}

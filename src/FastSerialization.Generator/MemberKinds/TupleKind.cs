using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A <c>KeyValuePair&lt;TKey, TValue&gt;</c>, a <c>ValueTuple</c> or a <c>Tuple</c> of any arity: its elements in order,
/// with no frame (docs/FORMAT.md section 2b); a <c>Tuple</c>, a class, first has a byte 0 (null) or 1. The <c>Rest</c>
/// of a tuple of more than seven elements is flattened: its elements follow the seventh, with no byte of its own.
/// <see cref="TypeShape.Items"/> holds the elements' shapes. As a single value (a member, a dictionary's key or value)
/// its integers are compact, as the value of a nullable is (section 3a); as the element of a sequence they keep their
/// fixed widths.
/// </summary>
internal sealed class TupleKind : MemberKind
{
    public static readonly TupleKind KeyValuePair = new("KeyValuePair");
    public static readonly TupleKind ValueTuple = new("ValueTuple");
    public static readonly TupleKind Tuple = new("Tuple");

    /// <summary>The most elements a tuple type names before its <c>Rest</c>.</summary>
    private const int ChunkSize = 7;

    private readonly string _family;

    private TupleKind(string family)
    {
        _family = family;
    }

    /// <summary>Tries the three families in turn: the one kind <see cref="MemberKinds.All"/> lists for them.</summary>
    public static MemberKind Any { get; } = new AnyTuple();

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is not INamedTypeSymbol { IsGenericType: true } named || FamilyOf(named) != _family)
        {
            return NotThisKind(out shape, out reason);
        }

        var items = new List<TypeShape>();
        INamedTypeSymbol? chunk = named;
        while (chunk is not null)
        {
            var arguments = chunk.TypeArguments;
            int direct = _family == "KeyValuePair" ? 2 : System.Math.Min(arguments.Length, ChunkSize);
            for (int i = 0; i < direct; i++)
            {
                TypeShape? item = ParseInner(arguments[i], depth, out string? why);
                if (item is null)
                {
                    return Refused(why, out shape, out reason);
                }

                items.Add(item);
            }

            if (arguments.Length <= ChunkSize || _family == "KeyValuePair")
            {
                break;
            }

            chunk = arguments[ChunkSize] as INamedTypeSymbol;
            if (chunk is null || FamilyOf(chunk) != _family)
            {
                return Refused("the Rest of a tuple of more than seven elements must be a tuple of the same kind", out shape, out reason);
            }
        }

        bool reference = _family == "Tuple";
        int minSize = reference ? 1 : items.Sum(i => i.MinSize);
        return Found(new TypeShape(this, Display(type), null, minSize, reference, null, null, null, null, Items: EquatableArray<TypeShape>.From(items)), out shape, out reason);
    }

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth)
    {
        string t = Local("__t", depth);
        w.Open();
        w.Line("var {0} = {1};", t, expression);
        if (_family == "Tuple")
        {
            w.Open("if (" + t + " is null)");
            w.Line("writer.Write((byte)0);");
            w.Close();
            w.Open("else");
            w.Line("writer.Write((byte)1);");
        }

        for (int i = 0; i < shape.Items.Count; i++)
        {
            EmitWriteOf(w, shape.Items[i], t + Access(i), depth + 1);
        }

        if (_family == "Tuple")
        {
            w.Close();
        }

        w.Close();
    }

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        if (_family == "Tuple")
        {
            w.Open("if (reader.ReadBoolean())");
        }
        else
        {
            w.Open();
        }

        var locals = new string[shape.Items.Count];
        for (int i = 0; i < shape.Items.Count; i++)
        {
            locals[i] = Local("__t", depth) + "_" + i.ToString(CultureInfo.InvariantCulture);
            w.Line("{0} {1};", shape.Items[i].TypeDisplay, locals[i]);
            EmitReadOf(w, shape.Items[i], locals[i], depth + 1);
        }

        w.Line("{0} = {1};", target, Construct(shape, locals, 0));
        w.Close();
        if (_family == "Tuple")
        {
            w.Open("else");
            w.Line("{0} = null!;", target);
            w.Close();
        }
    }

    public override bool CanCopy(TypeShape shape) => shape.Items.All(i => i.Kind.CanCopy(i));

    // A System.Tuple is immutable too: it is shared when its elements are.
    public override bool IsImmutable(TypeShape shape) => shape.Items.All(i => i.Kind.IsImmutable(i));

    /// <summary>
    /// Emits the copy of a tuple: the tuple itself when its elements are immutable; otherwise each element copied into a
    /// local, and a new tuple built of them as the reader builds it (a null <c>Tuple</c> stays null).
    /// </summary>
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth)
    {
        if (IsImmutable(shape))
        {
            EmitCopyAsIs(w, expression, target);
            return;
        }

        string t = Local("__t", depth);
        w.Open();
        w.Line("var {0} = {1};", t, expression);
        if (_family == "Tuple")
        {
            w.Open("if (" + t + " is null)");
            w.Line("{0} = null!;", target);
            w.Close();
            w.Open("else");
        }

        var locals = new string[shape.Items.Count];
        for (int i = 0; i < shape.Items.Count; i++)
        {
            locals[i] = t + "_" + i.ToString(CultureInfo.InvariantCulture);
            w.Line("{0} {1};", shape.Items[i].TypeDisplay, locals[i]);
            EmitCopyOf(w, shape.Items[i], t + Access(i), locals[i], depth + 1);
        }

        w.Line("{0} = {1};", target, Construct(shape, locals, 0));
        if (_family == "Tuple")
        {
            w.Close();
        }

        w.Close();
    }

    public override string Layout(TypeShape shape) =>
        (_family == "Tuple" ? "NullableTuple<" : "Tuple<") + string.Join(",", shape.Items.Select(i => i.Kind.Layout(i))) + ">";

    public override TypeShape Compact(TypeShape shape) =>
        shape with { Items = EquatableArray<TypeShape>.From(shape.Items.Select(i => i.Kind.Compact(i)).ToArray()) };

    private static string? FamilyOf(INamedTypeSymbol type) =>
        (type.ContainingNamespace.ToDisplayString(), type.Name) switch
        {
            ("System", "ValueTuple") => "ValueTuple",
            ("System", "Tuple") => "Tuple",
            ("System.Collections.Generic", "KeyValuePair") => "KeyValuePair",
            _ => null,
        };

    /// <summary>The member path of element <paramref name="index"/>: <c>.Item3</c>, <c>.Rest.Item1</c>, <c>.Key</c>.</summary>
    private string Access(int index)
    {
        if (_family == "KeyValuePair")
        {
            return index == 0 ? ".Key" : ".Value";
        }

        string path = string.Concat(Enumerable.Repeat(".Rest", index / ChunkSize));
        return path + ".Item" + ((index % ChunkSize) + 1).ToString(CultureInfo.InvariantCulture);
    }

    /// <summary>The expression that builds the value from the locals, from element <paramref name="from"/> on (a <c>Rest</c> is built inside).</summary>
    private string Construct(TypeShape shape, string[] locals, int from)
    {
        if (_family == "ValueTuple" && locals.Length > 1)
        {
            return "(" + string.Join(", ", locals) + ")"; // a tuple literal nests its Rest itself
        }

        return "new " + TypeOf(shape, from) + "(" + string.Join(", ", Arguments(shape, locals, from)) + ")";
    }

    private IEnumerable<string> Arguments(TypeShape shape, string[] locals, int from)
    {
        int end = System.Math.Min(from + ChunkSize, locals.Length);
        for (int i = from; i < end; i++)
        {
            yield return locals[i];
        }

        if (locals.Length - from > ChunkSize)
        {
            yield return Construct(shape, locals, from + ChunkSize);
        }
    }

    /// <summary>The type of the chunk that starts at element <paramref name="from"/>, as generated code names it.</summary>
    private string TypeOf(TypeShape shape, int from)
    {
        string generic = _family switch
        {
            "KeyValuePair" => "global::System.Collections.Generic.KeyValuePair",
            "ValueTuple" => "global::System.ValueTuple",
            _ => "global::System.Tuple",
        };
        int end = System.Math.Min(from + ChunkSize, shape.Items.Count);
        var arguments = new List<string>();
        for (int i = from; i < end; i++)
        {
            arguments.Add(shape.Items[i].TypeDisplay);
        }

        if (shape.Items.Count - from > ChunkSize)
        {
            arguments.Add(TypeOf(shape, from + ChunkSize));
        }

        return generic + "<" + string.Join(", ", arguments) + ">";
    }

    /// <summary>The entry of <see cref="MemberKinds.All"/> for the three families; never a shape's kind.</summary>
    private sealed class AnyTuple : MemberKind
    {
        public override string? Accepts => "KeyValuePair<TKey, TValue>, ValueTuple, Tuple";

        public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
        {
            foreach (TupleKind kind in new[] { KeyValuePair, ValueTuple, Tuple })
            {
                if (kind.TryParse(type, depth, out shape, out reason))
                {
                    return true;
                }
            }

            return NotThisKind(out shape, out reason);
        }

        public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) => throw new System.InvalidOperationException();

        public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) => throw new System.InvalidOperationException();

        public override string Layout(TypeShape shape) => throw new System.InvalidOperationException();
    }
}

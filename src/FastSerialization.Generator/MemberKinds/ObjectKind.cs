using System.Linq;
using Microsoft.CodeAnalysis;

namespace FastSerialization.Generator;

/// <summary>
/// A nested object: a type that implements <c>ICustomBinarySerializable</c> or is marked
/// <c>[BinarySerializable]</c>, or a type parameter constrained to one. <see cref="TypeShape.ReadMethod"/>
/// is the type argument of <c>ReadObject</c> (the type without its nullable annotation).
/// </summary>
internal sealed class ObjectKind : MemberKind
{
    public static readonly ObjectKind Instance = new();

    private ObjectKind()
    {
    }

    public override string? Accepts => "ICustomBinarySerializable or [BinarySerializable] type";

    public override bool TryParse(ITypeSymbol type, int depth, out TypeShape? shape, out string? reason)
    {
        if (type is ITypeParameterSymbol typeParameter)
        {
            return typeParameter.ConstraintTypes.Any(c => Symbols.ImplementsSerializable(c))
                ? Found(Describe(type), out shape, out reason)
                : Refused("a type parameter must be constrained to ICustomBinarySerializable to be serialized", out shape, out reason);
        }

        return type is INamedTypeSymbol named && (Symbols.ImplementsSerializable(named) || Symbols.HasAttribute(named, Symbols.SerializableAttribute))
            ? Found(Describe(type), out shape, out reason)
            : NotThisKind(out shape, out reason);
    }

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth)
    {
        if (shape.BoundedPayload == 0)
        {
            w.Line("writer.WriteObject({0});", expression);
            return;
        }

        // A bounded struct of this compilation: one reservation for the element, its members at a local offset.
        string run = Local("__b", depth);
        w.Open();
        w.Line("var {0} = writer.BeginBoundedObject<{1}>({2});", run, shape.ReadMethod!, Offset(shape.BoundedPayload));
        w.Line("{0}.{1}(ref {2});", expression, BoundedObjects.WriteMethod, run);
        w.Line("writer.EndBoundedObject(ref {0});", run);
        w.Close();
    }

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        if (shape.ReadsInPlace)
        {
            EmitReadInPlace(w, shape, target, depth);
            return;
        }

        if (!shape.BoundedRead)
        {
            w.Line("{0} = reader.ReadObject<{1}>()!;", target, shape.ReadMethod!);
            return;
        }

        // A bounded struct of this compilation: read into a local (the target may be a property), then stored.
        string value = Local("__o", depth);
        w.Open();
        w.Line("{0} {1} = default;", shape.ReadMethod!, value);
        EmitBoundedReadInto(w, shape, value, depth);
        w.Line("{0} = {1};", target, value);
        w.Close();
    }

    /// <summary>
    /// Emits the read of a nested object of a sealed class the holder makes and fills itself (<see cref="NestedClasses"/>):
    /// the frame entered and left by the reader, the instance made here (unless a factory is registered for the type), its
    /// members read by its own public <c>SetDataFrom</c>, called on the sealed type: a direct call the JIT can inline.
    /// </summary>
    private static void EmitReadInPlace(IndentedWriter w, TypeShape shape, string target, int depth)
    {
        string type = shape.ReadMethod!;
        string value = Local("__o", depth);
        string outerEnd = Local("__f", depth);
        w.Open();
        w.Line("int {0} = reader.BeginObject<{1}>();", outerEnd, type);
        w.Open("if (" + outerEnd + " >= 0)");
        w.Line("{0} {1} = reader.NewRegisteredObject<{0}>() ?? new {0}();", type, value);
        w.Line("{0}.SetDataFrom(ref reader);", value);
        w.Line("reader.EndObject<{0}>({1});", type, outerEnd);
        w.Line("{0} = {1};", target, value);
        w.Close();
        w.Open("else");
        w.Line("{0} = null!;", target);
        w.Close();
        w.Close();
    }

    /// <summary>
    /// Emits the read of a bounded struct (<see cref="TypeShape.BoundedRead"/>) into <paramref name="variable"/>, a
    /// variable (a local, an array element): one frame check for the element, its members read at a position in registers.
    /// </summary>
    public static void EmitBoundedReadInto(IndentedWriter w, TypeShape shape, string variable, int depth)
    {
        string run = Local("__b", depth);
        w.Open("if (reader.BeginBoundedObject(ref " + variable + ", out var " + run + "))");
        w.Line("{0}.{1}(ref {2});", variable, BoundedObjects.ReadMethod, run);
        w.Line("reader.EndBoundedObject<{0}>(ref {1});", shape.ReadMethod!, run);
        w.Close();
    }

    /// <summary>
    /// Emits the read of the next element of the bounded sequence <paramref name="sequence"/> (a collection of bounded
    /// structs, <c>BeginBoundedSequence</c>) into <paramref name="variable"/>: as <see cref="EmitBoundedReadInto"/>, with
    /// the position between elements in registers too.
    /// </summary>
    public static void EmitSequenceElementInto(IndentedWriter w, string sequence, string variable, int depth)
    {
        string run = Local("__b", depth);
        w.Open("if (" + sequence + ".BeginElement(ref " + variable + ", out var " + run + "))");
        w.Line("{0}.{1}(ref {2});", variable, BoundedObjects.ReadMethod, run);
        w.Line("{0}.EndElement(ref {1});", sequence, run);
        w.Close();
    }

    /// <summary>
    /// Emits the read of the next element of the bounded sequence <paramref name="sequence"/>, which reads plain, into
    /// <paramref name="variable"/>: the element type's own plain-element read, inlined.
    /// </summary>
    public static void EmitPlainSequenceElementInto(IndentedWriter w, TypeShape element, string sequence, string variable) =>
        w.Line("{0}.{1}(ref {2}, ref {3});", element.ReadMethod!, BoundedObjects.PlainElementMethod, sequence, variable);

    /// <summary>True for a nested object of a struct type (or a type parameter constrained to struct), which <c>ReadObjectInto</c> can read in place.</summary>
    public static bool IsStruct(TypeShape shape) => shape.Kind is ObjectKind && !shape.IsReferenceType;

    /// <summary>True for a nested bounded struct whose reader is generated member by member (<see cref="TypeShape.BoundedRead"/>).</summary>
    public static bool IsBoundedRead(TypeShape shape) => IsStruct(shape) && shape.BoundedRead;

    public override string Layout(TypeShape shape) => "Object<" + shape.ReadMethod!.Replace("global::", string.Empty) + ">";

    private TypeShape Describe(ITypeSymbol type)
    {
        (int writePayload, bool read) = BoundedObjects.ForHeldType(type);

        // A class or interface declared reference-tracked is written as a reference wherever it is the declared type.
        MemberKind kind = Symbols.IsTracked(type) ? TrackedObjectKind.Instance : this;
        bool inPlace = kind == this && NestedClasses.ReadsInPlace(type);
        return new(kind, Display(type), type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(Symbols.TypeFormat), 1, !type.IsValueType, null, null, null, null, BoundedPayload: writePayload, BoundedRead: read, ReadsInPlace: inPlace);
    }

    public override bool CanCopy(TypeShape shape) => true;

    // A new copy each time, of the runtime type (whose own copier the context calls), as a read makes one.
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        w.Line("{0} = context.CopyObject<{1}>({2})!;", target, shape.ReadMethod!, expression);
}

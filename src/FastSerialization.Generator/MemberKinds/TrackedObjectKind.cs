namespace FastSerialization.Generator;

/// <summary>
/// A nested object written as a reference (docs/FORMAT.md section 3d): its declared type is reference-tracked, or its
/// member says <c>[BinaryMember(TrackReference = true)]</c>. <see cref="ObjectKind"/> recognizes the type and hands the
/// shape to this kind (<see cref="Track"/>); it is never tried on a type by itself, so it is not in <see cref="MemberKinds.All"/>.
/// </summary>
internal sealed class TrackedObjectKind : MemberKind
{
    public static readonly TrackedObjectKind Instance = new();

    /// <summary>The prefix of a tracked member's layout name: a tracked and an untracked member at the same position differ.</summary>
    public const string LayoutPrefix = "Ref:";

    private TrackedObjectKind()
    {
    }

    public override bool TryParse(Microsoft.CodeAnalysis.ITypeSymbol type, int depth, out TypeShape? shape, out string? reason) =>
        NotThisKind(out shape, out reason);

    public override void EmitWrite(IndentedWriter w, TypeShape shape, string expression, int depth) =>
        w.Line("writer.WriteTrackedObject({0});", expression);

    public override void EmitRead(IndentedWriter w, TypeShape shape, string target, int depth) =>
        w.Line("{0} = reader.ReadTrackedObject<{1}>()!;", target, shape.ReadMethod!);

    public override string Layout(TypeShape shape) => LayoutPrefix + ObjectKind.Instance.Layout(shape);

    /// <summary>
    /// The shape with every nested object of a class or interface type in it (the value itself, its elements, keys and
    /// values) written as a reference; <paramref name="any"/> says whether there was one.
    /// </summary>
    public static TypeShape Track(TypeShape shape, ref bool any)
    {
        if (shape.Kind is ObjectKind && shape.IsReferenceType)
        {
            any = true;
            return shape with { Kind = Instance };
        }

        if (shape.Kind is TrackedObjectKind)
        {
            any = true;
            return shape;
        }

        TypeShape? element = shape.Element is null ? null : Track(shape.Element, ref any);
        TypeShape? value = shape.Value is null ? null : Track(shape.Value, ref any);
        EquatableArray<TypeShape> items = shape.Items;
        if (items.Count > 0)
        {
            var tracked = new System.Collections.Generic.List<TypeShape>();
            foreach (TypeShape item in items)
            {
                tracked.Add(Track(item, ref any));
            }

            items = EquatableArray<TypeShape>.From(tracked);
        }

        return shape with { Element = element, Value = value, Items = items };
    }

    public override bool CanCopy(TypeShape shape) => true;

    // The one copy of the object within this copy: the context's table, by identity.
    public override void EmitCopy(IndentedWriter w, TypeShape shape, string expression, string target, int depth) =>
        w.Line("{0} = context.CopyTracked<{1}>({2})!;", target, shape.ReadMethod!, expression);
}

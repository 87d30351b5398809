namespace FastSerialization.Generator;

/// <summary>
/// Makes the single integer and decimal values of a member compact (docs/FORMAT.md section 3a): an integer or
/// enum wider than a byte becomes a varint, and a decimal a head byte and the varints of its coefficient, where
/// it is the member itself, the value of a nullable, or a dictionary's key or value. Elements of sequences keep
/// their fixed widths (they copy as blocks), and so does every value of a member marked
/// <c>[BinaryMember(FixedWidth = true)]</c> or of a fixed-layout struct.
/// </summary>
internal static class CompactIntegers
{
    public static TypeShape Apply(TypeShape shape)
    {
        if (shape.Kind == PrimitiveKind.Instance && VarIntKind.VarReadMethod(shape.ReadMethod) is { } varRead)
        {
            return shape with { Kind = VarIntKind.Instance, ReadMethod = varRead, MinSize = 1 };
        }

        if (shape.Kind == EnumKind.Instance && shape.MinSize > 1 && VarIntKind.VarReadMethod(shape.ReadMethod) is { } varEnumRead)
        {
            return shape with { Kind = VarEnumKind.Instance, ReadMethod = varEnumRead, MinSize = 1 };
        }

        if (shape.Kind == NullableKind.Instance)
        {
            return shape with { Element = Apply(shape.Element!) };
        }

        if (shape.Kind == DictionaryKind.Instance)
        {
            return shape with { Element = Apply(shape.Element!), Value = Apply(shape.Value!) };
        }

        return shape;
    }
}

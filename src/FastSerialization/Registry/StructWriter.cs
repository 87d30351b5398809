namespace FastSerialization;

/// <summary>Writes a struct's payload through its own <see cref="ICustomBinarySerializable.WriteDataTo"/> without boxing it.</summary>
internal static class StructWriter<T>
{
    public delegate void WriteAction(ref FastBinaryWriter writer, T value);

    public static readonly WriteAction? Write = Build();

    private static WriteAction? Build()
    {
        if (!typeof(T).IsValueType || !typeof(ICustomBinarySerializable).IsAssignableFrom(typeof(T)))
        {
            return null;
        }

        System.Reflection.MethodInfo method = typeof(StructWriter).GetMethod(nameof(StructWriter.WriteStruct))!.MakeGenericMethod(typeof(T));
        return (WriteAction)method.CreateDelegate(typeof(WriteAction));
    }
}

/// <summary>Holds the generic method that <see cref="StructWriter{T}"/> binds to each struct type.</summary>
internal static class StructWriter
{
    public static void WriteStruct<T>(ref FastBinaryWriter writer, T value)
        where T : struct, ICustomBinarySerializable => value.WriteDataTo(ref writer);
}

namespace FastSerialization.Generator;

/// <summary>
/// The writer's check of a sorted or hashed collection's comparer against the one it is read back with (the default, or
/// the member's <c>[BinaryComparer]</c>): a comparer is code, not data, so a collection built with another one would
/// come back in another order (sorted) or with another equality (hashed), and is refused instead.
/// </summary>
internal static class ComparerChecks
{
    /// <summary>
    /// Emits the check of a hashed collection: <paramref name="held"/> (an expression of the collection's
    /// <c>IEqualityComparer&lt;T&gt;</c>, null when the runtime type holds none the writer can see) must keep the equality
    /// of <paramref name="expected"/> (<c>KeyComparers.KeepsEquality</c>).
    /// </summary>
    public static void EmitEquality(IndentedWriter w, string keyType, string held, string expected, string collection, bool named)
    {
        w.Open("if (!global::FastSerialization.KeyComparers.KeepsEquality<" + keyType + ">(" + held + ", " + expected + "))");
        Throw(w, collection, named, "with another equality");
        w.Close();
        w.Line();
    }

    /// <summary>Emits the check of a sorted collection: <paramref name="held"/> must equal <paramref name="expected"/>.</summary>
    public static void EmitOrdering(IndentedWriter w, string held, string expected, string collection, bool named)
    {
        w.Open("if (!global::System.Object.Equals(" + held + ", " + expected + "))");
        Throw(w, collection, named, "in another order");
        w.Close();
        w.Line();
    }

    private static void Throw(IndentedWriter w, string collection, bool named, string consequence)
    {
        string message = "The comparer of this " + collection + " is not " + (named ? "the one its member's [BinaryComparer] names" : "the default one")
            + ", so it would be read back " + consequence + "; "
            + (named ? "build it with that comparer" : "name its comparer with [BinaryComparer] on the member (docs/GENERATOR.md)")
            + (consequence == "in another order" ? ", or sort it with the one it is read back with." : ", or build it with the default one.");
        w.Line("throw new global::FastSerialization.FastSerializationException(\"{0}\");", message);
    }
}

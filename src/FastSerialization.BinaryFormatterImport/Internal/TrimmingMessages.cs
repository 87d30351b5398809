namespace FastSerialization.BinaryFormatterImport.Internal;

/// <summary>The texts of the trimming and NativeAOT annotations, said once.</summary>
internal static class TrimmingMessages
{
    public const string Reflection =
        "The importer finds the fields and properties of the mapped types by reflection and sets them the same way; " +
        "the trimmer may remove members it cannot see being used. Keep the mapped types' members (for example with " +
        "[DynamicallyAccessedMembers(DynamicallyAccessedMemberTypes.All)] on a reference to each type).";

    public const string DynamicCode =
        "The importer creates arrays and generic collections (T[], List<T>, Dictionary<TKey, TValue>, HashSet<T>) of the " +
        "mapped types' member types at run time, and compiles setters for the members it sets often.";
}

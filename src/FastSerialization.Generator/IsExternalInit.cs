namespace System.Runtime.CompilerServices
{
    /// <summary>Lets records and init accessors compile for netstandard2.0.</summary>
    internal static class IsExternalInit
    {
    }
}

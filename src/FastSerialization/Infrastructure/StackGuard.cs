#if !NET
using System;
#endif
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// Asks the runtime whether the current thread's stack has room for another level of nested objects,
/// so that deep nesting ends in <see cref="FastSerializationException"/> rather than a stack overflow
/// (which no code can catch), whatever <see cref="CustomBinaryFormatterOptions.MaxDepth"/> allows and
/// however small the thread's stack is.
/// </summary>
internal static class StackGuard
{
    /// <summary>
    /// The nesting depth below which the stack is not checked: that many levels of even a large generated
    /// type take a few tens of kilobytes, and the check is skipped on the hot path of shallow graphs.
    /// </summary>
    public const int CheckFromDepth = 8;

    /// <summary>True when the stack has room for at least one more level (the runtime keeps a margin of 64-128 KB).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static bool HasRoom()
    {
#if NETSTANDARD2_0
        try
        {
            RuntimeHelpers.EnsureSufficientExecutionStack();
            return true;
        }
        catch (InsufficientExecutionStackException)
        {
            return false;
        }
#else
        return RuntimeHelpers.TryEnsureSufficientExecutionStack();
#endif
    }
}

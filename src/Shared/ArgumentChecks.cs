// The framework's argument checks that netstandard2.0 lacks, for the libraries that have a netstandard2.0 build: the
// one argument-check style of every library is ArgumentNullException.ThrowIfNull (and ObjectDisposedException.ThrowIf),
// and this file makes the same call compile on that target, as C# 14 static extension members. Extension members, not
// types: the netstandard2.0 test projects see these assemblies' internals beside the framework's own methods, which
// the compiler prefers. Linked into each such library (its project file says so); the modern builds use the framework.
#if NETSTANDARD2_0
namespace FastSerialization
{
    using System;
    using System.Diagnostics.CodeAnalysis;
    using System.Runtime.CompilerServices;

    /// <summary><c>ArgumentNullException.ThrowIfNull</c> and <c>ObjectDisposedException.ThrowIf</c> for netstandard2.0.</summary>
    internal static class ArgumentChecks
    {
        extension(ArgumentNullException)
        {
            /// <summary>Throws an <see cref="ArgumentNullException"/> naming the argument when it is null.</summary>
            public static void ThrowIfNull([NotNull] object? argument, [CallerArgumentExpression(nameof(argument))] string? paramName = null)
            {
                if (argument is null)
                {
                    ThrowNull(paramName);
                }
            }
        }

        extension(ObjectDisposedException)
        {
            /// <summary>Throws an <see cref="ObjectDisposedException"/> naming the instance's type when the condition holds.</summary>
            public static void ThrowIf(bool condition, object instance)
            {
                if (condition)
                {
                    throw new ObjectDisposedException(instance.GetType().FullName);
                }
            }
        }

        [DoesNotReturn]
        private static void ThrowNull(string? paramName) => throw new ArgumentNullException(paramName);
    }
}
#endif

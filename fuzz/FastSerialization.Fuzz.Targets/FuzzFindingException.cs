using System;

namespace FastSerialization.Fuzz;

/// <summary>
/// What the oracle throws when an input broke a promise without an exception of its own: a value that does
/// not read back equal after re-serialization, or a read that allocated far more than its input. It is not
/// a documented exception, so the harness lets it escape and AFL++ records the input as a crash.
/// </summary>
public sealed class FuzzFindingException : Exception
{
    public FuzzFindingException(string message)
        : base(message)
    {
    }

    public FuzzFindingException(string message, Exception inner)
        : base(message, inner)
    {
    }
}

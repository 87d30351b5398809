using System;

namespace FastSerialization.Ipc.Tests;

internal static class Names
{
    /// <summary>A channel name no other test (or test run) uses.</summary>
    public static string Unique(string prefix) => $"{prefix}-{Guid.NewGuid():N}";
}

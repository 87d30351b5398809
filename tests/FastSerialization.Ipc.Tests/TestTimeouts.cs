namespace FastSerialization.Ipc.Tests;

/// <summary>
/// Every asynchronous IPC test fails after this long instead of hanging the test run (two processes
/// and a loaded CI machine make a hang the likeliest way for a bug to show).
/// </summary>
internal static class TestTimeouts
{
    public const int Test = 180_000;
}

using System;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using System.Threading;
using System.Threading.Tasks;
using FastSerialization.Files.TestChild;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Files.Tests;

/// <summary>
/// What the writer promises beyond its blocks: one writer per file (also across processes), the Interval policy syncing
/// an idle writer by its own timer, and a new file's directory synced so that its name survives a crash of the machine.
/// </summary>
public class WriterOwnershipAndSyncTests
{
    private static readonly string ChildPath =
        typeof(WriterOwnershipAndSyncTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "TestChildPath").Value!;

    [Fact]
    public void ASecondWriterInTheSameProcess_IsRefused_WhileReadersMayOpen()
    {
        using var dir = new TempDirectory();
        string path = dir.File("owned.fsr");
        using (RecordFileWriter first = RecordFileWriter.Create(path, Records.NewFormatter()))
        {
            Records.Append(first, 0);
            first.Flush();

            Action second = () => RecordFileWriter.Open(path, Records.NewFormatter()).Dispose();
            second.Should().Throw<IOException>().WithMessage("*one writer per file at a time*");
            Action create = () => RecordFileWriter.Create(path, Records.NewFormatter()).Dispose();
            create.Should().Throw<IOException>();

            using RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter());
            reader.RecordCount.Should().Be(1);
            Records.Append(first, 1); // the refused writers changed nothing of the first one's
        }

        // Released on dispose: the next writer opens and goes on.
        TestFiles.Write(path, 3, from: 2);
        TestFiles.ShouldHoldExactly(path, 5);
    }

    [Fact]
    public void ASecondWriterInAnotherProcess_IsRefused_AndTheLockGoesWithTheKilledWriter()
    {
        using var dir = new TempDirectory();
        string path = dir.File("shared.fsr");
        long durable;
        using (Process child = StartChild("append", path, "OnFlush", "None", "7"))
        {
            try
            {
                WaitForLine(child, "open ");
                durable = long.Parse(WaitForLine(child, "durable ").Substring("durable ".Length), System.Globalization.CultureInfo.InvariantCulture);
                Action second = () => RecordFileWriter.Open(path, Records.NewFormatter()).Dispose();
                second.Should().Throw<IOException>().WithMessage("*one writer per file at a time*");
            }
            finally
            {
                child.Kill(); // SIGKILL: the kernel drops the child's lock with its descriptors
                child.WaitForExit();
            }
        }

        using RecordFileWriter after = RecordFileWriter.Open(path, Records.NewFormatter());
        after.RecordCount.Should().BeGreaterThanOrEqualTo(durable, "the records the killed writer synced are there");
    }

    /// <summary>
    /// A hard link is another name of the same file: the lock file beside each name differs, so the writer also locks the
    /// file itself (Linux). A second writer through the link is refused, in this process and from another; a reader
    /// opened and closed through the link in the writer's process does not drop the lock (as a process-wide POSIX lock
    /// would); and once the writer is gone, a writer through the link goes on from its records.
    /// </summary>
    [Fact]
    public async Task ASecondWriterThroughAHardLink_IsRefused_InThisProcessAndFromAnother()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // the lock on the file itself is Linux's (docs/FORMAT.md section 9.5); on Windows the data file's sharing mode refuses a second writer by any name
        }

        using var dir = new TempDirectory();
        string path = dir.File("2026-11-27.fsr");
        string link = dir.File("current.fsr");
        using (RecordFileWriter first = RecordFileWriter.Create(path, Records.NewFormatter()))
        {
            Records.Append(first, 0);
            first.Flush();
            HardLink(path, link);

            Action second = () => RecordFileWriter.Open(link, Records.NewFormatter()).Dispose();
            second.Should().Throw<IOException>().WithMessage("*one writer per file at a time*");

            using (RecordFileReader reader = RecordFileReader.Open(link, Records.NewFormatter()))
            {
                reader.RecordCount.Should().Be(1, "readers may open the file by any name while it is written");
            }

            second.Should().Throw<IOException>("closing a reader of the file in the writer's process leaves the writer's lock in place");
            using (Process child = StartChild("append", link, "OnFlush", "None", "3"))
            {
                try
                {
                    Task<string> errors = child.StandardError.ReadToEndAsync();
                    child.WaitForExit(60_000).Should().BeTrue("a writer refused through the link fails at once (one that opened would append until killed)");
                    child.ExitCode.Should().NotBe(0);
                    (await errors).Should().Contain("one writer per file at a time", "a writer in another process is refused through the link too");
                }
                finally
                {
                    if (!child.HasExited)
                    {
                        child.Kill();
                    }

                    child.WaitForExit();
                }
            }

            Records.Append(first, 1);
        }

        File.Exists(link + ".lock").Should().BeTrue("the refused writers took the link's own lock file, which could not see the first writer");
        TestFiles.Write(link, 2, from: 2);
        TestFiles.ShouldHoldExactly(path, 4);
    }

    [Fact]
    public void Interval_SyncsTheRecordsOfAnIdleWriter_ByItsOwnTimer()
    {
        using var dir = new TempDirectory();
        string path = dir.File("idle.fsr");
        var options = new RecordFileWriterOptions { Durability = RecordFileDurability.Interval, SyncInterval = TimeSpan.FromMilliseconds(400) };
        using RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), options);
        Records.Append(writer, 0);
        writer.Flush(); // the first append's one-time costs are behind, and the interval starts again here
        writer.DurableRecordCount.Should().Be(1);
        Records.Append(writer, 1);
        Records.Append(writer, 2);
        writer.DurableRecordCount.Should().Be(1, "two small records fill no block, and no interval has passed at the last append");
        var clock = Stopwatch.StartNew();
        while (writer.DurableRecordCount < 3 && clock.Elapsed < TimeSpan.FromSeconds(10))
        {
            Thread.Sleep(10);
        }

        writer.DurableRecordCount.Should().Be(3, "the writer's timer writes and syncs the pending records once the interval has passed");
        using (RecordFileReader reader = RecordFileReader.Open(path, Records.NewFormatter()))
        {
            reader.RecordCount.Should().Be(3, "the block is in the file while the writer is still open");
        }

        // The writer goes on as before after its timer wrote a block.
        Records.Append(writer, 3);
        writer.RecordCount.Should().Be(4);
        writer.Flush();
        writer.DurableRecordCount.Should().Be(4);
    }

    [Fact]
    public void Interval_WithAppendsRacingTheTimer_KeepsEveryRecordInOrder()
    {
        using var dir = new TempDirectory();
        string path = dir.File("racing.fsr");
        var options = new RecordFileWriterOptions { Durability = RecordFileDurability.Interval, SyncInterval = TimeSpan.FromMilliseconds(1), BlockSize = 4096 };
        long count = 0;
        using (RecordFileWriter writer = RecordFileWriter.Create(path, Records.NewFormatter(), options))
        {
            var clock = Stopwatch.StartNew();
            while (clock.ElapsedMilliseconds < 300)
            {
                Records.Append(writer, writer.RecordCount);
                count++;
                if (count % 64 == 0)
                {
                    Thread.Sleep(1); // let the timer find the writer idle now and then
                }
            }
        }

        TestFiles.ShouldHoldExactly(path, count);
    }

    [Fact]
    public void Create_SyncsTheDirectory_SoTheNewNameSurvivesAMachineCrash()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // strace is Linux's; on macOS the same code path runs, on Windows there is nothing to sync
        }

        string strace = new[] { "/usr/bin/strace", "/bin/strace" }.FirstOrDefault(File.Exists)
            ?? throw new InvalidOperationException("This test watches the system calls with strace: install it (Debian/Ubuntu: sudo apt-get install -y strace); .ci/run installs it.");
        using var dir = new TempDirectory();
        string path = dir.File("named.fsr");
        string trace = dir.File("trace.txt");
        var info = new ProcessStartInfo(strace) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (string arg in new[] { "-f", "-e", "trace=openat,open,fsync", "-o", trace, "dotnet", ChildPath, "create", path })
        {
            info.ArgumentList.Add(arg);
        }

        using (Process process = Process.Start(info)!)
        {
            string output = process.StandardOutput.ReadToEnd();
            string errors = process.StandardError.ReadToEnd();
            process.WaitForExit(60_000).Should().BeTrue();
            process.ExitCode.Should().Be(0, $"the child creates the file under strace: {output} {errors}");
        }

        // "<pid> openat(AT_FDCWD, "<dir>", O_RDONLY|O_CLOEXEC) = <fd>" followed, in the same thread, by "<pid> fsync(<fd>) = 0".
        string[] lines = File.ReadAllLines(trace);
        var opened = new Regex("^(\\d+) +open(at)?\\((AT_FDCWD, )?\"" + Regex.Escape(dir.Path) + "\", O_RDONLY[^)]*\\) = (\\d+)$");
        bool synced = false;
        for (int i = 0; i < lines.Length && !synced; i++)
        {
            Match m = opened.Match(lines[i]);
            if (m.Success)
            {
                string fsync = $"{m.Groups[1].Value} fsync({m.Groups[4].Value}) = 0";
                synced = lines.Skip(i + 1).Any(l => Regex.Replace(l, " +", " ") == fsync);
            }
        }

        synced.Should().BeTrue($"the directory '{dir.Path}' is opened and fsynced after the file is created; trace:\n{string.Join('\n', lines.Where(l => l.Contains(dir.Path, StringComparison.Ordinal) || l.Contains("fsync", StringComparison.Ordinal)))}");
    }

    private static void HardLink(string existing, string newName)
    {
        if (link(existing, newName) != 0)
        {
            throw new IOException($"link('{existing}', '{newName}') failed: errno {System.Runtime.InteropServices.Marshal.GetLastPInvokeError()}.");
        }
    }

    [System.Runtime.InteropServices.DllImport("libc", SetLastError = true)]
    private static extern int link(string existing, string newName);

    private static Process StartChild(params string[] args)
    {
        var info = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        info.ArgumentList.Add(ChildPath);
        foreach (string arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        return Process.Start(info)!;
    }

    private static string WaitForLine(Process child, string prefix)
    {
        var read = System.Threading.Tasks.Task.Run(() =>
        {
            string? line;
            while ((line = child.StandardOutput.ReadLine()) is not null)
            {
                if (line.StartsWith(prefix, StringComparison.Ordinal))
                {
                    return line;
                }
            }

            return null;
        });
        if (!read.Wait(TimeSpan.FromSeconds(30)) || read.Result is null)
        {
            throw new InvalidOperationException($"the child did not print '{prefix}': {child.StandardError.ReadToEnd()}");
        }

        return read.Result;
    }
}

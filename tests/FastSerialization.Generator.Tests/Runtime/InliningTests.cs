using System.Reflection;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// A generated writer that loops over a collection is compiled on its own (<c>MethodImplOptions.NoInlining</c>):
/// inlined into the formatter's record writer, its element code ran out of that method's inlining budget and
/// each element's string write became two calls (docs/GENERATOR.md, "What the JIT sees"). A writer without a
/// loop stays inlinable, and so does every generated reader.
/// </summary>
public class InliningTests
{
    private static MethodImplAttributes Flags<T>(string name) =>
        typeof(T).GetMethod(name, BindingFlags.Public | BindingFlags.Instance)!.MethodImplementationFlags;

    [Fact]
    public void A_writer_with_a_collection_is_not_inlined()
    {
        Flags<SmallList>(nameof(SmallList.WriteDataTo)).Should().HaveFlag(MethodImplAttributes.NoInlining);
        Flags<Models.Bounded.BoundedHolder>(nameof(Models.Bounded.BoundedHolder.WriteDataTo)).Should().HaveFlag(MethodImplAttributes.NoInlining);
    }

    [Fact]
    public void A_writer_without_a_collection_and_every_reader_stay_inlinable()
    {
        Flags<Customer>(nameof(Customer.WriteDataTo)).Should().NotHaveFlag(MethodImplAttributes.NoInlining);
        Flags<Small>(nameof(Small.WriteDataTo)).Should().NotHaveFlag(MethodImplAttributes.NoInlining);
        Flags<SmallList>(nameof(SmallList.SetDataFrom)).Should().NotHaveFlag(MethodImplAttributes.NoInlining);
    }
}

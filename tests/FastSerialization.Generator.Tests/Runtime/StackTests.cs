using System;
using System.Threading;
using FastSerialization.Generator.Tests.Models;
using FluentAssertions;
using Xunit;

namespace FastSerialization.Generator.Tests.Runtime;

/// <summary>
/// MaxDepth at its largest (10,000) on a thread with a 256 KB stack: nesting that the limit allows but the
/// stack cannot hold ends in the documented exception, and the process lives on.
/// </summary>
public class StackTests
{
    private const int SmallStack = 256 * 1024;

    private static CustomBinaryFormatter Formatter()
    {
        var formatter = new CustomBinaryFormatter(new CustomBinaryFormatterOptions { MaxDepth = 10_000 });
        formatter.Register<Node>(1);
        formatter.Register<WideNode>(2);
        return formatter;
    }

    [Fact]
    public void DeepRecord_ReadOnSmallStack_ThrowsDocumentedException()
    {
        CustomBinaryFormatter formatter = Formatter();
        byte[] record = OnThread(64 * 1024 * 1024, () => formatter.SerializeToArray(Chain(9_999)));

        Exception? thrown = OnThread(SmallStack, () => Catch(() => formatter.Deserialize<Node>(record)));

        thrown.Should().BeOfType<FastSerializationException>().Which.Message.Should().Contain("stack has no room");
    }

    [Fact]
    public void DeepWideRecord_ReadOnSmallStack_ThrowsDocumentedException()
    {
        CustomBinaryFormatter formatter = Formatter();
        var top = new WideNode();
        WideNode current = top;
        for (int i = 0; i < 9_999; i++)
        {
            current.Next = new WideNode { M00 = i };
            current = current.Next;
        }

        byte[] record = OnThread(256 * 1024 * 1024, () => formatter.SerializeToArray(top));

        Exception? thrown = OnThread(SmallStack, () => Catch(() => formatter.Deserialize<WideNode>(record)));

        thrown.Should().BeOfType<FastSerializationException>().Which.Message.Should().Contain("stack has no room");
    }

    [Fact]
    public void CyclicGraph_WrittenOnSmallStack_ThrowsDocumentedException()
    {
        CustomBinaryFormatter formatter = Formatter();
        var node = new Node { Value = 1 };
        node.Next = node;

        Exception? thrown = OnThread(SmallStack, () => Catch(() => formatter.SerializeToArray(node)));

        thrown.Should().BeOfType<FastSerializationException>().Which.Message.Should().Contain("stack has no room");
    }

    [Fact]
    public void CyclicWideGraph_WrittenOnSmallStack_ThrowsDocumentedException()
    {
        CustomBinaryFormatter formatter = Formatter();
        var node = new WideNode { M01 = 5 };
        node.Next = node;

        Exception? thrown = OnThread(SmallStack, () => Catch(() => formatter.SerializeToArray(node)));

        thrown.Should().BeOfType<FastSerializationException>().Which.Message.Should().Contain("stack has no room");
    }

    [Fact]
    public void NestingTheStackHolds_StillReads_OnAOneMegabyteThread()
    {
        CustomBinaryFormatter formatter = Formatter();
        byte[] record = formatter.SerializeToArray(Chain(200));

        // 1 MB: the runtime keeps 64-128 KB of any stack in reserve, and a Debug build's frames are larger (on a
        // 256 KB thread a Debug build has room for about 160 levels, a Release build for more than 200).
        Node read = OnThread(4 * SmallStack, () => formatter.Deserialize<Node>(record));

        int levels = 0;
        for (Node? n = read; n is not null; n = n.Next)
        {
            levels++;
        }

        levels.Should().Be(201);
    }

    private static Node Chain(int depth)
    {
        var top = new Node { Value = 0 };
        Node current = top;
        for (int i = 1; i <= depth; i++)
        {
            current.Next = new Node { Value = i };
            current = current.Next;
        }

        return top;
    }

    private static Exception? Catch(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception ex)
        {
            return ex;
        }
    }

    private static T OnThread<T>(int stackSize, Func<T> body)
    {
        T result = default!;
        Exception? failure = null;
        var thread = new Thread(
            () =>
            {
                try
                {
                    result = body();
                }
                catch (Exception ex)
                {
                    failure = ex;
                }
            },
            stackSize);
        thread.Start();
        thread.Join();
        if (failure is not null)
        {
            throw new InvalidOperationException("the body failed on its thread", failure);
        }

        return result;
    }
}

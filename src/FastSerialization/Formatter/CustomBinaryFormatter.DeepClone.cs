using System;

namespace FastSerialization;

public sealed partial class CustomBinaryFormatter
{
    /// <summary>An empty copy context kept between <see cref="DeepClone{T}"/> calls (it holds no object), so that a copy allocates only its copies.</summary>
    private BinaryCopyContext? _spareCopyContext;

    /// <summary>
    /// Makes a deep copy of <paramref name="value"/>: the copy a round trip through this formatter gives, without a stream
    /// or an array to manage. Generated types are copied member by member by their generated copiers
    /// (<see cref="IBinaryDeepCopyable"/>; docs/GENERATOR.md, "Deep copies"); anything else is written as one record into a
    /// pooled buffer and read back.
    /// </summary>
    /// <typeparam name="T">The static type of the value; its runtime type must be registered.</typeparam>
    /// <param name="value">The object to copy; null gives null.</param>
    /// <returns>
    /// A new object of the same runtime type as <paramref name="value"/> (a derived type stays derived), none of whose
    /// nested objects is one of the original's. Objects of reference-tracked types (docs/FORMAT.md section 3d) shared
    /// inside the value are shared inside the copy, and cycles through them close on the copy's own objects; everything
    /// else is copied as a tree, as a round trip writes it: an untracked object reached twice becomes two copies.
    /// Strings and other values no one can change (tuples of immutable values, immutable collections of them) may be the
    /// same instances.
    /// </returns>
    /// <exception cref="FastSerializationException">
    /// The value's type (or a nested object's) is not registered, the value is nested deeper than
    /// <see cref="CustomBinaryFormatterOptions.MaxDepth"/> or has an untracked cycle, a reference-tracked cycle runs through
    /// a type built through its constructor, or a type's own <c>WriteDataTo</c> or <c>SetDataFrom</c> fails (the message
    /// names it): what <see cref="Serialize{T}(System.Buffers.IBufferWriter{byte}, T)"/> and reading back would refuse.
    /// </exception>
    /// <remarks>
    /// <para>
    /// This is the <c>BinaryFormatter</c> idiom of serializing into a <c>MemoryStream</c> and reading it back, done in one
    /// call. A value whose type has a generated copier is copied with no bytes in between: each member as the write and
    /// the read would give it, tracked objects through an identity table. When the copier meets a value it cannot copy (a
    /// hand-written type, a member kind it does not cover) or one the write or the read would refuse, the copy is dropped
    /// and the value is written and read instead, which gives the same copy or the documented exception (a member's
    /// getter may then run twice). The record lives in a buffer rented from
    /// <see cref="System.Buffers.ArrayPool{T}.Shared"/> (grown as the value needs) and returned before the call ends; the
    /// formatter keeps no object of the value between calls. It is thread-safe, as the formatter's other calls are, and closes the
    /// registry as the first write or read does.
    /// </para>
    /// <para>
    /// The limits meant for bytes that come from elsewhere do not apply to bytes that never leave the call:
    /// <see cref="CustomBinaryFormatterOptions.MaxRecordLength"/> (up to
    /// <see cref="CustomBinaryFormatterOptions.LargestMaxRecordLength"/>),
    /// <see cref="CustomBinaryFormatterOptions.MaxAllocationPerInputByte"/>,
    /// <see cref="CustomBinaryFormatterOptions.MaxTrackedObjects"/>, <see cref="CustomBinaryFormatterOptions.MaxBigIntegerBytes"/>
    /// and <see cref="CustomBinaryFormatterOptions.RejectUnreadBytes"/>. <see cref="CustomBinaryFormatterOptions.MaxDepth"/>
    /// does, as when writing: it bounds the stack.
    /// </para>
    /// </remarks>
    public T DeepClone<T>(T value)
    {
        if (value is null)
        {
            return value;
        }

        _registry.EnsureFrozen();
        TypeRegistration registration = _registry.GetForWrite(value);
        if (!registration.CopyFallsBack && value is IBinaryDeepCopyable copyable && TryCopy(copyable, registration, out object? copy))
        {
            return CastRecord<T>(copy);
        }

        var writer = new FastBinaryWriter(registration.SizeHint, _registry, _maxDepth);
        try
        {
            KeepSizeHint(registration, RecordFrame.Write(ref writer, registration, value, CustomBinaryFormatterOptions.LargestMaxRecordLength));
            return ReadClone<T>(writer.WrittenSpan, registration);
        }
        finally
        {
            writer.ReturnBuffer();
        }
    }

    /// <summary>
    /// Copies <paramref name="value"/> through the generated copiers (<see cref="IBinaryDeepCopyable"/>); false when the copy
    /// was abandoned (a value with no copier of its own type, or one a write or a read back would refuse), and the value is
    /// then written and read, which gives the same copy or the documented exception.
    /// </summary>
    private bool TryCopy(IBinaryDeepCopyable value, TypeRegistration registration, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out object? copy)
    {
        // The spare context, or a new one when another thread (or a DeepClone inside this copy: a factory that clones)
        // holds it: an exchange rather than a thread-static, whose every access costs a call here.
        BinaryCopyContext context = System.Threading.Interlocked.Exchange(ref _spareCopyContext, null) ?? new BinaryCopyContext();
        context.Begin(_registry, _maxDepth);
        try
        {
            copy = context.CopyRecord(value, registration.IsTracked);
            if (context.End())
            {
                System.Threading.Volatile.Write(ref _spareCopyContext, context);
            }

            return true;
        }
        catch (CopyAbandonedException abandoned) when (abandoned.WithoutCopier is not null)
        {
            registration.CopyFallsBack = true; // a type held with no copier: this type's next clones go straight to the write and read
        }
        catch (Exception)
        {
            // Abandoned where the write or the read would refuse, or where a member's own code threw: the write and read
            // below give the documented exception (or, for a refusal the copy made on its own, the copy).
        }

        copy = null;
        return false;
    }

    /// <summary>Reads back the record <see cref="DeepClone{T}"/> wrote, without the limits for bytes from elsewhere.</summary>
    private T ReadClone<T>(ReadOnlySpan<byte> record, TypeRegistration registration)
    {
        RecordHeader header = RecordFrame.ReadHeader(record, CustomBinaryFormatterOptions.LargestMaxRecordLength);
        var reader = new FastBinaryReader(record, header.PayloadStart, header.RecordSize, _cloneReaderLimits, registration.Id);
        try
        {
            if (typeof(T).IsValueType && registration.Type == typeof(T))
            {
                T copy = default!;
                registration.ReadInto(ref reader, ref System.Runtime.CompilerServices.Unsafe.As<T, byte>(ref copy));
                return copy;
            }

            return CastRecord<T>(registration.ReadBoxed(ref reader));
        }
        catch (Exception ex) when (ex is not FastSerializationException)
        {
            throw ThrowHelper.RecordReadFailed(registration, reader.Position, ex);
        }
    }
}

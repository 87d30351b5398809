using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;

namespace FastSerialization;

/// <summary>
/// A frozen registry's registrations by runtime type, found without a dictionary: an open-addressing table keyed by
/// the type's handle (<see cref="RuntimeTypeHandle.Value"/>, the runtime's own pointer for the type), built once when
/// the registry closes and never changed after. The record writer asks it for every record whose static type is not
/// its runtime type (an object, an interface, a base class), and a reader with registered factories for every nested
/// object; a <c>Dictionary&lt;Type, ...&gt;</c> lookup there (a virtual hash and a virtual compare of the type) cost
/// as much as writing a small record's payload.
/// </summary>
/// <remarks>
/// One table per registry, so two formatters that give one type different ids, or register it in one only, each find
/// their own (a cache per type shared by every registry had to be refilled, and allocated, at each switch between two
/// of them). Immutable once built: any thread may read it.
/// </remarks>
internal sealed class TypeTable
{
    private readonly IntPtr[] _keys;
    private readonly TypeRegistration?[] _values;
    private readonly int _mask;

    /// <summary>Builds the table of <paramref name="registrations"/>, at most half full.</summary>
    public TypeTable(ICollection<TypeRegistration> registrations)
    {
        int size = 4;
        while (size < registrations.Count * 2)
        {
            size *= 2;
        }

        _keys = new IntPtr[size];
        _values = new TypeRegistration?[size];
        _mask = size - 1;
        foreach (TypeRegistration registration in registrations)
        {
            IntPtr key = registration.Type.TypeHandle.Value;
            int slot = Slot(key);
            while (_keys[slot] != IntPtr.Zero)
            {
                slot = (slot + 1) & _mask;
            }

            _keys[slot] = key;
            _values[slot] = registration;
        }
    }

    /// <summary>The registration of exactly the type whose handle is <paramref name="key"/>, or null.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public TypeRegistration? Find(IntPtr key)
    {
        IntPtr[] keys = _keys;
        int slot = Slot(key);
        while (true)
        {
            IntPtr found = keys[slot];
            if (found == key)
            {
                return _values[slot];
            }

            if (found == IntPtr.Zero)
            {
                return null;
            }

            slot = (slot + 1) & _mask;
        }
    }

    // A type handle is an aligned pointer: its low bits are always 0, the bits above them tell types apart.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private int Slot(IntPtr key) => (int)((ulong)key.ToInt64() >> 4) & _mask;
}

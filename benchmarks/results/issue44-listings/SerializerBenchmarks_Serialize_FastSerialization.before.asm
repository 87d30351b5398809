; Assembly listing for method FastSerialization.Benchmarks.Benchmarks.SerializerBenchmarks`3[System.__Canon,System.__Canon,System.__Canon]:Serialize_FastSerialization():int:this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; partially interruptible
; with Synthesized PGO: fgCalledCount is 100
; No PGO data
; 14 inlinees with PGO data; 17 single block inlinees; 4 inlinees without PGO data

G_M000_IG01:
       push     rbp
       push     r15
       push     r14
       push     r13
       push     r12
       push     rbx
       sub      rsp, 136
       lea      rbp, [rsp+0xB0]
       xor      eax, eax
       mov      qword ptr [rbp-0x88], rax
       vxorps   xmm8, xmm8, xmm8
       vmovdqu32 zmmword ptr [rbp-0x80], zmm8
       mov      qword ptr [rbp-0x40], rax
       mov      qword ptr [rbp-0x30], rdi
       mov      rbx, rdi
 
G_M000_IG02:
       mov      r15, gword ptr [rbx+0x10]
       mov      r14, gword ptr [rbx+0x08]
       mov      r13, gword ptr [r15+0x10]
       xor      edi, edi
       mov      dword ptr [r13+0x10], edi
       mov      rdi, qword ptr [r15]
       mov      rsi, qword ptr [rdi+0x30]
       mov      rsi, qword ptr [rsi]
       mov      r12, qword ptr [rsi+0x20]
       test     r12, r12
       je       G_M000_IG18
 
G_M000_IG03:
       mov      rax, gword ptr [r15+0x08]
       mov      gword ptr [rbp-0x90], rax
       cmp      byte  ptr [rax], al
       test     r13, r13
       je       G_M000_IG23
       test     r14, r14
       je       G_M000_IG24
       mov      rdi, qword ptr [r12+0x18]
       mov      rcx, qword ptr [rdi+0x18]
       test     rcx, rcx
       je       G_M000_IG19
 
G_M000_IG04:
       mov      rax, gword ptr [rbp-0x90]
       mov      rdx, gword ptr [rax+0x08]
       mov      gword ptr [rbp-0x98], rdx
       cmp      byte  ptr [rdx], dl
       mov      rdi, qword ptr [r14]
       mov      rsi, qword ptr [rdi+0x20]
       add      rsi, 16
       mov      rsi, gword ptr [rsi]
       test     rsi, rsi
       mov      gword ptr [rbp-0xA8], rsi
       je       G_M000_IG25
 
G_M000_IG05:
       mov      qword ptr [rbp-0x38], rcx
       mov      rdi, qword ptr [rcx+0x18]
       mov      rdi, qword ptr [rdi]
       call     CORINFO_HELP_TYPEHANDLE_TO_RUNTIMETYPE
       cmp      rax, gword ptr [rbp-0xA8]
       jne      G_M000_IG26
       mov      rdi, qword ptr [rbp-0x38]
       mov      rsi, qword ptr [rdi+0x18]
       mov      rax, qword ptr [rsi+0x10]
       test     rax, rax
       je       G_M000_IG20
 
G_M000_IG06:
       mov      qword ptr [rbp-0x78], rax
       mov      rdi, rax
       call     CORINFO_HELP_GET_GCSTATIC_BASE
       mov      rdi, gword ptr [rax]
       test     rdi, rdi
       je       G_M000_IG27
       mov      rsi, qword ptr [rdi+0x10]
       mov      rax, gword ptr [rbp-0x98]
       cmp      rsi, qword ptr [rax+0x28]
       jne      G_M000_IG28
       mov      rcx, gword ptr [rdi+0x08]
 
G_M000_IG07:
       mov      rax, rcx
 
G_M000_IG08:
       test     rax, rax
       je       G_M000_IG29
       mov      gword ptr [rbp-0xA0], rax
       mov      edi, dword ptr [rax+0x24]
       mov      rcx, gword ptr [rbp-0x90]
       mov      rdx, gword ptr [rcx+0x08]
       mov      esi, dword ptr [rcx+0x1C]
       mov      gword ptr [rbp-0x68], r13
       mov      gword ptr [rbp-0x60], rdx
       mov      dword ptr [rbp-0x54], esi
       test     edi, edi
       jl       G_M000_IG30
       mov      rax, gword ptr [rbp-0xA0]
       mov      edx, 1
       test     edi, edi
       cmove    edi, edx
       mov      rdx, gword ptr [r13+0x08]
       mov      edx, dword ptr [rdx+0x08]
       sub      edx, dword ptr [r13+0x10]
       cmp      edx, edi
       jl       G_M000_IG31
 
G_M000_IG09:
       mov      rdi, gword ptr [r13+0x08]
       mov      esi, dword ptr [r13+0x10]
       test     rdi, rdi
       je       G_M000_IG36
       mov      edx, dword ptr [rdi+0x08]
       cmp      edx, esi
       jb       G_M000_IG42
       mov      r8d, esi
       lea      rdi, bword ptr [rdi+r8+0x10]
       sub      edx, esi
 
G_M000_IG10:
       mov      bword ptr [rbp-0x48], rdi
       mov      dword ptr [rbp-0x40], edx
       xor      edi, edi
       mov      dword ptr [rbp-0x58], edi
 
G_M000_IG11:
       mov      gword ptr [rbp-0x70], rdi
 
G_M000_IG12:
       mov      dword ptr [rbp-0x50], edi
       mov      rdi, qword ptr [r12+0x18]
       mov      rdi, qword ptr [rdi+0x20]
       test     rdi, rdi
       je       G_M000_IG21
 
G_M000_IG13:
       mov      rcx, gword ptr [rbp-0x90]
       mov      r13d, dword ptr [rcx+0x18]
       mov      rsi, qword ptr [rdi+0x18]
       mov      rcx, qword ptr [rsi+0x10]
       test     rcx, rcx
       je       G_M000_IG22
 
G_M000_IG14:
       mov      rdi, rcx
 
G_M000_IG15:
       lea      rsi, [rbp-0x70]
       mov      rdx, rax
       mov      rcx, r14
       mov      r8d, r13d
       call     [FastSerialization.RecordFrame:WriteClassRecord[System.__Canon](byref,FastSerialization.TypeRegistration,System.__Canon,int)]
       mov      r14, gword ptr [rbp-0x68]
       test     r14, r14
       je       G_M000_IG37
       cmp      gword ptr [rbp-0x70], 0
       jne      G_M000_IG41
       mov      rdi, 0xD1FFAB1E
       cmp      qword ptr [r14], rdi
       jne      G_M000_IG40
       mov      edi, dword ptr [rbp-0x58]
       test     edi, edi
       jl       G_M000_IG38
       mov      eax, dword ptr [r14+0x10]
       mov      rcx, gword ptr [r14+0x08]
       mov      ecx, dword ptr [rcx+0x08]
       sub      ecx, edi
       cmp      eax, ecx
       jg       G_M000_IG39
       add      edi, eax
       mov      dword ptr [r14+0x10], edi
 
G_M000_IG16:
       xor      eax, eax
       mov      dword ptr [rbp-0x58], eax
       vxorps   xmm0, xmm0, xmm0
       vmovdqu  xmmword ptr [rbp-0x48], xmm0
       mov      rax, gword ptr [r15+0x10]
       mov      eax, dword ptr [rax+0x10]
 
G_M000_IG17:
       add      rsp, 136
       pop      rbx
       pop      r12
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG18:
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_RUNTIMEHANDLE_CLASS]
       mov      r12, rax
       jmp      G_M000_IG03
 
G_M000_IG19:
       mov      rdi, r12
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_RUNTIMEHANDLE_METHOD]
       mov      qword ptr [rbp-0x38], rax
       mov      rcx, qword ptr [rbp-0x38]
       jmp      G_M000_IG04
 
G_M000_IG20:
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_RUNTIMEHANDLE_METHOD]
       jmp      G_M000_IG06
 
G_M000_IG21:
       mov      gword ptr [rbp-0xA0], rax
       mov      rdi, r12
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_RUNTIMEHANDLE_METHOD]
       mov      rdi, rax
       mov      rax, gword ptr [rbp-0xA0]
       jmp      G_M000_IG13
 
G_M000_IG22:
       mov      gword ptr [rbp-0xA0], rax
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_RUNTIMEHANDLE_METHOD]
       mov      rdi, rax
       mov      rax, gword ptr [rbp-0xA0]
       jmp      G_M000_IG15
 
G_M000_IG23:
       mov      edi, 0x693
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_STRCNS]
       mov      rdi, rax
       call     [System.ArgumentNullException:Throw(System.String)]
       int3     
 
G_M000_IG24:
       mov      edi, 0x6AB
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_STRCNS]
       mov      rdi, rax
       call     [FastSerialization.Guard:ThrowNull(System.String)]
       int3     
 
G_M000_IG25:
       mov      qword ptr [rbp-0x38], rcx
       call     [System.RuntimeTypeHandle:GetRuntimeTypeFromHandleSlow(nint):System.RuntimeType]
       mov      gword ptr [rbp-0xA8], rax
       mov      rcx, qword ptr [rbp-0x38]
       jmp      G_M000_IG05
 
G_M000_IG26:
       mov      rdi, r14
       call     [System.Object:GetType():System.Type:this]
       mov      rsi, rax
       mov      rdi, gword ptr [rbp-0x98]
       call     [FastSerialization.TypeRegistry:Find(System.Type):FastSerialization.TypeRegistration:this]
       jmp      G_M000_IG08
 
G_M000_IG27:
       mov      rax, gword ptr [rbp-0x98]
 
G_M000_IG28:
       mov      rdi, qword ptr [rbp-0x78]
       mov      rsi, rax
       call     [FastSerialization.RegistrationCache`1[System.__Canon]:Refresh(FastSerialization.TypeRegistry):FastSerialization.TypeRegistration]
       mov      rcx, rax
       jmp      G_M000_IG07
 
G_M000_IG29:
       mov      rdi, r14
       call     [System.Object:GetType():System.Type:this]
       mov      rdi, rax
       call     [FastSerialization.ThrowHelper:ThrowNotRegistered(System.Type)]
       int3     
 
G_M000_IG30:
       mov      rdi, 0xD1FFAB1E
       call     CORINFO_HELP_NEWSFAST
       mov      r15, rax
       mov      edi, 451
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_STRCNS]
       mov      rsi, rax
       mov      rdi, r15
       call     [System.ArgumentException:.ctor(System.String):this]
       mov      rdi, r15
       call     CORINFO_HELP_THROW
       int3     
 
G_M000_IG31:
       mov      rdx, gword ptr [r13+0x08]
       mov      edx, dword ptr [rdx+0x08]
       cmp      edi, edx
       mov      esi, edx
       cmovge   esi, edi
       mov      r8d, esi
       test     edx, edx
       jne      SHORT G_M000_IG32
       mov      r8d, 256
       cmp      esi, 256
       cmovl    esi, r8d
       mov      r8d, esi
 
G_M000_IG32:
       lea      esi, [rdx+r8]
       test     esi, esi
       jge      SHORT G_M000_IG33
       mov      rsi, gword ptr [r13+0x08]
       mov      esi, dword ptr [rsi+0x08]
       sub      esi, dword ptr [r13+0x10]
       sub      edx, esi
       add      edi, edx
       cmp      edi, 0xD1FFAB1E
       jbe      SHORT G_M000_IG34
       call     [System.Buffers.ArrayBufferWriter`1[byte]:ThrowOutOfMemoryException(uint)]
       int3     
 
G_M000_IG33:
       mov      gword ptr [rbp-0xA0], rax
       jmp      SHORT G_M000_IG35
 
G_M000_IG34:
       mov      esi, 0xD1FFAB1E
       mov      gword ptr [rbp-0xA0], rax
 
G_M000_IG35:
       lea      rdi, bword ptr [r13+0x08]
       call     [System.Array:Resize[byte](byref,int)]
       mov      rax, gword ptr [rbp-0xA0]
       jmp      G_M000_IG09
 
G_M000_IG36:
       test     esi, esi
       jne      G_M000_IG42
       xor      rdi, rdi
       xor      edx, edx
       jmp      G_M000_IG10
 
G_M000_IG37:
       mov      rdi, 0xD1FFAB1E
       call     CORINFO_HELP_NEWSFAST
       mov      r15, rax
       mov      edi, 0x33BF
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_STRCNS]
       mov      rsi, rax
       mov      rdi, r15
       call     [System.InvalidOperationException:.ctor(System.String):this]
       mov      rdi, r15
       call     CORINFO_HELP_THROW
       int3     
 
G_M000_IG38:
       mov      rdi, 0xD1FFAB1E
       call     CORINFO_HELP_NEWSFAST
       mov      r14, rax
       mov      edi, 439
       mov      rsi, 0xD1FFAB1E
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       mov      rdi, r14
       xor      rsi, rsi
       call     [System.ArgumentException:.ctor(System.String,System.String):this]
       mov      rdi, r14
       call     CORINFO_HELP_THROW
       int3     
 
G_M000_IG39:
       mov      rdi, gword ptr [r14+0x08]
       mov      edi, dword ptr [rdi+0x08]
       call     [System.Buffers.ArrayBufferWriter`1[byte]:ThrowInvalidOperationException_AdvancedTooFar(int)]
       int3     
 
G_M000_IG40:
       mov      rdi, r14
       mov      esi, dword ptr [rbp-0x58]
       mov      r11, 0xD1FFAB1E
       call     [r11]System.Buffers.IBufferWriter`1[byte]:Advance(int):this
       jmp      G_M000_IG16
 
G_M000_IG41:
       mov      esi, dword ptr [rbp-0x58]
       cmp      esi, dword ptr [rbp-0x40]
       jbe      SHORT G_M000_IG43
 
G_M000_IG42:
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG43:
       mov      rdi, bword ptr [rbp-0x48]
       call     [System.Span`1[byte]:op_Implicit(System.Span`1[byte]):System.ReadOnlySpan`1[byte]]
       mov      bword ptr [rbp-0x88], rax
       mov      qword ptr [rbp-0x80], rdx
       mov      rdi, r14
       mov      r11, 0xD1FFAB1E
       xor      esi, esi
       call     [r11]System.Buffers.IBufferWriter`1[byte]:GetSpan(int):System.Span`1[byte]:this
       mov      ecx, edx
       cmp      dword ptr [rbp-0x80], ecx
       jg       SHORT G_M000_IG44
       mov      rsi, bword ptr [rbp-0x88]
       mov      edx, dword ptr [rbp-0x80]
       mov      rdi, rax
       call     [System.SpanHelpers:Memmove(byref,byref,nuint)]
       mov      rdi, r14
       mov      esi, dword ptr [rbp-0x80]
       mov      r11, 0xD1FFAB1E
       call     [r11]System.Buffers.IBufferWriter`1[byte]:Advance(int):this
       jmp      SHORT G_M000_IG45
 
G_M000_IG44:
       mov      rdx, rax
       lea      rsi, [rbp-0x88]
       mov      rdi, r14
       call     [System.Buffers.BuffersExtensions:WriteMultiSegment[byte](System.Buffers.IBufferWriter`1[byte],byref,System.Span`1[byte])]
 
G_M000_IG45:
       lea      rdi, [rbp-0x70]
       call     [FastSerialization.FastBinaryWriter:ReturnBuffer():this]
       jmp      G_M000_IG16
 
; Total bytes of code 1446

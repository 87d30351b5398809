FastSerialization.FastBinaryReader:CopyFixedBlock[FastSerialization.Benchmarks.Payloads.Generated.EvolvableTrade](System.Span`1[FastSerialization.Benchmarks.Payloads.Generated.EvolvableTrade],int,int):this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 15096
; 5 inlinees with PGO data; 19 single block inlinees; 4 inlinees without PGO data

G_M000_IG01:                ;; offset=0x0000
       push     rbp
       push     r15
       push     r14
       push     r13
       push     r12
       push     rbx
       push     rax
       lea      rbp, [rsp+0x30]
       mov      rbx, rdi
       mov      r14d, edx
       mov      r15d, r8d
 
G_M000_IG02:                ;; offset=0x0019
       cmp      r15d, ecx
       jne      G_M000_IG07
       mov      r15d, r14d
       imul     r15d, ecx
       mov      edx, dword ptr [rbx+0x14]
       mov      edi, dword ptr [rbx+0x18]
       sub      edi, edx
       cmp      edi, r15d
       jb       SHORT G_M000_IG05
       lea      edi, [rdx+r15]
       mov      dword ptr [rbx+0x14], edi
       add      rbx, 32
       mov      edi, edx
       mov      eax, r15d
       add      rdi, rax
       mov      eax, dword ptr [rbx+0x08]
       cmp      rdi, rax
       ja       G_M000_IG09
       add      rdx, bword ptr [rbx]
       mov      rax, rdx
       imul     edx, r14d, 32
       jo       G_M000_IG17
       cmp      r15d, edx
       ja       SHORT G_M000_IG06
       mov      edx, r15d
       mov      rdi, rsi
       mov      rsi, rax
       call     [System.SpanHelpers:Memmove(byref,byref,nuint)]
 
G_M000_IG03:                ;; offset=0x0079
       nop      
 
G_M000_IG04:                ;; offset=0x007A
       vzeroupper 
       add      rsp, 8
       pop      rbx
       pop      r12
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG05:                ;; offset=0x008C
       mov      edi, 0x3317
       mov      rsi, 0x7F419BF3B558
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       movsxd   rsi, r15d
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG06:                ;; offset=0x00B1
       call     [System.ThrowHelper:ThrowArgumentException_DestinationTooShort()]
       int3     
 
G_M000_IG07:                ;; offset=0x00B8
       mov      r13d, r14d
       imul     r13d, r15d
       mov      edi, dword ptr [rbx+0x14]
       mov      eax, dword ptr [rbx+0x18]
       sub      eax, edi
       cmp      eax, r13d
       jae      SHORT G_M000_IG08
       mov      edi, 0x3317
       mov      rsi, 0x7F419BF3B558
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       movsxd   rsi, r13d
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG08:                ;; offset=0x00F1
       lea      eax, [rdi+r13]
       mov      dword ptr [rbx+0x14], eax
       lea      rax, bword ptr [rbx+0x20]
       mov      edx, edi
       mov      r8d, r13d
       add      rdx, r8
       mov      r8d, dword ptr [rax+0x08]
       cmp      rdx, r8
       jbe      SHORT G_M000_IG10
 
G_M000_IG09:                ;; offset=0x010D
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG10:                ;; offset=0x0114
       mov      r13d, edi
       add      r13, bword ptr [rax]
       mov      rbx, rsi
       cmp      r15d, ecx
       jle      SHORT G_M000_IG12
       xor      esi, esi
       cmp      esi, r14d
       jge      G_M000_IG03
 
G_M000_IG11:                ;; offset=0x012D
       movsxd   rdi, esi
       movsxd   rax, r15d
       imul     rdi, rax
       movsxd   rax, esi
       shl      rax, 5
       vmovdqu  ymm0, ymmword ptr [rdi+r13]
       vmovdqu  ymmword ptr [rbx+rax], ymm0
       inc      esi
       cmp      esi, r14d
       jl       SHORT G_M000_IG11
       jmp      G_M000_IG03
 
G_M000_IG12:                ;; offset=0x0155
       mov      esi, r14d
       shl      rsi, 5
       mov      rdi, rbx
       call     [System.SpanHelpers:ClearWithoutReferences(byref,nuint)]
       xor      r12d, r12d
       cmp      r12d, r14d
       jge      G_M000_IG03
 
G_M000_IG13:                ;; offset=0x0171
       movsxd   rdi, r12d
       shl      rdi, 5
       add      rdi, rbx
       movsxd   rsi, r12d
       movsxd   rdx, r15d
       imul     rsi, rdx
       add      rsi, r13
       cmp      r15d, 8
       jb       SHORT G_M000_IG14
       cmp      r15d, 16
       ja       SHORT G_M000_IG14
       mov      rdx, qword ptr [rsi]
       lea      eax, [r15-0x08]
       mov      rsi, qword ptr [rsi+rax]
       mov      qword ptr [rdi], rdx
       lea      edx, [r15-0x08]
       mov      qword ptr [rdi+rdx], rsi
       jmp      SHORT G_M000_IG16
 
G_M000_IG14:                ;; offset=0x01AC
       cmp      r15d, 16
       jbe      SHORT G_M000_IG15
       cmp      r15d, 32
       ja       SHORT G_M000_IG15
       mov      rdx, qword ptr [rsi]
       mov      rax, qword ptr [rsi+0x08]
       lea      ecx, [r15-0x10]
       mov      rcx, qword ptr [rsi+rcx]
       lea      r8d, [r15-0x08]
       mov      rsi, qword ptr [rsi+r8]
       mov      qword ptr [rdi], rdx
       mov      qword ptr [rdi+0x08], rax
       lea      edx, [r15-0x10]
       mov      qword ptr [rdi+rdx], rcx
       lea      edx, [r15-0x08]
       mov      qword ptr [rdi+rdx], rsi
       jmp      SHORT G_M000_IG16
 
G_M000_IG15:                ;; offset=0x01E8
       mov      edx, r15d
       call     CORINFO_HELP_MEMCPY
 
G_M000_IG16:                ;; offset=0x01F0
       inc      r12d
       cmp      r12d, r14d
       jl       G_M000_IG13
       jmp      G_M000_IG03
 
G_M000_IG17:                ;; offset=0x0201
       call     CORINFO_HELP_OVERFLOW
       int3     
 
; Total bytes of code 519


; Assembly listing for method FastSerialization.CustomBinaryFormatter:ReadObjectPayload(System.ReadOnlySpan`1[byte],FastSerialization.RecordHeader,FastSerialization.TypeRegistration):System.Object:this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 5137
; 5 inlinees with PGO data; 11 single block inlinees; 0 inlinees without PGO data

G_M000_IG01:                ;; offset=0x0000
       push     rbp
       push     r15
       push     rbx
       sub      rsp, 112
       lea      rbp, [rsp+0x80]
       xor      eax, eax
       mov      qword ptr [rbp-0x78], rax
       vxorps   xmm8, xmm8, xmm8
       vmovdqu32 zmmword ptr [rbp-0x70], zmm8
       vmovdqu  ymmword ptr [rbp-0x30], ymm8
       mov      gword ptr [rbp-0x70], r9
       mov      rax, r9
 
G_M000_IG02:                ;; offset=0x0031
       mov      dword ptr [rbp-0x60], r8d
       mov      qword ptr [rbp-0x68], rcx
       cmp      dword ptr [rbp-0x68], edx
       ja       G_M000_IG13
       mov      rcx, gword ptr [rdi+0x08]
       mov      edx, dword ptr [rax+0x20]
       mov      r8d, dword ptr [rdi+0x1C]
       movzx    r9, byte  ptr [rdi+0x24]
       mov      edi, dword ptr [rdi+0x20]
       mov      r10d, dword ptr [rbp-0x60]
       cmp      r10d, dword ptr [rbp-0x68]
       ja       G_M000_IG14
       mov      gword ptr [rbp-0x58], rcx
       mov      dword ptr [rbp-0x50], edx
       mov      dword ptr [rbp-0x4C], r8d
       mov      ecx, dword ptr [rbp-0x60]
       mov      dword ptr [rbp-0x48], ecx
       mov      ecx, dword ptr [rbp-0x68]
       mov      dword ptr [rbp-0x44], ecx
       xor      ecx, ecx
       mov      dword ptr [rbp-0x40], ecx
       mov      byte  ptr [rbp-0x3C], r9b
       mov      bword ptr [rbp-0x38], rsi
       mov      ecx, dword ptr [rbp-0x68]
       mov      dword ptr [rbp-0x30], ecx
       xor      rcx, rcx
       mov      gword ptr [rbp-0x28], rcx
 
G_M000_IG03:                ;; offset=0x0093
       mov      qword ptr [rbp-0x20], rcx
       mov      dword ptr [rbp-0x18], edi
 
G_M000_IG04:                ;; offset=0x009A
       mov      rdi, 0xADDR
       cmp      qword ptr [rax], rdi
       jne      SHORT G_M000_IG09
       mov      rbx, gword ptr [rax+0x30]
       test     rbx, rbx
       jne      SHORT G_M000_IG07
       mov      rdi, 0xADDR
       mov      rcx, gword ptr [rdi]
       mov      rdi, gword ptr [rcx+0x08]
       call     [rcx+0x18]System.Func`1[System.__Canon]:Invoke():System.__Canon:this
       mov      r15, rax
 
G_M000_IG05:                ;; offset=0x00C9
       lea      rsi, [rbp-0x58]
       mov      rdi, r15
       cmp      dword ptr [rdi], edi
       call     [FastSerialization.Benchmarks.Payloads.Order:SetDataFrom(byref):this]
 
G_M000_IG06:                ;; offset=0x00D8
       jmp      SHORT G_M000_IG10
 
G_M000_IG07:                ;; offset=0x00DA
       mov      rdi, gword ptr [rbx+0x08]
       call     [rbx+0x18]System.Func`1[System.__Canon]:Invoke():System.__Canon:this
       mov      r15, rax
       test     r15, r15
       jne      SHORT G_M000_IG08
       mov      rax, gword ptr [rbp-0x70]
       mov      esi, dword ptr [rax+0x20]
       mov      rdi, 0xADDR
       call     [FastSerialization.ThrowHelper:ThrowFactoryReturnedNull(System.Type,int)]
       int3     
 
G_M000_IG08:                ;; offset=0x0101
       jmp      SHORT G_M000_IG05
 
G_M000_IG09:                ;; offset=0x0103
       lea      rsi, [rbp-0x58]
       mov      rdi, rax
       mov      rcx, qword ptr [rax]
       mov      rcx, qword ptr [rcx+0x40]
       call     [rcx+0x20]FastSerialization.TypeRegistration:ReadBoxed(byref):System.Object:this
       mov      r15, rax
       jmp      SHORT G_M000_IG06
 
G_M000_IG10:                ;; offset=0x0119
       mov      esi, dword ptr [rbp-0x48]
       cmp      esi, dword ptr [rbp-0x44]
       jl       SHORT G_M000_IG15
 
G_M000_IG11:                ;; offset=0x0121
       mov      rax, r15
 
G_M000_IG12:                ;; offset=0x0124
       add      rsp, 112
       pop      rbx
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG13:                ;; offset=0x012D
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG14:                ;; offset=0x0134
       mov      edi, dword ptr [rbp-0x60]
       mov      esi, dword ptr [rbp-0x68]
       mov      edx, dword ptr [rbp-0x68]
       call     [FastSerialization.FastBinaryReader:ThrowBadFrame(int,int,int)]
       int3     
 
G_M000_IG15:                ;; offset=0x0144
       mov      rdi, gword ptr [rbp-0x70]
       mov      rsi, gword ptr [rdi+0x10]
       lea      rdi, [rbp-0x58]
       call     [FastSerialization.FastBinaryReader:FinishFrame(System.Type):this]
       jmp      SHORT G_M000_IG11
 
G_M000_IG16:                ;; offset=0x0158
       push     rax
 
G_M000_IG17:                ;; offset=0x0159
       mov      rsi, rdi
       mov      rdi, 0xADDR
       call     [CORINFO_HELP_ISINSTANCEOFCLASS]
       mov      rsi, rax
       test     rsi, rsi
       jne      SHORT G_M000_IG19
 
G_M000_IG18:                ;; offset=0x0174
       xor      eax, eax
       jmp      SHORT G_M000_IG20
 
G_M000_IG19:                ;; offset=0x0178
       mov      gword ptr [rbp-0x78], rsi
       mov      rsi, gword ptr [rbp-0x78]
       mov      rdi, 0xADDR
       call     [CORINFO_HELP_ISINSTANCEOFCLASS]
       test     rax, rax
       sete     al
       movzx    rax, al
 
G_M000_IG20:                ;; offset=0x0199
       add      rsp, 8
       ret      
 
G_M000_IG21:                ;; offset=0x019E
       push     rax
 
G_M000_IG22:                ;; offset=0x019F
       lea      rdi, [rbp-0x58]
       call     [FastSerialization.FastBinaryReader:get_Position():int:this]
       mov      esi, eax
       mov      rdi, gword ptr [rbp-0x70]
       mov      rdx, gword ptr [rbp-0x78]
       call     [FastSerialization.ThrowHelper:RecordReadFailed(FastSerialization.TypeRegistration,int,System.Exception):FastSerialization.FastSerializationException]
       mov      rdi, rax
       call     CORINFO_HELP_THROW
       int3     
 
; Total bytes of code 450


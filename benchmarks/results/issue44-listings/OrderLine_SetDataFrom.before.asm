; Assembly listing for method FastSerialization.Benchmarks.Payloads.OrderLine:SetDataFrom(byref):this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; partially interruptible
; with Synthesized PGO: fgCalledCount is 100
; No PGO data
; 3 inlinees with PGO data; 11 single block inlinees; 3 inlinees without PGO data

G_M000_IG01:                ;; offset=0x0000
       push     rbp
       push     r15
       push     rbx
       lea      rbp, [rsp+0x10]
       mov      r15, rdi
       mov      rbx, rsi
 
G_M000_IG02:                ;; offset=0x000F
       mov      edi, dword ptr [rbx+0x10]
       mov      eax, dword ptr [rbx+0x14]
       sub      eax, edi
       cmp      eax, 4
       jb       SHORT G_M000_IG04
       lea      eax, [rdi+0x04]
       mov      dword ptr [rbx+0x10], eax
       mov      rax, bword ptr [rbx+0x20]
       mov      edi, dword ptr [rax+rdi]
       mov      dword ptr [r15+0x18], edi
       mov      edi, dword ptr [rbx+0x10]
       mov      eax, dword ptr [rbx+0x14]
       sub      eax, edi
       cmp      eax, 4
       jb       SHORT G_M000_IG04
       lea      eax, [rdi+0x04]
       mov      dword ptr [rbx+0x10], eax
       mov      rax, bword ptr [rbx+0x20]
       mov      edi, dword ptr [rax+rdi]
       mov      dword ptr [r15+0x1C], edi
       mov      edi, dword ptr [rbx+0x10]
       mov      eax, dword ptr [rbx+0x14]
       sub      eax, edi
       cmp      eax, 8
       jb       SHORT G_M000_IG05
       lea      eax, [rdi+0x08]
       mov      dword ptr [rbx+0x10], eax
       mov      rax, bword ptr [rbx+0x20]
       vmovsd   xmm0, qword ptr [rax+rdi]
       vmovsd   qword ptr [r15+0x10], xmm0
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryReader:ReadString():System.String:this]
       lea      rdi, bword ptr [r15+0x08]
       mov      rsi, rax
       call     CORINFO_HELP_ASSIGN_REF
       nop      
 
G_M000_IG03:                ;; offset=0x0083
       pop      rbx
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG04:                ;; offset=0x0088
       mov      edi, 0x2669
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       mov      rdi, rbx
       mov      esi, 4
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG05:                ;; offset=0x00AF
       mov      edi, 0x268F
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       mov      rdi, rbx
       mov      esi, 8
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
; Total bytes of code 214


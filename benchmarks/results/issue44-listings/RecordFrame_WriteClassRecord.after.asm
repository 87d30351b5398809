; Assembly listing for method FastSerialization.RecordFrame:WriteClassRecord[System.__Canon](byref,FastSerialization.TypeRegistration,System.__Canon,int):int (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 100
; No PGO data
; 9 inlinees with PGO data; 8 single block inlinees; 0 inlinees without PGO data

G_M000_IG01:
       push     rbp
       push     r15
       push     r14
       push     r13
       push     r12
       push     rbx
       push     rax
       lea      rbp, [rsp+0x30]
       mov      rbx, rsi
       mov      r15, rdx
       mov      r14, rcx
       mov      r13d, r8d
 
G_M000_IG02:
       mov      r12d, dword ptr [r15+0x20]
       mov      edi, dword ptr [rbx+0x20]
       mov      dword ptr [rbp-0x2C], edi
       mov      esi, dword ptr [rbx+0x38]
       sub      esi, edi
       cmp      esi, 9
       jb       G_M000_IG09
 
G_M000_IG03:
       mov      rdi, bword ptr [rbx+0x30]
       mov      ecx, dword ptr [rbx+0x20]
       add      rdi, rcx
       cmp      r12d, 128
       jae      G_M000_IG10
       mov      byte  ptr [rdi+0x04], r12b
       mov      eax, dword ptr [rbp-0x2C]
       lea      edi, [rax+0x05]
       mov      dword ptr [rbx+0x20], edi
 
G_M000_IG04:
       mov      rdi, 0xD1FFAB1E
       cmp      qword ptr [r15], rdi
       jne      G_M000_IG15
       cmp      byte  ptr [r15+0x2A], 0
       jne      G_M000_IG14
 
G_M000_IG05:
       mov      rdi, r14
       mov      rsi, rbx
       cmp      dword ptr [rdi], edi
       call     [FastSerialization.Benchmarks.Payloads.Order:WriteDataTo(byref):this]
 
G_M000_IG06:
       mov      rdi, gword ptr [rbx+0x18]
       test     rdi, rdi
       jne      G_M000_IG16
 
G_M000_IG07:
       mov      edx, dword ptr [r15+0x20]
       mov      edi, dword ptr [rbx+0x20]
       mov      r15d, dword ptr [rbp-0x2C]
       sub      edi, r15d
       add      edi, -4
       cmp      edi, r13d
       jg       G_M000_IG17
       mov      rax, bword ptr [rbx+0x30]
       mov      esi, r15d
       mov      dword ptr [rax+rsi], edi
       lea      eax, [rdi+0x04]
 
G_M000_IG08:
       add      rsp, 8
       pop      rbx
       pop      r12
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG09:
       mov      rdi, rbx
       mov      esi, 9
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG03
 
G_M000_IG10:
       lea      rdi, bword ptr [rbx+0x30]
       mov      eax, dword ptr [rbp-0x2C]
       lea      ecx, [rax+0x04]
       cmp      ecx, dword ptr [rdi+0x08]
       jbe      SHORT G_M000_IG11
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG11:
       mov      edx, ecx
       add      rdx, bword ptr [rdi]
       mov      edi, dword ptr [rdi+0x08]
       sub      edi, ecx
       xor      ecx, ecx
       jmp      SHORT G_M000_IG13
 
G_M000_IG12:
       lea      esi, [rcx+0x01]
       cmp      ecx, edi
       jae      G_M000_IG18
       mov      ecx, ecx
       mov      r8d, r12d
       or       r8d, 128
       mov      byte  ptr [rdx+rcx], r8b
       shr      r12d, 7
       mov      ecx, esi
 
G_M000_IG13:
       cmp      r12d, 128
       jae      SHORT G_M000_IG12
       mov      esi, ecx
       lea      ecx, [rsi+0x01]
       cmp      esi, edi
       jae      SHORT G_M000_IG18
       mov      edi, esi
       mov      byte  ptr [rdx+rdi], r12b
       lea      edi, [rax+rcx]
       add      edi, 4
       mov      dword ptr [rbx+0x20], edi
       mov      eax, dword ptr [rbp-0x2C]
       jmp      G_M000_IG04
 
G_M000_IG14:
       mov      rdi, 0xD1FFAB1E
       call     CORINFO_HELP_GET_NONGCSTATIC_BASE
       movzx    rdx, byte  ptr [(reloc)]
       mov      rsi, r14
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryWriter:EnterTrackedRecord(System.Object,bool):this]
       jmp      G_M000_IG05
 
G_M000_IG15:
       mov      rdi, r15
       mov      rsi, r14
       mov      rdx, rbx
       mov      rcx, qword ptr [r15]
       mov      rcx, qword ptr [rcx+0x48]
       call     [rcx+0x08]FastSerialization.TypeRegistration:WriteBoxed(System.Object,byref):this
       jmp      G_M000_IG06
 
G_M000_IG16:
       xor      rax, rax
       mov      gword ptr [rbx+0x18], rax
       call     [FastSerialization.WriteReferences:GiveBack():this]
       jmp      G_M000_IG07
 
G_M000_IG17:
       mov      esi, r13d
       call     [FastSerialization.ThrowHelper:ThrowRecordTooLargeToWrite(int,int,int)]
       int3     
 
G_M000_IG18:
       call     CORINFO_HELP_RNGCHKFAIL
       int3     
 
; Total bytes of code 424

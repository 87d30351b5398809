; Assembly listing for method FastSerialization.RecordFrame:WriteClassRecord[System.__Canon](byref,FastSerialization.TypeRegistration,System.__Canon,int) (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 74304
; 8 inlinees with PGO data; 13 single block inlinees; 2 inlinees without PGO data

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
       mov      edi, dword ptr [rbx+0x18]
       mov      dword ptr [rbp-0x2C], edi
       mov      esi, dword ptr [rbx+0x30]
       sub      esi, edi
       cmp      esi, 9
       jb       G_M000_IG09
 
G_M000_IG03:
       lea      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       mov      ecx, dword ptr [rdi+0x08]
       cmp      esi, ecx
       ja       G_M000_IG14
       mov      edx, esi
       add      rdx, bword ptr [rdi]
       sub      ecx, esi
       cmp      ecx, 4
       jb       G_M000_IG14
       add      rdx, 4
       add      ecx, -4
       xor      edi, edi
       cmp      r12d, 128
       jae      G_M000_IG10
 
G_M000_IG04:
       mov      esi, edi
       lea      edi, [rsi+0x01]
       cmp      esi, ecx
       jae      G_M000_IG17
       mov      byte  ptr [rdx+rsi], r12b
       add      edi, dword ptr [rbx+0x18]
       add      edi, 4
       mov      dword ptr [rbx+0x18], edi
       mov      rdi, 0xD1FFAB1E
       cmp      qword ptr [r15], rdi
       jne      G_M000_IG12
       mov      rdi, r14
       test     rdi, rdi
       je       SHORT G_M000_IG06
 
G_M000_IG05:
       mov      rcx, 0xD1FFAB1E
       cmp      qword ptr [rdi], rcx
       jne      G_M000_IG11
 
G_M000_IG06:
       mov      rsi, rbx
       cmp      dword ptr [rdi], edi
       call     [FastSerialization.Benchmarks.Payloads.Order:WriteDataTo(byref):this]
 
G_M000_IG07:
       mov      edx, dword ptr [r15+0x20]
       mov      edi, dword ptr [rbx+0x18]
       mov      r14d, dword ptr [rbp-0x2C]
       sub      edi, r14d
       add      edi, -4
       cmp      edi, r13d
       jg       G_M000_IG13
       add      rbx, 40
       mov      eax, dword ptr [rbx+0x08]
       cmp      r14d, eax
       ja       G_M000_IG14
       mov      ecx, r14d
       add      rcx, bword ptr [rbx]
       sub      eax, r14d
       cmp      eax, 4
       jb       G_M000_IG15
       mov      dword ptr [rcx], edi
       add      edi, 4
       cmp      edi, dword ptr [r15+0x24]
       jne      G_M000_IG16
 
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
       lea      esi, [rdi+0x01]
       cmp      edi, ecx
       jae      SHORT G_M000_IG17
       mov      edi, edi
       mov      r8d, r12d
       or       r8d, 128
       mov      byte  ptr [rdx+rdi], r8b
       shr      r12d, 7
       cmp      r12d, 128
       mov      edi, esi
       jae      SHORT G_M000_IG10
       jmp      G_M000_IG04
 
G_M000_IG11:
       mov      rsi, r14
       mov      rdi, rcx
       call     [CORINFO_HELP_CHKCASTCLASS]
       int3     
 
G_M000_IG12:
       mov      rdi, r15
       mov      rsi, r14
       mov      rdx, rbx
       mov      rcx, qword ptr [r15]
       mov      rcx, qword ptr [rcx+0x40]
       call     [rcx+0x38]FastSerialization.TypeRegistration:WriteBoxed(System.Object,byref):this
       jmp      G_M000_IG07
 
G_M000_IG13:
       mov      esi, r13d
       call     [FastSerialization.ThrowHelper:ThrowRecordTooLargeToWrite(int,int,int)]
       int3     
 
G_M000_IG14:
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG15:
       mov      edi, 40
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException(int)]
       int3     
 
G_M000_IG16:
       mov      dword ptr [r15+0x24], edi
       jmp      G_M000_IG08
 
G_M000_IG17:
       call     CORINFO_HELP_RNGCHKFAIL
       int3     
 
; Total bytes of code 424

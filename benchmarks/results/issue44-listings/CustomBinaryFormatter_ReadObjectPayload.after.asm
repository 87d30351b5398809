; Assembly listing for method FastSerialization.CustomBinaryFormatter:ReadObjectPayload(System.ReadOnlySpan`1[byte],FastSerialization.RecordHeader,FastSerialization.TypeRegistration):System.Object:this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 8294
; 5 inlinees with PGO data; 12 single block inlinees; 0 inlinees without PGO data

G_M000_IG01:                ;; offset=0x0000
       push     rbp
       push     r15
       push     rbx
       sub      rsp, 144
       lea      rbp, [rsp+0xA0]
       xor      eax, eax
       mov      qword ptr [rbp-0x98], rax
       vxorps   xmm8, xmm8, xmm8
       vmovdqu32 zmmword ptr [rbp-0x90], zmm8
       vmovdqu32 zmmword ptr [rbp-0x50], zmm8
       mov      gword ptr [rbp-0x90], r9
       mov      rax, r9
 
G_M000_IG02:                ;; offset=0x003F
       mov      dword ptr [rbp-0x80], r8d
       mov      qword ptr [rbp-0x88], rcx
       cmp      dword ptr [rbp-0x88], edx
       ja       G_M000_IG17
       mov      rcx, gword ptr [rdi+0x08]
       mov      edx, dword ptr [rax+0x20]
       mov      r8d, dword ptr [rdi+0x1C]
       movzx    r9, byte  ptr [rdi+0x2C]
       mov      r10d, dword ptr [rdi+0x20]
       mov      r11d, dword ptr [rdi+0x24]
       mov      edi, dword ptr [rdi+0x28]
       mov      ebx, dword ptr [rbp-0x80]
       cmp      ebx, dword ptr [rbp-0x88]
       ja       G_M000_IG18
       mov      gword ptr [rbp-0x78], rcx
       xor      rcx, rcx
       mov      gword ptr [rbp-0x70], rcx
       mov      dword ptr [rbp-0x68], edx
       mov      dword ptr [rbp-0x64], r8d
       mov      dword ptr [rbp-0x60], r11d
       mov      ecx, dword ptr [rbp-0x80]
       mov      dword ptr [rbp-0x5C], ecx
       mov      ecx, dword ptr [rbp-0x88]
       mov      dword ptr [rbp-0x58], ecx
       xor      ecx, ecx
       mov      dword ptr [rbp-0x54], ecx
       mov      dword ptr [rbp-0x50], edi
       mov      byte  ptr [rbp-0x4C], r9b
       mov      bword ptr [rbp-0x48], rsi
       mov      edi, dword ptr [rbp-0x88]
       mov      dword ptr [rbp-0x40], edi
       mov      dword ptr [rbp-0x38], r10d
 
G_M000_IG03:                ;; offset=0x00C1
       mov      qword ptr [rbp-0x30], rcx
 
G_M000_IG04:                ;; offset=0x00C5
       mov      qword ptr [rbp-0x28], rcx
       mov      byte  ptr [rbp-0x20], 0
 
G_M000_IG05:                ;; offset=0x00CD
       mov      qword ptr [rbp-0x18], rcx
 
G_M000_IG06:                ;; offset=0x00D1
       mov      rdi, 0xADDR
       cmp      qword ptr [rax], rdi
       jne      G_M000_IG13
       cmp      byte  ptr [rax+0x29], 0
       jne      SHORT G_M000_IG10
 
G_M000_IG07:                ;; offset=0x00EA
       mov      rax, gword ptr [rbp-0x90]
       mov      rbx, gword ptr [rax+0x30]
       test     rbx, rbx
       jne      SHORT G_M000_IG11
       mov      rdi, 0xADDR
       mov      rcx, gword ptr [rdi]
       mov      rdi, gword ptr [rcx+0x08]
       call     [rcx+0x18]System.Func`1[System.__Canon]:Invoke():System.__Canon:this
       mov      r15, rax
 
G_M000_IG08:                ;; offset=0x0111
       lea      rsi, [rbp-0x78]
       mov      rdi, r15
       cmp      dword ptr [rdi], edi
       call     [FastSerialization.Benchmarks.Payloads.Order:SetDataFrom(byref):this]
 
G_M000_IG09:                ;; offset=0x0120
       jmp      G_M000_IG14
 
G_M000_IG10:                ;; offset=0x0125
       lea      rdi, [rbp-0x78]
       call     [FastSerialization.FastBinaryReader:get_IsAtRecordStart():bool:this]
       test     eax, eax
       je       SHORT G_M000_IG07
       lea      rdi, [rbp-0x78]
       mov      esi, dword ptr [rbp-0x5C]
       call     [FastSerialization.FastBinaryReader:ReserveTrackedNumber(int):int:this]
       mov      edx, eax
       lea      rsi, [rbp-0x78]
       mov      rdi, gword ptr [rbp-0x90]
       call     [FastSerialization.TypeRegistration`1[System.__Canon]:ReadBoxedTracked(byref,int):System.Object:this]
       mov      rsi, rax
       mov      rdi, 0xADDR
       call     [CORINFO_HELP_CHKCASTCLASS]
       mov      r15, rax
       jmp      SHORT G_M000_IG09
 
G_M000_IG11:                ;; offset=0x016B
       mov      rdi, gword ptr [rbx+0x08]
       call     [rbx+0x18]System.Func`1[System.__Canon]:Invoke():System.__Canon:this
       mov      r15, rax
       test     r15, r15
       jne      SHORT G_M000_IG12
       mov      rax, gword ptr [rbp-0x90]
       mov      esi, dword ptr [rax+0x20]
       mov      rdi, 0xADDR
       call     [FastSerialization.ThrowHelper:ThrowFactoryReturnedNull(System.Type,int)]
       int3     
 
G_M000_IG12:                ;; offset=0x0195
       jmp      G_M000_IG08
 
G_M000_IG13:                ;; offset=0x019A
       lea      rsi, [rbp-0x78]
       mov      rdi, rax
       mov      rcx, qword ptr [rax]
       mov      rcx, qword ptr [rcx+0x40]
       call     [rcx+0x20]FastSerialization.TypeRegistration:ReadBoxed(byref):System.Object:this
       mov      r15, rax
       jmp      G_M000_IG09
 
G_M000_IG14:                ;; offset=0x01B3
       mov      esi, dword ptr [rbp-0x5C]
       cmp      esi, dword ptr [rbp-0x58]
       jl       SHORT G_M000_IG19
 
G_M000_IG15:                ;; offset=0x01BB
       mov      rax, r15
 
G_M000_IG16:                ;; offset=0x01BE
       add      rsp, 144
       pop      rbx
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG17:                ;; offset=0x01CA
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG18:                ;; offset=0x01D1
       mov      edi, dword ptr [rbp-0x80]
       mov      esi, dword ptr [rbp-0x88]
       mov      edx, dword ptr [rbp-0x88]
       call     [FastSerialization.FastBinaryReader:ThrowBadFrame(int,int,int)]
       int3     
 
G_M000_IG19:                ;; offset=0x01E7
       mov      rdi, gword ptr [rbp-0x90]
       mov      rsi, gword ptr [rdi+0x10]
       lea      rdi, [rbp-0x78]
       call     [FastSerialization.FastBinaryReader:FinishFrame(System.Type):this]
       jmp      SHORT G_M000_IG15
 
G_M000_IG20:                ;; offset=0x01FE
       push     rax
 
G_M000_IG21:                ;; offset=0x01FF
       mov      rsi, rdi
       mov      rdi, 0xADDR
       call     [CORINFO_HELP_ISINSTANCEOFCLASS]
       mov      rsi, rax
       test     rsi, rsi
       jne      SHORT G_M000_IG23
 
G_M000_IG22:                ;; offset=0x021A
       xor      eax, eax
       jmp      SHORT G_M000_IG24
 
G_M000_IG23:                ;; offset=0x021E
       mov      gword ptr [rbp-0x98], rsi
       mov      rsi, gword ptr [rbp-0x98]
       mov      rdi, 0xADDR
       call     [CORINFO_HELP_ISINSTANCEOFCLASS]
       test     rax, rax
       sete     al
       movzx    rax, al
 
G_M000_IG24:                ;; offset=0x0245
       add      rsp, 8
       ret      
 
G_M000_IG25:                ;; offset=0x024A
       push     rax
 
G_M000_IG26:                ;; offset=0x024B
       lea      rdi, [rbp-0x78]
       call     [FastSerialization.FastBinaryReader:get_Position():int:this]
       mov      esi, eax
       mov      rdi, gword ptr [rbp-0x90]
       mov      rdx, gword ptr [rbp-0x98]
       call     [FastSerialization.ThrowHelper:RecordReadFailed(FastSerialization.TypeRegistration,int,System.Exception):FastSerialization.FastSerializationException]
       mov      rdi, rax
       call     CORINFO_HELP_THROW
       int3     
 
; Total bytes of code 628


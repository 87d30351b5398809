; Assembly listing for method FastSerialization.TypeRegistration`1[System.__Canon]:Read(byref):System.__Canon:this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 8262
; 2 inlinees with PGO data; 2 single block inlinees; 0 inlinees without PGO data

G_M000_IG01:                ;; offset=0x0000
       push     rbp
       push     r15
       push     r14
       push     r13
       push     rbx
       sub      rsp, 16
       lea      rbp, [rsp+0x30]
       mov      qword ptr [rbp-0x28], rdi
       mov      rbx, rdi
       mov      r15, rsi
 
G_M000_IG02:                ;; offset=0x001B
       cmp      byte  ptr [rbx+0x29], 0
       jne      G_M000_IG11
 
G_M000_IG03:                ;; offset=0x0025
       mov      r14, qword ptr [rbx]
       mov      rdi, r14
       mov      rsi, qword ptr [rdi+0x30]
       mov      rsi, qword ptr [rsi]
       mov      rsi, qword ptr [rsi+0x20]
       test     rsi, rsi
       je       G_M000_IG09
 
G_M000_IG04:                ;; offset=0x003F
       mov      rdi, rsi
       call     CORINFO_HELP_GET_GCSTATIC_BASE
       mov      r13, gword ptr [rax]
       test     r13, r13
       jne      G_M000_IG13
       mov      r13, gword ptr [rbx+0x30]
       test     r13, r13
       jne      G_M000_IG18
       mov      rdi, qword ptr [r14+0x30]
       mov      rdi, qword ptr [rdi]
       mov      r13, qword ptr [rdi+0x30]
       test     r13, r13
       je       SHORT G_M000_IG10
 
G_M000_IG05:                ;; offset=0x0070
       mov      rdi, r13
       call     CORINFO_HELP_GET_NONGCSTATIC_BASE
       cmp      byte  ptr [rax], 0
       jne      G_M000_IG17
       mov      rdi, r13
       call     CORINFO_HELP_GET_GCSTATIC_BASE
       mov      rax, gword ptr [rax]
       mov      rdi, gword ptr [rax+0x08]
       call     [rax+0x18]System.Func`1[System.__Canon]:Invoke():System.__Canon:this
       mov      r13, rax
 
G_M000_IG06:                ;; offset=0x0096
       mov      rdi, 0xADDR
       cmp      qword ptr [r13], rdi
       jne      G_M000_IG20
       mov      rdi, r13
       mov      rsi, r15
       call     [FastSerialization.Benchmarks.Payloads.Order:SetDataFrom(byref):this]
 
G_M000_IG07:                ;; offset=0x00B6
       mov      rax, r13
 
G_M000_IG08:                ;; offset=0x00B9
       add      rsp, 16
       pop      rbx
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG09:                ;; offset=0x00C6
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_RUNTIMEHANDLE_CLASS]
       mov      rsi, rax
       jmp      G_M000_IG04
 
G_M000_IG10:                ;; offset=0x00DE
       mov      rdi, r14
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_RUNTIMEHANDLE_CLASS]
       mov      r13, rax
       jmp      G_M000_IG05
 
G_M000_IG11:                ;; offset=0x00F9
       mov      rdi, r15
       call     [FastSerialization.FastBinaryReader:get_IsAtRecordStart():bool:this]
       test     eax, eax
       je       G_M000_IG03
       mov      r14, qword ptr [rbx]
       mov      rsi, qword ptr [r14+0x30]
       mov      rsi, qword ptr [rsi]
       mov      r14, qword ptr [rsi]
       mov      esi, dword ptr [r15+0x1C]
       mov      rdi, r15
       call     [FastSerialization.FastBinaryReader:ReserveTrackedNumber(int):int:this]
       mov      edx, eax
       mov      rsi, r15
       mov      rdi, rbx
       call     [FastSerialization.TypeRegistration`1[System.__Canon]:ReadBoxedTracked(byref,int):System.Object:this]
       mov      rsi, rax
       mov      rdi, r14
       call     [CORINFO_HELP_CHKCASTANY]
       nop      
 
G_M000_IG12:                ;; offset=0x013F
       add      rsp, 16
       pop      rbx
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG13:                ;; offset=0x014C
       mov      rdi, qword ptr [r14+0x30]
       mov      rdi, qword ptr [rdi]
       mov      r11, qword ptr [rdi+0x28]
       test     r11, r11
       je       SHORT G_M000_IG14
       jmp      SHORT G_M000_IG15
 
G_M000_IG14:                ;; offset=0x015E
       mov      rdi, r14
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_RUNTIMEHANDLE_CLASS]
       mov      r11, rax
 
G_M000_IG15:                ;; offset=0x0174
       mov      rdi, r13
       mov      rsi, r15
 
G_M000_IG16:                ;; offset=0x017A
       add      rsp, 16
       pop      rbx
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       tail.jmp [r11]
 
G_M000_IG17:                ;; offset=0x0189
       xor      r13, r13
       jmp      G_M000_IG06
 
G_M000_IG18:                ;; offset=0x0191
       mov      rdi, gword ptr [r13+0x08]
       call     [r13+0x18]System.Func`1[System.__Canon]:Invoke():System.__Canon:this
       mov      r13, rax
       test     r13, r13
       jne      SHORT G_M000_IG19
       mov      rdi, qword ptr [r14+0x30]
       mov      rdi, qword ptr [rdi]
       mov      rdi, qword ptr [rdi]
       call     CORINFO_HELP_TYPEHANDLE_TO_RUNTIMETYPE
       mov      rdi, rax
       mov      esi, dword ptr [rbx+0x20]
       call     [FastSerialization.ThrowHelper:ThrowFactoryReturnedNull(System.Type,int)]
       int3     
 
G_M000_IG19:                ;; offset=0x01BD
       jmp      G_M000_IG06
 
G_M000_IG20:                ;; offset=0x01C2
       mov      rdi, r13
       mov      rsi, r15
       mov      r11, 0xADDR
       call     [r11]FastSerialization.ICustomBinarySerializable:SetDataFrom(byref):this
       jmp      G_M000_IG07
 
; Total bytes of code 474


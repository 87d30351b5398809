; Assembly listing for method FastSerialization.TypeRegistration`1[System.__Canon]:Read(byref):System.__Canon:this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 4931
; 2 inlinees with PGO data; 1 single block inlinees; 0 inlinees without PGO data

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
       mov      r14, qword ptr [rbx]
       mov      rdi, r14
       mov      rsi, qword ptr [rdi+0x30]
       mov      rsi, qword ptr [rsi]
       mov      rsi, qword ptr [rsi+0x10]
       test     rsi, rsi
       je       G_M000_IG08
 
G_M000_IG03:                ;; offset=0x0035
       mov      rdi, rsi
       call     CORINFO_HELP_GET_GCSTATIC_BASE
       mov      r13, gword ptr [rax]
       test     r13, r13
       jne      G_M000_IG10
       mov      r13, gword ptr [rbx+0x30]
       test     r13, r13
       jne      G_M000_IG15
       mov      rdi, qword ptr [r14+0x30]
       mov      rdi, qword ptr [rdi]
       mov      r13, qword ptr [rdi+0x20]
       test     r13, r13
       je       SHORT G_M000_IG09
 
G_M000_IG04:                ;; offset=0x0066
       mov      rdi, r13
       call     CORINFO_HELP_GET_NONGCSTATIC_BASE
       cmp      byte  ptr [rax], 0
       jne      G_M000_IG14
       mov      rdi, r13
       call     CORINFO_HELP_GET_GCSTATIC_BASE
       mov      rax, gword ptr [rax]
       mov      rdi, gword ptr [rax+0x08]
       call     [rax+0x18]System.Func`1[System.__Canon]:Invoke():System.__Canon:this
       mov      r13, rax
 
G_M000_IG05:                ;; offset=0x008C
       mov      rdi, 0xADDR
       cmp      qword ptr [r13], rdi
       jne      G_M000_IG17
       mov      rdi, r13
       mov      rsi, r15
       call     [FastSerialization.Benchmarks.Payloads.Order:SetDataFrom(byref):this]
 
G_M000_IG06:                ;; offset=0x00AC
       mov      rax, r13
 
G_M000_IG07:                ;; offset=0x00AF
       add      rsp, 16
       pop      rbx
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG08:                ;; offset=0x00BC
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_RUNTIMEHANDLE_CLASS]
       mov      rsi, rax
       jmp      G_M000_IG03
 
G_M000_IG09:                ;; offset=0x00D4
       mov      rdi, r14
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_RUNTIMEHANDLE_CLASS]
       mov      r13, rax
       jmp      G_M000_IG04
 
G_M000_IG10:                ;; offset=0x00EF
       mov      rdi, qword ptr [r14+0x30]
       mov      rdi, qword ptr [rdi]
       mov      r11, qword ptr [rdi+0x18]
       test     r11, r11
       je       SHORT G_M000_IG11
       jmp      SHORT G_M000_IG12
 
G_M000_IG11:                ;; offset=0x0101
       mov      rdi, r14
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_RUNTIMEHANDLE_CLASS]
       mov      r11, rax
 
G_M000_IG12:                ;; offset=0x0117
       mov      rdi, r13
       mov      rsi, r15
 
G_M000_IG13:                ;; offset=0x011D
       add      rsp, 16
       pop      rbx
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       tail.jmp [r11]
 
G_M000_IG14:                ;; offset=0x012C
       xor      r13, r13
       jmp      G_M000_IG05
 
G_M000_IG15:                ;; offset=0x0134
       mov      rdi, gword ptr [r13+0x08]
       call     [r13+0x18]System.Func`1[System.__Canon]:Invoke():System.__Canon:this
       mov      r13, rax
       test     r13, r13
       jne      SHORT G_M000_IG16
       mov      rdi, qword ptr [r14+0x30]
       mov      rdi, qword ptr [rdi]
       mov      rdi, qword ptr [rdi]
       call     CORINFO_HELP_TYPEHANDLE_TO_RUNTIMETYPE
       mov      rdi, rax
       mov      esi, dword ptr [rbx+0x20]
       call     [FastSerialization.ThrowHelper:ThrowFactoryReturnedNull(System.Type,int)]
       int3     
 
G_M000_IG16:                ;; offset=0x0160
       jmp      G_M000_IG05
 
G_M000_IG17:                ;; offset=0x0165
       mov      rdi, r13
       mov      rsi, r15
       mov      r11, 0xADDR
       call     [r11]FastSerialization.ICustomBinarySerializable:SetDataFrom(byref):this
       jmp      G_M000_IG06
 
; Total bytes of code 381


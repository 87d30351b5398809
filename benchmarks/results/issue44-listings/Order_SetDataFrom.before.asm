; Assembly listing for method FastSerialization.Benchmarks.Payloads.Order:SetDataFrom(byref):this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 14690
; 19 inlinees with PGO data; 27 single block inlinees; 5 inlinees without PGO data

G_M000_IG01:                ;; offset=0x0000
       push     rbp
       push     r15
       push     r14
       push     r13
       push     r12
       push     rbx
       sub      rsp, 40
       lea      rbp, [rsp+0x50]
       xor      eax, eax
       mov      qword ptr [rbp-0x40], rax
       mov      r15, rdi
       mov      rbx, rsi
 
G_M000_IG02:                ;; offset=0x001F
       mov      edi, dword ptr [rbx+0x10]
       mov      eax, dword ptr [rbx+0x14]
       sub      eax, edi
       cmp      eax, 8
       jb       G_M000_IG25
       lea      eax, [rdi+0x08]
       mov      dword ptr [rbx+0x10], eax
       mov      rax, bword ptr [rbx+0x20]
       mov      rdi, qword ptr [rax+rdi]
       mov      qword ptr [r15+0x18], rdi
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryReader:ReadString():System.String:this]
       lea      rdi, bword ptr [r15+0x08]
       mov      rsi, rax
       call     CORINFO_HELP_ASSIGN_REF
       mov      edi, dword ptr [rbx+0x10]
       mov      r14d, edi
       mov      rsi, bword ptr [rbx+0x20]
       mov      eax, edi
       mov      ecx, dword ptr [rbx+0x14]
       cmp      eax, ecx
       jge      G_M000_IG28
       mov      edx, eax
       add      rsi, rdx
       movzx    rdx, byte  ptr [rsi]
       cmp      edx, 128
       jae      G_M000_IG26
       mov      r8d, 1
 
G_M000_IG03:                ;; offset=0x0088
       test     r8d, r8d
       je       G_M000_IG29
       add      edi, r8d
       mov      dword ptr [rbx+0x10], edi
 
G_M000_IG04:                ;; offset=0x0097
       test     edx, edx
       je       G_M000_IG30
       lea      edi, [rdx-0x01]
       mov      r13d, edi
       mov      edi, dword ptr [rbx+0x14]
       sub      edi, dword ptr [rbx+0x10]
       movsxd   rdi, edi
       cmp      rdi, r13
       jb       G_M000_IG31
 
G_M000_IG05:                ;; offset=0x00B7
       lea      rsi, [8*r13]
       lea      rdi, bword ptr [rbx+0x38]
       mov      rdx, qword ptr [rdi]
       lea      rdx, [rdx+rsi+0x20]
       mov      qword ptr [rdi], rdx
       cmp      rdx, 0x4000
       jge      G_M000_IG32
 
G_M000_IG06:                ;; offset=0x00DB
       test     r13d, r13d
       jl       G_M000_IG33
       mov      rdi, 0xADDR
       call     CORINFO_HELP_NEWSFAST
       mov      r14, rax
       test     r13d, r13d
       je       G_M000_IG34
       mov      esi, r13d
       mov      rdi, 0xADDR
       call     CORINFO_HELP_NEWARR_1_PTR
       lea      rdi, bword ptr [r14+0x08]
       mov      rsi, rax
       call     CORINFO_HELP_ASSIGN_REF
 
G_M000_IG07:                ;; offset=0x011D
       inc      r13d
 
G_M000_IG08:                ;; offset=0x0120
       dec      r13d
       je       G_M000_IG22
 
G_M000_IG09:                ;; offset=0x0129
       mov      edi, dword ptr [rbx+0x10]
       mov      r12d, edi
       mov      dword ptr [rbp-0x30], edi
       mov      rsi, bword ptr [rbx+0x20]
       mov      ecx, edi
       mov      edx, dword ptr [rbx+0x14]
       cmp      ecx, edx
       jge      G_M000_IG37
       mov      r8d, ecx
       add      rsi, r8
       movzx    r8, byte  ptr [rsi]
       cmp      r8d, 128
       jae      G_M000_IG35
       mov      r9d, 1
 
G_M000_IG10:                ;; offset=0x0160
       test     r9d, r9d
       je       G_M000_IG38
       add      edi, r9d
       mov      dword ptr [rbx+0x10], edi
 
G_M000_IG11:                ;; offset=0x016F
       test     r8d, r8d
       je       G_M000_IG39
       lea      ecx, [r8-0x01]
       mov      dword ptr [rbp-0x34], ecx
       mov      edx, dword ptr [rbx+0x14]
       sub      edx, dword ptr [rbx+0x10]
       cmp      edx, ecx
       jb       G_M000_IG46
       mov      eax, ecx
 
G_M000_IG12:                ;; offset=0x018F
       mov      dword ptr [rbp-0x2C], eax
       test     eax, eax
       jl       G_M000_IG40
       mov      ecx, dword ptr [rbx+0x18]
       cmp      ecx, dword ptr [rbx+0x0C]
       jge      G_M000_IG21
 
G_M000_IG13:                ;; offset=0x01A6
       cmp      ecx, 8
       jge      G_M000_IG41
 
G_M000_IG14:                ;; offset=0x01AF
       lea      rdi, bword ptr [rbx+0x38]
       mov      rdx, qword ptr [rdi]
       add      rdx, 32
       mov      qword ptr [rdi], rdx
       cmp      rdx, 0x4000
       jge      G_M000_IG42
 
G_M000_IG15:                ;; offset=0x01CA
       mov      r12d, dword ptr [rbx+0x14]
       mov      eax, dword ptr [rbp-0x2C]
       add      eax, dword ptr [rbx+0x10]
       mov      dword ptr [rbx+0x14], eax
       inc      dword ptr [rbx+0x18]
       mov      rdi, gword ptr [rbx]
       xor      rdx, rdx
       mov      gword ptr [rbp-0x40], rdx
       test     rdi, rdi
       je       SHORT G_M000_IG17
 
G_M000_IG16:                ;; offset=0x01E8
       cmp      byte  ptr [rdi+0x31], 0
       jne      G_M000_IG43
 
G_M000_IG17:                ;; offset=0x01F2
       mov      rdi, 0xADDR
       mov      rax, gword ptr [rdi]
       mov      rdi, gword ptr [rax+0x08]
       call     [rax+0x18]System.Func`1[System.__Canon]:Invoke():System.__Canon:this
       mov      rsi, rax
 
G_M000_IG18:                ;; offset=0x0209
       xor      rdi, rdi
       mov      gword ptr [rbp-0x40], rdi
       cmp      byte  ptr [rsi], sil
       mov      edi, dword ptr [rbx+0x10]
       mov      eax, dword ptr [rbx+0x14]
       sub      eax, edi
       cmp      eax, 4
       jb       G_M000_IG51
       lea      eax, [rdi+0x04]
       mov      dword ptr [rbx+0x10], eax
       mov      rax, bword ptr [rbx+0x20]
       mov      edi, dword ptr [rax+rdi]
       mov      dword ptr [rsi+0x18], edi
       mov      edi, dword ptr [rbx+0x10]
       mov      eax, dword ptr [rbx+0x14]
       sub      eax, edi
       cmp      eax, 4
       jb       G_M000_IG51
       lea      eax, [rdi+0x04]
       mov      dword ptr [rbx+0x10], eax
       mov      rax, bword ptr [rbx+0x20]
       mov      edi, dword ptr [rax+rdi]
       mov      dword ptr [rsi+0x1C], edi
       mov      edi, dword ptr [rbx+0x10]
       mov      eax, dword ptr [rbx+0x14]
       sub      eax, edi
       cmp      eax, 8
       jb       G_M000_IG52
       lea      eax, [rdi+0x08]
       mov      dword ptr [rbx+0x10], eax
       mov      rax, bword ptr [rbx+0x20]
       vmovsd   xmm0, qword ptr [rax+rdi]
       mov      gword ptr [rbp-0x48], rsi
       vmovsd   qword ptr [rsi+0x10], xmm0
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryReader:ReadString():System.String:this]
       mov      rsi, gword ptr [rbp-0x48]
       lea      rdi, bword ptr [rsi+0x08]
       mov      rsi, rax
       call     CORINFO_HELP_ASSIGN_REF
       mov      edi, dword ptr [rbx+0x10]
       cmp      edi, dword ptr [rbx+0x14]
       jne      G_M000_IG44
 
G_M000_IG19:                ;; offset=0x02A2
       dec      dword ptr [rbx+0x18]
       mov      dword ptr [rbx+0x14], r12d
       mov      r12, gword ptr [rbp-0x48]
       mov      rsi, r12
 
G_M000_IG20:                ;; offset=0x02B0
       inc      dword ptr [r14+0x14]
       mov      rdi, gword ptr [r14+0x08]
       mov      eax, dword ptr [r14+0x10]
       mov      ecx, dword ptr [rdi+0x08]
       cmp      ecx, eax
       jbe      G_M000_IG45
       lea      ecx, [rax+0x01]
       mov      dword ptr [r14+0x10], ecx
       lea      rdi, bword ptr [rdi+8*rax+0x10]
       call     CORINFO_HELP_ASSIGN_REF
       jmp      G_M000_IG08
 
G_M000_IG21:                ;; offset=0x02DD
       mov      rdi, rbx
       mov      esi, r12d
       mov      rdx, 0xADDR
       call     [FastSerialization.FastBinaryReader:ThrowTooDeep(int,System.Type):this]
       jmp      G_M000_IG14
 
G_M000_IG22:                ;; offset=0x02F8
       lea      rdi, bword ptr [r15+0x10]
       mov      rsi, r14
       call     CORINFO_HELP_ASSIGN_REF
 
G_M000_IG23:                ;; offset=0x0304
       nop      
 
G_M000_IG24:                ;; offset=0x0305
       add      rsp, 40
       pop      rbx
       pop      r12
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG25:                ;; offset=0x0314
       mov      edi, 0x2675
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       mov      rdi, rbx
       mov      esi, 8
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG26:                ;; offset=0x033B
       lea      r8d, [rax+0x01]
       cmp      r8d, ecx
       jge      SHORT G_M000_IG28
       movzx    r8, byte  ptr [rsi+0x01]
       lea      r9d, [r8-0x01]
       cmp      r9d, 127
       jae      SHORT G_M000_IG27
       and      edx, 127
       mov      esi, r8d
       shl      esi, 7
       or       edx, esi
       mov      r8d, 2
       jmp      G_M000_IG03
 
G_M000_IG27:                ;; offset=0x0369
       cmp      r8d, 128
       jb       SHORT G_M000_IG28
       add      eax, 2
       cmp      eax, ecx
       jge      SHORT G_M000_IG28
       movzx    rsi, byte  ptr [rsi+0x02]
       lea      eax, [rsi-0x01]
       cmp      eax, 127
       jae      SHORT G_M000_IG28
       and      edx, 127
       and      r8d, 127
       shl      r8d, 7
       or       edx, r8d
       shl      esi, 14
       or       edx, esi
       mov      r8d, 3
       jmp      G_M000_IG03
 
G_M000_IG28:                ;; offset=0x03A4
       xor      edx, edx
       xor      r8d, r8d
       jmp      G_M000_IG03
 
G_M000_IG29:                ;; offset=0x03AE
       mov      rdi, rbx
       mov      rsi, 0xADDR
       call     [FastSerialization.FastBinaryReader:ReadVarUInt32Slow(System.String):uint:this]
       mov      edx, eax
       jmp      G_M000_IG04
 
G_M000_IG30:                ;; offset=0x03C8
       mov      r13d, -1
       jmp      G_M000_IG06
 
G_M000_IG31:                ;; offset=0x03D3
       mov      rdi, rbx
       mov      esi, r14d
       mov      ecx, 1
       call     [FastSerialization.FastBinaryReader:ThrowCollectionPastFrame(int,uint,int):this]
       jmp      G_M000_IG05
 
G_M000_IG32:                ;; offset=0x03E9
       mov      rdi, rbx
       mov      edx, r14d
       call     [FastSerialization.FastBinaryReader:CheckAllocation(long,int):this]
       jmp      G_M000_IG06
 
G_M000_IG33:                ;; offset=0x03FA
       xor      rdi, rdi
       mov      gword ptr [r15+0x10], rdi
       jmp      G_M000_IG23
 
G_M000_IG34:                ;; offset=0x0405
       mov      rdi, 0xADDR
       mov      rsi, gword ptr [rdi]
       lea      rdi, bword ptr [r14+0x08]
       call     CORINFO_HELP_ASSIGN_REF
       jmp      G_M000_IG07
 
G_M000_IG35:                ;; offset=0x0420
       lea      r9d, [rcx+0x01]
       cmp      r9d, edx
       jge      SHORT G_M000_IG37
       movzx    r9, byte  ptr [rsi+0x01]
       lea      r10d, [r9-0x01]
       cmp      r10d, 127
       jae      SHORT G_M000_IG36
       and      r8d, 127
       mov      esi, r9d
       shl      esi, 7
       or       r8d, esi
       mov      r9d, 2
       jmp      G_M000_IG10
 
G_M000_IG36:                ;; offset=0x0450
       cmp      r9d, 128
       jb       SHORT G_M000_IG37
       add      ecx, 2
       cmp      ecx, edx
       jge      SHORT G_M000_IG37
       movzx    rsi, byte  ptr [rsi+0x02]
       lea      ecx, [rsi-0x01]
       cmp      ecx, 127
       jae      SHORT G_M000_IG37
       and      r8d, 127
       and      r9d, 127
       shl      r9d, 7
       or       r8d, r9d
       shl      esi, 14
       or       r8d, esi
       mov      r9d, 3
       jmp      G_M000_IG10
 
G_M000_IG37:                ;; offset=0x048D
       xor      r8d, r8d
       xor      r9d, r9d
       jmp      G_M000_IG10
 
G_M000_IG38:                ;; offset=0x0498
       mov      rdi, rbx
       mov      rsi, 0xADDR
       call     [FastSerialization.FastBinaryReader:ReadVarUInt32Slow(System.String):uint:this]
       mov      r8d, eax
       jmp      G_M000_IG11
 
G_M000_IG39:                ;; offset=0x04B3
       mov      eax, -1
       jmp      G_M000_IG12
 
G_M000_IG40:                ;; offset=0x04BD
       xor      rsi, rsi
       jmp      G_M000_IG20
 
G_M000_IG41:                ;; offset=0x04C4
       call     [FastSerialization.StackGuard:HasRoom():bool]
       test     eax, eax
       jne      G_M000_IG14
       jmp      G_M000_IG21
 
G_M000_IG42:                ;; offset=0x04D7
       mov      rdi, rbx
       mov      edx, r12d
       xor      esi, esi
       call     [FastSerialization.FastBinaryReader:CheckAllocation(long,int):this]
       jmp      G_M000_IG15
 
G_M000_IG43:                ;; offset=0x04EA
       lea      rdx, [rbp-0x40]
       mov      rsi, 0xADDR
       call     [FastSerialization.TypeRegistry:TryGetRegistration[System.__Canon](byref):bool:this]
       test     eax, eax
       je       G_M000_IG17
       mov      rdi, gword ptr [rbp-0x40]
       cmp      dword ptr [rdi], edi
       call     [FastSerialization.TypeRegistration`1[System.__Canon]:Create():System.__Canon:this]
       mov      rsi, rax
       jmp      G_M000_IG18
 
G_M000_IG44:                ;; offset=0x051A
       mov      rdi, gword ptr [rbp-0x48]
       call     [System.Object:GetType():System.Type:this]
       mov      rsi, rax
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryReader:FinishFrame(System.Type):this]
       jmp      G_M000_IG19
 
G_M000_IG45:                ;; offset=0x0535
       mov      rdi, r14
       call     [System.Collections.Generic.List`1[System.__Canon]:AddWithResize(System.__Canon):this]
       jmp      G_M000_IG08
 
G_M000_IG46:                ;; offset=0x0543
       mov      eax, dword ptr [rbp-0x30]
       mov      dword ptr [rbx+0x10], eax
       mov      r15d, dword ptr [rbx+0x08]
       mov      ebx, dword ptr [rbx+0x14]
       cmp      r8d, 128
       jb       SHORT G_M000_IG50
       cmp      r8d, 0x4000
       jb       SHORT G_M000_IG49
       cmp      r8d, 0x200000
       jb       SHORT G_M000_IG48
       mov      r14d, 4
       mov      edi, 5
       cmp      r8d, 0xADDR
       cmovae   r14d, edi
 
G_M000_IG47:                ;; offset=0x0581
       mov      edi, 0x2842
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_STRCNS]
       mov      rdi, rax
       mov      r13d, dword ptr [rbp-0x30]
       add      r14d, r13d
       sub      ebx, r14d
       movsxd   r8, ebx
       mov      edx, r15d
       shl      rdx, 32
       or       rdx, 1
       movsxd   rsi, r13d
       mov      ecx, dword ptr [rbp-0x34]
       call     [FastSerialization.ThrowHelper:ThrowLengthPastFrame(System.String,long,System.Nullable`1[int],uint,long)]
       int3     
 
G_M000_IG48:                ;; offset=0x05BE
       mov      r14d, 3
       jmp      SHORT G_M000_IG47
 
G_M000_IG49:                ;; offset=0x05C6
       mov      r14d, 2
       jmp      SHORT G_M000_IG47
 
G_M000_IG50:                ;; offset=0x05CE
       mov      r14d, 1
       jmp      SHORT G_M000_IG47
 
G_M000_IG51:                ;; offset=0x05D6
       mov      edi, 0x2669
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       mov      rdi, rbx
       mov      esi, 4
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG52:                ;; offset=0x05FD
       mov      edi, 0x268F
       mov      rsi, 0xADDR
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       mov      rdi, rbx
       mov      esi, 8
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
; Total bytes of code 1572


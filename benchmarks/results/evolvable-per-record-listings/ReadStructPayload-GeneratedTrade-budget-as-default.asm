FastSerialization.CustomBinaryFormatter:ReadStructPayload[FastSerialization.Benchmarks.Payloads.Generated.GeneratedTrade](System.ReadOnlySpan`1[byte],FastSerialization.RecordHeader,FastSerialization.TypeRegistration,byref):this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 17500
; 30 inlinees with PGO data; 73 single block inlinees; 3 inlinees without PGO data

G_M000_IG01:                ;; offset=0x0000
       push     rbp
       push     r15
       push     rbx
       sub      rsp, 224
       lea      rbp, [rsp+0xF0]
       xor      eax, eax
       mov      qword ptr [rbp-0xE8], rax
       vxorps   xmm8, xmm8, xmm8
       vmovdqu32 zmmword ptr [rbp-0xE0], zmm8
       vmovdqu32 zmmword ptr [rbp-0xA0], zmm8
       vmovdqu32 zmmword ptr [rbp-0x60], zmm8
       vmovdqa  xmmword ptr [rbp-0x20], xmm8
       mov      gword ptr [rbp-0xE0], r9
       mov      rax, r9
       mov      rbx, bword ptr [rbp+0x10]
 
G_M000_IG02:                ;; offset=0x0052
       mov      dword ptr [rbp-0x60], r8d
       mov      qword ptr [rbp-0x68], rcx
       cmp      dword ptr [rbp-0x68], edx
       ja       G_M000_IG32
       mov      rdi, gword ptr [rdi+0x18]
       mov      ecx, dword ptr [rax+0x20]
       mov      edx, dword ptr [rbp-0x60]
       cmp      edx, dword ptr [rbp-0x68]
       ja       G_M000_IG33
       vxorps   xmm0, xmm0, xmm0
       vmovdqu  xmmword ptr [rbp-0x80], xmm0
       vmovdqu  xmmword ptr [rbp-0x78], xmm0
 
G_M000_IG03:                ;; offset=0x0084
       vmovdqu32 zmm0, zmmword ptr [rbp-0xB0]
       vmovdqu32 zmmword ptr [rbp-0x58], zmm0
       mov      rdx, qword ptr [rbp-0x70]
       mov      qword ptr [rbp-0x18], rdx
 
G_M000_IG04:                ;; offset=0x00A0
       mov      gword ptr [rbp-0x58], rdi
       xor      rdi, rdi
       mov      gword ptr [rbp-0x50], rdi
       mov      dword ptr [rbp-0x48], ecx
       mov      edi, dword ptr [rbp-0x60]
       mov      dword ptr [rbp-0x44], edi
       mov      edi, dword ptr [rbp-0x68]
       mov      dword ptr [rbp-0x40], edi
       xor      edi, edi
       mov      dword ptr [rbp-0x3C], edi
       mov      bword ptr [rbp-0x38], rsi
       mov      esi, dword ptr [rbp-0x68]
       mov      dword ptr [rbp-0x30], esi
 
G_M000_IG05:                ;; offset=0x00C8
       mov      rsi, 0x7F1AD56FE550
       cmp      qword ptr [rax], rsi
       jne      G_M000_IG29
       cmp      gword ptr [rax+0x30], 0
       jne      G_M000_IG12
       vxorps   ymm0, ymm0, ymm0
       vmovdqu  ymmword ptr [rbx], ymm0
       vmovdqu  xmmword ptr [rbx+0x18], xmm0
 
G_M000_IG06:                ;; offset=0x00F3
       mov      edi, dword ptr [rbp-0x40]
       mov      esi, dword ptr [rbp-0x44]
       sub      edi, esi
       cmp      edi, 3
       jl       G_M000_IG13
       lea      edi, [rsi+0x03]
       mov      dword ptr [rbp-0x44], edi
       mov      edi, esi
       add      rdi, 3
       mov      ecx, dword ptr [rbp-0x30]
       cmp      rdi, rcx
       ja       G_M000_IG24
       mov      edi, esi
       add      rdi, bword ptr [rbp-0x38]
       movzx    rsi, byte  ptr [rdi]
       mov      byte  ptr [rbx], sil
       movzx    rsi, byte  ptr [rdi+0x01]
       mov      byte  ptr [rbx+0x01], sil
       movzx    rdi, byte  ptr [rdi+0x02]
       mov      byte  ptr [rbx+0x02], dil
 
G_M000_IG07:                ;; offset=0x013B
       mov      edi, dword ptr [rbp-0x44]
       mov      esi, dword ptr [rbp-0x40]
       cmp      edi, esi
       jge      G_M000_IG30
       sub      esi, edi
       je       G_M000_IG17
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x44], esi
       mov      rsi, bword ptr [rbp-0x38]
       movzx    rsi, byte  ptr [rsi+rdi]
       cmp      esi, 1
       jg       G_M000_IG14
       test     esi, esi
       je       G_M000_IG16
       mov      edi, dword ptr [rbp-0x44]
       cmp      edi, dword ptr [rbp-0x40]
       jge      G_M000_IG15
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x44], esi
       mov      rsi, bword ptr [rbp-0x38]
       movzx    rdi, byte  ptr [rsi+rdi]
       mov      byte  ptr [rbx+0x03], 1
       mov      byte  ptr [rbx+0x04], dil
 
G_M000_IG08:                ;; offset=0x0194
       mov      edi, dword ptr [rbp-0x44]
       mov      esi, dword ptr [rbp-0x40]
       cmp      edi, esi
       jge      G_M000_IG30
       sub      esi, edi
       je       G_M000_IG17
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x44], esi
       mov      rsi, bword ptr [rbp-0x38]
       mov      rcx, rsi
       movzx    rcx, byte  ptr [rcx+rdi]
       cmp      ecx, 1
       jg       G_M000_IG18
       test     ecx, ecx
       je       G_M000_IG23
       mov      edi, dword ptr [rbp-0x44]
       mov      ecx, edi
       mov      edx, dword ptr [rbp-0x40]
       cmp      ecx, edx
       jge      G_M000_IG21
       mov      r8d, ecx
       add      rsi, r8
       movzx    r8, byte  ptr [rsi]
       cmp      r8d, 128
       jb       G_M000_IG19
       lea      r9d, [rcx+0x01]
       cmp      r9d, edx
       jge      G_M000_IG21
       movzx    r9, byte  ptr [rsi+0x01]
       lea      r10d, [r9-0x01]
       cmp      r10d, 127
       jae      G_M000_IG20
       and      r8d, 127
       shl      r9d, 7
       or       r8d, r9d
       mov      r9d, 2
 
G_M000_IG09:                ;; offset=0x0224
       test     r9d, r9d
       je       G_M000_IG22
       add      edi, r9d
       mov      dword ptr [rbp-0x44], edi
 
G_M000_IG10:                ;; offset=0x0233
       mov      ecx, r8d
       and      ecx, 1
       neg      ecx
       shr      r8d, 1
       xor      ecx, r8d
       mov      byte  ptr [rbx+0x08], 1
       mov      dword ptr [rbx+0x0C], ecx
 
G_M000_IG11:                ;; offset=0x0248
       mov      ecx, dword ptr [rbp-0x40]
       mov      r15d, dword ptr [rbp-0x44]
       sub      ecx, r15d
       cmp      ecx, 24
       jl       G_M000_IG25
       lea      ecx, [r15+0x18]
       mov      dword ptr [rbp-0x44], ecx
       mov      ecx, r15d
       add      rcx, 24
       mov      edx, dword ptr [rbp-0x30]
       cmp      rcx, rdx
       ja       G_M000_IG24
       mov      ecx, r15d
       add      rcx, bword ptr [rbp-0x38]
       mov      rdx, qword ptr [rcx]
       mov      qword ptr [rbx+0x10], rdx
       lea      rdx, bword ptr [rcx+0x08]
       vmovsd   xmm0, qword ptr [rdx]
       vmovsd   qword ptr [rbx+0x18], xmm0
       add      rcx, 16
       vmovsd   xmm0, qword ptr [rcx]
       vmovsd   qword ptr [rbx+0x20], xmm0
       jmp      G_M000_IG30
 
G_M000_IG12:                ;; offset=0x02A2
       lea      rsi, [rbp-0xD8]
       mov      rdi, rax
       call     [FastSerialization.TypeRegistration`1[FastSerialization.Benchmarks.Payloads.Generated.GeneratedTrade]:Create():FastSerialization.Benchmarks.Payloads.Generated.GeneratedTrade:this]
       vmovdqu  ymm0, ymmword ptr [rbp-0xD8]
       vmovdqu  ymmword ptr [rbx], ymm0
       mov      rdi, qword ptr [rbp-0xB8]
       mov      qword ptr [rbx+0x20], rdi
       mov      rax, gword ptr [rbp-0xE0]
       jmp      G_M000_IG06
 
G_M000_IG13:                ;; offset=0x02D5
       cmp      esi, dword ptr [rbp-0x40]
       jge      G_M000_IG30
       mov      edi, esi
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x44], esi
       mov      rsi, bword ptr [rbp-0x38]
       movzx    rdi, byte  ptr [rsi+rdi]
       mov      byte  ptr [rbx], dil
       mov      edi, dword ptr [rbp-0x44]
       cmp      edi, dword ptr [rbp-0x40]
       jge      G_M000_IG30
       mov      edi, dword ptr [rbp-0x44]
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x44], esi
       mov      rsi, bword ptr [rbp-0x38]
       movzx    rdi, byte  ptr [rsi+rdi]
       mov      byte  ptr [rbx+0x01], dil
       mov      edi, dword ptr [rbp-0x44]
       cmp      edi, dword ptr [rbp-0x40]
       jge      G_M000_IG30
       mov      edi, dword ptr [rbp-0x44]
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x44], esi
       mov      rsi, bword ptr [rbp-0x38]
       movzx    rdi, byte  ptr [rsi+rdi]
       mov      byte  ptr [rbx+0x02], dil
       jmp      G_M000_IG07
 
G_M000_IG14:                ;; offset=0x033B
       lea      rdi, [rbp-0x58]
       call     [FastSerialization.FastBinaryReader:ThrowNotABoolean(byte):this]
       int3     
 
G_M000_IG15:                ;; offset=0x0346
       mov      edi, 324
       mov      rsi, 0x7F1AD533B558
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       lea      rdi, [rbp-0x58]
       mov      esi, 1
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG16:                ;; offset=0x036E
       mov      word  ptr [rbx+0x03], 0
       jmp      G_M000_IG08
 
G_M000_IG17:                ;; offset=0x0379
       mov      edi, 0x2960
       mov      rsi, 0x7F1AD533B558
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       lea      rdi, [rbp-0x58]
       mov      esi, 1
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG18:                ;; offset=0x03A1
       lea      rdi, [rbp-0x58]
       mov      esi, ecx
       call     [FastSerialization.FastBinaryReader:ThrowNotABoolean(byte):this]
       int3     
 
G_M000_IG19:                ;; offset=0x03AE
       mov      r9d, 1
       jmp      G_M000_IG09
 
G_M000_IG20:                ;; offset=0x03B9
       cmp      r9d, 128
       jb       SHORT G_M000_IG21
       add      ecx, 2
       cmp      ecx, edx
       jge      SHORT G_M000_IG21
       movzx    rsi, byte  ptr [rsi+0x02]
       lea      ecx, [rsi-0x01]
       cmp      ecx, 127
       jae      SHORT G_M000_IG21
       and      r8d, 127
       mov      ecx, r9d
       and      ecx, 127
       shl      ecx, 7
       or       r8d, ecx
       shl      esi, 14
       or       r8d, esi
       mov      r9d, 3
       jmp      G_M000_IG09
 
G_M000_IG21:                ;; offset=0x03F7
       xor      r8d, r8d
       xor      r9d, r9d
       jmp      G_M000_IG09
 
G_M000_IG22:                ;; offset=0x0402
       lea      rdi, [rbp-0x58]
       mov      rsi, 0x7F1AD062C268
       call     [FastSerialization.FastBinaryReader:ReadVarUInt32Slow(System.String):uint:this]
       mov      r8d, eax
       mov      rax, gword ptr [rbp-0xE0]
       jmp      G_M000_IG10
 
G_M000_IG23:                ;; offset=0x0425
       xor      ecx, ecx
       mov      qword ptr [rbx+0x08], rcx
       jmp      G_M000_IG11
 
G_M000_IG24:                ;; offset=0x0430
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG25:                ;; offset=0x0437
       cmp      r15d, dword ptr [rbp-0x40]
       jge      G_M000_IG30
       mov      edi, r15d
       cmp      ecx, 8
       jae      SHORT G_M000_IG26
       mov      edi, 362
       mov      rsi, 0x7F1AD533B558
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       lea      rdi, [rbp-0x58]
       mov      esi, 8
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG26:                ;; offset=0x0471
       lea      esi, [rdi+0x08]
       mov      dword ptr [rbp-0x44], esi
       mov      rsi, bword ptr [rbp-0x38]
       mov      edi, edi
       mov      rdi, qword ptr [rsi+rdi]
       mov      qword ptr [rbx+0x10], rdi
       mov      edi, dword ptr [rbp-0x44]
       cmp      edi, dword ptr [rbp-0x40]
       jge      G_M000_IG30
       mov      edi, dword ptr [rbp-0x44]
       mov      esi, dword ptr [rbp-0x40]
       sub      esi, edi
       cmp      esi, 8
       jb       SHORT G_M000_IG27
       lea      esi, [rdi+0x08]
       mov      dword ptr [rbp-0x44], esi
       mov      rsi, bword ptr [rbp-0x38]
       vmovsd   xmm0, qword ptr [rsi+rdi]
       vmovsd   qword ptr [rbx+0x18], xmm0
       mov      edi, dword ptr [rbp-0x44]
       cmp      edi, dword ptr [rbp-0x40]
       jge      SHORT G_M000_IG30
       mov      edi, dword ptr [rbp-0x44]
       mov      esi, dword ptr [rbp-0x40]
       sub      esi, edi
       cmp      esi, 8
       jae      SHORT G_M000_IG28
 
G_M000_IG27:                ;; offset=0x04C7
       mov      edi, 0x29B8
       mov      rsi, 0x7F1AD533B558
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       lea      rdi, [rbp-0x58]
       mov      esi, 8
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG28:                ;; offset=0x04EF
       lea      esi, [rdi+0x08]
       mov      dword ptr [rbp-0x44], esi
       mov      rsi, bword ptr [rbp-0x38]
       mov      edi, edi
       vmovsd   xmm0, qword ptr [rsi+rdi]
       vmovsd   qword ptr [rbx+0x20], xmm0
       jmp      SHORT G_M000_IG30
 
G_M000_IG29:                ;; offset=0x0507
       lea      rsi, [rbp-0x58]
       mov      rdi, rax
       mov      rdx, rbx
       mov      rcx, qword ptr [rax]
       mov      rcx, qword ptr [rcx+0x40]
       call     [rcx+0x38]FastSerialization.TypeRegistration:ReadInto(byref,byref):this
       mov      rax, gword ptr [rbp-0xE0]
 
G_M000_IG30:                ;; offset=0x0522
       mov      esi, dword ptr [rbp-0x44]
       cmp      esi, dword ptr [rbp-0x40]
       jl       SHORT G_M000_IG34
 
G_M000_IG31:                ;; offset=0x052A
       vzeroupper 
       add      rsp, 224
       pop      rbx
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG32:                ;; offset=0x0539
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG33:                ;; offset=0x0540
       mov      edi, dword ptr [rbp-0x60]
       mov      esi, dword ptr [rbp-0x68]
       mov      edx, dword ptr [rbp-0x68]
       call     [FastSerialization.FastBinaryReader:ThrowBadFrame(int,int,int)]
       int3     
 
G_M000_IG34:                ;; offset=0x0550
       mov      rsi, gword ptr [rax+0x10]
       lea      rdi, [rbp-0x58]
       call     [FastSerialization.FastBinaryReader:FinishFrame(System.Type):this]
       jmp      SHORT G_M000_IG31
 
G_M000_IG35:                ;; offset=0x0560
       push     rax
 
G_M000_IG36:                ;; offset=0x0561
       mov      rsi, rdi
       mov      rdi, 0x7F1AD52705D8
       call     [CORINFO_HELP_ISINSTANCEOFCLASS]
       mov      rsi, rax
       test     rsi, rsi
       jne      SHORT G_M000_IG38
 
G_M000_IG37:                ;; offset=0x057C
       xor      eax, eax
       jmp      SHORT G_M000_IG39
 
G_M000_IG38:                ;; offset=0x0580
       mov      gword ptr [rbp-0xE8], rsi
       mov      rsi, gword ptr [rbp-0xE8]
       mov      rdi, 0x7F1AD7971538
       call     [CORINFO_HELP_ISINSTANCEOFCLASS]
       test     rax, rax
       sete     al
       movzx    rax, al
 
G_M000_IG39:                ;; offset=0x05A7
       vzeroupper 
       add      rsp, 8
       ret      
 
G_M000_IG40:                ;; offset=0x05AF
       push     rax
 
G_M000_IG41:                ;; offset=0x05B0
       lea      rdi, [rbp-0x58]
       call     [FastSerialization.FastBinaryReader:get_Position():int:this]
       mov      esi, eax
       mov      rdi, gword ptr [rbp-0xE0]
       mov      rdx, gword ptr [rbp-0xE8]
       call     [FastSerialization.ThrowHelper:RecordReadFailed(FastSerialization.TypeRegistration,int,System.Exception):FastSerialization.FastSerializationException]
       mov      rdi, rax
       call     CORINFO_HELP_THROW
       int3     
 
; Total bytes of code 1497


FastSerialization.CustomBinaryFormatter:ReadStructPayload[FastSerialization.Benchmarks.Payloads.Generated.GeneratedTrade](System.ReadOnlySpan`1[byte],FastSerialization.RecordHeader,FastSerialization.TypeRegistration,byref):this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 18580
; 30 inlinees with PGO data; 74 single block inlinees; 3 inlinees without PGO data

G_M000_IG01:                ;; offset=0x0000
       push     rbp
       push     r15
       push     rbx
       sub      rsp, 176
       lea      rbp, [rsp+0xC0]
       vxorps   xmm8, xmm8, xmm8
       vmovdqu32 zmmword ptr [rbp-0xC0], zmm8
       vmovdqu32 zmmword ptr [rbp-0x80], zmm8
       vmovdqu32 zmmword ptr [rbp-0x50], zmm8
       mov      gword ptr [rbp-0xB8], r9
       mov      rax, r9
       mov      rbx, bword ptr [rbp+0x10]
 
G_M000_IG02:                ;; offset=0x003E
       mov      dword ptr [rbp-0x80], r8d
       mov      qword ptr [rbp-0x88], rcx
       cmp      dword ptr [rbp-0x88], edx
       ja       G_M000_IG33
       mov      rcx, gword ptr [rdi+0x08]
       mov      edx, dword ptr [rax+0x20]
       mov      r8d, dword ptr [rdi+0x1C]
       movzx    r9, byte  ptr [rdi+0x2C]
       mov      r10d, dword ptr [rdi+0x20]
       mov      r11d, dword ptr [rdi+0x24]
       mov      edi, dword ptr [rdi+0x28]
       mov      r15d, dword ptr [rbp-0x80]
       cmp      r15d, dword ptr [rbp-0x88]
       ja       G_M000_IG34
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
       mov      esi, dword ptr [rbp-0x88]
       mov      dword ptr [rbp-0x40], esi
       mov      dword ptr [rbp-0x38], r10d
 
G_M000_IG03:                ;; offset=0x00C2
       mov      qword ptr [rbp-0x30], rcx
 
G_M000_IG04:                ;; offset=0x00C6
       mov      qword ptr [rbp-0x28], rcx
       mov      byte  ptr [rbp-0x20], 0
 
G_M000_IG05:                ;; offset=0x00CE
       mov      qword ptr [rbp-0x18], rcx
 
G_M000_IG06:                ;; offset=0x00D2
       mov      rsi, 0x7F69B90FE550
       cmp      qword ptr [rax], rsi
       jne      G_M000_IG30
       cmp      gword ptr [rax+0x30], 0
       jne      G_M000_IG13
       vxorps   ymm0, ymm0, ymm0
       vmovdqu  ymmword ptr [rbx], ymm0
       vmovdqu  xmmword ptr [rbx+0x18], xmm0
 
G_M000_IG07:                ;; offset=0x00FD
       mov      edi, dword ptr [rbp-0x58]
       sub      edi, dword ptr [rbp-0x5C]
       cmp      edi, 3
       jl       G_M000_IG14
       mov      edi, dword ptr [rbp-0x5C]
       lea      esi, [rdi+0x03]
       mov      dword ptr [rbp-0x5C], esi
       mov      esi, edi
       add      rsi, 3
       mov      ecx, dword ptr [rbp-0x40]
       cmp      rsi, rcx
       ja       G_M000_IG25
       add      rdi, bword ptr [rbp-0x48]
       movzx    rsi, byte  ptr [rdi]
       mov      byte  ptr [rbx], sil
       movzx    rsi, byte  ptr [rdi+0x01]
       mov      byte  ptr [rbx+0x01], sil
       movzx    rdi, byte  ptr [rdi+0x02]
       mov      byte  ptr [rbx+0x02], dil
 
G_M000_IG08:                ;; offset=0x0144
       mov      edi, dword ptr [rbp-0x5C]
       cmp      edi, dword ptr [rbp-0x58]
       jge      G_M000_IG31
       mov      edi, dword ptr [rbp-0x5C]
       mov      esi, dword ptr [rbp-0x58]
       sub      esi, edi
       je       G_M000_IG18
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x5C], esi
       mov      rsi, bword ptr [rbp-0x48]
       movzx    rsi, byte  ptr [rsi+rdi]
       cmp      esi, 1
       jg       G_M000_IG15
       test     esi, esi
       je       G_M000_IG17
       mov      edi, dword ptr [rbp-0x5C]
       cmp      edi, dword ptr [rbp-0x58]
       jge      G_M000_IG16
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x5C], esi
       mov      rsi, bword ptr [rbp-0x48]
       movzx    rdi, byte  ptr [rsi+rdi]
       mov      byte  ptr [rbx+0x03], 1
       mov      byte  ptr [rbx+0x04], dil
 
G_M000_IG09:                ;; offset=0x01A1
       mov      edi, dword ptr [rbp-0x5C]
       cmp      edi, dword ptr [rbp-0x58]
       jge      G_M000_IG31
       mov      edi, dword ptr [rbp-0x5C]
       mov      esi, dword ptr [rbp-0x58]
       sub      esi, edi
       je       G_M000_IG18
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x5C], esi
       mov      rsi, bword ptr [rbp-0x48]
       movzx    rsi, byte  ptr [rsi+rdi]
       cmp      esi, 1
       jg       G_M000_IG19
       test     esi, esi
       je       G_M000_IG24
       mov      rdi, bword ptr [rbp-0x48]
       mov      esi, dword ptr [rbp-0x5C]
       mov      ecx, dword ptr [rbp-0x58]
       cmp      esi, ecx
       jge      G_M000_IG22
       mov      edx, esi
       add      rdi, rdx
       movzx    rdx, byte  ptr [rdi]
       cmp      edx, 128
       jb       G_M000_IG20
       lea      r8d, [rsi+0x01]
       cmp      r8d, ecx
       jge      G_M000_IG22
       movzx    r8, byte  ptr [rdi+0x01]
       lea      r9d, [r8-0x01]
       cmp      r9d, 127
       jae      G_M000_IG21
       and      edx, 127
       shl      r8d, 7
       or       edx, r8d
       mov      r8d, 2
 
G_M000_IG10:                ;; offset=0x0231
       test     r8d, r8d
       je       G_M000_IG23
       add      r8d, dword ptr [rbp-0x5C]
       mov      dword ptr [rbp-0x5C], r8d
 
G_M000_IG11:                ;; offset=0x0242
       mov      ecx, edx
       and      ecx, 1
       neg      ecx
       shr      edx, 1
       xor      ecx, edx
       mov      byte  ptr [rbx+0x08], 1
       mov      dword ptr [rbx+0x0C], ecx
 
G_M000_IG12:                ;; offset=0x0254
       mov      ecx, dword ptr [rbp-0x58]
       sub      ecx, dword ptr [rbp-0x5C]
       cmp      ecx, 24
       jl       G_M000_IG26
       mov      ecx, dword ptr [rbp-0x5C]
       lea      edx, [rcx+0x18]
       mov      dword ptr [rbp-0x5C], edx
       mov      edx, ecx
       add      rdx, 24
       mov      edi, dword ptr [rbp-0x40]
       cmp      rdx, rdi
       ja       G_M000_IG25
       add      rcx, bword ptr [rbp-0x48]
       mov      rdx, qword ptr [rcx]
       mov      qword ptr [rbx+0x10], rdx
       lea      rdx, bword ptr [rcx+0x08]
       vmovsd   xmm0, qword ptr [rdx]
       vmovsd   qword ptr [rbx+0x18], xmm0
       add      rcx, 16
       vmovsd   xmm0, qword ptr [rcx]
       vmovsd   qword ptr [rbx+0x20], xmm0
       jmp      G_M000_IG31
 
G_M000_IG13:                ;; offset=0x02A8
       lea      rsi, [rbp-0xB0]
       mov      rdi, rax
       call     [FastSerialization.TypeRegistration`1[FastSerialization.Benchmarks.Payloads.Generated.GeneratedTrade]:Create():FastSerialization.Benchmarks.Payloads.Generated.GeneratedTrade:this]
       vmovdqu  ymm0, ymmword ptr [rbp-0xB0]
       vmovdqu  ymmword ptr [rbx], ymm0
       mov      rdi, qword ptr [rbp-0x90]
       mov      qword ptr [rbx+0x20], rdi
       mov      rax, gword ptr [rbp-0xB8]
       jmp      G_M000_IG07
 
G_M000_IG14:                ;; offset=0x02DB
       mov      edi, dword ptr [rbp-0x5C]
       cmp      edi, dword ptr [rbp-0x58]
       jge      G_M000_IG31
       mov      edi, dword ptr [rbp-0x5C]
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x5C], esi
       mov      rsi, bword ptr [rbp-0x48]
       movzx    rdi, byte  ptr [rsi+rdi]
       mov      byte  ptr [rbx], dil
       mov      edi, dword ptr [rbp-0x5C]
       cmp      edi, dword ptr [rbp-0x58]
       jge      G_M000_IG31
       mov      edi, dword ptr [rbp-0x5C]
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x5C], esi
       mov      rsi, bword ptr [rbp-0x48]
       movzx    rdi, byte  ptr [rsi+rdi]
       mov      byte  ptr [rbx+0x01], dil
       mov      edi, dword ptr [rbp-0x5C]
       cmp      edi, dword ptr [rbp-0x58]
       jge      G_M000_IG31
       mov      edi, dword ptr [rbp-0x5C]
       lea      esi, [rdi+0x01]
       mov      dword ptr [rbp-0x5C], esi
       mov      rsi, bword ptr [rbp-0x48]
       movzx    rdi, byte  ptr [rsi+rdi]
       mov      byte  ptr [rbx+0x02], dil
       jmp      G_M000_IG08
 
G_M000_IG15:                ;; offset=0x0345
       lea      rdi, [rbp-0x78]
       call     [FastSerialization.FastBinaryReader:ThrowNotABoolean(byte):this]
       int3     
 
G_M000_IG16:                ;; offset=0x0350
       mov      edi, 324
       mov      rsi, 0x7F69B8D3B538
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       lea      rdi, [rbp-0x78]
       mov      esi, 1
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG17:                ;; offset=0x0378
       mov      word  ptr [rbx+0x03], 0
       jmp      G_M000_IG09
 
G_M000_IG18:                ;; offset=0x0383
       mov      edi, 0x2960
       mov      rsi, 0x7F69B8D3B538
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       lea      rdi, [rbp-0x78]
       mov      esi, 1
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG19:                ;; offset=0x03AB
       lea      rdi, [rbp-0x78]
       call     [FastSerialization.FastBinaryReader:ThrowNotABoolean(byte):this]
       int3     
 
G_M000_IG20:                ;; offset=0x03B6
       mov      r8d, 1
       jmp      G_M000_IG10
 
G_M000_IG21:                ;; offset=0x03C1
       cmp      r8d, 128
       jb       SHORT G_M000_IG22
       add      esi, 2
       cmp      esi, ecx
       jge      SHORT G_M000_IG22
       movzx    rdi, byte  ptr [rdi+0x02]
       lea      esi, [rdi-0x01]
       cmp      esi, 127
       jae      SHORT G_M000_IG22
       and      edx, 127
       mov      esi, r8d
       and      esi, 127
       shl      esi, 7
       or       edx, esi
       shl      edi, 14
       or       edx, edi
       mov      r8d, 3
       jmp      G_M000_IG10
 
G_M000_IG22:                ;; offset=0x03FC
       xor      edx, edx
       xor      r8d, r8d
       jmp      G_M000_IG10
 
G_M000_IG23:                ;; offset=0x0406
       lea      rdi, [rbp-0x78]
       mov      rsi, 0x7F5DBF22C230
       call     [FastSerialization.FastBinaryReader:ReadVarUInt32Slow(System.String):uint:this]
       mov      edx, eax
       mov      rax, gword ptr [rbp-0xB8]
       jmp      G_M000_IG11
 
G_M000_IG24:                ;; offset=0x0428
       xor      ecx, ecx
       mov      qword ptr [rbx+0x08], rcx
       jmp      G_M000_IG12
 
G_M000_IG25:                ;; offset=0x0433
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG26:                ;; offset=0x043A
       mov      edi, dword ptr [rbp-0x5C]
       cmp      edi, dword ptr [rbp-0x58]
       jge      G_M000_IG31
       mov      edi, dword ptr [rbp-0x5C]
       cmp      ecx, 8
       jae      SHORT G_M000_IG27
       mov      edi, 362
       mov      rsi, 0x7F69B8D3B538
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       lea      rdi, [rbp-0x78]
       mov      esi, 8
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG27:                ;; offset=0x0476
       lea      esi, [rdi+0x08]
       mov      dword ptr [rbp-0x5C], esi
       mov      rsi, bword ptr [rbp-0x48]
       mov      edi, edi
       mov      rdi, qword ptr [rsi+rdi]
       mov      qword ptr [rbx+0x10], rdi
       mov      edi, dword ptr [rbp-0x5C]
       cmp      edi, dword ptr [rbp-0x58]
       jge      G_M000_IG31
       mov      edi, dword ptr [rbp-0x5C]
       mov      esi, dword ptr [rbp-0x58]
       sub      esi, edi
       cmp      esi, 8
       jb       SHORT G_M000_IG28
       lea      esi, [rdi+0x08]
       mov      dword ptr [rbp-0x5C], esi
       mov      rsi, bword ptr [rbp-0x48]
       vmovsd   xmm0, qword ptr [rsi+rdi]
       vmovsd   qword ptr [rbx+0x18], xmm0
       mov      edi, dword ptr [rbp-0x5C]
       cmp      edi, dword ptr [rbp-0x58]
       jge      SHORT G_M000_IG31
       mov      edi, dword ptr [rbp-0x5C]
       mov      esi, dword ptr [rbp-0x58]
       sub      esi, edi
       cmp      esi, 8
       jae      SHORT G_M000_IG29
 
G_M000_IG28:                ;; offset=0x04CC
       mov      edi, 0x29B8
       mov      rsi, 0x7F69B8D3B538
       call     [CORINFO_HELP_STRCNS]
       mov      rdx, rax
       lea      rdi, [rbp-0x78]
       mov      esi, 8
       call     [FastSerialization.FastBinaryReader:ThrowTruncated(long,System.String):this]
       int3     
 
G_M000_IG29:                ;; offset=0x04F4
       lea      esi, [rdi+0x08]
       mov      dword ptr [rbp-0x5C], esi
       mov      rsi, bword ptr [rbp-0x48]
       mov      edi, edi
       vmovsd   xmm0, qword ptr [rsi+rdi]
       vmovsd   qword ptr [rbx+0x20], xmm0
       jmp      SHORT G_M000_IG31
 
G_M000_IG30:                ;; offset=0x050C
       lea      rsi, [rbp-0x78]
       mov      rdi, rax
       mov      rdx, rbx
       mov      rcx, qword ptr [rax]
       mov      rcx, qword ptr [rcx+0x40]
       call     [rcx+0x38]FastSerialization.TypeRegistration:ReadInto(byref,byref):this
       mov      rax, gword ptr [rbp-0xB8]
 
G_M000_IG31:                ;; offset=0x0527
       mov      esi, dword ptr [rbp-0x5C]
       cmp      esi, dword ptr [rbp-0x58]
       jl       SHORT G_M000_IG35
 
G_M000_IG32:                ;; offset=0x052F
       vzeroupper 
       add      rsp, 176
       pop      rbx
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG33:                ;; offset=0x053E
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG34:                ;; offset=0x0545
       mov      edi, dword ptr [rbp-0x80]
       mov      esi, dword ptr [rbp-0x88]
       mov      edx, dword ptr [rbp-0x88]
       call     [FastSerialization.FastBinaryReader:ThrowBadFrame(int,int,int)]
       int3     
 
G_M000_IG35:                ;; offset=0x055B
       mov      rsi, gword ptr [rax+0x10]
       lea      rdi, [rbp-0x78]
       call     [FastSerialization.FastBinaryReader:FinishFrame(System.Type):this]
       jmp      SHORT G_M000_IG32
 
G_M000_IG36:                ;; offset=0x056B
       push     rax
 
G_M000_IG37:                ;; offset=0x056C
       mov      rsi, rdi
       mov      rdi, 0x7F69B8C705D8
       call     [CORINFO_HELP_ISINSTANCEOFCLASS]
       mov      rsi, rax
       test     rsi, rsi
       jne      SHORT G_M000_IG39
 
G_M000_IG38:                ;; offset=0x0587
       xor      eax, eax
       jmp      SHORT G_M000_IG40
 
G_M000_IG39:                ;; offset=0x058B
       mov      gword ptr [rbp-0xC0], rsi
       mov      rsi, gword ptr [rbp-0xC0]
       mov      rdi, 0x7F69BB371538
       call     [CORINFO_HELP_ISINSTANCEOFCLASS]
       test     rax, rax
       sete     al
       movzx    rax, al
 
G_M000_IG40:                ;; offset=0x05B2
       vzeroupper 
       add      rsp, 8
       ret      
 
G_M000_IG41:                ;; offset=0x05BA
       push     rax
 
G_M000_IG42:                ;; offset=0x05BB
       lea      rdi, [rbp-0x78]
       call     [FastSerialization.FastBinaryReader:get_Position():int:this]
       mov      esi, eax
       mov      rdi, gword ptr [rbp-0xB8]
       mov      rdx, gword ptr [rbp-0xC0]
       call     [FastSerialization.ThrowHelper:RecordReadFailed(FastSerialization.TypeRegistration,int,System.Exception):FastSerialization.FastSerializationException]
       mov      rdi, rax
       call     CORINFO_HELP_THROW
       int3     
 
; Total bytes of code 1508


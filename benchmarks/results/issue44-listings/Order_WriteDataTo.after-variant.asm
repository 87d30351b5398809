; Assembly listing for method FastSerialization.Benchmarks.Payloads.Order:WriteDataTo(byref):this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 47600
; 41 inlinees with PGO data; 62 single block inlinees; 5 inlinees without PGO data

G_M000_IG01:
       push     rbp
       push     r15
       push     r14
       push     r13
       push     r12
       push     rbx
       sub      rsp, 168
       lea      rbp, [rsp+0xD0]
       vxorps   xmm8, xmm8, xmm8
       vmovdqu32 zmmword ptr [rbp-0xB0], zmm8
       vmovdqu32 zmmword ptr [rbp-0x70], zmm8
       xor      eax, eax
       mov      qword ptr [rbp-0x30], rax
       mov      r15, rdi
       mov      rbx, rsi
 
G_M000_IG02:
       mov      r14, qword ptr [r15+0x18]
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       cmp      edi, 8
       jb       G_M000_IG62
 
G_M000_IG03:
       mov      rdi, bword ptr [rbx+0x30]
       mov      esi, dword ptr [rbx+0x20]
       mov      qword ptr [rdi+rsi], r14
       add      dword ptr [rbx+0x20], 8
       mov      rdi, gword ptr [r15+0x08]
       test     rdi, rdi
       je       G_M000_IG63
       lea      rsi, bword ptr [rdi+0x0C]
       mov      edi, dword ptr [rdi+0x08]
       mov      bword ptr [rbp-0x38], rsi
       mov      dword ptr [rbp-0x30], edi
       cmp      dword ptr [rbp-0x30], 42
       jg       G_M000_IG66
       mov      edi, dword ptr [rbp-0x30]
       lea      edi, [rdi+2*rdi]
       inc      edi
       mov      esi, dword ptr [rbx+0x38]
       mov      edx, dword ptr [rbx+0x20]
       sub      esi, edx
       cmp      edi, esi
       jg       G_M000_IG66
       lea      rdi, bword ptr [rbx+0x30]
       mov      r14d, dword ptr [rdi+0x08]
       cmp      edx, r14d
       ja       G_M000_IG98
       mov      r13d, edx
       add      r13, bword ptr [rdi]
       sub      r14d, edx
       mov      r12, bword ptr [rbp-0x38]
       mov      eax, dword ptr [rbp-0x30]
       mov      dword ptr [rbp-0xB4], eax
       test     r14d, r14d
       je       G_M000_IG98
       lea      rcx, bword ptr [r13+0x01]
       mov      bword ptr [rbp-0xD0], rcx
       dec      r14d
       lea      edi, [rax-0x01]
       cmp      edi, 31
       ja       G_M000_IG13
 
G_M000_IG04:
       cmp      r14d, eax
       jl       G_M000_IG13
 
G_M000_IG05:
       cmp      eax, 8
       jl       G_M000_IG12
 
G_M000_IG06:
       vbroadcastss xmm0, dword ptr [reloc @RWD00]
       cmp      eax, 16
       jle      SHORT G_M000_IG09
 
G_M000_IG07:
       vmovups  xmm1, xmmword ptr [r12]
       vmovups  xmm2, xmmword ptr [r12+0x10]
       lea      edi, [rax-0x10]
       movsxd   rdi, edi
       vmovups  xmm3, xmmword ptr [r12+2*rdi]
       lea      edi, [rax-0x08]
       movsxd   rdi, edi
       vmovups  xmm4, xmmword ptr [r12+2*rdi]
       vmovaps  xmm5, xmm1
       vpternlogd xmm5, xmm2, xmm3, -2
       vpternlogd xmm0, xmm5, xmm4, -32
       vptest   xmm0, xmm0
       jne      G_M000_IG13
 
G_M000_IG08:
       vpmovwb  xmm1, xmm0
       vpmovwb  xmm2, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovups  xmmword ptr [rcx], xmm0
       vpmovwb  xmm3, xmm0
       vpmovwb  xmm4, xmm1
       vmovlhps xmm0, xmm0, xmm1
       lea      edi, [rax-0x10]
       movsxd   rdi, edi
       vmovups  xmmword ptr [rcx+rdi], xmm0
       jmp      SHORT G_M000_IG11
       align    [0 bytes for IG29]
 
G_M000_IG09:
       vmovups  xmm1, xmmword ptr [r12]
       lea      edi, [rax-0x08]
       movsxd   rdi, edi
       vmovups  xmm2, xmmword ptr [r12+2*rdi]
       vpternlogd xmm0, xmm2, xmm1, -32
       vptest   xmm0, xmm0
       jne      SHORT G_M000_IG13
 
G_M000_IG10:
       vpmovwb  xmm1, xmm0
       vpmovwb  xmm2, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovq    qword ptr [rcx], xmm0
       lea      edi, [rax-0x08]
       movsxd   rdi, edi
       vpextrq  qword ptr [rcx+rdi], xmm0, 1
 
G_M000_IG11:
       mov      r8d, eax
       jmp      SHORT G_M000_IG14
 
G_M000_IG12:
       mov      rdi, r12
       mov      rsi, rcx
       mov      edx, eax
       call     [FastSerialization.ShortAscii:TryEncodeUnderEight(byref,byref,int):int]
       mov      r8d, eax
       mov      eax, dword ptr [rbp-0xB4]
       mov      rcx, bword ptr [rbp-0xD0]
       jmp      SHORT G_M000_IG14
 
G_M000_IG13:
       mov      r8d, -1
 
G_M000_IG14:
       test     r8d, r8d
       jge      SHORT G_M000_IG19
 
G_M000_IG15:
       mov      bword ptr [rbp-0x40], r12
       mov      rdx, r12
       mov      bword ptr [rbp-0x48], rcx
       mov      r10, rcx
       mov      qword ptr [rbp-0xC0], r10
       xor      r11d, r11d
       mov      qword ptr [rbp-0x50], rdx
       mov      qword ptr [rbp-0x58], r10
       test     eax, eax
       je       SHORT G_M000_IG17
 
G_M000_IG16:
       mov      rdi, r12
       mov      rdx, r10
       lea      r9, [rbp-0x58]
       lea      r8, [rbp-0x50]
       mov      esi, eax
       mov      ecx, r14d
       call     [System.Text.Unicode.Utf8Utility:TranscodeToUtf8(ptr,int,ptr,int,byref,byref):int]
       mov      r11d, eax
       mov      edi, 3
       cmp      r11d, 1
       cmovg    r11d, edi
       mov      r10, qword ptr [rbp-0xC0]
 
G_M000_IG17:
       mov      edi, dword ptr [rbp-0x58]
       sub      edi, r10d
       xor      rax, rax
       mov      bword ptr [rbp-0x40], rax
 
G_M000_IG18:
       mov      bword ptr [rbp-0x48], rax
       mov      eax, -1
       test     r11d, r11d
       cmovne   edi, eax
       jmp      SHORT G_M000_IG20
 
G_M000_IG19:
       mov      edi, r8d
 
G_M000_IG20:
       test     edi, edi
       jl       G_M000_IG65
       lea      eax, [rdi+0x01]
       mov      byte  ptr [r13], al
       add      edi, dword ptr [rbx+0x20]
       inc      edi
       mov      dword ptr [rbx+0x20], edi
 
G_M000_IG21:
       mov      r15, gword ptr [r15+0x10]
       test     r15, r15
       je       G_M000_IG67
       mov      edi, dword ptr [r15+0x10]
       test     edi, edi
       jl       G_M000_IG69
       inc      edi
       mov      r14d, edi
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       cmp      edi, 10
       jb       G_M000_IG70
 
G_M000_IG22:
       mov      rax, bword ptr [rbx+0x30]
       mov      ecx, dword ptr [rbx+0x20]
       add      rax, rcx
       cmp      r14, 128
       jae      G_M000_IG71
       mov      byte  ptr [rax], r14b
       inc      dword ptr [rbx+0x20]
 
G_M000_IG23:
       mov      r14d, dword ptr [r15+0x14]
       xor      r13d, r13d
       jmp      G_M000_IG46
 
G_M000_IG24:
       vmovups  xmm1, xmmword ptr [rdi]
       lea      edx, [rsi-0x08]
       movsxd   rdx, edx
       vmovups  xmm2, xmmword ptr [rdi+2*rdx]
       vpternlogd xmm0, xmm2, xmm1, -32
       vptest   xmm0, xmm0
       jne      SHORT G_M000_IG35
 
G_M000_IG25:
       vpmovwb  xmm1, xmm0
       vpmovwb  xmm2, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovq    qword ptr [r10], xmm0
       lea      edx, [rsi-0x08]
       movsxd   rdx, edx
       vpextrq  qword ptr [r10+rdx], xmm0, 1
 
G_M000_IG26:
       mov      r11d, esi
       jmp      SHORT G_M000_IG36
 
G_M000_IG27:
       cmp      edx, 4
       jge      G_M000_IG59
 
G_M000_IG28:
       xor      edx, edx
       xor      r11d, r11d
       test     esi, esi
       jle      SHORT G_M000_IG31
 
G_M000_IG29:
       movsxd   r9, r11d
       movzx    r9, word  ptr [rdi+2*r9]
       or       edx, r9d
       inc      r11d
       cmp      r11d, esi
       jl       SHORT G_M000_IG29
 
G_M000_IG30:
       cmp      edx, 128
       jge      G_M000_IG60
 
G_M000_IG31:
       xor      edx, edx
       test     esi, esi
       jle      SHORT G_M000_IG33
       align    [0 bytes for IG32]
 
G_M000_IG32:
       movsxd   r9, edx
       movzx    r9, byte  ptr [rdi+2*r9]
       movsxd   r8, edx
       mov      byte  ptr [r10+r8], r9b
       inc      edx
       cmp      edx, esi
       jl       SHORT G_M000_IG32
 
G_M000_IG33:
       mov      r11d, esi
 
G_M000_IG34:
       jmp      SHORT G_M000_IG36
 
G_M000_IG35:
       mov      r11d, -1
 
G_M000_IG36:
       test     r11d, r11d
       jge      G_M000_IG43
 
G_M000_IG37:
       mov      bword ptr [rbp-0x98], rdi
       mov      rdx, rdi
       mov      bword ptr [rbp-0xA0], r10
       mov      qword ptr [rbp-0xC8], r10
       xor      r11d, r11d
       mov      qword ptr [rbp-0xA8], rdx
       mov      qword ptr [rbp-0xB0], r10
       test     esi, esi
       je       SHORT G_M000_IG39
 
G_M000_IG38:
       mov      rdx, r10
       lea      r9, [rbp-0xB0]
       lea      r8, [rbp-0xA8]
       call     [System.Text.Unicode.Utf8Utility:TranscodeToUtf8(ptr,int,ptr,int,byref,byref):int]
       mov      r11d, eax
       cmp      r11d, 1
       jg       G_M000_IG83
       mov      r10, qword ptr [rbp-0xC8]
 
G_M000_IG39:
       mov      esi, dword ptr [rbp-0xB0]
       sub      esi, r10d
       xor      rdx, rdx
       mov      bword ptr [rbp-0x98], rdx
 
G_M000_IG40:
       mov      bword ptr [rbp-0xA0], rdx
       test     r11d, r11d
       jne      SHORT G_M000_IG42
 
G_M000_IG41:
       jmp      SHORT G_M000_IG44
 
G_M000_IG42:
       mov      esi, -1
       jmp      SHORT G_M000_IG44
 
G_M000_IG43:
       mov      esi, r11d
 
G_M000_IG44:
       test     esi, esi
       jl       G_M000_IG95
       lea      edx, [rsi+0x01]
       mov      byte  ptr [r12], dl
       add      esi, dword ptr [rbx+0x20]
       inc      esi
       mov      dword ptr [rbx+0x20], esi
 
G_M000_IG45:
       dec      dword ptr [rbx+0x28]
       mov      r12d, dword ptr [rbx+0x20]
       mov      eax, dword ptr [rbp-0x5C]
       sub      r12d, eax
       lea      ecx, [r12+0x01]
       test     ecx, ecx
       jl       G_M000_IG96
       mov      dword ptr [rbp-0x60], ecx
       cmp      ecx, 128
       jae      G_M000_IG85
       lea      rdi, bword ptr [rbx+0x30]
       dec      eax
       cmp      eax, dword ptr [rdi+0x08]
       jae      G_M000_IG100
       mov      rdi, bword ptr [rdi]
       mov      esi, eax
       mov      byte  ptr [rdi+rsi], cl
 
G_M000_IG46:
       cmp      r14d, dword ptr [r15+0x14]
       jne      G_M000_IG99
       cmp      r13d, dword ptr [r15+0x10]
       jae      G_M000_IG58
 
G_M000_IG47:
       mov      rax, gword ptr [r15+0x08]
       cmp      r13d, dword ptr [rax+0x08]
       jae      G_M000_IG100
       mov      r12, gword ptr [rax+8*r13+0x10]
       inc      r13d
       test     r12, r12
       je       G_M000_IG74
       mov      eax, dword ptr [rbx+0x28]
       cmp      eax, dword ptr [rbx+0x24]
       jge      G_M000_IG93
       cmp      eax, 8
       jge      G_M000_IG76
 
G_M000_IG48:
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       je       G_M000_IG77
 
G_M000_IG49:
       lea      rdi, bword ptr [rbx+0x30]
       mov      esi, dword ptr [rbx+0x20]
       cmp      esi, dword ptr [rdi+0x08]
       ja       G_M000_IG98
       inc      esi
       mov      dword ptr [rbx+0x20], esi
       mov      eax, dword ptr [rbx+0x20]
       mov      dword ptr [rbp-0x5C], eax
       inc      dword ptr [rbx+0x28]
       mov      ecx, dword ptr [r12+0x18]
       mov      dword ptr [rbp-0x68], ecx
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       cmp      edi, 4
       jb       G_M000_IG78
 
G_M000_IG50:
       mov      rdi, bword ptr [rbx+0x30]
       mov      esi, dword ptr [rbx+0x20]
       mov      ecx, dword ptr [rbp-0x68]
       mov      dword ptr [rdi+rsi], ecx
       add      dword ptr [rbx+0x20], 4
       mov      ecx, dword ptr [r12+0x1C]
       mov      dword ptr [rbp-0x6C], ecx
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       cmp      edi, 4
       jb       G_M000_IG79
 
G_M000_IG51:
       mov      rdi, bword ptr [rbx+0x30]
       mov      esi, dword ptr [rbx+0x20]
       mov      ecx, dword ptr [rbp-0x6C]
       mov      dword ptr [rdi+rsi], ecx
       add      dword ptr [rbx+0x20], 4
       mov      rcx, qword ptr [r12+0x10]
       mov      qword ptr [rbp-0x78], rcx
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       cmp      edi, 8
       jb       G_M000_IG80
 
G_M000_IG52:
       mov      rdx, bword ptr [rbx+0x30]
       mov      r9d, dword ptr [rbx+0x20]
       mov      rcx, qword ptr [rbp-0x78]
       mov      qword ptr [rdx+r9], rcx
       add      dword ptr [rbx+0x20], 8
       mov      rdx, gword ptr [r12+0x08]
       test     rdx, rdx
       je       G_M000_IG81
       lea      r9, bword ptr [rdx+0x0C]
       mov      edx, dword ptr [rdx+0x08]
       mov      bword ptr [rbp-0x88], r9
       mov      dword ptr [rbp-0x80], edx
       cmp      dword ptr [rbp-0x80], 42
       jg       G_M000_IG84
       mov      edx, dword ptr [rbp-0x80]
       lea      edx, [rdx+2*rdx]
       inc      edx
       mov      r9d, dword ptr [rbx+0x38]
       mov      r8d, dword ptr [rbx+0x20]
       sub      r9d, r8d
       cmp      edx, r9d
       jg       G_M000_IG84
       lea      rdx, bword ptr [rbx+0x30]
       mov      ecx, dword ptr [rdx+0x08]
       cmp      r8d, ecx
       ja       G_M000_IG98
       mov      r12d, r8d
       add      r12, bword ptr [rdx]
       sub      ecx, r8d
       mov      rdi, bword ptr [rbp-0x88]
       mov      esi, dword ptr [rbp-0x80]
       test     ecx, ecx
       je       G_M000_IG98
       lea      r10, bword ptr [r12+0x01]
       dec      ecx
       mov      edx, esi
       lea      r9d, [rdx-0x01]
       cmp      r9d, 31
       ja       G_M000_IG35
 
G_M000_IG53:
       cmp      ecx, edx
       jl       G_M000_IG35
 
G_M000_IG54:
       cmp      edx, 8
       jl       G_M000_IG27
 
G_M000_IG55:
       vbroadcastss xmm0, dword ptr [reloc @RWD00]
       cmp      esi, 16
       jle      G_M000_IG24
 
G_M000_IG56:
       vmovups  xmm1, xmmword ptr [rdi]
       vmovups  xmm2, xmmword ptr [rdi+0x10]
       lea      edx, [rsi-0x10]
       movsxd   rdx, edx
       vmovups  xmm3, xmmword ptr [rdi+2*rdx]
       lea      edx, [rsi-0x08]
       movsxd   rdx, edx
       vmovups  xmm4, xmmword ptr [rdi+2*rdx]
       vmovaps  xmm5, xmm1
       vpternlogd xmm5, xmm2, xmm3, -2
       vpternlogd xmm0, xmm5, xmm4, -32
       vptest   xmm0, xmm0
       jne      G_M000_IG35
 
G_M000_IG57:
       vpmovwb  xmm1, xmm0
       vpmovwb  xmm2, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovups  xmmword ptr [r10], xmm0
       vpmovwb  xmm3, xmm0
       vpmovwb  xmm4, xmm1
       vmovlhps xmm0, xmm0, xmm1
       lea      edx, [rsi-0x10]
       movsxd   rdx, edx
       vmovups  xmmword ptr [r10+rdx], xmm0
       jmp      G_M000_IG26
 
G_M000_IG58:
       add      rsp, 168
       pop      rbx
       pop      r12
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG59:
       mov      r9, qword ptr [rdi]
       lea      r8d, [rdx-0x04]
       movsxd   r8, r8d
       mov      r8, qword ptr [rdi+2*r8]
       mov      qword ptr [rbp-0x90], r8
       mov      r11, r9
       or       r11, r8
       mov      r8, 0xD1FFAB1E
       test     r11, r8
       je       SHORT G_M000_IG61
 
G_M000_IG60:
       mov      r11d, -1
       jmp      G_M000_IG34
 
G_M000_IG61:
       vmovq    xmm0, r9
       vpmovwb  xmm0, xmm0
       vmovq    xmm1, qword ptr [rbp-0x90]
       vpmovwb  xmm1, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovd    dword ptr [r10], xmm0
       add      edx, -4
       movsxd   r11, edx
       vpextrd  dword ptr [r10+r11], xmm0, 2
       jmp      G_M000_IG33
 
G_M000_IG62:
       mov      rdi, rbx
       mov      esi, 8
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG03
 
G_M000_IG63:
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       jne      SHORT G_M000_IG64
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
 
G_M000_IG64:
       mov      rdi, bword ptr [rbx+0x30]
       mov      esi, dword ptr [rbx+0x20]
       mov      byte  ptr [rdi+rsi], 0
       inc      dword ptr [rbx+0x20]
       jmp      G_M000_IG21
 
G_M000_IG65:
       lea      rdi, [rbp-0x38]
       call     [System.ReadOnlySpan`1[char]:ToString():System.String:this]
       mov      rdi, rax
       call     [FastSerialization.ThrowHelper:ThrowLoneSurrogate(System.String)]
       int3     
 
G_M000_IG66:
       mov      rsi, bword ptr [rbp-0x38]
       mov      rdx, qword ptr [rbp-0x30]
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryWriter:WriteStringSlow(System.ReadOnlySpan`1[char]):this]
       jmp      G_M000_IG21
 
G_M000_IG67:
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       jne      SHORT G_M000_IG68
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
 
G_M000_IG68:
       mov      rax, bword ptr [rbx+0x30]
       mov      ecx, dword ptr [rbx+0x20]
       mov      byte  ptr [rax+rcx], 0
       inc      dword ptr [rbx+0x20]
       jmp      G_M000_IG58
 
G_M000_IG69:
       call     [FastSerialization.ThrowHelper:ThrowNegativeCount(int)]
       int3     
 
G_M000_IG70:
       mov      rdi, rbx
       mov      esi, 10
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG22
 
G_M000_IG71:
       cmp      r14, 0x4000
       jae      SHORT G_M000_IG72
       mov      rcx, r14
       shr      rcx, 7
       mov      byte  ptr [rax+0x01], cl
       mov      ecx, r14d
       or       ecx, 128
       mov      byte  ptr [rax], cl
       add      dword ptr [rbx+0x20], 2
       jmp      G_M000_IG23
 
G_M000_IG72:
       cmp      r14, 0xD1FFAB1E
       jae      SHORT G_M000_IG73
       mov      rdi, r14
       shr      rdi, 14
       mov      byte  ptr [rax+0x02], dil
       mov      rdi, r14
       shr      rdi, 7
       or       rdi, 128
       mov      byte  ptr [rax+0x01], dil
       or       r14d, 128
       mov      byte  ptr [rax], r14b
       add      dword ptr [rbx+0x20], 3
       jmp      G_M000_IG23
 
G_M000_IG73:
       mov      r13d, dword ptr [rbx+0x20]
       lea      rdi, bword ptr [rbx+0x30]
       mov      esi, dword ptr [rbx+0x20]
       cmp      esi, dword ptr [rdi+0x08]
       ja       G_M000_IG98
       mov      edx, esi
       add      rdx, bword ptr [rdi]
       mov      edi, dword ptr [rdi+0x08]
       sub      edi, esi
       mov      esi, edi
       mov      rdi, rdx
       mov      rdx, r14
       call     [FastSerialization.VarInt:Write(System.Span`1[byte],ulong):int]
       add      eax, r13d
       mov      dword ptr [rbx+0x20], eax
       jmp      G_M000_IG23
 
G_M000_IG74:
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       jne      SHORT G_M000_IG75
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
 
G_M000_IG75:
       mov      rdx, bword ptr [rbx+0x30]
       mov      esi, dword ptr [rbx+0x20]
       mov      byte  ptr [rdx+rsi], 0
       inc      dword ptr [rbx+0x20]
       jmp      G_M000_IG46
 
G_M000_IG76:
       call     [FastSerialization.StackGuard:HasRoom():bool]
       test     eax, eax
       jne      G_M000_IG48
       jmp      G_M000_IG94
 
G_M000_IG77:
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG49
 
G_M000_IG78:
       mov      rdi, rbx
       mov      esi, 4
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG50
 
G_M000_IG79:
       mov      rdi, rbx
       mov      esi, 4
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG51
 
G_M000_IG80:
       mov      rdi, rbx
       mov      esi, 8
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG52
 
G_M000_IG81:
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       jne      SHORT G_M000_IG82
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
 
G_M000_IG82:
       mov      rdi, bword ptr [rbx+0x30]
       mov      esi, dword ptr [rbx+0x20]
       mov      byte  ptr [rdi+rsi], 0
       inc      dword ptr [rbx+0x20]
       jmp      G_M000_IG45
 
G_M000_IG83:
       mov      r11d, 3
       mov      r10, qword ptr [rbp-0xC8]
       jmp      G_M000_IG39
 
G_M000_IG84:
       mov      rsi, bword ptr [rbp-0x88]
       mov      rdx, qword ptr [rbp-0x80]
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryWriter:WriteStringSlow(System.ReadOnlySpan`1[char]):this]
       jmp      G_M000_IG45
 
G_M000_IG85:
       cmp      ecx, 0x4000
       jb       SHORT G_M000_IG88
       cmp      ecx, 0xD1FFAB1E
       jb       SHORT G_M000_IG87
       cmp      ecx, 0xD1FFAB1E
       jb       SHORT G_M000_IG86
       mov      edx, 5
       jmp      SHORT G_M000_IG89
 
G_M000_IG86:
       mov      edx, 4
       jmp      SHORT G_M000_IG89
 
G_M000_IG87:
       mov      edx, 3
       jmp      SHORT G_M000_IG89
 
G_M000_IG88:
       mov      edx, 2
 
G_M000_IG89:
       dec      edx
       mov      dword ptr [rbp-0x64], edx
       mov      edi, dword ptr [rbx+0x38]
       sub      edi, dword ptr [rbx+0x20]
       cmp      edi, edx
       jae      SHORT G_M000_IG90
       mov      rdi, rbx
       mov      esi, edx
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       mov      eax, dword ptr [rbp-0x5C]
       mov      edx, dword ptr [rbp-0x64]
 
G_M000_IG90:
       lea      rdi, bword ptr [rbx+0x30]
       mov      esi, dword ptr [rbx+0x20]
       cmp      esi, dword ptr [rdi+0x08]
       ja       G_M000_IG98
       lea      rdi, bword ptr [rbx+0x30]
       mov      esi, eax
       mov      r8d, r12d
       add      rsi, r8
       mov      r8d, dword ptr [rdi+0x08]
       cmp      rsi, r8
       ja       G_M000_IG98
       mov      esi, eax
       add      rsi, bword ptr [rdi]
       lea      rdi, bword ptr [rbx+0x30]
       lea      r8d, [rax+rdx]
       cmp      r8d, dword ptr [rdi+0x08]
       ja       G_M000_IG98
       mov      r9d, r8d
       add      r9, bword ptr [rdi]
       mov      edi, dword ptr [rdi+0x08]
       sub      edi, r8d
       cmp      r12d, edi
       ja       G_M000_IG97
       mov      edx, r12d
       mov      rdi, r9
       call     [System.SpanHelpers:Memmove(byref,byref,nuint)]
       lea      rdi, bword ptr [rbx+0x30]
       mov      r12d, dword ptr [rbp-0x5C]
       lea      eax, [r12-0x01]
       cmp      eax, dword ptr [rdi+0x08]
       ja       G_M000_IG98
       mov      esi, eax
       add      rsi, bword ptr [rdi]
       mov      edi, dword ptr [rdi+0x08]
       sub      edi, eax
       mov      r12d, dword ptr [rbp-0x60]
       mov      ecx, r12d
       xor      eax, eax
       jmp      SHORT G_M000_IG92
 
G_M000_IG91:
       lea      edx, [rax+0x01]
       cmp      eax, edi
       jae      G_M000_IG100
       mov      eax, eax
       mov      r8d, ecx
       or       r8d, 128
       mov      byte  ptr [rsi+rax], r8b
       shr      ecx, 7
       mov      eax, edx
 
G_M000_IG92:
       cmp      ecx, 128
       jae      SHORT G_M000_IG91
       cmp      eax, edi
       jae      SHORT G_M000_IG100
       mov      edi, eax
       mov      byte  ptr [rsi+rdi], cl
       mov      r12d, dword ptr [rbp-0x64]
       add      dword ptr [rbx+0x20], r12d
       jmp      G_M000_IG46
 
G_M000_IG93:
       mov      esi, dword ptr [rbx+0x24]
       mov      rdi, 0xD1FFAB1E
       call     [FastSerialization.ThrowHelper:ThrowWriteTooDeep(System.Type,int)]
       int3     
 
G_M000_IG94:
       mov      edx, dword ptr [rbx+0x24]
       mov      esi, dword ptr [rbx+0x28]
       mov      rdi, 0xD1FFAB1E
       call     [FastSerialization.ThrowHelper:ThrowWriteStackExhausted(System.Type,int,int)]
       int3     
 
G_M000_IG95:
       lea      rdi, [rbp-0x88]
       call     [System.ReadOnlySpan`1[char]:ToString():System.String:this]
       mov      rdi, rax
       call     [FastSerialization.ThrowHelper:ThrowLoneSurrogate(System.String)]
       int3     
 
G_M000_IG96:
       movsxd   rdi, r12d
       call     [FastSerialization.ThrowHelper:ThrowTooLargeToWrite(long)]
       int3     
 
G_M000_IG97:
       call     [System.ThrowHelper:ThrowArgumentException_DestinationTooShort()]
       int3     
 
G_M000_IG98:
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG99:
       call     [System.ThrowHelper:ThrowInvalidOperationException_InvalidOperation_EnumFailedVersion()]
       int3     
 
G_M000_IG100:
       call     CORINFO_HELP_RNGCHKFAIL
       int3     
 
RWD00  	dd	FF80FF80h		;      -nan

; Total bytes of code 2669

; Assembly listing for method FastSerialization.Benchmarks.Payloads.Order:WriteDataTo(byref):this (Tier1)
; Emitting BLENDED_CODE for generic X64 + VEX + EVEX on Unix
; Tier1 code
; optimized code
; optimized using Synthesized PGO
; rbp based frame
; fully interruptible
; with Synthesized PGO: fgCalledCount is 40792
; 39 inlinees with PGO data; 52 single block inlinees; 4 inlinees without PGO data

G_M000_IG01:
       push     rbp
       push     r15
       push     r14
       push     r13
       push     r12
       push     rbx
       sub      rsp, 152
       lea      rbp, [rsp+0xC0]
       xor      eax, eax
       mov      qword ptr [rbp-0x88], rax
       vxorps   xmm8, xmm8, xmm8
       vmovdqu32 zmmword ptr [rbp-0x80], zmm8
       vmovdqa  xmmword ptr [rbp-0x40], xmm8
       mov      qword ptr [rbp-0x30], rax
       mov      r15, rdi
       mov      rbx, rsi
 
G_M000_IG02:
       mov      r14, qword ptr [r15+0x18]
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       cmp      edi, 8
       jb       G_M000_IG27
 
G_M000_IG03:
       mov      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       mov      qword ptr [rdi+rsi], r14
       add      dword ptr [rbx+0x18], 8
       mov      rdi, gword ptr [r15+0x08]
       test     rdi, rdi
       je       G_M000_IG28
       lea      rsi, bword ptr [rdi+0x0C]
       mov      edi, dword ptr [rdi+0x08]
       mov      bword ptr [rbp-0x38], rsi
       mov      dword ptr [rbp-0x30], edi
       cmp      dword ptr [rbp-0x30], 42
       jg       G_M000_IG34
       mov      edi, dword ptr [rbp-0x30]
       lea      edi, [rdi+2*rdi]
       inc      edi
       mov      esi, dword ptr [rbx+0x30]
       mov      edx, dword ptr [rbx+0x18]
       sub      esi, edx
       cmp      edi, esi
       jg       G_M000_IG34
       lea      rdi, bword ptr [rbx+0x28]
       mov      r14d, dword ptr [rdi+0x08]
       cmp      edx, r14d
       ja       G_M000_IG69
       mov      r13d, edx
       add      r13, bword ptr [rdi]
       sub      r14d, edx
       mov      r12, bword ptr [rbp-0x38]
       mov      eax, dword ptr [rbp-0x30]
       mov      dword ptr [rbp-0x8C], eax
       test     r14d, r14d
       je       G_M000_IG69
       lea      rcx, bword ptr [r13+0x01]
       mov      bword ptr [rbp-0x98], rcx
       dec      r14d
       lea      edi, [rax-0x01]
       cmp      edi, 31
       ja       G_M000_IG30
       cmp      r14d, eax
       jl       G_M000_IG30
       cmp      eax, 8
       jl       G_M000_IG31
       vbroadcastss xmm0, dword ptr [reloc @RWD00]
       cmp      eax, 16
       jg       G_M000_IG24
 
G_M000_IG04:
       vmovups  xmm1, xmmword ptr [r12]
       lea      edi, [rax-0x08]
       movsxd   rdi, edi
       vmovups  xmm2, xmmword ptr [r12+2*rdi]
       vpternlogd xmm0, xmm2, xmm1, -32
       vptest   xmm0, xmm0
       jne      G_M000_IG30
       vpmovwb  xmm1, xmm0
       vpmovwb  xmm2, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovq    qword ptr [rcx], xmm0
       lea      edi, [rax-0x08]
       movsxd   rdi, edi
       vpextrq  qword ptr [rcx+rdi], xmm0, 1
 
G_M000_IG05:
       mov      r8d, eax
 
G_M000_IG06:
       test     r8d, r8d
       jl       G_M000_IG32
 
G_M000_IG07:
       test     r8d, r8d
       jl       G_M000_IG33
       lea      edi, [r8+0x01]
       mov      byte  ptr [r13], dil
       add      r8d, dword ptr [rbx+0x18]
       inc      r8d
       mov      dword ptr [rbx+0x18], r8d
 
G_M000_IG08:
       mov      r15, gword ptr [r15+0x10]
       test     r15, r15
       je       G_M000_IG35
       mov      edi, dword ptr [r15+0x10]
       test     edi, edi
       jl       G_M000_IG37
       inc      edi
       mov      r14d, edi
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       cmp      edi, 10
       jb       G_M000_IG38
 
G_M000_IG09:
       mov      rax, bword ptr [rbx+0x28]
       mov      ecx, dword ptr [rbx+0x18]
       add      rax, rcx
       cmp      r14, 128
       jae      G_M000_IG39
       mov      byte  ptr [rax], r14b
       inc      dword ptr [rbx+0x18]
 
G_M000_IG10:
       mov      r14d, dword ptr [r15+0x14]
       xor      r13d, r13d
 
G_M000_IG11:
       cmp      r14d, dword ptr [r15+0x14]
       jne      G_M000_IG70
       cmp      r13d, dword ptr [r15+0x10]
       jae      G_M000_IG26
 
G_M000_IG12:
       mov      rax, gword ptr [r15+0x08]
       cmp      r13d, dword ptr [rax+0x08]
       jae      G_M000_IG71
       mov      r12, gword ptr [rax+8*r13+0x10]
       inc      r13d
       test     r12, r12
       je       G_M000_IG42
       mov      eax, dword ptr [rbx+0x20]
       cmp      eax, dword ptr [rbx+0x1C]
       jge      G_M000_IG64
       cmp      eax, 8
       jge      G_M000_IG44
 
G_M000_IG13:
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       je       G_M000_IG45
 
G_M000_IG14:
       lea      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       cmp      esi, dword ptr [rdi+0x08]
       ja       G_M000_IG69
       inc      esi
       mov      dword ptr [rbx+0x18], esi
       mov      eax, dword ptr [rbx+0x18]
       mov      dword ptr [rbp-0x4C], eax
       inc      dword ptr [rbx+0x20]
       mov      ecx, dword ptr [r12+0x18]
       mov      dword ptr [rbp-0x58], ecx
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       cmp      edi, 4
       jb       G_M000_IG46
 
G_M000_IG15:
       mov      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       mov      ecx, dword ptr [rbp-0x58]
       mov      dword ptr [rdi+rsi], ecx
       add      dword ptr [rbx+0x18], 4
       mov      ecx, dword ptr [r12+0x1C]
       mov      dword ptr [rbp-0x5C], ecx
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       cmp      edi, 4
       jb       G_M000_IG47
 
G_M000_IG16:
       mov      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       mov      ecx, dword ptr [rbp-0x5C]
       mov      dword ptr [rdi+rsi], ecx
       add      dword ptr [rbx+0x18], 4
       mov      rcx, qword ptr [r12+0x10]
       mov      qword ptr [rbp-0x68], rcx
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       cmp      edi, 8
       jb       G_M000_IG48
 
G_M000_IG17:
       mov      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       mov      rcx, qword ptr [rbp-0x68]
       mov      qword ptr [rdi+rsi], rcx
       add      dword ptr [rbx+0x18], 8
       mov      rdi, gword ptr [r12+0x08]
       test     rdi, rdi
       je       G_M000_IG49
       lea      rsi, bword ptr [rdi+0x0C]
       mov      edi, dword ptr [rdi+0x08]
       mov      bword ptr [rbp-0x78], rsi
       mov      dword ptr [rbp-0x70], edi
       cmp      dword ptr [rbp-0x70], 42
       jg       G_M000_IG55
       mov      edi, dword ptr [rbp-0x70]
       lea      edi, [rdi+2*rdi]
       inc      edi
       mov      esi, dword ptr [rbx+0x30]
       mov      edx, dword ptr [rbx+0x18]
       sub      esi, edx
       cmp      edi, esi
       jg       G_M000_IG55
       lea      rdi, bword ptr [rbx+0x28]
       mov      r12d, dword ptr [rdi+0x08]
       cmp      edx, r12d
       ja       G_M000_IG69
       mov      ecx, edx
       add      rcx, bword ptr [rdi]
       mov      bword ptr [rbp-0xA0], rcx
       sub      r12d, edx
       mov      r8, bword ptr [rbp-0x78]
       mov      bword ptr [rbp-0xB0], r8
       mov      r9d, dword ptr [rbp-0x70]
       mov      dword ptr [rbp-0x90], r9d
       test     r12d, r12d
       je       G_M000_IG69
       lea      r10, bword ptr [rcx+0x01]
       mov      bword ptr [rbp-0xA8], r10
       dec      r12d
       xor      edi, edi
       mov      dword ptr [rbp-0x88], edi
 
G_M000_IG18:
       mov      dword ptr [rbp-0x80], edi
       lea      edi, [r9-0x01]
       cmp      edi, 31
       ja       G_M000_IG51
       cmp      r12d, r9d
       jl       G_M000_IG51
       cmp      r9d, 8
       jl       G_M000_IG52
       vbroadcastss xmm0, dword ptr [reloc @RWD00]
       cmp      r9d, 16
       jg       G_M000_IG25
 
G_M000_IG19:
       vmovups  xmm1, xmmword ptr [r8]
       lea      edi, [r9-0x08]
       movsxd   rdi, edi
       vmovups  xmm2, xmmword ptr [r8+2*rdi]
       vpternlogd xmm0, xmm2, xmm1, -32
       vptest   xmm0, xmm0
       jne      G_M000_IG51
       vpmovwb  xmm1, xmm0
       vpmovwb  xmm2, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovq    qword ptr [r10], xmm0
       vpextrq  qword ptr [r10+rdi], xmm0, 1
 
G_M000_IG20:
       mov      r11d, r9d
 
G_M000_IG21:
       test     r11d, r11d
       jl       G_M000_IG53
 
G_M000_IG22:
       test     r11d, r11d
       jl       G_M000_IG66
       lea      esi, [r11+0x01]
       mov      rcx, bword ptr [rbp-0xA0]
       mov      byte  ptr [rcx], sil
       add      r11d, dword ptr [rbx+0x18]
       inc      r11d
       mov      dword ptr [rbx+0x18], r11d
 
G_M000_IG23:
       dec      dword ptr [rbx+0x20]
       mov      r12d, dword ptr [rbx+0x18]
       mov      eax, dword ptr [rbp-0x4C]
       sub      r12d, eax
       lea      ecx, [r12+0x01]
       test     ecx, ecx
       jl       G_M000_IG67
       mov      dword ptr [rbp-0x50], ecx
       cmp      ecx, 128
       jae      G_M000_IG56
       lea      rdi, bword ptr [rbx+0x28]
       dec      eax
       cmp      eax, dword ptr [rdi+0x08]
       jae      G_M000_IG71
       mov      rdi, bword ptr [rdi]
       mov      esi, eax
       mov      byte  ptr [rdi+rsi], cl
       jmp      G_M000_IG11
 
G_M000_IG24:
       vmovups  xmm1, xmmword ptr [r12]
       vmovups  xmm2, xmmword ptr [r12+0x10]
       lea      edi, [rax-0x10]
       movsxd   rdi, edi
       vmovups  xmm3, xmmword ptr [r12+2*rdi]
       lea      esi, [rax-0x08]
       movsxd   rsi, esi
       vmovups  xmm4, xmmword ptr [r12+2*rsi]
       vmovaps  xmm5, xmm1
       vpternlogd xmm5, xmm2, xmm3, -2
       vpternlogd xmm0, xmm5, xmm4, -32
       vptest   xmm0, xmm0
       jne      G_M000_IG30
       vpmovwb  xmm1, xmm0
       vpmovwb  xmm2, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovups  xmmword ptr [rcx], xmm0
       vpmovwb  xmm3, xmm0
       vpmovwb  xmm4, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovups  xmmword ptr [rcx+rdi], xmm0
       jmp      G_M000_IG05
 
G_M000_IG25:
       vmovups  xmm1, xmmword ptr [r8]
       vmovups  xmm2, xmmword ptr [r8+0x10]
       lea      edi, [r9-0x10]
       movsxd   rdi, edi
       vmovups  xmm3, xmmword ptr [r8+2*rdi]
       lea      esi, [r9-0x08]
       movsxd   rsi, esi
       vmovups  xmm4, xmmword ptr [r8+2*rsi]
       vmovaps  xmm5, xmm1
       vpternlogd xmm5, xmm2, xmm3, -2
       vpternlogd xmm0, xmm5, xmm4, -32
       vptest   xmm0, xmm0
       jne      G_M000_IG51
       vpmovwb  xmm1, xmm0
       vpmovwb  xmm2, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovups  xmmword ptr [r10], xmm0
       vpmovwb  xmm3, xmm0
       vpmovwb  xmm4, xmm1
       vmovlhps xmm0, xmm0, xmm1
       vmovups  xmmword ptr [r10+rdi], xmm0
       jmp      G_M000_IG20
 
G_M000_IG26:
       add      rsp, 152
       pop      rbx
       pop      r12
       pop      r13
       pop      r14
       pop      r15
       pop      rbp
       ret      
 
G_M000_IG27:
       mov      rdi, rbx
       mov      esi, 8
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG03
 
G_M000_IG28:
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       jne      SHORT G_M000_IG29
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
 
G_M000_IG29:
       mov      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       mov      byte  ptr [rdi+rsi], 0
       inc      dword ptr [rbx+0x18]
       jmp      G_M000_IG08
 
G_M000_IG30:
       mov      r8d, -1
       jmp      G_M000_IG06
 
G_M000_IG31:
       mov      rdi, r12
       mov      rsi, rcx
       mov      edx, eax
       call     [FastSerialization.ShortAscii:TryEncodeUnderEight(byref,byref,int):int]
       mov      r8d, eax
       mov      eax, dword ptr [rbp-0x8C]
       mov      rcx, bword ptr [rbp-0x98]
       jmp      G_M000_IG06
 
G_M000_IG32:
       xor      edi, edi
       mov      dword ptr [rsp], edi
       mov      dword ptr [rsp+0x08], 1
       mov      rdi, r12
       mov      esi, eax
       mov      rdx, rcx
       mov      ecx, r14d
       lea      r8, [rbp-0x40]
       lea      r9, [rbp-0x48]
       call     [System.Text.Unicode.Utf8:FromUtf16(System.ReadOnlySpan`1[char],System.Span`1[byte],byref,byref,bool,bool):int]
       mov      r8d, -1
       test     eax, eax
       cmove    r8d, dword ptr [rbp-0x48]
       jmp      G_M000_IG07
 
G_M000_IG33:
       lea      rdi, [rbp-0x38]
       call     [System.ReadOnlySpan`1[char]:ToString():System.String:this]
       mov      rdi, rax
       call     [FastSerialization.ThrowHelper:ThrowLoneSurrogate(System.String)]
       int3     
 
G_M000_IG34:
       mov      rsi, bword ptr [rbp-0x38]
       mov      rdx, qword ptr [rbp-0x30]
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryWriter:WriteStringSlow(System.ReadOnlySpan`1[char]):this]
       jmp      G_M000_IG08
 
G_M000_IG35:
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       jne      SHORT G_M000_IG36
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
 
G_M000_IG36:
       mov      rax, bword ptr [rbx+0x28]
       mov      ecx, dword ptr [rbx+0x18]
       mov      byte  ptr [rax+rcx], 0
       inc      dword ptr [rbx+0x18]
       jmp      G_M000_IG26
 
G_M000_IG37:
       call     [FastSerialization.ThrowHelper:ThrowNegativeCount(int)]
       int3     
 
G_M000_IG38:
       mov      rdi, rbx
       mov      esi, 10
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG09
 
G_M000_IG39:
       cmp      r14, 0x4000
       jae      SHORT G_M000_IG40
       mov      rcx, r14
       shr      rcx, 7
       mov      byte  ptr [rax+0x01], cl
       mov      ecx, r14d
       or       ecx, 128
       mov      byte  ptr [rax], cl
       add      dword ptr [rbx+0x18], 2
       jmp      G_M000_IG10
 
G_M000_IG40:
       cmp      r14, 0xD1FFAB1E
       jae      SHORT G_M000_IG41
       mov      rdi, r14
       shr      rdi, 14
       mov      byte  ptr [rax+0x02], dil
       mov      rdi, r14
       shr      rdi, 7
       or       rdi, 128
       mov      byte  ptr [rax+0x01], dil
       or       r14d, 128
       mov      byte  ptr [rax], r14b
       add      dword ptr [rbx+0x18], 3
       jmp      G_M000_IG10
 
G_M000_IG41:
       mov      r13d, dword ptr [rbx+0x18]
       lea      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       cmp      esi, dword ptr [rdi+0x08]
       ja       G_M000_IG69
       mov      edx, esi
       add      rdx, bword ptr [rdi]
       mov      edi, dword ptr [rdi+0x08]
       sub      edi, esi
       mov      esi, edi
       mov      rdi, rdx
       mov      rdx, r14
       call     [FastSerialization.VarInt:Write(System.Span`1[byte],ulong):int]
       add      eax, r13d
       mov      dword ptr [rbx+0x18], eax
       jmp      G_M000_IG10
 
G_M000_IG42:
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       jne      SHORT G_M000_IG43
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
 
G_M000_IG43:
       mov      rdx, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       mov      byte  ptr [rdx+rsi], 0
       inc      dword ptr [rbx+0x18]
       jmp      G_M000_IG11
 
G_M000_IG44:
       call     [FastSerialization.StackGuard:HasRoom():bool]
       test     eax, eax
       jne      G_M000_IG13
       jmp      G_M000_IG65
 
G_M000_IG45:
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG14
 
G_M000_IG46:
       mov      rdi, rbx
       mov      esi, 4
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG15
 
G_M000_IG47:
       mov      rdi, rbx
       mov      esi, 4
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG16
 
G_M000_IG48:
       mov      rdi, rbx
       mov      esi, 8
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       jmp      G_M000_IG17
 
G_M000_IG49:
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       jne      SHORT G_M000_IG50
       mov      rdi, rbx
       mov      esi, 1
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
 
G_M000_IG50:
       mov      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       mov      byte  ptr [rdi+rsi], 0
       inc      dword ptr [rbx+0x18]
       jmp      G_M000_IG23
 
G_M000_IG51:
       mov      r11d, -1
       jmp      G_M000_IG21
 
G_M000_IG52:
       mov      rdi, r8
       mov      rsi, r10
       mov      edx, r9d
       call     [FastSerialization.ShortAscii:TryEncodeUnderEight(byref,byref,int):int]
       mov      r11d, eax
       mov      r8, bword ptr [rbp-0xB0]
       mov      r9d, dword ptr [rbp-0x90]
       mov      r10, bword ptr [rbp-0xA8]
       jmp      G_M000_IG21
 
G_M000_IG53:
       xor      edi, edi
       mov      dword ptr [rsp], edi
       mov      dword ptr [rsp+0x08], 1
       mov      rdi, r8
       mov      esi, r9d
       mov      rdx, r10
       mov      ecx, r12d
       lea      r8, [rbp-0x80]
       lea      r9, [rbp-0x88]
       call     [System.Text.Unicode.Utf8:FromUtf16(System.ReadOnlySpan`1[char],System.Span`1[byte],byref,byref,bool,bool):int]
       test     eax, eax
       je       SHORT G_M000_IG54
       mov      r11d, -1
       jmp      G_M000_IG22
 
G_M000_IG54:
       mov      r11d, dword ptr [rbp-0x88]
       jmp      G_M000_IG22
 
G_M000_IG55:
       mov      rsi, bword ptr [rbp-0x78]
       mov      rdx, qword ptr [rbp-0x70]
       mov      rdi, rbx
       call     [FastSerialization.FastBinaryWriter:WriteStringSlow(System.ReadOnlySpan`1[char]):this]
       jmp      G_M000_IG23
 
G_M000_IG56:
       cmp      ecx, 0x4000
       jb       SHORT G_M000_IG59
       cmp      ecx, 0xD1FFAB1E
       jb       SHORT G_M000_IG58
       cmp      ecx, 0xD1FFAB1E
       jb       SHORT G_M000_IG57
       mov      edx, 5
       jmp      SHORT G_M000_IG60
 
G_M000_IG57:
       mov      edx, 4
       jmp      SHORT G_M000_IG60
 
G_M000_IG58:
       mov      edx, 3
       jmp      SHORT G_M000_IG60
 
G_M000_IG59:
       mov      edx, 2
 
G_M000_IG60:
       dec      edx
       mov      dword ptr [rbp-0x54], edx
       mov      edi, dword ptr [rbx+0x30]
       sub      edi, dword ptr [rbx+0x18]
       cmp      edi, edx
       jae      SHORT G_M000_IG61
       mov      rdi, rbx
       mov      esi, edx
       call     [FastSerialization.FastBinaryWriter:Grow(int):this]
       mov      eax, dword ptr [rbp-0x4C]
       mov      edx, dword ptr [rbp-0x54]
 
G_M000_IG61:
       lea      rdi, bword ptr [rbx+0x28]
       mov      esi, dword ptr [rbx+0x18]
       cmp      esi, dword ptr [rdi+0x08]
       ja       G_M000_IG69
       lea      rdi, bword ptr [rbx+0x28]
       mov      esi, eax
       mov      r8d, r12d
       add      rsi, r8
       mov      r8d, dword ptr [rdi+0x08]
       cmp      rsi, r8
       ja       G_M000_IG69
       mov      esi, eax
       add      rsi, bword ptr [rdi]
       lea      rdi, bword ptr [rbx+0x28]
       lea      r8d, [rax+rdx]
       cmp      r8d, dword ptr [rdi+0x08]
       ja       G_M000_IG69
       mov      r9d, r8d
       add      r9, bword ptr [rdi]
       mov      edi, dword ptr [rdi+0x08]
       sub      edi, r8d
       cmp      r12d, edi
       ja       G_M000_IG68
       mov      edx, r12d
       mov      rdi, r9
       call     [System.SpanHelpers:Memmove(byref,byref,nuint)]
       lea      rdi, bword ptr [rbx+0x28]
       mov      r12d, dword ptr [rbp-0x4C]
       lea      eax, [r12-0x01]
       cmp      eax, dword ptr [rdi+0x08]
       ja       G_M000_IG69
       mov      esi, eax
       add      rsi, bword ptr [rdi]
       mov      edi, dword ptr [rdi+0x08]
       sub      edi, eax
       mov      r12d, dword ptr [rbp-0x50]
       mov      ecx, r12d
       xor      eax, eax
       jmp      SHORT G_M000_IG63
 
G_M000_IG62:
       lea      edx, [rax+0x01]
       cmp      eax, edi
       jae      G_M000_IG71
       mov      eax, eax
       mov      r8d, ecx
       or       r8d, 128
       mov      byte  ptr [rsi+rax], r8b
       shr      ecx, 7
       mov      eax, edx
 
G_M000_IG63:
       cmp      ecx, 128
       jae      SHORT G_M000_IG62
       cmp      eax, edi
       jae      SHORT G_M000_IG71
       mov      edi, eax
       mov      byte  ptr [rsi+rdi], cl
       mov      r12d, dword ptr [rbp-0x54]
       add      dword ptr [rbx+0x18], r12d
       jmp      G_M000_IG11
 
G_M000_IG64:
       mov      esi, dword ptr [rbx+0x1C]
       mov      rdi, 0xD1FFAB1E
       call     [FastSerialization.ThrowHelper:ThrowWriteTooDeep(System.Type,int)]
       int3     
 
G_M000_IG65:
       mov      edx, dword ptr [rbx+0x1C]
       mov      esi, dword ptr [rbx+0x20]
       mov      rdi, 0xD1FFAB1E
       call     [FastSerialization.ThrowHelper:ThrowWriteStackExhausted(System.Type,int,int)]
       int3     
 
G_M000_IG66:
       lea      rdi, [rbp-0x78]
       call     [System.ReadOnlySpan`1[char]:ToString():System.String:this]
       mov      rdi, rax
       call     [FastSerialization.ThrowHelper:ThrowLoneSurrogate(System.String)]
       int3     
 
G_M000_IG67:
       movsxd   rdi, r12d
       call     [FastSerialization.ThrowHelper:ThrowTooLargeToWrite(long)]
       int3     
 
G_M000_IG68:
       call     [System.ThrowHelper:ThrowArgumentException_DestinationTooShort()]
       int3     
 
G_M000_IG69:
       call     [System.ThrowHelper:ThrowArgumentOutOfRangeException()]
       int3     
 
G_M000_IG70:
       call     [System.ThrowHelper:ThrowInvalidOperationException_InvalidOperation_EnumFailedVersion()]
       int3     
 
G_M000_IG71:
       call     CORINFO_HELP_RNGCHKFAIL
       int3     
 
RWD00  	dd	FF80FF80h		;      -nan

; Total bytes of code 2447

#!/bin/sh
# Hardening, fourth round (issue 49): the kernel-file reader's lexer,
# preprocessor, file-level parsing and names.  Ids follow the issue's
# items (I3 predefined macros, I4 blocks, I5 wrapping loop counters, I6
# line splices, I15 constants and names, I16 NUL bytes, I18 BOMs and line
# ends); each check failed before its fix.
. "$srcdir/tests/lib.sh"

tmp=${TMPDIR:-/tmp}/lds-hard4lex.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# run ARGS...: lds-calc with CPU time capped at 60 s; leaves $tmp/out,
# $tmp/err, $tmp/status
run() {
    ( ulimit -t 60 2>/dev/null; lds "$@" ) >"$tmp/out" 2>"$tmp/err" </dev/null
    echo $? >"$tmp/status"
}
status_is() { [ "$(cat "$tmp/status")" = "$1" ]; }
out_has() { grep -qF -- "$1" "$tmp/out"; }
err_has() { grep -qF -- "$1" "$tmp/err"; }
# nothing said but, where no --threads is given, that one wave is assumed
# (these kernels are one wave by design): the warning and its two lines
err_empty() { ! awk '/one wave of each profile is assumed/ { skip = 3 } skip { skip--; next } { print }' "$tmp/err" | grep -q .; }
# count TEXT: the lines of the report that hold TEXT
count() { grep -cF -- "$1" "$tmp/out"; }
result() {
    if [ "$3" -eq 0 ]; then ok "$1 $2"; else
        not_ok "$1 $2"; sed 's/^/# err: /' "$tmp/err" | head -5; sed 's/^/# out: /' "$tmp/out" | head -8
    fi
}
# kernel FILE: the kernel text on stdin written to $tmp/FILE
kernel() { cat >"$tmp/$1"; }

# ---- I6. A line splice joins the next line anywhere: in a name, a
# number, an operator, a string, a directive, a // comment.
printf '__global__ void k() {\n  __shared__ float s[64];\n  s[thread\\\nIdx.x] = 0;\n}\n' >"$tmp/splice-name.cu"
run -a sm80 -f "$tmp/splice-name.cu"
status_is 0 && out_has "3:3: write:" && out_has "1-way (conflict-free), cycles 1" && [ "$(count ': write:')" = 1 ]
result I6a "a splice inside threadIdx: one access, at the line it starts on" $?
printf '__global__ void k() {\n  __shared__ float s[128];\n  s[threadIdx.x * 1\\\n6 %% 1\\\n28] = 0;\n  s[threadIdx.x] +\\\n= 1.0f;\n}\n' >"$tmp/splice-num.cu"
run -a sm80 -f "$tmp/splice-num.cu"
# 16 x tid % 128: lanes 0, 8, 16, 24 on one word each of 8 banks: 4-way
status_is 0 && out_has "3:3: write:" && out_has "4-way" && out_has "6:3: read:" && out_has "6:3: write:"
result I6b "splices inside a number (1\\6, 1\\28) and an operator (+\\=)" $?
printf '__global__ void k() {\n  __shared__ float s[64];\n  // a note \\\n  s[threadIdx.x] = 0;\n  s[threadIdx.x * 2] = 0; /* \\\n */ s[threadIdx.x] = 1;\n}\n' >"$tmp/splice-comment.cu"
run -a sm80 -f "$tmp/splice-comment.cu"
status_is 0 && [ "$(count ': write:')" = 2 ] && out_has "5:3: write:" && out_has "6:5: write:"
result I6c "a // comment ending in a backslash takes the next line: 2 writes, not 3" $?
printf '#define IDX(i) \\\n   ((i) * 2)\n#def\\\nine PAD 1\n__global__ void k() {\n  __shared__ float s[128 + PAD];\n  s[IDX(threadIdx.x)] = 0;\n  const char *m = "a\\\nb";\n}\n' >"$tmp/splice-dir.cu"
run -a sm80 -f "$tmp/splice-dir.cu"
status_is 0 && out_has "7:3: write:" && out_has "2-way"
result I6d "splices in a #define's body, in the word #define, in a string" $?
printf '__global__ void k() {\r\n  __shared__ float s[64];\r\n  s[thread\\\r\nIdx.x * 2] = 0;\r\n}\r\n' >"$tmp/splice-crlf.cu"
run -a sm80 -f "$tmp/splice-crlf.cu"
status_is 0 && out_has "3:3: write:" && out_has "2-way"
result I6e "a splice before CR LF" $?
printf '__global__ void k() {\n  __shared__ float s[64];\n  s[threadIdx.x] = 0; \\  \n  s[threadIdx.x * 2] = 0;\n  int x = y;\n}\n' >"$tmp/splice-blank.cu"
run -a sm80 -f "$tmp/splice-blank.cu"
status_is 0 && out_has "3:3: write:" && out_has "4:3: write:" && out_has "2-way"
result I6f "a backslash, blanks, then the line's end: a splice (as compilers read it), the next line still placed" $?
printf '__global__ void k() {\n  __shared__ float s[64];\n  int i = thread\\\nIdx.x * 2; s[i] = 0; s[\\\n\\\n  i + 1] = 0;\n}\n' >"$tmp/splice-col.cu"
run -a sm80 -f "$tmp/splice-col.cu" --format=json
status_is 0 && out_has '"line": 4, "column": 12' && out_has '"line": 4, "column": 22' \
    && [ "$(grep -o '"status": "ok"' "$tmp/out" | wc -l)" = 2 ]
result I6g "columns after a splice are the file's own" $?

# ---- I16. A NUL byte is a blank, with a warning at its own place.
printf '__global__ void k() {\n  __shared__ float s[64];\n  s[threadIdx.x\000] = 0;\n  s[threadIdx.x * 2] = 1;\000\000\n}\n' >"$tmp/nul.cu"
run -a sm80 -f "$tmp/nul.cu"
status_is 0 && err_has "nul.cu:3:16: warning: a NUL byte, read as a blank (as compilers do); 3 in the file" \
    && out_has "3:3: write:" && out_has "4:3: write:" && ! err_has "expected"
result I16a "a NUL inside an index: read as a blank, the warning at the NUL, both accesses kept" $?
printf '__global__ void k() {\n  __shared__ float s[64];\n  s[thr\000eadIdx.x] = 0;\n}\n' >"$tmp/nul-name.cu"
run -a sm80 -f "$tmp/nul-name.cu"
err_has "nul-name.cu:3:8: warning: a NUL byte" && ! err_has "not ''"
result I16b "a NUL splitting a name: the warning points at it, no empty token is shown" $?

# ---- I18. A second byte-order mark, and lines that end in a CR alone.
printf '\357\273\277\357\273\277__global__ void k() {\n  __shared__ float s[64];\n  s[threadIdx.x * 2] = 0;\n}\n' >"$tmp/bom2.cu"
run -a sm80 -f "$tmp/bom2.cu"
status_is 0 && out_has "3:3: write:" && out_has "2-way" && err_has "byte-order mark"
result I18a "two byte-order marks: the kernel is read, the second one warned of" $?
{ printf '__global__ void a() {\n  __shared__ float s[64];\n  s[threadIdx.x] = 0;\n}\n'
  printf '\357\273\277__global__ void b() {\n  __shared__ float t[64];\n  t[threadIdx.x * 2] = 0;\n}\n'; } >"$tmp/joined.cu"
run -a sm80 -f "$tmp/joined.cu"
status_is 0 && out_has "3:3: write:" && out_has "7:3: write:" && err_has "joined.cu:5:1: warning: a byte-order mark"
result I18b "two files joined: the second file's BOM is a blank, its kernel kept at its lines" $?
printf '__global__ void k() {\r  __shared__ float s[64];\r  // a comment\r  s[threadIdx.x] = 0;\r  s[threadIdx.x * 2] = 1;\r}\r' >"$tmp/cr.cu"
run -a sm80 -f "$tmp/cr.cu"
status_is 0 && out_has "4:3: write: s[threadIdx.x] = 0" && out_has "5:3: write: s[threadIdx.x * 2] = 1: 2-way"
result I18c "CR-only line ends: a // comment ends at its CR, each access at its own line" $?
printf '__global__ void k() {\r  __shared__ float s[64];\r  s[threadIdx.x * 3] = 0;\r}\r' >"$tmp/cr-err.cu"
run -a sm80 --threads 32 -f "$tmp/cr-err.cu"
status_is 4 && err_has "cr-err.cu:3:3: error: index 66 is out of range" && [ "$(sed -n 2p "$tmp/err")" = "   s[threadIdx.x * 3] = 0;" ]
result I18d "CR-only line ends: a message quotes the right line" $?

# ---- I15 (lexer). Digraphs, raw strings, an open quote in a group
# #if leaves out.
kernel dig.cu <<'EOF'
%:define IDX(i) s<:(i) * 2:>
__global__ void k() <%
  __shared__ float s<:128:>;
  s<:threadIdx.x:> = 0;
  IDX(threadIdx.x) = 1;
%>
EOF
run -a sm80 -f "$tmp/dig.cu"
status_is 0 && out_has "4:3: write:" && out_has "5:3: write: IDX(threadIdx.x) = 1: 2-way"
result I15a "digraphs <: :> <% %> %: are [ ] { } #" $?
kernel dig2.cu <<'EOF'
%:define CAT(a, b) a %:%: b
template <class T> struct Box { T v; };
__global__ void k() {
  __shared__ float CAT(s, m)[64];
  Box<::size_t> b;
  sm[threadIdx.x * 2] = 0;
}
EOF
run -a sm80 -f "$tmp/dig2.cu"
status_is 0 && out_has "6:3: write: sm[threadIdx.x * 2] = 0: 2-way" && err_empty
result I15b "%:%: pastes; <:: before a name is < ::" $?
kernel raw.cu <<'EOF'
static const char *help = R"doc(usage: "k" \
  it's )" not the end
)doc";
__global__ void k() {
  __shared__ float s[64];
  const char *t = u8R"(a"b)";
  s[threadIdx.x * 2] = 0;
}
EOF
run -a sm80 -f "$tmp/raw.cu"
status_is 0 && out_has "7:3: write:" && out_has "2-way"
result I15c "raw strings over lines, with quotes, backslashes and )\" inside" $?
kernel if0.cu <<'EOF'
#if 0
Don't read this: it's a note.
#endif
#ifdef NOT_DEFINED
#error can't happen
#else
#pragma message("it's fine")
#endif
__global__ void k() {
  __shared__ float s[64];
  s[threadIdx.x] = 0;
}
EOF
run -a sm80 -f "$tmp/if0.cu"
status_is 0 && out_has "11:3: write:" && err_empty
result I15d "an unmatched quote in a group #if leaves out, and in a skipped directive" $?
printf '__global__ void k() {\n  __shared__ float s[64];\n  s[threadIdx.x] = 0; char c = '"'"'a;\n}\n' >"$tmp/open.cu"
run -a sm80 -f "$tmp/open.cu"
status_is 3 && err_has "open.cu:3:32: error: a character literal never closed on its line"
result I15e "an unmatched quote in code that is read stays an error at its place (held before; a guard)" $?

# ---- I3. The compiler's predefined macros, for the language and the
# profile; -D replaces one, -U leaves it undefined.
kernel arch.cu <<'EOF'
#ifndef __CUDACC__
#error this file needs nvcc
#endif
__global__ void k() {
  __shared__ float s[256];
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  s[threadIdx.x * 2] = 0;
#elif defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  s[threadIdx.x * 4] = 0;
#else
  s[threadIdx.x] = 0;
#endif
#if defined(__NVCC__) && __CUDACC_VER_MAJOR__ >= 12 && CUDART_VERSION >= 12000 && __CUDA_ARCH_LIST__ == __CUDA_ARCH__
  s[threadIdx.x + 1] = 0;
#endif
}
EOF
run -a sm80 -f "$tmp/arch.cu"
status_is 0 && out_has "7:3: write: s[threadIdx.x * 2] = 0: 2-way" && out_has "14:3: write:" && err_empty
result I3a "-a sm80: __CUDACC__, __NVCC__, __CUDA_ARCH__ 800, the nvcc version macros" $?
run -a sm70 -f "$tmp/arch.cu"
status_is 0 && out_has "9:3: write: s[threadIdx.x * 4] = 0: 4-way"
result I3b "-a sm70: __CUDA_ARCH__ 700" $?
run -a sm100 -D __CUDA_ARCH__=750 -f "$tmp/arch.cu"
status_is 0 && out_has "9:3: write:" && ! out_has "14:3: write:"
result I3c "-D __CUDA_ARCH__=750 replaces the profile's 1000" $?
run -a sm90 -U __CUDA_ARCH__ -f "$tmp/arch.cu"
status_is 0 && out_has "11:3: write: s[threadIdx.x] = 0" && ! out_has "14:3: write:"
result I3d "-U __CUDA_ARCH__ leaves it undefined" $?
run -f "$tmp/arch.cu"
status_is 0 && out_has "11:3: write:" \
    && err_has "arch.cu:6:13: warning: '__CUDA_ARCH__' and '__CUDA_ARCH_LIST__' are 520 here, nvcc's default target (sm_52): profile 'generic' is no NVIDIA GPU"
result I3e "no NVIDIA profile: __CUDA_ARCH__ is nvcc's default, 520, with a warning where it is first read" $?
run -a sm80,sm90 -f "$tmp/arch.cu"
status_is 3 && err_has "arch.cu:6:31: error: '__CUDA_ARCH__' depends on the profile, and the profiles -a gives give it different values"
result I3f "-a sm80,sm90: the file, read once, cannot read __CUDA_ARCH__'s value" $?
kernel archdef.cu <<'EOF'
__global__ void k() {
  __shared__ float s[256];
#ifdef __CUDA_ARCH__
  s[threadIdx.x * 2] = 0;
#endif
}
EOF
run -a sm80,sm90 -f "$tmp/archdef.cu"
status_is 0 && [ "$(grep -cE '^ +sm[89]0 +sm[89]0 +2 .* ok$' "$tmp/out")" = 2 ]
result I3g "-a sm80,sm90: whether __CUDA_ARCH__ is defined is the same on both" $?

kernel hip.hip <<'EOF'
#if !defined(__HIPCC__)
#error hipcc only
#endif
__global__ void k() {
  __shared__ float s[512];
#if defined(__HIP_DEVICE_COMPILE__) && defined(__HIP_PLATFORM_AMD__) && defined(__gfx942__) && defined(__GFX9__) && __AMDGCN_WAVEFRONT_SIZE__ == 64
  s[threadIdx.x * 2] = 0;
#elif defined(__HIP_PLATFORM_NVIDIA__) && __CUDA_ARCH__ == 900 && !defined(__HIP__)
  s[threadIdx.x * 4] = 0;
#elif defined(__GFX11__) && defined(__gfx1100__) && __AMDGCN_WAVEFRONT_SIZE == 32 && defined(__AMDGCN__)
  s[threadIdx.x * 3] = 0;
#elif defined(__HIP__) && __AMDGCN_WAVEFRONT_SIZE__ == 32 && !defined(__gfx942__)
  s[threadIdx.x * 5] = 0;
#endif
}
EOF
run -a gfx942 -f "$tmp/hip.hip"
status_is 0 && out_has "7:3: write:"
result I3h "HIP on gfx942: __HIPCC__, __HIP_DEVICE_COMPILE__, __HIP_PLATFORM_AMD__, __gfx942__, __GFX9__, wave 64" $?
run -a sm90 -f "$tmp/hip.hip"
status_is 0 && out_has "9:3: write:"
result I3i "HIP on sm90: nvcc's macros and __HIP_PLATFORM_NVIDIA__" $?
run -a rdna3 -f "$tmp/hip.hip"
status_is 0 && out_has "11:3: write:"
result I3j "HIP on rdna3: gfx1100, __GFX11__, wave 32" $?
run -f "$tmp/hip.hip"
status_is 0 && out_has "13:3: write:"
result I3k "HIP on generic: clang's macros, no processor, the profile's wave size" $?

kernel pre.hlsl <<'EOF'
groupshared float s[256];
[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
#if defined(__hlsl_dx_compiler) && __HLSL_VERSION >= 2021 && __SHADER_TARGET_STAGE == __SHADER_STAGE_COMPUTE
  s[i * 2] = 0;
#endif
#if __SHADER_TARGET_MAJOR == 6 && __SHADER_TARGET_MINOR >= 6
  s[i + 1] = 0;
#endif
}
EOF
run -a sm80 -f "$tmp/pre.hlsl"
status_is 0 && out_has "5:3: write:" && out_has "8:3: write:"
result I3l "HLSL: DXC's __HLSL_VERSION, shader stage and target macros" $?
kernel pre.comp <<'EOF'
#version 450 core
layout(local_size_x = 64) in;
shared float s[256];
void main() {
#if __VERSION__ == 450 && defined(GL_core_profile) && !defined(GL_ES) && defined(VULKAN)
  s[gl_LocalInvocationIndex * 2] = 0;
#endif
#ifdef GL_KHR_shader_subgroup_basic
  s[gl_LocalInvocationIndex + 1] = 0;
#endif
}
EOF
run -a sm80 -f "$tmp/pre.comp"
status_is 0 && out_has "6:3: write:" && out_has "9:3: write:"
result I3m "GLSL: __VERSION__ from #version, GL_core_profile, VULKAN, the subgroup extensions" $?
printf '#version 310 es\nlayout(local_size_x = 64) in;\nshared float s[256];\nvoid main() {\n#if defined(GL_ES) && !defined(GL_core_profile) && __VERSION__ == 310\n  s[gl_LocalInvocationIndex * 2] = 0;\n#endif\n}\n' >"$tmp/pre-es.comp"
run -a sm80 -f "$tmp/pre-es.comp"
status_is 0 && out_has "6:3: write:"
result I3n "GLSL: #version 310 es defines GL_ES, not GL_core_profile" $?
kernel pre.cl <<'EOF'
__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void k(__global float *g) {
  __local float s[256];
#if defined(CL_VERSION_3_0) && __OPENCL_C_VERSION__ >= CL_VERSION_1_2 && defined(__ENDIAN_LITTLE__)
  s[get_local_id(0) * 2] = 0;
#endif
#if defined(__AMDGCN__) && defined(__gfx90a__)
  s[get_local_id(0) + 1] = 0;
#endif
}
EOF
run -a gfx90a -f "$tmp/pre.cl"
status_is 0 && out_has "4:3: write:" && out_has "7:3: write:"
result I3o "OpenCL C: the version macros; on an AMD profile clang's AMD GPU target macros" $?

# A launch in host code under #ifndef __CUDA_ARCH__ is read as nvcc's
# host pass sees the file.
kernel hostpass.cu <<'EOF'
template <int STRIDE>
__global__ void k(int n) {
  __shared__ float s[2048];
#ifdef __CUDA_ARCH__
  s[threadIdx.x * STRIDE] = n;
#endif
}
#ifndef __CUDA_ARCH__
int main() {
  k<2><<<1, 128>>>(5);
  return 0;
}
#endif
EOF
run -a sm80 -f "$tmp/hostpass.cu" --show-lowered
status_is 0 && out_has "# launched at 10:3: threads 128, 1, 1; STRIDE = 2; n = 5" && out_has "write b32 s[tid.x * 2]"
result I3p "kernels as the device pass reads them, their launch as the host pass does" $?

# ---- I4. A block with no ';' after its '}' (HLSL's cbuffer, tbuffer)
# ends there: the next declaration is its own.
kernel blur.hlsl <<'EOF'
cbuffer CB0 : register(b0)
{
    float2 g_inverseDimensions;
    uint g_radius;
}
groupshared float g_cache[256];
static const float Weights[5] = { 0.0625, 0.25, 0.375, 0.25, 0.0625 };
[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    g_cache[gi * 2] = Weights[2];
}
EOF
run -a sm80 -f "$tmp/blur.hlsl"
status_is 0 && out_has "10:5: write: g_cache[gi * 2] = Weights[2]: 2-way" && err_empty
result I4a "cbuffer NAME : register(b0) { ... } with no ';': the groupshared array and the table after it are declared" $?
kernel blocks.hlsl <<'EOF'
struct Params { uint n; };
tbuffer TB : register(t0, space1) { float4 tb_data; }
ConstantBuffer<Params> P : register(b1);
cbuffer CB1 { uint g_pitch; }
[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    s_tile[gi * 4] = 0;
}
cbuffer CB2 : register(b2) { uint g_other; };
groupshared float s_tile[256];
EOF
run -a sm80 -f "$tmp/blocks.hlsl"
status_is 0 && out_has "7:5: write: s_tile[gi * 4] = 0: 4-way" && err_empty
result I4b "tbuffer, ConstantBuffer<T>, a cbuffer right before [numthreads]: the kernel is read whole" $?
kernel blocks.comp <<'EOF'
#version 450
layout(local_size_x = 64) in;
uniform Params { int n; int stride; } params;
layout(std430, binding = 0) buffer Out { float o[]; };
uniform Lights { vec4 pos; } lights[4];
buffer In { float data[]; };
shared float s[256];
void main() {
  s[gl_LocalInvocationIndex * 2] = data[gl_LocalInvocationIndex];
}
EOF
run -a sm80 -f "$tmp/blocks.comp"
status_is 0 && out_has "9:3: write: s[gl_LocalInvocationIndex * 2]" && out_has "2-way" && out_has "9:36: read: " && out_has ": global, sectors 8" && err_empty
result I4c "GLSL interface blocks with and without instance names, an array of blocks, a buffer with no layout" $?

# ---- I15 (names). Constants a compiler accepts: enumerations, static
# constant members, namespace constants; GLSL's array types; names the
# lds language gives a meaning of its own.
kernel enums.cu <<'EOF'
enum { P = 2 };
enum Mode { A, B, C };
enum class Pad : int { None = 0, One, Big = 1 << 3 };
enum Shift : unsigned char { S0 = P * 2, S1 };
__global__ void k() {
  enum { LOCAL = 3, NEXT };
  __shared__ float s[4096];
  s[threadIdx.x * P] = 0;
  s[threadIdx.x * C] = 1;
  s[threadIdx.x * (int)Pad::Big] = 2;
  s[threadIdx.x * (Mode::B + S1)] = 3;
  s[threadIdx.x * NEXT] = 4;
}
EOF
run -a sm80 -f "$tmp/enums.cu"
status_is 0 && out_has "8:3: write: s[threadIdx.x * P] = 0: 2-way" && out_has "9:3: write: s[threadIdx.x * C] = 1: 2-way" \
    && out_has "10:3: write: s[threadIdx.x * (int)Pad::Big] = 2: 8-way" \
    && out_has "11:3: write: s[threadIdx.x * (Mode::B + S1)] = 3: 2-way" && out_has "12:3: write: s[threadIdx.x * NEXT] = 4: 4-way" \
    && ! out_has "not modelled"
result I15f "enum { P = 1 }, implicit values, enum class, a typed enum, E::A of an unscoped one, a local enum" $?
kernel members.cu <<'EOF'
struct Cfg { static constexpr int P = 4; static const int Q = P + 1; int field; };
namespace tiles { struct Tile { static constexpr int W = 33; enum { H = 32 }; }; }
__global__ void k() {
  __shared__ float s[64 * 33];
  s[threadIdx.x * Cfg::P] = 0;
  s[threadIdx.x * Cfg::Q] = 0;
  s[threadIdx.x * tiles::Tile::W] = 0;
  s[threadIdx.x * (tiles::Tile::W - tiles::Tile::H + 1)] = 0;
}
EOF
run -a sm80 -f "$tmp/members.cu"
status_is 0 && out_has "5:3: write: s[threadIdx.x * Cfg::P] = 0: 4-way" && out_has "6:3: write: s[threadIdx.x * Cfg::Q] = 0: 1-way" \
    && out_has "7:3: write: s[threadIdx.x * tiles::Tile::W] = 0: 1-way" && out_has "8:3: write: s[threadIdx.x * (tiles::Tile::W - tiles::Tile::H + 1)] = 0: 2-way"
result I15g "static constexpr and static const members (Cfg::P), in a namespace, an enum in a struct" $?
kernel ns.cu <<'EOF'
constexpr int P = 1;
namespace a { constexpr int P = 2; namespace inner { constexpr int Q = 4; } }
namespace b { constexpr int P = 8; }
namespace very::long_name { constexpr int R = 16; }
namespace vl = very::long_name;
namespace a {
__global__ void k() {
  __shared__ float s[8192];
  s[threadIdx.x * P] = 0;
  s[threadIdx.x * ::P] = 0;
  s[threadIdx.x * b::P] = 0;
  s[threadIdx.x * inner::Q] = 0;
  s[threadIdx.x * vl::R] = 0;
  s[threadIdx.x * a::inner::Q] = 0;
}
}
EOF
run -a sm80 -f "$tmp/ns.cu"
status_is 0 && out_has "9:3: write: s[threadIdx.x * P] = 0: 2-way" && out_has "10:3: write: s[threadIdx.x * ::P] = 0: 1-way" \
    && out_has "11:3: write: s[threadIdx.x * b::P] = 0: 8-way" && out_has "12:3: write: s[threadIdx.x * inner::Q] = 0: 4-way" \
    && out_has "13:3: write: s[threadIdx.x * vl::R] = 0: 16-way" && out_has "14:3: write: s[threadIdx.x * a::inner::Q] = 0: 4-way"
result I15h "namespace constants: the kernel's own namespace first, ::P, nested, relative, a namespace alias" $?
kernel using.cu <<'EOF'
namespace cfg { constexpr int P = 2; constexpr int Q = 4; }
namespace other { constexpr int R = 8; }
using namespace cfg;
using other::R;
namespace d { constexpr int S = 16; __device__ int idx(int t) { return t * S; } }
__global__ void k() {
  __shared__ float s[8192];
  s[threadIdx.x * P] = 0;
  s[threadIdx.x * R] = 0;
  s[d::idx(threadIdx.x)] = 0;
  { using namespace d; s[threadIdx.x * S] = 0; }
}
EOF
run -a sm80 -f "$tmp/using.cu"
status_is 0 && out_has "8:3: write: s[threadIdx.x * P] = 0: 2-way" && out_has "9:3: write: s[threadIdx.x * R] = 0: 8-way" \
    && out_has "10:3: write: s[d::idx(threadIdx.x)] = 0: 16-way" && grep -q "^11:24: write: .*: 16-way" "$tmp/out"
result I15i "using namespace cfg; using other::R; a helper in a namespace of its own" $?
kernel ambiguous.cu <<'EOF'
namespace a { constexpr int P = 1; }
namespace b { constexpr int P = 2; }
__global__ void k() {
  __shared__ float s[256];
  s[threadIdx.x * P] = 0;
}
EOF
run -a sm80 -f "$tmp/ambiguous.cu"
out_has "not modelled: its index depends on 'P', which is not defined in this file"
result I15j "a name two namespaces define, neither brought in: not guessed (held before; a guard)" $?
kernel aoa.comp <<'EOF'
#version 450
layout(local_size_x = 64) in;
shared float[65] g[64];
shared float[33][2] h[4], h2[8];
void main() {
  g[gl_LocalInvocationIndex][0] = 0;
  h2[1][gl_LocalInvocationIndex % 33][1] = 0;
}
EOF
run -a sm80 -f "$tmp/aoa.comp" --show-lowered
status_is 0 && out_has "array f32 g[64][65]" && out_has "array f32 h2[8][33][2]" && out_has "write b32 g[tid][0]"
result I15k "GLSL: shared float[65] g[64] is 64 arrays of 65, a type's dimensions after each declarator's" $?
failed=
for name in lane tid wave group groups banks f32 b32 u8 b128 f16 bf16 min swizzle array read in; do
    printf '__global__ void k() {\n  __shared__ float %s[64];\n  %s[threadIdx.x * 2] = %s[threadIdx.x];\n}\n' $name $name $name >"$tmp/reserved-$name.cu"
    run -a sm80 -f "$tmp/reserved-$name.cu"
    status_is 0 && out_has "3:3: write: $name[threadIdx.x * 2] = $name[threadIdx.x]: 2-way" \
        && out_has ": read: $name[threadIdx.x * 2] = $name[threadIdx.x]: 1-way (conflict-free)" && err_empty \
        || failed="$failed $name"
done
[ -z "$failed" ]
result I15l "a shared array named lane, tid, wave, group, groups, banks, f32, b32, u8, b128, f16, bf16, min, swizzle, array, read or in (failed:${failed:- none})" $?
# the same names for a let, a loop variable, a second kernel's array
kernel reserved2.cu <<'EOF'
__global__ void k1(int n) {
  __shared__ float f32[256];
  __shared__ float lane_2[64];
  int lane = threadIdx.x % 32;
  for (int tid = 0; tid < 2; tid++)
    f32[lane * 2 + tid * 64] = lane_2[lane];
}
__global__ void k2() {
  __shared__ float tid[64];
  tid[threadIdx.x] = 0;
}
EOF
run -a sm80 -f "$tmp/reserved2.cu"
status_is 0 && [ "$(grep -c ': write: f32\[lane \* 2 + tid \* 64\] = lane_2\[lane\]: 2-way' "$tmp/out")" = 1 ] \
    && out_has ": read: f32[lane * 2 + tid * 64] = lane_2[lane]: 1-way" && out_has "10:3: write: tid[threadIdx.x] = 0: 1-way" && err_empty
result I15m "reserved names as locals and loop variables, beside an array named like a renamed one" $?

# namespaces nested beyond any real file's: an error, never a crash or
# a run out of proportion (the file's names would grow with the depth)
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "namespace a { "; printf "constexpr int P = 2;"; for (i = 0; i < 20000; i++) printf " }"; print "" }' >"$tmp/deepns.cu"
printf '__global__ void k() { __shared__ float s[64]; s[threadIdx.x] = 0; }\n' >>"$tmp/deepns.cu"
run -a sm80 -f "$tmp/deepns.cu"
status_is 3 && err_has "deepns.cu:1:3585: error: namespaces or extern blocks nested more than 256 deep"
result I15n "20,000 nested namespaces: an error at the 257th" $?

# ---- I5. A loop whose counter's type makes its condition always hold
# never ends: an error at its line, not a finite count.
endless() {   # endless NAME INIT-COND-STEP: the loop around one access
    printf '__global__ void k() {\n  __shared__ float s[1024];\n  for (%s)\n    s[threadIdx.x] = 0;\n}\n' "$2" >"$tmp/$1.cu"
    run -a sm80 -f "$tmp/$1.cu"
    status_is 3 && err_has "$1.cu:3:3: error: this loop never ends"
}
endless uchar 'unsigned char i = 0; i < 300; i++'
result I5a "for (unsigned char i = 0; i < 300; i++): endless, at its line" $?
endless uint-down 'unsigned i = 10; i >= 0; i--' && err_has "'i' (unsigned) holds 0..4294967295, and 'i >= 0' holds for every one of them"
result I5b "for (unsigned i = 10; i >= 0; i--): endless" $?
failed=
for loop in 'short i = 0; i <= 32767; i++' 'uint16_t i = 0; i < 65536; i += 2' 'size_t i = 100; i >= 0; i -= 3' \
            'unsigned i = 0; i <= -1; i++' 'signed char i = 0; i < 200; i++' 'unsigned long long i = 5; i >= 0; --i' \
            'int i = 0; i < 3000000000LL; i++' 'unsigned int i = 7; i <= 4294967295u; i++'; do
    endless widths "$loop" || failed="$failed [$loop]"
done
[ -z "$failed" ]
result I5c "8, 16, 32 and 64-bit counters, signed and unsigned, up and down (failed:${failed:- none})" $?
kernel finite.cu <<'EOF'
__global__ void k() {
  __shared__ float s[1024];
  for (unsigned char c = 0; c < 255; c++) s[threadIdx.x] = 0;
  for (unsigned i = 10; i > 0; i--) s[threadIdx.x] = 1;
  for (int j = 10; j >= 0; j--) s[threadIdx.x] = 2;
  for (short h = -5; h < 30000; h += 4000) s[threadIdx.x] = 3;
}
EOF
run -a sm80 -f "$tmp/finite.cu"
status_is 0 && out_has "cycles 255, ideal 255" && out_has "cycles 10, ideal 10" && out_has "cycles 11, ideal 11" \
    && out_has "cycles 8, ideal 8" && err_empty
result I5d "counters that stay in their range to the end are counted (255, 10, 11, 8 trips; a guard)" $?
printf '__global__ void k() {\n  __shared__ float s[1024];\n  for (unsigned char i = 250; i < 255; i += 10)\n    s[threadIdx.x] = 0;\n}\n' >"$tmp/wraps.cu"
run -a sm80 -f "$tmp/wraps.cu"
status_is 0 && out_has "not modelled: it is in a loop whose counter 'i' (unsigned char, 0..255) wraps before 'i < 255' fails"
result I5e "a counter that wraps before its end: not counted, said so" $?
failed=
for loop in 'while (1) { s[threadIdx.x] = 0; }' 'for (;;) s[threadIdx.x] = 0;' 'do { s[threadIdx.x] = 0; } while (true);' \
            'for (int i = 0; i < 10; i += 0) s[threadIdx.x + i] = 0;'; do
    printf '__global__ void k() {\n  __shared__ float s[1024];\n  %s\n}\n' "$loop" >"$tmp/forever.cu"
    run -a sm80 -f "$tmp/forever.cu"
    status_is 3 && err_has "forever.cu:3:3: error: this loop never ends" || failed="$failed [$loop]"
done
[ -z "$failed" ]
result I5f "while (1), for (;;), do ... while (true), a step of 0: endless (failed:${failed:- none})" $?
kernel notendless.cu <<'EOF'
__global__ void k(int n) {
  __shared__ float s[1024];
  while (1) { s[threadIdx.x] = 0; if (threadIdx.x > n) break; }
  for (unsigned char i = 0; i < 300; i++) { int unused = i; }
  s[threadIdx.x] = 1;
}
EOF
run -a sm80 -f "$tmp/notendless.cu"
status_is 0 && out_has "3:15: write:" && out_has "not modelled" && out_has "5:3: write:"
result I5g "a loop with a way out is skipped, not endless; an endless one with no access changes no number (a guard)" $?

tap_end

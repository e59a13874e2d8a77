/* src/instructions.c - the names of the shared-memory instructions kernels
 * issue, as statements (lds(5), INSTRUCTIONS): AMD's ds_* in the gfx9 and
 * the gfx11+ spellings, its LDS atomics, NVIDIA's SASS (LDS, STS, ATOMS,
 * LDSM) and PTX (ld.shared, st.shared, atom.shared, ldmatrix, stmatrix,
 * cp.async).  Each is a read, write or atomic of a width, some with lanes
 * that take no part, and a note on how it is modelled where that is not
 * the plain access of its width. */
#include "src/instructions.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "src/smem_desc.h"
#include "src/types.h"

/* PTX ISA, "Warp-level matrix load instruction: ldmatrix": threads 8i ..
 * 8i+7 give the row addresses of matrix i, each row 16 contiguous bytes. */
#define LDMATRIX_NOTE                                                                                          \
    "%s: 16-byte rows whose addresses lanes 0-%u give (PTX ISA, ldmatrix), one 8x8 matrix a phase, never "      \
    "joined by the pair rule (measured on sm90, measurements/h200-sm90: 20 patterns agree; inferred "            \
    "elsewhere); .trans moves data in registers, not the shared-memory access"
#define STMATRIX_NOTE                                                                                          \
    "%s: 16-byte rows whose addresses lanes 0-%u give (PTX ISA, stmatrix, sm90+), one 8x8 matrix a phase "      \
    "(measured on sm90: 6 patterns agree)"
#define CP_ASYNC_SMALL_NOTE                                                                                    \
    "cp.async%s of %u bytes (LDGSTS.E.%u): its shared-memory side, served as a store whose lanes on one "        \
    "address are never merged, one by one (measured on sm90, measurements/h200-sm90; inferred elsewhere); "      \
    "the global-memory read is not modelled"
#define CP_ASYNC_BYPASS_NOTE                                                                                   \
    "cp.async.cg of 16 bytes (LDGSTS.E.BYPASS.128): the hardware LSU counters do not see it; Nsight's "           \
    "SASS-level ldgsts counters report one wavefront per distinct 128-byte line written and no bank conflict "   \
    "(measured on sm90, measurements/h200-sm90; inferred elsewhere), which are the numbers here. Its limit: "    \
    "where a group of 8 lanes' copies straddles a 128-byte line the hardware can take more (one pattern "        \
    "measured on an H200: 9 wavefronts where this rule gives 5), not modelled; the global-memory read is not "  \
    "modelled"
#define CP_ASYNC_CA16_NOTE                                                                                     \
    "cp.async.ca of 16 bytes (LDGSTS.E.128): served as the smaller .ca copies are, a store whose lanes on one "  \
    "address are never merged (inferred: only .cg was measured at 16 bytes); the global-memory read is not "   \
    "modelled"

/* A few fixed names; the families are parsed below. */
static const struct {
    const char *name;
    lds_access_kind kind;
    unsigned width;
} sass[] = {
    { "LDS", ACC_READ, 4 }, { "LDS.U8", ACC_READ, 1 }, { "LDS.S8", ACC_READ, 1 }, { "LDS.U16", ACC_READ, 2 },
    { "LDS.S16", ACC_READ, 2 }, { "LDS.32", ACC_READ, 4 }, { "LDS.64", ACC_READ, 8 }, { "LDS.128", ACC_READ, 16 },
    { "STS", ACC_WRITE, 4 }, { "STS.U8", ACC_WRITE, 1 }, { "STS.8", ACC_WRITE, 1 }, { "STS.U16", ACC_WRITE, 2 },
    { "STS.16", ACC_WRITE, 2 }, { "STS.32", ACC_WRITE, 4 }, { "STS.64", ACC_WRITE, 8 },
    { "STS.128", ACC_WRITE, 16 },
};

/* AMD LDS atomics: ds_OP[_rtn]_TYPE, as atomics of 4 or 8 bytes. */
static const char *const amd_atomic_ops[] = {
    "add", "sub", "rsub", "inc", "dec", "min", "max", "and", "or", "xor", "mskor", "wrxchg", "cmpst",
    "cmpswap", "cmpstore", "condxchg32", NULL,
};

static bool is(const char *name, unsigned len, const char *s)
{
    return strlen(s) == len && memcmp(name, s, len) == 0;
}

static bool starts(const char *name, unsigned len, const char *prefix, const char **rest, unsigned *rlen)
{
    size_t n = strlen(prefix);
    if (len <= n || memcmp(name, prefix, n) != 0)
        return false;
    *rest = name + n;
    *rlen = len - (unsigned)n;
    return true;
}

/* b32, u16, i8 ...: a width, or a sub-word load with extension (u8 i8
 * u16 i16, and the gfx11 _d16 forms) */
static unsigned width_word(const char *w, unsigned len, bool subword)
{
    unsigned bytes = lds_width_bytes(w, len);
    if (bytes)
        return bytes;
    if (subword && len >= 2 && (w[0] == 'u' || w[0] == 'i')) {
        char b[8];
        unsigned n = len;
        if (n > 4 && !memcmp(w + n - 4, "_d16", 4))   /* ds_load_u8_d16 */
            n -= 4;
        else if (n > 7 && !memcmp(w + n - 7, "_d16_hi", 7))
            n -= 7;
        if (n - 1 >= sizeof b - 1)
            return 0;
        b[0] = 'b';
        memcpy(b + 1, w + 1, n - 1);
        bytes = lds_width_bytes(b, n);
        return bytes <= 2 ? bytes : 0;
    }
    return 0;
}

#define READ2_NOTE                                                                                             \
    "%s: two addresses a lane, target + offset0 and target + offset1 (in %u-byte units; LLVM AMDGPU "          \
    "documentation), served in the phases of a b%u access of the same bytes (inferred: not measured here)"

/* ds_read2_b32, ds_read2st64_b64, ds_write2_*, and the gfx11 spellings
 * ds_load_2addr_b32, ds_load_2addr_stride64_b64, ds_store_2addr_* */
static bool amd_two_address(const char *name, unsigned len, lds_instruction *out)
{
    static const struct { const char *prefix; lds_access_kind kind; unsigned stride; } forms[] = {
        { "ds_read2st64_", ACC_READ, 64 }, { "ds_read2_", ACC_READ, 1 }, { "ds_write2st64_", ACC_WRITE, 64 },
        { "ds_write2_", ACC_WRITE, 1 }, { "ds_load_2addr_stride64_", ACC_READ, 64 },
        { "ds_load_2addr_", ACC_READ, 1 }, { "ds_store_2addr_stride64_", ACC_WRITE, 64 },
        { "ds_store_2addr_", ACC_WRITE, 1 },
    };
    const char *rest;
    unsigned rlen;
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (starts(name, len, forms[i].prefix, &rest, &rlen)) {
            unsigned w = is(rest, rlen, "b32") ? 4 : is(rest, rlen, "b64") ? 8 : 0;
            if (!w)
                return false;
            out->kind = forms[i].kind;
            out->width = w;
            out->stride = forms[i].stride;
            snprintf(out->note, sizeof out->note, READ2_NOTE, forms[i].kind == ACC_READ ? "ds_read2" : "ds_write2",
                     w * forms[i].stride, w * 16);
            return true;
        }
    return false;
}

/* CDNA4 ISA, "MFMA Transpose Load from LDS": each lane reads 64 (96) bits
 * at its own address and the data is transposed across lanes on the way
 * to the registers.  The gfx1250 spellings are LLVM's (DSInstructions.td,
 * with its aliases). */
#define TRANSPOSE_NOTE                                                                                         \
    "%s: each lane reads %u bytes at its own address (CDNA4 ISA, MFMA transpose loads); the transpose is "      \
    "in the return path, so the banks are those of a ds_read_b%u of the same addresses (inferred: not "        \
    "measured here)%s; gfx950 and later only"
#define TRANSPOSE_B6_ALIGN                                                                                     \
    ", each address 16-byte aligned (rocRoller pads every 96 bits to 128)"

static bool amd_transpose(const char *name, unsigned len, lds_instruction *out)
{
    static const struct { const char *name; unsigned width; } forms[] = {
        { "ds_read_b64_tr_b16", 8 }, { "ds_read_b64_tr_b8", 8 }, { "ds_read_b64_tr_b4", 8 },
        { "ds_read_b96_tr_b6", 12 }, { "ds_load_tr16_b128", 16 }, { "ds_load_tr8_b64", 8 },
        { "ds_load_tr4_b64", 8 }, { "ds_load_tr6_b96", 12 }, { "ds_load_b128_tr_b16", 16 },
        { "ds_load_b64_tr_b8", 8 }, { "ds_load_b64_tr_b4", 8 }, { "ds_load_b96_tr_b6", 12 },
        { "ds_load_tr_b64", 8 }, { "ds_load_tr_b128", 16 },
    };
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (is(name, len, forms[i].name)) {
            unsigned w = forms[i].width;
            out->kind = ACC_READ;
            out->width = w;
            out->align = w == 12 ? 16 : 0;
            snprintf(out->note, sizeof out->note, TRANSPOSE_NOTE, forms[i].name, w, w * 8,
                     w == 12 ? TRANSPOSE_B6_ALIGN : "");
            return true;
        }
    return false;
}

static bool amd(const char *name, unsigned len, lds_instruction *out)
{
    if (amd_two_address(name, len, out) || amd_transpose(name, len, out))
        return true;
    static const struct { const char *prefix; lds_access_kind kind; bool subword; } forms[] = {
        { "ds_read_", ACC_READ, true }, { "ds_load_", ACC_READ, true },
        { "ds_write_", ACC_WRITE, false }, { "ds_store_", ACC_WRITE, false },
    };
    const char *rest;
    unsigned rlen;
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (starts(name, len, forms[i].prefix, &rest, &rlen)) {
            unsigned w = width_word(rest, rlen, forms[i].subword);
            if (!w)
                return false;
            out->kind = forms[i].kind;
            out->width = w;
            return true;
        }
    if (!starts(name, len, "ds_", &rest, &rlen))
        return false;
    for (const char *const *op = amd_atomic_ops; *op; op++) {
        size_t n = strlen(*op);
        if (rlen <= n + 1 || memcmp(rest, *op, n) != 0 || rest[n] != '_')
            continue;
        const char *t = rest + n + 1;
        unsigned tlen = rlen - (unsigned)n - 1;
        if (tlen > 4 && !memcmp(t, "rtn_", 4))
            t += 4, tlen -= 4;
        if (tlen == 3 && strchr("uibf", t[0]) && !memcmp(t + 1, "32", 2))
            out->width = 4;
        else if (tlen == 3 && strchr("uibf", t[0]) && !memcmp(t + 1, "64", 2))
            out->width = 8;
        else
            return false;
        out->kind = ACC_ATOMIC;
        return true;
    }
    return false;
}

/* A dotted name cut at its dots, within its length: "ld.shared.v4.b32"
 * is ld, shared, v4, b32.  0 if a part is empty or there are too many. */
typedef struct {
    const char *s;
    unsigned len;
} part;

#define MAX_PARTS 12

static unsigned split_parts(const char *name, unsigned len, part *out)
{
    unsigned n = 0, from = 0;
    for (unsigned i = 0; i <= len; i++) {
        if (i < len && name[i] != '.')
            continue;
        if (i == from || n == MAX_PARTS)
            return 0;
        out[n].s = name + from;
        out[n++].len = i - from;
        from = i + 1;
    }
    return n;
}

static bool part_is(const part *pt, const char *s)
{
    return is(pt->s, pt->len, s);
}

/* Case-insensitively (SASS is written in either case). */
static bool part_is_nocase(const part *pt, const char *s)
{
    if (strlen(s) != pt->len)
        return false;
    for (unsigned i = 0; i < pt->len; i++)
        if (toupper((unsigned char)pt->s[i]) != toupper((unsigned char)s[i]))
            return false;
    return true;
}

/* The index of the word the part is among `words` (NULL-terminated), or -1. */
static int part_in(const part *pt, const char *const *words, bool nocase)
{
    for (int i = 0; words[i]; i++)
        if (nocase ? part_is_nocase(pt, words[i]) : part_is(pt, words[i]))
            return i;
    return -1;
}

/* Every part of parts[from..n) is one of `words`, none twice. */
static bool parts_from(const part *parts, unsigned from, unsigned n, const char *const *words, bool nocase)
{
    uint64_t seen = 0;
    for (unsigned i = from; i < n; i++) {
        int k = part_in(&parts[i], words, nocase);
        if (k < 0 || (seen >> k & 1))
            return false;
        seen |= (uint64_t)1 << k;
    }
    return true;
}

/* Which of `words` is among parts[from..n) (exactly one, or none when
 * optional): its index, -1 for none, -2 for two or more. */
static int one_of_parts(const part *parts, unsigned from, unsigned n, const char *const *words)
{
    int found = -1;
    for (unsigned i = from; i < n; i++) {
        int k = part_in(&parts[i], words, false);
        if (k >= 0 && found >= 0)
            return -2;
        if (k >= 0)
            found = k;
    }
    return found;
}

#define CAS_LOOP_NOTE                                                                                          \
    "%s of 64 bits: NVIDIA has no such shared-memory instruction; nvcc emits LDS.64 and an "                     \
    "ATOMS.CAST.SPIN.64 retried by the lanes that fail (measured on sm90: a lane fails when its address was "     \
    "updated by the same instruction or a bank it needs holds another word), counted whole: its loads under "   \
    "ld, its compare-and-swaps under atom"

/* A 64-bit atomic NVIDIA runs as a compare-and-swap loop. */
static void cas_loop(lds_instruction *out, const char *what)
{
    out->sim_form = LDS_FORM_CAS_LOOP;
    snprintf(out->note, sizeof out->note, CAS_LOOP_NOTE, what);
}

/* SASS (NVIDIA's machine code, as cuobjdump prints it; either case):
 * LDS[.U8|.S8|.U16|.S16|.32|.64|.128], STS[...], ATOMS.OP[.TYPE...],
 * LDSM.16.M88[.2|.4] and .MT88 (ldmatrix), STSM.16.M88[.2|.4] and .MT88
 * (stmatrix).  Anything else is not a SASS name. */
static bool nvidia_sass(const char *name, unsigned len, lds_instruction *out)
{
    part pt[MAX_PARTS];
    unsigned n = split_parts(name, len, pt);
    if (!n)
        return false;
    for (size_t i = 0; i < sizeof sass / sizeof sass[0]; i++)
        if (len == strlen(sass[i].name) && part_is_nocase(&(part){ name, len }, sass[i].name)) {
            out->kind = sass[i].kind;
            out->width = sass[i].width;
            return true;
        }
    static const char *const atom_ops[] = { "ADD", "MIN", "MAX", "INC", "DEC", "AND", "OR", "XOR", "EXCH",
                                            "CAS", "CAST", "POPC", NULL };
    static const char *const atom_mods[] = { "64", "U32", "S32", "U64", "S64", "F32", "FTZ", "RN", "SPIN",
                                             "STRONG", "GPU", "INC", NULL };
    int op;
    if (n >= 2 && part_is_nocase(&pt[0], "ATOMS") && (op = part_in(&pt[1], atom_ops, true)) >= 0
        && parts_from(pt, 2, n, atom_mods, true)) {
        out->kind = ACC_ATOMIC;
        out->width = 4;
        for (unsigned i = 2; i < n; i++)
            if (part_is_nocase(&pt[i], "64") || part_is_nocase(&pt[i], "U64") || part_is_nocase(&pt[i], "S64"))
                out->width = 8;
        if (out->width == 8 && strcmp(atom_ops[op], "CAS") && strcmp(atom_ops[op], "EXCH") && strcmp(atom_ops[op], "CAST"))
            cas_loop(out, "ATOMS");
        return true;
    }
    bool load = n >= 3 && part_is_nocase(&pt[0], "LDSM"), store = n >= 3 && part_is_nocase(&pt[0], "STSM");
    if ((load || store) && n <= 4 && part_is(&pt[1], "16")
        && (part_is_nocase(&pt[2], "M88") || part_is_nocase(&pt[2], "MT88"))) {
        unsigned x = n == 3 ? 1 : part_is(&pt[3], "2") ? 2 : part_is(&pt[3], "4") ? 4 : 0;
        if (!x)
            return false;
        out->kind = load ? ACC_READ : ACC_WRITE;
        out->width = 16;
        out->lanes = 8 * x;
        out->counter_op = load ? "ldsm" : "stsm";
        out->sim_form = LDS_FORM_MATRIX;
        snprintf(out->note, sizeof out->note, load ? LDMATRIX_NOTE : STMATRIX_NOTE, load ? "LDSM" : "STSM",
                 out->lanes - 1);
        return true;
    }
    return false;
}

/* ldmatrix and stmatrix as the PTX ISA writes them,
 * ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16, or shortened to what
 * changes the access (ldmatrix.x4): .x1/.x2/.x4 at most once (x1 if
 * none), the other parts from the ISA's list, none twice. */
static bool ptx_matrix(const part *pt, unsigned n, lds_instruction *out)
{
    bool load = part_is(&pt[0], "ldmatrix");
    if (!load && !part_is(&pt[0], "stmatrix"))
        return false;
    static const char *const words[] = { "sync", "aligned", "m8n8", "x1", "x2", "x4", "trans", "shared", "b16",
                                         NULL };
    static const char *const counts[] = { "x1", "x2", "x4", NULL };
    if (!parts_from(pt, 1, n, words, false))
        return false;
    int x = one_of_parts(pt, 1, n, counts);
    if (x == -2)
        return false;
    out->kind = load ? ACC_READ : ACC_WRITE;
    out->width = 16;
    out->lanes = 8u << (x < 0 ? 0 : x);
    out->counter_op = load ? "ldsm" : "stsm";
    out->sim_form = LDS_FORM_MATRIX;
    snprintf(out->note, sizeof out->note, load ? LDMATRIX_NOTE : STMATRIX_NOTE, load ? "ldmatrix" : "stmatrix",
             out->lanes - 1);
    return true;
}

/* cp.async[.ca|.cg][.shared[.global]]: its width is the word after it
 * (b32, b64, b128: the cp-size 4, 8, 16). */
static bool ptx_cp_async(const part *pt, unsigned n, lds_instruction *out)
{
    static const char *const words[] = { "ca", "cg", "shared", "global", NULL };
    static const char *const levels[] = { "ca", "cg", NULL };
    int level;
    if (n < 2 || !part_is(&pt[0], "cp") || !part_is(&pt[1], "async") || !parts_from(pt, 2, n, words, false)
        || (level = one_of_parts(pt, 2, n, levels)) == -2)
        return false;
    out->async_level = level + 1;   /* 0 neither, 1 .ca, 2 .cg */
    out->kind = ACC_WRITE;
    out->width = 0;
    out->needs_width = true;
    out->counter_op = "ldgsts";
    /* the note and the form follow from the width written after it */
    return true;
}

/* The bulk copies (PTX ISA, cp.async.bulk and cp.async.bulk.tensor):
 * cp.async.bulk[.tensor.Nd].DST.SRC[.qualifiers]; the first state space
 * written is the destination (shared memory: a load into it), the
 * default a load.  Their records are the data path's (src/nvidia.c). */
static bool ptx_bulk(const part *pt, unsigned n, lds_instruction *out)
{
    static const char *const words[] = { "1d", "2d", "3d", "4d", "5d", "shared::cluster", "shared::cta", "shared",
                                         "global", "tile", "im2col", "im2col_no_offs", "tile::gather4",
                                         "tile::scatter4", "mbarrier::complete_tx::bytes", "bulk_group",
                                         "multicast::cluster", "L2::cache_hint", "cta_group::1", "cta_group::2", NULL };
    static const char *const dims[] = { "1d", "2d", "3d", "4d", "5d", NULL };
    if (n < 3 || !part_is(&pt[0], "cp") || !part_is(&pt[1], "async") || !part_is(&pt[2], "bulk"))
        return false;
    bool tensor = n > 3 && part_is(&pt[3], "tensor");
    unsigned from = tensor ? 4 : 3;
    if (!parts_from(pt, from, n, words, false) || (!tensor && one_of_parts(pt, from, n, dims) != -1)
        || (tensor && one_of_parts(pt, from, n, dims) == -2))
        return false;
    out->to_shared = true;
    for (unsigned i = from; i < n; i++)
        if (part_is(&pt[i], "global") || !strncmp(pt[i].s, "shared", 6)) {
            out->to_shared = !part_is(&pt[i], "global");
            break;
        }
    out->kind = out->to_shared ? ACC_WRITE : ACC_READ;
    out->width = 16;
    out->nv_kind = tensor ? LDS_NV_BULK_TENSOR : LDS_NV_BULK;
    out->counter_op = "bulk";
    return true;
}

/* tcgen05.ld and tcgen05.st (PTX ISA, tcgen05 "Tensor Memory" load and
 * store): .sync.aligned.SHAPE.xN[.pack::16b|.unpack::16b].b32; a warp's
 * access spans 32 TMEM lanes (32x32b) or 16 (the 16x shapes). */
static bool ptx_tcgen05(const part *pt, unsigned n, lds_instruction *out)
{
    static const char *const shapes[] = { "32x32b", "16x64b", "16x128b", "16x256b", "16x32bx2", NULL };
    static const char *const counts[] = { "x1", "x2", "x4", "x8", "x16", "x32", "x64", "x128", NULL };
    static const char *const words[] = { "sync", "aligned", "b32", "pack::16b", "unpack::16b", "32x32b", "16x64b",
                                         "16x128b", "16x256b", "16x32bx2", "x1", "x2", "x4", "x8", "x16", "x32",
                                         "x64", "x128", NULL };
    if (n < 3 || !part_is(&pt[0], "tcgen05") || (!part_is(&pt[1], "ld") && !part_is(&pt[1], "st")))
        return false;
    int shape = one_of_parts(pt, 2, n, shapes);
    if (shape < 0 || one_of_parts(pt, 2, n, counts) == -2 || !parts_from(pt, 2, n, words, false))
        return false;
    out->kind = part_is(&pt[1], "ld") ? ACC_READ : ACC_WRITE;
    out->width = 4;
    out->nv_kind = LDS_NV_TMEM;
    out->tmem_lanes = shape == 0 ? 32 : 16;
    return true;
}

/* The bytes of a PTX type (.b32: 4), or 0 if the part is not one of `types`. */
static unsigned ptx_type_bytes(const part *pt, const char *const *types)
{
    if (part_in(pt, types, false) < 0)
        return 0;
    unsigned bits = 0;
    for (unsigned i = 1; i < pt->len && isdigit((unsigned char)pt->s[i]); i++)
        bits = bits * 10 + (unsigned)(pt->s[i] - '0');
    if (pt->len > 2 && pt->s[pt->len - 2] == 'x' && pt->s[pt->len - 1] == '2')   /* f16x2, bf16x2 */
        bits *= 2;
    else if (pt->s[0] == 'b' && pt->s[1] == 'f')   /* bf16 */
        bits = 16;
    return bits / 8;
}

/* ld.shared and st.shared with the ISA's qualifiers in any order
 * (ld.volatile.shared.v4.f32), the type last, .v2 or .v4 at most once;
 * atom.shared and red.shared with one operation and the type last; the
 * same of .global (ld.global.nc.v4.f32: global memory, where a 64-bit
 * atomic is an instruction of its own). */
static bool ptx_memory(const part *pt, unsigned n, lds_instruction *out)
{
    static const char *const ld_words[] = { "shared", "global", "weak", "volatile", "relaxed", "acquire", "release",
                                            "cta", "cluster", "gpu", "sys", "ca", "cg", "cs", "lu", "cv", "wb", "wt",
                                            "nc", "L1::no_allocate", "L1::evict_last", "L1::evict_first",
                                            "L1::evict_normal", "L2::64B", "L2::128B", "L2::256B", "v2", "v4", NULL };
    static const char *const ld_types[] = { "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8",
                                            "s16", "s32", "s64", "f32", "f64", NULL };
    static const char *const atom_words[] = { "shared", "global", "relaxed", "acquire", "release", "acq_rel", "cta",
                                              "cluster", "gpu", "sys", "noftz", "and", "or", "xor", "cas", "exch",
                                              "add", "inc", "dec", "min", "max", NULL };
    static const char *const atom_ops[] = { "and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max",
                                            NULL };
    static const char *const atom_types[] = { "b32", "b64", "u32", "u64", "s32", "s64", "f32", "f64", "f16",
                                              "f16x2", "bf16", "bf16x2", NULL };
    static const char *const vectors[] = { "v2", "v4", NULL };
    static const char *const spaces[] = { "shared", "global", NULL };
    static const char *const global_only[] = { "nc", "L1::no_allocate", "L1::evict_last", "L1::evict_first",
                                               "L1::evict_normal", "L2::64B", "L2::128B", "L2::256B", NULL };
    bool ld = part_is(&pt[0], "ld"), st = part_is(&pt[0], "st");
    bool atom = part_is(&pt[0], "atom") || part_is(&pt[0], "red");
    int space = n >= 3 ? one_of_parts(pt, 1, n - 1, spaces) : -1;
    if ((!ld && !st && !atom) || space < 0 || (space == 0 && one_of_parts(pt, 1, n - 1, global_only) != -1))
        return false;
    out->global = space == 1;
    if (atom) {
        unsigned bytes = ptx_type_bytes(&pt[n - 1], atom_types);
        int op = one_of_parts(pt, 1, n - 1, atom_ops);
        if (!bytes || !parts_from(pt, 1, n - 1, atom_words, false) || op < 0)
            return false;
        out->kind = ACC_ATOMIC;
        out->width = bytes;
        if (!out->global && bytes == 8 && strcmp(atom_ops[op], "cas") && strcmp(atom_ops[op], "exch"))
            cas_loop(out, "atom.shared");
        return true;
    }
    unsigned bytes = ptx_type_bytes(&pt[n - 1], ld_types);
    int vec = one_of_parts(pt, 1, n - 1, vectors);
    if (!bytes || !parts_from(pt, 1, n - 1, ld_words, false) || vec == -2 || (vec >= 0 && bytes > 8))
        return false;
    out->kind = ld ? ACC_READ : ACC_WRITE;
    out->width = bytes << (vec < 0 ? 0 : vec + 1);
    return out->width <= 16;
}

/* PTX: ld.shared, st.shared, atom.shared, red.shared, ldmatrix,
 * stmatrix, cp.async; every part of the name checked */
static bool nvidia_ptx(const char *name, unsigned len, lds_instruction *out)
{
    part pt[MAX_PARTS];
    unsigned n = split_parts(name, len, pt);
    return n && (ptx_matrix(pt, n, out) || ptx_bulk(pt, n, out) || ptx_cp_async(pt, n, out) || ptx_tcgen05(pt, n, out)
                 || ptx_memory(pt, n, out));
}

unsigned lds_instruction_async_form(unsigned width, int level, char *note, size_t size)
{
    if (width == 16 && level != 1) {   /* .cg, or no level written: what CUTLASS and the probes use */
        snprintf(note, size, CP_ASYNC_BYPASS_NOTE);
        return LDS_FORM_LINES;
    }
    if (width == 16)
        snprintf(note, size, CP_ASYNC_CA16_NOTE);
    else
        snprintf(note, size, CP_ASYNC_SMALL_NOTE, level == 1 ? ".ca" : "", width, width * 8);
    return LDS_FORM_NO_MERGE;
}

bool lds_instruction_lookup(const char *name, unsigned len, lds_instruction *out)
{
    memset(out, 0, sizeof *out);
    return amd(name, len, out) || nvidia_ptx(name, len, out) || nvidia_sass(name, len, out)
           || lds_instruction_global(name, len, out);
}


const char *const lds_instruction_examples[] = {
    "ds_read_b32", "ds_read_b64", "ds_read_b96", "ds_read_b128", "ds_read_u8", "ds_read_i8", "ds_read_u16",
    "ds_read_i16", "ds_write_b8", "ds_write_b16", "ds_write_b32", "ds_write_b64", "ds_write_b96",
    "ds_write_b128", "ds_load_b32", "ds_load_b64", "ds_load_b96", "ds_load_b128", "ds_load_u8", "ds_load_u16",
    "ds_store_b8", "ds_store_b16", "ds_store_b32", "ds_store_b64", "ds_store_b96", "ds_store_b128",
    "ds_read2_b32", "ds_read2_b64", "ds_read2st64_b32", "ds_read2st64_b64", "ds_write2_b32", "ds_write2_b64",
    "ds_write2st64_b32", "ds_write2st64_b64", "ds_load_2addr_b32", "ds_load_2addr_b64",
    "ds_load_2addr_stride64_b32", "ds_load_2addr_stride64_b64", "ds_store_2addr_b32", "ds_store_2addr_b64",
    "ds_store_2addr_stride64_b32", "ds_store_2addr_stride64_b64", "ds_read_b64_tr_b16", "ds_read_b64_tr_b8",
    "ds_read_b64_tr_b4", "ds_read_b96_tr_b6", "ds_load_tr16_b128", "ds_load_tr8_b64", "ds_load_tr4_b64",
    "ds_load_tr6_b96", "ds_add_u32", "ds_add_rtn_u32", "ds_max_i32", "ds_min_u32", "ds_add_u64", "ds_cmpst_b32",
    "ds_cmpswap_b32",
    "LDS.32", "LDS.64", "LDS.128", "STS.32", "STS.64", "STS.128", "ATOMS.ADD", "LDSM.16.M88.4",
    "ATOMS.ADD.64", "ATOMS.CAS", "ATOMS.CAS.64", "LDSM.16.MT88.4", "STSM.16.M88.4",
    "ld.shared.b32", "ld.shared.b64", "ld.shared.v2.b32", "ld.shared.v4.b32", "ld.shared.v4.f32", "st.shared.b32",
    "st.shared.v2.b32", "st.shared.v4.b32", "atom.shared.add.u32", "red.shared.add.u32",
    "ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ldmatrix.x4", "ldmatrix.x2", "ldmatrix.x1", "ldmatrix.x4.trans",
    "stmatrix.x4", "stmatrix.x2", "cp.async", "cp.async.ca", "cp.async.cg", "cp.async.bulk.tensor.2d",
    "tcgen05.ld.sync.aligned.32x32b.x1.b32", "tcgen05.st.sync.aligned.32x32b.x1.b32", NULL,
};

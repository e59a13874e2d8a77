/* src/instructions.c - the names of the shared-memory instructions kernels
 * issue, as statements (lds(5), INSTRUCTIONS): AMD's ds_* in the gfx9 and
 * the gfx11+ spellings, its LDS atomics, NVIDIA's SASS (LDS, STS, ATOMS,
 * LDSM) and PTX (ld.shared, st.shared, atom.shared, ldmatrix, stmatrix,
 * cp.async).  Each is a read, write or atomic of a width, some with lanes
 * that take no part, and a note on how it is modelled where that is not
 * the plain access of its width. */
#include "src/instructions.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "src/types.h"

/* PTX ISA, "Warp-level matrix load instruction: ldmatrix": threads 8i ..
 * 8i+7 give the row addresses of matrix i, each row 16 contiguous bytes. */
#define LDMATRIX_NOTE                                                                                          \
    "%s: 16-byte rows whose addresses lanes 0-%u give (PTX ISA, ldmatrix), one 8x8 matrix a phase: the "        \
    "quarter-warp phases of 128-bit accesses (inferred: not measured here; a published Nsight measurement of "   \
    "two ldmatrix.x2 patterns agrees); .trans moves data in registers, not the shared-memory access"
#define STMATRIX_NOTE                                                                                          \
    "%s: 16-byte rows whose addresses lanes 0-%u give (PTX ISA, stmatrix, sm90+), one 8x8 matrix a phase "      \
    "(inferred, as for ldmatrix)"
#define CP_ASYNC_NOTE                                                                                          \
    "%s: the shared-memory side, a store of the copy's width (PTX ISA, cp.async); the global-memory read "     \
    "and cp.async.bulk / TMA copies are not modelled"

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

/* SASS: LDS.128, STS.64, ATOMS.ADD, ATOMS.CAS.64 ... (any case) */
static bool nvidia_sass(const char *name, unsigned len, lds_instruction *out)
{
    char up[32];
    if (len >= sizeof up)
        return false;
    for (unsigned i = 0; i < len; i++)
        up[i] = (char)toupper((unsigned char)name[i]);
    up[len] = '\0';
    for (size_t i = 0; i < sizeof sass / sizeof sass[0]; i++)
        if (!strcmp(up, sass[i].name)) {
            out->kind = sass[i].kind;
            out->width = sass[i].width;
            return true;
        }
    if (!strncmp(up, "ATOMS.", 6) && len > 6) {
        out->kind = ACC_ATOMIC;
        out->width = len > 9 && !strcmp(up + len - 3, ".64") ? 8 : 4;
        return true;
    }
    if (!strncmp(up, "LDSM.16.M88", 11) || !strncmp(up, "LDSM.16.MT88", 12)) {   /* ldmatrix's SASS */
        unsigned x = up[len - 1] == '4' && up[len - 2] == '.' ? 4 : up[len - 1] == '2' && up[len - 2] == '.' ? 2 : 1;
        out->kind = ACC_READ;
        out->width = 16;
        out->lanes = 8 * x;
        out->counter_op = "ldsm";
        snprintf(out->note, sizeof out->note, LDMATRIX_NOTE, "LDSM", out->lanes - 1);
        return true;
    }
    return false;
}

/* The .xN of a PTX name (1 if none), or 0 for a bad one. */
static unsigned matrices(const char *name, unsigned len)
{
    for (unsigned i = 0; i + 2 < len + 1; i++)
        if (name[i] == '.' && name[i + 1] == 'x' && i + 2 < len) {
            char c = name[i + 2];
            bool end = i + 3 == len || name[i + 3] == '.';
            if (!end)
                continue;
            return c == '1' ? 1 : c == '2' ? 2 : c == '4' ? 4 : 0;
        }
    return 1;
}

/* PTX: ld.shared[.v2/.v4].TYPE, st.shared..., atom.shared..., ldmatrix,
 * stmatrix, cp.async */
static bool nvidia_ptx(const char *name, unsigned len, lds_instruction *out)
{
    const char *rest;
    unsigned rlen;
    if (((starts(name, len, "ldmatrix", &rest, &rlen) || starts(name, len, "stmatrix", &rest, &rlen))
         && rest[0] == '.')
        || is(name, len, "ldmatrix") || is(name, len, "stmatrix")) {
        unsigned x = matrices(name, len);
        if (!x)
            return false;
        bool load = name[0] == 'l';
        out->kind = load ? ACC_READ : ACC_WRITE;
        out->width = 16;
        out->lanes = 8 * x;
        out->counter_op = load ? "ldsm" : "stsm";
        snprintf(out->note, sizeof out->note, load ? LDMATRIX_NOTE : STMATRIX_NOTE, load ? "ldmatrix" : "stmatrix",
                 out->lanes - 1);
        return true;
    }
    if (is(name, len, "cp.async") || starts(name, len, "cp.async.", &rest, &rlen)) {
        out->kind = ACC_WRITE;
        out->width = 0;   /* the width word after it: 4, 8 or 16 bytes */
        out->needs_width = true;
        out->counter_op = "ldgsts";
        snprintf(out->note, sizeof out->note, CP_ASYNC_NOTE, "cp.async");
        return true;
    }
    lds_access_kind kind;
    if (starts(name, len, "ld.shared", &rest, &rlen))
        kind = ACC_READ;
    else if (starts(name, len, "st.shared", &rest, &rlen))
        kind = ACC_WRITE;
    else if (starts(name, len, "atom.shared", &rest, &rlen))
        kind = ACC_ATOMIC;
    else
        return false;
    /* the last part is the type; .v2/.v4 multiply it */
    unsigned vec = 1;
    if (strstr(name, ".v2."))
        vec = 2;
    else if (strstr(name, ".v4."))
        vec = 4;
    const char *dot = name + len;
    while (dot > name && dot[-1] != '.')
        dot--;
    unsigned tlen = (unsigned)(name + len - dot), bits = 0;
    if (tlen < 2 || !strchr("bsuf", dot[0]))
        return false;
    for (unsigned i = 1; i < tlen; i++) {
        if (!isdigit((unsigned char)dot[i]))
            return false;
        bits = bits * 10 + (unsigned)(dot[i] - '0');
    }
    if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
        return false;
    out->kind = kind;
    out->width = bits / 8 * vec;
    return out->width <= 16 && (vec == 1 || kind != ACC_ATOMIC);   /* no vector atomics */
}

bool lds_instruction_lookup(const char *name, unsigned len, lds_instruction *out)
{
    memset(out, 0, sizeof *out);
    return amd(name, len, out) || nvidia_ptx(name, len, out) || nvidia_sass(name, len, out);
}

const lds_instruction_form lds_instruction_forms[] = {
    { LDS_VENDOR_NVIDIA, "ldmatrix.x1/.x2/.x4, LDSM.16.M88", "b128 reads of lanes 0-7/0-15/0-31, one matrix a phase",
      "inferred", "PTX ISA, ldmatrix (lanes 8i..8i+7 give matrix i's 16-byte rows); the grouping agrees with a published "
      "Nsight measurement of two ldmatrix.x2 patterns (GPU not named; tests/instructions.lds), not measured here" },
    { LDS_VENDOR_NVIDIA, "stmatrix.x1/.x2/.x4 (sm90+)", "b128 writes of lanes 0-7/0-15/0-31, one matrix a phase",
      "inferred", "PTX ISA, stmatrix; grouping as ldmatrix, not measured" },
    { LDS_VENDOR_NVIDIA, "cp.async b32/b64/b128 (sm80+)", "a write of that width (the shared-memory side)",
      "inferred", "PTX ISA, cp.async; the global read and cp.async.bulk / TMA are not modelled" },
    { LDS_VENDOR_AMD, "ds_read2*, ds_write2*, ds_load_2addr*, ds_store_2addr*",
      "two addresses a lane, in the phases of the access of the bytes a lane moves (b64, b128)", "inferred",
      "LLVM AMDGPU documentation (offset0/offset1 in units of the width, x64 for st64); grouping not measured" },
    { LDS_VENDOR_AMD, "ds_read_b64_tr_b16/b8/b4, ds_read_b96_tr_b6 (gfx950), ds_load_tr* (gfx1250)",
      "a read of the width (8, 12, 16 bytes) a lane; the 6-bit forms 16-byte aligned", "inferred",
      "CDNA4 ISA, MFMA transpose loads (each lane reads at its own address); rocRoller's 128-bit padding for b6" },
    { LDS_VENDOR_NONE, NULL, NULL, NULL, NULL },
};

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
    "ld.shared.b32", "ld.shared.v4.f32", "st.shared.b32", "st.shared.v2.b32", "atom.shared.add.u32",
    "ldmatrix.sync.aligned.m8n8.x4.shared.b16", "ldmatrix.x4", "ldmatrix.x2", "ldmatrix.x1", "stmatrix.x4",
    "cp.async", NULL,
};

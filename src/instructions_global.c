/* src/instructions_global.c - global-memory instruction names as access
 * statements (src/instructions.h): AMD's global_load/global_store,
 * buffer_load/buffer_store and global_atomic; SASS's LDG and STG (PTX's
 * ld.global and kin are read with ld.shared in src/instructions.c).  Each is a
 * read, write or atomic of global memory of its width; cache hints
 * change nothing lds-calc models. */
#include "src/instructions.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>


static bool is(const char *s, unsigned len, const char *w)
{
    return strlen(w) == len && memcmp(s, w, len) == 0;
}

static bool prefix(const char *name, unsigned len, const char *p, const char **rest, unsigned *rlen)
{
    size_t n = strlen(p);
    if (len <= n || memcmp(name, p, n) != 0)
        return false;
    *rest = name + n;
    *rlen = len - (unsigned)n;
    return true;
}

/* AMD's data words: dword, dwordx2..x4, ubyte, sbyte, ushort, sshort,
 * short_d16, b32..b128, u8 i8 u16 i16. */
static unsigned amd_width(const char *w, unsigned len)
{
    static const struct { const char *word; unsigned bytes; } words[] = {
        { "dword", 4 }, { "dwordx2", 8 }, { "dwordx3", 12 }, { "dwordx4", 16 }, { "ubyte", 1 }, { "sbyte", 1 },
        { "ushort", 2 }, { "sshort", 2 }, { "byte", 1 }, { "short", 2 }, { "u8", 1 }, { "i8", 1 }, { "u16", 2 },
        { "i16", 2 }, { "b8", 1 }, { "b16", 2 }, { "b32", 4 }, { "b64", 8 }, { "b96", 12 }, { "b128", 16 },
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (is(w, len, words[i].word))
            return words[i].bytes;
    return 0;
}

#define LDS_DMA_NOTE \
    "a load into LDS: the ISA writes lane i's %u bytes at the wave's base (M0 + the instruction's offset) " \
    "+ i x %u, whatever address the lane reads; counted as a ds_write of that width over those addresses, " \
    "the phases of the DMA write path being unpublished (inferred)"

bool lds_instruction_to_lds(lds_instruction *ins)
{
    unsigned w = ins->width;
    if (!ins->global || ins->kind != ACC_READ || (w != 1 && w != 2 && w != 4 && w != 12 && w != 16))
        return false;
    ins->kind = ACC_WRITE;
    ins->global = false;
    ins->lds_dma = true;
    snprintf(ins->note, sizeof ins->note, LDS_DMA_NOTE "%s", w, w,
             w > 4 ? "; 12 and 16 bytes a lane: gfx950 only (LLVM's AMDGPU assembler)" : "");
    return true;
}

/* global_load_dwordx4, global_store_b32, buffer_load_dword,
 * global_atomic_add[_u32|_x2|_u64|_f32]; global_load_lds_dwordx4 */
static bool amd_global(const char *name, unsigned len, lds_instruction *out)
{
    const char *lds_rest;
    unsigned lds_rlen;
    if (prefix(name, len, "global_load_lds_", &lds_rest, &lds_rlen)) {
        out->kind = ACC_READ;
        out->global = true;
        out->width = amd_width(lds_rest, lds_rlen);
        return out->width && lds_instruction_to_lds(out);
    }
    static const struct { const char *prefix; lds_access_kind kind; } forms[] = {
        { "global_load_", ACC_READ }, { "global_store_", ACC_WRITE }, { "buffer_load_", ACC_READ },
        { "buffer_store_", ACC_WRITE },
    };
    const char *rest;
    unsigned rlen;
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++)
        if (prefix(name, len, forms[i].prefix, &rest, &rlen)) {
            unsigned w = amd_width(rest, rlen);
            if (!w)
                return false;
            out->kind = forms[i].kind;
            out->width = w;
            out->global = true;
            return true;
        }
    if (prefix(name, len, "global_atomic_", &rest, &rlen) || prefix(name, len, "buffer_atomic_", &rest, &rlen)) {
        bool wide = (rlen > 3 && !memcmp(rest + rlen - 3, "_x2", 3)) || (rlen > 4 && (!memcmp(rest + rlen - 4, "_u64", 4)
                                                                                      || !memcmp(rest + rlen - 4, "_i64", 4)
                                                                                      || !memcmp(rest + rlen - 4, "_f64", 4)
                                                                                      || !memcmp(rest + rlen - 4, "_b64", 4)));
        for (unsigned i = 0; i < rlen; i++)
            if (!islower((unsigned char)rest[i]) && !isdigit((unsigned char)rest[i]) && rest[i] != '_')
                return false;
        out->kind = ACC_ATOMIC;
        out->width = wide ? 8 : 4;
        out->global = true;
        return true;
    }
    return false;
}

/* LDG.E[.U8|.S8|.U16|.S16|.64|.128][.SYS|.CONSTANT|.EF|.EL|.LU|.STRONG.GPU...],
 * STG.E[...], either case. */
static bool sass_global(const char *name, unsigned len, lds_instruction *out)
{
    char up[64];
    if (len >= sizeof up)
        return false;
    for (unsigned i = 0; i < len; i++)
        up[i] = (char)toupper((unsigned char)name[i]);
    up[len] = '\0';
    lds_access_kind kind;
    if (!strncmp(up, "LDG.E", 5))
        kind = ACC_READ;
    else if (!strncmp(up, "STG.E", 5))
        kind = ACC_WRITE;
    else
        return false;
    unsigned width = 4;
    static const char *const mods[] = { "SYS", "CONSTANT", "EF", "EL", "LU", "EU", "NA", "STRONG", "GPU", "SM",
                                        "CTA", "WEAK", "128", "64", "U8", "S8", "U16", "S16", "32", "ZFILL", NULL };
    for (char *p = up + 5; *p;) {
        if (*p != '.')
            return false;
        char *q = p + 1, *dot = strchr(q, '.');
        size_t n = dot ? (size_t)(dot - q) : strlen(q);
        int k = -1;
        for (int i = 0; mods[i] && k < 0; i++)
            if (strlen(mods[i]) == n && !strncmp(q, mods[i], n))
                k = i;
        if (k < 0)
            return false;
        if (!strcmp(mods[k], "128"))
            width = 16;
        else if (!strcmp(mods[k], "64"))
            width = 8;
        else if (mods[k][0] == 'U' || mods[k][0] == 'S')
            width = mods[k][1] == '8' ? 1 : mods[k][1] == '1' ? 2 : width;
        p = q + n;
    }
    out->kind = kind;
    out->width = width;
    out->global = true;
    return true;
}

bool lds_instruction_global(const char *name, unsigned len, lds_instruction *out)
{
    return amd_global(name, len, out) || sass_global(name, len, out);
}

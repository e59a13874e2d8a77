/* front/amdgcn/access.c - memory instructions as lds statements.
 *
 * An LDS instruction's address is its VGPR address plus offset: (16
 * bits, bytes); ds_read2/ds_write2 keep their two offsets (in elements,
 * x64 for st64), which lds(5) reads as the instruction does.  The
 * statement is lds's own spelling of the access (read/write/atomic of the
 * width at a byte address), or the AMD name where lds models the
 * instruction itself (ds_read2*, the transpose loads); each runs where
 * the walk's condition and the lane's exec bit hold.  An LDS instruction
 * this file does not know and an address that is data or needs a -D value
 * are records not modelled, with their width and memory, saying why.  A
 * global_* access is a global one at its 64-bit address (a pointer
 * argument's allocation, (n << 40) as the PTX reader numbers them, plus
 * the offset); flat, buffer and scratch accesses are not modelled.  A
 * load into LDS (global_load_lds_*, buffer_load_* lds) is the write lds(5)
 * models at its m0 base. */
#include "front/amdgcn/amdgcn_impl.h"

#include <stdio.h>

/* b32 u16 i8 b96 ... as bytes (0: none) */
static unsigned width_of(const char *t)
{
    static const struct { const char *name; unsigned bytes; } widths[] = {
        { "b8", 1 },  { "u8", 1 },  { "i8", 1 },   { "b16", 2 },  { "u16", 2 }, { "i16", 2 },
        { "b32", 4 }, { "u32", 4 }, { "i32", 4 },  { "f32", 4 },  { "b64", 8 }, { "u64", 8 },
        { "i64", 8 }, { "f64", 8 }, { "b96", 12 }, { "b128", 16 },
    };
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        size_t n = strlen(widths[i].name);
        if (!strncmp(t, widths[i].name, n) && (!t[n] || !strcmp(t + n, "_d16") || !strcmp(t + n, "_d16_hi")))
            return widths[i].bytes;
    }
    return 0;
}

typedef struct {
    const char *kind;             /* "read" "write" "atomic" */
    unsigned bytes;
    const char *form;             /* the AMD name lds reads (ds_read2_b32, a transpose), or NULL: kind and width */
    bool two;                     /* ds_read2/ds_write2: offset0 and offset1 */
    int addr;                     /* the address operand */
    int result;                   /* the operand it loads into (-1: none) */
} ds_shape;

static bool prefix(const char *op, const char *p, const char **rest)
{
    size_t n = strlen(p);
    if (strncmp(op, p, n))
        return false;
    *rest = op + n;
    return true;
}

/* What lds models of ds_OP: false if nothing. */
static bool ds_shape_of(const char *op, ds_shape *s)
{
    static const struct { const char *prefix; const char *kind; bool two; } two[] = {
        { "ds_read2st64_", "read", true }, { "ds_read2_", "read", true },
        { "ds_write2st64_", "write", true }, { "ds_write2_", "write", true },
        { "ds_load_2addr_stride64_", "read", true }, { "ds_load_2addr_", "read", true },
        { "ds_store_2addr_stride64_", "write", true }, { "ds_store_2addr_", "write", true },
    };
    static const char *const transposes[] = { "ds_read_b64_tr_b16", "ds_read_b64_tr_b8", "ds_read_b64_tr_b4",
                                              "ds_read_b96_tr_b6", "ds_load_tr16_b128", "ds_load_tr8_b64",
                                              "ds_load_tr4_b64", "ds_load_tr6_b96" };
    static const char *const atomics[] = { "add", "sub", "rsub", "inc", "dec", "min", "max", "and", "or", "xor",
                                           "mskor", "wrxchg", "cmpst", "cmpswap", "cmpstore" };
    const char *rest;
    memset(s, 0, sizeof *s);
    s->result = -1;
    for (size_t i = 0; i < sizeof two / sizeof two[0]; i++)
        if (prefix(op, two[i].prefix, &rest) && (!strcmp(rest, "b32") || !strcmp(rest, "b64"))) {
            bool read = two[i].kind[0] == 'r';
            *s = (ds_shape){ two[i].kind, rest[1] == '3' ? 8 : 16, op, true, read ? 1 : 0, read ? 0 : -1 };
            return true;
        }
    for (size_t i = 0; i < sizeof transposes / sizeof transposes[0]; i++)
        if (!strcmp(op, transposes[i])) {
            *s = (ds_shape){ "read", 0, op, false, 1, 0 };
            return true;
        }
    if ((prefix(op, "ds_read_", &rest) || prefix(op, "ds_load_", &rest)) && width_of(rest)) {
        *s = (ds_shape){ "read", width_of(rest), NULL, false, 1, 0 };
        return true;
    }
    if ((prefix(op, "ds_write_", &rest) || prefix(op, "ds_store_", &rest)) && width_of(rest)) {
        *s = (ds_shape){ "write", width_of(rest), NULL, false, 0, -1 };
        return true;
    }
    for (size_t i = 0; i < sizeof atomics / sizeof atomics[0]; i++) {
        char p[24];
        snprintf(p, sizeof p, "ds_%s_", atomics[i]);
        if (!prefix(op, p, &rest))
            continue;
        bool rtn = !strncmp(rest, "rtn_", 4);
        unsigned b = width_of(rtn ? rest + 4 : rest);
        if (b != 4 && b != 8)
            return false;
        *s = (ds_shape){ "atomic", b, NULL, false, rtn ? 1 : 0, rtn ? 0 : -1 };
        return true;
    }
    return false;
}

/* ds_swizzle, ds_permute, ds_bpermute: lanes exchange data through the
 * LDS hardware, no LDS memory read or written. */
static bool cross_lane(const char *op)
{
    return strstr(op, "swizzle") || strstr(op, "permute");
}

static const char *kind_of_name(const char *op)
{
    return strstr(op, "write") || strstr(op, "store")                      ? "write"
           : strstr(op, "read") || strstr(op, "load") || cross_lane(op) ? "read"
                                                                          : "atomic";
}

static pcond under_exec(ag_walk *w, const ag_ins *in, pv **env, pcond cond)
{
    pv *e = ag_exec_bit(w, in, env);
    return pv_is_const(e, 1) ? cond : pc_and(w->fw.pc, cond, pc_lit1(w->fw.pc, e, false));
}

static void loaded(ag_walk *w, const ag_ins *in, pv **env, int k)
{
    if (k < 0 || (unsigned)k >= in->nops || in->ops[k].kind != AO_REG)
        return;
    ag_set_data(w, in, env, in->ops[k].reg, in->ops[k].count,
                fw_fmt(&w->fw, "what '%s' at %u:%u loaded", in->opcode, in->line, in->col));
}

/* offset: is 16 bits, offset0/offset1 8 bits: why one is not (NULL: all are). */
static const char *offsets_out_of_range(ag_walk *w, const ag_ins *in, bool two)
{
    static const char *const names[] = { "offset", "offset0", "offset1" };
    for (unsigned i = two ? 1 : 0; i < (two ? 3u : 1u); i++) {
        const ag_mod *m = ag_mod_of(in, names[i]);
        int64_t v;
        if (m && (!m->value || !ag_int(m->value, &v) || v < 0 || v > (i ? 255 : 65535)))
            return fw_fmt(&w->fw, "%s:%s is no offset '%s' has (0 .. %d)", names[i], m->value ? m->value : "",
                          in->opcode, i ? 255 : 65535);
    }
    return NULL;
}

static void lds_access(ag_walk *w, const ag_ins *in, pv **env, pcond cond)
{
    pv_ctx *c = w->fw.pc;
    ds_shape s;
    int at = ag_at(w, in);
    if (!ds_shape_of(in->op, &s)) {
        fw_add_skip(&w->fw, at, cond, kind_of_name(in->op), in->op,
                    cross_lane(in->op)
                        ? fw_fmt(&w->fw, "'%s' moves data between lanes through the LDS hardware (no LDS memory), "
                                         "which lds-calc does not model", in->opcode)
                        : fw_fmt(&w->fw, "'%s' is an LDS instruction lds-calc does not model", in->opcode), 0, 0);
        bool set[AG_NREGS] = { false };
        ag_dests(in, set);
        for (int r = 0; r < AG_NREGS; r++)
            if (set[r])
                ag_set_data(w, in, env, r, 1, fw_fmt(&w->fw, "what '%s' at %u:%u wrote", in->opcode, in->line, in->col));
        return;
    }
    const char *bad = offsets_out_of_range(w, in, s.two);
    if (bad) {
        fw_add_skip_sized(&w->fw, at, cond, s.kind, "LDS", bad, 0, 0, s.bytes, false);
        loaded(w, in, env, s.result);
        return;
    }
    cond = under_exec(w, in, env, cond);
    pv *addr = (unsigned)s.addr < in->nops && in->ops[s.addr].kind == AO_REG && in->ops[s.addr].count == 1
                   ? ag_u32(w, in, env, &in->ops[s.addr])
                   : pv_data(c, fw_fmt(&w->fw, "the address operand of '%s'", in->opcode), in->line, in->col, false);
    if (!s.two)
        addr = pv_add(c, addr, pv_const(c, ag_mod_int(in, "offset")));
    pv *e = ag_exec_bit(w, in, env);   /* the address where the lane runs it: a write exec masked is not seen */
    bool holds = false;
    addr = pv_assume(c, addr, &e, &holds, 1);
    unsigned line, col;
    const char *why = fw_why_not(&w->fw, cond, addr, NULL, &line, &col);
    if (why) {
        fw_add_skip_sized(&w->fw, at, cond, s.kind, "LDS", why, line, col, s.bytes, false);
    } else if (s.two) {
        fw_add_access(&w->fw, at, cond, s.kind, "LDS",
                      fw_fmt(&w->fw, "%s @ %s offset0:%lld offset1:%lld", s.form, pv_text(c, addr),
                             (long long)ag_mod_int(in, "offset0"), (long long)ag_mod_int(in, "offset1")));
    } else if (s.form) {
        fw_add_access(&w->fw, at, cond, s.kind, "LDS", fw_fmt(&w->fw, "%s @ %s", s.form, pv_text(c, addr)));
    } else {
        fw_add_access(&w->fw, at, cond, s.kind, "LDS", fw_fmt(&w->fw, "%s b%u @ %s", s.kind, s.bytes * 8, pv_text(c, addr)));
    }
    loaded(w, in, env, s.result);
}

/* global_load_dwordx4, buffer_store_short ...: bytes moved a lane. */
static unsigned memory_bytes(const char *op)
{
    static const struct { const char *suffix; unsigned bytes; } sizes[] = {
        { "dwordx4", 16 }, { "dwordx3", 12 }, { "dwordx2", 8 }, { "dword", 4 }, { "short", 2 }, { "ushort", 2 },
        { "sshort", 2 },   { "byte", 1 },     { "ubyte", 1 },   { "sbyte", 1 }, { "b128", 16 }, { "b96", 12 },
        { "b64", 8 },      { "b32", 4 },      { "b16", 2 },     { "u16", 2 },   { "i16", 2 },   { "u8", 1 },
        { "i8", 1 },
    };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        const char *p = strstr(op, sizes[i].suffix);
        if (p && (p == op || p[-1] == '_'))
            return sizes[i].bytes;
    }
    return 0;
}

/* global_*: the address (a pair v[a:b] with 'off', or a VGPR offset on
 * an SGPR pair), plus offset:; NULL if the operands are not so. */
static pv *global_address(ag_walk *w, const ag_ins *in, pv **env, bool returns)
{
    pv_ctx *c = w->fw.pc;
    unsigned a = returns ? 1 : 0, s = a + 1 + (strstr(in->op, "store") || strstr(in->op, "atomic") ? 1 : 0);
    if (returns && strstr(in->op, "atomic"))
        s = 3;
    if (a >= in->nops || s >= in->nops || in->ops[a].kind != AO_REG)
        return NULL;
    const ag_operand *va = &in->ops[a], *sa = &in->ops[s];
    pv *base;
    if (sa->kind == AO_OFF && va->count == 2)
        base = ag_pair(w, ag_get(w, in, env, va->reg), ag_get(w, in, env, va->reg + 1));
    else if (sa->kind == AO_REG && sa->count == 2 && va->count == 1)
        base = pv_add(c, ag_pair(w, ag_get(w, in, env, sa->reg), ag_get(w, in, env, sa->reg + 1)), ag_u32(w, in, env, va));
    else
        return NULL;
    return pv_add(c, base, pv_const(c, ag_mod_int(in, "offset")));
}

static void global_access(ag_walk *w, const ag_ins *in, pv **env, pcond cond, const char *kind, unsigned bytes)
{
    pv_ctx *c = w->fw.pc;
    int at = ag_at(w, in);
    bool returns = !strcmp(kind, "read") || ag_mod_of(in, "glc") || ag_mod_of(in, "sc0");
    pv *addr = global_address(w, in, env, returns);
    pv *e = ag_exec_bit(w, in, env);
    bool holds = false;
    addr = addr ? pv_assume(c, addr, &e, &holds, 1) : NULL;
    pv *b = addr ? fw_base_term(addr, SYM_REGION, false) : NULL;
    unsigned line = 0, col = 0;
    const char *why = !addr ? fw_fmt(&w->fw, "the address operands of '%s' are not a form lds-calc reads", in->opcode)
                            : fw_why_not(&w->fw, cond, addr, b, &line, &col);
    if (!why && !b)
        why = "its address is in no allocation lds-calc knows (a pointer argument the metadata names)";
    if (!why && !bytes)
        why = fw_fmt(&w->fw, "'%s' moves a width lds-calc does not read from its name", in->opcode);
    if (why)
        fw_add_skip_sized(&w->fw, at, cond, kind, "global", why, line, col, bytes, true);
    else
        fw_add_global_access(&w->fw, at, cond, kind, bytes,
                             fw_fmt(&w->fw, "%s global b%u @ %s", kind, bytes * 8, pv_text(c, addr)));
}

/* global_load_lds_dword, buffer_load_dword ... lds: a write of LDS at the
 * wave's base, m0 + offset:, lane i at base + i x width (lds(5) adds the
 * lane).  m0 is an SGPR: one value a wave, as the reader writes SGPRs
 * (a lane's value only through v_readfirstlane, as the wave's lane 0). */
static void lds_dma(ag_walk *w, const ag_ins *in, pv **env, pcond cond, unsigned bytes, bool buffer)
{
    pv_ctx *c = w->fw.pc;
    int at = ag_at(w, in);
    pv *m0 = env[AG_M0] ? pv_wrap(c, env[AG_M0], 32, false) : fw_unset(&w->fw, AG_M0, (unsigned)at);
    pv *base = pv_add(c, m0, pv_const(c, ag_mod_int(in, "offset")));
    unsigned line = 0, col = 0;
    const char *why = fw_why_not(&w->fw, cond, base, NULL, &line, &col);
    if (!why && bytes != 1 && bytes != 2 && bytes != 4 && bytes != 12 && bytes != 16)
        why = fw_fmt(&w->fw, "'%s' moves a width a load into LDS does not have", in->opcode);
    if (why)
        fw_add_skip_sized(&w->fw, at, cond, "write", "LDS", why, line, col, bytes, false);
    else if (buffer)
        fw_add_access(&w->fw, at, cond, "write", "LDS", fw_fmt(&w->fw, "%s lds @ %s", in->op, pv_text(c, base)));
    else
        fw_add_access(&w->fw, at, cond, "write", "LDS", fw_fmt(&w->fw, "%s @ %s", in->op, pv_text(c, base)));
}

bool ag_access(ag_walk *w, const ag_ins *in, pv **env, pcond cond)
{
    const char *op = in->op;
    if (ag_starts(op, "ds_")) {
        lds_access(w, in, env, cond);
        return true;
    }
    bool global = ag_starts(op, "global_"), flat = ag_starts(op, "flat_"), buffer = ag_starts(op, "buffer_"),
         scratch = ag_starts(op, "scratch_");
    if (!global && !flat && !buffer && !scratch)
        return false;
    if (!strstr(op, "load") && !strstr(op, "store") && !strstr(op, "atomic"))
        return false;   /* buffer_wbinvl1 and kin: no access */
    cond = under_exec(w, in, env, cond);
    int at = ag_at(w, in);
    unsigned bytes = memory_bytes(op);
    const char *kind = strstr(op, "store") ? "write" : strstr(op, "atomic") ? "atomic" : "read";
    if ((buffer && ag_mod_of(in, "lds") && ag_starts(op, "buffer_load_")) || ag_starts(op, "global_load_lds_"))
        lds_dma(w, in, env, under_exec(w, in, env, cond), bytes, buffer);
    else if ((buffer || global) && (ag_mod_of(in, "lds") || strstr(op, "_lds_")))
        fw_add_skip_sized(&w->fw, at, cond, "write", "LDS",
                          fw_fmt(&w->fw, "'%s' writes LDS in a way lds-calc does not model", in->opcode), 0, 0, bytes, false);
    else if (flat)
        fw_add_skip_sized(&w->fw, at, cond, kind, "flat",
                          fw_fmt(&w->fw, "'%s' is a flat access, which may reach LDS; the AMDGPU reader does not follow "
                                         "flat addresses", in->opcode), 0, 0, bytes, false);
    else if (global)
        global_access(w, in, env, cond, kind, bytes);
    else if (buffer)
        fw_add_skip_sized(&w->fw, at, cond, kind, "global",
                          fw_fmt(&w->fw, "'%s' addresses through a buffer descriptor, which the AMDGPU reader does not "
                                         "follow", in->opcode), 0, 0, bytes, true);
    bool set[AG_NREGS] = { false };
    ag_dests(in, set);
    for (int r = 0; r < AG_NREGS; r++)
        if (set[r])
            ag_set_data(w, in, env, r, 1, fw_fmt(&w->fw, "what '%s' at %u:%u loaded", in->opcode, in->line, in->col));
    return true;
}

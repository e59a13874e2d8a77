/* front/amdgcn/eval.c - an AMDGPU instruction's effect on the registers.
 *
 * A register holds a value whose low 32 bits are its bits, as the PTX
 * reader's do: sums, products and left shifts (which do not depend on how
 * bits are read) keep it exact, so a counter is a plain sum the loop
 * machinery solves; what reads it as a number (an address, a comparison,
 * a right shift, a mask) reads it wrapped into 32 bits, unsigned or
 * signed as the instruction says.  A lane mask (vcc,
 * exec, the SGPR pair a v_cmp writes) is held as the lane's own bit, 1 or
 * 0, in its low register and the marker w->mask_hi in its high one, so
 * that a mask is a per-lane condition the walk follows; an s_cbranch on
 * exec is a per-lane branch (a lane with its exec bit clear does nothing
 * on the other path).  The kernarg pointer is a symbol whose dwords the
 * scalar loads read as the metadata's arguments, by name.  What is not
 * followed here - floating point, 64-bit vector arithmetic, a wave-wide
 * reduction of a mask, an instruction this file does not know - leaves
 * data in every register the instruction writes (ag_dests), which says
 * its name and line: an access through it is a record not modelled. */
#include "front/amdgcn/amdgcn_impl.h"

#include <stdio.h>
#include <stdlib.h>

#define M32 (((pw)1 << 32) - 1)

const char *ag_reg_text(const ag_walk *w, int reg)
{
    static const char *const named[] = { "vcc_lo", "vcc_hi", "exec_lo", "exec_hi", "scc", "m0" };
    ag_walk *mw = (ag_walk *)w;
    if (reg < AG_V0)
        return fw_fmt(&mw->fw, "s%d", reg - AG_S0);
    if (reg < AG_A0)
        return fw_fmt(&mw->fw, "v%d", reg - AG_V0);
    if (reg < AG_VCC)
        return fw_fmt(&mw->fw, "a%d", reg - AG_A0);
    if (reg >= AG_FLAGS && reg < AG_NREGS)
        return fw_fmt(&mw->fw, "the lane-mask flag of %s", ag_reg_text(w, reg == AG_FLAGS + AG_NS ? AG_VCC
                                                                   : reg == AG_FLAGS + AG_NS + 1 ? AG_EXEC
                                                                                                 : reg - AG_FLAGS));
    return reg < AG_FLAGS ? named[reg - AG_VCC] : "?";
}

/* ------------------------------------------------------ 64-bit pairs */

/* A pair holds a 64-bit value V as V in its low register (exact, as every
 * register) and V >> 32 in its high one; a sum of two such halves made by
 * v_add_co_u32 / v_addc_co_u32 (s_add_u32 / s_addc_u32) is recognised as
 * the 64-bit sum it is, and a high half that is 0 or the low one's sign
 * as its extension. */
/* Whether hi is the high half of a 64-bit value whose low half is lo:
 * lo's own (lo held whole), 0 (lo zero-extended) or lo's sign. */
static bool high_of(ag_walk *w, pv *lo, pv *hi)
{
    pv_ctx *c = w->fw.pc;
    return (hi->op == PV_SHR && pv_is_const(hi->b, 32) && hi->a == lo) || pv_is_const(hi, 0) ||
           hi == pv_bin(c, PV_SHR, pv_wrap(c, lo, 32, true), pv_const(c, 31));
}

pv *ag_pair(ag_walk *w, pv *lo, pv *hi)
{
    pv_ctx *c = w->fw.pc;
    if (hi->op == PV_SHR && pv_is_const(hi->b, 32) && hi->a == lo)
        return lo;
    if (pv_is_const(hi, 0))
        return pv_wrap(c, lo, 32, false);
    if (hi == pv_bin(c, PV_SHR, pv_wrap(c, lo, 32, true), pv_const(c, 31)))
        return pv_wrap(c, lo, 32, true);
    return pv_add(c, pv_wrap(c, lo, 32, false), pv_bin(c, PV_SHL, pv_wrap(c, hi, 32, false), pv_const(c, 32)));
}

static void set_reg(ag_walk *w, const ag_ins *in, pv **env, int reg, pv *v);

static void set_pair(ag_walk *w, const ag_ins *in, pv **env, const ag_operand *o, pv *v)
{
    LDS_ASSERT(o->kind == AO_REG && o->count == 2);
    set_reg(w, in, env, o->reg, v);
    set_reg(w, in, env, o->reg + 1, v->deps & DEP_DATA ? v : pv_bin(w->fw.pc, PV_SHR, v, pv_const(w->fw.pc, 32)));
}

static void note_carry(ag_walk *w, pv *carry, pv *a, pv *b, pv *sum, int reg)
{
    unsigned i = w->ncarries++ % (sizeof w->carries / sizeof w->carries[0]);
    w->carries[i].carry = carry, w->carries[i].a = a, w->carries[i].b = b, w->carries[i].sum = sum;
    w->carries[i].reg = reg;
}

/* hi + hi' + carry, where carry is the carry out of lo + lo' and hi, hi'
 * their high halves: the high half of the 64-bit sum, and the low
 * register made the whole sum (NULL: not such a sum). */
static pv *high_sum(ag_walk *w, pv **env, pv *h0, pv *h1, pv *carry)
{
    for (unsigned i = 0; i < sizeof w->carries / sizeof w->carries[0] && i < w->ncarries; i++) {
        if (w->carries[i].carry != carry || env[w->carries[i].reg] != w->carries[i].sum)
            continue;
        pv *a = w->carries[i].a, *b = w->carries[i].b;
        if (!(high_of(w, a, h0) && high_of(w, b, h1)) && high_of(w, a, h1) && high_of(w, b, h0)) {
            pv *t = h0;   /* the halves added the other way round */
            h0 = h1, h1 = t;
        }
        pv *whole = pv_add(w->fw.pc, ag_pair(w, a, h0), ag_pair(w, b, h1));
        env[w->carries[i].reg] = whole;
        return pv_bin(w->fw.pc, PV_SHR, whole, pv_const(w->fw.pc, 32));
    }
    return NULL;
}

/* v_lshlrev_b64, s_lshl_b64, v_lshl_add_u64, s_mov_b64 of a value, v_mad_u64_u32: false if none. */
static bool wide(ag_walk *w, const ag_ins *in, pv **env)
{
    const char *op = in->op;
    pv_ctx *c = w->fw.pc;
    const ag_operand *o = in->ops;
    bool two = in->nops >= 1 && o[0].kind == AO_REG && o[0].count == 2;
    if (!two)
        return false;
    pv *r = NULL;
    pv *v64[3] = { NULL, NULL, NULL };
    for (unsigned i = 1; i < in->nops && i < 4; i++) {
        if (o[i].kind == AO_REG && o[i].count == 2)
            v64[i - 1] = ag_pair(w, ag_get(w, in, env, o[i].reg), ag_get(w, in, env, o[i].reg + 1));
        else if (o[i].kind == AO_IMM)
            v64[i - 1] = pv_const(c, o[i].imm);
    }
    if (!strcmp(op, "v_lshlrev_b64") && in->nops == 3 && v64[1])
        r = pv_bin(c, PV_SHL, v64[1], pv_bin(c, PV_AND, ag_u32(w, in, env, &o[1]), pv_const(c, 63)));
    else if (!strcmp(op, "s_lshl_b64") && in->nops == 3 && v64[0])
        r = pv_bin(c, PV_SHL, v64[0], pv_bin(c, PV_AND, ag_u32(w, in, env, &o[2]), pv_const(c, 63)));
    else if (!strcmp(op, "v_lshl_add_u64") && in->nops == 4 && v64[0] && v64[2])
        r = pv_add(c, pv_bin(c, PV_SHL, v64[0], pv_bin(c, PV_AND, ag_u32(w, in, env, &o[2]), pv_const(c, 7))), v64[2]);
    else if (!strcmp(op, "v_mad_u64_u32") && in->nops == 5 && in->ops[4].kind == AO_REG && in->ops[4].count == 2) {
        pv *add = ag_pair(w, ag_get(w, in, env, o[4].reg), ag_get(w, in, env, o[4].reg + 1));
        r = pv_add(c, pv_mul(c, ag_u32(w, in, env, &o[2]), ag_u32(w, in, env, &o[3])), add);
        ag_set_data(w, in, env, o[1].reg, o[1].kind == AO_REG ? o[1].count : 0, "the carry out of v_mad_u64_u32");
    } else
        return false;
    if (ag_starts(op, "s_"))
        env[AG_SCC] = pv_cmp(c, CMP_NE, r, pv_const(c, 0));
    set_pair(w, in, env, &o[0], r);
    return true;
}

/* ----------------------------------------------------- what is written */

static bool has(const char *s, const char *part) { return strstr(s, part) != NULL; }

/* Memory instructions that write no register of their first operand. */
static bool stores(const ag_ins *in)
{
    const char *op = in->op;
    if (ag_starts(op, "ds_"))
        return !(has(op, "read") || has(op, "load") || has(op, "_rtn") || has(op, "swizzle") || has(op, "permute") ||
                 has(op, "append") || has(op, "consume"));
    if (ag_starts(op, "global_") || ag_starts(op, "flat_") || ag_starts(op, "buffer_") || ag_starts(op, "scratch_"))
        return has(op, "store") || (has(op, "atomic") && !ag_mod_of(in, "glc") && !ag_mod_of(in, "sc0")) ||
               ag_mod_of(in, "lds") || has(op, "_lds_");
    return has(op, "s_store") || has(op, "s_buffer_store");
}

/* Instructions with no register results. */
static bool no_result(const char *op)
{
    static const char *const none[] = { "s_waitcnt", "s_nop", "s_barrier", "s_endpgm", "s_branch", "s_cbranch",
                                        "s_setprio", "s_sleep", "s_dcache", "s_icache", "buffer_wbinvl1",
                                        "buffer_inv", "buffer_wbl2", "s_trap", "s_sethalt", "s_ttrace", "s_inst_prefetch",
                                        "s_clause", "s_delay_alu", "s_set_inst_prefetch", "s_waitcnt_", "s_wait_" };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        if (ag_starts(op, none[i]))
            return true;
    return false;
}

static void mark_op(const ag_operand *o, bool *set)
{
    if (o->kind != AO_REG)
        return;
    for (unsigned k = 0; k < o->count; k++) {
        set[o->reg + (int)k] = true;
        if (ag_flag_of(o->reg + (int)k) >= 0)
            set[ag_flag_of(o->reg + (int)k)] = true;
    }
}

void ag_dests(const ag_ins *in, bool *set)
{
    const char *op = in->op;
    if (!op || no_result(op))
        return;
    if (in->nops && !stores(in))
        mark_op(&in->ops[0], set);
    if (in->nops > 1 && ag_starts(op, "v_") &&
        (has(op, "_co_") || has(op, "addc") || has(op, "subb") || has(op, "div_scale") || has(op, "64_u32") ||
         has(op, "64_i32")))
        mark_op(&in->ops[1], set);
    if (ag_starts(op, "s_"))
        set[AG_SCC] = true;
    if (has(op, "exec") || ag_starts(op, "v_cmpx"))
        set[AG_EXEC] = set[AG_EXEC + 1] = set[ag_flag_of(AG_EXEC)] = true;
    if (ag_starts(op, "v_cmp") && in->nops == 2)   /* the e32 form's implicit vcc */
        set[AG_VCC] = set[AG_VCC + 1] = set[ag_flag_of(AG_VCC)] = true;
}

/* ----------------------------------------------------- reading, writing */

pv *ag_get(ag_walk *w, const ag_ins *in, pv **env, int reg)
{
    if (env[reg])
        return env[reg];
    return fw_unset(&w->fw, reg, (unsigned)ag_at(w, in));
}

static pv *data(ag_walk *w, const ag_ins *in, const char *why) { return pv_data(w->fw.pc, why, in->line, in->col, false); }

pv *ag_u32(ag_walk *w, const ag_ins *in, pv **env, const ag_operand *o)
{
    pv_ctx *c = w->fw.pc;
    if (o->neg || o->abs)
        return data(w, in, fw_fmt(&w->fw, "'%s' (a floating-point operand modifier)", o->text));
    if (o->kind == AO_IMM)
        return pv_const(c, (pw)o->imm & M32);
    return pv_wrap(c, ag_s32(w, in, env, o), 32, false);
}

pv *ag_s32(ag_walk *w, const ag_ins *in, pv **env, const ag_operand *o)
{
    pv_ctx *c = w->fw.pc;
    if (o->neg || o->abs)
        return data(w, in, fw_fmt(&w->fw, "'%s' (a floating-point operand modifier)", o->text));
    if (o->kind == AO_IMM)
        return pv_const(c, (pw)(int32_t)(uint32_t)((uint64_t)o->imm & M32));
    if (o->kind == AO_REG) {
        pv *v = ag_get(w, in, env, o->reg);
        return v == w->mask_hi ? data(w, in, fw_fmt(&w->fw, "the high half of a lane mask (%s)", o->text)) : v;
    }
    return data(w, in, fw_fmt(&w->fw, "the operand '%s' of '%s'", o->text, in->opcode));
}

static pv *i32(ag_walk *w, pv *v) { return pv_wrap(w->fw.pc, v, 32, true); }

/* Whether hi is a lane mask's high register: the marker, or a loop's
 * placeholder for it while the loop's body is first run (the marker it
 * carries; what the loop leaves is checked again when it is walked with
 * the values found). */
static bool mask_high(const ag_walk *w, const pv *hi)
{
    return hi == w->mask_hi || (hi && hi->op == PV_SYM && hi->sym == SYM_CARRIED);
}

pv *ag_exec_bit(ag_walk *w, const ag_ins *in, pv **env)
{
    pv *hi = env[w->wave == 64 ? AG_EXEC + 1 : ag_flag_of(AG_EXEC)];
    if (!mask_high(w, hi))
        return data(w, in, "exec, set to a value lds-calc does not follow as a lane mask");
    return ag_get(w, in, env, AG_EXEC);
}

/* Write one register: a vector one only in the lanes exec has. */
static void set_reg(ag_walk *w, const ag_ins *in, pv **env, int reg, pv *v)
{
    LDS_ASSERT(reg >= 0 && reg < AG_NREGS);
    pv_ctx *c = w->fw.pc;
    if (reg >= AG_V0 && reg < AG_VCC && env[reg]) {   /* where the walk's condition has exec, the walk merges */
        pv *e = ag_exec_bit(w, in, env);
        if (!pv_is_const(e, 1) && !pc_equal(pc_and(c, w->cond, pc_lit1(c, e, false)), w->cond))
            v = pv_sel(c, e, v, env[reg]);
    }
    env[reg] = v;
    if (ag_flag_of(reg) >= 0)   /* a value: no mask */
        env[ag_flag_of(reg)] = NULL;
}

static void set32(ag_walk *w, const ag_ins *in, pv **env, const ag_operand *o, pv *v)
{
    if (o->kind != AO_REG)
        return;
    set_reg(w, in, env, o->reg, v);
    for (unsigned k = 1; k < o->count; k++)
        set_reg(w, in, env, o->reg + (int)k, data(w, in, fw_fmt(&w->fw, "the upper part of what '%s' wrote", in->opcode)));
}

void ag_set_data(ag_walk *w, const ag_ins *in, pv **env, int reg, unsigned count, const char *why)
{
    pv *d = data(w, in, why);
    for (unsigned k = 0; k < count; k++)
        set_reg(w, in, env, reg + (int)k, d);
}

/* A lane mask operand: its lane's bit; NULL where it is none. */
pv *ag_mask_bit(ag_walk *w, const ag_ins *in, pv **env, const ag_operand *o)
{
    pv_ctx *c = w->fw.pc;
    if (o->kind == AO_IMM)
        return o->imm == 0 ? pv_const(c, 0) : o->imm == -1 ? pv_const(c, 1) : NULL;
    if (o->kind != AO_REG || o->count != (w->wave == 64 ? 2u : 1u))
        return NULL;
    pv *lo = ag_get(w, in, env, o->reg);
    if (mask_high(w, env[w->wave == 64 ? o->reg + 1 : ag_flag_of(o->reg)]))
        return lo;
    pv *hi = w->wave == 64 ? ag_get(w, in, env, o->reg + 1) : pv_const(c, 0);
    if (lo->op != PV_CONST || hi->op != PV_CONST)
        return NULL;
    pv *whole = pv_const(c, (lo->k & M32) | (hi->k & M32) << 32);   /* a constant mask: the lane's bit of it */
    return pv_bin(c, PV_AND, pv_bin(c, PV_SHR, whole, w->lane), pv_const(c, 1));
}

static void set_mask(ag_walk *w, const ag_ins *in, pv **env, const ag_operand *o, pv *bit)
{
    if (o->kind != AO_REG)
        return;
    if (o->count != (w->wave == 64 ? 2u : 1u) || (w->wave == 32 && ag_flag_of(o->reg) < 0)) {
        ag_set_data(w, in, env, o->reg, o->count, fw_fmt(&w->fw, "the lane mask '%s' wrote, which lds-calc does not follow", in->opcode));
        return;
    }
    env[o->reg] = bit;
    env[w->wave == 64 ? o->reg + 1 : ag_flag_of(o->reg)] = w->mask_hi;
}

/* exec and vcc as the wave's lane masks: a pair on wave64, one register on wave32 */
static ag_operand wave_mask(const ag_walk *w, int reg)
{
    return (ag_operand){ .kind = AO_REG, .reg = reg, .count = w->wave == 64 ? 2 : 1, .text = reg == AG_EXEC ? "exec" : "vcc" };
}

/* ------------------------------------------------------------- masks */

typedef enum { MB_AND, MB_OR, MB_XOR, MB_ANDN2, MB_ORN2, MB_NAND, MB_NOR, MB_XNOR, MB_ANDN1, MB_ORN1 } mask_op;

static pv *mask_combine(pv_ctx *c, mask_op op, pv *a, pv *b)
{
    switch (op) {
    case MB_AND: return pv_bin(c, PV_LAND, a, b);
    case MB_OR: return pv_bin(c, PV_LOR, a, b);
    case MB_XOR: return pv_cmp(c, CMP_NE, a, b);
    case MB_ANDN2: return pv_bin(c, PV_LAND, a, pv_not(c, b));
    case MB_ORN2: return pv_bin(c, PV_LOR, a, pv_not(c, b));
    case MB_NAND: return pv_not(c, pv_bin(c, PV_LAND, a, b));
    case MB_NOR: return pv_not(c, pv_bin(c, PV_LOR, a, b));
    case MB_XNOR: return pv_cmp(c, CMP_EQ, a, b);
    case MB_ANDN1: return pv_bin(c, PV_LAND, pv_not(c, a), b);
    case MB_ORN1: return pv_bin(c, PV_LOR, pv_not(c, a), b);
    }
    return NULL;
}

static bool mask_op_of(const char *s, mask_op *op)
{
    static const struct { const char *name; mask_op op; } ops[] = {
        { "and", MB_AND },   { "or", MB_OR },     { "xor", MB_XOR },     { "andn2", MB_ANDN2 }, { "orn2", MB_ORN2 },
        { "nand", MB_NAND }, { "nor", MB_NOR },   { "xnor", MB_XNOR },   { "andn1", MB_ANDN1 }, { "orn1", MB_ORN1 },
        { "and_not1", MB_ANDN2 }, { "or_not1", MB_ORN2 }, { "and_not0", MB_ANDN1 }, { "or_not0", MB_ORN1 },
    };
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(s, ops[i].name)) {
            *op = ops[i].op;
            return true;
        }
    return false;
}

/* Whether register operand o holds a lane mask (wave32: its flag). */
static bool mask_operand(const ag_walk *w, pv **env, const ag_operand *o)
{
    return o->kind == AO_REG && o->count == 1 && ag_flag_of(o->reg) >= 0 && mask_high(w, env[ag_flag_of(o->reg)]);
}

/* s_and_b64 d, a, b; s_andn2_saveexec_b64 d, s; s_mov_b64; s_not_b64:
 * false if in is none of them. */
static bool mask_instruction(ag_walk *w, const ag_ins *in, pv **env)
{
    const char *op = in->op, *wsuf = w->wave == 64 ? "_b64" : "_b32";
    size_t n = strlen(op);
    if (!ag_starts(op, "s_") || n < 6 || strcmp(op + n - 4, wsuf) || in->nops < 2)
        return false;
    pv_ctx *c = w->fw.pc;
    char name[32];
    snprintf(name, sizeof name, "%.*s", (int)(n - 6), op + 2);
    bool save = n > 15 && strstr(name, "_saveexec");
    if (save)
        *strstr(name, "_saveexec") = '\0';
    mask_op mop = MB_AND;
    bool is_mov = !strcmp(name, "mov"), is_not = !strcmp(name, "not");
    if (!is_mov && !is_not && !mask_op_of(name, &mop))
        return false;
    ag_operand exec_op_w = wave_mask(w, AG_EXEC);
    pv *a = ag_mask_bit(w, in, env, &in->ops[1]);
    bool to_mask = in->ops[0].kind == AO_REG && (in->ops[0].reg == AG_EXEC || in->ops[0].reg == AG_VCC);
    if (w->wave == 32 && !save && !to_mask && !mask_operand(w, env, &in->ops[1]) &&
        (in->nops < 3 || !mask_operand(w, env, &in->ops[2])))
        return false;   /* s_and_b32 of two values: arithmetic */
    pv *b = save ? ag_mask_bit(w, in, env, &exec_op_w) : in->nops > 2 ? ag_mask_bit(w, in, env, &in->ops[2]) : NULL;
    env[AG_SCC] = data(w, in, fw_fmt(&w->fw, "whether any lane of the mask '%s' made is set", in->opcode));
    if (is_mov && !a && in->ops[0].kind == AO_REG && in->ops[1].kind == AO_REG && in->ops[0].count == in->ops[1].count) {
        for (unsigned k = 0; k < in->ops[0].count; k++)   /* a 64-bit value copied */
            set_reg(w, in, env, in->ops[0].reg + (int)k, ag_get(w, in, env, in->ops[1].reg + (int)k));
        return true;
    }
    if (!a || ((save || (!is_mov && !is_not)) && !b)) {
        ag_set_data(w, in, env, in->ops[0].reg, in->ops[0].kind == AO_REG ? in->ops[0].count : 0,
                    fw_fmt(&w->fw, "'%s' of a value lds-calc does not follow as a lane mask", in->opcode));
        if (save)
            set_mask(w, in, env, &exec_op_w, data(w, in, fw_fmt(&w->fw, "exec, as '%s' left it", in->opcode)));
        return true;
    }
    if (save) {   /* d = exec; exec = s OP exec */
        set_mask(w, in, env, &in->ops[0], b);
        set_mask(w, in, env, &exec_op_w, mask_combine(c, mop, a, b));
        return true;
    }
    set_mask(w, in, env, &in->ops[0], is_mov ? a : is_not ? pv_not(c, a) : mask_combine(c, mop, a, b));
    return true;
}

/* v_cmp_OP_TYPE (and v_cmpx_): the lane's bit of the comparison. */
static bool vector_compare(ag_walk *w, const ag_ins *in, pv **env)
{
    const char *op = in->op;
    bool x = ag_starts(op, "v_cmpx_");
    if (!x && !ag_starts(op, "v_cmp_"))
        return false;
    ag_operand exec_op_w = wave_mask(w, AG_EXEC), vcc_op_w = wave_mask(w, AG_VCC);
    pv_ctx *c = w->fw.pc;
    const char *rest = op + (x ? 7 : 6);
    static const struct { const char *name; pv_rel rel; } rels[] = {
        { "lt_", CMP_LT }, { "le_", CMP_LE }, { "gt_", CMP_GT }, { "ge_", CMP_GE },
        { "eq_", CMP_EQ }, { "ne_", CMP_NE }, { "lg_", CMP_NE },
    };
    unsigned first = in->nops == 3 ? 1 : 0;   /* e64: an SGPR pair first; gfx10 v_cmpx: none */
    pv *bit = NULL;
    for (size_t i = 0; i < sizeof rels / sizeof rels[0] && in->nops >= first + 2; i++) {
        if (!ag_starts(rest, rels[i].name))
            continue;
        const char *t = rest + 3;
        if (!strcmp(t, "u32") || !strcmp(t, "i32")) {
            bool s = t[0] == 'i' || rels[i].rel == CMP_EQ || rels[i].rel == CMP_NE;
            pv *a = s ? i32(w, ag_s32(w, in, env, &in->ops[first])) : ag_u32(w, in, env, &in->ops[first]);
            pv *b = s ? i32(w, ag_s32(w, in, env, &in->ops[first + 1])) : ag_u32(w, in, env, &in->ops[first + 1]);
            bit = pv_cmp(c, rels[i].rel, a, b);
        }
    }
    if (!strncmp(rest, "t_", 2) || !strncmp(rest, "tru_", 4))
        bit = pv_const(c, 1);
    else if (!strncmp(rest, "f_", 2))
        bit = pv_const(c, 0);
    if (!bit || in->sdwa || in->dpp)
        bit = data(w, in, fw_fmt(&w->fw, "the comparison '%s', which lds-calc does not follow", in->opcode));
    if (first)
        set_mask(w, in, env, &in->ops[0], bit);
    else if (!x)
        set_mask(w, in, env, &vcc_op_w, bit);
    if (x)
        set_mask(w, in, env, &exec_op_w, pv_bin(c, PV_LAND, ag_exec_bit(w, in, env), bit));
    return true;
}

/* s_cmp_OP_TYPE, s_cmpk_OP_TYPE: scc. */
static bool scalar_compare(ag_walk *w, const ag_ins *in, pv **env)
{
    const char *op = in->op;
    const char *rest = ag_starts(op, "s_cmpk_") ? op + 7 : ag_starts(op, "s_cmp_") ? op + 6 : NULL;
    if (!rest || in->nops != 2)
        return false;
    static const struct { const char *name; pv_rel rel; } rels[] = {
        { "lt_", CMP_LT }, { "le_", CMP_LE }, { "gt_", CMP_GT }, { "ge_", CMP_GE }, { "eq_", CMP_EQ }, { "lg_", CMP_NE },
    };
    pv_ctx *c = w->fw.pc;
    for (size_t i = 0; i < sizeof rels / sizeof rels[0]; i++)
        if (ag_starts(rest, rels[i].name) && (!strcmp(rest + 3, "u32") || !strcmp(rest + 3, "i32"))) {
            bool eq = rels[i].rel == CMP_EQ || rels[i].rel == CMP_NE;   /* equal in either reading */
            pv *a = eq || rest[3] == 'i' ? i32(w, ag_s32(w, in, env, &in->ops[0])) : ag_u32(w, in, env, &in->ops[0]);
            pv *b = eq || rest[3] == 'i' ? i32(w, ag_s32(w, in, env, &in->ops[1])) : ag_u32(w, in, env, &in->ops[1]);
            env[AG_SCC] = pv_cmp(c, rels[i].rel, a, b);
            return true;
        }
    env[AG_SCC] = data(w, in, fw_fmt(&w->fw, "the comparison '%s', which lds-calc does not follow", in->opcode));
    return true;
}

/* -------------------------------------------------------- arithmetic */

typedef enum {
    A_MOV, A_MOVK, A_ADD, A_ADDC, A_SUB, A_SUBB, A_SUBREV, A_ADD3, A_LSHL_ADD, A_ADD_LSHL, A_LSHL_OR, A_AND_OR, A_OR3,
    A_XAD, A_MUL, A_MUL24, A_MAD24, A_MULHI, A_SHL, A_SHR, A_ASHR, A_SHLREV, A_SHRREV, A_ASHRREV, A_AND, A_OR, A_XOR,
    A_NOT, A_ANDN2, A_ORN2, A_BFE, A_BFI, A_MINU, A_MAXU, A_MINI, A_MAXI, A_LSHL1, A_LSHL2, A_LSHL3, A_LSHL4,
    A_MBCNT_LO, A_MBCNT_HI, A_FIRSTLANE, A_CSELECT, A_CNDMASK
} alu_op;

static const struct {
    const char *name;             /* without v_ or s_ */
    alu_op op;
    unsigned nsrc;
} alu_ops[] = {
    { "mov_b32", A_MOV, 1 },          { "movk_i32", A_MOVK, 1 },        { "add_u32", A_ADD, 2 },
    { "add_nc_u32", A_ADD, 2 },       { "add_i32", A_ADD, 2 },          { "add_co_u32", A_ADD, 2 },
    { "addc_co_u32", A_ADDC, 3 },     { "addc_u32", A_ADDC, 2 },        { "sub_u32", A_SUB, 2 },
    { "sub_nc_u32", A_SUB, 2 },       { "sub_i32", A_SUB, 2 },          { "sub_co_u32", A_SUB, 2 },
    { "subb_co_u32", A_SUBB, 3 },     { "subb_u32", A_SUBB, 2 },        { "subrev_u32", A_SUBREV, 2 },
    { "subrev_nc_u32", A_SUBREV, 2 }, { "subrev_co_u32", A_SUBREV, 2 }, { "add3_u32", A_ADD3, 3 },
    { "lshl_add_u32", A_LSHL_ADD, 3 }, { "add_lshl_u32", A_ADD_LSHL, 3 }, { "lshl_or_b32", A_LSHL_OR, 3 },
    { "and_or_b32", A_AND_OR, 3 },    { "or3_b32", A_OR3, 3 },          { "xad_u32", A_XAD, 3 },
    { "mul_lo_u32", A_MUL, 2 },       { "mul_i32", A_MUL, 2 },          { "mul_lo_i32", A_MUL, 2 },
    { "mul_u32_u24", A_MUL24, 2 },    { "mad_u32_u24", A_MAD24, 3 },    { "mul_hi_u32", A_MULHI, 2 },
    { "lshl_b32", A_SHL, 2 },         { "lshr_b32", A_SHR, 2 },         { "ashr_i32", A_ASHR, 2 },
    { "lshlrev_b32", A_SHLREV, 2 },   { "lshrrev_b32", A_SHRREV, 2 },   { "ashrrev_i32", A_ASHRREV, 2 },
    { "and_b32", A_AND, 2 },          { "or_b32", A_OR, 2 },            { "xor_b32", A_XOR, 2 },
    { "not_b32", A_NOT, 1 },          { "andn2_b32", A_ANDN2, 2 },      { "orn2_b32", A_ORN2, 2 },
    { "and_not1_b32", A_ANDN2, 2 },   { "or_not1_b32", A_ORN2, 2 },     { "bfe_u32", A_BFE, 3 },
    { "bfi_b32", A_BFI, 3 },          { "min_u32", A_MINU, 2 },         { "max_u32", A_MAXU, 2 },
    { "min_i32", A_MINI, 2 },         { "max_i32", A_MAXI, 2 },         { "lshl1_add_u32", A_LSHL1, 2 },
    { "lshl2_add_u32", A_LSHL2, 2 },  { "lshl3_add_u32", A_LSHL3, 2 },  { "lshl4_add_u32", A_LSHL4, 2 },
    { "mbcnt_lo_u32_b32", A_MBCNT_LO, 2 }, { "mbcnt_hi_u32_b32", A_MBCNT_HI, 2 },
    { "readfirstlane_b32", A_FIRSTLANE, 1 }, { "cselect_b32", A_CSELECT, 2 }, { "cndmask_b32", A_CNDMASK, 3 },
};

/* The operations whose low 32 bits do not depend on how the operands'
 * bits are read (sums, products, left shifts): they take the signed view. */
static bool modular(alu_op a)
{
    return a == A_MOV || a == A_ADD || a == A_ADDC || a == A_SUB || a == A_SUBB || a == A_SUBREV || a == A_ADD3 ||
           a == A_MUL || a == A_CSELECT || a == A_CNDMASK || a == A_FIRSTLANE;
}

static pv *shift_amount(pv_ctx *c, pv *s) { return pv_bin(c, PV_AND, s, pv_const(c, 31)); }

/* A bit field: (v >> off) & (2^width - 1), off and width constants. */
static pv *bit_field(ag_walk *w, const ag_ins *in, pv *v, pv *off, pv *width)
{
    pv_ctx *c = w->fw.pc;
    if (off->op != PV_CONST || width->op != PV_CONST)
        return data(w, in, fw_fmt(&w->fw, "a bit field of a width or place lds-calc does not know ('%s')", in->opcode));
    pw o = off->k & 31, n = width->k & 31;
    if (n == 0)
        return pv_const(c, 0);
    return pv_bin(c, PV_AND, pv_bin(c, PV_SHR, v, pv_const(c, o)), pv_const(c, ((pw)1 << n) - 1));
}

/* v_mbcnt_lo/hi with a mask of all ones: the lanes below this one in the
 * low (high) 32 of the wave, plus the addend. */
static pv *mbcnt(ag_walk *w, const ag_ins *in, pv *mask, pv *acc, bool hi)
{
    pv_ctx *c = w->fw.pc;
    if (!pv_is_const(mask, M32))
        return data(w, in, fw_fmt(&w->fw, "'%s' of a mask other than all ones", in->opcode));
    pv *low = pv_bin(c, PV_MIN, w->lane, pv_const(c, 32));
    if (!hi)
        return pv_add(c, low, acc);
    pv *rest = pv_sub(c, acc, low);   /* mbcnt_hi(-1, mbcnt_lo(-1, k)) is lane + k */
    if (rest->op == PV_CONST)
        return pv_add(c, w->lane, rest);
    return pv_add(c, acc, pv_bin(c, PV_MAX, pv_sub(c, w->lane, pv_const(c, 32)), pv_const(c, 0)));
}

/* v_readfirstlane_b32: v in the wave's first lane, where exec has every
 * lane and the workgroup's shape is known (the thread ids of the wave's
 * lane 0, written with lds's 'wave'); else data where lanes differ. */
static pv *first_lane(ag_walk *w, const ag_ins *in, pv **env, pv *v)
{
    pv_ctx *c = w->fw.pc;
    if (!(v->deps & DEP_LANE))
        return v;
    const long *d = w->fw.tdim;
    if (!d[0] || !pv_is_const(ag_exec_bit(w, in, env), 1))
        return data(w, in, fw_fmt(&w->fw, "the first active lane's value ('%s' of a value lanes differ in)", in->opcode));
    long waves = (d[0] * d[1] * d[2] + w->wave - 1) / w->wave;
    pv *first = pv_scale(c, pv_sym(c, "wave", DEP_LANE, 0, waves - 1), w->wave);   /* lds's wave: its number */
    pv *to[3] = { pv_bin(c, PV_REM, first, pv_const(c, d[0])),
                  pv_bin(c, PV_REM, pv_bin(c, PV_DIV, first, pv_const(c, d[0])), pv_const(c, d[1])),
                  pv_bin(c, PV_DIV, first, pv_const(c, (pw)d[0] * d[1])) };
    pv *from[3] = { w->fw.tid[0], w->fw.tid[1], w->fw.tid[2] };
    unsigned n = 0;
    for (unsigned k = 0; k < 3; k++)   /* an id that is the constant 0 is no symbol to replace */
        if (from[k]->op == PV_SYM)
            from[n] = from[k], to[n++] = to[k];
    return pv_subst(c, v, from, to, n);
}

static pv *alu_value(ag_walk *w, const ag_ins *in, pv **env, alu_op op, pv **s, pv **carry)
{
    pv_ctx *c = w->fw.pc;
    pv *r = NULL;
    switch (op) {
    case A_MOV: return s[0];
    case A_MOVK: return pv_wrap(c, pv_wrap(c, s[0], 16, true), 32, false);
    case A_ADD: r = pv_add(c, s[0], s[1]); break;
    case A_ADDC: r = pv_add(c, pv_add(c, s[0], s[1]), s[2]); break;
    case A_SUB: *carry = pv_cmp(c, CMP_LT, s[0], s[1]); return pv_sub(c, s[0], s[1]);
    case A_SUBB:
        *carry = pv_cmp(c, CMP_LT, s[0], pv_add(c, s[1], s[2]));
        return pv_sub(c, s[0], pv_add(c, s[1], s[2]));
    case A_SUBREV: *carry = pv_cmp(c, CMP_LT, s[1], s[0]); return pv_sub(c, s[1], s[0]);
    case A_ADD3: return pv_add(c, pv_add(c, s[0], s[1]), s[2]);
    case A_LSHL_ADD: return pv_add(c, pv_bin(c, PV_SHL, s[0], shift_amount(c, s[1])), s[2]);
    case A_ADD_LSHL: return pv_bin(c, PV_SHL, pv_wrap(c, pv_add(c, s[0], s[1]), 32, false), shift_amount(c, s[2]));
    case A_LSHL_OR: return pv_bin(c, PV_OR, pv_wrap(c, pv_bin(c, PV_SHL, s[0], shift_amount(c, s[1])), 32, false), s[2]);
    case A_AND_OR: return pv_bin(c, PV_OR, pv_bin(c, PV_AND, s[0], s[1]), s[2]);
    case A_OR3: return pv_bin(c, PV_OR, pv_bin(c, PV_OR, s[0], s[1]), s[2]);
    case A_XAD: return pv_add(c, pv_bin(c, PV_XOR, s[0], s[1]), s[2]);
    case A_MUL: return pv_mul(c, s[0], s[1]);
    case A_MUL24:
    case A_MAD24: {
        pv *m24 = pv_const(c, 0xffffff);
        pv *p = pv_mul(c, pv_bin(c, PV_AND, s[0], m24), pv_bin(c, PV_AND, s[1], m24));
        return op == A_MAD24 ? pv_add(c, pv_wrap(c, p, 32, false), s[2]) : p;
    }
    case A_MULHI: return pv_bin(c, PV_SHR, pv_mul(c, s[0], s[1]), pv_const(c, 32));
    case A_SHL: r = pv_bin(c, PV_SHL, s[0], shift_amount(c, s[1])); break;
    case A_SHR: r = pv_bin(c, PV_SHR, s[0], shift_amount(c, s[1])); break;
    case A_ASHR: r = pv_bin(c, PV_SHR, i32(w, s[0]), shift_amount(c, s[1])); break;
    case A_SHLREV: return pv_bin(c, PV_SHL, s[1], shift_amount(c, s[0]));
    case A_SHRREV: return pv_bin(c, PV_SHR, s[1], shift_amount(c, s[0]));
    case A_ASHRREV: return pv_bin(c, PV_SHR, i32(w, s[1]), shift_amount(c, s[0]));
    case A_AND: r = pv_bin(c, PV_AND, s[0], s[1]); break;
    case A_OR: r = pv_bin(c, PV_OR, s[0], s[1]); break;
    case A_XOR: r = pv_bin(c, PV_XOR, s[0], s[1]); break;
    case A_NOT: r = pv_sub(c, pv_const(c, M32), s[0]); break;
    case A_ANDN2: r = pv_bin(c, PV_AND, s[0], pv_sub(c, pv_const(c, M32), s[1])); break;
    case A_ORN2: r = pv_bin(c, PV_OR, s[0], pv_sub(c, pv_const(c, M32), s[1])); break;
    case A_BFE:
        if (in->op[0] == 's')   /* s_bfe_u32 d, v, (width << 16) | offset */
            return s[1]->op == PV_CONST ? bit_field(w, in, s[0], pv_const(c, s[1]->k & 31), pv_const(c, (s[1]->k >> 16) & 127))
                                        : bit_field(w, in, s[0], s[1], s[1]);
        return bit_field(w, in, s[0], s[1], s[2]);
    case A_BFI:
        if (s[0]->op != PV_CONST)
            return data(w, in, "a bit-field insert under a mask lds-calc does not know");
        return pv_bin(c, PV_OR, pv_bin(c, PV_AND, s[1], s[0]), pv_bin(c, PV_AND, s[2], pv_const(c, M32 & ~s[0]->k)));
    case A_MINU: return pv_bin(c, PV_MIN, s[0], s[1]);
    case A_MAXU: return pv_bin(c, PV_MAX, s[0], s[1]);
    case A_MINI: return pv_bin(c, PV_MIN, i32(w, s[0]), i32(w, s[1]));
    case A_MAXI: return pv_bin(c, PV_MAX, i32(w, s[0]), i32(w, s[1]));
    case A_LSHL1: case A_LSHL2: case A_LSHL3: case A_LSHL4:
        r = pv_add(c, pv_wrap(c, pv_bin(c, PV_SHL, s[0], pv_const(c, op - A_LSHL1 + 1)), 32, false), s[1]);
        break;
    case A_MBCNT_LO: return mbcnt(w, in, s[0], s[1], false);
    case A_MBCNT_HI: return mbcnt(w, in, s[0], s[1], true);
    case A_FIRSTLANE: return first_lane(w, in, env, s[0]);
    case A_CSELECT: return pv_sel(c, ag_get(w, in, env, AG_SCC), s[0], s[1]);
    case A_CNDMASK: return pv_sel(c, s[2], s[1], s[0]);
    }
    if (r && (op == A_LSHL1 || op == A_LSHL2 || op == A_LSHL3 || op == A_LSHL4))
        *carry = pv_bin(c, PV_SHR, r, pv_const(c, 32));
    else if (r && op != A_ADD && op != A_ADDC)
        *carry = pv_cmp(c, CMP_NE, pv_wrap(c, r, 32, false), pv_const(c, 0));
    return r;
}

/* SDWA: BYTE_0..3, WORD_0..1 or DWORD of a 32-bit value: its shift and
 * width in bits (false: a select lds-calc does not know). */
static bool sdwa_select(const ag_ins *in, const char *mod, unsigned *shift, unsigned *bits)
{
    const ag_mod *m = ag_mod_of(in, mod);
    const char *s = m && m->value ? m->value : "DWORD";
    *shift = 0;
    *bits = 32;
    if (!strcmp(s, "DWORD"))
        return true;
    if (!strncmp(s, "BYTE_", 5) && s[5] >= '0' && s[5] <= '3' && !s[6])
        return *shift = (unsigned)(s[5] - '0') * 8, *bits = 8, true;
    if (!strncmp(s, "WORD_", 5) && s[5] >= '0' && s[5] <= '1' && !s[6])
        return *shift = (unsigned)(s[5] - '0') * 16, *bits = 16, true;
    return false;
}

/* An SDWA source: the field its select names, zero- or sign-extended. */
static pv *sdwa_source(ag_walk *w, const ag_ins *in, unsigned k, const ag_operand *o, pv *v)
{
    pv_ctx *c = w->fw.pc;
    unsigned shift, bits;
    if (!sdwa_select(in, k ? "src1_sel" : "src0_sel", &shift, &bits))
        return data(w, in, fw_fmt(&w->fw, "a sub-dword select of '%s' lds-calc does not know", in->opcode));
    if (bits == 32)
        return o->sext ? pv_wrap(c, v, 32, true) : v;
    pv *field = pv_bin(c, PV_AND, pv_bin(c, PV_SHR, pv_wrap(c, v, 32, false), pv_const(c, shift)),
                       pv_const(c, ((pw)1 << bits) - 1));
    return o->sext ? pv_wrap(c, field, bits, true) : field;
}

/* An SDWA result: DWORD as it is; a byte or word zero-padded into place. */
static pv *sdwa_result(ag_walk *w, const ag_ins *in, pv *r)
{
    pv_ctx *c = w->fw.pc;
    unsigned shift, bits;
    const ag_mod *unused = ag_mod_of(in, "dst_unused");
    if (!sdwa_select(in, "dst_sel", &shift, &bits))
        return data(w, in, fw_fmt(&w->fw, "a sub-dword select of '%s' lds-calc does not know", in->opcode));
    if (bits == 32)
        return r;
    if (unused && unused->value && strcmp(unused->value, "UNUSED_PAD"))
        return data(w, in, fw_fmt(&w->fw, "'%s' keeping the bits its dst_sel leaves (%s)", in->opcode, unused->value));
    return pv_bin(c, PV_SHL, pv_bin(c, PV_AND, r, pv_const(c, ((pw)1 << bits) - 1)), pv_const(c, shift));
}

/* The VALU and SALU integer instructions that make addresses: false if
 * in is none of them. */
static bool arithmetic(ag_walk *w, const ag_ins *in, pv **env)
{
    const char *op = in->op;
    bool vector = ag_starts(op, "v_");
    if (!vector && !ag_starts(op, "s_"))
        return false;
    size_t k = 0;
    while (k < sizeof alu_ops / sizeof alu_ops[0] && strcmp(op + 2, alu_ops[k].name))
        k++;
    if (k == sizeof alu_ops / sizeof alu_ops[0])
        return false;
    alu_op a = alu_ops[k].op;
    bool co = vector && (strstr(op, "_co_") != NULL);   /* d, carry out, sources */
    unsigned first = co ? 2 : 1, nsrc = alu_ops[k].nsrc;
    if (!vector && (a == A_ADDC || a == A_SUBB))
        nsrc = 2;
    if (in->nops < first + nsrc - (a == A_CNDMASK && in->nops == 3) || in->ops[0].kind != AO_REG)
        return false;
    pv *s[3] = { NULL, NULL, NULL }, *u[3] = { NULL, NULL, NULL };
    ag_operand vcc_op_w = wave_mask(w, AG_VCC);
    for (unsigned i = 0; i < nsrc; i++) {
        if (a == A_CNDMASK && i == 2) {   /* the mask: vcc in the e32 form */
            pv *bit = ag_mask_bit(w, in, env, first + i < in->nops ? &in->ops[first + i] : &vcc_op_w);
            s[i] = bit ? bit : data(w, in, "the mask of a v_cndmask_b32 that lds-calc does not follow");
        } else {
            const ag_operand *o = &in->ops[first + i];
            s[i] = modular(a) ? ag_s32(w, in, env, o) : ag_u32(w, in, env, o);
            u[i] = ag_u32(w, in, env, o);
            if (in->sdwa && i < 2)
                s[i] = u[i] = sdwa_source(w, in, i, o, u[i]);
        }
    }
    if ((a == A_ADDC || a == A_SUBB) && !vector) {   /* s_addc_u32: the carry in is scc */
        s[2] = ag_get(w, in, env, AG_SCC);
    } else if ((a == A_ADDC || a == A_SUBB) && vector) {
        pv *bit = ag_mask_bit(w, in, env, &in->ops[first + 2]);
        s[2] = bit ? bit : data(w, in, "a carry lds-calc does not follow");
    }
    if (!u[2])
        u[2] = s[2];
    pv *carry = NULL;
    pv *r = a == A_ADDC ? high_sum(w, env, s[0], s[1], s[2]) : NULL;
    if (!r)
        r = alu_value(w, in, env, a, s, &carry);
    pv_ctx *c = w->fw.pc;
    if (in->sdwa)
        r = sdwa_result(w, in, r);
    if (in->dpp || ag_mod_of(in, "clamp"))   /* a source from another lane; a saturated sum */
        r = carry = data(w, in, fw_fmt(&w->fw, "'%s' (%s), which lds-calc does not follow", in->opcode,
                                       in->dpp ? "a source moved between lanes" : "clamped"));
    if (a == A_ADD || a == A_ADDC)   /* the carry out of the unsigned sum */
        carry = pv_bin(c, PV_SHR, pv_add(c, pv_add(c, u[0], u[1]), a == A_ADDC ? u[2] : pv_const(c, 0)), pv_const(c, 32));
    if (a == A_ADD && (co || !vector) && !in->sdwa && !in->dpp)
        note_carry(w, carry, s[0], s[1], r, in->ops[0].reg);
    else if (a == A_SUB || a == A_SUBB)
        carry = pv_cmp(c, CMP_LT, u[0], a == A_SUBB ? pv_add(c, u[1], u[2]) : u[1]);
    else if (a == A_SUBREV)
        carry = pv_cmp(c, CMP_LT, u[1], u[0]);
    set32(w, in, env, &in->ops[0], r);
    if (co)
        set_mask(w, in, env, &in->ops[1], carry ? carry : data(w, in, "a carry lds-calc does not follow"));
    bool overflow = !vector && (a == A_ADD || a == A_SUB) && !strcmp(op + strlen(op) - 3, "i32");
    if (overflow)   /* s_add_i32: scc is the signed overflow */
        env[AG_SCC] = data(w, in, fw_fmt(&w->fw, "scc, the signed overflow of '%s'", in->opcode));
    else if (!vector && a != A_MOV && a != A_MOVK && a != A_CSELECT && a != A_MUL && a != A_MULHI && a != A_BFE)
        env[AG_SCC] = carry ? carry : data(w, in, fw_fmt(&w->fw, "scc, as '%s' set it", in->opcode));
    else if (!vector && a == A_BFE)
        env[AG_SCC] = pv_cmp(w->fw.pc, CMP_NE, r, pv_const(w->fw.pc, 0));
    return true;
}

/* ------------------------------------------------- kernel arguments */

/* The value of argument i (a by-value integer): its -D value, else its
 * name as a parameter no -D gives. */
static pv *argument(ag_walk *w, unsigned i)
{
    if (w->argv[i])
        return w->argv[i];
    const ag_arg *g = &w->f->args[i];
    const char *name = g->name ? fw_lds_name(&w->fw, g->name) : fw_fmt(&w->fw, "arg%u", i);
    const csrc_define *d = fw_define(&w->fw, name);
    pw lo = 0, hi = g->size >= 8 ? ((pw)1 << 63) - 1 : ((pw)1 << (g->size * 8 - 1)) - 1;
    if (d && d->has_value)
        lo = hi = d->value;
    if (d)
        ((csrc_define *)d)->used = true;
    return w->argv[i] = pv_symbol(w->fw.pc, SYM_PARAM, name, 0, DEP_PARAM, lo, hi, d == NULL);
}

/* A pointer argument: the address of a global allocation of its own,
 * (n << 40) for the n-th, as the PTX reader numbers them. */
static pv *pointer(ag_walk *w, unsigned i, const char *name)
{
    if (!w->argv[i]) {
        int n = (int)++w->nregions;
        w->argv[i] = pv_symbol(w->fw.pc, SYM_REGION, fw_lds_name(&w->fw, name), n, 0, (pw)n << 40, (pw)n << 40, false);
    }
    return w->argv[i];
}

/* The dword of the kernel argument segment at byte off. */
static pv *kernarg_dword(ag_walk *w, const ag_ins *in, int64_t off)
{
    pv_ctx *c = w->fw.pc;
    const ag_func *f = w->f;
    pv *v = pv_const(c, 0);
    unsigned covered = 0;   /* the dword's bytes an argument holds (bit b: byte off + b) */
    for (unsigned i = 0; i < f->nargs; i++) {
        const ag_arg *g = &f->args[i];
        if (g->offset < 0 || g->offset + g->size <= off || g->offset >= off + 4)
            continue;
        const char *name = g->name ? g->name : fw_fmt(&w->fw, "arg%u", i);
        const char *kind = g->kind ? g->kind : "?";
        pv *whole = NULL;
        if (!strcmp(kind, "by_value") && (g->size == 4 || g->size == 8) && g->offset % 4 == 0) {
            whole = argument(w, i);
        } else if (!strncmp(kind, "hidden_group_size_", 18) && kind[18] >= 'x' && kind[18] <= 'z' && w->fw.tdim[0]) {
            whole = pv_const(c, w->fw.tdim[kind[18] - 'x']);
        } else if (!strcmp(kind, "global_buffer") && g->size == 8 && (off == g->offset || off == g->offset + 4)) {
            pv *p = pointer(w, i, name);   /* its allocation's address, and its high half */
            return off == g->offset ? p : pv_bin(c, PV_SHR, p, pv_const(c, 32));
        } else {
            return data(w, in, fw_fmt(&w->fw, "the kernel argument '%s' (%s, %lld bytes)", name, kind, (long long)g->size));
        }
        for (int64_t b = 0; b < 4; b++)
            covered |= (unsigned)(off + b >= g->offset && off + b < g->offset + g->size) << b;
        int64_t shift = (g->offset - off) * 8;   /* where the argument's bytes lie in the dword */
        pv *part = shift >= 0 ? pv_bin(c, PV_SHL, whole, pv_const(c, shift)) : pv_bin(c, PV_SHR, whole, pv_const(c, -shift));
        v = pv_add(c, v, pv_wrap(c, part, 32, false));
    }
    if (covered != 15)
        return data(w, in, fw_fmt(&w->fw, "kernel argument bytes %lld .. %lld, which the metadata names no argument for",
                                  (long long)off, (long long)off + 3));
    return v;
}

/* s_load_dword*, s_load_b32 ... of the kernarg segment: the arguments the
 * metadata names there.  Any other scalar load leaves data. */
static bool scalar_load(ag_walk *w, const ag_ins *in, pv **env)
{
    const char *op = in->op;
    if (!ag_starts(op, "s_load_") && !ag_starts(op, "s_buffer_load_"))
        return false;
    const ag_operand *d = &in->ops[0];
    if (in->nops < 3 || d->kind != AO_REG)
        return false;
    const ag_operand *b = &in->ops[1];
    pv *base = b->kind == AO_REG && b->count == 2 && env[b->reg + 1] == w->kernarg_hi && env[b->reg]
                   ? pv_sub(w->fw.pc, env[b->reg], w->kernarg) : NULL;
    int64_t off = 0;
    bool known = base && base->op == PV_CONST && !ag_starts(op, "s_buffer") &&
                 ((in->ops[2].kind == AO_IMM && (off = in->ops[2].imm, true)));
    for (unsigned k = 0; k < d->count; k++) {
        pv *v = known ? kernarg_dword(w, in, (int64_t)base->k + off + 4 * (int64_t)k)
                      : data(w, in, fw_fmt(&w->fw, "what '%s' loaded from memory other than the kernel's arguments", in->opcode));
        set_reg(w, in, env, d->reg + (int)k, v);
    }
    return true;
}

/* v_readlane_b32 d, v, lane: the value where lanes agree on it. */
static bool read_lane(ag_walk *w, const ag_ins *in, pv **env)
{
    if (strcmp(in->op, "v_readlane_b32") || in->nops != 3)
        return false;
    pv *v = ag_u32(w, in, env, &in->ops[1]);
    set32(w, in, env, &in->ops[0],
          v->deps & DEP_LANE ? data(w, in, "one lane's value of a value lanes differ in (v_readlane_b32)") : v);
    return true;
}

void ag_exec(ag_walk *w, const ag_ins *in, pv **env, pcond cond)
{
    w->cond = cond;
    if (!in->op || ag_access(w, in, env, cond) || scalar_load(w, in, env) || wide(w, in, env) || mask_instruction(w, in, env) ||
        vector_compare(w, in, env) || scalar_compare(w, in, env) || arithmetic(w, in, env) || read_lane(w, in, env))
        return;
    bool set[AG_NREGS] = { false };
    ag_dests(in, set);
    pv *d = NULL;
    for (int r = 0; r < AG_NREGS; r++)
        if (set[r]) {
            d = d ? d : data(w, in, fw_fmt(&w->fw, "what '%s' wrote (an instruction lds-calc does not follow)", in->opcode));
            set_reg(w, in, env, r, d);
        }
}

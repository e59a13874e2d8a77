/* front/ptx/eval.c - what an instruction does to the registers
 * (front/ptx/ptx_impl.h).
 *
 * Integer instructions compute with symbolic values, each operand read
 * as its instruction's type says: a sign-sensitive operation (a
 * comparison, a right shift, a division, a widening multiply, min, max,
 * cvt) reads its operands wrapped into the type's range (pv_wrap: a
 * no-op where the value's interval shows it in range), an operation that
 * is the same either way (add, sub, mul.lo, shl, and, or, xor) computes
 * exactly and leaves the wrap to whoever reads the result.  A floating-
 * point result, a special register lds-calc does not know, and the
 * result of an instruction it does not follow are data, saying which
 * instruction made them and where.  A guarded instruction (@%p) assigns
 * where its predicate holds and leaves the old value elsewhere. */
#include "front/ptx/ptx_impl.h"

#include <stdio.h>
#include <stdlib.h>

bool ptx_type(const char *p, unsigned *bits, bool *sgn, bool *fl)
{
    *sgn = *fl = false;
    if (!strcmp(p, "pred")) {
        *bits = 1;
        return true;
    }
    const char *q = p;
    if (!strncmp(q, "bf", 2)) {
        *fl = true;
        q += 2;
    } else if (*q == 'b' || *q == 'u' || *q == 's' || *q == 'f') {
        *sgn = *q == 's';
        *fl = *q == 'f';
        q++;
    } else if (!strncmp(q, "e4m3", 4) || !strncmp(q, "e5m2", 4) || !strncmp(q, "tf32", 4)) {
        *fl = true;
        *bits = strstr(q, "x2") ? 16 : q[0] == 't' ? 32 : 8;
        return true;
    } else {
        return false;
    }
    char *end;
    long b = strtol(q, &end, 10);
    if (end == q || (b != 8 && b != 16 && b != 32 && b != 64 && b != 128))
        return false;
    if (*end == 'x' && end[1] == '2' && !end[2])
        b *= 2;
    else if (*end)
        return false;
    *bits = (unsigned)b;
    return true;
}

/* The instruction's type: its last part that is one (cvt's two: the first
 * of them, the destination, through *dst; the last, the source). */
static bool type_of(const ptx_ins *in, unsigned *bits, bool *sgn, bool *fl)
{
    for (unsigned i = in->nparts; i-- > 1;)
        if (ptx_type(in->parts[i], bits, sgn, fl))
            return true;
    return false;
}

static pv *undefined(ptx_walk *w, const ptx_ins *in, int reg) { return fw_unset(&w->fw, reg, (unsigned)ptx_at(w, in)); }

static pv *symbol_address(ptx_walk *w, const ptx_operand *o)
{
    for (unsigned i = 0; i < w->narrays; i++)
        if (!strcmp(w->arrays[i].var->name, o->sym))
            return pv_add(w->fw.pc, w->arrays[i].base, pv_const(w->fw.pc, o->imm));
    for (unsigned i = 0; i < w->m->nvars; i++)
        if (w->m->vars[i].space == SP_GLOBAL && !strcmp(w->m->vars[i].name, o->sym)) {
            unsigned r = 0;
            for (unsigned k = 0; w->gnames && k < w->nregions; k++)
                if (w->gnames[k] && !strcmp(w->gnames[k], o->sym))
                    r = k + 1;
            if (!r) {
                w->gnames = lds_xreallocarray(w->gnames, w->nregions + 1, sizeof *w->gnames);
                w->gnames[w->nregions] = w->m->vars[i].name;
                r = ++w->nregions;
            }
            pv *base = pv_symbol(w->fw.pc, SYM_REGION, o->sym, (int)r, 0, (pw)r << 40, (pw)r << 40, false);
            return pv_add(w->fw.pc, base, pv_const(w->fw.pc, o->imm));
        }
    return NULL;
}

pv *ptx_value(ptx_walk *w, const ptx_ins *in, pv **env, const ptx_operand *o, unsigned bits, bool sgn)
{
    pv *v;
    switch (o->kind) {
    case OP_REG:
        v = env[o->reg] ? env[o->reg] : undefined(w, in, o->reg);
        if (o->neg)
            return pv_not(w->fw.pc, v);
        break;
    case OP_IMM: return pv_wrap(w->fw.pc, pv_const(w->fw.pc, o->imm), bits > 64 ? 64 : bits, sgn);
    case OP_SPECIAL:
        v = o->special != PS_OTHER && w->special[o->special]
                ? w->special[o->special]
                : pv_data(w->fw.pc, fw_fmt(&w->fw, "the special register %s", o->sym), in->line, in->col, false);
        break;
    case OP_SYM:
        if (!strcmp(o->sym, "WARP_SZ"))   /* PTX's constant: the warp's size */
            return pv_const(w->fw.pc, 32);
        v = symbol_address(w, o);
        if (!v)
            v = pv_data(w->fw.pc, fw_fmt(&w->fw, "the address of '%s'", o->sym), in->line, in->col, false);
        break;
    case OP_FIMM: return pv_data(w->fw.pc, "a floating-point constant", in->line, in->col, false);
    default: return pv_data(w->fw.pc, "an operand lds-calc does not read as a number", in->line, in->col, false);
    }
    return bits < 64 || sgn ? pv_wrap(w->fw.pc, v, bits > 64 ? 64 : bits, sgn) : v;
}

/* An operand of an operation that is the same whatever the signedness
 * (add, and, shl, ...): a register as it is, an immediate as a signed
 * value of the width (0xFFFFFFF0 added to a 32-bit register is -16). */
static pv *exact(ptx_walk *w, const ptx_ins *in, pv **env, const ptx_operand *o, unsigned bits)
{
    if (o->kind == OP_REG && !o->neg)
        return env[o->reg] ? env[o->reg] : undefined(w, in, o->reg);
    return ptx_value(w, in, env, o, bits, o->kind == OP_IMM);
}

void ptx_set(ptx_walk *w, const ptx_ins *in, pv **env, int reg, pv *v)
{
    if (reg < 0)
        return;
    if (in->guarded && env[reg]) {
        pv *g = env[in->guard] ? env[in->guard] : undefined(w, in, in->guard);
        v = pv_sel(w->fw.pc, in->guard_neg ? pv_not(w->fw.pc, g) : g, v, env[reg]);
    }
    env[reg] = v;
}

void ptx_set_data(ptx_walk *w, const ptx_ins *in, pv **env, const ptx_operand *o, const char *why)
{
    if (o->kind == OP_REG) {
        int regs[2] = { o->reg, o->reg2 };
        for (int i = 0; i < 2 && regs[i] >= 0; i++)   /* each register named as itself */
            ptx_set(w, in, env, regs[i],
                    pv_data(w->fw.pc, fw_fmt(&w->fw, "%s, %s", fw_reg_name(&w->fw, regs[i]), why), in->line, in->col, false));
    } else if (o->kind == OP_VEC) {
        for (unsigned i = 0; i < o->nelems; i++)
            ptx_set_data(w, in, env, &o->elems[i], why);
    }
}

static void result_data(ptx_walk *w, const ptx_ins *in, pv **env, const char *why)
{
    if (in->nops)
        ptx_set_data(w, in, env, &in->ops[0], why);
}

/* ------------------------------------------------------------ arithmetic */

/* add sub mul mad mul24 mad24 sad div rem abs neg min max */
static bool arith(ptx_walk *w, const ptx_ins *in, pv **env, unsigned bits, bool sgn)
{
    pv_ctx *c = w->fw.pc;
    const char *op = in->parts[0];
    const ptx_operand *o = in->ops;
    static const char *const ops[] = { "add", "sub", "mul", "mad", "mul24", "mad24", "sad", "div", "rem", "abs",
                                       "neg", "min", "max", NULL };
    bool known = false;
    for (int i = 0; ops[i] && !known; i++)
        known = !strcmp(op, ops[i]);
    if (!known || ptx_has_part(in, "sat") || ptx_has_part(in, "cc"))
        return false;
    bool hi = ptx_has_part(in, "hi"), wide = ptx_has_part(in, "wide");
    bool b24 = !strcmp(op, "mul24") || !strcmp(op, "mad24");
    unsigned n = !strcmp(op, "abs") || !strcmp(op, "neg") ? 2 : !strncmp(op, "mad", 3) || !strcmp(op, "sad") ? 4 : 3;
    if (in->nops != n || o[0].kind != OP_REG)
        return false;
    bool same = !strcmp(op, "add") || !strcmp(op, "sub") || !strcmp(op, "neg")
                || ((!strncmp(op, "mul", 3) || !strncmp(op, "mad", 3)) && !hi && !wide && !b24);
    pv *a = same ? exact(w, in, env, &o[1], bits) : ptx_value(w, in, env, &o[1], bits, sgn);
    pv *b = n <= 2 ? NULL : same ? exact(w, in, env, &o[2], bits) : ptx_value(w, in, env, &o[2], bits, sgn);
    if (b24) {
        a = pv_wrap(c, a, 24, sgn);
        b = pv_wrap(c, b, 24, sgn);
    }
    pv *r;
    if (!strcmp(op, "add"))
        r = pv_add(c, a, b);
    else if (!strcmp(op, "sub"))
        r = pv_sub(c, a, b);
    else if (!strcmp(op, "abs"))
        r = pv_bin(c, PV_MAX, a, pv_scale(c, a, -1));
    else if (!strcmp(op, "neg"))
        r = pv_scale(c, a, -1);
    else if (!strcmp(op, "div") || !strcmp(op, "rem"))
        r = pv_bin(c, !strcmp(op, "div") ? PV_DIV : PV_REM, a, b);
    else if (!strcmp(op, "min") || !strcmp(op, "max"))
        r = pv_bin(c, !strcmp(op, "min") ? PV_MIN : PV_MAX, a, b);
    else if (!strcmp(op, "sad"))
        r = pv_add(c, pv_bin(c, PV_MAX, pv_sub(c, a, b), pv_sub(c, b, a)), exact(w, in, env, &o[3], bits));
    else {   /* mul, mad: lo, hi, wide (24-bit too) */
        r = pv_mul(c, a, b);
        if (hi)
            r = pv_bin(c, PV_SHR, r, pv_const(c, b24 ? 16 : bits));
        if (n == 4)
            r = pv_add(c, r, exact(w, in, env, &o[3], wide ? bits * 2 : bits));
    }
    ptx_set(w, in, env, o[0].reg, r);
    return true;
}

/* PTX's lop3 truth table as and, or and not of its three inputs. */
static pv *lop3(pv_ctx *c, pv *a, pv *b, pv *x, unsigned lut, unsigned bits)
{
    pw ones = ((pw)1 << bits) - 1;
    pv *in[3] = { a, b, x }, *r = pv_const(c, 0);
    for (unsigned m = 0; m < 8; m++) {
        if (!(lut >> m & 1))
            continue;
        pv *t = pv_const(c, ones);
        for (int k = 0; k < 3; k++) {   /* minterm m: a is bit 2 of m (0xF0), b bit 1 (0xCC), c bit 0 (0xAA) */
            bool set = m >> (2 - k) & 1;
            t = pv_bin(c, PV_AND, t, set ? in[k] : pv_bin(c, PV_XOR, in[k], pv_const(c, ones)));
        }
        r = pv_bin(c, PV_OR, r, t);
    }
    return r;
}

/* and or xor not cnot shl shr bfe bfi lop3 (the .pred forms logical) */
static bool bits_op(ptx_walk *w, const ptx_ins *in, pv **env, unsigned bits, bool sgn)
{
    pv_ctx *c = w->fw.pc;
    const char *op = in->parts[0];
    const ptx_operand *o = in->ops;
    if (!in->nops || o[0].kind != OP_REG)
        return false;
    bool unary = !strcmp(op, "not") || !strcmp(op, "cnot");
    if (in->nops < (unary ? 2u : 3u))
        return false;
    bool shiftop = !strcmp(op, "shl") || !strcmp(op, "shr");
    bool typed = !strcmp(op, "shr") || !strcmp(op, "bfe");   /* reads its operand as the type */
    pv *a = typed ? ptx_value(w, in, env, &o[1], bits, sgn && !strcmp(op, "shr")) : exact(w, in, env, &o[1], bits);
    pv *b = unary ? NULL : shiftop ? ptx_value(w, in, env, &o[2], 32, false) : exact(w, in, env, &o[2], bits), *r;
    if (shiftop && b->op == PV_CONST && b->k > bits)   /* PTX clamps the count to the width */
        b = pv_const(c, bits);
    if (bits == 1) {   /* predicates */
        r = !strcmp(op, "and") ? pv_bin(c, PV_LAND, a, b)
            : !strcmp(op, "or") ? pv_bin(c, PV_LOR, a, b)
            : !strcmp(op, "xor") ? pv_cmp(c, CMP_NE, pv_not(c, pv_not(c, a)), pv_not(c, pv_not(c, b)))
                                 : pv_not(c, a);
    } else if (!strcmp(op, "and") || !strcmp(op, "or") || !strcmp(op, "xor")) {
        r = pv_bin(c, !strcmp(op, "and") ? PV_AND : !strcmp(op, "or") ? PV_OR : PV_XOR, a, b);
    } else if (!strcmp(op, "not")) {
        r = pv_sub(c, pv_const(c, -1), a);
    } else if (!strcmp(op, "cnot")) {
        r = pv_not(c, a);
    } else if (shiftop) {
        r = pv_bin(c, !strcmp(op, "shl") ? PV_SHL : PV_SHR, a, b);
    } else if (!strcmp(op, "lop3") && in->nops >= 5 && o[4].kind == OP_IMM) {
        r = lop3(c, a, b, exact(w, in, env, &o[3], bits), (unsigned)o[4].imm & 0xff, bits);
    } else if (!strcmp(op, "bfe") && in->nops == 4 && o[2].kind == OP_IMM && o[3].kind == OP_IMM) {
        pw pos = o[2].imm & 0xff, len = o[3].imm & 0xff;
        if (len == 0)
            r = pv_const(c, 0);
        else
            r = pv_wrap(c, pv_bin(c, PV_AND, pv_bin(c, PV_SHR, a, pv_const(c, pos)),
                                  pv_const(c, ((pw)1 << len) - 1)),
                        (unsigned)(len > 64 ? 64 : len), sgn);
    } else if (!strcmp(op, "bfi") && in->nops == 5 && o[3].kind == OP_IMM && o[4].kind == OP_IMM) {
        pw pos = o[3].imm & 0xff, len = o[4].imm & 0xff, mask = (((pw)1 << len) - 1) << pos;
        pv *base = exact(w, in, env, &o[2], bits);
        r = pv_bin(c, PV_OR, pv_bin(c, PV_AND, base, pv_const(c, ~mask & (((pw)1 << bits) - 1))),
                   pv_bin(c, PV_AND, pv_scale(c, a, (pw)1 << pos), pv_const(c, mask)));
    } else {
        return false;
    }
    ptx_set(w, in, env, o[0].reg, r);
    return true;
}

/* ------------------------------------------------- moves and conversions */

static bool move(ptx_walk *w, const ptx_ins *in, pv **env, unsigned bits, bool sgn)
{
    pv_ctx *c = w->fw.pc;
    const ptx_operand *o = in->ops;
    if (in->nops != 2)
        return false;
    if (o[0].kind == OP_VEC && o[1].kind == OP_REG && o[0].nelems) {   /* mov.b64 {lo, hi}, %rd */
        unsigned part = bits / o[0].nelems;
        pv *whole = ptx_value(w, in, env, &o[1], bits, false);
        for (unsigned i = 0; i < o[0].nelems; i++)
            if (o[0].elems[i].kind == OP_REG)
                ptx_set(w, in, env, o[0].elems[i].reg,
                        pv_wrap(c, pv_bin(c, PV_SHR, whole, pv_const(c, (pw)part * i)), part, false));
        return true;
    }
    if (o[0].kind != OP_REG)
        return false;
    if (o[1].kind == OP_VEC && o[1].nelems) {   /* mov.b64 %rd, {lo, hi} */
        unsigned part = bits / o[1].nelems;
        pv *r = pv_const(c, 0);
        for (unsigned i = 0; i < o[1].nelems; i++)
            r = pv_add(c, r, pv_scale(c, pv_wrap(c, exact(w, in, env, &o[1].elems[i], part), part, false), (pw)1 << (part * i)));
        ptx_set(w, in, env, o[0].reg, r);
        return true;
    }
    bool plain = o[1].kind == OP_REG || o[1].kind == OP_IMM;   /* -1 moved into a u32 counter is -1: the bits agree */
    ptx_set(w, in, env, o[0].reg, plain ? exact(w, in, env, &o[1], bits) : ptx_value(w, in, env, &o[1], bits, sgn));
    return true;
}

/* cvt.D.S: narrower keeps the low bits; wider extends as S says. */
static bool convert(ptx_walk *w, const ptx_ins *in, pv **env)
{
    unsigned db = 0, sb = 0, k = 0;
    bool ds = false, dfl = false, ss = false, sfl = false;
    for (unsigned i = 1; i < in->nparts; i++) {
        unsigned b;
        bool s, f;
        if (!ptx_type(in->parts[i], &b, &s, &f))
            continue;
        if (k++ == 0)
            db = b, ds = s, dfl = f;
        else
            sb = b, ss = s, sfl = f;
    }
    if (k != 2 || in->nops != 2 || in->ops[0].kind != OP_REG)
        return false;
    if (dfl || sfl || ptx_has_part(in, "sat")) {
        result_data(w, in, env, fw_fmt(&w->fw, "converted by '%s'", in->opcode));
        return true;
    }
    pv *v = ptx_value(w, in, env, &in->ops[1], sb, ss);
    v = db <= sb ? pv_wrap(w->fw.pc, v, db, ds) : pv_wrap(w->fw.pc, v, sb, ss);
    ptx_set(w, in, env, in->ops[0].reg, v);
    return true;
}

/* cvta.shared (a shared address made generic), cvta.to.shared (back);
 * global and generic addresses are one. */
static bool cvta(ptx_walk *w, const ptx_ins *in, pv **env)
{
    if (in->nops != 2 || in->ops[0].kind != OP_REG)
        return false;
    bool to = ptx_has_part(in, "to"), shared = false;
    for (unsigned i = 1; i < in->nparts; i++)
        shared |= !strncmp(in->parts[i], "shared", 6);
    pv *v = ptx_value(w, in, env, &in->ops[1], 64, false);
    if (shared)
        v = to ? pv_sub(w->fw.pc, v, w->window) : pv_add(w->fw.pc, v, w->window);
    if (!shared && !ptx_has_part(in, "global"))
        v = pv_data(w->fw.pc, fw_fmt(&w->fw, "an address converted by '%s'", in->opcode),
                    in->line, in->col, false);
    ptx_set(w, in, env, in->ops[0].reg, v);
    return true;
}

/* --------------------------------------------------------- comparisons */

static bool relation(const char *p, pv_rel *r, bool *uns)
{
    static const struct { const char *name; pv_rel rel; bool uns; } rels[] = {
        { "eq", CMP_EQ, false }, { "ne", CMP_NE, false }, { "lt", CMP_LT, false }, { "le", CMP_LE, false },
        { "gt", CMP_GT, false }, { "ge", CMP_GE, false }, { "lo", CMP_LT, true },  { "ls", CMP_LE, true },
        { "hi", CMP_GT, true },  { "hs", CMP_GE, true },
    };
    for (size_t i = 0; i < sizeof rels / sizeof rels[0]; i++)
        if (!strcmp(p, rels[i].name)) {
            *r = rels[i].rel;
            *uns = rels[i].uns;
            return true;
        }
    return false;
}

/* setp.CMP[.BOOLOP].TYPE p[|q], a, b[, c]; selp.T d, a, b, p; slct.T.S d, a, b, c */
static bool compare(ptx_walk *w, const ptx_ins *in, pv **env, unsigned bits, bool sgn, bool fl)
{
    pv_ctx *c = w->fw.pc;
    const ptx_operand *o = in->ops;
    const char *op = in->parts[0];
    if (!in->nops || o[0].kind != OP_REG)
        return false;
    if (!strcmp(op, "selp") && in->nops == 4) {
        pv *p = ptx_value(w, in, env, &o[3], 1, false);
        ptx_set(w, in, env, o[0].reg, pv_sel(c, p, exact(w, in, env, &o[1], bits), exact(w, in, env, &o[2], bits)));
        return true;
    }
    if (!strcmp(op, "slct") && in->nops == 4) {
        pv *s = ptx_value(w, in, env, &o[3], 32, true);
        ptx_set(w, in, env, o[0].reg,
                pv_sel(c, pv_cmp(c, CMP_GE, s, pv_const(c, 0)), exact(w, in, env, &o[1], bits), exact(w, in, env, &o[2], bits)));
        return true;
    }
    pv_rel rel;
    bool uns;
    if (strcmp(op, "setp") || in->nparts < 3 || !relation(in->parts[1], &rel, &uns) || in->nops < 3)
        return false;
    if (fl) {
        result_data(w, in, env, "a floating-point comparison");
        return true;
    }
    bool s = sgn && !uns;
    pv *a = ptx_value(w, in, env, &o[1], bits, s), *b = ptx_value(w, in, env, &o[2], bits, s);
    pv *p = pv_cmp(c, rel, pv_wrap(c, a, bits, s), pv_wrap(c, b, bits, s)), *q = pv_not(c, p);
    if (in->nops == 4) {   /* .and .or .xor with c */
        pv *x = ptx_value(w, in, env, &o[3], 1, false);
        pv_op bop = ptx_has_part(in, "and") ? PV_LAND : ptx_has_part(in, "or") ? PV_LOR : PV_XOR;
        p = bop == PV_XOR ? pv_cmp(c, CMP_NE, p, pv_not(c, pv_not(c, x))) : pv_bin(c, bop, p, x);
        q = bop == PV_XOR ? pv_cmp(c, CMP_NE, q, pv_not(c, pv_not(c, x))) : pv_bin(c, bop, q, x);
    }
    ptx_set(w, in, env, o[0].reg, p);
    if (o[0].reg2 >= 0)
        ptx_set(w, in, env, o[0].reg2, q);
    return true;
}

/* ------------------------------------------------------------ dispatch */

/* Instructions that write no register and change nothing lds-calc
 * models: barriers, fences, the cp.async group bookkeeping, hints. */
static bool no_effect(const ptx_ins *in)
{
    static const char *const ops[] = { "bar", "barrier", "membar", "fence", "nanosleep", "pmevent", "prefetch",
                                       "prefetchu", "griddepcontrol", "setmaxnreg", "bra", "ret", "exit",
                                       "trap", "brkpt", "applypriority", "discard", "createpolicy", NULL };
    for (int i = 0; ops[i]; i++)
        if (!strcmp(in->parts[0], ops[i]))
            return strcmp(ops[i], "createpolicy") != 0;
    return false;
}

void ptx_exec(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond)
{
    if (!in->opcode)
        return;
    if (no_effect(in)) {   /* bar.red.or.pred %p, ...: a result nonetheless */
        if (in->nops && (in->ops[0].kind == OP_REG || in->ops[0].kind == OP_VEC))
            result_data(w, in, env, fw_fmt(&w->fw, "the result of '%s'", in->opcode));
        return;
    }
    if (ptx_access(w, in, env, cond))
        return;
    const char *op = in->parts[0];
    unsigned bits = 32;
    bool sgn = false, fl = false, typed = type_of(in, &bits, &sgn, &fl);
    if (bits > 64)
        typed = false;
    bool done = false;
    if (!strcmp(op, "cvt"))
        done = convert(w, in, env);
    else if (!strcmp(op, "cvta"))
        done = cvta(w, in, env);
    else if (typed && fl && strcmp(op, "mov") && strcmp(op, "setp") && strcmp(op, "selp"))
        done = false;   /* floating-point arithmetic: data below */
    else if (!strcmp(op, "mov") && typed)
        done = move(w, in, env, bits, sgn);
    else if (typed && (!strcmp(op, "setp") || !strcmp(op, "selp") || !strcmp(op, "slct")))
        done = compare(w, in, env, bits, sgn, fl);
    else if (typed)
        done = arith(w, in, env, bits, sgn) || bits_op(w, in, env, bits, sgn);
    if (!done)
        result_data(w, in, env,
                    fl ? "a floating-point value"
                       : fw_fmt(&w->fw, "the result of '%s'", in->opcode));
}

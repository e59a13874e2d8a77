/* front/ptx/access.c - memory instructions as lds accesses
 * (front/ptx/ptx_impl.h).
 *
 * A shared-memory instruction (ld/st/atom/red of .shared or .shared::cta,
 * ldmatrix, stmatrix, cp.async.ca/.cg, and a generic one whose address
 * is a shared address made generic) becomes the lds instruction of the
 * same width on the byte array its address falls in: ld.shared.v4.f32
 * tile[...], or '@ address' where it names no array.  A global one
 * (ld/st/atom/red of .global, or generic through a pointer parameter)
 * becomes 'read global bN @ (R << 40) + offset', allocation R being the
 * parameter's.  Any other instruction that touches shared memory
 * (cp.async.bulk, wgmma's descriptors, tcgen05, ld.shared::cluster, a
 * width lds does not model) is a skipped record naming it, as is an
 * access whose address or condition is data or needs a -D value not
 * given.  What a load leaves in its registers is data. */
#include "front/ptx/ptx_impl.h"

#include <stdio.h>

/* -------------------------------------------------------- the address */

static pv *address(ptx_walk *w, const ptx_ins *in, pv **env, const ptx_operand *o)
{
    if (o->kind != OP_ADDR)
        return pv_data(w->fw.pc, "an address lds-calc does not read", in->line, in->col, false);
    pv *base;
    if (o->reg >= 0) {
        base = env[o->reg] ? env[o->reg] : fw_unset(&w->fw, o->reg, (unsigned)ptx_at(w, in));
    } else if (o->sym) {
        ptx_operand s = { .kind = OP_SYM, .sym = o->sym, .reg = -1, .reg2 = -1 };
        base = ptx_value(w, in, env, &s, 64, false);
    } else {
        base = pv_const(w->fw.pc, 0);
    }
    return pv_add(w->fw.pc, base, pv_const(w->fw.pc, o->imm));
}

/* The array a shared address falls in: the one its base names. */
static const ptx_array *array_of(const ptx_walk *w, const pv *base)
{
    for (unsigned i = 0; base && i < w->narrays; i++)
        if (w->arrays[i].base == base)
            return &w->arrays[i];
    return NULL;
}

/* ----------------------------------------------------------- the forms */

static const char *space_of(const ptx_ins *in)
{
    for (unsigned i = 1; i < in->nparts; i++) {
        const char *p = in->parts[i];
        if (!strcmp(p, "shared") || !strcmp(p, "shared::cta"))
            return "shared";
        if (!strncmp(p, "shared::", 8))
            return "cluster";
        if (!strcmp(p, "global") || !strcmp(p, "local") || !strcmp(p, "const") || !strcmp(p, "param")
            || !strcmp(p, "tex"))
            return p;
    }
    return NULL;
}

static unsigned vec_of(const ptx_ins *in)
{
    for (unsigned i = 1; i < in->nparts; i++)
        if (in->parts[i][0] == 'v' && in->parts[i][1] >= '2' && in->parts[i][1] <= '8' && !in->parts[i][2])
            return (unsigned)(in->parts[i][1] - '0');
    return 1;
}

/* The element type: the instruction's last type part. */
const char *ptx_elem_type(const ptx_ins *in, unsigned *bits)
{
    bool s, f;
    for (unsigned i = in->nparts; i-- > 1;)
        if (ptx_type(in->parts[i], bits, &s, &f))
            return in->parts[i];
    *bits = 32;
    return "b32";
}

/* lds's spelling of ld/st.shared of that type and vector. */
static const char *ldst_form(ptx_walk *w, const char *op, const char *type, unsigned bits, unsigned vec)
{
    static const char *const kept[] = { "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64",
                                        "s8", "s16", "s32", "s64", "f32", "f64", NULL };
    bool ok = false;
    for (int i = 0; kept[i] && !ok; i++)
        ok = !strcmp(kept[i], type);
    unsigned total = bits * vec;
    if (vec == 1 || vec == 2 || vec == 4) {
        if (ok)
            return vec == 1 ? fw_fmt(&w->fw, "%s.shared.%s", op, type) : fw_fmt(&w->fw, "%s.shared.v%u.%s", op, vec, type);
        return vec == 1 ? fw_fmt(&w->fw, "%s.shared.b%u", op, bits) : fw_fmt(&w->fw, "%s.shared.v%u.b%u", op, vec, bits);
    }
    return fw_fmt(&w->fw, "%s.shared.b%u", op, total);
}

static const char *atom_form(ptx_walk *w, const ptx_ins *in, const char *type, unsigned bits)
{
    static const char *const ops[] = { "and", "or", "xor", "cas", "exch", "add", "inc", "dec", "min", "max", NULL };
    static const char *const types[] = { "b32", "b64", "u32", "u64", "s32", "s64", "f32", "f64",
                                         "f16", "f16x2", "bf16", "bf16x2", NULL };
    const char *op = NULL;
    for (unsigned i = 1; i < in->nparts && !op; i++)
        for (int k = 0; ops[k]; k++)
            if (!strcmp(in->parts[i], ops[k]))
                op = ops[k];
    bool ok = false;
    for (int k = 0; types[k] && !ok; k++)
        ok = !strcmp(types[k], type);
    if (!op || !ok)
        return fw_fmt(&w->fw, "atomic b%u", bits);
    return fw_fmt(&w->fw, "%s.shared.%s.%s", in->parts[0], op, type);
}

/* ldmatrix/stmatrix.sync.aligned.m8n8.xN[.trans].shared.b16, as lds
 * spells it; NULL for a shape or type lds does not model. */
static const char *matrix_form(ptx_walk *w, const ptx_ins *in)
{
    const char *x = "x1";
    bool m8n8 = false, b16 = false, trans = false;
    for (unsigned i = 1; i < in->nparts; i++) {
        const char *p = in->parts[i];
        if (!strcmp(p, "x1") || !strcmp(p, "x2") || !strcmp(p, "x4"))
            x = p;
        m8n8 |= !strcmp(p, "m8n8");
        b16 |= !strcmp(p, "b16");
        trans |= !strcmp(p, "trans");
    }
    if (!m8n8 || !b16)
        return NULL;
    return fw_fmt(&w->fw, "%s.sync.aligned.m8n8.%s%s.shared.b16", in->parts[0], x, trans ? ".trans" : "");
}

/* ------------------------------------------------------------ emitting */

typedef struct {
    const char *kind;             /* read write atomic */
    const char *form;             /* the lds instruction, or NULL: read/write/atomic bN */
    unsigned bytes;
    const char *why_not;          /* not modelled: why */
} shape;

static void shared_item(ptx_walk *w, const ptx_ins *in, pcond cond, pv *addr, const shape *s)
{
    pv *b = fw_base_term(addr, SYM_SHARED, false);
    const ptx_array *a = array_of(w, b);
    const char *name = a ? a->name : "shared";
    if (s->why_not) {
        fw_add_skip_sized(&w->fw, ptx_at(w, in), cond, s->kind, name, s->why_not, 0, 0, s->bytes, false);
        return;
    }
    unsigned line, col;
    const char *why = fw_why_not(&w->fw, cond, addr, NULL, &line, &col);
    if (why) {
        fw_add_skip_sized(&w->fw, ptx_at(w, in), cond, s->kind, name, why, line, col, s->bytes, false);
        return;
    }
    const char *target = a ? fw_fmt(&w->fw, "%s[%s]", a->name, pv_text(w->fw.pc, pv_sub(w->fw.pc, addr, b)))
                           : fw_fmt(&w->fw, "@ %s", pv_text(w->fw.pc, addr));
    const char *form = s->form ? s->form : fw_fmt(&w->fw, "%s b%u", s->kind, s->bytes * 8);
    fw_add_access(&w->fw, ptx_at(w, in), cond, s->kind, name, fw_fmt(&w->fw, "%s %s", form, target));
}

static void global_item(ptx_walk *w, const ptx_ins *in, pcond cond, pv *addr, const shape *s)
{
    pv *b = fw_base_term(addr, SYM_REGION, true);
    if (s->why_not) {
        fw_add_skip_sized(&w->fw, ptx_at(w, in), cond, s->kind, "global", s->why_not, 0, 0, s->bytes, true);
        return;
    }
    unsigned line, col;
    const char *why = fw_why_not(&w->fw, cond, addr, b, &line, &col);
    if (!why && !b)
        why = "its address is in no allocation lds-calc knows (a pointer parameter, a .global variable)";
    if (why) {
        fw_add_skip_sized(&w->fw, ptx_at(w, in), cond, s->kind, "global", why, line, col, s->bytes, true);
        return;
    }
    if (b->sym == SYM_PARAM) {   /* the parameter's allocation */
        pv *r = pv_symbol(w->fw.pc, SYM_REGION, b->text, b->index, 0, (pw)b->index << 40, (pw)b->index << 40, false);
        addr = pv_subst(w->fw.pc, addr, &b, &r, 1);
    }
    fw_add_global_access(&w->fw, ptx_at(w, in), cond, s->kind, s->bytes,
                         fw_fmt(&w->fw, "%s global b%u @ %s", s->kind, s->bytes * 8, pv_text(w->fw.pc, addr)));
}

/* Where a generic address points: shared (its window), global (an
 * allocation), or neither. */
static const char *generic_space(pv *addr, pv *window)
{
    pv *t = fw_base_term(addr, SYM_WINDOW, false);
    if (t && t == window)
        return "shared";
    if (fw_base_term(addr, SYM_REGION, true))
        return "global";
    return NULL;
}

/* ---------------------------------------------------------- dispatch */

static shape plain_shape(ptx_walk *w, const ptx_ins *in, const char *space)
{
    const char *op = in->parts[0];
    unsigned bits, vec = vec_of(in);
    const char *type = ptx_elem_type(in, &bits);
    shape s = { .kind = !strcmp(op, "st") ? "write" : !strcmp(op, "atom") || !strcmp(op, "red") ? "atomic" : "read" };
    s.bytes = bits * vec / 8;
    if (s.bytes != 1 && s.bytes != 2 && s.bytes != 4 && s.bytes != 8 && s.bytes != 16)
        s.why_not = fw_fmt(&w->fw, "'%s' moves %u bytes a thread, a width lds-calc does not model", in->opcode, s.bytes);
    else if (!strcmp(space, "shared"))
        s.form = s.kind[0] == 'a' ? atom_form(w, in, type, bits) : ldst_form(w, s.kind[0] == 'r' ? "ld" : "st", type, bits, vec);
    return s;
}

static void loaded(ptx_walk *w, const ptx_ins *in, pv **env, const char *space)
{
    ptx_set_data(w, in, env, &in->ops[0], fw_fmt(&w->fw, "loaded from %s memory", space));
}

/* ld st atom red (and ldu): by state space, a generic one by its address */
static bool plain(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond)
{
    const char *op = in->parts[0];
    bool load = !strcmp(op, "ld") || !strcmp(op, "ldu") || !strcmp(op, "atom");
    const char *space = space_of(in);
    if (space && !strcmp(space, "param") && ptx_param_load(w, in, env))
        return true;
    unsigned ai = load ? 1 : 0;
    if (in->nops <= ai)
        return false;
    if (!space || !strcmp(space, "shared") || !strcmp(space, "global")) {
        pv *addr = address(w, in, env, &in->ops[ai]);
        const char *at = space ? space : generic_space(addr, w->window);
        if (!space && at && !strcmp(at, "shared"))
            addr = pv_sub(w->fw.pc, addr, w->window);
        shape s = plain_shape(w, in, at ? at : "generic");
        if (!at) {
            unsigned line, col;
            const char *why = fw_why_not(&w->fw, cond, addr, NULL, &line, &col);
            fw_add_skip_sized(&w->fw, ptx_at(w, in), cond, s.kind, "generic",
                         why ? why : "its generic address is neither a shared array's nor an allocation's lds-calc knows",
                         line, col, s.bytes, false);
        } else if (!strcmp(at, "shared")) {
            shared_item(w, in, cond, addr, &s);
        } else {
            global_item(w, in, cond, addr, &s);
        }
        space = at ? at : "generic";
    } else if (!strcmp(space, "cluster")) {
        shape s = plain_shape(w, in, space);
        const ptx_array *a = array_of(w, fw_base_term(address(w, in, env, &in->ops[ai]), SYM_SHARED, false));
        fw_add_skip_sized(&w->fw, ptx_at(w, in), cond, s.kind, a ? a->name : "shared",
                     fw_fmt(&w->fw, "'%s' reaches the shared memory of the cluster's blocks (.shared::cluster), which "
                                "lds-calc does not model", in->opcode), 0, 0, s.bytes, false);
        space = "distributed shared";
    }
    if (load)
        loaded(w, in, env, space);
    return true;
}

static bool matrix(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond)
{
    bool load = !strcmp(in->parts[0], "ldmatrix");
    unsigned ai = load ? 1 : 0;
    if (in->nops <= ai)
        return false;
    pv *addr = address(w, in, env, &in->ops[ai]);
    if (!space_of(in) && generic_space(addr, w->window))
        addr = pv_sub(w->fw.pc, addr, w->window);
    shape s = { .kind = load ? "read" : "write", .form = matrix_form(w, in), .bytes = 16 };
    if (!s.form)
        s.why_not = fw_fmt(&w->fw, "'%s' is a shape lds-calc does not model (it models m8n8 .b16)", in->opcode);
    shared_item(w, in, cond, addr, &s);
    if (load)
        loaded(w, in, env, "shared");
    return true;
}

/* cp.async.ca/.cg: the shared side; the group bookkeeping does nothing;
 * bulk copies are skipped records. */
static bool copy(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond)
{
    if (in->nparts < 3 || strcmp(in->parts[1], "async"))
        return false;
    const char *p = in->parts[2];
    if (!strcmp(p, "commit_group") || !strcmp(p, "wait_group") || !strcmp(p, "wait_all") || !strcmp(p, "mbarrier"))
        return true;
    if ((!strcmp(p, "ca") || !strcmp(p, "cg")) && in->nops >= 3) {
        pv *addr = address(w, in, env, &in->ops[0]);
        shape s = { .kind = "write", .bytes = in->ops[2].kind == OP_IMM ? (unsigned)in->ops[2].imm : 0 };
        if (s.bytes != 4 && s.bytes != 8 && s.bytes != 16)
            s.why_not = fw_fmt(&w->fw, "'%s' copies a size lds-calc cannot read (4, 8 or 16 bytes)", in->opcode);
        else
            s.form = fw_fmt(&w->fw, "cp.async.%s.shared.global b%u", p, s.bytes * 8);
        shared_item(w, in, cond, addr, &s);
        return true;
    }
    return false;
}

/* Instructions that reach shared memory in ways lds-calc does not model:
 * a record saying so, by name. */
static bool unmodelled(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond)
{
    const char *op = in->parts[0];
    bool shared = false, global_dst = false, first_space = true;
    for (unsigned i = 1; i < in->nparts; i++) {
        const char *p = in->parts[i];
        if (!strncmp(p, "shared", 6)) {
            shared = true;
            first_space = false;
        } else if (!strcmp(p, "global") && first_space) {
            global_dst = true;
            first_space = false;
        }
    }
    bool descriptors = (!strcmp(op, "wgmma") && ptx_has_part(in, "mma_async"))
                       || (!strcmp(op, "tcgen05") && (ptx_has_part(in, "mma") || ptx_has_part(in, "cp")));
    /* address arithmetic, hints and barriers name shared memory but reach none of it */
    static const char *const no_access[] = { "mbarrier", "cvta", "isspacep", "mapa", "getctarank", "prefetch",
                                             "prefetchu", "fence", "membar", "applypriority", "createpolicy", NULL };
    for (int i = 0; no_access[i]; i++)
        if (!strcmp(op, no_access[i]))
            return false;
    if (!shared && !descriptors)
        return false;
    const char *kind = descriptors ? "read"
                       : !strcmp(op, "atom") || !strncmp(op, "red", 3) ? "atomic"
                       : (!strncmp(op, "st", 2) || !strcmp(op, "cp")) && !global_dst ? "write"
                                                                                       : "read";
    const char *why = descriptors ? fw_fmt(&w->fw, "'%s' reads its operands from shared memory through matrix descriptors, "
                                               "which lds-calc does not model", in->opcode)
                                  : fw_fmt(&w->fw, "lds-calc does not model '%s'", in->opcode);
    const char *name = "shared";
    for (unsigned o = 0; o < in->nops && !strcmp(name, "shared"); o++)   /* the array its address names */
        if (in->ops[o].kind == OP_ADDR) {
            const ptx_array *a = array_of(w, fw_base_term(address(w, in, env, &in->ops[o]), SYM_SHARED, false));
            if (a)
                name = a->name;
        }
    fw_add_skip(&w->fw, ptx_at(w, in), cond, kind, name, why, 0, 0);
    if (in->nops && in->ops[0].kind != OP_ADDR)
        ptx_set_data(w, in, env, &in->ops[0], fw_fmt(&w->fw, "the result of '%s'", in->opcode));
    return true;
}

/* Whether f (or a function it calls, to a depth) reaches memory lds-calc
 * counts: shared or global, or a generic address. */
static bool touches_memory(const ptx_module *m, const ptx_func *f, unsigned depth)
{
    static const char *const ops[] = { "ld", "ldu", "st", "atom", "red", "ldmatrix", "stmatrix", "cp", "wgmma",
                                       "tcgen05", NULL };
    for (unsigned i = 0; f && i < f->nins; i++) {
        const ptx_ins *in = &f->ins[i];
        if (!in->opcode)
            continue;
        const char *space = space_of(in);
        for (int k = 0; ops[k]; k++)
            if (!strcmp(in->parts[0], ops[k]) && (!space || strcmp(space, "param")) && (!space || strcmp(space, "local"))
                && (!space || strcmp(space, "const")))
                return true;
        if (!strcmp(in->parts[0], "call") && depth < 8)
            for (unsigned o = 0; o < in->nops; o++)
                if (in->ops[o].kind == OP_SYM)
                    for (const ptx_func *g = m->funcs; g; g = g->next)
                        if (g->defined && !strcmp(g->name, in->ops[o].sym) && touches_memory(m, g, depth + 1))
                            return true;
    }
    return false;
}

/* A call nvcc did not inline: its results are data, and where the
 * function it calls reaches memory, a record says its accesses are not
 * counted. */
static bool call(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond)
{
    const char *callee = NULL;
    for (unsigned o = 0; o < in->nops && !callee; o++) {
        if (in->ops[o].kind == OP_SYM) {
            callee = in->ops[o].sym;
        } else if (in->ops[o].kind == OP_REG) {   /* through a function pointer: what it reaches is unknown */
            fw_add_skip(&w->fw, ptx_at(w, in), cond, "read", "call",
                         fw_fmt(&w->fw, "the function it calls through %s is not followed", fw_reg_name(&w->fw, in->ops[o].reg)),
                         0, 0);
            break;
        }
    }
    for (const ptx_func *g = w->m->funcs; callee && g; g = g->next)
        if (g->defined && !strcmp(g->name, callee) && touches_memory(w->m, g, 0)) {
            fw_add_skip(&w->fw, ptx_at(w, in), cond, "read", "call",
                         fw_fmt(&w->fw, "the function '%s' it calls is not followed (lds-calc reads the kernel's own body; "
                                    "nvcc inlines what __forceinline__ marks)", callee),
                         0, 0);
            break;
        }
    if (in->nops && in->ops[0].kind == OP_VEC)
        ptx_set_data(w, in, env, &in->ops[0], fw_fmt(&w->fw, "returned by '%s'", callee ? callee : "a call"));
    return true;
}

bool ptx_access(ptx_walk *w, const ptx_ins *in, pv **env, pcond cond)
{
    const char *op = in->parts[0];
    pcond c = cond;
    if (in->guarded) {
        pv *g = env[in->guard] ? env[in->guard] : fw_unset(&w->fw, in->guard, (unsigned)ptx_at(w, in));
        c = pc_and(w->fw.pc, cond, pc_lit1(w->fw.pc, g, in->guard_neg));
    }
    if (!strcmp(op, "ld") || !strcmp(op, "ldu") || !strcmp(op, "st") || !strcmp(op, "atom") || !strcmp(op, "red"))
        return plain(w, in, env, c);
    if (!strcmp(op, "ldmatrix") || !strcmp(op, "stmatrix"))
        return matrix(w, in, env, c);
    if (!strcmp(op, "cp") && copy(w, in, env, c))
        return true;
    if (!strcmp(op, "call"))
        return call(w, in, env, c);
    return unmodelled(w, in, env, c);
}

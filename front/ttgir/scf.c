/* front/ttgir/scf.c - the scalars of a TTGIR function and its scf loops
 * (front/ttgir/ttgir_impl.h).
 *
 * A scalar (i1, i32, i64, index) is the same for every thread of a
 * Triton program.  Each is followed as a number where its operands are
 * numbers (arith.constant, a kernel argument -D gives), as an lds
 * expression where it depends on the trips of the loops around it (an
 * scf.for's induction variable is LB + STEP * trip), or not at all (a
 * value read from memory, tt.get_program_id, an argument no -D gives:
 * then the name it needs).
 *
 * An scf.for's iter_args are what one trip hands the next: Triton's
 * pipeliner carries in them the buffer a stage reads and writes, a count
 * rotated modulo the number of buffers.  Where the trips are a known
 * number, the loop's scalar ops are run trip by trip (a memdesc stands
 * for its buffer index: ttg.memdesc_index gives it, views keep it), and
 * each iter_arg's values are written as an expression of the trip: the
 * same every trip, LB + D * trip, or periodic (after at most one first
 * trip of its own).  Every trip is checked against the expression; one
 * that fits none is not followed, and what uses it says so. */
#include "front/ttgir/ttgir_impl.h"

#include <ctype.h>
#include <stdlib.h>

/* The most trips run to follow iter_args, the most steps (trips x the
 * body's ops and values) and values kept (/ 4) that takes, and the
 * values kept to fit: past them the iter_args are not followed. */
#define TG_MAX_TRIPS_RUN (1u << 22)
#define TG_MAX_SIM_WORK (UINT64_C(1) << 26)
#define TG_FIT_KEEP 130
#define TG_MAX_PERIOD 64
/* An expression longer than this is not followed (selects of selects). */
#define TG_MAX_TEXT 1500

static const char *blanks(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    return p;
}

static const char *ssa_end(const char *p, const char *end)
{
    while (p < end && (isalnum((unsigned char)*p) || strchr("_#$.-", *p)))
        p++;
    return p;
}

static const char *scalar_key(const void *entry)
{
    return ((const tg_scalar *)entry)->ssa;
}

const tg_scalar *tg_scalar_of(const tg_scalars *s, const char *ssa)
{
    return ssa ? lds_strset_find(&s->set, ssa) : NULL;
}

void tg_scalar_set(tg_scalars *s, const tg_scalar *v)
{
    LDS_ASSERT(s->set.arena != NULL);   /* its entries live in the module's arena */
    tg_scalar *e = lds_arena_alloc(s->set.arena, sizeof *e);
    *e = *v;
    s->set.key_of = scalar_key;
    lds_strset_put(&s->set, e);
}

static bool scalar_type(const char *p, const char *end)
{
    p = blanks(p, end);
    return (size_t)(end - p) >= 2 && (((*p == 'i') && isdigit((unsigned char)p[1])) || !strncmp(p, "index", 5));
}

void tg_scalar_args(const tg_module *m, tg_scalars *s, const char *p, const char *end, csrc_define *defs,
                    unsigned ndefs)
{
    const char *open = memchr(p, '(', (size_t)(end - p));
    for (const char *q = open; q && q < end; q++) {
        if (*q != '%')
            continue;
        const char *e = ssa_end(q + 1, end);
        if (e >= end || *e != ':' || !scalar_type(e + 1, end)) {
            q = e;
            continue;
        }
        tg_scalar v = { .ssa = lds_arena_strndup(m->arena, q, (size_t)(e - q)) };
        v.needs = v.ssa + 1;
        for (unsigned i = 0; i < ndefs && v.needs; i++)
            if (defs[i].name && !strcmp(defs[i].name, v.needs) && !defs[i].type && !defs[i].wide) {
                v.known = defs[i].has_value;   /* a sweep (-D K=32..129:32): the name, run by run */
                v.num = defs[i].value;
                v.text = v.known ? NULL : defs[i].name;
                v.needs = NULL;
                defs[i].used = true;
            }
        tg_scalar_set(s, &v);
        q = e;
    }
}

/* ------------------------------------------------------------ arith */

typedef enum {
    TA_CONST, TA_COPY, TA_ADD, TA_SUB, TA_MUL, TA_DIVS, TA_REMS, TA_AND, TA_OR, TA_XOR, TA_SHL, TA_SHRS, TA_MAXS,
    TA_MINS, TA_CEILDIVS, TA_FLOORDIVS, TA_CMP, TA_SELECT, TA_UNSIGNED
} ta_kind;

static const struct { const char *name; ta_kind kind; const char *sym; } arith_ops[] = {
    { "arith.constant", TA_CONST, NULL }, { "arith.addi", TA_ADD, "+" }, { "arith.subi", TA_SUB, "-" },
    { "arith.muli", TA_MUL, "*" }, { "arith.divsi", TA_DIVS, "/" }, { "arith.remsi", TA_REMS, "%" },
    { "arith.andi", TA_AND, "&" }, { "arith.ori", TA_OR, "|" }, { "arith.xori", TA_XOR, "^" },
    { "arith.shli", TA_SHL, "<<" }, { "arith.shrsi", TA_SHRS, ">>" }, { "arith.maxsi", TA_MAXS, NULL },
    { "arith.minsi", TA_MINS, NULL }, { "arith.ceildivsi", TA_CEILDIVS, NULL },
    { "arith.floordivsi", TA_FLOORDIVS, NULL }, { "arith.cmpi", TA_CMP, NULL }, { "arith.select", TA_SELECT, NULL },
    { "arith.extsi", TA_COPY, NULL }, { "arith.index_cast", TA_COPY, NULL }, { "arith.trunci", TA_COPY, NULL },
    { "arith.extui", TA_UNSIGNED, NULL }, { "arith.index_castui", TA_UNSIGNED, NULL },
    { "arith.divui", TA_UNSIGNED, NULL }, { "arith.remui", TA_UNSIGNED, NULL }, { "arith.shrui", TA_UNSIGNED, NULL },
    { "arith.maxui", TA_UNSIGNED, NULL }, { "arith.minui", TA_UNSIGNED, NULL },
    /* memdesc views, in a loop's run: the buffer index they stand for */
    { "ttg.memdesc_subslice", TA_COPY, NULL }, { "ttg.memdesc_trans", TA_COPY, NULL },
    { "ttg.memdesc_reinterpret", TA_COPY, NULL },
};

static const char *const cmp_names[] = { "eq", "ne", "slt", "sle", "sgt", "sge", NULL };
static const char *const cmp_syms[] = { "==", "!=", "<", "<=", ">", ">=" };

/* One scalar op read: its kind, operands (arena), result width. */
typedef struct {
    ta_kind kind;
    const char *sym;
    int cmp;                      /* TA_CMP: its predicate in cmp_names, -1 unsigned */
    unsigned nargs;
    const char *arg[3];
    unsigned bits;                /* 1, 32, 64 (index: 64), 0 unknown */
    int64_t imm;                  /* TA_CONST */
} ta_op;

static unsigned type_bits(const char *p, const char *end)
{
    p = blanks(p, end);
    if ((size_t)(end - p) >= 5 && !strncmp(p, "index", 5))
        return 64;
    if (p < end && *p == 'i' && p + 1 < end && isdigit((unsigned char)p[1]))
        return (unsigned)strtoul(p + 1, NULL, 10);
    return 0;
}

/* The op [args, end) after the name `op`: false if it is no scalar op. */
static bool ta_read(const tg_module *m, const char *op, const char *args, const char *end, ta_op *o)
{
    memset(o, 0, sizeof *o);
    size_t i = 0, n = sizeof arith_ops / sizeof arith_ops[0];
    while (i < n && strcmp(op, arith_ops[i].name))
        i++;
    if (i == n)
        return false;
    o->kind = arith_ops[i].kind;
    o->sym = arith_ops[i].sym;
    const char *p = blanks(args, end), *colon = NULL;
    for (const char *q = p; q < end && !colon; q++)
        if (*q == ':' || (*q == 'l' && !strncmp(q, "loc(", 4)))
            colon = *q == ':' ? q : end;
    if (!colon || colon == end)
        return false;
    const char *to = NULL;
    for (const char *q = colon; q + 4 < end && !to; q++)
        if (!strncmp(q, " to ", 4))
            to = q + 4;
    o->bits = strncmp(op, "ttg.memdesc", 11) ? type_bits(to ? to : colon + 1, end) : 64;
    if (!o->bits)
        return false;   /* a tensor, a float: no scalar the reader follows */
    if (o->kind == TA_CONST) {
        char *e;
        o->imm = !strncmp(p, "true", 4) ? 1 : !strncmp(p, "false", 5) ? 0 : strtoll(p, &e, 10);
        return strncmp(p, "true", 4) && strncmp(p, "false", 5) ? e != p : true;
    }
    if (o->kind == TA_CMP) {
        o->cmp = -1;
        for (int k = 0; cmp_names[k]; k++)
            if (!strncmp(p, cmp_names[k], strlen(cmp_names[k])) && p[strlen(cmp_names[k])] == ',')
                o->cmp = k;
        p = memchr(p, ',', (size_t)(colon - p));
        if (!p)
            return false;
        p++;
    }
    while (p < colon && o->nargs < 3) {
        p = blanks(p, colon);
        if (p >= colon || *p != '%')
            break;
        const char *e = ssa_end(p + 1, colon);
        o->arg[o->nargs++] = lds_arena_strndup(m->arena, p, (size_t)(e - p));
        p = blanks(e, colon);
        if (p < colon && *p == '[')   /* ttg.memdesc_subslice %m[0, 16]: the memdesc alone */
            break;
        if (p < colon && *p == ',')
            p++;
    }
    return o->nargs == (o->kind == TA_SELECT ? 3u : o->kind == TA_COPY || o->kind == TA_UNSIGNED ? 1u : 2u);
}

static int64_t wrap(int64_t v, unsigned bits)
{
    if (bits == 1)
        return v & 1;
    if (bits >= 64)
        return v;
    uint64_t mask = (UINT64_C(1) << bits) - 1, u = (uint64_t)v & mask;
    return (u >> (bits - 1)) & 1 ? (int64_t)(u | ~mask) : (int64_t)u;
}

/* The op on numbers: false where it is not defined (a division by 0, an
 * unsigned op, a shift out of range). */
static bool ta_num(const ta_op *o, const int64_t *a, int64_t *out)
{
    int64_t r;
    switch (o->kind) {
    case TA_CONST: r = o->imm; break;
    case TA_COPY: r = a[0]; break;
    case TA_ADD: r = (int64_t)((uint64_t)a[0] + (uint64_t)a[1]); break;
    case TA_SUB: r = (int64_t)((uint64_t)a[0] - (uint64_t)a[1]); break;
    case TA_MUL: r = (int64_t)((uint64_t)a[0] * (uint64_t)a[1]); break;
    case TA_AND: r = a[0] & a[1]; break;
    case TA_OR: r = a[0] | a[1]; break;
    case TA_XOR: r = a[0] ^ a[1]; break;
    case TA_MAXS: r = a[0] > a[1] ? a[0] : a[1]; break;
    case TA_MINS: r = a[0] < a[1] ? a[0] : a[1]; break;
    case TA_SELECT: r = a[0] ? a[1] : a[2]; break;
    case TA_SHL:
    case TA_SHRS:
        if (a[1] < 0 || a[1] >= (int64_t)o->bits)
            return false;
        r = o->kind == TA_SHL ? (int64_t)((uint64_t)a[0] << a[1]) : a[0] >> a[1];
        break;
    case TA_DIVS:
    case TA_REMS:
    case TA_CEILDIVS:
    case TA_FLOORDIVS:
        if (!a[1] || (a[0] == INT64_MIN && a[1] == -1))
            return false;
        r = o->kind == TA_REMS ? a[0] % a[1] : a[0] / a[1];
        if (o->kind != TA_DIVS && o->kind != TA_REMS && a[0] % a[1] && ((a[0] < 0) != (a[1] < 0)) == (o->kind == TA_FLOORDIVS))
            r += o->kind == TA_FLOORDIVS ? -1 : 1;
        break;
    case TA_CMP: {
        if (o->cmp < 0)
            return false;
        bool c[] = { a[0] == a[1], a[0] != a[1], a[0] < a[1], a[0] <= a[1], a[0] > a[1], a[0] >= a[1] };
        r = c[o->cmp];
        break;
    }
    default: return false;
    }
    *out = wrap(r, o->bits);
    return true;
}

/* The op as lds text of its operands' texts t[] (C's operators are the
 * lds language's): NULL where it has none (unsigned ops, wide results). */
static const char *ta_text(const tg_module *m, const ta_op *o, const char *const *t)
{
    const char *r = NULL;
    switch (o->kind) {
    case TA_COPY: r = t[0]; break;
    case TA_SELECT: r = tg_fmt(m, "(%s ? %s : %s)", t[0], t[1], t[2]); break;
    case TA_MAXS: r = tg_fmt(m, "max(%s, %s)", t[0], t[1]); break;
    case TA_MINS: r = tg_fmt(m, "min(%s, %s)", t[0], t[1]); break;
    case TA_CMP: r = o->cmp < 0 ? NULL : tg_fmt(m, "(%s %s %s)", t[0], cmp_syms[o->cmp], t[1]); break;
    case TA_CEILDIVS:
    case TA_FLOORDIVS: r = NULL; break;   /* C's division truncates */
    default: r = o->sym ? tg_fmt(m, "(%s %s %s)", t[0], o->sym, t[1]) : NULL; break;
    }
    return r && strlen(r) <= TG_MAX_TEXT ? r : NULL;
}

bool tg_scalar_op(const tg_module *m, tg_scalars *s, const char *res, const char *op, const char *args,
                  const char *end)
{
    ta_op o;
    if (!res || strncmp(op, "arith.", 6) || !ta_read(m, op, args, end, &o))
        return false;
    if (tg_scalar_of(s, res))
        return true;   /* its loop followed it trip by trip (SSA: one definition) */
    tg_scalar v = { .ssa = res, .known = true };
    int64_t num[3] = { 0 };
    const char *text[3] = { NULL };
    bool texts = true;
    for (unsigned i = 0; i < o.nargs; i++) {
        const tg_scalar *a = tg_scalar_of(s, o.arg[i]);
        if (!a || !a->known)
            v.known = false;
        if (a && !a->known && !a->text && a->needs && !v.needs)
            v.needs = a->needs;
        if (a && (a->known || a->text)) {
            num[i] = a->num;
            text[i] = a->known ? tg_fmt(m, "%lld", (long long)a->num) : a->text;
        } else
            texts = false;
    }
    if (v.known)
        v.known = ta_num(&o, num, &v.num);
    else if (texts)
        v.text = ta_text(m, &o, text);
    if (v.known || v.text)
        v.needs = NULL;
    tg_scalar_set(s, &v);
    return true;
}

/* ------------------------------------------------------------ loops */

/* The value of an operand of the scf.for line: a number, an expression,
 * or not followed. */
static tg_scalar operand(const tg_module *m, const tg_scalars *s, const char *p, const char *end, const char **next)
{
    p = blanks(p, end);
    tg_scalar v = { 0 };
    if (p < end && *p == '%') {
        const char *e = ssa_end(p + 1, end);
        const tg_scalar *a = tg_scalar_of(s, lds_arena_strndup(m->arena, p, (size_t)(e - p)));
        if (a)
            v = *a;
        *next = e;
    } else {
        char *e;
        v.num = strtoll(p, &e, 10);
        v.known = e != p;
        *next = e;
    }
    return v;
}

static const char *text_of(const tg_module *m, const tg_scalar *v)
{
    return v->known ? tg_fmt(m, "%lld", (long long)v->num) : v->text;
}

/* The trips: known, an expression of outer trips, or why not. */
static void trips_of(const tg_module *m, tg_loop *l)
{
    const tg_scalar *b[] = { &l->lb, &l->ub, &l->step };
    for (int i = 0; i < 3; i++)
        if (!b[i]->known && !b[i]->text) {
            l->needs = b[i]->needs;
            l->why = b[i]->needs ? tg_fmt(m, "it is in the scf.for of %s, whose trip count needs '%s' (give its value "
                                          "with -D %s=VALUE)", l->iv, b[i]->needs, b[i]->needs)
                                 : tg_fmt(m, "it is in the scf.for of %s, whose bounds are values the TTGIR reader "
                                          "does not follow", l->iv);
            return;
        }
    if (!l->step.known || l->step.num <= 0) {
        l->why = tg_fmt(m, "it is in the scf.for of %s, whose step is not a positive number the TTGIR reader knows",
                        l->iv);
        return;
    }
    if (l->lb.known && l->ub.known) {
        l->trips_known = true;
        l->trips = l->ub.num > l->lb.num ? (l->ub.num - l->lb.num + l->step.num - 1) / l->step.num : 0;
        return;
    }
    l->trips_text = tg_fmt(m, "max(0, (%s - %s + %lld) / %lld)", text_of(m, &l->ub), text_of(m, &l->lb),
                           (long long)l->step.num - 1, (long long)l->step.num);
}

/* iter_args(%a = %b, ...) */
static void loop_args(const tg_module *m, const char *p, const char *end, tg_loop *l)
{
    const char *a = NULL;
    for (const char *q = p; q + 10 <= end && !a; q++)
        if (!strncmp(q, "iter_args(", 10))
            a = q + 10;
    unsigned cap = 0;
    for (const char *q = a; q && q < end && *q != ')';) {
        q = blanks(q, end);
        if (q >= end || *q != '%')
            break;
        const char *e = ssa_end(q + 1, end);
        const char *x = lds_arena_strndup(m->arena, q, (size_t)(e - q));
        q = blanks(e, end);
        if (q >= end || *q != '=')
            break;
        q = blanks(q + 1, end);
        e = ssa_end(q + 1, end);
        if (q >= end || *q != '%')
            break;
        if (l->nargs == cap) {
            cap = cap ? 2 * cap : 16;
            const char **na = lds_arena_alloc(m->arena, cap * sizeof *na), **ni = lds_arena_alloc(m->arena, cap * sizeof *ni);
            if (l->nargs) {
                memcpy(na, l->arg, l->nargs * sizeof *na);
                memcpy(ni, l->init, l->nargs * sizeof *ni);
            }
            l->arg = na;
            l->init = ni;
        }
        l->arg[l->nargs] = x;
        l->init[l->nargs++] = lds_arena_strndup(m->arena, q, (size_t)(e - q));
        q = blanks(e, end);
        if (q < end && *q == ',')
            q++;
    }
}

/* ------------------------------------------------ following iter_args */

/* The loop's body as a program of scalar ops on slots: slot 0 is the
 * induction variable, 1..nargs the iter_args, then the outer values and
 * the body's results.  An op whose operand is no slot gives "unknown". */
typedef struct {
    ta_op o;
    int res, arg[3];              /* slots; -1: not followed */
} sim_op;

typedef struct {
    const char *name;
    int slot;
} sim_name;

static const char *sim_name_key(const void *entry)
{
    return ((const sim_name *)entry)->name;
}

typedef struct {
    const tg_module *m;
    lds_strset index;             /* SSA name -> its slot (arena'd sim_name) */
    const char **names;           /* slot -> SSA name */
    int64_t *val;
    bool *known;
    bool *body;                   /* an iter_arg or a result of the body: its values are fitted */
    unsigned nslots, capslots;
    sim_op *ops;
    unsigned nops, capops;
    int *yield;                   /* per iter_arg: the slot scf.yield hands it, -1 none */
} sim;

static int slot_of(sim *S, const char *ssa)
{
    const sim_name *e = lds_strset_find(&S->index, ssa);
    return e ? e->slot : -1;
}

static int new_slot(sim *S, const char *ssa, bool known, int64_t v)
{
    if (S->nslots == S->capslots) {
        S->capslots = S->capslots ? 2 * S->capslots : 64;
        S->names = lds_xreallocarray(S->names, S->capslots, sizeof *S->names);
        S->val = lds_xreallocarray(S->val, S->capslots, sizeof *S->val);
        S->known = lds_xreallocarray(S->known, S->capslots, sizeof *S->known);
        S->body = lds_xreallocarray(S->body, S->capslots, sizeof *S->body);
    }
    S->body[S->nslots] = false;
    sim_name *e = lds_arena_alloc(S->m->arena, sizeof *e);
    *e = (sim_name){ ssa, (int)S->nslots };
    lds_strset_put(&S->index, e);
    S->names[S->nslots] = ssa;
    S->val[S->nslots] = v;
    S->known[S->nslots] = known;
    return (int)S->nslots++;
}

/* An operand's slot: the body's, or an outer number (a slot of its own). */
static int operand_slot(sim *S, const tg_scalars *s, const char *ssa, tg_buffer_of buffer_of, void *ctx)
{
    int k = slot_of(S, ssa);
    if (k >= 0)
        return k;
    const tg_scalar *v = tg_scalar_of(s, ssa);
    int64_t b;
    if (v && v->known)
        return new_slot(S, ssa, true, v->num);
    if (!v && buffer_of && buffer_of(ctx, ssa, &b))
        return new_slot(S, ssa, true, b);
    return -1;
}

static void add_op(sim *S, const sim_op *op)
{
    if (S->nops == S->capops) {
        S->capops = S->capops ? 2 * S->capops : 64;
        S->ops = lds_xreallocarray(S->ops, S->capops, sizeof *S->ops);
    }
    S->ops[S->nops++] = *op;
}

/* ttg.memdesc_index %m[%i]: the buffer %i, where %m is a whole
 * multi-buffered allocation (an outer memdesc with no buffer of its own). */
static bool memdesc_index(sim *S, const tg_scalars *s, const char *args, const char *end, sim_op *op,
                          tg_buffer_of buffer_of, void *ctx)
{
    const char *p = blanks(args, end), *e = ssa_end(p + 1, end);
    const char *b = memchr(p, '[', (size_t)(end - p));
    if (*p != '%' || !b)
        return false;
    int64_t whole;
    const char *mem = lds_arena_strndup(S->m->arena, p, (size_t)(e - p));
    if (slot_of(S, mem) >= 0 || (buffer_of && buffer_of(ctx, mem, &whole)))
        return false;   /* a view that is itself one buffer: not the pipeliner's index */
    const char *q = blanks(b + 1, end);
    if (q >= end || *q != '%')
        return false;
    e = ssa_end(q + 1, end);
    op->o = (ta_op){ .kind = TA_COPY, .nargs = 1, .bits = 64 };
    op->arg[0] = operand_slot(S, s, lds_arena_strndup(S->m->arena, q, (size_t)(e - q)), buffer_of, ctx);
    return true;
}

/* One body line into the program; scf.yield fills S->yield.  depth: of
 * the regions inside the body (their ops are not followed: their
 * results are unknown). */
static void sim_line(sim *S, const tg_scalars *s, const tg_loop *l, const char *p, const char *end,
                     tg_buffer_of buffer_of, void *ctx)
{
    p = blanks(p, end);
    const char *res = NULL;
    if (p < end && *p == '%') {
        const char *e = ssa_end(p + 1, end);
        res = lds_arena_strndup(S->m->arena, p, (size_t)(e - p));
        const char *eq = memchr(e, '=', (size_t)(end - e));
        if (!eq)
            return;
        p = blanks(eq + 1, end);
    }
    const char *o = p;
    while (p < end && (isalnum((unsigned char)*p) || *p == '_' || *p == '.'))
        p++;
    const char *op = lds_arena_strndup(S->m->arena, o, (size_t)(p - o));
    if (!strcmp(op, "scf.yield")) {
        for (unsigned i = 0; i < l->nargs; i++) {
            p = blanks(p, end);
            if (p >= end || *p != '%')
                break;
            const char *e = ssa_end(p + 1, end);
            S->yield[i] = slot_of(S, lds_arena_strndup(S->m->arena, p, (size_t)(e - p)));
            p = blanks(e, end);
            if (p < end && *p == ',')
                p++;
        }
        return;
    }
    if (!res)
        return;
    sim_op so = { .res = -1, .arg = { -1, -1, -1 } };
    bool ok = !strcmp(op, "ttg.memdesc_index") ? memdesc_index(S, s, p, end, &so, buffer_of, ctx)
                                               : ta_read(S->m, op, p, end, &so.o);
    for (unsigned i = 0; ok && so.o.kind != TA_CONST && i < so.o.nargs && strcmp(op, "ttg.memdesc_index"); i++)
        so.arg[i] = operand_slot(S, s, so.o.arg[i], buffer_of, ctx);
    so.res = new_slot(S, res, false, 0);
    S->body[so.res] = strncmp(op, "ttg.memdesc", 11) != 0;   /* a view's buffer is its iter_arg's */
    if (ok)
        add_op(S, &so);
}

/* A fit of an iter_arg's values: t -> its value. */
typedef struct {
    enum { FIT_NONE, FIT_AFFINE, FIT_PERIODIC } kind;
    int64_t a, d;                 /* affine: a + d t */
    unsigned pre, period;         /* periodic: tab[(t - pre) % period] for t >= pre, first[t] before */
    int64_t first, tab[TG_MAX_PERIOD];
} fit;

static int64_t fit_at(const fit *F, uint64_t t)
{
    if (F->kind == FIT_AFFINE)
        return (int64_t)((uint64_t)F->a + (uint64_t)F->d * t);
    return t < F->pre ? F->first : F->tab[(t - F->pre) % F->period];
}

/* The simplest fit of the n values kept (every one of them known). */
static fit fit_find(const int64_t *v, unsigned n)
{
    fit F = { .kind = FIT_AFFINE, .a = v[0], .d = n > 1 ? (int64_t)((uint64_t)v[1] - (uint64_t)v[0]) : 0 };
    unsigned t = 0;
    while (t < n && v[t] == fit_at(&F, t))
        t++;
    if (t == n)
        return F;
    for (unsigned p = 1; p <= TG_MAX_PERIOD; p++)
        for (unsigned pre = 0; pre <= 1 && pre + p <= n; pre++) {
            F = (fit){ .kind = FIT_PERIODIC, .pre = pre, .period = p, .first = v[0] };
            for (unsigned k = 0; k < p; k++)
                F.tab[k] = v[pre + k];
            for (t = 0; t < n && v[t] == fit_at(&F, t); t++) {}
            if (t == n)
                return F;
        }
    return (fit){ .kind = FIT_NONE };
}

/* The fit as lds text of the trip variable. */
static const char *fit_text(const tg_module *m, const fit *F, const char *trip)
{
    if (F->kind == FIT_AFFINE)
        return F->d ? tg_fmt(m, "(%lld + %lld * %s)", (long long)F->a, (long long)F->d, trip) : NULL;
    const char *t = F->pre ? tg_fmt(m, "(%s - %u)", trip, F->pre) : trip;
    bool rotation = true;   /* tab[k] = (tab[0] + k) % period */
    for (unsigned k = 0; k < F->period; k++)
        rotation = rotation && F->tab[0] >= 0 && F->tab[k] == (F->tab[0] + (int64_t)k) % (int64_t)F->period;
    const char *r;
    if (F->period == 1)
        r = tg_fmt(m, "%lld", (long long)F->tab[0]);
    else if (rotation)
        r = F->tab[0] ? tg_fmt(m, "((%s + %lld) %% %u)", t, (long long)F->tab[0], F->period)
                      : tg_fmt(m, "(%s %% %u)", t, F->period);
    else {
        r = tg_fmt(m, "%lld", (long long)F->tab[F->period - 1]);
        for (unsigned k = F->period - 1; k-- > 0;)
            r = tg_fmt(m, "(%s %% %u == %u ? %lld : %s)", t, F->period, k, (long long)F->tab[k], r);
    }
    return F->pre ? tg_fmt(m, "(%s == 0 ? %lld : %s)", trip, (long long)F->first, r) : r;
}

/* One trip of the program: its ops in order, then the iter_args take
 * what scf.yield hands them. */
static void sim_trip(sim *S, const tg_loop *l, uint64_t t, int64_t *next, bool *next_known)
{
    S->val[0] = (int64_t)((uint64_t)l->lb.num + (uint64_t)l->step.num * t);
    S->known[0] = true;
    for (unsigned k = 0; k < S->nops; k++) {
        const sim_op *o = &S->ops[k];
        int64_t a[3] = { 0 };
        bool ok = true;
        for (unsigned j = 0; j < o->o.nargs && o->o.kind != TA_CONST; j++) {
            ok = ok && o->arg[j] >= 0 && S->known[o->arg[j]];
            a[j] = ok ? S->val[o->arg[j]] : 0;
        }
        S->known[o->res] = ok && ta_num(&o->o, a, &S->val[o->res]);
    }
    for (unsigned i = 0; i < l->nargs; i++) {
        next_known[i] = S->yield[i] >= 0 && S->known[S->yield[i]];
        next[i] = next_known[i] ? S->val[S->yield[i]] : 0;
    }
    for (unsigned i = 0; i < l->nargs; i++) {
        S->val[1 + i] = next[i];
        S->known[1 + i] = next_known[i];
    }
}

/* Run the program trip by trip, fitting the values of each iter_arg
 * and body result (as they are during the trip: an iter_arg at its
 * start); every trip checks the fit. */
static void sim_run(sim *S, tg_loop *l)
{
    unsigned n = S->nslots, keep = l->trips < TG_FIT_KEEP ? (unsigned)l->trips : TG_FIT_KEEP;
    int64_t *kept = lds_xcalloc((size_t)n * (keep ? keep : 1), sizeof *kept);
    bool *alive = lds_xcalloc(n, sizeof *alive);
    fit *fits = lds_xcalloc(n, sizeof *fits);
    int64_t *next = lds_xcalloc(l->nargs + 1, sizeof *next), *start = lds_xcalloc(l->nargs + 1, sizeof *start);
    bool *next_known = lds_xcalloc(l->nargs + 1, sizeof *next_known);
    bool *start_known = lds_xcalloc(l->nargs + 1, sizeof *start_known);
    for (unsigned i = 0; i < n; i++)
        alive[i] = S->body[i];
    for (uint64_t t = 0; t < (uint64_t)l->trips; t++) {
        for (unsigned i = 0; i < l->nargs; i++)
            start[i] = S->val[1 + i];
        for (unsigned i = 0; i < l->nargs; i++)
            start_known[i] = S->known[1 + i];
        sim_trip(S, l, t, next, next_known);
        for (unsigned i = 0; i < n; i++) {
            bool is_arg = i >= 1 && i <= l->nargs;
            int64_t v = is_arg ? start[i - 1] : S->val[i];
            if (!alive[i] || !(is_arg ? start_known[i - 1] : S->known[i])) {
                alive[i] = false;
                continue;
            }
            if (t < keep)
                kept[(size_t)i * keep + t] = v;
            else if (v != fit_at(&fits[i], t))
                alive[i] = false;
            if (t + 1 == keep) {
                fits[i] = fit_find(&kept[(size_t)i * keep], keep);
                alive[i] = fits[i].kind != FIT_NONE;
            }
        }
    }
    for (unsigned i = 0; i < n && l->trips > 0; i++)
        if (alive[i]) {
            tg_scalar *v = &l->fits[l->nfits++];
            *v = (tg_scalar){ .ssa = S->names[i], .known = fits[i].kind == FIT_AFFINE && !fits[i].d,
                              .num = fits[i].a };
            v->text = v->known ? NULL : fit_text(S->m, &fits[i], l->trip);
        }
    lds_free(kept);
    lds_free(next);
    lds_free(start);
    lds_free(next_known);
    lds_free(start_known);
    lds_free(alive);
    lds_free(fits);
}

/* The body's lines after the scf.for line ending at `end`, up to the
 * brace that closes it, as the program; then its run. */
static void follow_args(const tg_module *m, const tg_scalars *s, const char *end, tg_loop *l,
                        tg_buffer_of buffer_of, void *ctx)
{
    sim S = { .m = m, .index = { .key_of = sim_name_key, .arena = m->arena } };
    new_slot(&S, l->iv, false, 0);
    for (unsigned i = 0; i < l->nargs; i++) {
        const tg_scalar *v = tg_scalar_of(s, l->init[i]);
        int64_t b = 0;
        bool known = v ? v->known : buffer_of && buffer_of(ctx, l->init[i], &b);
        S.body[new_slot(&S, l->arg[i], known, v ? v->num : b)] = true;
    }
    S.yield = lds_xcalloc(l->nargs + 1, sizeof *S.yield);
    for (unsigned i = 0; i < l->nargs; i++)
        S.yield[i] = -1;
    const char *text_end = m->src->text + m->src->len;
    int depth = 1;
    for (const char *p = end < text_end ? end + 1 : text_end; p < text_end && depth > 0;) {
        const char *eol = memchr(p, '\n', (size_t)(text_end - p));
        if (!eol)
            eol = text_end;
        const char *q = blanks(p, eol);
        if (q < eol && *q == '}')
            depth--;
        if (depth == 1)
            sim_line(&S, s, l, p, eol, buffer_of, ctx);
        for (const char *c = q < eol && *q == '}' ? q + 1 : q; c < eol; c++)   /* a region opened: its ops are not followed */
            depth += *c == '{' ? 1 : *c == '}' ? -1 : 0;
        p = eol < text_end ? eol + 1 : text_end;
    }
    uint64_t work = (uint64_t)l->trips * (S.nops + S.nslots + 1), kept = (uint64_t)S.nslots * TG_FIT_KEEP;
    if (l->trips <= TG_MAX_TRIPS_RUN && work <= TG_MAX_SIM_WORK && kept <= TG_MAX_SIM_WORK / 4) {
        l->fits = lds_arena_alloc(m->arena, (S.nslots + 1) * sizeof *l->fits);
        sim_run(&S, l);
    }
    lds_free(S.names);
    lds_free(S.val);
    lds_free(S.known);
    lds_free(S.body);
    lds_free(S.ops);
    lds_free(S.yield);
}

bool tg_loop_read(const tg_module *m, const tg_scalars *s, const char *p, const char *end, const char *trip,
                  tg_buffer_of buffer_of, void *ctx, tg_loop *l)
{
    memset(l, 0, sizeof *l);
    const char *f = NULL;
    for (const char *q = p; q + 8 <= end && !f; q++)
        if (!strncmp(q, "scf.for ", 8))
            f = q + 8;
    if (!f)
        return false;
    f = blanks(f, end);
    const char *e = f < end && *f == '%' ? ssa_end(f + 1, end) : f;
    if (e == f)
        return false;
    l->iv = lds_arena_strndup(m->arena, f, (size_t)(e - f));
    l->trip = trip;
    e = blanks(e, end);
    if (e >= end || *e != '=')
        return false;
    l->lb = operand(m, s, e + 1, end, &e);
    e = blanks(e, end);
    if ((size_t)(end - e) < 3 || strncmp(e, "to ", 3))
        return false;
    l->ub = operand(m, s, e + 3, end, &e);
    e = blanks(e, end);
    if ((size_t)(end - e) < 5 || strncmp(e, "step ", 5))
        return false;
    l->step = operand(m, s, e + 5, end, &e);
    trips_of(m, l);
    loop_args(m, e, end, l);
    if (l->trips_known)
        follow_args(m, s, end, l, buffer_of, ctx);
    return true;
}

const tg_scalar *tg_loop_fit(const tg_loop *l, const char *ssa)
{
    for (unsigned i = 0; i < l->nfits; i++)
        if (!strcmp(l->fits[i].ssa, ssa))
            return &l->fits[i];
    return NULL;
}

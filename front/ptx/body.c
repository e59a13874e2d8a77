/* front/ptx/body.c - a function's body (front/ptx/ptx_impl.h): register
 * declarations (%r<17> declares %r0 .. %r16; a name is looked up when it
 * is used, the newest declaration first, as inline asm reuses names in
 * scopes of its own), .loc places with their inlined_at chains, labels,
 * and instructions with their guard and operands. */
#include "front/ptx/ptx_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

/* ---------------------------------------------------------- registers */

static size_t name_hash(const char *s, unsigned len)
{
    size_t h = 5381;
    for (unsigned i = 0; i < len; i++)
        h = h * 33 + (unsigned char)s[i];
    return h;
}

/* The register of that name open now: the newest, chained by name. */
static int reg_lookup(ptx_parser *P, const char *name, unsigned len)
{
    const ptx_func *f = P->f;
    if (!P->regmap_cap)
        return -1;
    size_t h = name_hash(name, len) & (P->regmap_cap - 1);
    for (int i = P->regmap[h]; i >= 0; i = P->regnext[i]) {
        const ptx_reg *r = &f->regs[i];
        if (!r->closed && strlen(r->name) == len && !memcmp(r->name, name, len))
            return i;
    }
    return -1;
}

static void reg_add(ptx_parser *P, int index)
{
    if (2 * ((size_t)index + 1) > P->regmap_cap) {   /* rehash: chains hold every register */
        size_t cap = P->regmap_cap ? P->regmap_cap * 2 : 256;
        lds_free(P->regmap);
        P->regmap = lds_xmalloc(cap * sizeof *P->regmap);
        for (size_t i = 0; i < cap; i++)
            P->regmap[i] = -1;
        P->regmap_cap = cap;
        P->regnext = lds_xreallocarray(P->regnext, cap, sizeof *P->regnext);
        for (int i = 0; i < index; i++) {
            const char *n = P->f->regs[i].name;
            size_t h = name_hash(n, (unsigned)strlen(n)) & (cap - 1);
            P->regnext[i] = P->regmap[h];
            P->regmap[h] = i;
        }
    }
    const char *n = P->f->regs[index].name;
    size_t h = name_hash(n, (unsigned)strlen(n)) & (P->regmap_cap - 1);
    P->regnext[index] = P->regmap[h];
    P->regmap[h] = index;
}

static int reg_index(ptx_parser *P, const char *name, unsigned len)
{
    ptx_func *f = P->f;
    int found = reg_lookup(P, name, len);
    if (found >= 0)
        return found;
    unsigned bits = 0, scope = 0;
    bool declared = false;
    for (unsigned d = P->ndecls; d-- > 0 && !declared;) {
        const ptx_regdecl *r = &P->decls[d];
        if (r->count == 0) {
            declared = r->len == len && !memcmp(r->prefix, name, len);
        } else if (len > r->len && !memcmp(r->prefix, name, r->len)) {
            unsigned i = 0, k = r->len;
            for (; k < len && isdigit((unsigned char)name[k]) && i < (1u << 28); k++)
                i = i * 10 + (unsigned)(name[k] - '0');
            declared = k == len && i < r->count;
        }
        if (declared) {
            bits = r->bits;
            scope = r->scope;
        }
    }
    if (!declared && name[0] != '%')
        return -1;
    f->regs = lds_xgrow(f->regs, f->nregs, &P->capregs, sizeof *f->regs, 64);
    f->regs[f->nregs].name = lds_arena_strndup(P->a, name, len);
    f->regs[f->nregs].bits = bits;
    f->regs[f->nregs].scope = scope;
    f->regs[f->nregs].closed = false;
    reg_add(P, (int)f->nregs);
    return (int)f->nregs++;
}

/* .reg .TYPE %r<17>, %x; */
static int reg_directive(ptx_parser *P)
{
    unsigned bits = 32;
    while (P->t.kind == T_WORD && P->t.p[0] == '.') {
        unsigned b = pl_type_bytes(P->t.p, P->t.len);
        if (b)
            bits = pl_is(P, ".pred") ? 1 : b * 8;
        pl_next(P);
    }
    for (;;) {
        if (P->t.kind != T_WORD)
            return pl_fail(P, "expected a register's name, found '%s'", pl_found(P));
        ptx_regdecl d = { .prefix = P->t.p, .len = P->t.len, .bits = bits,
                          .scope = P->nscopes ? P->scopes[P->nscopes - 1] : 0 };
        pl_next(P);
        if (pl_accept(P, "<")) {
            pw n;
            if (pl_number(P, &n) < 0 || pl_expect(P, ">") < 0)
                return -1;
            d.count = n > 0 && n < (1 << 24) ? (unsigned)n : 1;
        }
        P->decls = lds_xgrow(P->decls, P->ndecls, &P->capdecls, sizeof *P->decls, 16);
        P->decls[P->ndecls++] = d;
        if (!pl_accept(P, ","))
            break;
    }
    return pl_expect(P, ";");
}

/* -------------------------------------------------------- instructions */

/* The special registers by name (ORDER PSREG). */
static const char *const special_names[PS_COUNT] = {
    "%tid.x", "%tid.y", "%tid.z", "%ntid.x", "%ntid.y", "%ntid.z", "%laneid", "%warpid", "%nwarpid",
    "%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y", "%nctaid.z", NULL
};
_Static_assert(sizeof special_names / sizeof special_names[0] == PS_COUNT, "ORDER PSREG");

ptx_special ptx_special_of(const char *name)
{
    for (int i = 0; i < PS_OTHER; i++)
        if (!strcmp(name, special_names[i]))
            return (ptx_special)i;
    return PS_OTHER;
}

static bool is_special_name(const char *p, unsigned len)
{
    static const char *const others[] = { "%clock", "%clock64", "%clock_hi", "%globaltimer", "%globaltimer_lo",
                                          "%globaltimer_hi", "%smid", "%nsmid", "%gridid", "%lanemask_eq",
                                          "%lanemask_le", "%lanemask_lt", "%lanemask_ge", "%lanemask_gt",
                                          "%dynamic_smem_size", "%total_smem_size", "%aggr_smem_size",
                                          "%reserved_smem_offset_begin", "%reserved_smem_offset_end",
                                          "%reserved_smem_offset_cap", "%reserved_smem_offset_0",
                                          "%reserved_smem_offset_1", "%is_explicit_cluster", "%envreg", "%pm",
                                          NULL };
    for (int i = 0; i < PS_OTHER; i++)
        if (strlen(special_names[i]) == len && !memcmp(special_names[i], p, len))
            return true;
    for (int i = 0; others[i]; i++) {
        size_t n = strlen(others[i]);
        if (len >= n && !memcmp(others[i], p, n))
            return true;
    }
    return (len > 7 && !memcmp(p, "%cluster", 8)) || (len > 7 && !memcmp(p, "%nclust", 7));
}

static int operand(ptx_parser *P, ptx_operand *o, bool in_vector);

/* [base], [base+N], [base+-N], [N] */
static int address(ptx_parser *P, ptx_operand *o)
{
    o->kind = OP_ADDR;
    o->reg = -1;
    if (P->t.kind == T_WORD) {
        int r = reg_index(P, P->t.p, P->t.len);
        if (r >= 0)
            o->reg = r;
        else
            o->sym = pl_str(P);
        pl_next(P);
        bool minus = false;
        if (pl_accept(P, "+") || (minus = pl_accept(P, "-"))) {
            pw off;
            if (pl_number(P, &off) < 0)
                return -1;
            o->imm = minus ? -off : off;
        }
    } else if (pl_number(P, &o->imm) < 0) {
        return -1;
    }
    if (pl_is(P, ","))   /* tex's [texref, {coordinates}]: the rest is read past */
        for (int depth = 0; P->t.kind != T_EOF && !(depth == 0 && pl_is(P, "]"));) {
            depth += pl_is(P, "{") - pl_is(P, "}");
            pl_next(P);
        }
    return pl_expect(P, "]");
}

/* {a, b, _}, or (a, b) of a call */
static int vector(ptx_parser *P, ptx_operand *o, const char *close)
{
    ptx_operand tmp[PTX_MAX_VEC];
    unsigned n = 0;
    o->kind = OP_VEC;
    while (!pl_accept(P, close)) {
        if (n == PTX_MAX_VEC)
            return pl_fail(P, "more than %d operands in one vector", PTX_MAX_VEC);
        if (operand(P, &tmp[n++], true) < 0)
            return -1;
        if (!pl_accept(P, ",") && !pl_is(P, close))
            return pl_fail(P, "expected ',' in a vector operand, found '%s'", pl_found(P));
    }
    o->elems = lds_arena_alloc(P->a, n * sizeof *o->elems + 1);
    memcpy(o->elems, tmp, n * sizeof *o->elems);
    o->nelems = n;
    return 0;
}

static int const_binary(ptx_parser *P, pw *v, int min_prec);

/* A primary of a constant expression: a number, ( expr ), -x, ~x, !x. */
static int const_primary(ptx_parser *P, pw *v)
{
    if (pl_accept(P, "(")) {
        if (const_binary(P, v, 1) < 0)
            return -1;
        return pl_expect(P, ")");
    }
    const char *unary = pl_is(P, "-") ? "-" : pl_is(P, "~") ? "~" : pl_is(P, "!") ? "!" : NULL;
    if (unary) {
        pl_next(P);
        if (const_primary(P, v) < 0)
            return -1;
        *v = unary[0] == '-' ? -*v : unary[0] == '~' ? ~*v : !*v;
        return 0;
    }
    return pl_number(P, v);
}

/* The binary operator at P (C's integer operators of PTX constant
 * expressions; '<<' and '>>' are two tokens), its precedence, or 0. */
static int const_operator(const ptx_parser *P, char *op)
{
    static const struct { char op; int prec; } ops[] = {
        { '|', 1 }, { '^', 2 }, { '&', 3 }, { '<', 4 }, { '>', 4 }, { '+', 5 }, { '-', 5 }, { '*', 6 }, { '/', 6 }, { '%', 6 },
    };
    if (P->t.kind != T_PUNCT && !(P->t.len == 1 && P->t.p[0] == '%'))   /* '%' alone: a remainder, no register */
        return 0;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (P->t.p[0] == ops[i].op) {
            *op = ops[i].op;
            return ops[i].prec;
        }
    return 0;
}

/* A constant expression by precedence climbing, 64-bit as PTX computes
 * it ((128 >> 4) << 16, as the CuTe DSL writes descriptors' fields). */
static int const_binary(ptx_parser *P, pw *v, int min_prec)
{
    if (const_primary(P, v) < 0)
        return -1;
    char op;
    for (int prec; (prec = const_operator(P, &op)) >= min_prec && prec;) {
        pl_next(P);
        if ((op == '<' || op == '>') && !pl_accept(P, op == '<' ? "<" : ">"))
            return pl_fail(P, "a comparison in a constant expression, which lds-calc does not read, at '%s'",
                           pl_found(P));
        pw r;
        if (const_binary(P, &r, prec + 1) < 0)
            return -1;
        if ((op == '/' || op == '%') && r == 0)
            return pl_fail(P, "a division by zero in a constant expression");
        if ((op == '<' || op == '>') && (r < 0 || r > 63))
            return pl_fail(P, "a shift by %lld in a constant expression (0 .. 63)", (long long)r);
        int64_t a = (int64_t)*v, b = (int64_t)r;
        uint64_t ua = (uint64_t)a;
        *v = op == '|' ? a | b : op == '^' ? a ^ b : op == '&' ? a & b : op == '<' ? (pw)(int64_t)(ua << b)
           : op == '>' ? a >> b : op == '+' ? (pw)(int64_t)(ua + (uint64_t)b) : op == '-' ? (pw)(int64_t)(ua - (uint64_t)b)
           : op == '*' ? (pw)(int64_t)(ua * (uint64_t)b) : op == '/' ? (b == -1 ? (pw)(int64_t)(0 - ua) : a / b)
           : (b == -1 ? 0 : a % b);
    }
    return 0;
}

static int operand(ptx_parser *P, ptx_operand *o, bool in_vector)
{
    memset(o, 0, sizeof *o);
    o->reg = o->reg2 = -1;
    if (pl_accept(P, "["))
        return address(P, o);
    if (in_vector && (pl_is(P, "{") || pl_is(P, "(")))
        return pl_fail(P, "a vector operand inside a vector operand, at '%s'", pl_found(P));
    if (pl_accept(P, "{"))
        return vector(P, o, "}");
    if (pl_accept(P, "(")) {   /* a constant expression, or a call's (a, b) */
        if (P->t.kind != T_NUM && !pl_is(P, "(") && !pl_is(P, "-") && !pl_is(P, "~"))
            return vector(P, o, ")");
        o->kind = OP_IMM;
        if (const_binary(P, &o->imm, 1) < 0)
            return -1;
        return pl_expect(P, ")");
    }
    o->neg = pl_accept(P, "!");
    if (P->t.kind == T_FLOAT || (P->t.kind == T_NUM && P->t.len > 2 && (P->t.p[1] == 'f' || P->t.p[1] == 'd'))) {
        o->kind = OP_FIMM;
        pl_next(P);
        return 0;
    }
    if (P->t.kind == T_NUM || pl_is(P, "-")) {
        o->kind = OP_IMM;
        if (pl_is(P, "-") && P->p < P->end && !isdigit((unsigned char)*P->p)) {   /* -0f3F800000, -1.0 */
            pl_next(P);
            o->kind = OP_FIMM;
            pl_next(P);
            return 0;
        }
        return pl_number(P, &o->imm);
    }
    if (P->t.kind != T_WORD)
        return pl_fail(P, "expected an operand, found '%s'", pl_found(P));
    if (pl_is(P, "_")) {
        o->kind = OP_SINK;
        pl_next(P);
        return 0;
    }
    if (P->t.p[0] == '%' && is_special_name(P->t.p, P->t.len)) {
        o->kind = OP_SPECIAL;
        o->sym = pl_str(P);
        o->special = ptx_special_of(o->sym);
        pl_next(P);
        return 0;
    }
    int r = reg_index(P, P->t.p, P->t.len);
    if (r >= 0) {
        o->kind = OP_REG;
        o->reg = r;
        pl_next(P);
        if (pl_accept(P, "|")) {   /* setp's second destination */
            if (P->t.kind != T_WORD || (o->reg2 = reg_index(P, P->t.p, P->t.len)) < 0)
                return pl_fail(P, "expected a predicate register after '|', found '%s'", pl_found(P));
            pl_next(P);
        }
        return 0;
    }
    o->kind = OP_SYM;
    o->sym = pl_str(P);
    pl_next(P);
    if (pl_accept(P, "+")) {
        if (pl_number(P, &o->imm) < 0)
            return -1;
    }
    return 0;
}

static void split_opcode(ptx_parser *P, ptx_ins *in)
{
    const char *s = in->opcode;
    in->nparts = 0;
    while (*s && in->nparts < PTX_MAX_PARTS) {
        const char *e = strchr(s, '.');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        in->parts[in->nparts++] = lds_arena_strndup(P->a, s, n);
        s += n + (e != NULL);
    }
}

static ptx_ins *new_ins(ptx_parser *P)
{
    ptx_func *f = P->f;
    f->ins = lds_xgrow(f->ins, f->nins, &P->capins, sizeof *f->ins, 64);
    ptx_ins *in = &f->ins[f->nins++];
    memset(in, 0, sizeof *in);
    in->line = P->t.line;
    in->col = P->t.col;
    in->place = P->m->nplaces ? (int)P->m->nplaces - 1 : -1;
    in->guard = -1;
    return in;
}

/* [@[!]%p] opcode operand, ...; */
static int instruction(ptx_parser *P, int place)
{
    ptx_ins *in = new_ins(P);
    in->place = place;
    if (pl_accept(P, "@")) {
        in->guarded = true;
        in->guard_neg = pl_accept(P, "!");
        if (P->t.kind != T_WORD || (in->guard = reg_index(P, P->t.p, P->t.len)) < 0)
            return pl_fail(P, "expected a predicate register after '@', found '%s'", pl_found(P));
        pl_next(P);
    }
    if (P->t.kind != T_WORD || P->t.p[0] == '.' || P->t.p[0] == '%')
        return pl_fail(P, "expected an instruction, found '%s'", pl_found(P));
    in->opcode = pl_str(P);
    split_opcode(P, in);
    pl_next(P);
    ptx_operand ops[PTX_MAX_OPS];
    unsigned n = 0;
    while (!pl_is(P, ";")) {
        if (n == PTX_MAX_OPS)
            return pl_fail(P, "more operands than any instruction has, at '%s'", pl_found(P));
        if (operand(P, &ops[n++], false) < 0)
            return -1;
        if (!pl_accept(P, ",") && !pl_is(P, ";"))
            return pl_fail(P, "expected ',' or ';' after an operand, found '%s'", pl_found(P));
    }
    pl_next(P);
    in->ops = lds_arena_alloc(P->a, n * sizeof *in->ops + 1);
    memcpy(in->ops, ops, n * sizeof *in->ops);
    in->nops = n;
    return 0;
}

/* .loc FILE LINE COL [, function_name LABEL, inlined_at FILE LINE COL]:
 * a place; inlined_at names the place of the call, which an earlier
 * .loc (in the same group) set. */
static int loc_directive(ptx_parser *P, int *place)
{
    pw f, l, c = 0;
    if (pl_number(P, &f) < 0 || pl_number(P, &l) < 0)
        return -1;
    if (P->t.kind == T_NUM && pl_number(P, &c) < 0)
        return -1;
    ptx_place pl = { .file = (unsigned)f, .line = (unsigned)(l > 0 && l < (1 << 30) ? l : 0),
                     .col = (unsigned)(c > 0 && c < (1 << 20) ? c : 0), .outer = -1 };
    while (pl_accept(P, ",")) {
        if (pl_accept(P, "function_name")) {
            if (P->t.kind == T_WORD) {
                pl.func = pl_str(P);
                pl_next(P);
            }
        } else if (pl_accept(P, "inlined_at")) {
            pw f2, l2, c2 = 0;
            if (pl_number(P, &f2) < 0 || pl_number(P, &l2) < 0)
                return -1;
            if (P->t.kind == T_NUM && pl_number(P, &c2) < 0)
                return -1;
            ptx_module *m = P->m;
            for (unsigned i = m->nplaces; i-- > 0;)   /* the newest place there */
                if (m->places[i].file == (unsigned)f2 && m->places[i].line == (unsigned)l2
                    && m->places[i].col == (unsigned)c2) {
                    pl.outer = (int)i;
                    break;
                }
            if (pl.outer < 0) {   /* a place no .loc set: kept as the outer end of the chain */
                ptx_place out = { .file = (unsigned)f2, .line = (unsigned)l2, .col = (unsigned)c2, .outer = -1 };
                m->places = lds_xgrow(m->places, m->nplaces, &P->capplaces, sizeof *m->places, 64);
                m->places[m->nplaces++] = out;
                pl.outer = (int)m->nplaces - 1;
            }
        } else {
            pl_next(P);
        }
    }
    ptx_module *m = P->m;
    m->places = lds_xgrow(m->places, m->nplaces, &P->capplaces, sizeof *m->places, 64);
    m->places[m->nplaces++] = pl;
    *place = pl.line ? (int)m->nplaces - 1 : -1;
    return 0;
}

/* Whether the current word is a label: a ':' (not '::') after it, blanks
 * between allowed (prototype_0 : .callprototype ...). */
static bool label_follows(const ptx_parser *P)
{
    const char *q = P->p;
    while (q < P->end && (*q == ' ' || *q == '\t'))
        q++;
    return q < P->end && *q == ':' && (q + 1 >= P->end || q[1] != ':');
}

/* A block ends: its registers' names no longer find them, its
 * declarations no longer declare. */
static void close_scope(ptx_parser *P, unsigned scope)
{
    for (unsigned i = 0; i < P->f->nregs; i++)
        if (P->f->regs[i].scope == scope)
            P->f->regs[i].closed = true;
    while (P->ndecls && P->decls[P->ndecls - 1].scope == scope)
        P->ndecls--;
}

/* Where an inline asm block nvcc or Triton marks ('// begin inline
 * asm' ... '// end inline asm') starts and ends: the .locs inside it
 * name the lines of the asm text (Triton writes one a line, up to a later
 * source line), so after it the place before it is in force again. */
typedef struct {
    unsigned begins, ends;        /* the parser's counts seen */
    bool inside;
    int outside_place;
} asm_span;

static void leave_asm(const ptx_parser *P, asm_span *a, int *place)
{
    if (a->inside)
        *place = a->outside_place;
    a->inside = false;
    a->ends = P->asm_ends;
}

/* The comments passed since the last statement, in their order: an end
 * then a begin (one block after another) or a begin then an end (an
 * empty block). */
static void follow_asm(const ptx_parser *P, asm_span *a, int *place)
{
    if (a->inside && P->asm_ends != a->ends)
        leave_asm(P, a, place);
    if (P->asm_begins != a->begins) {
        if (!a->inside)
            a->outside_place = *place;
        a->inside = true;
        a->begins = P->asm_begins;
    }
    if (P->asm_ends != a->ends)
        leave_asm(P, a, place);
}

/* A function's body: { statements }, each inner block's registers its own. */
int pl_body(ptx_parser *P)
{
    int place = -1;
    size_t capvars = 0;
    asm_span span = { P->asm_begins, P->asm_ends, false, -1 };
    if (pl_expect(P, "{") < 0)
        return -1;
    for (;;) {
        follow_asm(P, &span, &place);
        if (P->t.kind == T_EOF)
            return pl_fail(P, "the function's body has no closing '}' (found %s)", pl_found(P));
        if (pl_accept(P, "{")) {
            if (P->nscopes == sizeof P->scopes / sizeof P->scopes[0])
                return pl_fail(P, "blocks nested deeper than %d, at '%s'", 64, pl_found(P));
            P->scopes[P->nscopes++] = ++P->next_scope;
            continue;
        }
        if (pl_accept(P, "}")) {
            if (P->nscopes == 0)
                return 0;
            close_scope(P, P->scopes[--P->nscopes]);
            continue;
        }
        if (pl_accept(P, ".reg")) {
            if (reg_directive(P) < 0)
                return -1;
        } else if (pl_accept(P, ".loc")) {
            if (loc_directive(P, &place) < 0)
                return -1;
        } else if (pl_is(P, ".shared") || pl_is(P, ".local") || pl_is(P, ".const") || pl_is(P, ".global")
                   || (P->t.len > 9 && !memcmp(P->t.p, ".shared::", 9))) {
            if (pl_variable(P, false, &P->f->vars, &P->f->nvars, &capvars) < 0)
                return -1;
        } else if (P->t.kind == T_WORD && P->t.p[0] == '.') {   /* .pragma, .param, .maxnreg, ... */
            pl_skip_statement(P);
        } else if (P->t.kind == T_WORD && label_follows(P)) {
            ptx_ins *in = new_ins(P);
            in->label = pl_str(P);
            pl_next(P);
            pl_next(P);
            if (pl_accept(P, ".callprototype"))   /* prototype_0 : .callprototype ...; */
                pl_skip_statement(P);
        } else if (instruction(P, place) < 0) {
            return -1;
        }
    }
}


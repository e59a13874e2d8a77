/* src/closedform.c - an access counted in closed form (sim/gf2.h):
 * where its byte address is, for every instruction, a GF(2)-affine map
 * of the lane's bits plus a constant the instruction's loop values,
 * wave and workgroup XOR in, every instruction costs the same, and that
 * cost follows from the ranks of the map.
 *
 * The proof is symbolic: each value is a vector of bits, each bit a
 * known 0 or 1, an unknown constant of the instruction (a bit of a loop
 * variable, the wave, the workgroup) or the XOR of lane bits with such a
 * constant.  XOR, shifts and masks by constants, / and % by powers of
 * two, and + | * where no two operands can have a 1 on the same bit
 * keep that form; anything else (a carry that may happen, a product of
 * two varying bits, a sign, a condition, a partial wave) declines, and
 * the access is enumerated as before.  Bounds and alignment are proven
 * from the bits that may be set; the first instruction is simulated
 * (kept for --show and --explain) and must agree with the closed form. */
#include "src/job.h"

#include <string.h>

#include "base/check.h"
#include "base/mem.h"
#include "sim/gf2.h"
#include "src/builtins.h"

/* Bits a value may use: every value is at least 0 and below 2^62. */
#define VBITS 62
/* Nodes the proof may visit, def calls expanded. */
#define MAX_NODES 4096
/* How deep the proof may recurse: a swizzle through a def layout is a
 * few levels, and each level's frame holds values of ~90 bytes; a
 * library call may run on a caller's thread of 64 KiB (tests/api-stack.c),
 * so a deeper expression is declined, and enumerated. */
#define MAX_DEPTH 32

typedef struct {
    uint64_t one;            /* bits that are a known 1 */
    uint64_t unk;            /* bits that are the instruction's unknown constant */
    uint8_t lane[VBITS];     /* lane bits XORed into each bit */
    uint64_t lanes;          /* the bits whose lane[] is not 0 (kept with lane[]:
                                the proof's hot path asks it, not lane[]) */
} bits;

typedef struct {
    job *j;
    unsigned lane_bits;
    unsigned nodes;
    unsigned depth;               /* expr_bits calls open now */
} proof;

typedef struct frame {
    lds_expr *const *args;
    const struct frame *up;
} frame;

/* Whether v->lanes says which lane[] are not 0 (an assert's check). */
static bool lanes_kept(const bits *v)
{
    for (unsigned b = 0; b < VBITS; b++)
        if (!v->lane[b] != !(v->lanes >> b & 1))
            return false;
    return !(v->lanes >> VBITS);
}

static bool lane_free(const bits *v) { return !v->lanes; }

/* The bits that may be 1. */
static uint64_t may_be_set(const bits *v) { return v->one | v->unk | v->lanes; }

/* Whether v is a known constant, into *c. */
static bool known(const bits *v, int64_t *c)
{
    if (v->unk || !lane_free(v))
        return false;
    *c = (int64_t)v->one;
    return true;
}

static bool constant(bits *v, int64_t c)
{
    memset(v, 0, sizeof *v);
    if (c < 0 || (uint64_t)c >> VBITS)
        return false;
    v->one = (uint64_t)c;
    return true;
}

/* An unknown constant of `nbits` bits (a loop value, the wave). */
static void unknown(bits *v, unsigned nbits)
{
    memset(v, 0, sizeof *v);
    v->unk = nbits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nbits) - 1;
}

static unsigned bit_length(uint64_t v)
{
    return v ? 64u - (unsigned)__builtin_clzll(v) : 0;
}

static void xor_into(bits *a, const bits *b)
{
    a->unk |= b->unk;
    a->one = (a->one ^ b->one) & ~a->unk;
    for (uint64_t m = b->lanes; m; m &= m - 1) {   /* only b's lane bits change a */
        unsigned i = (unsigned)__builtin_ctzll(m);
        a->lane[i] ^= b->lane[i];
        a->lanes = a->lane[i] ? a->lanes | (uint64_t)1 << i : a->lanes & ~((uint64_t)1 << i);
    }
    LDS_ASSERT(lanes_kept(a));
}

/* a + b where no bit may be 1 in both (then it is a XOR b). */
static bool add(bits *a, const bits *b)
{
    int64_t x, y;
    if (known(a, &x) && known(b, &y))
        return !__builtin_add_overflow(x, y, &x) && constant(a, x);
    if (may_be_set(a) & may_be_set(b))
        return false;
    xor_into(a, b);
    return true;
}

static bool shift_left(bits *v, unsigned s)
{
    if (s >= VBITS || bit_length(may_be_set(v)) + s > VBITS)
        return may_be_set(v) == 0;
    v->one <<= s;
    v->unk <<= s;
    v->lanes <<= s;
    memmove(v->lane + s, v->lane, VBITS - s);
    memset(v->lane, 0, s);
    return true;
}

static void shift_right(bits *v, unsigned s)
{
    if (s >= VBITS) {
        memset(v, 0, sizeof *v);
        return;
    }
    v->one >>= s;
    v->unk >>= s;
    v->lanes >>= s;
    memmove(v->lane, v->lane + s, VBITS - s);
    memset(v->lane + VBITS - s, 0, s);
}

static void keep_low(bits *v, unsigned n)
{
    if (n >= VBITS)
        return;
    uint64_t m = ((uint64_t)1 << n) - 1;
    v->one &= m;
    v->unk &= m;
    v->lanes &= m;
    memset(v->lane + n, 0, VBITS - n);
}

/* a * c, c a known constant: the sum of a shifted to c's bits. */
static bool multiply(bits *a, int64_t c)
{
    bits sum, part;
    constant(&sum, 0);
    for (unsigned s = 0; s < 63; s++) {
        if (!((uint64_t)c >> s & 1))
            continue;
        part = *a;
        if (!shift_left(&part, s) || !add(&sum, &part))
            return false;
    }
    *a = sum;
    return true;
}

/* a & b (or a | b) bit by bit: linear where one side is a known bit or
 * neither varies with the lane. */
static bool bitwise(bits *a, const bits *b, bool is_or)
{
    bits r;
    memset(&r, 0, sizeof r);
    for (unsigned i = 0; i < VBITS; i++) {
        uint64_t m = (uint64_t)1 << i;
        bool ka = !(a->unk & m) && !a->lane[i], kb = !(b->unk & m) && !b->lane[i];
        bool va = a->one & m, vb = b->one & m;
        const bits *pass = NULL;
        if (ka && va == is_or) {   /* a's bit decides: 1 for |, 0 for & */
            r.one |= is_or ? m : 0;
            continue;
        }
        if (kb && vb == is_or) {
            r.one |= is_or ? m : 0;
            continue;
        }
        if (ka)   /* a's bit is the neutral one: b's bit */
            pass = b;
        else if (kb)
            pass = a;
        if (pass) {
            r.one |= pass->one & m;
            r.unk |= pass->unk & m;
            r.lane[i] = pass->lane[i];
            r.lanes |= pass->lanes & m;
        } else if (!a->lane[i] && !b->lane[i]) {
            r.unk |= m;   /* two unknown constants: an unknown constant */
        } else {
            return false;
        }
    }
    *a = r;
    return true;
}

static bool expr_bits(proof *p, const lds_expr *e, const frame *fr, bits *out);

static bool is_pow2(int64_t v)
{
    return v > 0 && (v & (v - 1)) == 0;
}

static bool binary(proof *p, const lds_expr *e, const frame *fr, bits *out)
{
    bits b;
    int64_t x = 0, y = 0;
    if (!expr_bits(p, e->a, fr, out) || !expr_bits(p, e->b, fr, &b))
        return false;
    bool ka = known(out, &x), kb = known(&b, &y);
    switch (e->op) {
    case OP_XOR: xor_into(out, &b); return true;
    case OP_ADD: return add(out, &b);
    case OP_AND: return bitwise(out, &b, false);
    case OP_OR: return bitwise(out, &b, true);
    case OP_SUB:
        if (ka && kb)
            return constant(out, x - y);
        return kb && y == 0;
    case OP_MUL:
        if (ka && kb)
            return !__builtin_mul_overflow(x, y, &x) && constant(out, x);
        if (kb)
            return multiply(out, y);
        if (ka) {
            *out = b;
            return multiply(out, x);
        }
        return false;
    case OP_SHL: return kb && y >= 0 && y < VBITS && shift_left(out, (unsigned)y);
    case OP_SHR:
        if (!kb || y < 0 || y >= VBITS)
            return false;
        shift_right(out, (unsigned)y);
        return true;
    case OP_DIV:
    case OP_MOD:
        if (ka && kb && y > 0)
            return constant(out, e->op == OP_DIV ? x / y : x % y);
        if (!kb || !is_pow2(y))
            return false;
        if (e->op == OP_DIV)
            shift_right(out, (unsigned)__builtin_ctzll((uint64_t)y));
        else
            keep_low(out, (unsigned)__builtin_ctzll((uint64_t)y));
        return true;
    default: return false;
    }
}

/* CuTe's swizzle(B, M, S, x): x XOR ((x & (2^B - 1) << (M + max(S, 0))) >> S). */
static bool swizzle_bits(proof *p, const lds_expr *e, const frame *fr, bits *out)
{
    bits k[3];
    int64_t v[3];
    for (unsigned i = 0; i < 3; i++)
        if (!expr_bits(p, e->args[i], fr, &k[i]) || !known(&k[i], &v[i]) || v[i] > LDS_SWIZZLE_MAX_BITS
            || v[i] < -LDS_SWIZZLE_MAX_BITS)
            return false;
    int64_t b = v[0], m = v[1], s = v[2];
    if (b < 0 || m < 0 || m + (s > 0 ? s : 0) + b > VBITS || m + s < 0)
        return false;
    if (!expr_bits(p, e->args[3], fr, out))
        return false;
    bits moved = *out;
    shift_right(&moved, (unsigned)(m + (s > 0 ? s : 0)));
    keep_low(&moved, (unsigned)b);
    if (!shift_left(&moved, (unsigned)(m + (s > 0 ? s : 0) - s)))
        return false;
    xor_into(out, &moved);
    return true;
}

/* A loop variable of the access's dimensions: its range's bits. */
static bool loop_bits(proof *p, unsigned slot, bits *out)
{
    const job *j = p->j;
    for (unsigned i = 0; i < j->ndims; i++)
        if (j->dims[i].kind == D_LOOP && j->dims[i].slot == slot) {
            int64_t lo, hi;
            if (!lds_eval_probe_int64(j->sp->ev, j->dims[i].loop->lo, &lo)
                || !lds_eval_probe_int64(j->sp->ev, j->dims[i].loop->hi, &hi) || lo < 0 || hi <= lo)
                return false;
            unknown(out, bit_length((uint64_t)hi - 1));
            return true;
        }
    return constant(out, j->env->loop[slot]);   /* a loop run trip by trip around the access */
}

/* tid and its parts: the lane's bits under the wave's. */
static bool builtin_bits(proof *p, lds_var_id v, bits *out)
{
    const job *j = p->j;
    const lds_env *env = j->env;
    int64_t x = env->threads[0], y = env->threads[1];
    bits tid, wave;
    unknown(&wave, bit_length((uint64_t)j->nwaves - 1));
    tid = wave;
    if (!shift_left(&tid, p->lane_bits))
        return false;
    for (unsigned b = 0; b < p->lane_bits; b++)
        tid.lane[b] = (uint8_t)(1u << b);
    tid.lanes |= ((uint64_t)1 << p->lane_bits) - 1;
    switch (v) {
    case V_LANE:
        memset(out, 0, sizeof *out);
        memcpy(out->lane, tid.lane, p->lane_bits);
        out->lanes = ((uint64_t)1 << p->lane_bits) - 1;
        return true;
    case V_WAVE: *out = wave; return true;
    case V_GROUP: unknown(out, bit_length((uint64_t)j->sp->groups - 1)); return true;
    case V_TID: *out = tid; return true;
    case V_TID_X:
    case V_TID_Y:
    case V_TID_Z:
        if (!is_pow2(x) || !is_pow2(y))
            return false;
        *out = tid;
        shift_right(out, v == V_TID_X ? 0u : (unsigned)__builtin_ctzll((uint64_t)x));
        if (v == V_TID_Y)
            keep_low(out, (unsigned)__builtin_ctzll((uint64_t)y));
        else if (v == V_TID_Z)
            shift_right(out, (unsigned)__builtin_ctzll((uint64_t)y));
        else
            keep_low(out, (unsigned)__builtin_ctzll((uint64_t)x));
        return true;
    case V_BANKS: return constant(out, env->banks);
    case V_BANK_BYTES: return constant(out, env->bank_bytes);
    case V_WAVE_SIZE: return constant(out, env->wave_size);
    case V_THREADS_X: return constant(out, x);
    case V_THREADS_Y: return constant(out, y);
    case V_THREADS_Z: return constant(out, env->threads[2]);
    case V_GROUPS: return constant(out, env->groups);
    default: return false;   /* the dispatch's x: not proven */
    }
}

static bool name_bits(proof *p, const lds_expr *e, const frame *fr, bits *out)
{
    if (e->param >= 0)
        return fr && expr_bits(p, fr->args[e->param], fr->up, out);
    const lds_sym *s = e->sym;
    int64_t v;
    switch (s->kind) {
    case SYM_BUILTIN: return builtin_bits(p, s->var, out);
    case SYM_LOOP: return loop_bits(p, s->slot, out);
    case SYM_LET: return expr_bits(p, s->expr, NULL, out);
    case SYM_CONST:
        return s->set && s->value && mpz_fits_slong_p(s->value) && (v = mpz_get_si(s->value), constant(out, v));
    default: return false;
    }
}

static bool expr_node_bits(proof *p, const lds_expr *e, const frame *fr, bits *out);

static bool expr_bits(proof *p, const lds_expr *e, const frame *fr, bits *out)
{
    if (!e || ++p->nodes > MAX_NODES || p->depth >= MAX_DEPTH)
        return false;
    p->depth++;
    bool ok = expr_node_bits(p, e, fr, out);
    p->depth--;
    return ok;
}

static bool expr_node_bits(proof *p, const lds_expr *e, const frame *fr, bits *out)
{
    switch (e->kind) {
    case E_NUM: return !e->big && constant(out, e->value);
    case E_NAME: return name_bits(p, e, fr, out);
    case E_BINARY: return binary(p, e, fr, out);
    case E_CALL:
        if (e->builtin == F_SWIZZLE)
            return swizzle_bits(p, e, fr, out);
        if (e->builtin >= 0 || !e->sym || !e->sym->def)
            return false;
        {
            frame f = { e->args, fr };
            return expr_bits(p, e->sym->def->u.def.body, &f, out);
        }
    default: return false;   /* conditions, unary operators: not proven */
    }
}

/* The byte address's bits, bounds and alignment proven for every
 * instruction; false where not proven. */
static bool address_bits(proof *p, bits *addr)
{
    const job *j = p->j;
    const lds_address_ctx *c = &j->target;
    const lds_target *t = c->t;
    if (t->kind == T_ADDR)
        return expr_bits(p, t->addr, NULL, addr);
    if (t->kind == T_ANON) {
        if (!expr_bits(p, t->idx[0], NULL, addr) || may_be_set(addr) > c->profile->lds_bytes / c->elem_size)
            return false;
        return multiply(addr, c->elem_size);
    }
    const lds_array *a = &t->array->array;
    bits off;
    constant(&off, 0);
    for (unsigned d = 0; d < t->nidx; d++) {
        bits idx;
        int64_t extent = a->ndims ? a->dims[d] : 1, stride = 1;
        if (!expr_bits(p, t->idx[d], NULL, &idx) || may_be_set(&idx) >= (uint64_t)extent)
            return false;
        for (unsigned k = d + 1; k < t->nidx; k++)
            stride *= a->ndims ? a->dims[k] : 1;   /* bounded at declaration */
        if (!a->layout && (!multiply(&idx, stride) || !add(&off, &idx)))
            return false;
    }
    if (a->layout) {
        frame f = { t->idx, NULL };
        if (!expr_bits(p, a->layout->def->u.def.body, &f, &off) || may_be_set(&off) >= a->elems)
            return false;
    }
    bits base;
    *addr = off;
    return multiply(addr, c->elem_size) && constant(&base, (int64_t)a->base) && add(addr, &base);
}

/* Whether the access is one the closed form may take: every lane of
 * every wave active, one plain address a lane, loops of fixed bounds. */
static bool candidate(const job *j)
{
    const lds_access_space *sp = j->sp;
    const lds_stmt *s = sp->s;
    unsigned wave = sp->profile->wave;
    lds_sim_form form = lds_form_on(s->u.access.form, sp->profile);
    /* --show's first instructions, --at's one: as enumeration keeps them */
    if (sp->no_shortcuts || sp->nat || j->rec->capsamples > 1 || s->u.access.cond || s->u.access.global || s->u.access.naddr != 1
        || sp->parts != 1 || (form != LDS_FORM_PLAIN && form != LDS_FORM_NO_MERGE))
        return false;
    if (!is_pow2(wave) || wave > 64 || j->total_threads % wave || j->nwaves < 1 || sp->groups < 1)
        return false;
    uint64_t dim_bits = 0;
    for (unsigned i = 0; i < j->ndims; i++)
        dim_bits |= j->dims[i].bit;
    for (unsigned i = 0; i < j->ndims; i++)
        if (j->dims[i].kind == D_LOOP
            && (j->dims[i].loop->cond || (j->dims[i].bounds_deps & (dim_bits | LDS_DEP_VARYING))))
            return false;
    return true;
}

/* The instructions: workgroups x waves x every loop's trips. */
static bool count_instructions(const job *j, mpz_t n)
{
    mpz_set_si(n, j->sp->groups);
    mpz_mul_si(n, n, j->nwaves);
    for (unsigned i = 0; i < j->ndims; i++)
        if (j->dims[i].kind == D_LOOP) {
            int64_t lo, hi;
            if (!lds_eval_probe_int64(j->sp->ev, j->dims[i].loop->lo, &lo)
                || !lds_eval_probe_int64(j->sp->ev, j->dims[i].loop->hi, &hi) || hi <= lo)
                return false;
            mpz_mul_ui(n, n, (unsigned long)((uint64_t)hi - (uint64_t)lo));
            j->env->loop[j->dims[i].slot] = lo;
        }
    j->env->wave = j->env->group = 0;
    return true;
}

/* The map of the first instruction, simulated: its lanes must be where
 * the symbolic bits put them. */
static bool map_of(const job *j, const bits *addr, unsigned lane_bits, lds_gf2_map *m)
{
    memset(m, 0, sizeof *m);
    m->lane_bits = lane_bits;
    for (unsigned i = 0; i < VBITS; i++)
        for (unsigned b = 0; b < lane_bits; b++)
            if (addr->lane[i] >> b & 1)
                m->col[b] |= (uint64_t)1 << i;
    m->base = j->addr[0];
    for (unsigned lane = 0; lane < (1u << lane_bits); lane++)
        if (!j->active[lane] || lds_gf2_address(m, lane) != j->addr[lane])
            return false;
    return true;
}

static void add_totals(job *j, mpz_srcptr n, const lds_sim_result *r)
{
    lds_metrics *m = j->m;
    mpz_add(m->instructions, m->instructions, n);
    mpz_addmul_ui(m->cycles, n, r->cycles);
    mpz_addmul_ui(m->ideal, n, r->ideal);
    mpz_addmul_ui(m->broadcasts, n, r->broadcasts);
    if (r->paired)
        mpz_add(m->paired, m->paired, n);
    if (r->ways > m->ways)
        m->ways = r->ways;
}

/* Whether the closed form answered; an execution it did not answer is
 * remembered, so that the record claims it only for all of them. */
static int answer(job *j, int answered)
{
    if (!answered)
        j->rec->not_closed_form = true;
    return answered;
}

/* The first instruction simulated and kept, and the closed form of the
 * proven address map: 1 (the totals of all n added) where they agree,
 * else 0 with the first instruction's trace undone.  Its frame (the map,
 * two results, a diagnostic: kilobytes under AddressSanitizer) is not on
 * the stack while the proof recurses. */
static __attribute__((noinline)) int confirm(job *j, const bits *addr, unsigned lane_bits, mpz_srcptr n)
{
    lds_access_space *sp = j->sp;
    lds_diag scratch = { 0 }, *real = sp->diag;
    uint64_t steps = *sp->steps;
    sp->diag = sp->ev->diag = sp->ev->num.diag = &scratch;
    j->pointing = true;
    int rc = lds_job_leaf(j, n);
    j->pointing = false;
    sp->diag = sp->ev->diag = sp->ev->num.diag = real;
    lds_gf2_map map;
    lds_sim_result *closed = lds_xmalloc(sizeof *closed);   /* its phases: 8 KB, not the stack's */
    lds_sim_access acc = { (lds_sim_kind)sp->s->u.access.kind, sp->width, 1, sp->profile->wave, j->active, j->addr,
                           lds_form_on(sp->s->u.access.form, sp->profile), false, false, 0 };
    int answered = 0;
    if (rc == 0 && j->have_class && map_of(j, addr, lane_bits, &map)
        && lds_gf2_run(sp->profile, &acc, &j->sim_class, &map, closed)) {
        /* the closed form and the simulator on the same instruction */
        bool same = closed->cycles == j->result.cycles && closed->ideal == j->result.ideal
                    && closed->ways == j->result.ways && closed->broadcasts == j->result.broadcasts
                    && closed->paired == j->result.paired && !j->result.unaligned;
        LDS_ASSERT(same);
        if (same) {
            add_totals(j, n, closed);
            j->rec->simulated++;
            j->rec->closed_form = true;
            answered = 1;
        }
    }
    lds_free(closed);
    if (!answered) {   /* enumerated after all: as if never tried */
        lds_results_clear_samples(j->rec);
        *sp->steps = steps;
    }
    return answered;
}

int lds_job_closed_form(job *j)
{
    lds_access_space *sp = j->sp;
    if (!candidate(j))
        return answer(j, 0);
    proof p = { j, (unsigned)__builtin_ctz(sp->profile->wave), 0, 0 };
    bits addr;
    uint64_t align = lds_address_alignment(&j->target);
    mpz_t n;
    mpz_init(n);
    int answered = 0;
    /* every instruction's every lane naturally aligned (the closed form's
     * words; and no lane an unaligned-free class leaves out), in bounds */
    if (count_instructions(j, n) && address_bits(&p, &addr) && is_pow2((int64_t)align) && is_pow2(sp->width)
        && !(may_be_set(&addr) & ((align > sp->width ? align : sp->width) - 1)) && sp->profile->lds_bytes >= sp->width
        && may_be_set(&addr) <= sp->profile->lds_bytes - sp->width)
        answered = confirm(j, &addr, p.lane_bits, n);
    mpz_clear(n);
    return answer(j, answered);
}

/* front/csrc/lower_counter.c - loops that never end, and a counted loop's
 * counter and its type's range (front/csrc/lower_impl.h).
 *
 * A loop whose condition always holds (none, a constant, or one that
 * reads nothing the loop changes) and that nothing leaves - no break, no
 * return, nothing lds-calc keeps opaque that could - never ends; so does
 * one whose step is 0 where its condition holds at the start.
 *
 * A loop `for (T v = v0; v CMP B; v += s)` is counted as the trips it
 * takes v from v0 past B, which holds only while every value on the way
 * is one T can hold.  Where CMP holds for every value T can hold
 * (unsigned char v < 300, unsigned v >= 0, short v <= 32767) the loop
 * never ends; where v would leave T's range before it passes B (it
 * wraps, or overflows), the count is not the loop's.  The comparison is
 * C's: a type narrower than int is promoted to int and compared with B as
 * it is; an unsigned one of int's width or more compares with B
 * converted to it (-1 is its largest value); a signed one with B as it
 * is. */
#include "front/csrc/lower_impl.h"

/* The integer type t is: its bits (8 16 32 64) and signedness; false for
 * another type (a float, a pointer, a bool, one not known). */
static bool integer_type(lower *L, const csrc_type *t, unsigned *bits, bool *is_unsigned)
{
    unsigned bytes, lanes;
    bool fl;
    const char *name = t && t->base ? cl_type_name(L, t->base) : NULL;
    if (!name || t->pointers || !cl_type_shape(L, name, &bytes, &lanes, &fl) || fl || lanes != 1
        || !strcmp(name, "bool") || !strncmp(name, "min16", 5) || bytes > 8)
        return false;   /* min16int: at least 16 bits, maybe 32 */
    *bits = bytes * 8;
    *is_unsigned = strstr(name, "unsigned") || name[0] == 'u' || strstr(name, "uint") || !strcmp(name, "size_t");
    return true;
}

/* v's range in the comparison's terms: [lo, hi] as unsigned (uns) or
 * signed 64-bit values, and B converted as C converts it. */
typedef struct {
    bool uns;
    uint64_t ulo, uhi, ub;
    int64_t lo, hi, b;
} cmp_domain;

static cmp_domain domain_of(unsigned bits, bool is_unsigned, int64_t b)
{
    cmp_domain d = { .uns = is_unsigned && bits >= 32 };
    uint64_t mask = bits == 64 ? UINT64_MAX : (UINT64_C(1) << bits) - 1;
    if (d.uns) {
        d.ulo = 0;
        d.uhi = mask;
        d.ub = (uint64_t)b & mask;
    } else {
        d.lo = is_unsigned ? 0 : bits == 64 ? INT64_MIN : -((int64_t)1 << (bits - 1));
        d.hi = is_unsigned ? (int64_t)mask : bits == 64 ? INT64_MAX : ((int64_t)1 << (bits - 1)) - 1;
        d.b = b;
    }
    return d;
}

/* Whether `v cmp B` holds for every value v's type can hold. */
static bool always_holds(const cmp_domain *d, const char *cmp)
{
    bool le = cmp[1] == '=';
    if (cmp[0] == '<')
        return d->uns ? le && d->ub == d->uhi : le ? d->b >= d->hi : d->b > d->hi;
    return d->uns ? le && d->ub == d->ulo : le ? d->b <= d->lo : d->b < d->lo;
}

/* Whether counting from v0 by step (toward B: up for < and <=) passes
 * out of the type's range before `v cmp B` fails. */
static bool leaves_range(const cmp_domain *d, const char *cmp, int64_t v0, int64_t step)
{
    bool up = cmp[0] == '<', le = cmp[1] == '=';
    uint64_t mag = step < 0 ? (uint64_t)0 - (uint64_t)step : (uint64_t)step;
    if (d->uns) {
        uint64_t v = (uint64_t)v0 & d->uhi, b = d->ub;
        if (up ? (le ? v > b : v >= b) : (le ? v < b : v <= b))
            return false;   /* it never runs */
        uint64_t span = up ? b - v + le : v - b + le;   /* to the first value that ends it */
        uint64_t trips = span / mag + (span % mag != 0);
        uint64_t room = up ? d->uhi - v : v - d->ulo;   /* how far v can go */
        return trips > room / mag;
    }
    int64_t v = v0;
    if (up ? (le ? v > d->b : v >= d->b) : (le ? v < d->b : v <= d->b))
        return false;
    uint64_t span = up ? (uint64_t)d->b - (uint64_t)v + le : (uint64_t)v - (uint64_t)d->b + le;
    uint64_t trips = span / mag + (span % mag != 0);
    uint64_t room = up ? (uint64_t)d->hi - (uint64_t)v : (uint64_t)v - (uint64_t)d->lo;
    return trips > room / mag;
}

counter_fate cl_counter_fate(lower *L, const binding *counter, const val *init, const val *step, const char *cmp,
                             const val *bound, const char **why)
{
    unsigned bits;
    bool is_unsigned;
    *why = NULL;
    if (!counter->decl || !integer_type(L, counter->decl, &bits, &is_unsigned) || !cl_is_int(bound)
        || bound->cls != C_CONST || !step || step->cls != C_CONST || !step->k)
        return COUNTER_ENDS;   /* nothing known of its range, or of where it goes */
    cmp_domain d = domain_of(bits, is_unsigned, bound->k);
    const char *type = cl_type_name(L, counter->decl->base);
    const char *range = d.uns ? cl_fmt(L, "0..%llu", (unsigned long long)d.uhi)
                              : cl_fmt(L, "%lld..%lld", (long long)d.lo, (long long)d.hi);
    if (always_holds(&d, cmp)) {
        *why = cl_fmt(L, "this loop never ends: '%s' (%s) holds %s, and '%s %s %lld' holds for every one of them%s",
                      counter->name, type, range, counter->name, cmp, (long long)bound->k,
                      d.uns && (uint64_t)bound->k != d.ub ? cl_fmt(L, " (%lld is %llu as a %s)", (long long)bound->k,
                                                                     (unsigned long long)d.ub, type)
                                                          : "");
        return COUNTER_ENDLESS;
    }
    if (cl_is_int(init) && init->cls == C_CONST && leaves_range(&d, cmp, init->k, step->k)) {
        *why = cl_fmt(L, "it is in a loop whose counter '%s' (%s, %s) %s before '%s %s %lld' fails: the trips are not "
                         "counted",
                      counter->name, type, range, d.uns || is_unsigned ? "wraps" : "overflows", counter->name, cmp,
                      (long long)bound->k);
        return COUNTER_WRAPS;
    }
    return COUNTER_ENDS;
}

/* ------------------------------------------------- endless loops */

/* Whether a statement list holds, at any depth, one lds-calc keeps
 * opaque (a goto, a switch not followed, inline assembly): a way out of
 * a loop it cannot rule out. */
static bool has_opaque(const csrc_stmt *s)
{
    for (; s; s = s->next) {
        if (s->kind == CS_OPAQUE || s->kind == CS_ASM)
            return true;
        const csrc_stmt *inner[2] = { s->kind == CS_COMPOUND ? NULL : s->body, s->other };
        if (s->kind == CS_COMPOUND && has_opaque(s->body))
            return true;
        for (int k = 0; k < 2; k++)
            if (inner[k]) {
                csrc_stmt one = *inner[k];
                one.next = NULL;
                if (has_opaque(&one))
                    return true;
            }
    }
    return false;
}

/* Whether a loop's condition holds whatever happens: none (for (;;)),
 * or a constant that is not 0 (while (1), while (true)). */
static bool condition_always(lower *L, const csrc_expr *c)
{
    if (!c)
        return true;
    if (!cl_reads_nothing(L, c))
        return false;
    val *v = cl_expr(L, c);
    return v && cl_is_int(v) && v->cls == C_CONST && v->k;
}

/* A loop whose condition always holds - it reads nothing the loop
 * changes - and which nothing leaves (no break, no return, nothing not
 * followed that could): it never ends. */
bool cl_never_left(lower *L, const csrc_stmt *s)
{
    const char *names[72];
    unsigned n = 0;
    if (s->body) {
        csrc_stmt body = *s->body;
        body.next = NULL;
        cl_changed_names(L, &body, names, &n, 64);
    }
    cl_assigned_in_expr(s->step, names, &n, 72);
    for (unsigned i = 0; i < n; i++)
        if (cl_mentions(s->e, names[i]))
            return false;
    return n < 64 && condition_always(L, s->e) && !cl_has_jump(s->body, CS_BREAK) && !cl_has_jump(s->body, CS_RETURN)
           && !has_opaque(s->body);
}

/* Where a counted loop's bound and step read nothing, whether its
 * counter leaves its type's range before the loop ends (decided before
 * the loop is run, which compares as integers, not as C's types do). */
counter_fate cl_early_fate(lower *L, const csrc_stmt *s, const char *v, const binding *vb, const char **why)
{
    const csrc_expr *bound_e;
    const char *cmp;
    val *step, *bound;
    const csrc_expr *next_rhs;
    const char *next_op;
    *why = NULL;
    if (!cl_simple_bound(s->e, v, &bound_e, &cmp) || !cl_reads_nothing(L, bound_e)
        || !cl_reads_nothing(L, s->step && s->step->kind == CE_ASSIGN ? s->step->b : NULL)
        || cl_loop_step(L, s->step, v, &step, &next_rhs, &next_op) < 0 || !step || !(bound = cl_expr(L, bound_e)))
        return COUNTER_ENDS;
    if (step->cls == C_CONST && !step->k && cl_is_int(bound) && bound->cls == C_CONST && cl_is_int(vb->v)
        && vb->v->cls == C_CONST) {   /* a step of 0: the condition stays what it is at the start */
        val *holds = cl_int_op(L, cmp, vb->v, bound);
        *why = cl_fmt(L, "this loop never ends: its step leaves '%s' at %lld, where '%s %s %lld' holds", v,
                      (long long)vb->v->k, v, cmp, (long long)bound->k);
        return holds->cls == C_CONST && holds->k ? COUNTER_ENDLESS : COUNTER_ENDS;
    }
    if (step->cls == C_CONST && (step->k > 0) != (cmp[0] == '<'))
        return COUNTER_ENDS;
    return cl_counter_fate(L, vb, vb->v, step, cmp, bound, why);
}

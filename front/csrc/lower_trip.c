/* front/csrc/lower_trip.c - what a loop does to the kernel's variables
 * (front/csrc/lower_impl.h): which it changes and how often, what it adds
 * to one each trip, a sequence of values as an expression of the trip
 * number, what is left of a variable the loop changes in a way not
 * followed, its counter's step, and what its condition reads (a bound,
 * a name). */
#include "front/csrc/lower_impl.h"

/* What the loop at s changes is not followed past it (the reason names
 * the loop's place, so the value carries no place of its own). */
void cl_forget_changed(lower *L, const csrc_stmt *s, const char *const *names, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        binding *b = cl_lookup(L, names[i]);
        if (b)
            b->v = cl_unknown_like(L, b->v, cl_fmt(L, "'%s', which the loop at %u:%u changes", names[i], s->loc.line, s->loc.col),
                                   (lds_loc){ 0 });
    }
}

/* The statements at a body's own level (its compound's list, or it). */
const csrc_stmt *cl_top_level(const csrc_stmt *body, const csrc_stmt *t)
{
    if (!t)
        return body->kind == CS_COMPOUND ? body->body : body;
    return body->kind == CS_COMPOUND ? t->next : NULL;
}

/* x op= E, x = E, x++ at the body's own level: the statement's expression
 * if it updates x, else NULL. */
const csrc_expr *cl_update_of(const csrc_stmt *t, const char *x)
{
    const csrc_expr *e = t->kind == CS_EXPR ? t->e : NULL;
    if (!e || !e->a || e->a->kind != CE_ID || strcmp(e->a->name, x))
        return NULL;
    if (e->kind == CE_ASSIGN)
        return e;
    if ((e->kind == CE_POSTFIX || e->kind == CE_UNARY) && (!strcmp(e->op, "++") || !strcmp(e->op, "--")))
        return e;
    return NULL;
}

/* How many times the name x is assigned anywhere in e. */
unsigned cl_count_assigns(const csrc_expr *e, const char *x)
{
    if (!e)
        return 0;
    unsigned n = ((e->kind == CE_ASSIGN || e->kind == CE_POSTFIX
                   || (e->kind == CE_UNARY && (!strcmp(e->op, "++") || !strcmp(e->op, "--"))))
                  && e->a && e->a->kind == CE_ID && !strcmp(e->a->name, x));
    n += cl_count_assigns(e->a, x) + cl_count_assigns(e->b, x) + cl_count_assigns(e->c, x);
    for (unsigned i = 0; i < e->nargs; i++)
        n += cl_count_assigns(e->args[i], x);
    return n;
}

typedef struct {
    const char *x;
    unsigned n;
} assign_count;

static void count_in_stmt(const csrc_stmt *s, void *ctx)
{
    assign_count *c = ctx;
    c->n += cl_count_assigns(s->e, c->x) + cl_count_assigns(s->step, c->x);
    for (unsigned i = 0; i < s->ndecls; i++)
        c->n += cl_count_assigns(s->decls[i].init, c->x);
}

unsigned cl_count_assigns_stmt(const csrc_stmt *s, const char *x)
{
    assign_count c = { x, 0 };
    cl_walk_stmts(s, count_in_stmt, &c);
    return c.n;
}

/* An integer sequence as an expression of the trip number t: affine,
 * a shift left or right by a constant per trip, or (a short one) a table
 * of ?: .  NULL if none fits. */
val *cl_fit(lower *L, const int64_t *v, unsigned n, const char *t)
{
    val *trip = cl_v_name(L, C_UNIFORM, t);
    bool affine = true;
    for (unsigned j = 2; j < n && affine; j++)
        affine = v[j] - v[j - 1] == v[1] - v[0];
    if (n < 2 || affine)
        return n < 2 ? cl_v_const(L, v[0]) : cl_int_op(L, "+", cl_v_const(L, v[0]), cl_int_op(L, "*", cl_v_const(L, v[1] - v[0]), trip));
    for (int c = 1; c < 31; c++) {   /* v0 << c t, v0 >> c t */
        bool left = v[0] != 0, right = v[0] != 0;
        for (unsigned j = 0; j < n && (left || right); j++) {
            left = left && (uint64_t)j * (uint64_t)c < 62 && v[0] > 0 && v[0] <= (INT64_MAX >> (j * c)) && v[j] == v[0] << (j * c);
            right = right && (uint64_t)j * (uint64_t)c < 63 && v[j] == v[0] >> (j * c);
        }
        if (left || right)
            return cl_int_op(L, left ? "<<" : ">>", cl_v_const(L, v[0]), cl_int_op(L, "*", cl_v_const(L, c), trip));
    }
    /* a ring position, (v0 + d t) & M for the least M = 2^k - 1 that
     * holds every value (pos = (pos + 4) & 63 from a known start) */
    int64_t top = 0;
    for (unsigned j = 0; j < n && top >= 0; j++)
        top = v[j] < 0 ? -1 : v[j] > top ? v[j] : top;
    if (top > 0 && top < ((int64_t)1 << 40)) {
        int64_t mask = 1;
        while (mask < top)
            mask = 2 * mask + 1;
        int64_t d = (v[1] - v[0]) & mask;
        bool ring = true;
        for (unsigned j = 2; j < n && ring; j++)
            ring = v[j] == ((v[0] + d * (int64_t)j) & mask);
        if (ring)
            return cl_int_op(L, "&", cl_int_op(L, "+", cl_v_const(L, v[0]), cl_int_op(L, "*", cl_v_const(L, d), trip)),
                             cl_v_const(L, mask));
    }
    /* a short period (a double buffer's 0, 1, 0, 1): a table of trip % p.
     * Exact: it matched every trip the loop runs, not a guess beyond them */
    for (unsigned p = 2; p <= 8 && 2 * p <= n; p++) {
        unsigned j = p;
        while (j < n && v[j] == v[j - p])
            j++;
        if (j < n)
            continue;
        val *phase = cl_int_op(L, "%", trip, cl_v_const(L, p));
        val *r = cl_v_const(L, v[p - 1]);
        for (unsigned q = p - 1; q-- > 0;)
            r = cl_int_cond(L, cl_int_op(L, "==", phase, cl_v_const(L, q)), cl_v_const(L, v[q]), r);
        return r;
    }
    if (n > 32)
        return NULL;
    val *r = cl_v_const(L, v[n - 1]);
    for (unsigned j = n - 1; j-- > 0;)
        r = cl_int_cond(L, cl_int_op(L, "==", trip, cl_v_const(L, j)), cl_v_const(L, v[j]), r);
    return r;
}

/* How many times `body` assigns `name` anywhere inside it (its nested
 * statements too, not the statements after it). */
unsigned cl_assigns_in_body(const csrc_stmt *body, const char *name)
{
    csrc_stmt one = *body;
    one.next = NULL;
    return cl_count_assigns_stmt(&one, name);
}

/* Whether e mentions a variable that loop s changes (its step's or its
 * body's): its value differs from trip to trip. */
bool cl_mentions_changing(lower *L, const csrc_stmt *s, const csrc_expr *e)
{
    const char *names[64];
    unsigned n = 0;
    cl_assigned_in_expr(s->step, names, &n, 64);
    cl_changed_names(L, s->body, names, &n, 64);
    for (unsigned i = 0; i < n; i++)
        if (cl_mentions(e, names[i]))
            return true;
    return n == 64;   /* names left out: assume so */
}

/* Whether e adds an amount to x - x += a, x -= a, x = x + a, x = x - a,
 * x = a + x - with the amount's expression in *amount and *minus for a
 * subtraction.  (Whether the amount is the same each time is the
 * caller's question.) */
bool cl_adds_to(const csrc_expr *e, const char *x, const csrc_expr **amount, bool *minus)
{
    if (!e || e->kind != CE_ASSIGN || e->a->kind != CE_ID || strcmp(e->a->name, x))
        return false;
    if (!strcmp(e->op, "+=") || !strcmp(e->op, "-=")) {
        *amount = e->b;
        *minus = e->op[0] == '-';
        return true;
    }
    const csrc_expr *r = e->b;
    if (strcmp(e->op, "=") || r->kind != CE_BINARY || (strcmp(r->op, "+") && strcmp(r->op, "-")))
        return false;
    *minus = r->op[0] == '-';
    if (r->a->kind == CE_ID && !strcmp(r->a->name, x)) {
        *amount = r->b;
        return true;
    }
    if (!*minus && r->b->kind == CE_ID && !strcmp(r->b->name, x)) {
        *amount = r->a;
        return true;
    }
    return false;
}

/* A variable that loop s's condition or step reads and its body
 * changes, or NULL. */
const char *cl_changed_in_body_mentioned(lower *L, const csrc_stmt *s)
{
    const char *names[64];
    unsigned n = 0;
    cl_changed_names(L, s->body, names, &n, 64);
    for (unsigned i = 0; i < n; i++)
        if (cl_mentions(s->e, names[i]) || cl_mentions(s->step, names[i]))
            return names[i];
    return NULL;
}

/* What the body of loop s adds to `name` each trip - once, at its own
 * level, a value the same for every lane and every trip (x += c, x -= c,
 * x = x + c, x++, p += 4) - in *c; NULL when it changes it any other way
 * (p += k, k the counter, is not a step).  -1 on an error. */
int cl_step_per_trip(lower *L, const csrc_stmt *s, const char *name, val **c)
{
    const csrc_stmt *body = s->body;
    *c = NULL;
    unsigned top = 0;
    for (const csrc_stmt *t = cl_top_level(body, NULL); t; t = cl_top_level(body, t)) {
        const csrc_expr *e = cl_update_of(t, name), *amount;
        bool minus;
        if (!e)
            continue;
        top++;
        if (e->kind != CE_ASSIGN) {
            *c = cl_v_const(L, !strcmp(e->op, "++") ? 1 : -1);
        } else if (!cl_adds_to(e, name, &amount, &minus) || cl_mentions_changing(L, s, amount)) {
            *c = NULL;
        } else {
            val *k = cl_expr(L, amount);
            if (!k)
                return -1;
            *c = cl_is_int(k) && k->cls != C_LANE ? (minus ? cl_int_unary(L, "-", k) : k) : NULL;
        }
    }
    if (top != 1 || cl_assigns_in_body(body, name) != 1)
        *c = NULL;
    return 0;
}

/* x = (x + a) & M (or a + x, x - a; M a constant 2^k - 1), once a trip
 * at the body's own level, a the same for every lane and every trip (a
 * ring position, pos = (pos + 4) & 63): after t trips x is
 * (x0 + a t) & M exactly, as the mask keeps the low k bits, which no
 * carry reaches from above.  *wrapped is that value (x0 the value before
 * the loop), or NULL where the body changes x any other way; -1 on an
 * error. */
int cl_wrap_per_trip(lower *L, const csrc_stmt *s, const char *name, const val *x0, const char *trip, val **wrapped)
{
    *wrapped = NULL;
    const csrc_expr *e = NULL;
    unsigned top = 0;
    for (const csrc_stmt *t = cl_top_level(s->body, NULL); t; t = cl_top_level(s->body, t))
        if (cl_update_of(t, name)) {
            e = cl_update_of(t, name);
            top++;
        }
    if (top != 1 || cl_assigns_in_body(s->body, name) != 1 || e->kind != CE_ASSIGN || strcmp(e->op, "=")
        || e->b->kind != CE_BINARY || strcmp(e->b->op, "&") || !cl_is_int(x0))
        return 0;
    for (int side = 0; side < 2; side++) {   /* (x + a) & M, or M & (x + a) */
        const csrc_expr *sum = side ? e->b->b : e->b->a, *m = side ? e->b->a : e->b->b, *amount;
        csrc_expr step = *e;   /* x = x + a, as cl_adds_to reads it */
        step.b = (csrc_expr *)sum;
        bool minus;
        if (cl_mentions(m, name) || !cl_adds_to(&step, name, &amount, &minus) || cl_mentions_changing(L, s, amount))
            continue;
        val *mask = cl_expr(L, m), *a = mask ? cl_expr(L, amount) : NULL;
        if (!a)
            return -1;
        if (!cl_is_int(mask) || mask->cls != C_CONST || mask->k <= 0 || (mask->k & (mask->k + 1)) || !cl_is_int(a)
            || a->cls == C_LANE)
            return 0;
        val *moved = cl_int_op(L, "*", minus ? cl_int_unary(L, "-", a) : a, cl_v_name(L, C_UNIFORM, trip));
        *wrapped = cl_int_op(L, "&", cl_int_op(L, "+", (val *)x0, moved), mask);
        return 0;
    }
    return 0;
}

/* The part of a for loop's step that updates name (a += 4 in
 * 'a += 4, b += 8'), or NULL if none or several do. */
const csrc_expr *cl_step_part(const csrc_expr *step, const char *name)
{
    if (step && step->kind == CE_COMMA) {
        const csrc_expr *l = cl_step_part(step->a, name), *r = cl_step_part(step->b, name);
        return l && r ? NULL : l ? l : r;
    }
    return cl_count_assigns(step, name) == 1 ? step : NULL;
}

/* A variable's value `times` steps of c on (an integer's sum, a
 * pointer's elements). */
val *cl_advanced(lower *L, const val *v, val *c, val *times, lds_loc loc)
{
    if (cl_is_pointer(v))
        return cl_pointer_advanced(L, v, c, times, loc);
    return cl_int_op(L, "+", (val *)v, cl_int_op(L, "*", c, times));
}

const char *cl_changes_each_trip(lower *L, const char *name, const csrc_stmt *s)
{
    return cl_fmt(L, "'%s', which changes from trip to trip of the loop at %u:%u", name, s->loc.line, s->loc.col);
}

/* ------------------------------------------------- continue, as else */

static csrc_stmt *stmt_copy(lower *L, const csrc_stmt *t)
{
    csrc_stmt *c = lds_arena_alloc(L->arena, sizeof *c);
    *c = *t;
    c->next = NULL;
    return c;
}

/* The arm of an if that ends its trip: `continue;` itself, or a
 * block whose last statement is the only continue in it; NULL else. */
static bool ends_in_continue(const csrc_stmt *t)
{
    if (t->kind == CS_CONTINUE)
        return true;
    if (t->kind != CS_COMPOUND)
        return false;
    const csrc_stmt *last = csrc_last_stmt(t->body);
    if (!last || last->kind != CS_CONTINUE)
        return false;
    for (const csrc_stmt *u = t->body; u != last; u = u->next) {
        csrc_stmt one = *u;
        one.next = NULL;
        if (cl_has_jump(&one, CS_CONTINUE))
            return false;
    }
    return true;
}

const csrc_stmt *cl_continue_as_else(lower *L, const csrc_stmt *body)
{
    const csrc_stmt *result = body, **hole = &result;   /* where the block rewritten next goes */
    for (const csrc_stmt *block = body; block;) {
        const csrc_stmt *t = block->kind == CS_COMPOUND ? block->body : NULL;
        while (t && !(t->kind == CS_IF && t->body && ends_in_continue(t->body)))
            t = t->next;
        if (!t) {
            *hole = block;
            break;
        }
        /* the statements before the if, as they are */
        csrc_stmt *nb = stmt_copy(L, block), **tail = &nb->body;
        for (const csrc_stmt *u = block->body; u != t; u = u->next) {
            *tail = stmt_copy(L, u);
            tail = &(*tail)->next;
        }
        /* the if, its arm without the continue, the rest of the trip its else */
        csrc_stmt *ifs = stmt_copy(L, t);
        if (t->body->kind == CS_CONTINUE) {
            ifs->body = stmt_copy(L, t->body);
            ifs->body->kind = CS_EMPTY;
        } else {
            csrc_stmt *arm = stmt_copy(L, t->body), **at = &arm->body;
            const csrc_stmt *last = csrc_last_stmt(t->body->body);
            for (const csrc_stmt *u = t->body->body; u != last; u = u->next) {
                *at = stmt_copy(L, u);
                at = &(*at)->next;
            }
            *at = NULL;   /* (the continue was the block's only statement) */
            ifs->body = arm;
        }
        csrc_stmt *rest = stmt_copy(L, block);
        rest->body = (csrc_stmt *)t->next;   /* shared, never written */
        if (t->other) {   /* if (c) { ...; continue; } else B; rest: B, then the rest */
            csrc_stmt *b = stmt_copy(L, t->other);
            b->next = rest->body;
            rest->body = b;
        }
        *tail = ifs;
        /* below the loop's own block, a block that is only the if is the if:
         * consecutive `if (c) continue;` make an else-if chain, not a nest */
        *hole = hole != &result && nb->body == ifs ? ifs : nb;
        hole = (const csrc_stmt **)&ifs->other;   /* a second if (c) continue; in the rest */
        block = rest;
    }
    return result;
}

/* The bound of `v OP E` (or `E OP v`) in a loop condition: E, the
 * comparison as v sees it, and whether it is that simple. */
bool cl_simple_bound(const csrc_expr *c, const char *v, const csrc_expr **bound, const char **op)
{
    if (!c || c->kind != CE_BINARY)
        return false;
    static const char *const cmp[] = { "<", "<=", ">", ">=", NULL };
    static const char *const flipped[] = { ">", ">=", "<", "<=", NULL };
    for (int i = 0; cmp[i]; i++) {
        if (strcmp(c->op, cmp[i]))
            continue;
        if (c->a->kind == CE_ID && !strcmp(c->a->name, v)) {
            *bound = c->b;
            *op = cmp[i];
            return true;
        }
        if (c->b->kind == CE_ID && !strcmp(c->b->name, v)) {
            *bound = c->a;
            *op = flipped[i];
            return true;
        }
    }
    return false;
}

/* Whether x never decreases as v grows (v counting up): v itself, a
 * sum of such terms, a product of one with a constant >= 0, less what
 * does not mention v, a cast to a type lds-calc does not wrap below 32
 * bits; anything not mentioning v. */
static bool grows_with(lower *L, const csrc_expr *x, const char *v)
{
    if (!cl_mentions(x, v))
        return true;
    switch (x->kind) {
    case CE_ID:
        return true;   /* v */
    case CE_CAST: {
        unsigned bits;
        bool is_unsigned;
        cl_integer_kind(L, x->type, &bits, &is_unsigned);
        return !x->type->pointers && (bits == 0 || bits == 32) && grows_with(L, x->a, v);
    }
    case CE_BINARY:
        if (!strcmp(x->op, "+"))
            return grows_with(L, x->a, v) && grows_with(L, x->b, v);
        if (!strcmp(x->op, "-"))
            return grows_with(L, x->a, v) && !cl_mentions(x->b, v);
        if (!strcmp(x->op, "*"))
            return (x->a->kind == CE_INT && x->a->value >= 0 && grows_with(L, x->b, v))
                   || (x->b->kind == CE_INT && x->b->value >= 0 && grows_with(L, x->a, v));
        return false;
    default:
        return false;
    }
}

/* Whether c, once false on a trip of a loop whose counter v counts up,
 * stays false on every trip after it: X < Y or X <= Y (or !(X >= Y),
 * !(X > Y), Y > X ...) with X growing with v and Y not mentioning v or
 * anything the loop's body changes.  A lane that breaks there is then the
 * lane that c leaves out of each trip from there on. */
static bool stops_for_good(lower *L, const csrc_stmt *s, const csrc_expr *c, const char *v)
{
    bool negated = false;
    while (c->kind == CE_UNARY && !strcmp(c->op, "!")) {
        negated = !negated;
        c = c->a;
    }
    if (c->kind != CE_BINARY || !cl_mentions(c, v))
        return false;
    bool less = !strcmp(c->op, "<") || !strcmp(c->op, "<="), more = !strcmp(c->op, ">") || !strcmp(c->op, ">=");
    if (!less && !more)
        return false;
    if (negated)   /* !(X >= Y) is X < Y */
        less = !less;
    const csrc_expr *x = less ? c->a : c->b, *y = less ? c->b : c->a;   /* x < y */
    const char *names[64];
    unsigned n = 0;
    cl_changed_names(L, s->body, names, &n, 64);
    for (unsigned i = 0; i < n; i++)
        if (cl_mentions(c, names[i]))
            return false;
    return n < 64 && !cl_mentions(y, v) && grows_with(L, x, v);
}

/* A condition `v cmp bound && c1 && c2 ...` whose c's each stop a lane
 * for good (a break on a per-lane value at a loop's top, rewritten into
 * the condition): the simple bound in *bound_e and *cmp, the c's in
 * stops[] (*nstops of them, at most cap).  False where it is not so. */
bool cl_bound_and_stops(lower *L, const csrc_stmt *s, const char *v, const csrc_expr **bound_e, const char **cmp,
                        const csrc_expr **stops, unsigned *nstops, unsigned cap)
{
    const csrc_expr *e = s->e;
    *nstops = 0;
    while (e && e->kind == CE_BINARY && !strcmp(e->op, "&&") && *nstops < cap && stops_for_good(L, s, e->b, v)) {
        stops[(*nstops)++] = e->b;
        e = e->a;
    }
    return *nstops && cl_simple_bound(e, v, bound_e, cmp) && !cl_mentions(*bound_e, v);
}

/* Whether an expression mentions the name v. */
bool cl_mentions(const csrc_expr *e, const char *v)
{
    if (!e)
        return false;
    if (e->kind == CE_ID && !strcmp(e->name, v))
        return true;
    if (cl_mentions(e->a, v) || cl_mentions(e->b, v) || cl_mentions(e->c, v))
        return true;
    for (unsigned i = 0; i < e->nargs; i++)
        if (cl_mentions(e->args[i], v))
            return true;
    return false;
}

/* The step of v in a for loop's third part: v++, v += c, v = v + c
 * (affine: *step set, c not mentioning v), or any other update (*next
 * set: v += v doubles it). */
int cl_loop_step(lower *L, const csrc_expr *e, const char *v, val **step, const csrc_expr **next_rhs,
                     const char **next_op)
{
    *step = NULL;
    *next_rhs = NULL;
    if (!e || e->kind == CE_COMMA)
        return -1;
    if ((e->kind == CE_POSTFIX || e->kind == CE_UNARY) && e->a && e->a->kind == CE_ID && !strcmp(e->a->name, v)
        && (!strcmp(e->op, "++") || !strcmp(e->op, "--"))) {
        *step = cl_v_const(L, !strcmp(e->op, "++") ? 1 : -1);
        return 0;
    }
    if (e->kind != CE_ASSIGN || e->a->kind != CE_ID || strcmp(e->a->name, v))
        return -1;
    const csrc_expr *amount;
    bool minus;
    if (cl_adds_to(e, v, &amount, &minus) && !cl_mentions(amount, v)) {
        val *c = cl_expr(L, amount);
        if (!c)
            return -2;
        if (cl_is_int(c) && c->cls != C_LANE) {
            *step = minus ? cl_int_unary(L, "-", c) : c;
            return 0;
        }
    }
    *next_rhs = e->b;
    *next_op = e->op;
    return 0;
}

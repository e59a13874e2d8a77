/* front/csrc/lower_loop.c - a kernel's loops lowered (front/csrc/lower_impl.h).
 * A loop whose state is constant here is run now, and its variables
 * become expressions of the trip number (affine, shifts, or a table); a
 * counter that steps by a constant gives a for ... in dimension, the lanes
 * whose own bound is passed running no trip; any other uniform loop is a
 * for ... while loop; the rest is skipped, saying why. */
#include "front/csrc/lower_impl.h"

/* ------------------------------------------------------------- loops */

/* An expression of a skipped loop lowered for its accesses. */
static int skipped_part(lower *L, const csrc_expr *e)
{
    return !e || cl_expr(L, e) ? 0 : -1;
}

/* A loop the lowering does not follow: its accesses - the init's, the
 * condition's, the body's and the step's - become skipped records
 * saying why. */
int cl_loop_skipped(lower *L, const csrc_stmt *s, const char *why, lds_loc at)
{
    const char *os = L->skip;
    lds_loc osl = L->skip_loc;
    if (!L->skip) {
        L->skip = why;
        L->skip_loc = at;
    }
    /* what the body assigns is unknown from here on */
    const char *names[64];
    unsigned n = 0;
    cl_changed_names(L, s, names, &n, 64);
    cl_forget_changed(L, s, names, n);
    L->loops++;   /* no lets in it */
    int rc = 0;
    if (s->kind == CS_FOR && s->other)
        rc = cl_one_stmt(L, s->other);
    if (rc == 0 && s->kind != CS_DO)
        rc = skipped_part(L, s->e);
    if (rc == 0 && s->body)
        rc = cl_one_stmt(L, s->body);
    if (rc == 0)
        rc = skipped_part(L, s->kind == CS_DO ? s->e : s->step);
    L->loops--;
    L->skip = os;
    L->skip_loc = osl;
    cl_forget_changed(L, s, names, n);
    return rc;
}

/* Where a for loop stood once its init was lowered. */
typedef struct {
    unsigned env_before;   /* the bindings before the init (the loop's scope) */
    unsigned env;          /* and after it */
    size_t out;            /* the lowered text */
    unsigned accesses;
} loop_start;

/* A for loop skipped once its init was lowered: the init's accesses
 * stand (it runs once, before the loop) and so do its names, but the
 * counters the step changes; whatever was lowered of the loop since is
 * dropped (a condition lowered with a counter's name), and the rest of
 * it skipped. */
static int skip_after_init(lower *L, const csrc_stmt *s, const loop_start *st, const char *why, lds_loc at)
{
    cl_drop_since(L, st->out);
    L->accesses = st->accesses;
    L->nenv = st->env;
    csrc_stmt rest = *s;   /* the init's names are not its own now: the step's are forgotten */
    rest.other = NULL;
    int rc = cl_loop_skipped(L, &rest, why, at);
    L->nenv = st->env_before;
    return rc;
}

/* A counted loop whose counter leaves its type's range before its end
 * (front/csrc/lower_counter.c): one that never ends is an error at its line
 * where it holds accesses (they would run without end; one without
 * accesses changes no number), one that wraps first is skipped. */
static int counter_out_of_range(lower *L, const csrc_stmt *s, const loop_start *st, counter_fate fate, const char *why)
{
    if (fate == COUNTER_WRAPS)
        return skip_after_init(L, s, st, why, s->loc);
    if (skip_after_init(L, s, st, why, s->loc) < 0)
        return -1;
    if (L->accesses == st->accesses)
        return 0;
    lds_diag_set(L->diag, s->loc, "%s", why);
    return -1;
}

/* " as v = EXPR, w = EXPR": the kernel's own variables a loop lowered to
 * a trip number shows its trips by (lds(5), for ... as), those that are
 * integers the same for every lane that change from trip to trip; "" for
 * none. */
static const char *shown_as(lower *L, const char *const *names, val *const *vals, unsigned n)
{
    lds_buf b = { 0 };
    for (unsigned i = 0; i < n && i < LDS_MAX_SHOWN; i++)
        if (vals[i] && cl_is_int(vals[i]) && vals[i]->cls == C_UNIFORM && vals[i]->text)
            lds_buf_printf(&b, "%s %s = %s", b.len ? "," : " as", names[i], vals[i]->text);
    const char *out = cl_fmt(L, "%s", b.len ? b.s : "");
    lds_buf_free(&b);
    return out;
}

/* A loop whose condition and changing variables are constants here:
 * run it now for its trip count and each variable's values, trip by
 * trip; bind them as expressions of the trip number.  0 and *done true
 * when it worked; *done false when the loop is not of that kind. */
int cl_simulate_loop(lower *L, const csrc_stmt *s, const char *v, bool *done)
{
    *done = false;
    const csrc_stmt *body = s->body;
    const char *names[64];
    unsigned n = 0;
    cl_changed_names(L, body, names, &n, 64);
    const char *carried[MAX_CARRIED];
    unsigned nc = 0;
    carried[nc++] = v;
    for (unsigned i = 0; i < n; i++) {   /* integer variables the body changes at its own level only */
        binding *b = cl_lookup(L, names[i]);
        if (!b || !strcmp(names[i], v) || b->v->kind != V_INT)
            continue;
        unsigned top = 0;
        for (const csrc_stmt *t = cl_top_level(body, NULL); t; t = cl_top_level(body, t))
            top += cl_update_of(t, names[i]) != NULL;
        if (top == 0 || top != cl_assigns_in_body(body, names[i]) || nc >= MAX_CARRIED || b->v->cls != C_CONST)
            return 0;
        carried[nc++] = names[i];
    }
    /* and the step's other variables (for (k = 0, buf = 0; ...; k += 16, buf ^= 1)) */
    const char *stepped[8];
    unsigned ns = 0;
    cl_assigned_in_expr(s->step, stepped, &ns, 8);
    for (unsigned i = 0; i < ns; i++) {
        bool known = false;
        for (unsigned c = 0; c < nc; c++)
            known |= !strcmp(carried[c], stepped[i]);
        if (known)
            continue;
        binding *b = cl_lookup(L, stepped[i]);
        if (!b || b->v->kind != V_INT || b->v->cls != C_CONST || cl_assigns_in_body(body, stepped[i]) || nc >= MAX_CARRIED)
            return 0;
        carried[nc++] = stepped[i];
    }
    /* run it: values at the start of each trip */
    snapshot before = cl_save_env(L);
    size_t out_mark = L->out.len;
    unsigned made = L->accesses;
    int64_t *seq = lds_xcalloc((size_t)MAX_SIM_TRIPS * nc, sizeof *seq);
    int64_t final[MAX_CARRIED];   /* each carried variable's value when the loop ends */
    unsigned trips = 0;
    bool ok = true;
    for (;;) {
        for (unsigned c = 0; c < nc && ok; c++)
            ok = cl_lookup(L, carried[c])->v->kind == V_INT && cl_lookup(L, carried[c])->v->cls == C_CONST;
        val *cond = ok ? (s->e ? cl_expr(L, s->e) : cl_v_const(L, 1)) : NULL;
        if (!cond || !cl_is_int(cond) || cond->cls != C_CONST || L->accesses != made) {
            ok = false;
            break;
        }
        if (!cond->k) {
            for (unsigned c = 0; c < nc; c++)
                final[c] = cl_lookup(L, carried[c])->v->k;
            break;
        }
        if (trips == MAX_SIM_TRIPS) {
            ok = false;
            break;
        }
        for (unsigned c = 0; c < nc; c++)
            seq[(size_t)trips * nc + c] = cl_lookup(L, carried[c])->v->k;
        trips++;
        for (const csrc_stmt *t = cl_top_level(body, NULL); t && ok; t = cl_top_level(body, t))
            for (unsigned c = 1; c < nc && ok; c++)
                if (cl_update_of(t, carried[c]))
                    ok = cl_expr(L, t->e) != NULL;
        if (ok && s->step)
            ok = cl_expr(L, s->step) != NULL;
        if (!ok || L->accesses != made) {
            ok = false;
            break;
        }
    }
    cl_restore_env(L, &before);
    cl_drop_since(L, out_mark);
    L->accesses = made;
    if (cl_failed(L)) {
        lds_free(seq);
        return -1;
    }
    const char *trip = cl_lds_name(L, cl_fmt(L, "%s_trip", v));
    val *fits[MAX_CARRIED];
    for (unsigned c = 0; c < nc && ok; c++) {
        int64_t *vals = lds_xcalloc(trips ? trips : 1, sizeof *vals);
        for (unsigned j = 0; j < trips; j++)
            vals[j] = seq[(size_t)j * nc + c];
        fits[c] = trips ? cl_fit(L, vals, trips, trip) : cl_v_const(L, 0);
        ok = fits[c] != NULL;
        lds_free(vals);
    }
    lds_free(seq);
    if (!ok)
        return 0;
    *done = true;
    if (trips == 0)
        return 0;   /* it never runs */
    /* the pointers the body moves: by a step a trip, or unknown */
    val *ptr_start[64], *ptr_step[64];
    for (unsigned i = 0; i < n; i++) {
        binding *b = cl_lookup(L, names[i]);
        if (b && b->v->kind == V_RECORD)   /* a struct or vector the body changes: not followed inside */
            b->v = cl_v_data(L, cl_changes_each_trip(L, names[i], s), (lds_loc){ 0 });
        ptr_start[i] = b && cl_is_pointer(b->v) ? b->v : NULL;
        if (ptr_start[i] && cl_step_per_trip(L, s, names[i], &ptr_step[i]) < 0)
            return -1;
    }
    cl_line(L, s->loc, "for %s in 0..%u%s {", trip, trips, shown_as(L, carried, fits, nc));
    L->lds_loops++;
    for (unsigned c = 0; c < nc; c++)
        cl_lookup(L, carried[c])->v = fits[c];
    for (unsigned i = 0; i < n; i++)
        if (ptr_start[i])
            cl_lookup(L, names[i])->v = ptr_step[i] ? cl_advanced(L, ptr_start[i], ptr_step[i], cl_v_name(L, C_UNIFORM, trip), s->loc)
                                                    : cl_unknown_like(L, ptr_start[i], cl_changes_each_trip(L, names[i], s), (lds_loc){ 0 });
    L->loops++;
    L->indent++;
    int rc = cl_one_stmt(L, body);
    L->indent--;
    L->loops--;
    L->lds_loops--;
    cl_line(L, (lds_loc){ 0 }, "}");
    cl_forget_changed(L, s, names, n);
    for (unsigned c = 0; c < nc; c++)   /* what the run ended with holds after the loop */
        cl_lookup(L, carried[c])->v = cl_v_const(L, final[c]);
    for (unsigned i = 0; i < n; i++)   /* and a pointer moved by a step, `trips` steps on */
        if (ptr_start[i] && ptr_step[i])
            cl_lookup(L, names[i])->v = cl_advanced(L, ptr_start[i], ptr_step[i], cl_v_const(L, trips), s->loc);
    return rc;
}

/* The body of a loop lowered with the trip number `trip` (NULL: none):
 * a variable the body adds a constant to once a trip, at its own level,
 * is x0 + c * trip; any other it changes is unknown inside. */
int cl_loop_body(lower *L, const csrc_stmt *s, const char *v, const char *trip)
{
    const csrc_stmt *body = s->body;
    const char *names[64];
    unsigned n = 0;
    cl_changed_names(L, body, names, &n, 64);
    for (unsigned i = 0; i < n; i++) {
        binding *b = cl_lookup(L, names[i]);
        if (!b || !strcmp(names[i], v) || b->v->kind == V_DATA)
            continue;
        val *c, *wrapped = NULL;
        if (cl_step_per_trip(L, s, names[i], &c) < 0 || (trip && !c && cl_wrap_per_trip(L, s, names[i], b->v, trip, &wrapped) < 0))
            return -1;
        if (trip && c && (cl_is_int(b->v) || cl_is_pointer(b->v)))
            b->v = cl_advanced(L, b->v, c, cl_v_name(L, C_UNIFORM, trip), s->loc);
        else if (wrapped)
            b->v = wrapped;
        else
            b->v = cl_unknown_like(L, b->v, cl_changes_each_trip(L, names[i], s), (lds_loc){ 0 });
    }
    L->loops++;
    L->indent++;
    int rc = cl_one_stmt(L, body);
    L->indent--;
    L->loops--;
    cl_forget_changed(L, s, names, n);
    return rc;
}

/* A for loop as read, for the two ways of lowering it below. */
typedef struct {
    const csrc_stmt *s;
    const loop_start *lowered;
    const char *v;                /* its counter */
    binding *vb;
    val *init;                    /* the counter's start */
    val *step;                    /* its step (a constant or uniform), or NULL */
    const csrc_expr *next_rhs;    /* or the right side of its update */
    const char *next_op;
    const csrc_expr *bound_e;     /* `v cmp bound_e`, where the condition is that simple */
    const char *cmp;
    bool up;                      /* the step's direction */
    const char *const *names;     /* the variables the step changes, */
    unsigned n;                   /*   the counter one of them */
    val *const *carried;          /* each one's constant step (the counter's NULL) */
    const csrc_expr *const *stops;   /* conditions that stop a lane for good (a per-lane */
    unsigned nstops;                 /*   break at the loop's top): each trip's guards */
} for_plan;

/* A loop lowered whose part `what` needs a value no -D gives (v): its
 * accesses lowered again as not modelled, saying which value, and
 * noted for the file's message; the rest of the file is read on. */
static int missing_bound(lower *L, const for_plan *P, const val *v, const char *what)
{
    unsigned before = P->lowered->accesses;
    const char *why = cl_missing(L, v, what, 0);
    int rc = skip_after_init(L, P->s, P->lowered, why, v->missing_loc);
    cl_missing(L, v, what, L->accesses - before);
    return rc;
}

/* A loop whose counter steps by a constant toward a simple bound: a
 * for ... in dimension, v = init + step * trip. */
static int counted_loop(lower *L, const for_plan *P)
{
    int rc;
    /* v = init + step * trip; trips from the bound and the lane that starts first */
    val *bound = cl_expr(L, P->bound_e);
    if (!bound)
        return -1;
    /* a start and a bound that differ from lane to lane by the same
     * amount (a = aBegin; a <= aBegin + wA - 1): every lane runs the
     * same trips */
    val *even = cl_is_int(bound) && (P->init->cls == C_LANE || bound->cls == C_LANE)
                    ? cl_uniform_difference(L, bound, P->init) : NULL;
    /* the trips are the most any lane runs: counting up, from the
     * lowest start (thread 0's, where no thread starts below it) to
     * the highest bound (the last thread's, where it grows with the
     * thread ids); counting down, from a start the same for every
     * lane to the lowest bound.  A start and a bound that both differ
     * from lane to lane are not paired up. */
    const val *far = !cl_is_int(bound) || bound->cls != C_LANE ? bound
                     : P->init->cls == C_LANE ? NULL
                     : P->up ? (bound->mono ? bound->top : NULL) : (bound->mono || bound->least ? bound->zero : NULL);
    if (!cl_is_int(bound) || P->up != (P->cmp[0] == '<') || (!far && !even)) {
        return skip_after_init(L, P->s, P->lowered, !cl_is_int(bound) ? cl_fmt(L, "it is in a loop bounded by %s", bound->why ? bound->why : "data")
                                  : bound->cls == C_LANE ? "it is in a loop whose bound differs from lane to lane"
                                                         : "it is in a loop whose counter moves away from its bound",
                            cl_is_int(bound) ? P->s->loc : bound->why_loc);
    }
    const char *range_why;
    counter_fate range = cl_counter_fate(L, P->vb, P->init, P->step, P->cmp, bound, &range_why);
    if (range != COUNTER_ENDS)
        return counter_out_of_range(L, P->s, P->lowered, range, range_why);
    const val *start = P->init->cls != C_LANE ? P->init : P->up && (P->init->mono || P->init->least) ? P->init->zero : NULL;
    if (!start && !even)
        return skip_after_init(L, P->s, P->lowered, P->up ? "it is in a loop whose lanes start at places lds-calc cannot order"
                                                  : "it is in a loop that counts down from a start that differs "
                                                    "from lane to lane",
                               P->s->loc);
    size_t out_mark = L->out.len;
    unsigned made = L->accesses;
    val *span = even ? (P->up ? even : cl_int_unary(L, "-", even))
                     : P->up ? cl_int_op(L, "-", far, start) : cl_int_op(L, "-", start, far);
    if (P->cmp[1] == '=')
        span = cl_int_op(L, "+", span, cl_v_const(L, 1));
    val *mag = P->up ? P->step : cl_int_unary(L, "-", P->step);
    val *trips = cl_int_op(L, "/", cl_int_op(L, "+", span, cl_int_op(L, "-", mag, cl_v_const(L, 1))), mag);
    const char *trip = cl_lds_name(L, cl_fmt(L, "%s_trip", P->v));
    const char *hi = trips->cls == C_CONST ? cl_fmt(L, "%lld", (long long)(trips->k > 0 ? trips->k : 0))
                                           : cl_fmt(L, "max(0, %s)", trips->text);
    val *here = cl_int_op(L, "+", P->init, cl_int_op(L, "*", P->step, cl_v_name(L, C_UNIFORM, trip)));
    P->vb->v = here;
    const char *g = L->guard;
    const val *gm = L->gmiss;
    val *before[8] = { NULL };
    const char *shown[9] = { P->v };   /* the names its trips are shown by: the counter's, the step's others */
    val *shown_v[9] = { here };
    unsigned nshown = 1;
    for (unsigned i = 0; i < P->n; i++)   /* the step's other variables: w0 + c * trip */
        if (P->carried[i]) {
            binding *wb = cl_lookup(L, P->names[i]);
            before[i] = wb->v;
            wb->v = cl_advanced(L, wb->v, P->carried[i], cl_v_name(L, C_UNIFORM, trip), P->s->loc);
            shown[nshown] = P->names[i];
            shown_v[nshown++] = wb->v;
        }
    cl_line(L, P->s->loc, "for %s in 0..%s%s {", trip, hi, shown_as(L, shown, shown_v, nshown));
    if ((P->init->cls == C_LANE || bound->cls == C_LANE) && !even) {   /* each lane runs while its own v is in bounds */
        val *lane_cond = cl_int_op(L, P->cmp, here, bound);
        L->guard = cl_and_guard(L, L->guard, cl_paren(L, lane_cond));
        if (!L->gmiss && lane_cond->missing)
            L->gmiss = lane_cond;
    }
    for (unsigned i = 0; i < P->nstops; i++) {   /* and until its own break: once stopped, stopped for good */
        val *stop = cl_expr(L, P->stops[i]);
        if (!stop)
            return -1;
        LDS_ASSERT(cl_is_int(stop));   /* (checked before the loop: data there is data here) */
        L->guard = cl_and_guard(L, L->guard, cl_paren(L, stop));
        if (!L->gmiss && stop->missing)
            L->gmiss = stop;
    }
    L->lds_loops++;
    rc = cl_loop_body(L, P->s, P->v, trip);
    L->lds_loops--;
    for (unsigned i = 0; i < P->n; i++)
        if (before[i])   /* after the loop: not followed */
            cl_lookup(L, P->names[i])->v = cl_unknown_like(L, before[i], cl_changes_each_trip(L, P->names[i], P->s), P->s->loc);
    L->guard = g;
    L->gmiss = gm;
    cl_line(L, (lds_loc){ 0 }, "}");
    if (rc == 0 && L->accesses == made)
        cl_drop_since(L, out_mark);   /* no access inside: its bounds do not matter */
    else if (rc == 0 && trips->missing)   /* its accesses not modelled, the rest of the file read */
        rc = missing_bound(L, P, trips, "the bounds of a loop");
    return rc;
}

/* Any other loop the same for every lane: for v = init while cond next ... */
static int while_loop(lower *L, const for_plan *P)
{
    int rc;
    /* any other uniform loop: for v = init while cond next ... */
    const char *lv = cl_lds_name(L, P->v);
    P->vb->v = cl_v_name(L, C_UNIFORM, lv);
    val *c = cl_expr(L, P->s->e);
    if (!c)
        return -1;
    val *next = NULL;
    const char *why_not_next = NULL;
    if (P->step)
        next = cl_int_op(L, "+", P->vb->v, P->step);
    else if (P->next_rhs) {
        val *r = cl_expr(L, P->next_rhs);
        if (!r)
            return -1;
        if (cl_is_int(r))
            next = !strcmp(P->next_op, "=") ? r : cl_int_op(L, cl_compound_op(L, P->next_op), P->vb->v, r);
        else
            why_not_next = r->why;
    }
    if (!cl_is_int(c) || c->cls == C_LANE || !next || next->cls == C_LANE) {
        P->vb->v = P->init;
        const char *why = !cl_is_int(c) ? cl_fmt(L, "it is in a loop that ends where %s decides", c->why ? c->why : "data")
                          : c->cls == C_LANE ? "it is in a loop whose end differs from lane to lane"
                          : next ? "it is in a loop whose step differs from lane to lane"
                                 : cl_fmt(L, "it is in a loop stepped by %s", why_not_next ? why_not_next : "data");
        return skip_after_init(L, P->s, P->lowered, why, P->s->loc);
    }
    size_t out_mark = L->out.len;
    unsigned made = L->accesses;
    cl_line(L, P->s->loc, "for %s = %s while %s next %s {", lv, P->init->text, c->text, next->text);
    L->blocks++;
    L->lds_loops++;
    rc = cl_loop_body(L, P->s, P->v, NULL);
    L->lds_loops--;
    L->blocks--;
    cl_line(L, (lds_loc){ 0 }, "}");
    if (rc == 0 && L->accesses == made)
        cl_drop_since(L, out_mark);
    else if (rc == 0 && P->init->missing)
        rc = missing_bound(L, P, P->init, "the start of a loop");
    else if (rc == 0 && c->missing)
        rc = missing_bound(L, P, c, "the condition of a loop");
    else if (rc == 0 && next->missing)
        rc = missing_bound(L, P, next, "the step of a loop");
    return rc;
}

/* The condition of loop s, counter v counting up by a constant, as a
 * simple bound and conditions that each stop a lane for good where they
 * fail (cl_bound_and_stops), where at least one differs from lane to lane
 * (a uniform one is the while loop's) and none is data: 1, the parts set;
 * 0 where it is not so (*nstops 0); -1 on an error. */
static int lane_stops(lower *L, const csrc_stmt *s, const char *v, const csrc_expr **bound_e, const char **cmp,
                      const csrc_expr **stops, unsigned *nstops)
{
    const csrc_expr *b = NULL;
    const char *c = NULL;
    if (!cl_bound_and_stops(L, s, v, &b, &c, stops, nstops, 4)) {
        *nstops = 0;
        return 0;
    }
    size_t out_mark = L->out.len;
    unsigned made = L->accesses;
    bool lane = false, data = false;
    for (unsigned i = 0; i < *nstops; i++) {   /* each read with the counter at its start: they read nothing */
        val *x = cl_expr(L, stops[i]);
        if (!x)
            return -1;
        lane |= cl_is_int(x) && x->cls == C_LANE;
        data |= !cl_is_int(x);
    }
    cl_drop_since(L, out_mark);
    LDS_ASSERT(L->accesses == made);
    if (!lane || data) {
        *nstops = 0;
        return 0;
    }
    *bound_e = b;
    *cmp = c;
    return 1;
}

/* Why loop s, with no step of its own, is not followed where its body
 * changes a variable its condition tests other than by its last
 * statement (cl_last_as_step takes that one); NULL where it does not. */
static const char *body_moves_counter(lower *L, const csrc_stmt *s)
{
    const char *in_body = cl_changed_in_body_mentioned(L, s);
    return in_body ? cl_fmt(L, "it is in a loop whose body changes its counter '%s' other than by its last statement",
                            in_body)
                   : NULL;
}

/* A for loop as the lowering reads it: the update at the end of a
 * block with no step of its own its step, and `if (c) continue;` an else. */
static const csrc_stmt *for_as_read(lower *L, const csrc_stmt *s)
{
    const csrc_stmt *stepped = cl_last_as_step(L, s);   /* for (i = 0; i < n; ) { ...; i += 2; } */
    if (stepped)
        s = stepped;
    const csrc_stmt *body = cl_continue_as_else(L, s->body);
    if (body == s->body)
        return s;
    csrc_stmt *copy = lds_arena_alloc(L->arena, sizeof *copy);   /* if (c) continue; ...: the rest under !c */
    *copy = *s;
    copy->body = (csrc_stmt *)body;   /* read only */
    return copy;
}

int cl_for_stmt(lower *L, const csrc_stmt *s)
{
    s = for_as_read(L, s);
    unsigned mark = L->nenv;
    L->loops++;   /* the init's names are the loop's, never lets */
    int init_rc = s->other ? cl_one_stmt(L, s->other) : 0;
    L->loops--;
    if (init_rc < 0)
        return -1;
    const loop_start lowered = { mark, L->nenv, L->out.len, L->accesses };
    if (cl_has_jump(s->body, CS_BREAK) || cl_has_jump(s->body, CS_RETURN))
        return skip_after_init(L, s, &lowered, "it is in a loop with a break or a return, which lds-calc does not follow",
                               s->loc);
    if (cl_never_left(L, s))
        return counter_out_of_range(L, s, &lowered, COUNTER_ENDLESS,
                                    "this loop never ends: its condition always holds and nothing in it leaves it");
    if (cl_failed(L))
        return -1;
    if (cl_has_jump(s->body, CS_CONTINUE))
        return skip_after_init(L, s, &lowered,
                               "it is in a loop with a continue lds-calc does not follow (it follows 'if (c) continue;' "
                               "at the top of the loop's block)",
                               s->loc);
    if (L->lds_loops >= LDS_MAX_LOOPS)   /* lds would refuse the program: this loop is skipped, said */
        return skip_after_init(L, s, &lowered,
                               cl_fmt(L, "it is in a loop inside %d others, more than lds runs (lds(5): %d loops)",
                                      L->lds_loops, LDS_MAX_LOOPS),
                               s->loc);
    /* the loop variable: the one the step changes, or of several the
     * step changes, the one the condition tests */
    const char *names[8];
    unsigned n = 0;
    cl_assigned_in_expr(s->step, names, &n, 8);
    const char *v = NULL;
    bool all_bound = n > 0, all_known = n > 0;
    unsigned tested = 0;
    for (unsigned i = 0; i < n; i++) {
        const binding *b = cl_lookup(L, names[i]);
        all_bound = all_bound && b;
        all_known = all_known && b && cl_is_int(b->v) && b->v->cls == C_CONST;
        if (n == 1 || cl_mentions(s->e, names[i])) {
            tested++;
            v = names[i];
        }
    }
    csrc_stmt b1 = *s->body;
    b1.next = NULL;
    if (tested != 1 && all_known && !cl_count_assigns_stmt(&b1, names[0])) {
        /* two tested (i < j; i++, j--), every one known here: run it */
        bool done = false;
        if (cl_simulate_loop(L, s, names[0], &done) < 0)
            return -1;
        if (done) {
            L->nenv = mark;
            return 0;
        }
    }
    const char *moved = n ? NULL : body_moves_counter(L, s);
    if (moved)   /* for (i = 0; i < n; ) { ...; i++; ... } */
        return skip_after_init(L, s, &lowered, moved, s->loc);
    if (tested != 1 || !all_bound)   /* two tested: no one counter */
        return skip_after_init(L, s, &lowered, "it is in a loop whose counter lds-calc cannot tell", s->loc);
    binding *vb = cl_lookup(L, v);
    val *init = vb->v;
    if (cl_count_assigns_stmt(&b1, v)) {
        return skip_after_init(L, s, &lowered, cl_fmt(L, "it is in a loop whose body changes its counter '%s'", v), s->loc);
    }
    if (!cl_is_int(init)) {
        return skip_after_init(L, s, &lowered, cl_fmt(L, "it is in a loop that starts from %s", init->why ? init->why : "data"),
                            init->why_loc);
    }
    int rc = 0;
    bool done = false;
    const char *fate_why;
    counter_fate fate = cl_early_fate(L, s, v, vb, &fate_why);
    if (fate != COUNTER_ENDS)
        return counter_out_of_range(L, s, &lowered, fate, fate_why);
    if (cl_failed(L))
        return -1;
    if (init->cls == C_CONST) {   /* everything known here: run it now */
        if (cl_simulate_loop(L, s, v, &done) < 0)
            return -1;
        if (done) {
            L->nenv = mark;
            return 0;
        }
    }
    /* not run: the end and the step are worked out once, so neither may
     * read what the body changes (k < m with m -= 8 inside) */
    const char *changed = cl_changed_in_body_mentioned(L, s);
    if (changed) {
        return skip_after_init(L, s, &lowered, cl_fmt(L, "it is in a loop whose end or step reads '%s', which its body changes", changed),
                               s->loc);
    }
    /* the step moves other variables with the counter (a += 4, b += 8):
     * each by a constant step of its own is w0 + c * trip in a counted
     * loop; any other is followed only by running the loop */
    val *carried[8] = { NULL };
    for (unsigned i = 0; i < n; i++) {
        const csrc_expr *part = cl_step_part(s->step, names[i]);
        val *c = NULL;
        const csrc_expr *rhs = NULL;
        const char *rop = NULL;
        if (!strcmp(names[i], v))
            continue;
        if (part && !cl_mentions_changing(L, s, part->kind == CE_ASSIGN ? part->b : NULL)
            && !cl_count_assigns_stmt(&b1, names[i]) && cl_loop_step(L, part, names[i], &c, &rhs, &rop) == -2)
            return -1;
        if (!c) {
            return skip_after_init(L, s, &lowered, cl_fmt(L, "it is in a loop whose step changes '%s' and '%s', which lds-calc follows only "
                                                   "where each moves by a constant or it can run the loop as it reads "
                                                   "the file (every name its bounds use given, with -D where it is not in "
                                                   "the file)",
                                                names[0], names[1]),
                                   s->loc);
        }
        carried[i] = c;
    }
    val *step = NULL;
    const csrc_expr *next_rhs = NULL;
    const char *next_op = NULL;
    int st = cl_loop_step(L, n > 1 ? cl_step_part(s->step, v) : s->step, v, &step, &next_rhs, &next_op);
    if (st == -2)
        return -1;
    if (n > 1 && !step) {   /* a counter of several must step by a constant */
        return skip_after_init(L, s, &lowered, "it is in a loop lds-calc does not follow (its counter, step or end)", s->loc);
    }
    const csrc_expr *bound_e = NULL;
    const char *cmp = NULL;
    bool simple = cl_simple_bound(s->e, v, &bound_e, &cmp) && !cl_mentions(bound_e, v);
    /* a step's direction: a constant's sign, else the operator's (+= up) */
    bool up = step && (step->cls == C_CONST ? step->k > 0 : s->step->kind != CE_ASSIGN || strcmp(s->step->op, "-="));
    const csrc_expr *stops[4];   /* i < 8 && !(i * 32 + tid >= n) */
    unsigned nstops = 0;
    int lanes = simple || !step || step->cls != C_CONST || step->k <= 0 ? 0 : lane_stops(L, s, v, &bound_e, &cmp, stops, &nstops);
    if (lanes < 0)
        return -1;
    simple = simple || lanes > 0;
    for_plan P = { .s = s, .lowered = &lowered, .v = v, .vb = vb, .init = init, .step = step, .next_rhs = next_rhs,
                   .next_op = next_op, .bound_e = bound_e, .cmp = cmp, .up = up, .names = names, .n = n,
                   .carried = carried, .stops = stops, .nstops = nstops };
    if (st == 0 && step && simple && !(step->cls == C_CONST && step->k == 0))
        rc = counted_loop(L, &P);
    else if (st == 0 && s->e && init->cls != C_LANE && n == 1)
        rc = while_loop(L, &P);
    else
        return skip_after_init(L, s, &lowered, "it is in a loop lds-calc does not follow (its counter, step or end)", s->loc);
    L->nenv = mark;
    return rc;
}

static int while_stmt(lower *L, const csrc_stmt *s, const char *what);

/* A loop with no step of its own (while (c), for (init; c; )) whose
 * block ends in an update of a variable its condition tests
 * (`...; i += step; }`, `i++`) and has no continue (which would skip the
 * update): the for loop with that update as its step, the same trips
 * in the same order.  NULL where it is not of that form. */
const csrc_stmt *cl_last_as_step(lower *L, const csrc_stmt *s)
{
    const csrc_stmt *last = s->body && s->body->kind == CS_COMPOUND ? csrc_last_stmt(s->body->body) : NULL;
    if (!last || last->kind != CS_EXPR || s->step || !s->e || cl_has_jump(s->body, CS_CONTINUE))
        return NULL;
    const char *names[4];
    unsigned n = 0;
    cl_assigned_in_expr(last->e, names, &n, 4);
    if (n != 1 || !cl_mentions(s->e, names[0]))
        return NULL;
    csrc_stmt *body = lds_arena_alloc(L->arena, sizeof *body);   /* the block without its last statement */
    *body = *s->body;
    csrc_stmt **tail = &body->body;
    for (const csrc_stmt *t = s->body->body; t != last; t = t->next) {
        csrc_stmt *c = lds_arena_alloc(L->arena, sizeof *c);
        *c = *t;
        c->next = NULL;
        *tail = c;
        tail = &c->next;
    }
    *tail = NULL;
    csrc_stmt *f = lds_arena_alloc(L->arena, sizeof *f);
    *f = (csrc_stmt){ .kind = CS_FOR, .loc = s->loc, .body = body, .e = s->e, .step = last->e,
                      .other = s->kind == CS_FOR ? s->other : NULL };
    return f;
}

/* do B while (c); with no break, continue or return in B: B, then
 * while (c) B - or the while loop alone where c, reading nothing, holds
 * before the first trip (the common do { ... } while (k < n) from a
 * known start), so the body's accesses are one record each. */
static int do_while(lower *L, const csrc_stmt *s)
{
    csrc_stmt *loop = lds_arena_alloc(L->arena, sizeof *loop);
    *loop = *s;
    loop->kind = CS_WHILE;
    loop->next = NULL;
    bool holds = false;
    if (cl_reads_nothing(L, s->e)) {
        size_t out_mark = L->out.len;
        unsigned made = L->accesses;
        val *c = cl_expr(L, s->e);
        if (!c)
            return -1;
        holds = cl_is_int(c) && c->cls == C_CONST && c->k && L->accesses == made;
        cl_drop_since(L, out_mark);
        L->accesses = made;
    }
    if (!holds && cl_one_stmt(L, s->body) < 0)   /* the first trip, on its own */
        return -1;
    return while_stmt(L, loop, holds ? "a do-while loop lds-calc cannot count"
                                     : "a do-while loop lds-calc cannot count past its first trip (counted)");
}

int cl_while_stmt(lower *L, const csrc_stmt *s)
{
    if (s->kind == CS_DO && s->e && !cl_has_jump(s->body, CS_BREAK) && !cl_has_jump(s->body, CS_CONTINUE)
        && !cl_has_jump(s->body, CS_RETURN))
        return do_while(L, s);
    return while_stmt(L, s, s->kind == CS_DO ? "a do-while loop with a break, a continue or a return, which lds-calc does not follow"
                                             : "a while loop lds-calc cannot count");
}

/* A while loop (or a do-while lds-calc does not follow: `what` it is,
 * where it is not counted). */
static int while_stmt(lower *L, const csrc_stmt *s, const char *what)
{
    /* while (c) { ...; v op= e; }: the for loop it is */
    const csrc_stmt *f = s->kind == CS_WHILE && !cl_has_jump(s->body, CS_BREAK) && !cl_has_jump(s->body, CS_RETURN)
                             ? cl_last_as_step(L, s) : NULL;
    if (f)
        return cl_for_stmt(L, f);
    if (cl_never_left(L, s)) {   /* while (1) { ... }: no way out */
        const char *why = "this loop never ends: its condition always holds and nothing in it leaves it";
        unsigned made = L->accesses;
        if (cl_loop_skipped(L, s, why, s->loc) < 0)
            return -1;
        if (L->accesses == made)
            return 0;
        lds_diag_set(L->diag, s->loc, "%s", why);
        return -1;
    }
    if (cl_failed(L))
        return -1;
    return cl_loop_skipped(L, s, cl_fmt(L, "it is in %s", what), s->loc);
}

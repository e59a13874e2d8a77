/* front/csrc/lower_chain.c - if statements lowered (front/csrc/lower_impl.h), an
 * else-if chain as the flat list of arms it is: each arm's condition is
 * worked out in turn, and its statement runs where no earlier arm's
 * condition held.
 *
 * A run of arms whose conditions are the same for every lane is an lds
 * if ... else if ... chain (one block deep however long); a condition
 * that differs from lane to lane guards its arm's accesses, with the
 * lanes the earlier arms took left out.  Those lanes are kept as facts:
 * for a condition on one value against a constant (x == 3, x < 8, a
 * switch's cases) the values of x the earlier arms took, as a few
 * intervals, so that an arm's guard names only what its own condition
 * does not already exclude (x == 5 after x == 1 .. x == 4 needs nothing
 * more); any other condition is kept as its negation.  A chain of
 * switch-like arms is then lowered in time and text proportional to its
 * arms; one whose guards would outgrow what lds reads is reported arm by
 * arm as not modelled.  A condition on data skips its arm and every arm
 * after it (which lanes reach them depends on the data). */
#include "front/csrc/lower_impl.h"

/* ----------------------------------------------- what earlier arms took */

typedef struct {
    int64_t lo, hi;               /* INT64_MIN, INT64_MAX: unbounded */
} span;

/* The lanes whose x lies in one of the spans took an earlier arm. */
typedef struct {
    const val *x;
    span *spans;                  /* sorted, disjoint, not adjacent */
    size_t n, cap;
} lane_group;

typedef struct {
    lane_group *groups;
    size_t ngroups, capgroups;
    lds_buf other;                /* the negations of the other conditions, && between */
} taken;

/* c as "x lies in [lo, hi]" (front/csrc/lower_value.c sets it for a comparison of
 * a value with a constant), or false. */
static bool interval_of(const val *c, const val **x, span *s)
{
    if (c->kind != V_INT || !c->range_x)
        return false;
    *x = c->range_x;
    s->lo = c->range_lo;
    s->hi = c->range_hi;
    return true;
}

static lane_group *group_of(taken *t, const val *x, bool make)
{
    for (size_t i = 0; i < t->ngroups; i++)
        if (!strcmp(t->groups[i].x->text, x->text))
            return &t->groups[i];
    if (!make)
        return NULL;
    t->groups = lds_xgrow(t->groups, t->ngroups, &t->capgroups, sizeof *t->groups, 4);
    lane_group *g = &t->groups[t->ngroups++];
    memset(g, 0, sizeof *g);
    g->x = x;
    return g;
}

static bool overlap_or_touch(span a, span b)
{
    return !(a.hi < b.lo && a.hi + 1 < b.lo) && !(b.hi < a.lo && b.hi + 1 < a.lo);
}

/* s added to the group's spans, merged with those it overlaps or touches. */
static void group_add(lane_group *g, span s)
{
    size_t lo = 0, hi = g->n;   /* the first span that ends at or after s.lo - 1 */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (g->spans[mid].hi < s.lo && g->spans[mid].hi + 1 < s.lo)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t end = lo;
    while (end < g->n && overlap_or_touch(g->spans[end], s)) {
        s.lo = g->spans[end].lo < s.lo ? g->spans[end].lo : s.lo;
        s.hi = g->spans[end].hi > s.hi ? g->spans[end].hi : s.hi;
        end++;
    }
    if (end == lo) {   /* a span of its own */
        g->spans = lds_xgrow(g->spans, g->n, &g->cap, sizeof *g->spans, 4);
        memmove(g->spans + lo + 1, g->spans + lo, sizeof *g->spans * (g->n - lo));
        g->n++;
    } else {
        memmove(g->spans + lo + 1, g->spans + end, sizeof *g->spans * (g->n - end));
        g->n -= end - lo - 1;
    }
    g->spans[lo] = s;
}

/* After an arm of condition c: the lanes it took are taken. */
static void taken_add(lower *L, taken *t, const val *c)
{
    const val *x;
    span s;
    if (interval_of(c, &x, &s)) {
        group_add(group_of(t, x, true), s);
        return;
    }
    lds_buf_printf(&t->other, "%s!%s", t->other.len ? " && " : "", cl_paren(L, c));
}

/* "x lies in no span of g" ("x lies in none of those that meet `within`,
 * where within is not NULL"), appended to b. */
static void group_text(lower *L, lds_buf *b, const lane_group *g, const span *within)
{
    const char *x = cl_operand(L, g->x, cl_binding_power("<"), false);
    size_t from = 0;
    if (within) {   /* the spans are sorted: from the first that may meet it */
        size_t hi = g->n;
        while (from < hi) {
            size_t mid = (from + hi) / 2;
            if (g->spans[mid].hi < within->lo)
                from = mid + 1;
            else
                hi = mid;
        }
    }
    for (size_t i = from; i < g->n && (!within || g->spans[i].lo <= within->hi); i++) {
        span s = g->spans[i];
        const char *and = b->len ? " && " : "";
        if (s.lo == s.hi)
            lds_buf_printf(b, "%s%s != %lld", and, x, (long long)s.lo);
        else if (s.lo == INT64_MIN)
            lds_buf_printf(b, "%s%s > %lld", and, x, (long long)s.hi);
        else if (s.hi == INT64_MAX)
            lds_buf_printf(b, "%s%s < %lld", and, x, (long long)s.lo);
        else
            lds_buf_printf(b, "%s(%s < %lld || %s > %lld)", and, x, (long long)s.lo, x, (long long)s.hi);
    }
}

/* The condition that no earlier arm was taken, less what c (an arm's own
 * condition, or NULL) excludes by itself; NULL where there is none. */
static const char *taken_text(lower *L, const taken *t, const val *c)
{
    const val *cx = NULL;
    span cs;
    bool own = c && interval_of(c, &cx, &cs);
    lds_buf b = { 0 };
    for (size_t i = 0; i < t->ngroups; i++)
        group_text(L, &b, &t->groups[i], own && !strcmp(cx->text, t->groups[i].x->text) ? &cs : NULL);
    if (t->other.len)
        lds_buf_printf(&b, "%s%s", b.len ? " && " : "", lds_buf_str(&t->other));
    const char *r = b.len ? lds_arena_strndup(L->arena, lds_buf_str(&b), b.len) : NULL;
    lds_buf_free(&b);
    return r;
}

static void taken_free(taken *t)
{
    for (size_t i = 0; i < t->ngroups; i++)
        lds_free(t->groups[i].spans);
    lds_free(t->groups);
    lds_buf_free(&t->other);
}

/* ---------------------------------------------------------- the chain */

typedef struct {
    const val *c;                 /* its condition (data: a skip's reason) */
    snapshot after;               /* the variables after its statement */
} arm_end;

typedef struct {
    lower *L;
    const char *outer;            /* the guard around the chain */
    const val *outer_gm;
    snapshot before;
    taken took;                   /* per lane: what the earlier arms took */
    bool lanes;                   /* an arm differed from lane to lane (or read
                                     memory): the arms after it are guards */
    bool pending;                 /* an lds if ... { is open whose else may go on */
    unsigned open;                /* lds blocks the chain opened */
    const char *skip;             /* a condition on data: why the rest is skipped */
    lds_loc skip_loc;
    const val *gm;                /* a part of the guards that needs a -D value */
    struct { const val *c; unsigned made; } *uniform;   /* the lds conditions, and the */
    size_t nuniform, capuniform;                        /*   accesses made before each */
    arm_end *ends;
    size_t nends, capends;
    size_t mark;                  /* the text before the chain */
    unsigned made;                /* the accesses before it */
    bool ended;                   /* an arm whose condition is true: no arm after it */
    const val *first;             /* the first arm's condition as worked out */
    bool varied;                  /* an arm whose condition is not a constant ran */
    bool returns;                 /* an arm (or the else) that ran holds a return */
    const val *missing;           /* a condition the same for every lane that needs a
                                     value no -D gives: it and the rest skipped */
    unsigned missing_made;        /* the accesses before it */
} chain;

/* The variables now, kept for the merge (the snapshot before where no
 * arm changed any). */
static snapshot arm_snapshot(chain *ch)
{
    lower *L = ch->L;
    for (unsigned i = 0; i < L->nenv && i < ch->before.n; i++)
        if (L->env[i].v != ch->before.v[i])
            return cl_save_env(L);
    return L->nenv == ch->before.n ? ch->before : cl_save_env(L);
}

static void arm_done(chain *ch, const val *c)
{
    ch->ends = lds_xgrow(ch->ends, ch->nends, &ch->capends, sizeof *ch->ends, 8);
    ch->ends[ch->nends].c = c;
    ch->ends[ch->nends++].after = arm_snapshot(ch);
    cl_restore_env(ch->L, &ch->before);
}

/* An lds line that opens, continues or closes the chain's block. */
static void block_line(lower *L, int before, int after, const char *text)
{
    L->indent = (unsigned)((int)L->indent + before);
    cl_line(L, (lds_loc){ 0 }, "%s", text);
    L->indent = (unsigned)((int)L->indent + after);
}

/* Whether statement s (alone, not what follows it) holds a return. */
static bool holds_return(const csrc_stmt *s)
{
    if (!s)
        return false;
    csrc_stmt one = *s;
    one.next = NULL;
    return cl_has_jump(&one, CS_RETURN);
}

/* The guard of the lanes that reach an arm of condition c (NULL: the
 * chain's final else) in the per-lane part of the chain. */
static const char *lane_guard(chain *ch, const val *c)
{
    lower *L = ch->L;
    const char *g = cl_and_guard(L, ch->outer, taken_text(L, &ch->took, c));
    return c ? cl_and_guard(L, g, cl_paren(L, c)) : g;
}

/* Arm t's condition, worked out where it is evaluated: after the open
 * uniform block's else (tentatively written), or under the lanes that
 * reach it. */
static val *arm_condition(chain *ch, const csrc_stmt *t, size_t *else_mark, bool *wrote)
{
    lower *L = ch->L;
    *else_mark = L->out.len;
    if (ch->pending)
        block_line(L, -1, 1, "} else {");
    size_t from = L->out.len;
    const char *g = L->guard, *skip = L->skip;
    lds_loc skip_loc = L->skip_loc;
    if (ch->lanes && !cl_reads_nothing(L, t->e))   /* its accesses: where no earlier arm was taken */
        L->guard = lane_guard(ch, NULL);
    if (ch->skip) {
        L->skip = ch->skip;
        L->skip_loc = ch->skip_loc;
    }
    val *c = cl_expr(L, t->e);
    L->guard = g;
    L->skip = skip;
    L->skip_loc = skip_loc;
    *wrote = L->out.len != from;
    return c;
}

/* Where the tentative "} else {" stays: the chain goes on inside that
 * block (one level deeper), arms after it as guards. */
static void keep_else(chain *ch)
{
    if (ch->pending) {
        ch->pending = false;
        ch->open++;   /* the if's block, closed with the else's */
    }
}

/* One arm: if (c) body. */
static int chain_arm(chain *ch, const csrc_stmt *t)
{
    lower *L = ch->L;
    size_t else_mark;
    bool wrote;
    val *c = arm_condition(ch, t, &else_mark, &wrote);
    if (!c)
        return -1;
    ch->before = arm_snapshot(ch);   /* what the condition changed (x++ > 3) the later arms see */
    if (!ch->first)
        ch->first = c;
    if (cl_is_int(c) && c->cls == C_CONST && !ch->skip) {   /* decided here: the other arms do not exist */
        if (!c->k && !wrote) {
            if (ch->pending)
                cl_drop_since(L, else_mark);
            return 0;
        }
        keep_else(ch);
        if (!c->k)
            return 0;
        ch->ended = true;   /* the rest of the chain does not exist: a return in the arm is one past the if */
        ch->returns |= holds_return(t->body);
        L->guard = ch->lanes ? lane_guard(ch, NULL) : ch->outer;
        L->gmiss = ch->gm;
        return cl_one_stmt(L, t->body);
    }
    ch->varied = true;
    ch->returns |= holds_return(t->body);
    if (cl_is_int(c) && c->cls == C_UNIFORM && c->missing && !ch->skip) {   /* no -D gives it: not modelled */
        ch->skip = cl_missing(L, c, "the condition of an if", 0);
        ch->skip_loc = c->missing_loc;
        ch->missing = c;
        ch->missing_made = L->accesses;
    }
    if (cl_is_int(c) && c->cls == C_UNIFORM && !ch->lanes && !wrote && !ch->skip) {   /* an lds block */
        if (ch->pending) {
            cl_drop_since(L, else_mark);
            block_line(L, -1, 1, cl_fmt(L, "} else if %s {", c->text));
        } else {
            block_line(L, 0, 1, cl_fmt(L, "if %s {", c->text));
            L->blocks++;
        }
        ch->pending = true;
        ch->uniform = lds_xgrow(ch->uniform, ch->nuniform, &ch->capuniform, sizeof *ch->uniform, 8);
        ch->uniform[ch->nuniform].c = c;
        ch->uniform[ch->nuniform++].made = L->accesses;
        int rc = cl_branch(L, t->body, ch->outer, ch->outer_gm, NULL, (lds_loc){ 0 });
        arm_done(ch, c);
        return rc;
    }
    keep_else(ch);
    ch->lanes = true;
    if (!cl_is_int(c) && !ch->skip) {   /* which lanes take it depends on data: this arm and the rest */
        ch->skip = c->why ? cl_fmt(L, "whether it runs depends on %s", c->why) : "it runs under a condition on data";
        ch->skip_loc = c->why_loc;
    }
    if (!ch->gm && cl_is_int(c) && c->missing)
        ch->gm = c;
    const char *g = cl_is_int(c) ? lane_guard(ch, c) : ch->outer;
    int rc = cl_branch(L, t->body, g, ch->gm, ch->skip, ch->skip_loc);
    arm_done(ch, cl_is_int(c) ? c : cl_v_data(L, ch->skip, ch->skip_loc));
    if (cl_is_int(c))
        taken_add(L, &ch->took, c);
    return rc;
}

/* The chain's final else. */
static int chain_else(chain *ch, const csrc_stmt *other)
{
    lower *L = ch->L;
    if (ch->pending) {
        block_line(L, -1, 1, "} else {");
        ch->pending = false;
        ch->open++;
    }
    ch->returns |= holds_return(other);
    if (!ch->varied) {   /* every arm's condition was false: the else is what runs, returns and all */
        ch->ended = true;
        return cl_one_stmt(L, other);
    }
    int rc = cl_branch(L, other, ch->lanes ? lane_guard(ch, NULL) : ch->outer, ch->gm, ch->skip, ch->skip_loc);
    ch->ended = true;
    return rc;
}

/* Each variable as the arm that ran left it: c1 ? a1 : c2 ? a2 : ... :
 * what is left after the arms (the final else's, or as before). */
static void chain_merge(chain *ch)
{
    lower *L = ch->L;
    if (!ch->ended)
        cl_restore_env(L, &ch->before);
    snapshot x = cl_save_env(L);
    for (size_t i = ch->nends; i-- > 0;) {
        const snapshot *a = &ch->ends[i].after;
        for (unsigned k = 0; k < a->n && k < x.n && k < L->nenv; k++)
            if (a->v[k] != x.v[k])
                x.v[k] = cl_merged(L, ch->ends[i].c, a->v[k], x.v[k], L->env[k].name);
    }
    cl_restore_env(L, &x);
}

/* The lds blocks closed; the chain's text dropped where no access was
 * made in it, else the -D names its lds conditions need asked for. */
static int chain_close(chain *ch)
{
    lower *L = ch->L;
    unsigned blocks = ch->open + ch->pending;
    for (unsigned k = 0; k < blocks; k++)
        block_line(L, -1, 0, "}");
    if (ch->nuniform)
        L->blocks--;
    if (L->accesses == ch->made && ch->nuniform) {
        cl_drop_since(L, ch->mark);   /* no access inside: the conditions do not matter */
        return 0;
    }
    for (size_t i = 0; i < ch->nuniform; i++)   /* (one that needs a -D value made the rest skipped) */
        LDS_ASSERT(!ch->uniform[i].c->missing);
    if (ch->missing)
        cl_missing(L, ch->missing, "the condition of an if", L->accesses - ch->missing_made);
    return 0;
}

/* if (c) { ...; return; } with no else: the rest runs where !c. */
static void after_early_return(chain *ch, const val *c)
{
    lower *L = ch->L;
    if (cl_is_int(c)) {
        L->guard = cl_and_guard(L, ch->outer, cl_fmt(L, "!%s", cl_paren(L, c)));
        if (!L->gmiss && c->missing)
            L->gmiss = c;
    } else if (!L->skip) {
        L->skip = cl_fmt(L, "it runs after a return decided by %s", c->why ? c->why : "data");
        L->skip_loc = c->why_loc;
    }
}

/* Whether an if's arm is a return or a block that ends in one. */
static bool arm_returns(const csrc_stmt *body)
{
    const csrc_stmt *last = body && body->kind == CS_COMPOUND ? csrc_last_stmt(body->body) : body;
    return last && last->kind == CS_RETURN;
}

int cl_if_stmt(lower *L, const csrc_stmt *s)
{
    chain ch = { .L = L, .outer = L->guard, .outer_gm = L->gmiss, .gm = L->gmiss, .before = cl_save_env(L),
                 .mark = L->out.len, .made = L->accesses };
    int rc = 0;
    const csrc_stmt *last = s;   /* the chain's last if: its other is the final else */
    for (const csrc_stmt *t = s; t && rc == 0 && !ch.ended && !cl_failed(L); t = cl_else_if(t)) {
        rc = chain_arm(&ch, t);
        last = t;
    }
    if (rc == 0 && !ch.ended && !cl_else_if(last) && last->other && !cl_failed(L))
        rc = chain_else(&ch, last->other);
    if (rc == 0 && !cl_failed(L)) {
        chain_merge(&ch);
        rc = chain_close(&ch);
    }
    bool single = !s->other && ch.nends == 1 && !ch.ended;
    if (ch.varied) {   /* (decided by constants, the arm that ran is the code here, its returns its own) */
        L->guard = ch.outer;
        L->gmiss = ch.outer_gm;
    }
    if (rc == 0 && single && arm_returns(s->body))
        after_early_return(&ch, ch.first);
    else if (rc == 0 && ch.varied && ch.returns && !L->skip) {
        L->skip = "it runs after a return lds-calc does not follow (in a nested block, an else or a loop)";
        L->skip_loc = s->loc;
    }
    taken_free(&ch.took);
    lds_free(ch.uniform);
    lds_free(ch.ends);
    return cl_failed(L) ? -1 : rc;
}

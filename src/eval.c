/* src/eval.c - the tree-walking evaluator: one node at a time, exact
 * numbers from src/num.c.  Every node is counted against the evaluation's
 * limit (def calls nested in def calls multiply) and the run's budget. */
#include "src/eval.h"

#include <string.h>

#include "src/builtins.h"
#include "base/interrupt.h"

void lds_eval_init(lds_eval *ev, lds_env *env, lds_budget *budget, lds_diag *diag)
{
    memset(ev, 0, sizeof *ev);
    ev->env = env;
    ev->diag = diag;
    ev->budget = budget;
    lds_numctx_init(&ev->num, diag);
}

bool lds_budget_take(lds_budget *b, uint64_t n)
{
    if (b->left < n && !(b->refill && b->refill(b, n)))
        return false;
    b->left -= n;
    b->spent += n;
    return true;
}

void lds_work_begin(lds_work *w, const lds_budget *b, uint64_t planned, const char *unit)
{
    *w = (lds_work){ .unit = unit, .planned = planned, .spent0 = b ? b->spent : 0, .next = 1 };
}

int lds_work_step(lds_work *w, lds_budget *b, lds_diag *d, lds_loc loc)
{
    if (!b || ++w->done < w->next || w->done >= w->planned)
        return 0;
    w->next = 2 * w->done;   /* looks after 1, 2, 4, 8 ... units */
    uint64_t per = (b->spent - w->spent0) / w->done, rest = w->planned - w->done, need;
    uint64_t left = b->left + (b->more ? b->more(b) : 0);
    if (per == 0 || (!__builtin_mul_overflow(per, rest, &need) && need <= left))
        return 0;
    lds_diag_set(d, loc,
                 "this run would take more than %llu expression operations (--max-ops): the first %llu of its %llu %s "
                 "took %llu operations each on average",
                 (unsigned long long)b->limit, (unsigned long long)w->done, (unsigned long long)w->planned, w->unit,
                 (unsigned long long)per);
    return -1;
}

void lds_eval_free(lds_eval *ev)
{
    lds_numctx_free(&ev->num);
}

static int eval_node(lds_eval *ev, const lds_expr *e, lds_num *out);

static int var_value(lds_eval *ev, lds_var_id var, lds_num *out, lds_loc loc)
{
    const lds_env *env = ev->env;
    int64_t tid = env->wave * (int64_t)env->wave_size + env->lane;
    int64_t x = env->threads[0], y = env->threads[1], r = 0;
    switch (var) {
    case V_LANE: r = env->lane; break;
    case V_WAVE: r = env->wave; break;
    case V_TID: r = tid; break;
    case V_TID_X: r = tid % x; break;
    case V_TID_Y: r = tid / x % y; break;
    case V_TID_Z: r = tid / (x * y); break;
    case V_GROUP: r = env->group; break;
    case V_BANKS: r = env->banks; break;
    case V_BANK_BYTES: r = env->bank_bytes; break;
    case V_WAVE_SIZE: r = env->wave_size; break;
    case V_THREADS_X: r = x; break;
    case V_THREADS_Y: r = y; break;
    case V_THREADS_Z: r = env->threads[2]; break;
    case V_GROUPS: r = env->groups; break;
    case V_DISPATCH_X: r = env->group * x + tid % x; break;
    }
    return lds_num_small(&ev->num, r, out, loc);
}

/* get_local_id(d), get_group_id(d), get_local_size(d) */
static int thread_query(lds_eval *ev, lds_builtin fn, const lds_num *dim, lds_num *out, lds_loc loc)
{
    static const lds_var_id local[3] = { V_TID_X, V_TID_Y, V_TID_Z };
    int64_t d;
    if (!lds_num_to_int64(dim, &d) || d < 0 || d > 2) {
        lds_diag_set(ev->diag, loc, "the dimension must be 0, 1 or 2");
        return -1;
    }
    if (fn == F_LOCAL_SIZE)
        return lds_num_small(&ev->num, ev->env->threads[d], out, loc);
    if (fn == F_GROUP_ID)
        return lds_num_small(&ev->num, d == 0 ? ev->env->group : 0, out, loc);
    return var_value(ev, local[d], out, loc);
}

/* min/max: only the best so far stays on the temporaries stack (at
 * `base`), so memory does not grow with the number of arguments. */
static int min_max(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    size_t base = ev->num.top;
    lds_num v;
    if (eval_node(ev, e->args[0], out) < 0)
        return -1;
    for (unsigned i = 1; i < e->nargs; i++) {
        if (eval_node(ev, e->args[i], &v) < 0)
            return -1;
        int c = lds_num_compare(&v, out);
        if ((e->builtin == F_MIN && c < 0) || (e->builtin == F_MAX && c > 0)) {
            if (v.z && out->z)
                mpz_swap(out->z, v.z);   /* out->z stays at base */
            else
                *out = v;   /* small, or big at base (out was small) */
        }
        ev->num.top = out->z ? base + 1 : base;
    }
    return 0;
}

static int eval_builtin(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    lds_builtin fn = (lds_builtin)e->builtin;
    lds_num v[4];
    if (fn == F_MIN || fn == F_MAX)
        return min_max(ev, e, out);
    for (unsigned i = 0; i < e->nargs && i < 4; i++)
        if (eval_node(ev, e->args[i], &v[i]) < 0)
            return -1;
    if (fn == F_LOCAL_ID || fn == F_GROUP_ID || fn == F_LOCAL_SIZE)
        return thread_query(ev, fn, &v[0], out, e->loc);
    return lds_builtin_apply(&ev->num, fn, v, out, e->loc);
}

static int eval_name(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    if (e->param >= 0) {   /* a def parameter */
        *out = ev->frame[e->param];
        if (out->z) {   /* copy: the caller's slot must not move */
            mpz_ptr z = lds_num_push(&ev->num);
            mpz_set(z, out->z);
            out->z = z;
        }
        return 0;
    }
    const lds_sym *s = e->sym;
    switch (s->kind) {
    case SYM_BUILTIN:
        return var_value(ev, s->var, out, e->loc);
    case SYM_CONST:
        return lds_num_from_mpz(&ev->num, s->value, out, e->loc);
    case SYM_LET: {
        const lds_num *frame = ev->frame;
        ev->frame = NULL;
        int rc = eval_node(ev, s->expr, out);
        ev->frame = frame;
        return rc;
    }
    case SYM_LOOP:
        return lds_num_small(&ev->num, ev->env->loop[s->slot], out, e->loc);
    default:
        lds_diag_set(ev->diag, e->loc, "'%s' is not a value", s->name);
        return -1;
    }
}

static int eval_call(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    if (e->builtin >= 0)
        return eval_builtin(ev, e, out);
    lds_num args[LDS_MAX_PARAMS];
    for (unsigned i = 0; i < e->nargs; i++)
        if (eval_node(ev, e->args[i], &args[i]) < 0)
            return -1;
    const lds_num *frame = ev->frame;
    ev->frame = args;
    int rc = eval_node(ev, e->sym->def->u.def.body, out);
    ev->frame = frame;
    const lds_loc *at = &ev->diag->loc;
    bool inside = at->src != ev->where.src || at->line != ev->where.line || at->col != ev->where.col;
    if (rc < 0 && inside)   /* an error in the def's body (a limit is reported at the statement) */
        lds_diag_note(ev->diag, e->loc, "in '%s', called here", e->name);
    return rc;
}

static int eval_inner(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    lds_num a, b;
    switch (e->kind) {
    case E_NUM:
        if (!e->big)
            return lds_num_small(&ev->num, e->value, out, e->loc);
        return lds_num_from_mpz(&ev->num, e->big, out, e->loc);
    case E_NAME:
        return eval_name(ev, e, out);
    case E_CALL:
        return eval_call(ev, e, out);
    case E_UNARY:
        if (eval_node(ev, e->a, &a) < 0)
            return -1;
        return lds_num_unary(&ev->num, e->op, &a, out, e->loc);
    case E_COND:
        if (eval_node(ev, e->a, &a) < 0)
            return -1;
        return eval_node(ev, lds_num_is_zero(&a) ? e->c : e->b, out);
    case E_BINARY:
        if (eval_node(ev, e->a, &a) < 0)
            return -1;
        if (e->op == OP_LAND || e->op == OP_LOR) {   /* short-circuit */
            if (lds_num_is_zero(&a) == (e->op == OP_LAND))
                return lds_num_small(&ev->num, e->op == OP_LOR, out, e->loc);
            if (eval_node(ev, e->b, &b) < 0)
                return -1;
            return lds_num_small(&ev->num, !lds_num_is_zero(&b), out, e->loc);
        }
        if (eval_node(ev, e->b, &b) < 0)
            return -1;
        return lds_num_binary(&ev->num, e->op, &a, &b, out, e->loc);
    }
    return 0;
}

/* The limits of one node: the evaluation's operations and nesting, and
 * the run's budget (reported at the statement, not inside a def). */
static int count_node(lds_eval *ev, const lds_expr *e)
{
    if (ev->budget) {
        if (ev->budget->left > 0) {
            ev->budget->left--;
            ev->budget->spent++;
        } else if (!lds_budget_take(ev->budget, 1)) {
            lds_diag_set(ev->diag, ev->where, "this run takes more than %llu expression operations (--max-ops)",
                         (unsigned long long)ev->budget->limit);
            return -1;
        }
    }
    if ((++ev->ops & 0xffff) == 0 && lds_interrupt_pending()) {
        lds_diag_set(ev->diag, ev->where.src ? ev->where : e->loc, "interrupted");
        return -1;
    }
    if (ev->ops > LDS_MAX_EVAL_OPS) {
        lds_diag_set(ev->diag, ev->where.src ? ev->where : e->loc,
                     "evaluating this takes more than %d operations (def calls nested too deeply)", LDS_MAX_EVAL_OPS);
        return -1;
    }
    if (ev->depth + 1 > LDS_MAX_EVAL_DEPTH) {
        lds_diag_set(ev->diag, ev->where.src ? ev->where : e->loc, "def calls nested deeper than %d levels",
                     LDS_MAX_EVAL_DEPTH);
        return -1;
    }
    return 0;
}

static int eval_node(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    size_t mark = ev->num.top;
    if (count_node(ev, e) < 0)
        return -1;
    ev->depth++;
    int rc = eval_inner(ev, e, out);
    ev->depth--;
    if (rc == 0)
        lds_num_settle(&ev->num, mark, out);
    return rc;
}

int lds_eval_value(lds_eval *ev, const lds_expr *e, lds_num *out)
{
    ev->num.top = 0;
    ev->ops = 0;
    ev->depth = 0;
    ev->frame = NULL;
    return eval_node(ev, e, out);
}

int lds_eval_int64(lds_eval *ev, const lds_expr *e, int64_t *out, const char *what)
{
    lds_num v;
    if (lds_eval_value(ev, e, &v) < 0)
        return -1;
    if (!lds_num_to_int64(&v, out)) {
        lds_diag_set(ev->diag, e->loc, "%s does not fit in 64 bits", what);
        return -1;
    }
    return 0;
}

int lds_eval_mpz(lds_eval *ev, const lds_expr *e, mpz_t out)
{
    lds_num v;
    if (lds_eval_value(ev, e, &v) < 0)
        return -1;
    lds_num_get_mpz(&v, out);
    return 0;
}

int lds_eval_call_int64(lds_eval *ev, const lds_sym *def, const int64_t *args, unsigned nargs, lds_loc loc,
                        int64_t *out)
{
    lds_num frame[LDS_MAX_PARAMS], v;
    ev->num.top = 0;
    ev->ops = 0;
    ev->depth = 0;
    for (unsigned i = 0; i < nargs && i < LDS_MAX_PARAMS; i++)
        if (lds_num_small(&ev->num, args[i], &frame[i], loc) < 0)
            return -1;
    ev->frame = frame;
    int rc = eval_node(ev, def->def->u.def.body, &v);
    ev->frame = NULL;
    if (rc < 0)
        return -1;
    if (!lds_num_to_int64(&v, out)) {
        lds_diag_set(ev->diag, loc, "the layout's result does not fit in 64 bits");
        return -1;
    }
    return 0;
}

int lds_eval_probe_int64(lds_eval *ev, const lds_expr *e, int64_t *out)
{
    lds_diag scratch = { 0 };
    lds_diag *saved = ev->diag, *saved_num = ev->num.diag;
    size_t top = ev->num.top;
    const lds_num *frame = ev->frame;
    uint64_t ops = ev->ops;
    unsigned depth = ev->depth;
    lds_num n;
    ev->diag = ev->num.diag = &scratch;
    int rc = eval_node(ev, e, &n);
    ev->diag = saved;
    ev->num.diag = saved_num;
    ev->num.top = top;
    ev->frame = frame;
    ev->ops = ops;
    ev->depth = depth;
    return rc == 0 && lds_num_to_int64(&n, out);
}

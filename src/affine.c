/* src/affine.c - the affine analysis.
 *
 * Invariant: affine(e) = 1 with c means e(v + 1) - e(v) = c for every
 * value of the other variables, exactly (no wrap: numbers are unbounded,
 * and the coefficient itself is checked for int64 overflow).  Only +, -,
 * unary -, multiplication by a uniform factor and << by a uniform count
 * are followed; anything else (%, /, ^, calls of built-ins) answers 0. */
#include "src/affine.h"

typedef struct {
    lds_eval *ev;
    uint64_t var;
    uint64_t varying;       /* bits that change inside the analysed loop */
    lds_expr *const *args;  /* the def call's arguments, when inside one */
} affine_ctx;

static int affine(affine_ctx *cx, const lds_expr *e, int64_t *coef);

/* A factor that is the same for every lane and iteration: it depends only
 * on loop variables bound outside the one analysed, and no parameter. */
static int uniform_factor(affine_ctx *cx, const lds_expr *e, int64_t *v)
{
    uint64_t varying = LDS_DEP_LANE | LDS_DEP_PARAM | cx->var | cx->varying;
    if (e->deps & varying)
        return 0;
    return lds_eval_probe_int64(cx->ev, e, v);
}

static int affine_var(affine_ctx *cx, const lds_sym *s, int64_t *coef)
{
    const lds_env *env = cx->ev->env;
    int one_d = env->threads[1] == 1 && env->threads[2] == 1;
    if (!(s->deps & cx->var)) {
        *coef = 0;
        return 1;
    }
    switch (s->kind) {
    case SYM_LOOP:
        *coef = 1;
        return 1;
    case SYM_LET:
        return affine(cx, s->expr, coef);
    case SYM_BUILTIN:
        if (cx->var == LDS_DEP_WAVE && (s->var == V_WAVE || s->var == V_TID
                                        || (one_d && (s->var == V_TID_X || s->var == V_DISPATCH_X)))) {
            *coef = s->var == V_WAVE ? 1 : env->wave_size;
            return 1;
        }
        if (cx->var == LDS_DEP_GROUP && (s->var == V_GROUP || (one_d && s->var == V_DISPATCH_X))) {
            *coef = s->var == V_GROUP ? 1 : env->threads[0];
            return 1;
        }
        return 0;
    default:
        return 0;
    }
}

static int affine(affine_ctx *cx, const lds_expr *e, int64_t *coef)
{
    int64_t ca, cb, f;
    if (!(e->deps & (cx->var | LDS_DEP_PARAM))) {
        *coef = 0;
        return 1;
    }
    switch (e->kind) {
    case E_NUM:
        *coef = 0;
        return 1;
    case E_NAME:
        if (e->param >= 0) {   /* a parameter: the argument in the caller */
            if (!cx->args)
                return 0;
            affine_ctx outer = { cx->ev, cx->var, cx->varying, NULL };
            return affine(&outer, cx->args[e->param], coef);
        }
        return affine_var(cx, e->sym, coef);
    case E_UNARY:
        if (e->op != OP_NEG || !affine(cx, e->a, &ca))
            return 0;
        return !__builtin_sub_overflow((int64_t)0, ca, coef);
    case E_BINARY:
        switch (e->op) {
        case OP_ADD:
        case OP_SUB:
            if (!affine(cx, e->a, &ca) || !affine(cx, e->b, &cb))
                return 0;
            return e->op == OP_ADD ? !__builtin_add_overflow(ca, cb, coef) : !__builtin_sub_overflow(ca, cb, coef);
        case OP_MUL:
            if (uniform_factor(cx, e->a, &f) && affine(cx, e->b, &cb))
                return !__builtin_mul_overflow(f, cb, coef);
            if (uniform_factor(cx, e->b, &f) && affine(cx, e->a, &ca))
                return !__builtin_mul_overflow(f, ca, coef);
            return 0;
        case OP_SHL:
            if (uniform_factor(cx, e->b, &f) && f >= 0 && f < 62 && affine(cx, e->a, &ca))
                return !__builtin_mul_overflow(ca, (int64_t)1 << f, coef);
            return 0;
        default:
            return 0;
        }
    case E_CALL:
        if (e->builtin < 0 && !cx->args) {
            affine_ctx inner = { cx->ev, cx->var, cx->varying, e->args };
            return affine(&inner, e->sym->def->u.def.body, coef);
        }
        return 0;
    default:
        return 0;
    }
}

int lds_affine_coef(lds_eval *ev, const lds_expr *e, uint64_t var, uint64_t varying, int64_t *coef)
{
    affine_ctx cx = { ev, var, varying, NULL };
    return affine(&cx, e, coef);
}

int lds_affine_call_coef(lds_eval *ev, const lds_sym *def, lds_expr *const *args, uint64_t var,
                         uint64_t varying, int64_t *coef)
{
    affine_ctx cx = { ev, var, varying, args };
    return affine(&cx, def->def->u.def.body, coef);
}

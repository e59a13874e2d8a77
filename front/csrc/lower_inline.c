/* front/csrc/lower_inline.c - calls to the functions of the file, inlined
 * (front/csrc/lower_impl.h): the parameters bound to the arguments (a
 * reference to the element or variable it names), the body lowered where
 * the call is, its value the value it returns.
 *
 * Recursion is followed like any call: a call of a function already being
 * inlined is inlined again, with its own arguments, so that recursion
 * whose arguments decide where it stops (f(x, n - 1) under if (n > 0),
 * f<N - 1> down to a specialization f<0>) is counted whole.  What bounds
 * it are the limits of lds-calc(1): calls nested CL_MAX_CALL_DEPTH deep,
 * CL_MAX_CALLS calls in a kernel, and the nesting of everything together
 * (CL_MAX_NEST levels, which keeps the reader's stack bounded).  A call
 * past a limit is not followed, and says so where it is made: one skipped
 * record per shared array its code accesses and way it accesses it (read,
 * written, an atomic's target), with the limit as the reason. */
#include "front/csrc/lower_impl.h"

/* ------------------------------------------------ what a call reaches */

enum { REACH_READ = 1, REACH_WRITE = 2, REACH_ATOMIC = 4 };

/* The memory a call not followed would have accessed: each shared array
 * (or global allocation) named in the code of the function called and of
 * the functions it calls, directly or through a parameter given a pointer
 * into it, and how each is used.  A worklist of functions, each walked
 * again when a parameter of it is found to alias more memory. */
typedef struct {
    lower *L;
    struct { const csrc_func *f; unsigned param; const char *mem; } *alias;
    size_t nalias, capalias;
    const csrc_func **todo;
    size_t ntodo, captodo;
    struct { const char *name; unsigned how; } found[64];
    unsigned nfound;
} reach;

static void reach_note(reach *r, const char *name, unsigned how)
{
    unsigned i = 0;
    while (i < r->nfound && strcmp(r->found[i].name, name))
        i++;
    if (i == r->nfound) {
        if (r->nfound == sizeof r->found / sizeof r->found[0])
            return;
        r->found[r->nfound].name = name;
        r->found[r->nfound++].how = 0;
    }
    r->found[i].how |= how ? how : REACH_READ;
}

/* The shared array or global allocation the name n stands for in f's
 * code: a parameter found to alias one, or a shared array of the kernel. */
static const char *reach_memory(const reach *r, const csrc_func *f, const char *n)
{
    for (size_t i = 0; i < r->nalias; i++)
        if (r->alias[i].f == f && f->params[r->alias[i].param].name && !strcmp(f->params[r->alias[i].param].name, n))
            return r->alias[i].mem;
    const sarray *a = cl_find_array(r->L, n);
    return a ? a->name : NULL;
}

static void reach_push(reach *r, const csrc_func *f)
{
    r->todo = lds_xgrow(r->todo, r->ntodo, &r->captodo, sizeof *r->todo, 16);
    r->todo[r->ntodo++] = f;
}

/* Parameter k of f aliases mem: f is walked (again) if that is new. */
static void reach_alias(reach *r, const csrc_func *f, unsigned k, const char *mem)
{
    for (size_t i = 0; i < r->nalias; i++)
        if (r->alias[i].f == f && r->alias[i].param == k && !strcmp(r->alias[i].mem, mem))
            return;
    r->alias = lds_xgrow(r->alias, r->nalias, &r->capalias, sizeof *r->alias, 16);
    r->alias[r->nalias].f = f;
    r->alias[r->nalias].param = k;
    r->alias[r->nalias++].mem = mem;
    reach_push(r, f);
}

/* The memory an argument points into: its name under &, *, casts,
 * subscripts, members and pointer arithmetic (&p[4], s + k, (float4 *)s). */
static const char *reach_pointer(const reach *r, const csrc_func *f, const csrc_expr *a)
{
    while (a && a->kind != CE_ID) {
        if (a->kind == CE_BINARY && (!strcmp(a->op, "+") || !strcmp(a->op, "-")))
            a = reach_pointer(r, f, a->a) ? a->a : a->b;
        else if (a->kind == CE_UNARY || a->kind == CE_CAST || a->kind == CE_INDEX || a->kind == CE_MEMBER)
            a = a->a;
        else
            return NULL;
    }
    return a ? reach_memory(r, f, a->name) : NULL;
}

/* e, used as `how` (0: read, if it is memory), in f's code. */
static void reach_expr(reach *r, const csrc_func *f, const csrc_expr *e, unsigned how)
{
    if (!e)
        return;
    switch (e->kind) {
    case CE_ID: {
        const char *m = reach_memory(r, f, e->name);
        if (m)
            reach_note(r, m, how);
        return;
    }
    case CE_ASSIGN:
        reach_expr(r, f, e->a, strcmp(e->op, "=") ? REACH_READ | REACH_WRITE : REACH_WRITE);
        reach_expr(r, f, e->b, 0);
        return;
    case CE_POSTFIX:
        reach_expr(r, f, e->a, REACH_READ | REACH_WRITE);
        return;
    case CE_UNARY:
        reach_expr(r, f, e->a, !strcmp(e->op, "++") || !strcmp(e->op, "--") ? REACH_READ | REACH_WRITE
                               : !strcmp(e->op, "*") || !strcmp(e->op, "&")  ? how : 0);
        return;
    case CE_INDEX:
        reach_expr(r, f, e->a, how);
        reach_expr(r, f, e->b, 0);
        return;
    case CE_MEMBER:
    case CE_CAST:
        reach_expr(r, f, e->a, how);
        return;
    case CE_CALL: {
        const csrc_func *g = cl_find_callee(r->L, e);
        bool atomic = e->name && (strstr(e->name, "atomic") || strstr(e->name, "Interlocked") || !strncmp(e->name, "atom_", 5));
        for (unsigned i = 0; i < e->nargs; i++) {
            const char *m = g && i < g->nparams ? reach_pointer(r, f, e->args[i]) : NULL;
            if (m)   /* passed on: what g does with it is what counts */
                reach_alias(r, g, i, m);
            else
                reach_expr(r, f, e->args[i], atomic && i == 0 ? REACH_ATOMIC : 0);
        }
        size_t k = 0;
        while (g && k < r->ntodo && r->todo[k] != g)
            k++;
        if (g && k == r->ntodo)
            reach_push(r, g);
        return;
    }
    default:
        reach_expr(r, f, e->a, 0);
        reach_expr(r, f, e->b, 0);
        reach_expr(r, f, e->c, 0);
        for (unsigned i = 0; i < e->nargs; i++)
            reach_expr(r, f, e->args[i], 0);
        return;
    }
}

typedef struct {
    reach *r;
    const csrc_func *f;
} reach_in;

static void reach_stmt(const csrc_stmt *s, void *ctx)
{
    reach_in *in = ctx;
    reach_expr(in->r, in->f, s->e, 0);
    reach_expr(in->r, in->f, s->step, 0);
    for (unsigned i = 0; i < s->ndecls; i++)
        reach_expr(in->r, in->f, s->decls[i].init, 0);
    for (unsigned i = 0; i < s->noperands; i++)
        reach_expr(in->r, in->f, s->operands[i], i < s->noutputs ? REACH_WRITE : 0);
}

/* Whether name is the lds name of one of the kernel's shared arrays (else
 * the memory a call reaches is a global allocation's). */
static bool lowered_array(const lower *L, const char *name)
{
    for (const sarray *a = L->arrays; a; a = a->next)
        if (!strcmp(a->name, name))
            return true;
    return false;
}

/* A call of f (the arguments args) not followed, for `why`: a skipped
 * record at the call for each memory its code accesses and way. */
static void call_not_followed(lower *L, const csrc_func *f, const csrc_expr *e, val *const *args, unsigned n,
                              const char *why)
{
    reach r = { .L = L };
    reach_push(&r, f);
    for (unsigned i = 0; i < n; i++)
        if (args[i]->kind == V_SHARED || (args[i]->kind == V_GLOBAL && args[i]->gname))
            reach_alias(&r, f, i, args[i]->kind == V_SHARED ? args[i]->arr->name : args[i]->gname);
    for (size_t k = 0; k < r.ntodo; k++) {   /* grows as calls are found: each entry walked once */
        reach_in in = { &r, r.todo[k] };
        cl_walk_stmts(r.todo[k]->body, reach_stmt, &in);
    }
    static const unsigned hows[] = { REACH_READ, REACH_WRITE, REACH_ATOMIC };
    for (unsigned i = 0; i < r.nfound; i++)
        for (unsigned k = 0; k < 3; k++)
            if (r.found[i].how & hows[k]) {
                L->accesses++;
                cl_line(L, e->loc, "%s %s: it is in a call to '%s' that lds-calc does not follow: %s",
                        cl_skip_head(L, (int)k, !lowered_array(L, r.found[i].name), 0), r.found[i].name, f->name, why);
            }
    lds_free(r.alias);
    lds_free(r.todo);
}

/* Why a call here is past the limits, or NULL. */
static const char *call_limit(lower *L)
{
    if (L->calls >= CL_MAX_CALL_DEPTH)
        return cl_fmt(L, "calls nested more than %d deep", CL_MAX_CALL_DEPTH);
    if (L->ncalls >= CL_MAX_CALLS)
        return cl_fmt(L, "more than %d calls inlined in this kernel", CL_MAX_CALLS);
    if (L->nest + CL_CALL_ROOM > CL_MAX_NEST)
        return cl_fmt(L, "statements, operators and calls nested more than %d levels deep in all", CL_MAX_NEST);
    if (L->guard && strlen(L->guard) > MAX_TEXT)
        return cl_fmt(L, "the condition it is made under is longer than %u bytes", MAX_TEXT);
    return NULL;
}

/* ---------------------------------------------------------- recursion */

/* How a value bound at a call differs from the one the enclosing call of
 * the same function bound: not at all, by a known constant, or otherwise. */
enum { SAME, KNOWN_CHANGE, OTHER_CHANGE };

static int change(const binding *was, const binding *now)
{
    const val *a = was->v, *b = now->v;
    if (a == b || (was->is_type && now->is_type && (was->ctype == now->ctype || (was->ctype && now->ctype && !strcmp(was->ctype, now->ctype)))))
        return SAME;
    if (a->kind == V_INT && b->kind == V_INT) {
        if (a->cls == C_CONST && b->cls == C_CONST)
            return a->k == b->k ? SAME : KNOWN_CHANGE;
        return !strcmp(a->text, b->text) ? SAME : OTHER_CHANGE;
    }
    return a->kind == V_VOID && b->kind == V_VOID ? SAME : OTHER_CHANGE;
}

/* A call of f whose parameters (template ones first) are bound at
 * env[mark ..]: why it is not followed, where f is being inlined already
 * and nothing tells this call's recursion from the enclosing one's but
 * values lds-calc does not know (a recursion followed is one with a
 * constant that changes: a counter); NULL to follow it. */
static const char *recursion_not_followed(lower *L, const csrc_func *f, unsigned mark)
{
    const cl_frame *was = NULL;
    for (unsigned i = L->calls; i-- > 0 && !was;)
        if (L->frames[i].f == f)
            was = &L->frames[i];
    if (!was)
        return NULL;
    const char *other = NULL;
    for (unsigned j = 0; j < was->n && mark + j < L->nenv; j++) {
        int c = change(&was->entry[j], &L->env[mark + j]);
        if (c == KNOWN_CHANGE)
            return NULL;
        if (c == OTHER_CHANGE && !other)
            other = was->entry[j].name;
    }
    if (!other)
        return cl_fmt(L, "'%s' calls itself with the arguments it was called with, a recursion that never ends", f->name);
    return cl_fmt(L, "a recursion of '%s' whose arguments change by values lds-calc does not know when it reads the "
                     "file ('%s'); one a constant argument counts down is followed",
                  f->name, other);
}

/* The frame of a call of f being inlined, its parameters bound at
 * env[mark .. nenv): what they were bound to, for the recursion test. */
static void push_frame(lower *L, const csrc_func *f, unsigned mark, lds_loc site)
{
    if (!L->frames)
        L->frames = lds_arena_alloc(L->arena, sizeof *L->frames * CL_MAX_CALL_DEPTH);
    cl_frame *fr = &L->frames[L->calls];
    fr->f = f;
    fr->site = site;
    fr->n = L->nenv - mark;
    fr->entry = lds_arena_alloc(L->arena, sizeof *fr->entry * (fr->n + 1));
    memcpy(fr->entry, L->env + mark, sizeof *fr->entry * fr->n);
}

/* ---------------------------------------------------------- arguments */

/* The argument a of a reference parameter (T &x): an element of memory
 * (shared, global, or through a pointer not followed) is bound as itself,
 * so that reading x reads it and assigning x writes it (the CUDA samples'
 * Comparator(s_key[pos], ...)); a variable
 * is its value, and *var its binding's index, which takes the parameter's
 * value when the function returns (tileOf(tid, row, col) setting row and
 * col); anything else is its value.  Only a plain element (indices that
 * read nothing) is taken as one, so nothing is evaluated twice. */
static val *reference_arg(lower *L, const csrc_expr *a, int *var)
{
    const csrc_expr *x = a;
    *var = -1;
    while (x->kind == CE_INDEX && cl_reads_nothing(L, x->b))
        x = x->a;
    lvalue lv;
    val *r = NULL;
    if (x->kind != CE_ID || cl_lvalue_of(L, a, &lv) < 0 || !(r = cl_reference_to(L, &lv))) {
        if (!cl_failed(L) && a->kind == CE_ID && lv.kind == LV_VAR)
            *var = (int)(lv.var - L->env);
        return cl_failed(L) ? NULL : cl_expr(L, a);
    }
    return r;
}

/* ------------------------------------------------------------ the body */

/* The value f returned: the value of its one return, reached by every
 * lane that runs it, as it is; a choice between returns, per lane; data
 * where a return gives data or there is none. */
static val *returned(lower *L, const csrc_func *f, const csrc_expr *e)
{
    if (L->ret_ptr && !L->ret_data)   /* a pointer (a shared address: an integer in C) */
        return L->ret_ptr;
    if (L->ret_data || !L->ret_text)   /* (the innermost call's reason, not one per call around it) */
        return cl_v_data(L, !L->ret_why ? cl_fmt(L, "the result of '%s'", f->name)
                            : !strncmp(L->ret_why, "the result of ", 14) ? L->ret_why
                                                                           : cl_fmt(L, "the result of '%s', %s", f->name, L->ret_why),
                         e->loc);
    if (L->ret_val && L->ret_val->text == L->ret_text)
        return L->ret_val;
    val *v = cl_v_name(L, C_LANE, cl_fmt(L, "(%s)", L->ret_text));
    v->mono = false;   /* its class: the most varying of what went in (a conservative lane) */
    return v;
}

/* What a callee's returns change (its value, and a return ends the
 * callee, not the caller), kept around the call. */
typedef struct {
    const char *ret_text, *ret_why, *guard, *skip, *call_guard;
    val *ret_ptr, *ret_val;
    bool ret_data, dead;
    lds_loc skip_loc;
} call_state;

static call_state enter_call(lower *L)
{
    call_state s = { L->ret_text, L->ret_why, L->guard, L->skip, L->call_guard, L->ret_ptr, L->ret_val, L->ret_data,
                     L->dead, L->skip_loc };
    L->call_guard = L->guard;   /* a return in the callee ends the callee */
    L->ret_text = L->ret_why = NULL;
    L->ret_ptr = L->ret_val = NULL;
    L->ret_data = false;
    return s;
}

static void leave_call(lower *L, const call_state *s)
{
    L->ret_text = s->ret_text;
    L->ret_why = s->ret_why;
    L->guard = s->guard;
    L->skip = s->skip;
    L->call_guard = s->call_guard;
    L->ret_ptr = s->ret_ptr;
    L->ret_val = s->ret_val;
    L->ret_data = s->ret_data;
    L->dead = s->dead;
    L->skip_loc = s->skip_loc;
}

/* f(args) inlined: its parameters bound to the arguments' values. */
int cl_inline_body(lower *L, const csrc_func *f, const csrc_expr *e, val **out)
{
    *out = NULL;
    unsigned n = e->nargs < f->nparams ? e->nargs : f->nparams;
    val **args = lds_arena_alloc(L->arena, sizeof *args * (n + 1));
    int *by_ref = lds_arena_alloc(L->arena, sizeof *by_ref * (n + 1));   /* the caller's variable a reference names, or -1 */
    for (unsigned i = 0; i < n; i++) {
        const csrc_type *t = &f->params[i].type;
        by_ref[i] = -1;
        args[i] = t->reference && !t->pointers ? reference_arg(L, e->args[i], &by_ref[i]) : cl_expr(L, e->args[i]);
        if (!args[i])
            return -1;
    }
    const char *limit = call_limit(L);
    unsigned mark = L->nenv;
    if (!limit) {   /* template parameters: f<BM, 64>(...) gives them in the caller's scope; */
                    /* those it does not give are as in a kernel (-D, default) */
        if (cl_bind_template_args(L, f, e, args, false) < 0)
            return -1;
        for (unsigned i = 0; i < n; i++)
            if (f->params[i].name)
                cl_bind(L, f->params[i].name, args[i], cl_is_float_type(L, &f->params[i].type));
        limit = recursion_not_followed(L, f, mark);
    }
    if (limit) {
        L->nenv = mark;
        call_not_followed(L, f, e, args, n, limit);
        *out = cl_v_data(L, cl_fmt(L, "the result of '%s', a call not followed (%s)", f->name, limit), e->loc);
        return 0;
    }
    L->ncalls++;
    call_state outer = enter_call(L);
    push_frame(L, f, mark, e->loc);
    L->calls++;
    L->nest++;
    int rc = cl_stmt(L, f->body);
    L->nest--;
    L->calls--;
    if (rc == 0)
        *out = returned(L, f, e);
    val **back = lds_arena_alloc(L->arena, sizeof *back * (n + 1));   /* what the reference parameters hold at the end */
    for (unsigned i = 0; i < n; i++)
        back[i] = by_ref[i] >= 0 && f->params[i].name && cl_lookup(L, f->params[i].name)
                      ? cl_lookup(L, f->params[i].name)->v : NULL;
    leave_call(L, &outer);
    L->nenv = mark;
    for (unsigned i = 0; i < n; i++)
        if (back[i] && (unsigned)by_ref[i] < L->nenv)
            L->env[by_ref[i]].v = back[i];
    return rc;
}

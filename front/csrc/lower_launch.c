/* front/csrc/lower_launch.c - a kernel's launch in the same file gives what
 * --threads and -D would: host code that says
 *     dim3 block(32, 8);  transpose<32><<<grid, block>>>(out, in, n);
 * fixes the workgroup shape, the kernel's template parameters and its
 * scalar arguments wherever they are integer constants there.
 *
 * The host function is read up to the launch, in order: a declaration
 * binds its name to its initialiser's value, an assignment rebinds it,
 * and a name that a loop around the launch (or any statement the
 * evaluator does not follow) may change is unknown, so that nothing is
 * guessed.  Host expressions are evaluated by a scratch lowerer whose
 * output is thrown away: its values, never its accesses, are kept. */
#include "front/csrc/lower_impl.h"

/* ------------------------------------------------------------- finding */

/* A walk over a statement: whether it holds the expression target. */
typedef struct {
    const csrc_expr *target;
    bool held;
} search;

static void search_expr(search *q, const csrc_expr *e)
{
    if (!e || q->held)
        return;
    q->held = e == q->target;
    search_expr(q, e->a);
    search_expr(q, e->b);
    search_expr(q, e->c);
    for (unsigned i = 0; i < e->nargs; i++)
        search_expr(q, e->args[i]);
}

/* Each expression and declarator of s (and what follows it when list, a
 * compound statement's body), inner statements included. */
typedef void expr_fn(void *ctx, const csrc_expr *e);
typedef void decl_fn(void *ctx, const csrc_declarator *d);

typedef struct {
    expr_fn *on_expr;
    decl_fn *on_decl;
    void *ctx;
} visitor;

static void visit_parts(const csrc_stmt *s, void *ctx)
{
    const visitor *v = ctx;
    v->on_expr(v->ctx, s->e);
    v->on_expr(v->ctx, s->step);
    for (unsigned i = 0; i < s->ndecls; i++) {
        if (v->on_decl)
            v->on_decl(v->ctx, &s->decls[i]);
        v->on_expr(v->ctx, s->decls[i].init);
    }
}

static void each_in_stmt(const csrc_stmt *s, bool list, expr_fn *on_expr, decl_fn *on_decl, void *ctx)
{
    if (!s)
        return;
    visitor v = { on_expr, on_decl, ctx };
    csrc_stmt one = *s;
    if (!list)
        one.next = NULL;
    cl_walk_stmts(&one, visit_parts, &v);
}

static void search_any(void *q, const csrc_expr *e) { search_expr(q, e); }

static void search_stmt(search *q, const csrc_stmt *s, bool list) { each_in_stmt(s, list, search_any, NULL, q); }

static bool stmt_holds(const csrc_stmt *s, const csrc_expr *target)
{
    search q = { .target = target };
    search_stmt(&q, s, false);
    return q.held;
}

/* ---------------------------------------------------- host statements */

/* Host variables of type dim3, by name. */
typedef struct {
    const char *name;
    bool known;
    int64_t d[3];
} host_dim3;

typedef struct {
    lower *H;                     /* the scratch lowerer */
    host_dim3 dims[16];
    unsigned ndims;
} host;

/* An integer constant, or false. */
static bool host_int(host *h, const csrc_expr *e, int64_t *out)
{
    if (!e)
        return false;
    val *v = cl_expr(h->H, e);
    memset(h->H->diag, 0, sizeof *h->H->diag);   /* an error here only means: not known */
    if (!v || !cl_is_int(v) || v->cls != C_CONST)
        return false;
    *out = v->k;
    return true;
}

static host_dim3 *dim3_named(host *h, const char *name)
{
    for (unsigned i = h->ndims; i-- > 0;)
        if (!strcmp(h->dims[i].name, name))
            return &h->dims[i];
    return NULL;
}

/* A dim3 value: dim3(x, y), {x, y}, a dim3 variable, or an integer. */
static bool host_dim3_value(host *h, const csrc_expr *e, int64_t d[3])
{
    d[0] = d[1] = d[2] = 1;
    if (!e)
        return false;
    if (e->kind == CE_ID && dim3_named(h, e->name)) {
        const host_dim3 *v = dim3_named(h, e->name);
        memcpy(d, v->d, sizeof v->d);
        return v->known;
    }
    if ((e->kind == CE_CALL && e->name && !strcmp(e->name, "dim3")) || e->kind == CE_INIT) {
        if (e->nargs < 1 || e->nargs > 3)
            return false;
        for (unsigned k = 0; k < e->nargs; k++)
            if (!host_int(h, e->args[k], &d[k]))
                return false;
        return true;
    }
    return host_int(h, e, &d[0]);
}

static void forget(host *h, const char *name, lds_loc loc)
{
    host_dim3 *d = dim3_named(h, name);
    if (d)
        d->known = false;
    else
        cl_bind(h->H, name, cl_v_data(h->H, "a host variable", loc), false);
}

/* Every name an expression may change (x = .., x++, &x passed on) is
 * forgotten. */
static void forget_changed(host *h, const csrc_expr *e)
{
    if (!e)
        return;
    const csrc_expr *target = NULL;
    if (e->kind == CE_ASSIGN || (e->kind == CE_POSTFIX)
        || (e->kind == CE_UNARY && (!strcmp(e->op, "++") || !strcmp(e->op, "--") || !strcmp(e->op, "&"))))
        target = e->a;
    while (target && (target->kind == CE_MEMBER || target->kind == CE_INDEX))
        target = target->a;   /* block.x = 64 changes block */
    if (target && target->kind == CE_ID)
        forget(h, target->name, target->loc);
    forget_changed(h, e->a);
    forget_changed(h, e->b);
    forget_changed(h, e->c);
    for (unsigned i = 0; i < e->nargs; i++)
        forget_changed(h, e->args[i]);
}

static void forget_changed_any(void *h, const csrc_expr *e) { forget_changed(h, e); }

static void forget_declared(void *h, const csrc_declarator *d) { forget(h, d->name, d->loc); }

/* Everything s (and what follows it when list) declares or may change. */
static void forget_changed_in(host *h, const csrc_stmt *s, bool list)
{
    each_in_stmt(s, list, forget_changed_any, forget_declared, h);
}

static void declare(host *h, const csrc_declarator *d)
{
    if (!strcmp(d->type.base ? d->type.base : "", "dim3") && !d->type.pointers && !d->ndims) {
        if (h->ndims < sizeof h->dims / sizeof h->dims[0]) {
            host_dim3 *v = &h->dims[h->ndims++];
            v->name = d->name;
            v->known = host_dim3_value(h, d->init, v->d) || !d->init;   /* dim3 b; is 1, 1, 1 */
        }
        return;
    }
    int64_t k;
    if (!d->type.pointers && !d->ndims && host_int(h, d->init, &k))
        cl_bind(h->H, d->name, cl_v_const(h->H, k), false);
    else
        forget(h, d->name, d->loc);
}

/* A statement that does not hold the launch: its effect on the names. */
static void host_effect(host *h, const csrc_stmt *s)
{
    if (s->kind == CS_DECL) {
        for (unsigned i = 0; i < s->ndecls; i++)
            declare(h, &s->decls[i]);
        return;
    }
    const csrc_expr *e = s->e;
    int64_t k;
    if (s->kind == CS_EXPR && e && e->kind == CE_ASSIGN && !strcmp(e->op, "=") && e->a->kind == CE_ID
        && !dim3_named(h, e->a->name) && host_int(h, e->b, &k)) {
        forget_changed(h, e->b);
        cl_bind(h->H, e->a->name, cl_v_const(h->H, k), false);
        return;
    }
    forget_changed_in(h, s, false);
}

/* Read the statements from s on (and what follows it when list) up to
 * the one holding the launch; true when it was found. */
static bool host_until(host *h, const csrc_stmt *s, bool list, const csrc_expr *launch)
{
    while (s) {
        if (!stmt_holds(s, launch)) {
            host_effect(h, s);
            s = list ? s->next : NULL;
            continue;
        }
        switch (s->kind) {   /* into the statement that holds it, one level down */
        case CS_COMPOUND:
            s = s->body;
            list = true;
            continue;
        case CS_IF:
            s = stmt_holds(s->body, launch) ? s->body : s->other;
            list = false;
            continue;
        case CS_FOR:
        case CS_WHILE:
        case CS_DO:   /* what the loop changes is not known at the launch */
            forget_changed_in(h, s, false);
            s = s->body;
            list = false;
            continue;
        default:      /* the launch itself */
            return true;
        }
    }
    return false;
}

/* -------------------------------------------------------- the values */

/* A launch's type argument, kernel<float><<<...>>>: a type lds-calc lays
 * out (a host template's own T is not one). */
static const char *launch_type(lower *L, const char *text)
{
    unsigned bytes, lanes, size;
    bool fl;
    return text && (csrc_type_shape(text, &bytes, &lanes, &fl) || cl_struct_laid_out(L, text, &size)) ? text : NULL;
}

/* What the launch call (in host function fn) gives kernel f; fn NULL:
 * call names an explicit instantiation, which gives template arguments
 * only. */
static void launch_values(lower *L, const csrc_func *fn, const csrc_expr *call, const csrc_func *f, csrc_launch *out)
{
    csrc_lower_options o = *L->o;
    o.warn = NULL;   /* the host code's own troubles are not the kernel's */
    lds_diag scratch = { 0 };
    lower H = { .arena = L->arena, .diag = &scratch, .o = &o, .unit = L->host_unit, .host_unit = L->host_unit,
                .kernel = fn ? fn : f };
    host h = { .H = &H };
    memset(out, 0, sizeof *out);
    out->call = call;
    out->instance = !fn;
    out->targ = lds_arena_alloc(L->arena, sizeof *out->targ * (f->ntparams + 1));
    out->arg = lds_arena_alloc(L->arena, sizeof *out->arg * (f->nparams + 1));
    if (cl_file_scope(&H) == 0) {
        memset(&scratch, 0, sizeof scratch);
        bool reached = true;
        if (fn) {
            for (unsigned i = 0; i < fn->nparams; i++)
                if (fn->params[i].name)
                    forget(&h, fn->params[i].name, fn->params[i].loc);
            for (unsigned i = 0; i < fn->ntparams; i++)
                forget(&h, fn->tparams[i], fn->loc);
            reached = host_until(&h, fn->body, false, call);
        }
        if (reached) {
            out->have_block = call->nlaunch >= 2 && host_dim3_value(&h, call->launch[1], out->block)
                              && out->block[0] > 0 && out->block[1] > 0 && out->block[2] > 0;
            out->have_bytes = call->nlaunch >= 3 && host_int(&h, call->launch[2], &out->bytes);
            for (unsigned i = 0; i < f->ntparams && i < call->ntargs; i++) {
                if (f->tdefaults[i].is_type)
                    out->targ[i].type = launch_type(L, call->targ_texts[i]);
                else if (!(out->targ[i].known = host_int(&h, call->targ_exprs[i], &out->targ[i].k)) && call->targ_exprs[i]) {
                    val *fv = cl_function_value(L, call->targ_exprs[i]);   /* a function: k<tri_naive> */
                    out->targ[i].func = fv ? fv->func : NULL;
                }
            }
            for (unsigned i = 0; i < f->nparams && i < call->nargs; i++)
                out->arg[i].known = !f->params[i].type.pointers && !f->params[i].is_array
                                    && !cl_is_float_type(L, &f->params[i].type)
                                    && host_int(&h, call->args[i], &out->arg[i].k);
        }
    }
    lds_buf_free(&H.out);
    cl_free_env(&H);
}

/* Whether two launches give f the same values, where --threads and -D
 * do not decide them anyway. */
static bool same_values(lower *L, const csrc_launch *a, const csrc_launch *b, const csrc_func *f)
{
    if (!L->o->threads && (a->have_block != b->have_block || (a->have_block && memcmp(a->block, b->block, sizeof a->block))))
        return false;
    if (a->have_bytes != b->have_bytes || (a->have_bytes && a->bytes != b->bytes))
        return false;
    for (unsigned i = 0; i < f->ntparams; i++)
        if (!cl_find_define(L, f->tparams[i]) && !cl_find_type_define(L, f->tparams[i])
            && (a->targ[i].known != b->targ[i].known || (a->targ[i].known && a->targ[i].k != b->targ[i].k)
                || a->targ[i].func != b->targ[i].func
                || strcmp(a->targ[i].type ? a->targ[i].type : "", b->targ[i].type ? b->targ[i].type : "")))
            return false;
    for (unsigned i = 0; i < f->nparams; i++)
        if (f->params[i].name && !cl_find_define(L, f->params[i].name)
            && (a->arg[i].known != b->arg[i].known || (a->arg[i].known && a->arg[i].k != b->arg[i].k)))
            return false;
    return true;
}

/* Each of calls (launches of f in host function fn, or f's explicit
 * instantiations when fn is NULL) read into *first or compared with it. */
static void read_launches(lower *L, const csrc_func *f, const csrc_func *fn, const csrc_expr *const *calls,
                          unsigned n, csrc_launch **first, unsigned *total, unsigned *differ)
{
    for (unsigned i = 0; i < n; i++, (*total)++) {
        csrc_launch *v = lds_arena_alloc(L->arena, sizeof *v);
        launch_values(L, fn, calls[i], f, v);
        if (!*first)
            *first = v;
        else
            *differ += !same_values(L, *first, v, f);
    }
}

/* ------------------------------------------------------------- the index */

/* Every launch the file makes, found in one walk of its functions before
 * any kernel is lowered, sorted by the kernel it launches and then in
 * file order: each kernel finds its own by a binary search, so that a
 * file of many kernels is read in time that grows with its size, not
 * with its size times its kernels. */
typedef struct {
    const char *kernel;
    const csrc_func *fn;          /* the host function that makes it */
    const csrc_expr *call;
    size_t order;                 /* its place in the walk */
} launch_site;

struct cl_launches {
    launch_site *site;
    size_t n, cap;
    const csrc_func *fn;          /* the function being walked */
};

static void collect_launch(void *ctx, const csrc_expr *e)
{
    if (!e)
        return;
    cl_launches *x = ctx;
    if (e->kind == CE_CALL && e->launch && e->name) {
        if (x->n == x->cap) {
            x->cap = x->cap ? 2 * x->cap : 16;
            x->site = lds_xreallocarray(x->site, x->cap, sizeof *x->site);
        }
        x->site[x->n] = (launch_site){ .kernel = e->name, .fn = x->fn, .call = e, .order = x->n };
        x->n++;
    }
    collect_launch(ctx, e->a);
    collect_launch(ctx, e->b);
    collect_launch(ctx, e->c);
    for (unsigned i = 0; i < e->nargs; i++)
        collect_launch(ctx, e->args[i]);
}

static int site_order(const void *a, const void *b)
{
    const launch_site *x = a, *y = b;
    int c = strcmp(x->kernel, y->kernel);
    return c ? c : x->order < y->order ? -1 : x->order > y->order;
}

cl_launches *cl_index_launches(const csrc_unit *unit)
{
    cl_launches *x = lds_xcalloc(1, sizeof *x);
    for (const csrc_func *fn = unit->funcs; fn; fn = fn->next)
        if (fn->body) {
            x->fn = fn;
            each_in_stmt(fn->body, false, collect_launch, NULL, x);
        }
    if (x->n)
        qsort(x->site, x->n, sizeof *x->site, site_order);
    return x;
}

void cl_launches_free(cl_launches *x)
{
    if (x) {
        lds_free(x->site);
        lds_free(x);
    }
}

/* The first of x's sites that launch kernel (x->n where none does). */
static size_t first_site_of(const cl_launches *x, const char *kernel)
{
    size_t lo = 0, hi = x->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(x->site[mid].kernel, kernel) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The first launch of kernel f in the file, its values in L->launch (NULL
 * where there is none); where the file launches f nowhere, its first
 * explicit instantiation (template void f<64>(...);) gives its template
 * arguments.  Launches or instantiations that give it other values are a
 * warning, since only one can be followed.  Of each host function, the
 * first few launches of f are read. */
void cl_find_launch(lower *L, const csrc_func *f)
{
    L->launch = NULL;
    unsigned total = 0, differ = 0, unread = 0;
    csrc_launch *first = NULL;
    const cl_launches *x = L->launches;
    for (size_t i = first_site_of(x, f->name); i < x->n && !strcmp(x->site[i].kernel, f->name);) {
        const csrc_func *fn = x->site[i].fn;
        const csrc_expr *calls[8];   /* each read follows fn to the call: a few of each host function */
        unsigned n = 0;
        for (; i < x->n && x->site[i].fn == fn && !strcmp(x->site[i].kernel, f->name); i++)
            if (n < sizeof calls / sizeof calls[0])
                calls[n++] = x->site[i].call;
            else
                unread++;
        read_launches(L, f, fn, calls, n, &first, &total, &differ);
    }
    if (!first && f->ntparams)
        for (const csrc_instance *in = L->host_unit->instances; in; in = in->next)
            if (!strcmp(in->named->name, f->name))
                read_launches(L, f, NULL, &in->named, 1, &first, &total, &differ);
    L->launch = first;
    if (first && unread && !differ && L->o->warn) {   /* not compared: said, not taken as the same */
        lds_diag w = { 0 };
        lds_diag_set(&w, first->call->loc,
                     "'%s' is launched %u times in this file: lds-calc follows this one, and read %u of the others "
                     "(the first 8 of each host function); give --threads and -D for another",
                     f->name, total + unread, total - 1);
        w.warning = 1;
        cl_warn(L, &w);
    }
    if (first && differ && L->o->warn) {
        lds_diag w = { 0 };
        lds_diag_set(&w, first->call->loc,
                     first->instance ? "'%s' is instantiated %u times in this file with different template arguments: "
                                       "lds-calc follows this one; give -D for another"
                                     : "'%s' is launched %u times in this file with different shapes or arguments%s: "
                                       "lds-calc follows this one; give --threads and -D for another",
                     f->name, total + unread,
                     unread ? cl_fmt(L, " (among the %u it compared, the first 8 of each host function)", total) : "");
        w.warning = 1;
        cl_warn(L, &w);
    }
}

/* A '#' line in the lowered program: what lds-calc took from the launch
 * (not what --threads or -D gave instead). */
void cl_launch_comment(lower *L, const csrc_func *f)
{
    const csrc_launch *c = L->launch;
    if (!c)
        return;
    lds_buf b = { 0 };
    if (c->have_block && !L->o->threads)
        lds_buf_printf(&b, "; threads %lld, %lld, %lld", (long long)c->block[0], (long long)c->block[1],
                       (long long)c->block[2]);
    for (unsigned i = 0; i < f->ntparams; i++)
        if (c->targ[i].known && !cl_find_define(L, f->tparams[i]))
            lds_buf_printf(&b, "; %s = %lld", f->tparams[i], (long long)c->targ[i].k);
        else if (c->targ[i].type && !cl_find_type_define(L, f->tparams[i]))
            lds_buf_printf(&b, "; %s = %s", f->tparams[i], c->targ[i].type);
    for (unsigned i = 0; i < f->nparams; i++)
        if (c->arg[i].known && f->params[i].name && !cl_find_define(L, f->params[i].name))
            lds_buf_printf(&b, "; %s = %lld", f->params[i].name, (long long)c->arg[i].k);
    if (c->have_bytes)
        lds_buf_printf(&b, "; %lld bytes of dynamic shared memory", (long long)c->bytes);
    lds_buf_printf(&L->out, "# %s at %u:%u: %s\n", c->instance ? "instantiated" : "launched", c->call->loc.line, c->call->loc.col,
                   b.len ? lds_buf_str(&b) + 2 : "nothing lds-calc took from it");
    lds_buf_free(&b);
}

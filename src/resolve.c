/* src/resolve.c - the resolution pass (see resolve.h). */
#include "src/resolve.h"

#include <string.h>

#include "base/buf.h"
#include "src/builtins.h"
#include "base/limits.h"
#include "base/spell.h"
#include "src/suggest_remap.h"

/* The def whose body is being resolved: its parameters and its name (a
 * def may not call itself). */
typedef struct {
    const char *const *params;
    unsigned nparams;
    const char *self;
} def_ctx;

static int resolve(lds_resolver *r, lds_expr *e, const def_ctx *def);

/* The arena a declaration at the current depth lives in. */
static lds_arena *decl_arena(const lds_resolver *r)
{
    return r->depth == 0 ? r->persist : r->scratch;
}

static void unknown_name(const lds_resolver *r, const lds_expr *e, const def_ctx *def, int is_call)
{
    lds_spell sp;
    lds_spell_init(&sp, e->name);
    for (size_t i = 0; i < r->scope->n; i++)
        if ((r->scope->syms[i]->kind == SYM_DEF) == is_call)
            lds_spell_consider(&sp, r->scope->syms[i]->name);
    for (unsigned i = 0; is_call && lds_builtin_at(i); i++)
        lds_spell_consider(&sp, lds_builtin_at(i)->name);
    for (unsigned i = 0; def && i < def->nparams; i++)
        lds_spell_consider(&sp, def->params[i]);
    const char *what = is_call ? "function" : "name";
    if (lds_spell_best(&sp))
        lds_diag_set(r->diag, e->loc, "unknown %s '%s'; did you mean '%s'?", what, e->name, lds_spell_best(&sp));
    else
        lds_diag_set(r->diag, e->loc, "unknown %s '%s'", what, e->name);
}

static int resolve_call(lds_resolver *r, lds_expr *e, const def_ctx *def)
{
    uint64_t deps = 0;
    for (unsigned i = 0; i < e->nargs; i++) {
        if (resolve(r, e->args[i], def) < 0)
            return -1;
        deps |= e->args[i]->deps;
    }
    if (def && def->self && strcmp(e->name, def->self) == 0) {
        lds_diag_set(r->diag, e->loc, "'%s' calls itself; a def may not be recursive", def->self);
        return -1;
    }
    lds_sym *s = lds_scope_find(r->scope, e->name);
    if (s && s->kind == SYM_DEF) {
        unsigned want = s->def->u.def.nparams;
        if (want != e->nargs) {
            lds_diag_set(r->diag, e->loc, "'%s' takes %u argument%s, not %u", e->name, want, want == 1 ? "" : "s",
                         e->nargs);
            return -1;
        }
        e->sym = s;
        e->builtin = -1;
        e->deps = deps | s->deps;
        return 0;
    }
    const lds_builtin_info *b = lds_builtin_find(e->name);
    if (!b) {
        unknown_name(r, e, def, 1);
        return -1;
    }
    if (e->nargs < b->min_args || e->nargs > b->max_args) {
        lds_diag_set(r->diag, e->loc, "%s() takes %u argument%s, not %u", e->name, b->min_args,
                     b->min_args == 1 ? "" : "s", e->nargs);
        return -1;
    }
    e->sym = NULL;
    e->builtin = (int)b->fn;
    e->deps = deps | b->deps;
    return 0;
}

static int resolve_name(lds_resolver *r, lds_expr *e, const def_ctx *def)
{
    e->param = -1;
    for (unsigned i = 0; def && i < def->nparams; i++)
        if (strcmp(def->params[i], e->name) == 0) {
            e->sym = NULL;
            e->param = (int)i;
            e->deps = LDS_DEP_PARAM;
            return 0;
        }
    e->sym = lds_scope_find(r->scope, e->name);
    if (!e->sym) {
        unknown_name(r, e, def, 0);
        return -1;
    }
    if (e->sym->kind != SYM_BUILTIN)   /* built-ins are shared and read-only (src/scope.c) */
        e->sym->used = true;
    if (e->sym->kind == SYM_DEF || e->sym->kind == SYM_ARRAY) {
        lds_diag_set(r->diag, e->loc, "'%s' is %s, not a value", e->name,
                     e->sym->kind == SYM_DEF ? "a function" : "an array");
        return -1;
    }
    e->deps = e->sym->deps;
    return 0;
}

/* Every walk is bounded: the parser refuses trees taller than
 * LDS_MAX_HEIGHT. */
static int resolve(lds_resolver *r, lds_expr *e, const def_ctx *def)
{
    switch (e->kind) {
    case E_NUM:
        e->deps = 0;
        return 0;
    case E_NAME:
        return resolve_name(r, e, def);
    case E_CALL:
        return resolve_call(r, e, def);
    case E_UNARY:
        if (resolve(r, e->a, def) < 0)
            return -1;
        e->deps = e->a->deps;
        return 0;
    case E_BINARY:
        if (resolve(r, e->a, def) < 0 || resolve(r, e->b, def) < 0)
            return -1;
        e->deps = e->a->deps | e->b->deps;
        return 0;
    case E_COND:
        if (resolve(r, e->a, def) < 0 || resolve(r, e->b, def) < 0 || resolve(r, e->c, def) < 0)
            return -1;
        e->deps = e->a->deps | e->b->deps | e->c->deps;
        return 0;
    }
    return 0;
}

int lds_resolve_expr(lds_resolver *r, lds_expr *e)
{
    return resolve(r, e, NULL);
}

/* An expression that must be the same for every lane, wave and group. */
static int uniform(lds_resolver *r, lds_expr *e, const char *what)
{
    if (!e)
        return 0;
    if (resolve(r, e, NULL) < 0)
        return -1;
    if (e->deps & LDS_DEP_VARYING) {
        lds_diag_set(r->diag, e->loc, "%s must be the same for every lane, wave and group", what);
        return -1;
    }
    return 0;
}

/* A name a statement declares: not one of the built-in names. */
static lds_sym *declare(lds_resolver *r, const char *name, lds_sym_kind kind, lds_loc loc)
{
    lds_sym *old = lds_scope_find(r->scope, name);
    if (old && lds_sym_is_builtin(old)) {
        lds_diag_set(r->diag, loc, "'%s' is a built-in name; choose another", name);
        return NULL;
    }
    if (old && old->kind == SYM_CONST && !old->loc.src && !old->replaced_at.src)
        old->replaced_at = loc;   /* a -D value the program declares again: it never reaches it */
    lds_sym *s = lds_scope_declare(r->scope, decl_arena(r), name, kind, loc);
    s->program = r->program;
    return s;
}

/* A loop's bounds (which see the loops outside it), then its variable in
 * the next slot. */
static int push_loop(lds_resolver *r, lds_loop *lp)
{
    if (uniform(r, lp->lo, "a loop's start") < 0 || uniform(r, lp->hi, "a loop's end") < 0)
        return -1;
    if (r->nslots >= LDS_MAX_LOOPS) {
        lds_diag_set(r->diag, lp->loc, "more than %d nested loops", LDS_MAX_LOOPS);
        return -1;
    }
    /* a loop variable is local to its loop, even at the top level */
    lds_sym *v = lds_scope_find(r->scope, lp->var);
    if (v && lds_sym_is_builtin(v)) {
        lds_diag_set(r->diag, lp->loc, "'%s' is a built-in name; choose another", lp->var);
        return -1;
    }
    v = lds_scope_declare(r->scope, r->scratch, lp->var, SYM_LOOP, lp->loc);
    v->slot = r->nslots++;
    v->deps = LDS_DEP_LOOP(v->slot);
    lp->sym = v;
    return 0;
}

static int resolve_target(lds_resolver *r, lds_target *t)
{
    if (t->kind == T_ADDR)
        return resolve(r, t->addr, NULL);
    for (unsigned d = 0; d < t->nidx; d++)
        if (resolve(r, t->idx[d], NULL) < 0)
            return -1;
    if (t->kind == T_ANON)
        return 0;
    lds_sym *a = lds_scope_find(r->scope, t->name);
    if (!a || a->kind != SYM_ARRAY) {
        if (a) {
            lds_diag_set(r->diag, t->loc, "'%s' is not an array", t->name);
            return -1;
        }
        lds_spell sp;
        lds_spell_init(&sp, t->name);
        for (size_t i = 0; i < r->scope->n; i++)
            if (r->scope->syms[i]->kind == SYM_ARRAY)
                lds_spell_consider(&sp, r->scope->syms[i]->name);
        if (lds_spell_best(&sp))
            lds_diag_set(r->diag, t->loc, "unknown array '%s'; did you mean '%s'?", t->name, lds_spell_best(&sp));
        else
            lds_diag_set(r->diag, t->loc, "unknown array '%s' (declare it with 'array TYPE %s[N]')", t->name,
                         t->name);
        return -1;
    }
    unsigned want = a->array.ndims;
    if (t->nidx != want && !(want == 0 && t->nidx == 1) && !(t->slice && t->nidx < want)) {
        lds_diag_set(r->diag, t->loc, "'%s' has %u dimension%s; the access gives %u index%s", t->name, want,
                     want == 1 ? "" : "s", t->nidx, t->nidx == 1 ? "" : "es");
        return -1;
    }
    t->array = a;
    return 0;
}

/* A pasted C statement's array the program never declared (the global
 * half of `tile[ty][tx] = idata[i];`): its access is reported as not
 * modelled, with how to model it, instead of stopping the program. */
static bool undeclared_pasted(lds_resolver *r, lds_stmt *s)
{
    const lds_target *t = &s->u.access.target;
    if (!s->u.access.pasted || t->kind != T_ELEM || lds_scope_find(r->scope, t->name))
        return false;
    const char *name = t->name;
    lds_access_kind kind = s->u.access.kind;
    lds_buf b = { 0 };
    lds_buf_printf(&b, "'%s' is not declared here (global memory? 'array global TYPE %s[N]' counts its transactions)",
                   name, name);
    char *why = lds_arena_strndup(r->persist, lds_buf_str(&b), b.len);
    lds_buf_free(&b);
    unsigned width = s->u.access.width;
    s->kind = S_SKIPPED;
    s->u.skipped.kind = kind;
    s->u.skipped.array = name;
    s->u.skipped.why = why;
    s->u.skipped.width = width;
    s->u.skipped.global = false;   /* global memory, most likely; lds-calc cannot say */
    return true;
}

static int resolve_access(lds_resolver *r, lds_stmt *s)
{
    if (undeclared_pasted(r, s))
        return 0;
    const lds_target *to = &s->u.access.target;
    if (r->remap && r->override_array && to->kind == T_ELEM && !strcmp(to->name, r->override_array))
        lds_remap_access(r->persist, s, r->remap);   /* a suggest candidate's run: the accesses remapped */
    size_t mark = r->scope->n;
    unsigned slots = r->nslots;
    int rc = 0;
    for (unsigned i = 0; rc == 0 && i < s->u.access.nloops; i++)
        rc = push_loop(r, &s->u.access.loops[i]);
    if (rc == 0)
        rc = resolve_target(r, &s->u.access.target);
    const lds_expr *dma = s->u.access.dma_base;
    if (rc == 0 && dma && (dma->deps & LDS_DEP_LANE)) {
        lds_diag_set(r->diag, dma->loc, "a load into LDS writes lane i at the wave's base + i x %u: the base "
                     "(M0 + the instruction's offset) is the wave's, written without lane or tid (wave * 256, "
                     "not tid / 64 * 256)",
                     s->u.access.width);
        rc = -1;
    }
    const lds_target *t = &s->u.access.target;
    s->u.access.global = s->u.access.global_written;
    if (rc == 0 && t->kind == T_ELEM) {   /* an array's access is in the array's memory */
        if (s->u.access.global_written && !t->array->array.global) {
            lds_diag_set(r->diag, t->loc, "'%s' is a shared-memory array; 'global' names global memory", t->name);
            rc = -1;
        }
        s->u.access.global = t->array->array.global;
    }
    if (rc == 0 && s->u.access.cond)
        rc = resolve(r, s->u.access.cond, NULL);
    lds_scope_pop_to(r->scope, mark);
    r->nslots = slots;
    return rc;
}

static int resolve_let(lds_resolver *r, lds_stmt *s)
{
    if (resolve(r, s->u.let.value, NULL) < 0)
        return -1;
    /* a value that is the same for every lane is computed once, when the
     * let runs (each trip of a loop around it); one that varies is kept
     * as an expression */
    int varying = (s->u.let.value->deps & LDS_DEP_VARYING) != 0;
    lds_sym *v = declare(r, s->u.let.name, varying ? SYM_LET : SYM_CONST, s->u.let.name_loc);
    if (!v)
        return -1;
    if (varying) {
        v->expr = s->u.let.value;
        v->deps = s->u.let.value->deps;
        r->keeps_tree |= r->depth == 0;
    }
    s->u.let.sym = v;
    return 0;
}

static int resolve_def(lds_resolver *r, lds_stmt *s)
{
    def_ctx def = { s->u.def.params, s->u.def.nparams, s->u.def.name };
    if (resolve(r, s->u.def.body, &def) < 0)
        return -1;
    lds_sym *f = declare(r, s->u.def.name, SYM_DEF, s->u.def.name_loc);
    if (!f)
        return -1;
    f->def = s;
    f->deps = s->u.def.body->deps & ~LDS_DEP_PARAM;
    s->u.def.sym = f;
    r->keeps_tree |= r->depth == 0;
    return 0;
}

static int resolve_array(lds_resolver *r, lds_stmt *s)
{
    for (unsigned d = 0; d < s->u.array.ndims; d++)
        if (uniform(r, s->u.array.dims[d], "a dimension") < 0)
            return -1;
    if (uniform(r, s->u.array.at, "the array's offset") < 0 || uniform(r, s->u.array.size, "the array's size") < 0)
        return -1;
    s->u.array.layout_sym = NULL;
    const char *layout = s->u.array.layout;
    if (r->override_array && r->override_layout && !strcmp(s->u.array.name, r->override_array))
        layout = r->override_layout;   /* a suggest candidate's run (none: the baseline, as declared) */
    if (layout) {
        lds_sym *f = lds_scope_find(r->scope, layout);
        unsigned want = s->u.array.ndims ? s->u.array.ndims : 1;
        if (!f || f->kind != SYM_DEF) {
            lds_diag_set(r->diag, s->u.array.layout_loc,
                         "unknown layout function '%s' (define it with def %s(i, ...) = ...)", layout,
                         layout);
            return -1;
        }
        if (f->def->u.def.nparams != want) {
            lds_diag_set(r->diag, s->u.array.layout_loc, "layout '%s' takes %u arguments; the array has %u dimensions",
                         layout, f->def->u.def.nparams, s->u.array.ndims);
            return -1;
        }
        if (f->deps & LDS_DEP_VARYING) {
            lds_diag_set(r->diag, s->u.array.layout_loc, "a layout may depend only on its indices, not on the lane");
            return -1;
        }
        s->u.array.layout_sym = f;
    }
    /* a second declaration of a name in one program text is most often a
     * mistake, but a saved REPL session or a script comparing paddings
     * does it on purpose: execution warns */
    const lds_sym *old = lds_scope_find(r->scope, s->u.array.name);
    s->u.array.previous = old && old->kind == SYM_ARRAY && old->program == r->program
                                  && (old->loc.line != s->u.array.name_loc.line || old->loc.col != s->u.array.name_loc.col)
                              ? old
                              : NULL;
    lds_sym *a = declare(r, s->u.array.name, SYM_ARRAY, s->u.array.name_loc);
    if (!a)
        return -1;
    lds_arena *arena = decl_arena(r);
    a->array.elem_size = s->u.array.elem_size;
    a->array.global = s->u.array.global;
    a->array.type_name = lds_arena_strndup(arena, s->u.array.type_name, strlen(s->u.array.type_name));
    a->array.ndims = s->u.array.ndims;
    a->array.dims = lds_arena_alloc(arena, sizeof(int64_t) * (s->u.array.ndims ? s->u.array.ndims : 1));
    a->array.layout = s->u.array.layout_sym;
    s->u.array.sym = a;
    return 0;
}

static int resolve_block(lds_resolver *r, lds_stmt *first)
{
    for (lds_stmt *s = first; s; s = s->next)
        if (lds_resolve_statement(r, s) < 0)
            return -1;
    return 0;
}

static int resolve_for(lds_resolver *r, lds_stmt *s)
{
    size_t mark = r->scope->n;
    unsigned slots = r->nslots;
    lds_loop *lp = &s->u.loop.loop;
    int rc = push_loop(r, lp);
    for (unsigned i = 0; rc == 0 && i < lp->nshown; i++)   /* names shown, not declared */
        rc = uniform(r, lp->shown[i], "a name a loop's trips are shown by");
    if (rc == 0 && lp->cond)   /* the while form: its condition and next value see the variable */
        rc = uniform(r, lp->cond, "a while loop's condition") < 0 || uniform(r, lp->next, "a while loop's next value") < 0
                 ? -1
                 : 0;
    if (rc == 0) {
        r->depth++;
        rc = resolve_block(r, s->u.loop.body);
        r->depth--;
    }
    lds_scope_pop_to(r->scope, mark);
    r->nslots = slots;
    return rc;
}

/* Whether block b is an else-if: one if statement, the chain going on. */
static bool else_if(const lds_stmt *b) { return b && b->kind == S_IF && !b->next; }

/* if COND { ... } else { ... }: COND the same for every lane (a per-lane
 * condition goes on the accesses); each block a scope of its own.  An
 * else-if chain is resolved arm after arm, at one depth. */
static int resolve_if(lds_resolver *r, lds_stmt *s)
{
    for (;;) {
        if (resolve(r, s->u.branch.cond, NULL) < 0)
            return -1;
        if (s->u.branch.cond->deps & LDS_DEP_VARYING) {
            lds_diag_set(r->diag, s->u.branch.cond->loc,
                         "an if block's condition must be the same for every lane, wave and group; a per-lane "
                         "condition goes on the accesses (read X[i] if COND)");
            return -1;
        }
        lds_stmt *arms[2] = { s->u.branch.then, else_if(s->u.branch.otherwise) ? NULL : s->u.branch.otherwise };
        for (int b = 0; b < 2; b++) {
            size_t mark = r->scope->n;
            r->depth++;
            int rc = resolve_block(r, arms[b]);
            r->depth--;
            lds_scope_pop_to(r->scope, mark);
            if (rc < 0)
                return -1;
        }
        if (!else_if(s->u.branch.otherwise))
            return 0;
        s = s->u.branch.otherwise;
    }
}

/* The array a statement names (show layout, suggest). */
static int array_named(lds_resolver *r, const char *name, lds_loc loc, const char *why, lds_sym **out)
{
    lds_sym *a = lds_scope_find(r->scope, name);
    if (!a || a->kind != SYM_ARRAY) {
        lds_diag_set(r->diag, loc, "'%s' is not an array (%s)", name, why);
        return -1;
    }
    *out = a;
    return 0;
}

int lds_resolve_statement(lds_resolver *r, lds_stmt *s)
{
    switch (s->kind) {
    case S_SHOW:
        if (s->u.show.array)
            return array_named(r, s->u.show.array, s->u.show.array_loc, "show layout draws an array",
                               &s->u.show.array_sym);
        return 0;
    case S_SUGGEST:
        return array_named(r, s->u.suggest.array, s->u.suggest.array_loc, "suggest lays out an array",
                           &s->u.suggest.array_sym);
    case S_ARCH:
    case S_RULES:
    case S_EXPLAIN:
        return 0;
    case S_SET:
        return uniform(r, s->u.set.value, "a setting");
    case S_THREADS:
        for (unsigned i = 0; i < s->u.threads.n; i++)
            if (uniform(r, s->u.threads.dim[i], "a thread count") < 0)
                return -1;
        return 0;
    case S_GROUPS:
        return uniform(r, s->u.groups.count, "the group count");
    case S_LET:
        return resolve_let(r, s);
    case S_DEF:
        return resolve_def(r, s);
    case S_ARRAY:
        return resolve_array(r, s);
    case S_ACCESS:
        return resolve_access(r, s);
    case S_FOR:
        return resolve_for(r, s);
    case S_PRINT:
        for (unsigned i = 0; i < s->u.print.n; i++)
            if (resolve(r, s->u.print.values[i], NULL) < 0)
                return -1;
        return 0;
    case S_EXPECT:
        return uniform(r, s->u.expect.value, "an expected value");
    case S_IF:
        return resolve_if(r, s);
    case S_SKIPPED:
        if (!s->lowered && !s->u.skipped.width) {   /* written by hand: the array's element, where it is one */
            const lds_sym *a = lds_scope_find(r->scope, s->u.skipped.array);
            if (a && a->kind == SYM_ARRAY) {
                s->u.skipped.width = a->array.elem_size;
                s->u.skipped.global |= a->array.global;
            }
        }
        return 0;
    case S_NOP:
    case S_KERNEL:
        return 0;
    }
    return 0;
}

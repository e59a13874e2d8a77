/* front/csrc/lower_names.c - names in the lowering (front/csrc/lower_impl.h).
 *
 * Every C name the lowering writes into the lds program is checked
 * against the lds language's own: a built-in value (lane, tid, group),
 * an element type or width (f32, u8, b128), a statement's word, a
 * built-in function, a word of its syntax; such a name, or one already
 * taken, is renamed NAME_2 (NAME_3 ...), and every message still says
 * the file's own.  And the file-scope declarations (constants, uniforms,
 * globals) bound by their qualified names (cfg::P, Cfg::P), then by the
 * shorter names a kernel may use for them: through its namespaces and
 * the using-directives and -declarations in effect there
 * (front/csrc/parse_scope.c reads them); ::cfg::P is found by cl_lookup. */
#include "front/csrc/lower_impl.h"

#include <assert.h>


/* ------------------------------------------------------ lds names */

bool cl_names_has(const cl_names *s, const char *n) { return lds_strset_find(s, n) != NULL; }

void cl_names_add(lower *L, cl_names *s, const char *n)
{
    if (!s->cap)
        s->arena = L->arena;   /* its slots live as long as the lowering's */
    lds_strset_put(s, n);
}

bool cl_name_taken(const lower *L, const char *n) { return cl_names_has(&L->taken, n); }

void cl_take_name(lower *L, const char *n) { cl_names_add(L, &L->taken, n); }

/* A fresh lds name for the C name c: c itself unless lds reserves it or
 * it is in use. */
const char *cl_lds_name(lower *L, const char *c)
{
    assert(L->o->reserved);   /* src/front.c gives the language's words */
    bool bad = cl_name_taken(L, c) || L->o->reserved(c);
    const char *n = c;
    for (unsigned k = 2; bad; k++) {
        n = cl_fmt(L, "%s_%u", c, k);
        bad = cl_name_taken(L, n);
    }
    cl_take_name(L, n);
    return n;
}

/* ------------------------------------------- the file's constants */

/* Binding i again, as name. */
static void alias(lower *L, unsigned i, const char *name)
{
    cl_bind(L, name, L->env[i].v, L->env[i].is_float);
    binding *b = &L->env[L->nenv - 1];
    *b = L->env[i];
    b->name = name;
    b->short_name = true;
}

/* Whether name is prefix::REST; *rest set. */
static bool under(const char *name, const char *prefix, const char **rest)
{
    size_t n = strlen(prefix);
    if (!n || strncmp(name, prefix, n) || name[n] != ':' || name[n + 1] != ':')
        return false;
    *rest = name + n + 2;
    return true;
}

/* The file-scope names [from, to) under namespace prefix, bound again as
 * the rest of their names (with before:: in front, for an alias). */
static void alias_under(lower *L, unsigned from, unsigned to, const char *prefix, const char *before)
{
    const char *rest;
    for (unsigned i = from; i < to; i++)
        if (under(L->env[i].name, prefix, &rest))
            alias(L, i, before ? cl_fmt(L, "%s::%s", before, rest) : rest);
}

/* What a using names, written in scope: scope::target where the file
 * declares names under it, else target itself (a leading :: dropped). */
static const char *using_target(lower *L, unsigned from, unsigned to, const char *scope, const char *target)
{
    if (target[0] == ':' && target[1] == ':')
        return target + 2;
    const char *inner = scope[0] ? cl_fmt(L, "%s::%s", scope, target) : target, *rest;
    for (unsigned i = from; i < to && inner != target; i++)
        if (!strcmp(L->env[i].name, inner) || under(L->env[i].name, inner, &rest))
            return inner;
    return target;
}

/* The shorter names C++ lets the kernel (in namespace ns) use for the
 * file-scope constants [from, to) bound by their qualified names: those
 * the using-directives and -declarations of its namespace, and of those
 * around it, bring in; then those of the namespaces it is in, the
 * innermost last (found first).  (::cfg::P, from the file scope down, is
 * cl_lookup's.) */
void cl_bind_short_names(lower *L, unsigned from, unsigned to, const char *ns)
{
    for (const csrc_using *u = L->unit->usings; u; u = u->next) {
        const char *rest;
        if (u->scope[0] && strcmp(u->scope, ns) && !under(ns, u->scope, &rest))
            continue;   /* written in another namespace */
        const char *target = using_target(L, from, to, u->scope, u->target);
        if (u->directive) {
            alias_under(L, from, to, target, u->alias);
            continue;
        }
        const char *last = strrchr(target, ':');
        for (unsigned i = from; i < to && last; i++)
            if (!strcmp(L->env[i].name, target))
                alias(L, i, last + 1);
    }
    for (const char *c = ns; *c; c++)
        if (c[0] == ':' && c[1] == ':')
            alias_under(L, from, to, cl_fmt(L, "%.*s", (int)(c - ns), ns), NULL);
    alias_under(L, from, to, ns, NULL);
}

/* File-scope constants (const int N = 32;), uniforms and globals, each
 * by its own (qualified) name. */
static int file_scope_bind(lower *L)
{
    for (const csrc_stmt *s = L->unit->globals; s; s = s->next) {
        if (s->kind != CS_DECL || (s->quals & CQ_SHARED))
            continue;
        bool shader = L->o->lang == LDS_LANG_HLSL || L->o->lang == LDS_LANG_GLSL;
        for (unsigned i = 0; i < s->ndecls; i++) {
            const csrc_declarator *d = &s->decls[i];
            if (d->ndims && ((s->quals & CQ_UNIFORM) || (shader && (s->quals & CQ_CONST) && d->init))) {
                /* __constant__ float k[17], HLSL's static const table: read
                 * through the constant cache (or folded into the code), no
                 * global-memory traffic; its elements are data */
                cl_bind(L, d->name, cl_v_no_memory(L, cl_fmt(L, "an element of the constant array '%s'", d->name), d->loc),
                        false);
                continue;
            }
            if (d->type.pointers || d->ndims || (d->type.targs && !d->init)) {   /* a buffer, a global array */
                cl_bind(L, d->name, cl_global_typed(L, d->name, &d->type), false);
                continue;
            }
            val *v = s->quals & CQ_UNIFORM ? cl_vector_param(L, d->name, &d->type, d->loc) : NULL;   /* uint2 g_size */
            if (v) {
            } else if ((s->quals & CQ_SPEC) && cl_find_define(L, d->name)) {   /* -D N=1024 specializes it */
                v = cl_define_val(L, cl_find_define(L, d->name));
            } else if (d->init && (s->quals & CQ_CONST)) {
                if (!(v = cl_expr(L, d->init)))
                    return -1;
            } else if (cl_find_define(L, d->name)) {
                v = cl_define_val(L, cl_find_define(L, d->name));
            } else {
                v = cl_new_val(L, V_INT);
                v->cls = C_UNIFORM;
                v->text = d->name;
                v->atom = true;
                v->missing = d->name;
                v->missing_loc = d->loc;
                if (!(s->quals & CQ_UNIFORM))
                    v = cl_v_data(L, cl_fmt(L, "the global variable '%s'", d->name), d->loc);
            }
            cl_bind(L, d->name, v, cl_is_float_type(L, &d->type));
        }
    }
    return 0;
}

/* File-scope constants, uniforms and globals, by every name the kernel
 * may use for them. */
int cl_file_scope(lower *L)
{
    unsigned from = L->nenv;
    int rc = file_scope_bind(L);
    if (rc == 0)
        cl_bind_short_names(L, from, L->nenv, L->kernel && L->kernel->ns ? L->kernel->ns : "");
    L->nfile = L->nenv;
    return rc;
}

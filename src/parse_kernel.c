/* src/parse_kernel.c - statements as CUDA, HIP and OpenCL kernels write
 * them, so that lines can be pasted (lds(5), KERNEL STATEMENTS):
 *
 *   __shared__ __align__(16) half As[64][40], Bs[64][40];
 *   const int N = 32;          #define N 32      #define IDX(r, c) ((r) * 33 + (c))
 *   float x = As[ty][k] * Bs[k][tx];     (two reads)
 *   As[ty][tx] = v;            (a write)
 *   As[ty][tx] += v;           (a read, then a write)
 *   atomicAdd(&hist[v], 1);    (an atomic)
 *   (int)lane                  (a cast: the value must fit the type)
 *   1 + 1                      (a bare expression is printed)
 *
 * Each becomes the plain statements of the language (array, let, def,
 * read, write, atomic, print); storage classes and attributes change
 * nothing the simulator models and are skipped. */
#include <stdio.h>
#include <string.h>

#include "base/limits.h"
#include "src/parse_ctx.h"
#include "src/instructions.h"
#include "src/names.h"
#include "base/spell.h"
#include "src/parse_layout.h"
#include "src/parser_impl.h"
#include "src/types.h"

/* Words before a declaration's type; 'shared' says the array lives in
 * shared memory. */
static const struct { const char *word; bool shared; } qualifiers[] = {
    { "__shared__", true }, { "groupshared", true }, { "__local", true }, { "__local__", true },
    { "local", true }, { "extern", false }, { "static", false }, { "const", false }, { "constexpr", false },
    { "volatile", false }, { "register", false }, { "__device__", false }, { "inline", false },
};

static int qualifier(const lds_token *t)
{
    for (int i = 0; i < (int)(sizeof qualifiers / sizeof qualifiers[0]); i++)
        if (lds_tok_is(t, qualifiers[i].word))
            return i;
    return -1;
}

/* __align__(N), alignas(N), __attribute__((...)), __declspec(...) */
static bool is_attribute(const lds_token *t)
{
    return lds_tok_is(t, "__align__") || lds_tok_is(t, "alignas") || lds_tok_is(t, "_Alignas")
           || lds_tok_is(t, "__attribute__") || lds_tok_is(t, "__declspec");
}

static bool is_type_word(const lds_token *t)
{
    return t->kind == TK_NAME && (lds_type_size(t->start, (unsigned)t->len) || lds_tok_is(t, "auto"));
}

static bool is_atomic_call(const lds_token *t)
{
    static const char *const prefixes[] = { "atomic", "__hip_atomic", "Interlocked" };
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (t->kind == TK_NAME && t->len > strlen(prefixes[i])
            && memcmp(t->start, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

bool pr_kernel_statement_starts(const parser *p, const lds_token *t)
{
    if (t->kind != TK_NAME)
        return true;   /* '#define', or an expression: 1 + 1, (x), -x */
    if (qualifier(t) >= 0 || is_attribute(t))
        return true;
    /* NAME '[' is an access (or an element on the left of '='), parsed
     * by the caller; anything else after a name is a kernel form */
    return p->tok.kind != TK_LBRACKET;
}

/* Skip an attribute's balanced parentheses. */
static int skip_attribute(parser *p)
{
    pr_advance(p);
    if (p->tok.kind != TK_LPAREN)
        return 0;
    int depth = 0;
    do {
        if (p->tok.kind == TK_LPAREN)
            depth++;
        else if (p->tok.kind == TK_RPAREN)
            depth--;
        else if (p->tok.kind == TK_EOF || p->tok.kind == TK_ERROR) {
            pr_error_at_tok(p, "')' to close the attribute");
            return -1;
        }
        pr_advance(p);
    } while (depth > 0);
    return 0;
}

/* An access statement for a collected target, made by the lanes for
 * which cond holds (NULL: all). */
static lds_stmt *access_stmt(parser *p, lds_access_kind kind, const lds_target *t, lds_expr *cond)
{
    lds_stmt *s = pr_new_stmt(p, S_ACCESS, t->loc);
    s->u.access.kind = kind;
    s->u.access.naddr = 1;
    s->u.access.target = *t;
    s->u.access.cond = cond;
    s->u.access.pasted = true;
    return s;
}

/* The accesses collected so far, as a chain of statements at *head
 * (which stays NULL if none); returns where the next statement goes. */
static lds_stmt **found_chain(parser *p, lds_stmt **head)
{
    lds_stmt **link = head;
    for (unsigned i = 0; i < p->nfound; i++) {
        *link = access_stmt(p, p->found[i].kind, &p->found[i].target, p->found[i].cond);
        link = &(*link)->next;
    }
    p->nfound = 0;
    return link;
}

static void found_add(parser *p, lds_access_kind kind, const lds_target *t)
{
    if (p->nfound == p->found_cap) {
        unsigned cap = p->found_cap * 2;
        pr_found_access *bigger = lds_arena_alloc(p->arena, sizeof *bigger * cap);
        memcpy(bigger, p->found, sizeof *bigger * p->nfound);
        p->found = bigger;
        p->found_cap = cap;
    }
    p->found[p->nfound].kind = kind;
    p->found[p->nfound].cond = p->guard;
    p->found[p->nfound++].target = *t;
    p->data_seen++;   /* the value it loads is data */
}

/* Parse an expression, collecting the shared accesses in it; with
 * collect false, an ordinary expression. */
static lds_expr *parse_collecting(parser *p)
{
    if (!p->found) {
        p->found_cap = 8;
        p->found = lds_arena_alloc(p->arena, sizeof *p->found * p->found_cap);
    }
    p->collecting = true;
    lds_expr *e = pr_parse_expr(p);
    p->collecting = false;
    return e;
}

/* A target parsed with collection off: an index is a number, never a
 * shared access (A[B[i]] is refused, not read as A[0]). */
static int plain_target(parser *p, lds_target *t)
{
    bool saved = p->collecting;
    p->collecting = false;
    int r = pr_parse_target(p, t);
    p->collecting = saved;
    return r;
}

static lds_expr *stand_in(parser *p, lds_loc loc)
{
    return pr_new_expr(p, E_NUM, loc);   /* the loaded value: data, not an index */
}

/* A shared scalar as an access target: the array of one element. */
static lds_target scalar_target(parser *p, const lds_token *name)
{
    lds_target t = { .kind = T_ELEM, .loc = name->loc, .name = lds_arena_strndup(p->arena, name->start, name->len) };
    return t;
}

lds_expr *pr_collect_access(parser *p)
{
    lds_token name = p->tok;
    lds_lexer after = p->lx;
    pr_advance(p);
    if (p->tok.kind == TK_LBRACKET) {   /* A[i][j]: a read */
        p->lx = after;
        p->tok = name;
        lds_target t;
        if (plain_target(p, &t) < 0)
            return NULL;
        found_add(p, ACC_READ, &t);
        return stand_in(p, name.loc);
    }
    if (lds_parse_ctx_is_scalar(p->ctx, name.start, name.len) && p->tok.kind != TK_LPAREN) {   /* a shared scalar */
        lds_target t = scalar_target(p, &name);
        found_add(p, ACC_READ, &t);
        return stand_in(p, name.loc);
    }
    if (p->tok.kind == TK_LPAREN && is_atomic_call(&name)) {   /* atomicAdd(&A[i], v) */
        pr_advance(p);
        if (p->tok.kind == TK_AMP)
            pr_advance(p);
        lds_target t;
        if (plain_target(p, &t) < 0)
            return NULL;
        while (p->tok.kind == TK_COMMA) {   /* the operands load first */
            pr_advance(p);
            if (!pr_parse_expr(p))
                return NULL;
        }
        if (pr_expect_tok(p, TK_RPAREN, "')' after the atomic's operands") < 0)
            return NULL;
        found_add(p, ACC_ATOMIC, &t);
        return stand_in(p, name.loc);
    }
    p->lx = after;
    p->tok = name;
    return NULL;
}

lds_expr *pr_parse_cast(parser *p)
{
    lds_lexer save = p->lx;
    lds_token open = p->tok;
    pr_advance(p);
    if (p->tok.kind != TK_NAME || !lds_type_size(p->tok.start, (unsigned)p->tok.len)) {
        p->lx = save;
        p->tok = open;
        return NULL;
    }
    const char *type;
    if (!pr_parse_type(p, &type))
        return NULL;
    if (p->tok.kind != TK_RPAREN) {
        if (p->tok.kind == TK_STAR)
            lds_diag_set(p->diag, open.loc,
                         "a pointer cast ((%s *)...) is not modelled: write the access with its width "
                         "(read b128 A[i]) instead",
                         type);
        else
            pr_error_at_tok(p, "')' to close the cast");
        return NULL;
    }
    unsigned bits;
    bool is_signed;
    if (!lds_int_type(type, (unsigned)strlen(type), &bits, &is_signed)) {
        lds_diag_set(p->diag, open.loc, "a cast to '%s' makes a value that is not an integer index", type);
        return NULL;
    }
    pr_advance(p);
    lds_expr *value = pr_parse_unary(p);
    if (!value)
        return NULL;
    lds_expr *call = pr_new_expr(p, E_CALL, open.loc);
    call->name = "(cast)";
    call->nargs = 2;
    call->args = lds_arena_alloc(p->arena, sizeof *call->args * 2);
    call->args[0] = value;
    call->args[1] = pr_new_expr(p, E_NUM, open.loc);
    call->args[1]->value = (int64_t)bits * 2 + is_signed;
    return pr_check_height(p, call);
}

/* '#define NAME expr' is a let; '#define NAME(a, b) expr' a def. */
static lds_stmt *parse_define(parser *p, lds_loc loc)
{
    pr_advance(p);
    if (p->tok.kind != TK_NAME) {
        pr_error_at_tok(p, "a name after #define");
        return NULL;
    }
    lds_token name = p->tok;
    lds_lexer after = p->lx;
    pr_advance(p);
    if (p->tok.kind == TK_LPAREN && p->tok.start == name.start + name.len) {   /* no blank: a macro */
        p->lx = after;
        p->tok = name;
        pr_macro_defined(p, &name, NULL);   /* defined, but no value #if can read */
        return pr_parse_def(p, loc, true);
    }
    if (p->tok.kind == TK_NEWLINE || p->tok.kind == TK_EOF) {
        lds_diag_set(p->diag, name.loc, "'#define %.*s' has no value; lds-calc needs one (#define %.*s 32)",
                     (int)name.len, name.start, (int)name.len, name.start);
        return NULL;
    }
    lds_stmt *s = pr_new_stmt(p, S_LET, loc);
    s->u.let.name = lds_arena_strndup(p->arena, name.start, name.len);
    s->u.let.name_loc = name.loc;
    if (!(s->u.let.value = pr_parse_expr(p)))
        return NULL;
    pr_macro_defined(p, &name, s->u.let.value);
    return s;
}

/* NAME = expr, in a declaration or on its own: the shared accesses the
 * right side makes, or (when it makes none) a let.  A compound
 * assignment to a variable cannot be a let. */
static lds_stmt *assign_to_name(parser *p, lds_loc loc, const lds_token *name, lds_stmt ***tail)
{
    lds_token op = p->tok;
    pr_advance(p);
    unsigned before = p->nfound;
    p->float_tok.len = 0;
    lds_expr *value = parse_collecting(p);
    if (!value)
        return NULL;
    lds_parse_ctx_set_scalar(p->ctx, name->start, name->len, false);   /* a variable now, not shared memory */
    if (p->nfound > before) {
        lds_stmt *first = NULL;
        *tail = found_chain(p, &first);
        return first;
    }
    if (p->float_tok.len) {   /* a value of data, not of an index: the let would hold a stand-in */
        pr_float_error(p, &p->float_tok);
        return NULL;
    }
    if (op.kind == TK_OPASSIGN) {
        lds_diag_set(p->diag, op.loc,
                     "'%.*s %.*s' changes a variable; lds-calc's names are constants: write "
                     "'let %.*s2 = %.*s %.*s ...'",
                     (int)name->len, name->start, (int)op.len, op.start, (int)name->len, name->start,
                     (int)name->len, name->start, (int)op.len - 1, op.start);
        return NULL;
    }
    lds_stmt *s = pr_new_stmt(p, S_LET, loc);
    s->u.let.name = lds_arena_strndup(p->arena, name->start, name->len);
    s->u.let.name_loc = name->loc;
    s->u.let.value = value;
    pr_note_constant(p, s->u.let.name, value);
    *tail = &s->next;
    return s;
}

/* One declarator of a shared array: NAME dims. */
static lds_stmt *shared_declarator(parser *p, lds_loc loc, unsigned elem_size, const char *type, bool is_extern)
{
    lds_stmt *s = pr_new_stmt(p, S_ARRAY, loc);
    s->u.array.elem_size = elem_size;
    s->u.array.type_name = type;
    if (pr_take_name(p, "the array's name", &s->u.array.name, &s->u.array.name_loc) < 0)
        return NULL;
    bool scalar = p->tok.kind != TK_LBRACKET;   /* groupshared uint count; */
    lds_parse_ctx_set_scalar(p->ctx, s->u.array.name, strlen(s->u.array.name), scalar);
    if (scalar)
        return pr_parse_dims(p, &s->u.array.dims, &s->u.array.ndims) < 0 ? NULL : s;
    lds_lexer save = p->lx;
    lds_token open = p->tok;
    pr_advance(p);
    if (p->tok.kind == TK_RBRACKET) {
        lds_diag_set(p->diag, open.loc,
                     "%s arrays take their size at launch, which lds-calc cannot see: give it one "
                     "('__shared__ %s %s[N];' or 'array %s %s[N]')",
                     is_extern ? "'extern __shared__'" : "unsized", type, s->u.array.name, type, s->u.array.name);
        return NULL;
    }
    p->lx = save;
    p->tok = open;
    if (pr_parse_dims(p, &s->u.array.dims, &s->u.array.ndims) < 0)
        return NULL;
    if (p->tok.kind == TK_ASSIGN) {
        lds_diag_set(p->diag, p->tok.loc, "shared memory cannot be initialised where it is declared");
        return NULL;
    }
    return s;
}

/* decl := { QUALIFIER | ATTRIBUTE } TYPE declarator { ',' declarator }
 * A shared declarator is an array; any other is NAME '=' expr. */
static lds_stmt *parse_declaration(parser *p, lds_loc loc)
{
    bool shared = false, is_extern = false;
    for (;;) {
        int q = qualifier(&p->tok);
        if (q >= 0) {
            shared |= qualifiers[q].shared;
            is_extern |= lds_tok_is(&p->tok, "extern");
            pr_advance(p);
        } else if (is_attribute(&p->tok)) {
            if (skip_attribute(p) < 0)
                return NULL;
        } else {
            break;
        }
    }
    const char *type = "auto";
    unsigned size = 0;
    if (lds_tok_is(&p->tok, "auto") && !shared)
        pr_advance(p);
    else if (!(size = pr_parse_type(p, &type)))
        return NULL;
    while (is_attribute(&p->tok))   /* float __align__(16) t[...] */
        if (skip_attribute(p) < 0)
            return NULL;
    lds_stmt *first = NULL, **tail = &first;
    for (;;) {
        if (shared) {
            lds_stmt *s = shared_declarator(p, loc, size, type, is_extern);
            if (!s)
                return NULL;
            *tail = s;
            tail = &s->next;
        } else {
            if (p->tok.kind != TK_NAME) {
                pr_error_at_tok(p, "a variable name");
                return NULL;
            }
            lds_token name = p->tok;
            pr_advance(p);
            if (p->tok.kind == TK_LBRACKET) {
                lds_diag_set(p->diag, name.loc,
                             "'%.*s' is a local array (registers), not shared memory: declare shared "
                             "arrays with __shared__ (CUDA, HIP), __local (OpenCL) or groupshared (HLSL)",
                             (int)name.len, name.start);
                return NULL;
            }
            if (p->tok.kind != TK_ASSIGN) {
                pr_error_at_tok(p, "'=' and the variable's value (lds-calc's names are constants)");
                return NULL;
            }
            lds_lexer at_eq = p->lx;
            lds_token eq = p->tok;
            pr_advance(p);
            bool cute = pr_cute_cpp_starts(&p->tok);   /* auto sA = make_layout(...): a layout */
            p->lx = at_eq;
            p->tok = eq;
            if (cute) {
                pr_advance(p);
                lds_stmt *s = pr_parse_layout_value(p, loc, lds_arena_strndup(p->arena, name.start, name.len), name.loc);
                if (!s)
                    return NULL;
                *tail = s;
                tail = &s->next;
                if (p->tok.kind != TK_COMMA)
                    return first;
                pr_advance(p);
                continue;
            }
            lds_stmt **next, *s = assign_to_name(p, loc, &name, &next);
            if (!s)
                return NULL;
            *tail = s;
            tail = next;
        }
        if (p->tok.kind != TK_COMMA)
            return first;
        pr_advance(p);
    }
}

/* "unknown statement or instruction 'reed'; did you mean 'read'?", over
 * every statement word and instruction name. */
static void unknown_statement(parser *p, lds_loc loc, const char *word)
{
    lds_spell sp;
    lds_spell_init(&sp, word);
    lds_spell_consider_all(&sp, lds_statement_words);
    lds_spell_consider_all(&sp, lds_instruction_examples);
    if (lds_spell_best(&sp))
        lds_diag_set(p->diag, loc, "unknown statement or instruction '%s'; did you mean '%s'?", word,
                     lds_spell_best(&sp));
    else
        lds_diag_set(p->diag, loc, "unknown statement or instruction '%s' (see lds(5), STATEMENTS and INSTRUCTIONS)",
                     word);
}

static lds_stmt *kernel_statement(parser *p, lds_loc loc, const lds_token *t);

/* The statement at p->tok (its first token): see the top of the file.
 * Its integers are C's. */
lds_stmt *pr_parse_kernel_statement(parser *p, lds_loc loc, const lds_token *t)
{
    p->kernel_literals = true;
    lds_stmt *s = kernel_statement(p, loc, t);
    p->kernel_literals = false;
    return s;
}

/* using NAME = decltype(LAYOUT); (CuTe): a layout statement. */
static lds_stmt *parse_using(parser *p, lds_loc loc)
{
    pr_advance(p);
    const char *name;
    lds_loc name_loc;
    if (pr_take_named(p, "the type's name (using NAME = decltype(...))", "'=' and the layout", &name, &name_loc) < 0)
        return NULL;
    if (!pr_cute_cpp_starts(&p->tok)) {
        pr_error_at_tok(p, "a CuTe layout (decltype(make_layout(...)), Layout<...>{}, composition(...))");
        return NULL;
    }
    return pr_parse_layout_value(p, loc, name, name_loc);
}

static lds_stmt *kernel_statement(parser *p, lds_loc loc, const lds_token *t)
{
    if (t->kind == TK_DEFINE)
        return parse_define(p, loc);
    if (lds_tok_is(t, "using"))
        return parse_using(p, loc);
    if (qualifier(t) >= 0 || is_attribute(t))
        return parse_declaration(p, loc);
    lds_lexer save = p->lx;
    pr_advance(p);
    lds_token second = p->tok;
    p->lx = save;
    p->tok = *t;
    if (is_type_word(t) && second.kind == TK_NAME)
        return parse_declaration(p, loc);   /* int row = tid / 32; */
    if (t->kind == TK_NAME && (second.kind == TK_NAME || second.kind == TK_AT) && !is_atomic_call(t)) {
        /* two words in a row: a misspelt statement (raed f32[lane]) */
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)(t->len < 63 ? t->len : 63), t->start);
        unknown_statement(p, t->loc, word);
        return NULL;
    }
    if (t->kind == TK_NAME && (second.kind == TK_ASSIGN || second.kind == TK_OPASSIGN)) {
        pr_advance(p);
        if (lds_parse_ctx_is_scalar(p->ctx, t->start, t->len)) {   /* D = v: a shared scalar's store */
            lds_target target = scalar_target(p, t);
            return pr_parse_kernel_store(p, &target);
        }
        lds_stmt **tail;
        return assign_to_name(p, loc, t, &tail);
    }
    /* an expression: its accesses (atomicAdd(&A[i], 1)), or its value */
    lds_expr *e = parse_collecting(p);
    if (!e)
        return NULL;
    if (p->nfound) {
        lds_stmt *first = NULL;
        found_chain(p, &first);
        return first;
    }
    lds_stmt *s = pr_new_stmt(p, S_PRINT, loc);
    s->u.print.values = lds_arena_alloc(p->arena, sizeof *s->u.print.values);
    s->u.print.values[0] = e;
    s->u.print.n = 1;
    return s;
}

/* A target followed by '=' or a compound assignment: the right side's
 * accesses, then (for a compound one) a read of the target, then its
 * write. */
lds_stmt *pr_parse_kernel_store(parser *p, const lds_target *target)
{
    bool compound = p->tok.kind == TK_OPASSIGN;
    pr_advance(p);
    p->kernel_literals = true;
    lds_expr *value = parse_collecting(p);
    p->kernel_literals = false;
    if (!value)
        return NULL;
    lds_stmt *first = NULL, **tail = found_chain(p, &first);
    if (compound) {
        *tail = access_stmt(p, ACC_READ, target, NULL);
        tail = &(*tail)->next;
    }
    *tail = access_stmt(p, ACC_WRITE, target, NULL);
    return first;
}

/* front/csrc/parse_scope.c - declarations with a scope or a block of their own
 * (front/csrc/parse_impl.h): namespaces, using-directives and
 * declarations, enumerations, a struct's static constant members; HLSL's
 * cbuffers and GLSL's interface blocks, and where a block ends.
 *
 * A constant declared in a namespace or a struct is named as C++ names it
 * from outside, qualified ("cfg::P", "Cfg::P", "E::A"); the lowering binds
 * those names and, for a kernel, the shorter names its own namespace and
 * the using-directives in effect let it write (front/csrc/lower.c).  An
 * enumeration is a declaration of constant ints, one per enumerator: an
 * unscoped one's enumerators are named both plainly and through the
 * enumeration's name (C++11: E::A), an enum class's through its name
 * only; an enumerator without a value is the one before it plus 1. */
#include "front/csrc/parse_impl.h"

const char *cp_scoped(cparser *p, const char *scope, const char *name)
{
    if (!scope || !*scope)
        return name;
    lds_buf b = { 0 };
    lds_buf_printf(&b, "%s::%s", scope, name);
    char *s = lds_arena_strndup(p->arena, lds_buf_str(&b), b.len);
    lds_buf_free(&b);
    return s;
}

/* The qualified name at p->i (A::B::C, a leading :: kept), spelt without
 * blanks, or NULL where there is none. */
static const char *qualified(cparser *p)
{
    lds_buf b = { 0 };
    if (cp_accept(p, "::"))
        lds_buf_printf(&b, "::");
    while (cp_peek(p)->kind == CT_ID) {
        lds_buf_printf(&b, "%.*s", (int)cp_peek(p)->len, cp_peek(p)->text);
        cp_advance(p);
        if (!cp_at(p, "::") || cp_peek_at(p, 1)->kind != CT_ID)
            break;
        cp_advance(p);
        lds_buf_printf(&b, "::");
    }
    char *s = b.len ? lds_arena_strndup(p->arena, lds_buf_str(&b), b.len) : NULL;
    lds_buf_free(&b);
    return s;
}

static void add_using(cparser *p, const char *target, const char *alias, bool directive)
{
    if (!target || !p->unit)
        return;
    csrc_using *u = lds_arena_alloc(p->arena, sizeof *u);
    u->scope = p->ns;
    u->target = target;
    u->alias = alias;
    u->directive = directive;
    u->next = p->unit->usings;
    p->unit->usings = u;
}

bool cp_using(cparser *p)
{
    size_t start = p->i;
    if (cp_accept(p, "using")) {
        bool directive = cp_accept(p, "namespace");
        cp_accept(p, "typename");
        const char *target = qualified(p);
        if (target && cp_at(p, ";") && (directive || strstr(target, "::"))) {
            add_using(p, target, NULL, directive);
            cp_advance(p);
            return true;
        }
    } else if (cp_accept(p, "namespace") && cp_peek(p)->kind == CT_ID && csrc_is(cp_peek_at(p, 1), "=")) {
        const char *alias = cp_tok_str(p, cp_peek(p));
        cp_advance(p);
        cp_advance(p);
        const char *target = qualified(p);
        if (target && cp_accept(p, ";")) {
            add_using(p, target, alias, true);
            return true;
        }
    }
    p->i = start;
    return false;
}

const char *cp_namespace_head(cparser *p)
{
    bool is_inline = cp_accept(p, "inline");
    cp_advance(p);   /* 'namespace' */
    const char *ns = p->ns;
    while (cp_at(p, "[") && csrc_is(cp_peek_at(p, 1), "["))   /* [[deprecated]] */
        cp_skip_group(p);
    if (cp_peek(p)->kind == CT_ID) {
        const char *name = qualified(p);
        /* an inline namespace's members are its parent's too: named so */
        ns = is_inline ? p->ns : cp_scoped(p, p->ns, name);
    }
    while (!cp_at(p, "{") && !cp_at(p, ";") && !cp_at_eof(p))
        cp_advance(p);
    return ns;
}

/* One enumerator's value: its own expression, else the one before it
 * plus 1 (0 for the first). */
static csrc_expr *enumerator_value(cparser *p, const char *before, lds_loc loc)
{
    if (cp_accept(p, "="))
        return cp_conditional(p);
    csrc_expr *one = cp_new_expr(p, CE_INT, loc);
    one->value = before ? 1 : 0;
    if (!before)
        return one;
    csrc_expr *prev = cp_new_expr(p, CE_ID, loc), *sum = cp_new_expr(p, CE_BINARY, loc);
    prev->name = before;
    sum->op = "+";
    sum->a = prev;
    sum->b = one;
    return sum;
}

csrc_stmt *cp_enum(cparser *p, const char *scope)
{
    lds_loc loc = cp_peek(p)->loc;
    size_t start = p->i;
    cp_advance(p);   /* 'enum' */
    bool scoped = cp_accept(p, "class") || cp_accept(p, "struct");
    const char *name = NULL;
    if (cp_peek(p)->kind == CT_ID) {
        name = cp_tok_str(p, cp_peek(p));
        cp_declare_type(p, name);
        cp_advance(p);
    }
    if (cp_accept(p, ":"))   /* its underlying type */
        while (!cp_at(p, "{") && !cp_at(p, ";") && !cp_at_eof(p))
            cp_advance(p);
    if (!cp_at(p, "{")) {
        p->i = start;
        return NULL;
    }
    cp_advance(p);
    const char *inner = name ? cp_scoped(p, scope, name) : scope;
    csrc_declarator ds[2 * 256];
    unsigned n = 0;
    const char *before = NULL;
    csrc_type type = { .base = "int", .is_const = true };
    while (cp_peek(p)->kind == CT_ID && n + 2 <= sizeof ds / sizeof ds[0]) {
        const csrc_tok *t = cp_peek(p);
        cp_advance(p);
        csrc_expr *value = enumerator_value(p, before, t->loc);
        if (!value)
            return NULL;
        const char *own = cp_tok_str(p, t);
        /* an enum class's enumerators are E::A only; an unscoped one's A and E::A */
        const char *names[2] = { cp_scoped(p, scoped ? inner : scope, own), name && !scoped ? cp_scoped(p, inner, own) : NULL };
        for (int k = 0; k < 2 && names[k]; k++)
            ds[n++] = (csrc_declarator){ .name = names[k], .loc = t->loc, .type = type, .init = value };
        before = names[0];
        if (!cp_accept(p, ","))
            break;
    }
    if (!cp_expect(p, "}"))
        return NULL;
    csrc_stmt *s = cp_new_stmt(p, CS_DECL, loc);
    s->quals = CQ_CONST;
    s->decls = lds_arena_alloc(p->arena, sizeof *ds * (n ? n : 1));
    memcpy(s->decls, ds, sizeof *ds * n);
    s->ndecls = n;
    return s;
}

void cp_add_global(cparser *p, csrc_stmt *s)
{
    if (!s || !p->gtail)
        return;
    **p->gtail = s;
    *p->gtail = &s->next;
}

bool cp_static_member(cparser *p, const char *owner)
{
    size_t start = p->i;
    bool failed = p->failed;
    csrc_type type;
    unsigned quals = 0;
    if (!cp_parse_type(p, &type, &quals, NULL) || !(quals & CQ_STATIC) || !(quals & CQ_CONST)) {
        p->i = start;
        p->failed = failed;
        return false;
    }
    csrc_stmt *s = cp_declaration(p, &type, quals, cp_peek_at(p, 0)->loc);
    if (!s || !cp_at(p, ";")) {
        p->i = start;
        p->failed = failed;
        return false;
    }
    cp_advance(p);
    const char *scope = cp_scoped(p, p->ns, owner);
    for (unsigned i = 0; i < s->ndecls; i++)
        s->decls[i].name = cp_scoped(p, scope, s->decls[i].name);
    cp_add_global(p, s);
    return true;
}

/* ------------------------------------------------------------ blocks */

/* After a block's '}' (a struct's, an interface block's): what it
 * declares (GLSL's instance name, an array of blocks: } inst[2];, a C
 * struct's variables) up to the ';' that ends it, and that ';'.  Where
 * the ';' is left out, a line that starts with a storage word or a type
 * starts the next declaration: the block ends there, never past it. */
void cp_block_declarators(cparser *p)
{
    while (!cp_at(p, ";") && !cp_at(p, "}") && !cp_at_eof(p)) {
        const csrc_tok *t = cp_peek(p);
        if (t->bol && (cp_is_storage(p, t) || cp_is_type_word(p, t) || csrc_is(t, "[") || csrc_is(t, "template")))
            return;
        if (cp_at(p, "{") || cp_at(p, "(") || cp_at(p, "["))
            cp_skip_group(p);
        else
            cp_advance(p);
    }
    cp_accept(p, ";");
}

/* The words an interface block's name may follow (GLSL). */
static bool glsl_block_word(const csrc_tok *t)
{
    static const char *const words[] = { "uniform", "buffer", "in", "out", "readonly", "writeonly", "coherent",
                                         "volatile", "restrict", "shared" };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (csrc_is(t, words[i]))
            return true;
    return false;
}

/* Whether a GLSL interface block starts at p->i: those words, a name and
 * '{' (uniform Params { ... } params;). */
bool cp_glsl_block_ahead(const cparser *p)
{
    size_t k = 0;
    while (glsl_block_word(cp_peek_at(p, k)))
        k++;
    return k > 0 && cp_peek_at(p, k)->kind == CT_ID && csrc_is(cp_peek_at(p, k + 1), "{");
}

/* A GLSL interface block: a storage block's members are global memory
 * (buffer Data { float d[]; }), another's values set at launch (uniform:
 * its instance's members given with -D ubo.n=...); then what the block
 * declares, to its ';'. */
int cp_glsl_interface_block(cparser *p, csrc_func ***ftail, csrc_stmt ***gtail)
{
    bool buffer = false;
    while (!cp_at(p, "{") && !cp_at_eof(p)) {
        buffer |= cp_at(p, "buffer");
        cp_advance(p);
    }
    if (!buffer) {
        cp_skip_group(p);
    } else {
        cp_advance(p);
        while (!cp_at(p, "}") && !cp_at_eof(p))
            if (cp_file_declaration(p, ftail, gtail, NULL) < 0)
                return -1;
        cp_accept(p, "}");
    }
    cp_block_declarators(p);
    return 0;
}

/* HLSL's cbuffer NAME [: register(b0)] { members } and tbuffer: their
 * members are values set at launch (-D), and no ';' need follow the
 * '}' - nothing after it is the block's. */
void cp_hlsl_buffer_block(cparser *p)
{
    while (!cp_at(p, "{") && !cp_at(p, ";") && !cp_at_eof(p))
        cp_advance(p);
    if (cp_at(p, "{"))
        cp_skip_group(p);
    cp_accept(p, ";");
}

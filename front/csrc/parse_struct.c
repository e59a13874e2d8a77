/* front/csrc/parse_struct.c - struct and class definitions at file level
 * (front/csrc/parse_impl.h): their data members, kept so that a shared
 * array of structs can be laid out as C++ lays it out (front/csrc/lower_struct.c).
 * Methods, static members and access labels are read past; a member
 * lds-calc cannot place (a bit-field, a base class, a union) marks the
 * struct opaque, and its arrays stay a warning. */
#include "front/csrc/parse_impl.h"

/* __align__(N) or alignas(N) at p->i: N (0 if not a number), consumed. */
static int64_t alignment_attribute(cparser *p)
{
    int64_t n = 0;
    cp_advance(p);
    if (cp_accept(p, "(")) {
        if (cp_peek(p)->kind == CT_NUM)
            csrc_int_value(cp_peek(p), &n);
        while (!cp_at(p, ")") && !cp_at_eof(p))
            cp_advance(p);
        cp_accept(p, ")");
    }
    return n;
}

static bool is_alignment_word(const cparser *p)
{
    return cp_at(p, "__align__") || cp_at(p, "alignas") || cp_at(p, "__attribute__") || cp_at(p, "__declspec");
}

/* struct|class [attributes] NAME [<specialization>] [: bases] '{' at p->i. */
bool cp_struct_ahead(const cparser *p)
{
    if (!cp_at(p, "struct") && !cp_at(p, "class") && !cp_at(p, "union"))
        return false;
    size_t k = 1;
    while (k < 16 && cp_peek_at(p, k)->kind == CT_ID && csrc_is(cp_peek_at(p, k + 1), "(")) {
        int depth = 0;   /* an attribute and its parenthesised arguments */
        k++;
        do {
            depth += csrc_is(cp_peek_at(p, k), "(") - csrc_is(cp_peek_at(p, k), ")");
            k++;
        } while (depth > 0 && cp_peek_at(p, k)->kind != CT_EOF);
    }
    if (cp_peek_at(p, k)->kind != CT_ID)
        return false;
    if (csrc_is(cp_peek_at(p, k + 1), "<")) {   /* template <> struct S<double> */
        int depth = 0;
        k++;
        do {
            depth += csrc_is(cp_peek_at(p, k), "<") - csrc_is(cp_peek_at(p, k), ">");
            k++;
        } while (depth > 0 && k < 64 && cp_peek_at(p, k)->kind != CT_EOF && !csrc_is(cp_peek_at(p, k), ";"));
        k--;
    }
    return csrc_is(cp_peek_at(p, k + 1), "{") || csrc_is(cp_peek_at(p, k + 1), ":");
}

/* [__device__ inline] operator TYPE *() [const] { body } at p->i: a
 * conversion to a pointer, kept as a function named after the struct, so
 * that S<T>() where a pointer is wanted - the CUDA samples' SharedMemory<T>,
 * whose conversion returns the dynamic shared memory - is inlined as the
 * conversion.  The first one is kept (the const one after it is the
 * same).  False, nothing consumed, where this is not one. */
static bool conversion_operator(cparser *p, csrc_struct *st)
{
    size_t start = p->i;
    while (cp_storage_word_in(p->lang, cp_peek(p)) >= 0 && !cp_at(p, "struct") && !cp_at(p, "class"))
        cp_advance(p);
    csrc_func *f = lds_arena_alloc(p->arena, sizeof *f);
    f->loc = cp_peek(p)->loc;
    unsigned quals = 0;
    bool failed = p->failed;
    if (!cp_accept(p, "operator") || !cp_parse_type(p, &f->ret, &quals, NULL) || f->ret.pointers != 1
        || !cp_accept(p, "(") || !cp_accept(p, ")")) {
        p->i = start;
        p->failed = failed;
        return false;
    }
    while (cp_accept(p, "const") || cp_accept(p, "noexcept"))
        ;
    if (!cp_at(p, "{") || !(f->body = cp_compound(p))) {
        p->i = start;
        p->failed = failed;
        return false;
    }
    f->name = st->name;
    if (!st->conversion)
        st->conversion = f;
    return true;
}

/* [__device__] RET operator()(params) [const] { body } at p->i: a
 * functor's call, kept as a function of the file named STRUCT::operator(),
 * so that a call through a functor passed in (op(a, b), op = Add()) inlines
 * it (its data members are not followed: data).  False, nothing consumed,
 * where this is not one. */
static bool call_operator(cparser *p, csrc_struct *st)
{
    size_t start = p->i;
    bool failed = p->failed;
    while (cp_storage_word_in(p->lang, cp_peek(p)) >= 0 && !cp_at(p, "struct") && !cp_at(p, "class"))
        cp_advance(p);
    csrc_func *f = lds_arena_alloc(p->arena, sizeof *f);
    unsigned quals = 0;
    bool ok = cp_parse_type(p, &f->ret, &quals, NULL) && cp_at(p, "operator");
    f->loc = cp_peek(p)->loc;
    ok = ok && cp_accept(p, "operator") && cp_accept(p, "(") && cp_accept(p, ")") && cp_parse_params(p, f);
    while (ok && (cp_accept(p, "const") || cp_accept(p, "noexcept")))
        ;
    if (!ok || st->call_op || !cp_at(p, "{") || !(f->body = cp_compound(p))) {
        p->i = start;
        p->failed = failed;
        return false;
    }
    f->name = cp_scoped(p, st->name, "operator()");
    st->call_op = f;
    return true;
}

/* Whether the member declaration at p->i declares a function (a method,
 * a constructor, an operator): a '(' at its top level before any '=' or
 * '{' initialiser, or the word operator. */
static bool function_ahead(const cparser *p)
{
    int depth = 0;
    for (size_t k = 0; k < 4096; k++) {
        const csrc_tok *t = cp_peek_at(p, k);
        if (t->kind == CT_EOF || (depth == 0 && (csrc_is(t, ";") || csrc_is(t, "}") || csrc_is(t, "=") || csrc_is(t, "{"))))
            return false;
        if (csrc_is(t, "operator") || (depth == 0 && csrc_is(t, "(")))
            return true;
        depth += csrc_is(t, "(") || csrc_is(t, "[") || csrc_is(t, "{") || csrc_is(t, "<");
        depth -= csrc_is(t, ")") || csrc_is(t, "]") || csrc_is(t, "}") || csrc_is(t, ">");
    }
    return false;
}

/* One member declaration (up to its ';'), its data members added to st;
 * its constants (an enumeration, a static const member) are the file's,
 * named st::NAME, where st is no template (whose constants its
 * parameters decide). */
static void member_declaration(cparser *p, csrc_struct *st, csrc_field *fields, unsigned cap, bool is_template)
{
    csrc_type type;
    unsigned quals = 0;
    if (!is_template && cp_at(p, "enum")) {
        csrc_stmt *e = cp_enum(p, cp_scoped(p, p->ns, st->name));
        if (e) {
            cp_add_global(p, e);
            cp_skip_statement(p);
            return;
        }
    }
    if (!is_template && !function_ahead(p) && cp_static_member(p, st->name))
        return;
    if ((cp_at(p, "public") || cp_at(p, "private") || cp_at(p, "protected")) && csrc_is(cp_peek_at(p, 1), ":")) {
        cp_advance(p);
        cp_advance(p);
        return;
    }
    if (function_ahead(p)) {
        if (!conversion_operator(p, st) && !call_operator(p, st))
            cp_skip_statement(p);   /* a method, a constructor, an operator: no data */
        return;
    }
    if (cp_at(p, "struct") || cp_at(p, "class") || cp_at(p, "union") || cp_at(p, "enum") || cp_at(p, "template")
        || cp_at(p, "friend") || cp_at(p, "using") || cp_at(p, "typedef") || cp_at(p, "static_assert")
        || !cp_parse_type(p, &type, &quals, NULL)) {
        st->opaque |= cp_at(p, "struct") || cp_at(p, "union") || cp_at(p, "class");   /* a nested one: not placed */
        cp_skip_statement(p);
        return;
    }
    for (;;) {
        csrc_field f = { .type = type };
        while (cp_accept(p, "*"))
            f.type.pointers++;
        if (cp_at(p, "(") || cp_peek(p)->kind != CT_ID || csrc_is(cp_peek_at(p, 1), "(")) {
            cp_skip_statement(p);   /* a method, a constructor, an operator */
            return;
        }
        f.name = cp_tok_str(p, cp_peek(p));
        f.loc = cp_peek(p)->loc;
        cp_advance(p);
        csrc_expr *dims[LDS_MAX_DIMS];
        while (cp_accept(p, "[")) {
            csrc_expr *d = cp_at(p, "]") ? NULL : cp_parse_expr(p);
            if (!d || !cp_expect(p, "]") || f.ndims == LDS_MAX_DIMS) {
                st->opaque = true;
                cp_skip_statement(p);
                return;
            }
            dims[f.ndims++] = d;
        }
        if (f.ndims) {
            f.dims = lds_arena_alloc(p->arena, sizeof *f.dims * f.ndims);
            memcpy(f.dims, dims, sizeof *dims * f.ndims);
        }
        if (cp_at(p, ":"))
            st->opaque = true;   /* a bit-field */
        while (!cp_at(p, ",") && !cp_at(p, ";") && !cp_at(p, "}") && !cp_at_eof(p)) {   /* a default member initialiser */
            if (cp_at(p, "{") || cp_at(p, "(") || cp_at(p, "["))
                cp_skip_group(p);
            else
                cp_advance(p);
        }
        if (!(quals & CQ_STATIC) && st->nfields < cap)
            fields[st->nfields++] = f;
        else if (!(quals & CQ_STATIC))
            st->opaque = true;
        if (!cp_accept(p, ","))
            break;
    }
    cp_accept(p, ";");
}

/* The body '{' ... '}' at p->i, read into st.  The members are read as
 * if the file ended at the closing brace, so that nothing a member
 * declaration gets wrong can reach past it. */
static void struct_body(cparser *p, csrc_struct *st, bool is_template)
{
    csrc_field fields[LDS_MAX_PARAMS];
    bool failed = p->failed;
    lds_diag diag = *p->diag;
    size_t open = p->i, saved_end = p->end;
    cp_skip_group(p);
    size_t after = p->i;
    if (after <= open + 1 || !csrc_is(&p->t[after - 1], "}")) {
        st->opaque = true;   /* never closed */
        return;
    }
    p->i = open + 1;
    p->end = after - 1;
    while (!cp_at_eof(p)) {
        size_t at = p->i;
        member_declaration(p, st, fields, LDS_MAX_PARAMS, is_template);
        if (p->i == at)
            cp_advance(p);
    }
    p->end = saved_end;
    p->i = after;
    if (p->failed && !failed)
        st->opaque = true;   /* a member not understood: the struct is not laid out */
    p->failed = failed;
    *p->diag = diag;
    st->fields = lds_arena_alloc(p->arena, sizeof *st->fields * (st->nfields ? st->nfields : 1));
    memcpy(st->fields, fields, sizeof *fields * st->nfields);
}

static csrc_struct *new_struct(cparser *p, csrc_unit *u)
{
    csrc_struct *st = lds_arena_alloc(p->arena, sizeof *st);
    memset(st, 0, sizeof *st);
    st->next = u->structs;
    u->structs = st;
    return st;
}

/* struct [attributes] NAME [<specialization>] [: bases] { members }
 * [declarators] ;  The name becomes a type name.  tmpl: the template
 * header before it, or NULL; a conversion to a pointer is added to the
 * file's functions at *ftail, with the header's parameters. */
void cp_struct_definition(cparser *p, csrc_unit *u, csrc_func *tmpl, csrc_func ***ftail)
{
    bool is_template = tmpl && tmpl->ntparams;
    bool is_union = cp_at(p, "union");
    csrc_struct *st = new_struct(p, u);
    cp_advance(p);
    while (is_alignment_word(p) || (cp_peek(p)->kind == CT_ID && csrc_is(cp_peek_at(p, 1), "("))) {
        bool align = cp_at(p, "__align__") || cp_at(p, "alignas");
        int64_t n = alignment_attribute(p);
        if (align)
            st->align = n;
    }
    st->name = cp_tok_str(p, cp_peek(p));
    st->loc = cp_peek(p)->loc;
    cp_declare_type(p, st->name);
    cp_advance(p);
    const char *specialized = cp_at(p, "<") ? cp_template_args(p) : NULL;
    /* a template, its specialization, a base class: not placed */
    st->opaque = is_union || is_template || specialized || cp_at(p, ":");
    while (!cp_at(p, "{") && !cp_at_eof(p))
        cp_advance(p);
    if (cp_at(p, "{"))
        struct_body(p, st, is_template || specialized);
    if (st->conversion) {
        csrc_func *f = st->conversion;
        if (tmpl) {
            f->tparams = tmpl->tparams;
            f->tdefaults = tmpl->tdefaults;
            f->ntparams = tmpl->ntparams;
        }
        f->specialized = specialized;
        **ftail = f;
        *ftail = &f->next;
    }
    if (st->call_op && !is_template && !specialized) {   /* a functor's call (a template's: its T not known) */
        **ftail = st->call_op;
        *ftail = &st->call_op->next;
    } else {
        st->call_op = NULL;
    }
    while (!cp_at(p, ";") && !cp_at_eof(p) && !cp_at(p, "}"))
        cp_advance(p);
    cp_accept(p, ";");
}

/* typedef struct [TAG] { members } NAME;  at p->i ('typedef'): false,
 * nothing consumed, if it is another typedef. */
bool cp_typedef_struct(cparser *p, csrc_unit *u)
{
    size_t k = 2;
    if (!csrc_is(cp_peek_at(p, 1), "struct"))
        return false;
    if (cp_peek_at(p, k)->kind == CT_ID && !csrc_is(cp_peek_at(p, k), "{"))
        k++;
    if (!csrc_is(cp_peek_at(p, k), "{"))
        return false;
    csrc_struct *st = new_struct(p, u);
    for (size_t i = 0; i < k; i++)
        cp_advance(p);
    st->name = "";   /* typedef struct { ... } NAME: its members named NAME:: below */
    size_t open = p->i;
    cp_skip_group(p);
    if (cp_peek(p)->kind == CT_ID)
        st->name = cp_tok_str(p, cp_peek(p));
    p->i = open;
    struct_body(p, st, false);
    if (cp_peek(p)->kind == CT_ID) {
        st->name = cp_tok_str(p, cp_peek(p));
        st->loc = cp_peek(p)->loc;
        cp_declare_type(p, st->name);
    } else {
        st->name = "";
    }
    while (!cp_at(p, ";") && !cp_at_eof(p) && !cp_at(p, "}"))
        cp_advance(p);
    cp_accept(p, ";");
    return true;
}

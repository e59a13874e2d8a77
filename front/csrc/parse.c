/* front/csrc/parse.c - the syntax tree of a kernel file (front/csrc/parse.h).
 *
 * A recursive-descent parser for the part of C, C++, HLSL and GLSL that
 * kernels are written in.  C++'s two ambiguities are settled the way
 * kernel code reads: a statement that starts with a type (a known type
 * word, a name declared as a type, or NAME NAME) is a declaration, and
 * NAME<...> is a template argument list when a '(' '{' or '::' follows
 * its '>'.  A statement the parser cannot follow is kept opaque, with its
 * place, up to its ';' or its closing brace. */
#include "front/csrc/parse.h"
#include "front/csrc/parse_impl.h"

bool csrc_type_shape(const char *base, unsigned *bytes, unsigned *lanes, bool *is_float)
{
    static const struct { const char *name; unsigned bytes; bool fl; } scalars[] = {
        { "bool", 1, false }, { "char", 1, false }, { "signed char", 1, false }, { "unsigned char", 1, false },
        { "uchar", 1, false }, { "int8_t", 1, false }, { "uint8_t", 1, false }, { "short", 2, false },
        { "unsigned short", 2, false }, { "short int", 2, false }, { "ushort", 2, false }, { "int16_t", 2, false },
        { "uint16_t", 2, false }, { "min16int", 2, false }, { "min16uint", 2, false }, { "int", 4, false },
        { "unsigned", 4, false }, { "unsigned int", 4, false }, { "signed int", 4, false }, { "uint", 4, false },
        { "int32_t", 4, false }, { "uint32_t", 4, false }, { "long", 8, false }, { "unsigned long", 8, false },
        { "long long", 8, false }, { "unsigned long long", 8, false }, { "long int", 8, false }, { "ulong", 8, false },
        { "longlong", 8, false }, { "ulonglong", 8, false }, { "int64_t", 8, false }, { "uint64_t", 8, false },
        { "size_t", 8, false }, { "__int64", 8, false }, { "float", 4, true }, { "double", 8, true },
        { "half", 2, true }, { "__half", 2, true }, { "__nv_half", 2, true }, { "_Float16", 2, true },
        { "float16_t", 2, true }, { "min16float", 2, true }, { "__nv_bfloat16", 2, true }, { "nv_bfloat16", 2, true },
        { "hip_bfloat16", 2, true }, { "__hip_bfloat16", 2, true }, { "bfloat16", 2, true },
        { "__nv_fp8_e4m3", 1, true }, { "__nv_fp8_e5m2", 1, true }, { "float32_t", 4, true },
    };
    static const struct { const char *name; const char *scalar; unsigned lanes; } vectors[] = {
        { "__half2", "half", 2 }, { "half2", "half", 2 }, { "__nv_bfloat162", "__nv_bfloat16", 2 },
        { "vec2", "float", 2 }, { "vec3", "float", 3 }, { "vec4", "float", 4 }, { "ivec2", "int", 2 },
        { "ivec3", "int", 3 }, { "ivec4", "int", 4 }, { "uvec2", "uint", 2 }, { "uvec3", "uint", 3 },
        { "uvec4", "uint", 4 }, { "dvec2", "double", 2 }, { "dvec3", "double", 3 }, { "dvec4", "double", 4 },
    };
    char scalar[32];
    unsigned n = 1;
    const char *s = base;
    for (size_t i = 0; i < sizeof vectors / sizeof vectors[0]; i++)
        if (!strcmp(base, vectors[i].name)) {
            s = vectors[i].scalar;
            n = vectors[i].lanes;
        }
    if (s == base && cp_vector_type(base, scalar, sizeof scalar, &n))
        s = scalar;
    for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
        if (!strcmp(s, scalars[i].name)) {
            *bytes = scalars[i].bytes;
            *lanes = n;
            *is_float = scalars[i].fl;
            return true;
        }
    return false;
}

/* -------------------------------------------------------- file level */

/* template <...>: the parameter names (the last name before ',' '=' or
 * '>' at the top level), their integer or type defaults; type
 * parameters become type names. */
/* A template parameter's default written as tokens from..to (= C,
 * = 2 * M): the expression, or NULL where it is not one (the parameter
 * then asks for -D where it decides something, as with no default). */
static const csrc_expr *default_expr(cparser *p, size_t from, size_t to)
{
    size_t saved_i = p->i, saved_end = p->end;
    bool failed = p->failed;
    lds_diag saved_diag = *p->diag;
    p->i = from;
    p->end = to;
    const csrc_expr *e = cp_parse_assign(p);
    if (p->failed || !cp_at_eof(p))
        e = NULL;
    p->i = saved_i;
    p->end = saved_end;
    p->failed = failed;
    *p->diag = saved_diag;
    return e;
}

void cp_template_params(cparser *p, csrc_func *f)
{
    const char *names[LDS_MAX_PARAMS];
    const csrc_tok *defaults[LDS_MAX_PARAMS] = { NULL };   /* '= 32': its one token */
    const char *type_defaults[LDS_MAX_PARAMS] = { NULL };  /* '= unsigned int': its text */
    size_t expr_from[LDS_MAX_PARAMS] = { 0 }, expr_to[LDS_MAX_PARAMS] = { 0 };   /* '= C': its tokens */
    bool is_type[LDS_MAX_PARAMS] = { false };
    unsigned n = 0;
    cp_advance(p);   /* 'template' */
    if (!cp_accept(p, "<"))
        return;
    int depth = 0;
    const csrc_tok *last = NULL, *deflt = NULL;
    size_t default_from = 0;
    unsigned default_tokens = 0;
    bool type_param = false, in_default = false;
    while (!cp_at_eof(p)) {
        const csrc_tok *t = cp_peek(p);
        if (csrc_is(t, "<") || csrc_is(t, "(")) {
            depth++;
        } else if ((csrc_is(t, ">") || csrc_is(t, ")")) && depth > 0) {
            depth--;
        } else if (depth == 0 && (csrc_is(t, ",") || csrc_is(t, ">"))) {
            if (last && n < LDS_MAX_PARAMS) {
                defaults[n] = default_tokens == 1 && deflt->kind == CT_NUM && !type_param ? deflt : NULL;
                if (default_tokens && !type_param && !defaults[n]) {
                    expr_from[n] = default_from;
                    expr_to[n] = p->i;
                }
                type_defaults[n] = default_tokens && type_param ? cp_text_of(p, default_from, p->i) : NULL;
                is_type[n] = type_param;
                names[n++] = cp_tok_str(p, last);
                if (type_param)
                    cp_declare_type(p, names[n - 1]);
            }
            last = deflt = NULL;
            default_tokens = 0;
            type_param = in_default = false;
            if (csrc_is(t, ">")) {
                cp_advance(p);
                break;
            }
        } else if (depth == 0 && csrc_is(t, "=")) {
            in_default = true;
            default_from = p->i + 1;
        } else if (depth == 0 && !in_default && (csrc_is(t, "typename") || csrc_is(t, "class"))) {
            type_param = true;
        } else if (depth == 0 && !in_default && t->kind == CT_ID) {
            last = t;
        }
        if (in_default && !csrc_is(t, "=") && default_tokens++ == 0)
            deflt = t;
        cp_advance(p);
    }
    if (f) {
        f->tparams = lds_arena_alloc(p->arena, sizeof *names * (n ? n : 1));
        memcpy(f->tparams, names, sizeof *names * n);
        f->tdefaults = lds_arena_alloc(p->arena, sizeof *f->tdefaults * (n ? n : 1));
        for (unsigned i = 0; i < n; i++) {
            f->tdefaults[i].set = defaults[i] && csrc_int_value(defaults[i], &f->tdefaults[i].value);
            f->tdefaults[i].is_type = is_type[i];
            f->tdefaults[i].type = type_defaults[i];
            f->tdefaults[i].expr = expr_to[i] ? default_expr(p, expr_from[i], expr_to[i]) : NULL;
        }
        f->ntparams = n;
    }
}

/* A parameter whose type is a name a header lds-calc does not read
 * declares (floatX *out, const real &x): in a parameter list a name
 * followed by '*' or '&' can only be a type, so it is one from here on. */
static void header_type_name(cparser *p)
{
    size_t k = p->i;
    while (k + 1 < p->n && cp_storage_word_in(p->lang, &p->t[k]) >= 0 && !csrc_is(&p->t[k], "struct")
           && !csrc_is(&p->t[k], "class") && !csrc_is(&p->t[k], "enum") && !csrc_is(&p->t[k], "union"))
        k++;
    if (k + 1 >= p->n)
        return;
    const csrc_tok *t = &p->t[k], *next = &p->t[k + 1];
    if (t->kind == CT_ID && !cp_is_type_word(p, t)
        && (csrc_is(next, "*") || csrc_is(next, "&") || csrc_is(next, "&&")))
        cp_declare_type(p, cp_tok_str(p, t));
}

bool cp_parse_params(cparser *p, csrc_func *f)
{
    csrc_param ps[LDS_MAX_PARAMS * 4];
    unsigned n = 0;
    if (!cp_expect(p, "("))
        return false;
    if (cp_at(p, "void") && csrc_is(cp_peek_at(p, 1), ")"))
        cp_advance(p);
    while (!cp_at(p, ")") && !cp_at_eof(p)) {
        csrc_type type;
        unsigned quals = 0;
        header_type_name(p);
        if (n >= sizeof ps / sizeof ps[0] || !cp_parse_type(p, &type, &quals, NULL)) {
            cp_fail(p, "a parameter");
            return false;
        }
        csrc_param *q = &ps[n++];
        memset(q, 0, sizeof *q);
        q->type = type;
        q->quals = quals;
        if (cp_peek(p)->kind == CT_ID) {
            q->name = cp_tok_str(p, cp_peek(p));
            q->loc = cp_peek(p)->loc;
            cp_advance(p);
        }
        while (cp_at(p, "[")) {
            q->is_array = true;
            cp_skip_group(p);
        }
        if (cp_accept(p, ":") && cp_peek(p)->kind == CT_ID) {   /* HLSL semantic */
            q->semantic = cp_tok_str(p, cp_peek(p));
            cp_advance(p);
        }
        if (cp_accept(p, "=")) {   /* a default argument */
            if (!cp_parse_assign(p))
                return false;
        }
        if (!cp_accept(p, ","))
            break;
    }
    if (!cp_expect(p, ")"))
        return false;
    f->params = lds_arena_alloc(p->arena, sizeof *ps * (n ? n : 1));
    memcpy(f->params, ps, sizeof *ps * n);
    f->nparams = n;
    return true;
}

/* [cp_numthreads(x, y, z)]: its three expressions. */
void cp_numthreads(cparser *p, csrc_expr **out)
{
    cp_advance(p);   /* '[' */
    if (csrc_is(cp_peek(p), "numthreads") && csrc_is(cp_peek_at(p, 1), "(")) {
        cp_advance(p);
        cp_advance(p);
        for (int k = 0; k < 3 && !cp_at(p, ")"); k++) {
            out[k] = cp_parse_assign(p);
            if (!out[k] || !cp_accept(p, ","))
                break;
        }
        p->failed = false;
        while (!cp_at(p, "]") && !cp_at_eof(p))
            cp_advance(p);
        cp_advance(p);
        return;
    }
    p->i--;
    cp_skip_group(p);   /* another attribute */
}

/* layout(local_size_x = 64, ...) in;  (GLSL) */
bool cp_glsl_layout(cparser *p, csrc_unit *u)
{
    size_t save = p->i;
    lds_loc loc = cp_peek(p)->loc;
    cp_advance(p);
    if (!cp_accept(p, "("))
        return false;
    csrc_expr *size[3] = { NULL, NULL, NULL };
    bool any = false;
    while (!cp_at(p, ")") && !cp_at_eof(p)) {
        const csrc_tok *k = cp_peek(p);
        cp_advance(p);
        int axis = csrc_is(k, "local_size_x") ? 0 : csrc_is(k, "local_size_y") ? 1 : csrc_is(k, "local_size_z") ? 2 : -1;
        if (cp_accept(p, "=")) {
            csrc_expr *e = cp_parse_assign(p);
            if (axis >= 0 && e) {
                size[axis] = e;
                any = true;
            }
        }
        p->failed = false;
        if (!cp_accept(p, ","))
            break;
    }
    cp_accept(p, ")");
    if (any && cp_accept(p, "in") && cp_accept(p, ";")) {
        for (int k = 0; k < 3; k++)
            u->local_size[k] = size[k];
        u->local_size_loc = loc;
        return true;
    }
    p->i = save;
    return false;
}

/* The words before a file-scope declaration's name: whether they mark
 * a kernel (CUDA's __global__, OpenCL C's __kernel), and OpenCL C's
 * __attribute__((reqd_work_group_size(x, y, z))) into size.  p->i is
 * left where it was. */
static bool declaration_head(cparser *p, csrc_expr **size)
{
    size_t save = p->i;
    bool kernel = false, opencl = p->lang == LDS_LANG_OPENCL;
    for (size_t k = p->i; k < p->n && !csrc_is(&p->t[k], "(") && !csrc_is(&p->t[k], ";") && !csrc_is(&p->t[k], "{")
                          && !csrc_is(&p->t[k], "="); k++) {
        kernel |= csrc_is(&p->t[k], "__global__") || (opencl && (csrc_is(&p->t[k], "__kernel") || csrc_is(&p->t[k], "kernel")));
        if (!csrc_is(&p->t[k], "__attribute__") || k + 1 >= p->n || !csrc_is(&p->t[k + 1], "("))
            continue;
        p->i = k + 1;
        cp_skip_group(p);
        size_t end = p->i;
        for (size_t j = k + 2; opencl && j + 1 < end; j++)
            if (csrc_is(&p->t[j], "reqd_work_group_size") && csrc_is(&p->t[j + 1], "(")) {
                p->i = j + 2;
                for (int a = 0; a < 3; a++) {
                    size[a] = cp_parse_assign(p);
                    if (!size[a] || !cp_accept(p, ","))
                        break;
                }
                p->failed = false;
                memset(p->diag, 0, sizeof *p->diag);
            }
        k = end - 1;
    }
    p->i = save;
    return kernel;
}

/* A declaration at file scope: a function (definition or prototype) or
 * variables; funcs and globals are appended. */
int cp_file_declaration(cparser *p, csrc_func ***ftail, csrc_stmt ***gtail, csrc_func *pending)
{
    lds_loc loc = cp_peek(p)->loc;
    csrc_type type;
    unsigned quals = 0;
    csrc_expr *bounds = NULL;
    size_t start = p->i;
    csrc_expr *work_group_size[3] = { NULL, NULL, NULL };
    bool kernel = declaration_head(p, work_group_size);
    if (!cp_parse_type(p, &type, &quals, &bounds)) {
        cp_skip_statement(p);
        return 0;
    }
    if (cp_at(p, ";")) {   /* struct S; or a bare type */
        cp_advance(p);
        return 0;
    }
    if (cp_at(p, "{")) {   /* a struct's body, a GLSL interface block */
        cp_skip_group(p);
        cp_block_declarators(p);
        return 0;
    }
    /* NAME '(' after the type: a function; NAME '<' ... '>' '(': a
     * specialization of one (template <> void f<0>(...)), not a kernel's */
    size_t save = p->i, close;
    while (cp_accept(p, "*") || cp_accept(p, "&"))
        ;
    bool specialization = false;
    if (cp_peek(p)->kind == CT_ID && csrc_is(cp_peek_at(p, 1), "<") && !kernel) {
        p->i++;
        specialization = cp_template_args_ahead(p, &close) && close + 1 < p->n && csrc_is(&p->t[close + 1], "(");
        p->i--;
    }
    if (cp_peek(p)->kind == CT_ID && (csrc_is(cp_peek_at(p, 1), "(") || specialization)) {
        csrc_func *f = pending ? pending : lds_arena_alloc(p->arena, sizeof *f);
        f->name = cp_tok_str(p, cp_peek(p));
        f->ns = p->ns;
        f->loc = cp_peek(p)->loc;
        f->ret = type;
        if (specialization) {
            cp_advance(p);
            f->specialized = cp_template_args_parsed(p, &f->spec_exprs, &f->spec_texts, &f->nspec);
            p->i--;   /* back on the name: the '(' follows it below */
        }
        if (work_group_size[0])
            memcpy(f->numthreads, work_group_size, sizeof f->numthreads);
        f->kernel = kernel || f->numthreads[0];
        if (bounds && !f->numthreads[0]) {
            f->numthreads[0] = bounds;
            f->bounds_only = true;
        }
        cp_advance(p);
        if (!cp_parse_params(p, f)) {
            p->failed = false;
            memset(p->diag, 0, sizeof *p->diag);
            p->i = start;
            cp_skip_statement(p);
            return 0;
        }
        while (cp_accept(p, "const") || cp_accept(p, "noexcept") || cp_accept(p, "override"))
            ;
        if (cp_accept(p, ":") && cp_peek(p)->kind == CT_ID)   /* HLSL return semantic */
            cp_advance(p);
        if (cp_accept(p, ";")) {   /* a prototype: its parameters tell a call what it may do */
            if (!f->specialized) {
                f->next = p->unit->prototypes;
                p->unit->prototypes = f;
            }
            return 0;
        }
        if (!cp_at(p, "{")) {
            cp_skip_statement(p);
            return 0;
        }
        if (!(f->body = cp_compound(p)))
            return -1;
        **ftail = f;
        *ftail = &f->next;
        return 0;
    }
    p->i = save;
    csrc_stmt *s = cp_declaration(p, &type, quals, loc);
    if (!s || !cp_accept(p, ";")) {
        p->failed = false;
        memset(p->diag, 0, sizeof *p->diag);
        p->i = start;
        cp_skip_statement(p);
        return 0;
    }
    for (unsigned i = 0; !(quals & CQ_SHARED) && i < s->ndecls; i++)   /* cfg::P (shared arrays keep their names) */
        s->decls[i].name = cp_scoped(p, p->ns, s->decls[i].name);
    **gtail = s;
    *gtail = &s->next;
    return 0;
}

/* [extern] template [__global__] void k<64, 8>(float *);: an explicit
 * instantiation.  The function is compiled with these template
 * arguments; it is recorded in u (the last name<...> before the '(' is
 * the function's) and the statement skipped. */
static void explicit_instance(cparser *p, csrc_unit *u)
{
    cp_accept(p, "extern");
    cp_advance(p);   /* 'template' */
    size_t named = 0, close;
    for (size_t k = p->i; k < p->n && !csrc_is(&p->t[k], ";") && !csrc_is(&p->t[k], "{"); k++) {
        if (csrc_is(&p->t[k], "(")) {
            if (named) {
                size_t from = p->i;
                p->i = named + 1;
                csrc_expr *e = cp_new_expr(p, CE_CALL, p->t[named].loc);
                e->name = cp_tok_str(p, &p->t[named]);
                e->targs = cp_template_args_parsed(p, &e->targ_exprs, &e->targ_texts, &e->ntargs);
                p->i = from;
                csrc_instance *in = lds_arena_alloc(p->arena, sizeof *in), **tail = &u->instances;
                in->named = e;
                while (*tail)
                    tail = &(*tail)->next;
                *tail = in;
            }
            break;
        }
        size_t at = p->i;
        p->i = k + 1;
        if (p->t[k].kind == CT_ID && cp_at(p, "<") && cp_template_args_ahead(p, &close)) {
            named = k;
            k = close;
        }
        p->i = at;
    }
    cp_skip_statement(p);
}

int cp_file_level(cparser *p, csrc_unit *u, csrc_func ***ftail, csrc_stmt ***gtail, bool braced)
{
    csrc_func *pending = NULL;   /* attributes or a template header for the next function */
    while (!cp_at_eof(p)) {
        if (braced && cp_at(p, "}")) {
            cp_advance(p);
            return 0;
        }
        if (cp_accept(p, ";"))
            continue;
        if ((cp_at(p, "template") && !csrc_is(cp_peek_at(p, 1), "<"))
            || (cp_at(p, "extern") && csrc_is(cp_peek_at(p, 1), "template"))) {
            explicit_instance(p, u);
            continue;
        }
        if (cp_at(p, "template")) {
            pending = lds_arena_alloc(p->arena, sizeof *pending);
            cp_template_params(p, pending);
            continue;
        }
        if (cp_at(p, "[") && p->lang == LDS_LANG_HLSL) {
            if (!pending)
                pending = lds_arena_alloc(p->arena, sizeof *pending);
            cp_numthreads(p, pending->numthreads);
            continue;
        }
        if (cp_at(p, "[") && csrc_is(cp_peek_at(p, 1), "[")) {
            cp_skip_group(p);
            continue;
        }
        if (cp_at(p, "extern") && cp_peek_at(p, 1)->kind == CT_STR && !csrc_is(cp_peek_at(p, 2), "{")) {
            cp_advance(p);   /* extern "C" __global__ void k(...): the linkage says nothing here */
            cp_advance(p);
            continue;
        }
        if ((cp_at(p, "namespace") || cp_at(p, "using")) && cp_using(p))
            continue;
        if ((cp_at(p, "namespace") || (cp_at(p, "inline") && csrc_is(cp_peek_at(p, 1), "namespace")))
            || (cp_at(p, "extern") && cp_peek_at(p, 1)->kind == CT_STR && csrc_is(cp_peek_at(p, 2), "{"))) {
            const char *outer = p->ns;
            if (p->depth >= LDS_MAX_DEPTH) {
                lds_diag_set(p->diag, cp_peek(p)->loc, "namespaces or extern blocks nested more than %d deep",
                             LDS_MAX_DEPTH);
                return -1;
            }
            if (cp_at(p, "extern"))
                while (!cp_at(p, "{") && !cp_at_eof(p))
                    cp_advance(p);
            else
                p->ns = cp_namespace_head(p);
            p->depth++;
            int rc = cp_accept(p, "{") ? cp_file_level(p, u, ftail, gtail, true) : 0;
            p->depth--;
            cp_accept(p, ";");
            p->ns = outer;
            if (rc < 0)
                return -1;
            continue;
        }
        if (cp_at(p, "enum")) {
            csrc_stmt *e = cp_enum(p, p->ns);
            if (e) {
                cp_add_global(p, e);
                cp_block_declarators(p);
                continue;
            }
        }
        if (cp_at(p, "typedef") && cp_typedef_struct(p, u)) {
            pending = NULL;
            continue;
        }
        if (cp_struct_ahead(p)) {
            cp_struct_definition(p, u, pending, ftail);
            pending = NULL;
            continue;
        }
        if (cp_at(p, "using") || cp_at(p, "typedef") || cp_at(p, "static_assert") || cp_at(p, "precision")) {
            bool type_name = cp_at(p, "typedef") || (cp_at(p, "using") && cp_peek_at(p, 1)->kind == CT_ID
                                                   && csrc_is(cp_peek_at(p, 2), "="));
            size_t from = p->i;
            cp_skip_statement(p);
            if (type_name) {
                size_t k = csrc_is(&p->t[from], "using") ? from + 1 : p->i - 2;
                if (k < p->n && p->t[k].kind == CT_ID)
                    cp_declare_type(p, cp_tok_str(p, &p->t[k]));
            }
            continue;
        }
        if (cp_at(p, "cbuffer") || cp_at(p, "tbuffer")) {
            cp_hlsl_buffer_block(p);
            continue;
        }
        if ((cp_at(p, "struct") || cp_at(p, "class") || cp_at(p, "union"))
            && cp_peek_at(p, 1)->kind == CT_ID && csrc_is(cp_peek_at(p, 2), "{")) {
            cp_declare_type(p, cp_tok_str(p, cp_peek_at(p, 1)));
            cp_advance(p);
            cp_advance(p);
            cp_skip_group(p);
            cp_block_declarators(p);
            continue;
        }
        if (cp_at(p, "layout") && p->lang == LDS_LANG_GLSL) {
            if (cp_glsl_layout(p, u))
                continue;
            bool spec = csrc_is(cp_peek_at(p, 1), "(") && csrc_is(cp_peek_at(p, 2), "constant_id");
            cp_advance(p);
            cp_skip_group(p);   /* layout(std430, binding = 0) buffer ...: not shared memory */
            if (cp_glsl_block_ahead(p) && cp_glsl_interface_block(p, ftail, gtail) < 0)
                return -1;
            if (spec) {   /* layout(constant_id = 0) const int N = 512; */
                csrc_stmt **at = *gtail;
                if (cp_file_declaration(p, ftail, gtail, pending) < 0)
                    return -1;
                pending = NULL;
                if (*at)
                    (*at)->quals |= CQ_SPEC;
            }
            continue;
        }
        if (p->lang == LDS_LANG_GLSL && cp_glsl_block_ahead(p)) {
            if (cp_glsl_interface_block(p, ftail, gtail) < 0)
                return -1;
            continue;
        }
        if (cp_at(p, "}")) {   /* a brace with no open one */
            lds_diag_set(p->diag, cp_peek(p)->loc, "a '}' that closes nothing");
            return -1;
        }
        if (cp_file_declaration(p, ftail, gtail, pending) < 0)
            return -1;
        pending = NULL;
    }
    if (braced) {
        lds_diag_set(p->diag, cp_peek(p)->loc, "a namespace or extern block never closed with '}'");
        return -1;
    }
    return 0;
}

int csrc_parse(const csrc_toks *toks, lds_lang lang, lds_arena *arena, csrc_unit *out, lds_diag *diag)
{
    cparser p = { .t = toks->v, .n = toks->n, .arena = arena, .diag = diag, .lang = lang, .ns = "", .unit = out };
    memset(out, 0, sizeof *out);
    csrc_func **ftail = &out->funcs;
    csrc_stmt **gtail = &out->globals;
    p.gtail = &gtail;
    lds_diag scratch = { 0 };   /* messages of statements kept opaque */
    p.diag = &scratch;
    int rc = cp_file_level(&p, out, &ftail, &gtail, false);
    if (rc < 0) {
        *diag = scratch;
        return -1;
    }
    return 0;
}

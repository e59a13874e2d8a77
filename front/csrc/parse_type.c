/* front/csrc/parse_type.c - the kernel parser's tokens and types
 * (front/csrc/parse_impl.h): what a type is (the language's scalar and vector
 * words, the names declared as types), storage words, C++ template
 * arguments, attributes. */
#include <stdarg.h>

#include "front/csrc/parse_impl.h"

/* The token at p->i + k; past the end (or p->end), the file's EOF token. */
const csrc_tok *cp_peek_at(const cparser *p, size_t k)
{
    size_t end = p->end ? p->end : p->n;
    return &p->t[p->i + k < end ? p->i + k : p->n - 1];
}
const csrc_tok *cp_peek(const cparser *p) { return cp_peek_at(p, 0); }
bool cp_at(const cparser *p, const char *s) { return csrc_is(cp_peek(p), s); }
bool cp_at_eof(const cparser *p) { return cp_peek(p)->kind == CT_EOF; }
void cp_advance(cparser *p)
{
    if (p->i + 1 < p->n)
        p->i++;
}
bool cp_accept(cparser *p, const char *s)
{
    if (!cp_at(p, s))
        return false;
    cp_advance(p);
    return true;
}

char *cp_tok_str(cparser *p, const csrc_tok *t) { return lds_arena_strndup(p->arena, t->text, t->len); }

/* A parse error: the statement it is in becomes opaque. */
void cp_fail(cparser *p, const char *what)
{
    if (!p->failed) {
        memset(p->diag, 0, sizeof *p->diag);   /* this statement's message */
        const csrc_tok *t = cp_peek(p);
        if (t->kind == CT_EOF)
            lds_diag_set(p->diag, t->loc, "expected %s at the end of the file", what);
        else
            lds_diag_set(p->diag, t->loc, "expected %s, not '%.*s'", what, (int)t->len, t->text);
    }
    p->failed = true;
}

/* A parse error with a message of its own at loc (a limit crossed): the
 * statement it is in becomes opaque, its warning this message. */
void cp_fail_at(cparser *p, lds_loc loc, const char *fmt, ...)
{
    if (!p->failed) {
        memset(p->diag, 0, sizeof *p->diag);
        va_list ap;
        va_start(ap, fmt);
        char msg[256];
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        lds_diag_set(p->diag, loc, "%s", msg);
    }
    p->failed = true;
}

/* One more level of nesting (a parenthesis, a unary operator, an
 * operand of ?: or of an assignment, a statement): false, the statement
 * failed, past LDS_MAX_DEPTH. */
bool cp_enter(cparser *p)
{
    if (p->depth >= LDS_MAX_DEPTH) {
        cp_fail_at(p, cp_peek(p)->loc,
                   "nested deeper than %d levels (each parenthesis, unary operator, operand of ?: or '=' and "
                   "statement counts one)",
                   LDS_MAX_DEPTH);
        return false;
    }
    p->depth++;
    return true;
}

void cp_leave(cparser *p) { p->depth--; }

bool cp_expect(cparser *p, const char *s)
{
    if (cp_accept(p, s))
        return true;
    char what[16];
    snprintf(what, sizeof what, "'%s'", s);
    cp_fail(p, what);
    return false;
}

/* Skip a balanced ( [ { < group starting at the current token. */
void cp_skip_group(cparser *p)
{
    int depth = 0;
    do {
        const csrc_tok *t = cp_peek(p);
        if (csrc_is(t, "(") || csrc_is(t, "[") || csrc_is(t, "{"))
            depth++;
        else if (csrc_is(t, ")") || csrc_is(t, "]") || csrc_is(t, "}"))
            depth--;
        if (cp_at_eof(p))
            return;
        cp_advance(p);
    } while (depth > 0);
}

/* The text of tokens [from, to) as written, blanks folded. */
const char *cp_text_of(cparser *p, size_t from, size_t to)
{
    lds_buf b = { 0 };
    for (size_t k = from; k < to; k++) {
        if (k > from && p->t[k].text != p->t[k - 1].text + p->t[k - 1].len)
            lds_buf_putc(&b, ' ');
        lds_buf_printf(&b, "%.*s", (int)p->t[k].len, p->t[k].text);
    }
    char *s = lds_arena_strndup(p->arena, lds_buf_str(&b), b.len);
    lds_buf_free(&b);
    return s;
}

/* ------------------------------------------------------------- types */

static const char *const scalar_types[] = {
    "void", "bool", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "half", "__half",
    "__nv_bfloat16", "nv_bfloat16", "__nv_half", "hip_bfloat16", "__hip_bfloat16", "bfloat16", "size_t",
    "ptrdiff_t", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "uint",
    "dim3", "auto", "min16float", "min16int", "min16uint", "float16_t", "float32_t", "double_t", "_Float16",
    "__int64", "uchar", "ushort", "ulong", "__nv_fp8_e4m3", "__nv_fp8_e5m2", "__half2", "__nv_bfloat162",
    "half2", "vec2", "vec3", "vec4", "ivec2", "ivec3", "ivec4", "uvec2", "uvec3", "uvec4", "dvec2", "dvec3",
    "dvec4", "bvec2", "bvec3", "bvec4", "mat2", "mat3", "mat4", NULL,
};

/* CUDA/HIP/HLSL vector types: a scalar name and 1-4 (float4, uint3,
 * int2, half2). */
bool cp_vector_type(const char *s, char *scalar, size_t size, unsigned *lanes)
{
    size_t n = strlen(s);
    if (n < 2 || s[n - 1] < '1' || s[n - 1] > '4')
        return false;
    static const char *const bases[] = { "float", "double", "int", "uint", "short", "ushort", "char", "uchar",
                                         "long", "ulong", "longlong", "ulonglong", "half", "bool", "min16float",
                                         "float16_t", NULL };
    for (int i = 0; bases[i]; i++)
        if (strlen(bases[i]) == n - 1 && !memcmp(bases[i], s, n - 1)) {
            snprintf(scalar, size, "%s", bases[i]);
            *lanes = (unsigned)(s[n - 1] - '0');
            return true;
        }
    return false;
}

bool cp_is_declared_type(const cparser *p, const csrc_tok *t)
{
    for (unsigned i = 0; i < p->ntypes; i++)
        if (strlen(p->types[i]) == t->len && !memcmp(p->types[i], t->text, t->len))
            return true;
    return false;
}

void cp_declare_type(cparser *p, const char *name)
{
    if (p->ntypes == p->captypes) {
        unsigned cap = p->captypes ? p->captypes * 2 : 32;
        const char **v = lds_arena_alloc(p->arena, sizeof *v * cap);
        if (p->ntypes)
            memcpy(v, p->types, sizeof *v * p->ntypes);
        p->types = v;
        p->captypes = cap;
    }
    p->types[p->ntypes++] = name;
}

bool cp_is_type_word(const cparser *p, const csrc_tok *t)
{
    if (t->kind != CT_ID)
        return false;
    for (int i = 0; scalar_types[i]; i++)
        if (csrc_is(t, scalar_types[i]))
            return true;
    char scalar[32];
    unsigned lanes;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(t->len < 63 ? t->len : 63), t->text);
    if (cp_vector_type(name, scalar, sizeof scalar, &lanes))
        return true;
    return cp_is_declared_type(p, t);
}

/* Words that may come before a declaration's type; quals gets their
 * CQ_* bits.  Some are words of one family of languages only, and names
 * elsewhere: the shader words (GLSL and HLSL), and OpenCL C's address
 * spaces and kernel marks (global, local, kernel are names in C++). */
enum { ALL_LANGS, SHADERS, OPENCL };
static const struct { const char *word; unsigned qual; unsigned char only; } storage_words[] = {
    { "__shared__", CQ_SHARED, ALL_LANGS }, { "groupshared", CQ_SHARED, SHADERS }, { "__local", CQ_SHARED, ALL_LANGS },
    { "__local__", CQ_SHARED, ALL_LANGS }, { "extern", CQ_EXTERN, ALL_LANGS }, { "const", CQ_CONST, ALL_LANGS },
    { "constexpr", CQ_CONST, ALL_LANGS }, { "static", CQ_STATIC, ALL_LANGS }, { "uniform", CQ_UNIFORM, SHADERS },
    { "__constant__", CQ_UNIFORM, ALL_LANGS }, { "in", CQ_IN, SHADERS }, { "out", CQ_IN, SHADERS },
    { "inout", CQ_IN, SHADERS }, { "buffer", CQ_IN, SHADERS }, { "volatile", 0, ALL_LANGS },
    { "register", 0, ALL_LANGS }, { "inline", 0, ALL_LANGS }, { "__inline__", 0, ALL_LANGS },
    { "__forceinline__", 0, ALL_LANGS }, { "__noinline__", 0, ALL_LANGS }, { "__device__", 0, ALL_LANGS },
    { "__host__", 0, ALL_LANGS }, { "__restrict__", 0, ALL_LANGS }, { "restrict", 0, ALL_LANGS },
    { "__restrict", 0, ALL_LANGS }, { "precise", 0, SHADERS }, { "nointerpolation", 0, SHADERS },
    { "highp", 0, SHADERS }, { "mediump", 0, SHADERS }, { "lowp", 0, SHADERS }, { "typename", 0, ALL_LANGS },
    { "mutable", 0, ALL_LANGS }, { "coherent", 0, SHADERS }, { "readonly", 0, SHADERS },
    { "writeonly", 0, SHADERS }, { "__global__", 0, ALL_LANGS }, { "CUTE_DEVICE", 0, ALL_LANGS },
    { "CUTE_HOST_DEVICE", 0, ALL_LANGS }, { "__launch_bounds__", 0, ALL_LANGS }, { "__align__", 0, ALL_LANGS },
    { "alignas", 0, ALL_LANGS }, { "__attribute__", 0, ALL_LANGS }, { "__declspec", 0, ALL_LANGS },
    { "struct", 0, ALL_LANGS }, { "class", 0, ALL_LANGS }, { "enum", 0, ALL_LANGS }, { "union", 0, ALL_LANGS },
    /* OpenCL C: a __constant table is read through the constant cache,
     * global and private memory are no shared memory */
    { "local", CQ_SHARED, OPENCL }, { "__constant", CQ_UNIFORM | CQ_CONST, OPENCL }, { "constant", CQ_UNIFORM | CQ_CONST, OPENCL },
    { "__global", 0, OPENCL }, { "global", 0, OPENCL }, { "__private", 0, OPENCL }, { "private", 0, OPENCL },
    { "__generic", 0, OPENCL }, { "generic", 0, OPENCL }, { "__kernel", 0, OPENCL }, { "kernel", 0, OPENCL },
    { "__read_only", 0, OPENCL }, { "read_only", 0, OPENCL }, { "__write_only", 0, OPENCL },
    { "write_only", 0, OPENCL }, { "__read_write", 0, OPENCL }, { "read_write", 0, OPENCL },
};

int cp_storage_word_in(lds_lang lang, const csrc_tok *t)
{
    unsigned char family = lang == LDS_LANG_HLSL || lang == LDS_LANG_GLSL ? SHADERS
                         : lang == LDS_LANG_OPENCL                        ? OPENCL
                                                                          : ALL_LANGS;
    for (int i = 0; i < (int)(sizeof storage_words / sizeof storage_words[0]); i++)
        if (csrc_is(t, storage_words[i].word) && (storage_words[i].only == ALL_LANGS || storage_words[i].only == family))
            return i;
    return -1;
}

/* GLSL's 'shared' is a storage word there only. */
bool cp_is_storage(const cparser *p, const csrc_tok *t)
{
    return cp_storage_word_in(p->lang, t) >= 0 || (p->lang == LDS_LANG_GLSL && csrc_is(t, "shared"));
}

/* A name, with C++'s a::b::c joined. */
const char *cp_qualified_name(cparser *p)
{
    size_t from = p->i;
    cp_accept(p, "::");
    while (cp_peek(p)->kind == CT_ID && csrc_is(cp_peek_at(p, 1), "::") && cp_peek_at(p, 2)->kind == CT_ID) {
        cp_advance(p);
        cp_advance(p);
    }
    if (cp_peek(p)->kind != CT_ID) {
        cp_fail(p, "a name");
        return NULL;
    }
    cp_advance(p);
    return cp_text_of(p, from, p->i);
}

/* Whether '<' at p->i opens template arguments: its matching '>' is
 * followed by '(' '{' '::' or a name (a declaration), and nothing in
 * between is ';' '{' '}' or '&&'/'||'.  *close: the '>' index. */
bool cp_template_args_ahead(const cparser *p, size_t *close)
{
    int depth = 0, paren = 0;
    for (size_t k = p->i; k < p->n && k < p->i + 256; k++) {
        const csrc_tok *t = &p->t[k];
        if (csrc_is(t, "("))
            paren++;
        else if (csrc_is(t, ")") && --paren < 0)
            return false;
        else if (csrc_is(t, "<") && !paren)
            depth++;
        else if (csrc_is(t, ">") && !paren)
            depth--;
        else if (csrc_is(t, ">>") && !paren)
            depth -= 2;
        else if (csrc_is(t, ";") || csrc_is(t, "{") || csrc_is(t, "}") || csrc_is(t, "&&") || csrc_is(t, "||"))
            return false;
        if (depth <= 0) {
            const csrc_tok *after = k + 1 < p->n ? &p->t[k + 1] : t;
            *close = k;
            return depth == 0 && (csrc_is(after, "(") || csrc_is(after, "{") || csrc_is(after, "::")
                                  || after->kind == CT_ID || csrc_is(after, ">") || csrc_is(after, ",")
                                  || csrc_is(after, ")") || csrc_is(after, "*") || csrc_is(after, "&")
                                  || (csrc_is(after, "<<") && k + 2 < p->n && csrc_is(&p->t[k + 2], "<")));
        }
    }
    return false;
}

/* Template arguments <...> as written, or NULL if none here. */
const char *cp_template_args(cparser *p)
{
    size_t close;
    if (!cp_at(p, "<") || !cp_template_args_ahead(p, &close))
        return NULL;
    size_t from = p->i + 1;
    p->i = close + 1;
    return cp_text_of(p, from, close);
}

/* One template argument, tokens [from, to), as an expression; NULL for a
 * type (float, Shape<_8, _4>) or anything else that is not one.  A
 * failed try leaves no error behind: the argument is simply not known. */
static csrc_expr *template_arg_expr(cparser *p, size_t from, size_t to)
{
    if (from >= to || cp_is_type_word(p, &p->t[from]))
        return NULL;
    size_t saved_i = p->i, saved_end = p->end;
    bool saved_failed = p->failed;
    lds_diag saved_diag = *p->diag;
    p->i = from;
    p->end = to;
    csrc_expr *e = cp_parse_assign(p);
    if (!e || p->failed || p->i < to)
        e = NULL;
    p->i = saved_i;
    p->end = saved_end;
    p->failed = saved_failed;
    *p->diag = saved_diag;
    return e;
}

/* One template argument's text, tokens [from, to): as written, but a
 * dependent type (typename vec4<T>::Type) by the name its declarations
 * have (vec4::Type), so that -D vec4::Type=float4 gives it here too. */
static const char *template_arg_text(cparser *p, size_t from, size_t to)
{
    if (from < to && csrc_is(&p->t[from], "typename")) {
        size_t saved_i = p->i, saved_end = p->end;
        csrc_type type;
        unsigned quals = 0;
        p->i = from;
        p->end = to;
        bool whole = cp_parse_type(p, &type, &quals, NULL) && p->i == to && !type.pointers && !type.reference;
        p->i = saved_i;
        p->end = saved_end;
        if (whole)
            return type.base;
    }
    return cp_text_of(p, from, to);
}

/* Template arguments <...> as written (NULL if none here), each one's
 * text (*texts[k]: a type's name), and each one parsed as an expression
 * where it is one (*exprs[k] NULL where not): a call's explicit
 * arguments, f<BM, 64>(...) or f<float>(...), bind the callee's template
 * parameters. */
const char *cp_template_args_parsed(cparser *p, csrc_expr ***exprs, const char ***texts, unsigned *n)
{
    *exprs = NULL;
    *texts = NULL;
    *n = 0;
    size_t close;
    if (!cp_at(p, "<") || !cp_template_args_ahead(p, &close))
        return NULL;
    size_t bounds[LDS_MAX_PARAMS + 1];   /* argument k is the tokens [bounds[k], bounds[k+1] - 1) */
    unsigned count = 0;
    int paren = 0, angle = 0;   /* a nested ( [ { or <...> is inside one argument; '>' in parentheses compares */
    bounds[count++] = p->i + 1;
    for (size_t k = p->i + 1; k < close && count <= LDS_MAX_PARAMS; k++) {
        const csrc_tok *t = &p->t[k];
        paren += csrc_is(t, "(") || csrc_is(t, "[") || csrc_is(t, "{");
        paren -= csrc_is(t, ")") || csrc_is(t, "]") || csrc_is(t, "}");
        if (!paren)
            angle += csrc_is(t, "<") - csrc_is(t, ">") - 2 * csrc_is(t, ">>");
        if (!paren && !angle && csrc_is(t, ","))
            bounds[count++] = k + 1;
    }
    if (count <= LDS_MAX_PARAMS && close > p->i + 1) {
        bounds[count] = close + 1;
        csrc_expr **v = lds_arena_alloc(p->arena, sizeof *v * count);
        const char **tv = lds_arena_alloc(p->arena, sizeof *tv * count);
        for (unsigned k = 0; k < count; k++) {
            v[k] = template_arg_expr(p, bounds[k], bounds[k + 1] - 1);
            tv[k] = template_arg_text(p, bounds[k], bounds[k + 1] - 1);
        }
        *exprs = v;
        *texts = tv;
        *n = count;
    }
    return cp_template_args(p);
}

/* Skip an attribute: __attribute__((...)), __declspec(...), alignas(..),
 * __align__(..), __launch_bounds__(..) (its first argument kept). */

/* decl-specifiers and the base type: quals gets the storage words; the
 * type's base name; false (nothing consumed) if this is not a type. */
bool cp_parse_type(cparser *p, csrc_type *type, unsigned *quals, csrc_expr **launch_bounds)
{
    size_t start = p->i;
    memset(type, 0, sizeof *type);
    lds_buf base = { 0 };
    bool have = false;
    for (;;) {
        const csrc_tok *t = cp_peek(p);
        int sw = cp_storage_word_in(p->lang, t);
        if (p->lang == LDS_LANG_GLSL && csrc_is(t, "shared")) {
            *quals |= CQ_SHARED;
            cp_advance(p);
            continue;
        }
        if (sw >= 0) {
            if (csrc_is(t, "const") || csrc_is(t, "constexpr"))
                type->is_const = true;
            *quals |= storage_words[sw].qual;
            if (csrc_is(t, "__launch_bounds__") || csrc_is(t, "__align__") || csrc_is(t, "alignas")
                || csrc_is(t, "__attribute__") || csrc_is(t, "__declspec")) {
                cp_advance(p);
                cp_skip_attribute_args(p, csrc_is(t, "__launch_bounds__") ? launch_bounds : NULL);
                continue;
            }
            if (csrc_is(t, "struct") || csrc_is(t, "class") || csrc_is(t, "enum") || csrc_is(t, "union")) {
                cp_advance(p);   /* struct NAME: the name is the type */
                continue;
            }
            cp_advance(p);
            continue;
        }
        if (csrc_is(t, "[") && csrc_is(cp_peek_at(p, 1), "[")) {   /* [[attribute]] */
            cp_skip_group(p);
            continue;
        }
        if (!have && csrc_is(t, "typename") && (cp_peek_at(p, 1)->kind == CT_ID || csrc_is(cp_peek_at(p, 1), "::"))) {
            cp_advance(p);   /* typename vec4<T>::Type: the name after it is a type */
            if (cp_peek(p)->kind == CT_ID && !cp_is_type_word(p, cp_peek(p)))
                cp_declare_type(p, cp_tok_str(p, cp_peek(p)));
            continue;
        }
        if (!have && (cp_is_type_word(p, t) || (t->kind == CT_ID && (cp_peek_at(p, 1)->kind == CT_ID || csrc_is(cp_peek_at(p, 1), "::")
                                                                   || csrc_is(cp_peek_at(p, 1), "<"))))) {
            /* unsigned int, long long, unsigned char: one base */
            if (csrc_is(t, "unsigned") || csrc_is(t, "signed") || csrc_is(t, "long") || csrc_is(t, "short")) {
                while (csrc_is(cp_peek(p), "unsigned") || csrc_is(cp_peek(p), "signed") || csrc_is(cp_peek(p), "long")
                       || csrc_is(cp_peek(p), "short") || csrc_is(cp_peek(p), "int") || csrc_is(cp_peek(p), "char")) {
                    lds_buf_printf(&base, "%s%.*s", base.len ? " " : "", (int)cp_peek(p)->len, cp_peek(p)->text);
                    cp_advance(p);
                }
                have = true;
                continue;
            }
            size_t before = p->i;
            const char *name = cp_qualified_name(p);
            if (!name) {
                p->failed = false;
                p->i = before;
                break;
            }
            lds_buf_printf(&base, "%s", name);
            type->targs = cp_template_args(p);
            while (type->targs && cp_at(p, "::") && cp_peek_at(p, 1)->kind == CT_ID) {   /* vec4<T>::Type */
                lds_buf_printf(&base, "::%.*s", (int)cp_peek_at(p, 1)->len, cp_peek_at(p, 1)->text);
                cp_advance(p);
                cp_advance(p);
            }
            have = true;
            continue;
        }
        break;
    }
    if (!have) {
        lds_buf_free(&base);
        if (p->i != start && *quals) {   /* qualifiers with no type: int (GLSL 'shared x' never) */
            type->base = "int";
            return true;
        }
        p->i = start;
        return false;
    }
    type->base = lds_arena_strndup(p->arena, lds_buf_str(&base), base.len);
    lds_buf_free(&base);
    for (;;) {   /* const after the type, pointers, references */
        if (cp_accept(p, "const") || cp_accept(p, "volatile") || cp_accept(p, "__restrict__") || cp_accept(p, "restrict")
            || cp_accept(p, "__restrict"))
            continue;
        if (cp_accept(p, "*")) {
            type->pointers++;
            continue;
        }
        if (cp_accept(p, "&") || cp_accept(p, "&&")) {
            type->reference = true;
            continue;
        }
        break;
    }
    return true;
}

void cp_skip_attribute_args(cparser *p, csrc_expr **first_arg)
{
    if (!cp_at(p, "("))
        return;
    if (first_arg) {
        cp_advance(p);
        size_t before = p->i;
        *first_arg = cp_parse_assign(p);
        if (p->failed) {
            p->failed = false;
            *first_arg = NULL;
        }
        p->i = before - 1;
    }
    cp_skip_group(p);
}

/* src/parse_ttgir.c - Triton's layouts as a TTGIR dump writes them,
 * pasted as they are:
 *
 *   #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
 *   layout S = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
 *   array f16 A[128][64] layout shared
 *   fragment F = #ttg.linear<{register = [[0, 1]], lane = [...], warp = [...], block = []}>
 *
 * An attribute names no shape (TTGIR gives it with the memdesc that uses
 * it), so the alias is kept by the parser (lds_parse_ctx) and made a def
 * where an array names it: the Triton layout statement it spells
 * (src/parse_triton.c), or for #ttg.shared_linear the inverse of its
 * bases (front/linlayout.c), with the array's shape.  An array of more
 * dimensions than the layout's has its leading ones as whole tiles one
 * after another (Triton's multi-buffered memdesc, 2x64x32xf16).  A
 * register layout goes in a fragment statement (src/parse_fragment.c).
 * Attribute keys about CTA splitting change nothing in one CTA's shared
 * memory and are left out. */
#include "src/parse_layout.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/check.h"
#include "front/linlayout.h"
#include "src/parse_ctx.h"

/* What an attribute kind is to lds; ORDER KIND below. */
typedef enum { K_TRITON, K_SHARED_LINEAR, K_LEGACY_SHARED, K_REGISTER, K_OTHER } kind_class;

static const struct {
    const char *ttgir;
    kind_class cls;
    const char *triton;           /* K_TRITON: the Triton layout statement */
} kinds[] = {
    { "swizzled_shared", K_TRITON, "SwizzledSharedLayout" },
    { "amd_rotating_shared", K_TRITON, "AMDRotatingSharedLayout" },
    { "nvmma_shared", K_TRITON, "NVMMASharedLayout" },
    { "padded_shared", K_TRITON, "PaddedSharedLayout" },
    { "shared_linear", K_SHARED_LINEAR, NULL },
    { "shared", K_LEGACY_SHARED, NULL },   /* Triton 3.2 and before: #triton_gpu.shared<{..., hasLeadingOffset}> */
    { "blocked", K_REGISTER, NULL },        { "linear", K_REGISTER, NULL },      { "slice", K_REGISTER, NULL },
    { "nvidia_mma", K_REGISTER, NULL },     { "amd_mfma", K_REGISTER, NULL },    { "amd_wmma", K_REGISTER, NULL },
    { "dot_op", K_REGISTER, NULL },         { "mma", K_REGISTER, NULL },         { "mfma", K_REGISTER, NULL },
    { "dot_operand", K_REGISTER, NULL },
};

/* The attribute's kind: the text after its dialect ("#ttg."), up to '<'. */
static const char *kind_of(const char *name, size_t len, size_t *klen)
{
    const char *dot = memchr(name, '.', len);
    const char *kind = dot ? dot + 1 : name;
    const char *lt = memchr(kind, '<', (size_t)(name + len - kind));
    *klen = (size_t)((lt ? lt : name + len) - kind);
    return kind;
}

static int kind_index(const char *attr, size_t len)
{
    size_t klen;
    const char *kind = kind_of(attr, len, &klen);
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strlen(kinds[i].ttgir) == klen && !memcmp(kinds[i].ttgir, kind, klen))
            return (int)i;
    return -1;
}

static kind_class class_of(const char *attr, size_t len)
{
    int i = kind_index(attr, len);
    return i < 0 ? K_OTHER : kinds[i].cls;
}

bool pr_ttgir_starts(const lds_token *t)
{
    return t->kind == TK_NAME && t->len > 5 && t->start[0] == '#' && memchr(t->start, '.', t->len);
}

bool pr_ttgir_is_linear(const char *attr)
{
    size_t klen;
    const char *kind = kind_of(attr, strlen(attr), &klen);
    return klen == 6 && !memcmp(kind, "linear", 6);
}

static void not_shared(parser *p, lds_loc loc, const char *attr, size_t len)
{
    kind_class c = class_of(attr, len);
    if (c == K_REGISTER)
        lds_diag_set(p->diag, loc,
                     "TTGIR '%.*s' is a register layout (which thread holds which element), not a shared-memory "
                     "one: it goes in a fragment statement (fragment F = #ttg.linear<{...}>, or "
                     "BlockedLayout(...) for #ttg.blocked)",
                     (int)len, attr);
    else
        lds_diag_set(p->diag, loc,
                     "TTGIR '%.*s' is no layout lds-calc reads: its shared layouts are #ttg.swizzled_shared, "
                     "nvmma_shared, padded_shared, amd_rotating_shared and shared_linear",
                     (int)len, attr);
}

/* The end of the attribute whose '<' is at q (after its '>', nested
 * brackets within), on its line; NULL if it is not closed there. */
static const char *attr_end(const parser *p, const char *q)
{
    int depth = 0;
    for (const char *end = q; end < p->lx.end && *end != '\n'; end++) {
        char c = *end;
        if (c == '<' || c == '{' || c == '[' || c == '(')
            depth++;
        else if ((c == '>' || c == '}' || c == ']' || c == ')') && --depth == 0 && c == '>')
            return end + 1;
        else if (depth < 0)
            return NULL;
    }
    return NULL;
}

/* The attribute at the current token, its '<...>' included: its text
 * (in the arena), the tokens after it next; NULL with the message if it
 * is never closed.  A kind without '<...>' (#ttg.shared_memory) is its
 * name alone. */
static const char *take_attr(parser *p)
{
    const char *start = p->tok.start, *q = p->tok.start + p->tok.len, *end = q;
    if (q < p->lx.end && *q == '<' && !(end = attr_end(p, q))) {
        lds_diag_set(p->diag, p->tok.loc, "a TTGIR attribute '%.*s<...>' never closed on its line", (int)p->tok.len,
                     p->tok.start);
        return NULL;
    }
    char *text = lds_arena_strndup(p->arena, start, (size_t)(end - start));
    p->tok.len = (size_t)(end - start);   /* the statement's text ends with it */
    p->lx.p = end;
    pr_advance(p);
    return text;
}

const char *pr_ttgir_take_attr(parser *p)
{
    if (pr_ttgir_starts(&p->tok))
        return take_attr(p);
    if (p->tok.kind != TK_NAME)
        return NULL;
    char name[256];
    snprintf(name, sizeof name, "%.*s", (int)(p->tok.len < 255 ? p->tok.len : 255), p->tok.start);
    const char *attr = lds_parse_ctx_alias(p->ctx, name);
    if (attr)
        pr_advance(p);
    return attr;
}

bool pr_ttgir_op_line(const parser *p)
{
    const char *s = p->tok.start, *end = p->lx.end;
    if (*s == '%') {   /* %a_5 = ttg.local_load ... */
        while (s < end && *s != '=' && *s != '\n')
            s++;
        if (s < end)   /* past the '=' (or the line's end) */
            s++;
        while (s < end && (*s == ' ' || *s == '\t'))
            s++;
    }
    LDS_ASSERT(s <= end);
    static const char *const starts[] = { "ttg.", "tt.", "ttng.", "scf.", "arith.", "amdg.", "math.", "cf.",
                                          "module attributes", NULL };
    for (int i = 0; starts[i]; i++)
        if ((size_t)(end - s) > strlen(starts[i]) && !memcmp(s, starts[i], strlen(starts[i])))
            return true;
    return false;
}

/* '#locN = loc(...)', a dump's source place: read, and nothing to run. */
static lds_stmt *loc_alias(parser *p, lds_loc loc)
{
    const char *q = p->tok.start + p->tok.len;
    int depth = 0;
    for (; q < p->lx.end && *q != '\n'; q++)
        if (*q == '(')
            depth++;
        else if (*q == ')' && --depth == 0)
            break;
    if (depth != 0 || q >= p->lx.end || *q != ')') {
        lds_diag_set(p->diag, p->tok.loc, "a TTGIR place 'loc(...)' never closed on its line");
        return NULL;
    }
    p->tok.len = (size_t)(q + 1 - p->tok.start);
    p->lx.p = q + 1;
    pr_advance(p);
    return pr_new_stmt(p, S_NOP, loc);
}

lds_stmt *pr_parse_ttgir_alias(parser *p, lds_loc loc, const char *name, bool dump_line)
{
    if (dump_line && lds_tok_is(&p->tok, "loc") && p->tok.start + 3 < p->lx.end && p->tok.start[3] == '(')
        return loc_alias(p, loc);
    kind_class c = class_of(p->tok.start, p->tok.len);
    bool layout = c == K_TRITON || c == K_SHARED_LINEAR || c == K_LEGACY_SHARED
                  || (c == K_REGISTER && pr_ttgir_is_linear(lds_arena_strndup(p->arena, p->tok.start, p->tok.len)));
    if (!layout && !dump_line) {
        not_shared(p, p->tok.loc, p->tok.start, p->tok.len);
        return NULL;
    }
    const char *text = take_attr(p);
    if (!text)
        return NULL;
    if (c != K_OTHER && !strchr(text, '<')) {
        lds_diag_set(p->diag, loc, "TTGIR '%s' without its parameters '<{...}>'", text);
        return NULL;
    }
    lds_parse_ctx_set_alias(p->ctx, name, text);
    return pr_new_stmt(p, S_NOP, loc);
}

/* ------------------------------------------------ Triton statements */

/* An item of the attribute's {k = v, ...} kept for the Triton statement:
 * not one of the CTA keys, nor one the legacy form's translation makes. */
static bool kept(const char *item, size_t len)
{
    static const char *const dropped[] = { "CTAsPerCGA", "CTASplitNum", "CTAOrder", "CGALayout", "fp4Padded",
                                           "hasLeadingOffset", "order", "shape", NULL };
    while (len && (*item == ' ' || *item == '\t'))
        item++, len--;
    for (int i = 0; dropped[i]; i++)
        if (len >= strlen(dropped[i]) && !memcmp(item, dropped[i], strlen(dropped[i])))
            return false;
    return len > 0;
}

/* The attribute's KEY = [..] (order, shape): its entries (at most
 * LDS_MAX_DIMS), or 0 when it has none. */
static unsigned list_of(const char *body, const char *key, int64_t *order)
{
    const char *o = strstr(body, key);
    if (!o || !(o = strchr(o, '[')))
        return 0;
    unsigned n = 0;
    for (const char *q = o + 1; *q && *q != ']' && n < LDS_MAX_DIMS;) {
        while (*q == ' ' || *q == ',')
            q++;
        if (*q < '0' || *q > '9')
            break;
        order[n++] = strtoll(q, (char **)&q, 10);
    }
    return n;
}

/* order=[..] for an array of ndims dimensions: the attribute's (the
 * trailing dimensions' order), then the leading ones, outermost last. */
static void order_text(lds_buf *b, const int64_t *order, unsigned n, unsigned ndims)
{
    unsigned lead = ndims > n ? ndims - n : 0;
    lds_buf_printf(b, "order=[");
    for (unsigned d = 0; d < n; d++)
        lds_buf_printf(b, "%s%lld", d ? ", " : "", (long long)(order[d] + lead));
    for (unsigned d = lead; d-- > 0;)
        lds_buf_printf(b, ", %u", d);
    lds_buf_printf(b, "]");
}

/* Triton 3.2's #triton_gpu.shared: swizzled, or with hasLeadingOffset
 * the NVMMA layout its (perPhase, maxPhase) spell. */
static const char *legacy_kind(const char *body, unsigned elem_bits, lds_buf *extra)
{
    const char *h = strstr(body, "hasLeadingOffset");
    if (!h || !strstr(h, "true"))
        return "SwizzledSharedLayout";
    int64_t per = 0, maxp = 0;
    const char *s = strstr(body, "perPhase");
    if (s && (s = strchr(s, '=')))
        per = strtoll(s + 1, NULL, 10);
    s = strstr(body, "maxPhase");
    if (s && (s = strchr(s, '=')))
        maxp = strtoll(s + 1, NULL, 10);
    int64_t order[LDS_MAX_DIMS];
    unsigned n = list_of(body, "order", order);
    lds_buf_printf(extra, "swizzle_byte_width=%d, element_bitwidth=%u, transposed=%s",
                   per * maxp == 8 ? (int)(128 / per) : 0, elem_bits, n >= 2 && order[0] == 0 ? "true" : "false");
    return "NVMMASharedLayout";
}

/* The Triton statement an attribute spells, for an array of shape
 * dims[0..n) of elem_bits-bit elements: its items from between '{' and
 * '}', the padded form's [intervals] first. */
static void triton_text(lds_buf *b, const char *attr, const int64_t *dims, unsigned n, unsigned elem_bits)
{
    const char *lt = strchr(attr, '<');
    int which = kind_index(attr, strlen(attr));
    const char *body = lt + 1, *open = strchr(body, '{');
    lds_buf extra = { 0 };
    const char *name = kinds[which].cls == K_LEGACY_SHARED ? legacy_kind(body, elem_bits, &extra) : kinds[which].triton;
    lds_buf_printf(b, "%s(%s", name, lds_buf_str(&extra));
    bool any = extra.len > 0, nvmma = !strcmp(name, "NVMMASharedLayout");
    lds_buf_free(&extra);
    if (open && open > body) {   /* padded_shared<[32:+4] {...}> */
        lds_buf_printf(b, "%sintervals=%.*s", any ? ", " : "", (int)(open - body), body);
        any = true;
    }
    int64_t order[LDS_MAX_DIMS];
    unsigned norder = list_of(body, "order", order);
    if (norder && !nvmma) {
        lds_buf_printf(b, "%s", any ? ", " : "");
        order_text(b, order, norder, n);
        any = true;
    }
    if (open && (!nvmma || kinds[which].cls != K_LEGACY_SHARED)) {
        const char *p = open + 1, *item = p;
        int depth = 0;
        for (; *p && !(depth == 0 && *p == '}'); p++) {
            if (*p == '[' || *p == '(' || *p == '{')
                depth++;
            else if (*p == ']' || *p == ')' || *p == '}')
                depth--;
            if ((*p == ',' && depth == 0) || (p[1] == '}' && depth == 0)) {
                size_t len = (size_t)(p - item) + (*p != ',');
                if (kept(item, len)) {
                    lds_buf_printf(b, "%s%.*s", any ? ", " : "", (int)len, item);
                    any = true;
                }
                item = p + 1;
            }
        }
    }
    lds_buf_printf(b, "%sshape=[", any ? ", " : "");
    for (unsigned d = 0; d < n; d++)
        lds_buf_printf(b, "%s%lld", d ? ", " : "", (long long)dims[d]);
    lds_buf_printf(b, "])");
}

/* ------------------------------------------------- text as the parser's */

typedef struct {
    lds_stmt *def;
    lds_expr *expr;
} sub_result;

/* Parse `text` (a source of its own in the arena: its places live as
 * long as the program) with `what`, the parser's lexer put back after. */
static int parse_sub(parser *p, const char *name, const char *text, int (*what)(parser *p, sub_result *r),
                     sub_result *r)
{
    lds_source *src = lds_arena_alloc(p->arena, sizeof *src);
    src->name = lds_arena_strndup(p->arena, name, strlen(name));
    src->text = lds_arena_strndup(p->arena, text, strlen(text));
    src->len = strlen(text);
    src->first_line = 1;
    lds_lexer saved = p->lx;
    lds_token tok = p->tok;
    const char *prev_end = p->prev_end;   /* the statement's text ends there */
    lds_lex_init(&p->lx, src, p->diag);
    pr_advance(p);
    int rc = what(p, r);
    if (rc == 0 && p->tok.kind != TK_EOF && p->tok.kind != TK_NEWLINE) {
        pr_error_at_tok(p, "the end of the generated text");
        rc = -1;
    }
    p->lx = saved;
    p->tok = tok;
    p->prev_end = prev_end;
    return rc;
}

static int sub_triton(parser *p, sub_result *r) { return pr_parse_triton_layout(p, r->def); }

static int sub_expr(parser *p, sub_result *r) { return (r->expr = pr_parse_expr(p)) ? 0 : -1; }

lds_expr *pr_parse_expr_text(parser *p, const char *name, const char *text)
{
    sub_result r = { NULL, NULL };
    return parse_sub(p, name, text, sub_expr, &r) < 0 ? NULL : r.expr;
}

/* ------------------------------------------------------ shared_linear */

/* #ttg.shared_linear<{offset = [...], block = []}, alignment = N>: the
 * offset of each coordinate bit from the inverse of the bases, the
 * leading dimensions of a larger array whole tiles after another. */
static int shared_linear(parser *p, lds_stmt *def, const char *attr, const int64_t *dims, unsigned n)
{
    lds_ll ll;
    size_t used;
    char err[160];
    const char *open = strchr(attr, '{');
    lds_loc loc = def->loc;
    if (!open || !lds_ll_parse(open, strlen(open), &ll, &used, err, sizeof err)) {
        lds_diag_set(p->diag, loc, "TTGIR shared_linear: %s", open ? err : "'{' and its offset bases");
        return -1;
    }
    if (ll.n[LDS_LL_REGISTER] || ll.n[LDS_LL_LANE] || ll.n[LDS_LL_WARP] || ll.rank > n) {
        lds_diag_set(p->diag, loc, "TTGIR shared_linear has offset (and block) bases of the array's dimensions");
        return -1;
    }
    unsigned lead = n - ll.rank;
    int64_t tile[LDS_LL_MAX_RANK], inv[LDS_LL_MAX_RANK][LDS_LL_MAX_BASES];
    for (unsigned d = 0; d < ll.rank; d++) {
        tile[d] = lds_ll_dim_size(&ll, d);
        if (tile[d] != dims[lead + d]) {
            lds_diag_set(p->diag, loc, "TTGIR shared_linear covers %lld in dimension %u; the array has %lld",
                         (long long)tile[d], lead + d, (long long)dims[lead + d]);
            return -1;
        }
    }
    if (!lds_ll_invert(&ll, LDS_LL_OFFSET, tile, inv, err, sizeof err)) {
        lds_diag_set(p->diag, loc, "TTGIR shared_linear: %s", err);
        return -1;
    }
    char names[LDS_LL_MAX_RANK][16];
    lds_ll_term t[LDS_LL_MAX_RANK];
    for (unsigned d = 0; d < ll.rank; d++) {
        snprintf(names[d], sizeof names[d], "i%u", lead + d);
        t[d] = (lds_ll_term){ names[d], inv[d], (unsigned)lds_ll_log2(tile[d]) };
    }
    int64_t size = (int64_t)1 << ll.n[LDS_LL_OFFSET];   /* a tile's elements, its unused offsets too */
    lds_buf b = { 0 };
    lds_ll_text(&b, t, ll.rank);
    for (unsigned d = lead, k = 0; d-- > 0; k++) {   /* the leading dimensions, row-major */
        lds_buf_printf(&b, " + i%u * %lld", d, (long long)size);
        size *= dims[d];
    }
    lds_expr *body = pr_parse_expr_text(p, attr, lds_buf_str(&b));
    lds_buf_free(&b);
    if (!body)
        return -1;
    lds_layout_info *info = lds_arena_alloc(p->arena, sizeof *info);
    info->notation = "TTGIR shared_linear";
    info->rank = n;
    memcpy(info->shape, dims, sizeof *dims * n);
    info->exact_shape = true;
    info->cosize = size;
    def->u.def.params = pr_index_params(p, n);
    def->u.def.nparams = n;
    def->u.def.body = body;
    def->u.def.layout = info;
    return 0;
}

lds_stmt *pr_ttgir_array_layout(parser *p, lds_stmt *array)
{
    const char *attr = array->u.array.layout ? lds_parse_ctx_alias(p->ctx, array->u.array.layout) : NULL;
    if (!attr)
        return array;
    kind_class c = class_of(attr, strlen(attr));
    if (c != K_TRITON && c != K_SHARED_LINEAR && c != K_LEGACY_SHARED) {   /* a register layout or memory space */
        not_shared(p, array->u.array.layout_loc, attr, strcspn(attr, "<"));
        return NULL;
    }
    int64_t dims[LDS_MAX_DIMS];
    for (unsigned d = 0; d < array->u.array.ndims; d++)
        if (pr_fold_int(p, array->u.array.dims[d], &dims[d]) < 0)
            return NULL;
    lds_stmt *def = pr_new_stmt(p, S_DEF, array->u.array.layout_loc);
    lds_buf name = { 0 };
    lds_buf_printf(&name, "%s", array->u.array.layout);
    for (unsigned d = 0; d < array->u.array.ndims; d++)
        lds_buf_printf(&name, "%s%lld", d ? "x" : "__", (long long)dims[d]);
    def->u.def.name = lds_arena_strndup(p->arena, lds_buf_str(&name), name.len);
    def->u.def.name_loc = array->u.array.layout_loc;
    lds_buf_free(&name);
    int64_t given[LDS_MAX_DIMS];   /* padded_shared's identity form names its tile */
    unsigned ngiven = list_of(strchr(attr, '<'), "shape", given), n = array->u.array.ndims;
    for (unsigned d = 0; d < ngiven; d++)
        if (ngiven > n || given[d] != dims[n - ngiven + d]) {
            lds_buf g = { 0 };
            for (unsigned k = 0; k < ngiven; k++)
                lds_buf_printf(&g, "%s%lld", k ? ", " : "", (long long)given[k]);
            lds_diag_set(p->diag, array->u.array.layout_loc, "'%s' is for a tile of shape [%s]; '%s' ends in another",
                         array->u.array.layout, lds_buf_str(&g), array->u.array.name);
            lds_buf_free(&g);
            return NULL;
        }
    int rc;
    if (c == K_SHARED_LINEAR) {
        rc = shared_linear(p, def, attr, dims, array->u.array.ndims);
    } else {
        lds_buf b = { 0 };
        triton_text(&b, attr, dims, array->u.array.ndims, array->u.array.elem_size * 8);
        sub_result r = { def, NULL };
        rc = parse_sub(p, attr, lds_buf_str(&b), sub_triton, &r);
        def->source = lds_arena_strndup(p->arena, lds_buf_str(&b), b.len);
        lds_buf_free(&b);
    }
    if (rc < 0)
        return NULL;
    if (!def->source)
        def->source = attr;
    array->u.array.layout = def->u.def.name;
    def->next = array;
    return def;
}

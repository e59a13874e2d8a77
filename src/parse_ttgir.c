/* src/parse_ttgir.c - Triton's shared-memory layouts as a TTGIR dump writes
 * them, pasted as they are:
 *
 *   #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
 *   layout S = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
 *   array f16 A[128][64] layout shared
 *
 * An attribute names no shape (TTGIR gives it with the memdesc that uses
 * it), so the alias is kept by the parser (lds_parse_ctx) and made a def
 * where an array names it: the Triton layout statement it spells
 * (src/parse_triton.c), with the array's shape.  Attribute keys about
 * CTA splitting change nothing in one CTA's shared memory and are left out. */
#include "src/parse_layout.h"

#include <string.h>

#include "base/buf.h"
#include "src/parse_ctx.h"

static const struct { const char *ttgir, *triton; } kinds[] = {
    { "swizzled_shared", "SwizzledSharedLayout" }, { "amd_rotating_shared", "AMDRotatingSharedLayout" },
    { "nvmma_shared", "NVMMASharedLayout" }, { "padded_shared", "PaddedSharedLayout" },
};

/* The attribute's kind: the text after its dialect ("#ttg."). */
static const char *kind_of(const char *name, size_t len)
{
    const char *dot = memchr(name, '.', len);
    return dot ? dot + 1 : name;
}

bool pr_ttgir_starts(const lds_token *t)
{
    return t->kind == TK_NAME && t->len > 5 && t->start[0] == '#' && memchr(t->start, '.', t->len);
}

/* The attribute's kind is one of the shared layouts lds-calc reads. */
static bool shared_kind(const char *attr, size_t len)
{
    const char *kind = kind_of(attr, len);
    size_t klen = (size_t)(attr + len - kind);
    for (const char *c = kind; c < attr + len; c++)
        if (*c == '<') {
            klen = (size_t)(c - kind);
            break;
        }
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strlen(kinds[i].ttgir) == klen && !memcmp(kinds[i].ttgir, kind, klen))
            return true;
    return false;
}

static void not_shared(parser *p, lds_loc loc, const char *attr, size_t len)
{
    lds_diag_set(p->diag, loc,
                 "TTGIR '%.*s': lds-calc reads Triton's shared layouts (#ttg.swizzled_shared, nvmma_shared, "
                 "padded_shared, amd_rotating_shared); a register layout goes in a fragment statement "
                 "(BlockedLayout(...))",
                 (int)len, attr);
}

lds_stmt *pr_parse_ttgir_alias(parser *p, lds_loc loc, const char *name, bool dump_line)
{
    const char *start = p->tok.start, *q = p->tok.start + p->tok.len;
    bool known = shared_kind(p->tok.start, p->tok.len);
    if (!known && !dump_line) {
        not_shared(p, p->tok.loc, p->tok.start, p->tok.len);
        return NULL;
    }
    /* the attribute's text: <...> with what nests in it */
    int depth = 0;
    const char *end = q;
    for (; end < p->lx.end && *end != '\n'; end++) {
        char c = *end;
        if (c == '<' || c == '{' || c == '[' || c == '(')
            depth++;
        else if ((c == '>' || c == '}' || c == ']' || c == ')') && --depth == 0 && c == '>') {
            end++;
            break;
        }
    }
    if (!known && (q >= p->lx.end || *q != '<'))
        end = q;   /* a dump's other attributes (#ttg.shared_memory) may have no <...> */
    else if (depth != 0 || q >= p->lx.end || *q != '<') {
        lds_diag_set(p->diag, p->tok.loc, "a TTGIR attribute '%.*s<...>' never closed on its line", (int)p->tok.len,
                     p->tok.start);
        return NULL;
    }
    char *text = lds_arena_strndup(p->arena, start, (size_t)(end - start));
    lds_parse_ctx_set_alias(p->ctx, name, text);
    p->tok.len = (size_t)(end - start);   /* the statement's text ends with it */
    p->lx.p = end;
    pr_advance(p);
    return pr_new_stmt(p, S_NOP, loc);
}

/* An item of the attribute's {k = v, ...} kept for the Triton statement:
 * not one of the CTA keys. */
static bool kept(const char *item, size_t len)
{
    static const char *const dropped[] = { "CTAsPerCGA", "CTASplitNum", "CTAOrder", "fp4Padded", NULL };
    while (len && (*item == ' ' || *item == '\t'))
        item++, len--;
    for (int i = 0; dropped[i]; i++)
        if (len >= strlen(dropped[i]) && !memcmp(item, dropped[i], strlen(dropped[i])))
            return false;
    return len > 0;
}

/* The Triton statement an attribute spells, for shape dims[0..n): its
 * items from between '{' and '}', the padded form's [intervals] first. */
static void triton_text(lds_buf *b, const char *attr, const int64_t *dims, unsigned n)
{
    const char *lt = strchr(attr, '<');
    const char *kind = kind_of(attr, (size_t)(lt - attr));
    size_t klen = (size_t)(lt - kind);
    size_t which = 0;
    while (strlen(kinds[which].ttgir) != klen || memcmp(kinds[which].ttgir, kind, klen))
        which++;
    lds_buf_printf(b, "%s(", kinds[which].triton);
    const char *body = lt + 1, *open = strchr(body, '{');
    bool any = false;
    if (open && open > body) {   /* padded_shared<[32:+4] {...}> */
        lds_buf_printf(b, "intervals=%.*s", (int)(open - body), body);
        any = true;
    }
    bool shaped = false;
    if (open) {
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
                    for (size_t k = 0; k + 5 <= len && !shaped; k++)
                        shaped = !memcmp(item + k, "shape", 5);
                }
                item = p + 1;
            }
        }
    }
    if (!shaped) {
        lds_buf_printf(b, "%sshape=[", any ? ", " : "");
        for (unsigned d = 0; d < n; d++)
            lds_buf_printf(b, "%s%lld", d ? ", " : "", (long long)dims[d]);
        lds_buf_printf(b, "]");
    }
    lds_buf_printf(b, ")");
}

lds_stmt *pr_ttgir_array_layout(parser *p, lds_stmt *array)
{
    const char *attr = array->u.array.layout ? lds_parse_ctx_alias(p->ctx, array->u.array.layout) : NULL;
    if (!attr)
        return array;
    if (!shared_kind(attr, strlen(attr))) {   /* a dump's register layout or memory space, named */
        size_t len = strcspn(attr, "<");
        not_shared(p, array->u.array.layout_loc, attr, len);
        return NULL;
    }
    int64_t dims[LDS_MAX_DIMS];
    for (unsigned d = 0; d < array->u.array.ndims; d++)
        if (pr_fold_int(p, array->u.array.dims[d], &dims[d]) < 0)
            return NULL;
    lds_buf b = { 0 };
    triton_text(&b, attr, dims, array->u.array.ndims);
    /* the def, parsed from that text in a source of its own (in the arena:
     * its places live as long as the program) */
    lds_source *src = lds_arena_alloc(p->arena, sizeof *src);
    src->name = lds_arena_strndup(p->arena, attr, strlen(attr));
    src->text = lds_arena_strndup(p->arena, lds_buf_str(&b), b.len);
    src->len = b.len;
    src->first_line = 1;
    lds_buf_free(&b);
    lds_lexer saved = p->lx;
    lds_token tok = p->tok;
    const char *prev_end = p->prev_end;   /* the array statement's text ends there */
    lds_lex_init(&p->lx, src, p->diag);
    pr_advance(p);
    lds_stmt *def = pr_new_stmt(p, S_DEF, array->u.array.layout_loc);
    lds_buf name = { 0 };
    lds_buf_printf(&name, "%s", array->u.array.layout);
    for (unsigned d = 0; d < array->u.array.ndims; d++)
        lds_buf_printf(&name, "%s%lld", d ? "x" : "__", (long long)dims[d]);
    def->u.def.name = lds_arena_strndup(p->arena, lds_buf_str(&name), name.len);
    def->u.def.name_loc = array->u.array.layout_loc;
    lds_buf_free(&name);
    int rc = pr_parse_triton_layout(p, def);
    p->lx = saved;
    p->tok = tok;
    p->prev_end = prev_end;
    if (rc < 0)
        return NULL;
    def->source = src->text;
    array->u.array.layout = def->u.def.name;
    def->next = array;
    return def;
}

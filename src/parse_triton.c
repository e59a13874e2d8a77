/* src/parse_triton.c - Triton's shared-memory layouts in the `layout`
 * statement (lds(5), LAYOUTS), spelled as Gluon's Python constructors
 * with the tensor's shape added (MLIR's camelCase keys are accepted too):
 *
 *   SwizzledSharedLayout(vec=, per_phase=, max_phase=, order=[..], shape=[..])
 *   AMDRotatingSharedLayout(vec=, per_phase=, max_phase=, order=[..], shape=[..])
 *   NVMMASharedLayout(swizzle_byte_width=, element_bitwidth=, transposed=, shape=[..])
 *   PaddedSharedLayout(interval_padding_pairs=[[I, P], ..], order=[..], shape=[..])
 *
 * Each is a def of one parameter per dimension whose body is the element
 * offset Triton's linear layout gives (lib/Dialect/TritonGPU/IR/
 * LinearLayoutConversions.cpp): its bases for powers of two extended by
 * XOR are the closed forms below.  Triton requires powers of two in the
 * tile (the two fastest dimensions); so do we.  The dimensions outside it
 * (a multi-buffered memdesc's buffers, 3 for 4 stages) are whole tiles. */
#include "src/parse_layout.h"

#include <string.h>

/* ------------------------------------------------------------- kwargs */

static bool spelled(const char *names, const char *word, size_t len)
{
    for (const char *s = names; *s;) {
        const char *bar = strchr(s, '|');
        size_t n = bar ? (size_t)(bar - s) : strlen(s);
        if (n == len && !strncmp(s, word, len))
            return true;
        if (!bar)
            break;
        s = bar + 1;
    }
    return false;
}

static int first_spelling(const char *names, char *out, size_t cap)
{
    const char *bar = strchr(names, '|');
    size_t n = bar ? (size_t)(bar - names) : strlen(names);
    return snprintf(out, cap, "%.*s", (int)n, names);
}

static int push_value(parser *p, pr_kwarg *a, lds_loc loc, int64_t v)
{
    if (a->n == sizeof a->v / sizeof a->v[0]) {
        lds_diag_set(p->diag, loc, "more than %zu values for '%s'", sizeof a->v / sizeof a->v[0], a->name);
        return -1;
    }
    a->v[a->n++] = v;
    return 0;
}

static int parse_int_value(parser *p, pr_kwarg *a)
{
    if (p->tok.kind != TK_INT) {
        pr_error_at_tok(p, "an integer");
        return -1;
    }
    lds_expr *e = pr_parse_unary(p);
    if (!e)
        return -1;
    if (e->kind != E_NUM || e->big || e->value < 0 || e->value > ((int64_t)1 << 40)) {
        lds_diag_set(p->diag, e->loc, "a layout's parameters are integers 0..2^40 written out");
        return -1;
    }
    return push_value(p, a, e->loc, e->value);
}

/* item := INT [ ':' '+' INT ] | '[' INT ',' INT ']' */
static int parse_item(parser *p, pr_kwarg *a)
{
    if (p->tok.kind == TK_LBRACKET) {
        pr_advance(p);
        if (parse_int_value(p, a) < 0 || pr_expect_tok(p, TK_COMMA, "',' in a pair [INTERVAL, PADDING]") < 0
            || parse_int_value(p, a) < 0 || pr_expect_tok(p, TK_RBRACKET, "']' to close the pair") < 0)
            return -1;
        return 0;
    }
    if (parse_int_value(p, a) < 0)
        return -1;
    if (p->tok.kind == TK_COLON) {   /* MLIR's 32:+4 */
        pr_advance(p);
        if (p->tok.kind == TK_PLUS)
            pr_advance(p);
        return parse_int_value(p, a);
    }
    return 0;
}

static int parse_value(parser *p, pr_kwarg *a)
{
    if (lds_tok_is(&p->tok, "true") || lds_tok_is(&p->tok, "True") || lds_tok_is(&p->tok, "false")
        || lds_tok_is(&p->tok, "False")) {
        int64_t v = p->tok.start[0] == 't' || p->tok.start[0] == 'T';
        lds_loc loc = p->tok.loc;
        pr_advance(p);
        return push_value(p, a, loc, v);
    }
    if (p->tok.kind == TK_NAME) {   /* a word: an enumerator, a type */
        a->word = pr_tok_str(p);
        pr_advance(p);
        return 0;
    }
    if (p->tok.kind != TK_LBRACKET)
        return parse_int_value(p, a);
    a->list = true;
    pr_advance(p);
    while (p->tok.kind != TK_RBRACKET) {
        if (parse_item(p, a) < 0)
            return -1;
        if (p->tok.kind != TK_COMMA)
            break;
        pr_advance(p);
    }
    return pr_expect_tok(p, TK_RBRACKET, "',' or ']'");
}

int pr_parse_kwargs(parser *p, pr_kwargs *k, const char *const *names, const char *what)
{
    memset(k, 0, sizeof *k);
    if (pr_expect_tok(p, TK_LPAREN, "'(' and the layout's parameters (NAME=VALUE, ...)") < 0)
        return -1;
    while (p->tok.kind == TK_NAME) {
        unsigned w = 0;
        while (names[w] && !spelled(names[w], p->tok.start, p->tok.len))
            w++;
        if (!names[w]) {
            char list[512];
            size_t n = 0;
            for (unsigned i = 0; names[i] && n < sizeof list; i++) {
                n += (size_t)snprintf(list + n, sizeof list - n, "%s", i ? ", " : "");
                if (n < sizeof list)
                    n += (size_t)first_spelling(names[i], list + n, sizeof list - n);
            }
            lds_diag_set(p->diag, p->tok.loc, "%s takes no parameter '%.*s'; it takes %s", what, (int)p->tok.len,
                         p->tok.start, list);
            return -1;
        }
        if (pr_kwarg_find(k, names[w])) {
            lds_diag_set(p->diag, p->tok.loc, "'%.*s' is given twice", (int)p->tok.len, p->tok.start);
            return -1;
        }
        if (k->n == sizeof k->arg / sizeof k->arg[0]) {
            lds_diag_set(p->diag, p->tok.loc, "too many parameters");
            return -1;
        }
        pr_kwarg *a = &k->arg[k->n++];
        a->key = names[w];
        a->name = pr_tok_str(p);
        a->loc = p->tok.loc;
        pr_advance(p);
        if (pr_expect_tok(p, TK_ASSIGN, "'=' and the parameter's value") < 0 || parse_value(p, a) < 0)
            return -1;
        if (p->tok.kind != TK_COMMA)
            break;
        pr_advance(p);
    }
    return pr_expect_tok(p, TK_RPAREN, "a parameter (NAME=VALUE) or ')'");
}

const pr_kwarg *pr_kwarg_find(const pr_kwargs *k, const char *names)
{
    for (unsigned i = 0; i < k->n; i++)
        if (!strcmp(k->arg[i].key, names))
            return &k->arg[i];
    return NULL;
}

const pr_kwarg *pr_kwarg_need(parser *p, const pr_kwargs *k, const char *names, lds_loc loc, const char *what)
{
    const pr_kwarg *a = pr_kwarg_find(k, names);
    if (!a) {
        char first[64];
        first_spelling(names, first, sizeof first);
        lds_diag_set(p->diag, loc, "%s needs '%s'", what, first);
    }
    return a;
}

/* ---------------------------------------------------------- checking */


/* A scalar argument, a power of two within [lo, hi]. */
static int scalar(parser *p, const pr_kwarg *a, int64_t lo, int64_t hi, bool power, int64_t *out)
{
    if (a->list || a->n != 1 || a->word) {
        lds_diag_set(p->diag, a->loc, "'%s' is one integer", a->name);
        return -1;
    }
    if (a->v[0] < lo || a->v[0] > hi || (power && !pr_pow2(a->v[0]))) {
        lds_diag_set(p->diag, a->loc, "'%s' is %s%lld..%lld (%lld given)", a->name, power ? "a power of two " : "",
                     (long long)lo, (long long)hi, (long long)a->v[0]);
        return -1;
    }
    *out = a->v[0];
    return 0;
}

/* shape=[..] (powers of two) and order=[..] (a permutation of its dims) */
static int shape_and_order(parser *p, const pr_kwargs *k, lds_loc loc, const char *what, bool need_order,
                           lds_layout_info *info, unsigned *order)
{
    const pr_kwarg *sh = pr_kwarg_need(p, k, "shape", loc, what);
    if (!sh)
        return -1;
    if (sh->n < 1 || sh->n > LDS_MAX_DIMS) {
        lds_diag_set(p->diag, sh->loc, "the shape has 1..%d dimensions", LDS_MAX_DIMS);
        return -1;
    }
    int64_t n = 1;
    for (unsigned d = 0; d < sh->n; d++)
        if (__builtin_mul_overflow(n, sh->v[d], &n) || n > ((int64_t)1 << 40)) {
            lds_diag_set(p->diag, sh->loc, "the shape has more than 2^40 elements");
            return -1;
        }
    info->rank = sh->n;
    memcpy(info->shape, sh->v, sizeof(int64_t) * sh->n);
    info->exact_shape = true;
    const pr_kwarg *o = need_order ? pr_kwarg_need(p, k, "order", loc, what) : pr_kwarg_find(k, "order");
    if (need_order && !o)
        return -1;
    for (unsigned d = 0; d < info->rank; d++)   /* default: the last dimension fastest */
        order[d] = info->rank - 1 - d;
    if (o) {
        uint64_t seen = 0;
        if (o->n != info->rank) {
            lds_diag_set(p->diag, o->loc, "the order lists each of the shape's %u dimensions once", info->rank);
            return -1;
        }
        for (unsigned d = 0; d < o->n; d++) {
            if (o->v[d] >= info->rank || (seen >> o->v[d] & 1)) {
                lds_diag_set(p->diag, o->loc, "the order lists each of the shape's %u dimensions once", info->rank);
                return -1;
            }
            seen |= (uint64_t)1 << o->v[d];
            order[d] = (unsigned)o->v[d];
        }
    }
    for (unsigned t = 0; t < info->rank && t < 2; t++)   /* the tile; the dimensions outside it (the
                                                            buffers a pipeliner rotates: 3x64x32) are whole tiles */
        if (!pr_pow2(info->shape[order[t]])) {
            lds_diag_set(p->diag, sh->loc, "Triton's shapes are powers of two (dimension %u is %lld)", order[t],
                         (long long)info->shape[order[t]]);
            return -1;
        }
    return 0;
}

static lds_expr *dim(parser *p, lds_loc loc, unsigned d)
{
    char name[16];   /* the parameter's name, as pr_index_params gives it */
    snprintf(name, sizeof name, "i%u", d);
    return pr_lparam(p, loc, lds_arena_strndup(p->arena, name, strlen(name)));
}

/* sum over k >= from of i_order[k] * prod(shape[order[<k]]), the product
 * starting at `scale`: the row-major offset of the outer dimensions */
static lds_expr *outer_offset(parser *p, lds_loc loc, const lds_layout_info *info, const unsigned *order,
                              unsigned from, int64_t scale, lds_expr *sum)
{
    for (unsigned k = from; k < info->rank && sum; k++) {
        sum = pr_lbin(p, loc, OP_ADD, sum, pr_lbin(p, loc, OP_MUL, dim(p, loc, order[k]), pr_lnum(p, loc, scale)));
        scale *= info->shape[order[k]];
    }
    return sum;
}

static int64_t elements(const lds_layout_info *info)
{
    int64_t n = 1;
    for (unsigned d = 0; d < info->rank; d++)
        n *= info->shape[d];   /* at most 2^40: shape_and_order checked */
    return n;
}

/* ------------------------------------------------------------ layouts */

/* (r / per_phase) % max_phase, Triton's phase of row r */
static lds_expr *phase(parser *p, lds_loc loc, lds_expr *row, int64_t per_phase, int64_t max_phase)
{
    return pr_lbin(p, loc, OP_MOD, pr_lbin(p, loc, OP_DIV, row, pr_lnum(p, loc, per_phase)), pr_lnum(p, loc, max_phase));
}

/* SwizzledSharedLayout and AMDRotatingSharedLayout: column c of row r is
 * at r * cols + (c ^ (vec * phase(r)) % cols); the rotating form XORs
 * the phase with the block (r / (per_phase * max_phase)) % max_phase. */
static lds_expr *swizzled(parser *p, lds_loc loc, const pr_kwargs *k, const char *what, bool rotating,
                          lds_layout_info *info)
{
    unsigned order[LDS_MAX_DIMS];
    int64_t vec, per_phase, max_phase;
    const pr_kwarg *a;
    if (!(a = pr_kwarg_need(p, k, "vec", loc, what)) || scalar(p, a, 1, 1 << 20, true, &vec) < 0
        || !(a = pr_kwarg_need(p, k, "per_phase|perPhase", loc, what)) || scalar(p, a, 1, 1 << 20, true, &per_phase) < 0
        || !(a = pr_kwarg_need(p, k, "max_phase|maxPhase", loc, what)) || scalar(p, a, 1, 1 << 20, true, &max_phase) < 0
        || shape_and_order(p, k, loc, what, true, info, order) < 0)
        return NULL;
    if (info->rank < 2) {   /* Triton: a 1-D tensor is not swizzled */
        info->cosize = info->shape[0];
        return dim(p, loc, 0);
    }
    unsigned col = order[0], row = order[1];
    int64_t cols = info->shape[col];
    lds_expr *ph = phase(p, loc, dim(p, loc, row), per_phase, max_phase);
    if (rotating)
        ph = pr_lbin(p, loc, OP_XOR, ph, phase(p, loc, dim(p, loc, row), per_phase * max_phase, max_phase));
    lds_expr *shift = pr_lbin(p, loc, OP_MOD, pr_lbin(p, loc, OP_MUL, pr_lnum(p, loc, vec), ph), pr_lnum(p, loc, cols));
    lds_expr *sum = pr_lbin(p, loc, OP_ADD, pr_lbin(p, loc, OP_MUL, dim(p, loc, row), pr_lnum(p, loc, cols)),
                            pr_lbin(p, loc, OP_XOR, dim(p, loc, col), shift));
    info->cosize = elements(info);
    return outer_offset(p, loc, info, order, 2, cols * info->shape[row], sum);
}

/* NVMMASharedLayout: 8-row core matrices W = 8 * swizzle bytes / element
 * bits elements wide, their 16-byte vectors XORed with (r % 8) / per_phase;
 * the rows of one W-wide column block first, then the next block
 * (getCoreMatrixLinearLayout, nvmmaSharedToLinearLayout).  transposed: the
 * contiguous dimension is the first.  No swizzle is row-major. */
static lds_expr *nvmma(parser *p, lds_loc loc, const pr_kwargs *k, const char *what, lds_layout_info *info)
{
    unsigned order[LDS_MAX_DIMS];
    int64_t bytes, bits, transposed = 0;
    const pr_kwarg *a;
    if (!(a = pr_kwarg_need(p, k, "swizzle_byte_width|swizzlingByteWidth", loc, what))
        || scalar(p, a, 0, 128, false, &bytes) < 0
        || !(a = pr_kwarg_need(p, k, "element_bitwidth|elementBitWidth", loc, what))
        || scalar(p, a, 8, 64, true, &bits) < 0
        || ((a = pr_kwarg_find(k, "transposed")) && scalar(p, a, 0, 1, false, &transposed) < 0)
        || shape_and_order(p, k, loc, what, false, info, order) < 0)
        return NULL;
    if (bytes != 0 && bytes != 32 && bytes != 64 && bytes != 128) {
        lds_diag_set(p->diag, pr_kwarg_find(k, "swizzle_byte_width|swizzlingByteWidth")->loc,
                     "the swizzle is 0, 32, 64 or 128 bytes");
        return NULL;
    }
    if ((a = pr_kwarg_find(k, "rank")) && (a->n != 1 || a->v[0] != info->rank)) {
        lds_diag_set(p->diag, a->loc, "rank %lld, but the shape has %u dimensions", (long long)a->v[0], info->rank);
        return NULL;
    }
    if (info->rank < 2) {
        lds_diag_set(p->diag, pr_kwarg_find(k, "shape")->loc, "NVMMASharedLayout is modelled for tiles of 2 or more "
                     "dimensions (the leading ones whole tiles after another)");
        return NULL;
    }
    info->cosize = elements(info);
    /* the swizzled rows and the contiguous columns: the last two dimensions */
    unsigned lead = info->rank - 2, r = lead + (transposed ? 1 : 0), c = lead + (transposed ? 0 : 1);
    int64_t rows = info->shape[r], cols = info->shape[c];
    unsigned outer[LDS_MAX_DIMS] = { c, r };
    for (unsigned d = 0; d < lead; d++)
        outer[2 + d] = lead - 1 - d;
    if (bytes == 0)
        return outer_offset(p, loc, info, outer, 2, rows * cols,
                            pr_lbin(p, loc, OP_ADD, pr_lbin(p, loc, OP_MUL, dim(p, loc, r), pr_lnum(p, loc, cols)),
                                    dim(p, loc, c)));
    int64_t width = 8 * bytes / bits, vec = 128 / bits, per_phase = 128 / bytes, max_phase = bytes / 16;
    if (cols < width || rows < 8) {
        lds_diag_set(p->diag, pr_kwarg_find(k, "shape")->loc,
                     "a %lld-byte NVMMA tile of %lld-bit elements is at least 8 x %lld", (long long)bytes,
                     (long long)bits, (long long)width);
        return NULL;
    }
    /* (c / W) * rows * W + r * W + ((c % W) ^ vec * ((r % 8) / per_phase)) */
    lds_expr *block = pr_lbin(p, loc, OP_MUL, pr_lbin(p, loc, OP_DIV, dim(p, loc, c), pr_lnum(p, loc, width)),
                              pr_lnum(p, loc, rows * width));
    lds_expr *row = pr_lbin(p, loc, OP_MUL, dim(p, loc, r), pr_lnum(p, loc, width));
    lds_expr *ph = phase(p, loc, pr_lbin(p, loc, OP_MOD, dim(p, loc, r), pr_lnum(p, loc, 8)), per_phase, max_phase);
    lds_expr *in = pr_lbin(p, loc, OP_XOR, pr_lbin(p, loc, OP_MOD, dim(p, loc, c), pr_lnum(p, loc, width)),
                           pr_lbin(p, loc, OP_MUL, pr_lnum(p, loc, vec), ph));
    return outer_offset(p, loc, info, outer, 2, rows * cols, pr_lbin(p, loc, OP_ADD, pr_lbin(p, loc, OP_ADD, block, row), in));
}

/* PaddedSharedLayout (identity form): element x in `order` is at
 * x + sum over pairs of (x / interval) * padding. */
static lds_expr *padded(parser *p, lds_loc loc, const pr_kwargs *k, const char *what, lds_layout_info *info)
{
    unsigned order[LDS_MAX_DIMS];
    const pr_kwarg *pairs = pr_kwarg_need(p, k, "interval_padding_pairs|intervals", loc, what);
    if (!pairs || shape_and_order(p, k, loc, what, false, info, order) < 0)
        return NULL;
    if (!pairs->n || pairs->n % 2) {
        lds_diag_set(p->diag, pairs->loc, "interval-padding pairs: [[INTERVAL, PADDING], ...] or [INTERVAL:+PADDING, ...]");
        return NULL;
    }
    for (unsigned i = 0; i < pairs->n; i++)
        if (!pr_pow2(pairs->v[i])) {
            lds_diag_set(p->diag, pairs->loc, "Triton's intervals and paddings are powers of two (%lld is not)",
                         (long long)pairs->v[i]);
            return NULL;
        }
    lds_expr *linear = outer_offset(p, loc, info, order, 1, info->shape[order[0]], dim(p, loc, order[0]));
    lds_expr *sum = linear;
    int64_t n = elements(info), size = n;
    for (unsigned i = 0; i + 1 < pairs->n; i += 2) {
        lds_expr *x = outer_offset(p, loc, info, order, 1, info->shape[order[0]], dim(p, loc, order[0]));
        sum = pr_lbin(p, loc, OP_ADD, sum,
                      pr_lbin(p, loc, OP_MUL, pr_lbin(p, loc, OP_DIV, x, pr_lnum(p, loc, pairs->v[i])),
                              pr_lnum(p, loc, pairs->v[i + 1])));
        int64_t pad;
        if (__builtin_mul_overflow((n - 1) / pairs->v[i], pairs->v[i + 1], &pad)
            || __builtin_add_overflow(size, pad, &size) || size > ((int64_t)1 << 40)) {
            lds_diag_set(p->diag, pairs->loc, "the padded tile has more than 2^40 elements");
            return NULL;
        }
    }
    info->cosize = size;
    return sum;
}

static const char *const swizzled_keys[] = { "vec", "per_phase|perPhase", "max_phase|maxPhase", "order", "shape", NULL };
static const char *const nvmma_keys[] = { "swizzle_byte_width|swizzlingByteWidth", "element_bitwidth|elementBitWidth",
                                          "transposed", "rank", "shape", NULL };
static const char *const padded_keys[] = { "interval_padding_pairs|intervals", "order", "shape", NULL };

static const struct {
    const char *name;
    const char *const *keys;
} triton_layouts[] = {
    { "SwizzledSharedLayout", swizzled_keys },
    { "AMDRotatingSharedLayout", swizzled_keys },
    { "NVMMASharedLayout", nvmma_keys },
    { "PaddedSharedLayout", padded_keys },
};

bool pr_triton_layout_starts(const lds_token *t)
{
    for (size_t i = 0; i < sizeof triton_layouts / sizeof triton_layouts[0]; i++)
        if (lds_tok_is(t, triton_layouts[i].name))
            return true;
    return false;
}

int pr_parse_triton_layout(parser *p, lds_stmt *def)
{
    size_t which = 0;
    while (!lds_tok_is(&p->tok, triton_layouts[which].name))
        which++;
    const char *what = triton_layouts[which].name;
    lds_loc loc = p->tok.loc;
    pr_advance(p);
    pr_kwargs *k = lds_arena_alloc(p->arena, sizeof *k);
    if (pr_parse_kwargs(p, k, triton_layouts[which].keys, what) < 0)
        return -1;
    lds_layout_info *info = lds_arena_alloc(p->arena, sizeof *info);
    memset(info, 0, sizeof *info);
    info->notation = what;
    lds_expr *body = which <= 1 ? swizzled(p, loc, k, what, which == 1, info)
                     : which == 2 ? nvmma(p, loc, k, what, info)
                                  : padded(p, loc, k, what, info);
    if (!body)
        return -1;
    def->u.def.params = pr_index_params(p, info->rank);
    def->u.def.nparams = info->rank;
    def->u.def.body = body;
    def->u.def.layout = info;
    return 0;
}

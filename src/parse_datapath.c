/* src/parse_datapath.c - NVIDIA's asynchronous data paths as statements
 * (lds(5), INSTRUCTIONS): TMA's and the bulk copies, the shared-memory
 * matrix descriptors of wgmma and tcgen05.mma and the reads they make,
 * tcgen05's tensor-memory loads and stores.  Each is an access statement
 * carrying what src/nvidia.c runs in place of lanes:
 *
 *   cp.async.bulk.tensor.2d.shared::cluster.global... ARRAY[i]...
 *   cp.async.bulk.shared::cluster.global... ARRAY[i]..., BYTES
 *   desc NAME = wgmma_desc(VALUE, major=K, elem=f16, rows=64)
 *   read_desc NAME ARRAY[i][j] [transposed]
 *   tcgen05.ld.sync.aligned.32x32b.x1.b32 @ TADDR
 */
#include "src/parse_layout.h"

#include <stdio.h>
#include <string.h>

#include "sim/sim.h"
#include "src/parse_ctx.h"

#define BULK_NOTE                                                                                                    \
    "%s: TMA's own shared-memory %s; which lanes and phases they take is not published. Counted as the data "      \
    "path, not as lane accesses: instructions are the copies issued (one thread a workgroup), wavefronts the "      \
    "128-byte shared-memory lines the %s bytes cover, one a line (inferred, not measured), ideal the same, no "    \
    "bank conflict; Nsight's LSU shared-memory counters do not count TMA, so no counter is given; the "            \
    "global-memory side is not modelled"
#define DESC_NOTE                                                                                                    \
    "read_desc: the tensor core reads operand %s through its descriptor: 16-byte rows, 8 a core matrix (CuTe's "   \
    "canonical layouts); each core matrix counted as one phase, as ldmatrix's 8x8 matrices are (inferred, not "   \
    "measured: which rows the tensor core reads together is not published); instructions count the reads "        \
    "issued (one a workgroup), under Nsight's op_gmma names; the phase pictures take the rows 32 at a time, as "    \
    "lanes"

/* The access statement of a data-path instruction: no if or for of its
 * own (it is reached once; a loop goes around it as a for block). */
static lds_stmt *nv_access(parser *p, lds_loc loc, lds_access_kind kind, unsigned width, const lds_target *t,
                           const char *name, const char *counter_op, lds_nv_access *nv, const char *note)
{
    if (lds_tok_is(&p->tok, "if") || lds_tok_is(&p->tok, "for")) {
        pr_error_at_tok(p, "the end of the statement: a data-path statement takes no if or for of its own (put it "
                           "in an if or for block)");
        return NULL;
    }
    lds_stmt *s = pr_new_stmt(p, S_ACCESS, loc);
    s->u.access.kind = kind;
    s->u.access.naddr = 1;
    s->u.access.width = width;
    s->u.access.target = *t;
    lds_access_form *form = lds_arena_alloc(p->arena, sizeof *form);
    memset(form, 0, sizeof *form);
    form->name = name;
    form->counter_op = counter_op;
    form->inferred = true;
    if (nv->kind == LDS_NV_DESC_READ) {   /* 8 rows a core matrix, a phase, as ldmatrix's matrices */
        form->sim_form = LDS_FORM_MATRIX;
        form->row_lanes = 32;
    }
    s->u.access.form = form;
    s->u.access.nv = nv;
    s->u.access.note = note ? lds_arena_strndup(p->arena, note, strlen(note)) : NULL;
    return s;
}

/* A number the parser can work out (-D values, #define constants, a big
 * literal), 0 .. 2^64 - 1. */
static int fold_u64(parser *p, const lds_expr *e, const char *what, uint64_t *out)
{
    if (e->kind == E_NUM && e->big) {
        if (mpz_sgn(e->big) < 0 || mpz_sizeinbase(e->big, 2) > 64) {
            lds_diag_set(p->diag, e->loc, "%s is 0 .. 2^64 - 1", what);
            return -1;
        }
        uint64_t v = 0;
        mpz_export(&v, NULL, -1, sizeof v, 0, 0, e->big);
        *out = v;
        return 0;
    }
    int64_t v;
    if (pr_fold_int(p, e, &v) < 0)
        return -1;
    if (v < 0) {
        lds_diag_set(p->diag, e->loc, "%s is 0 .. 2^64 - 1, not %lld", what, (long long)v);
        return -1;
    }
    *out = (uint64_t)v;
    return 0;
}

lds_stmt *pr_parse_nv_instruction(parser *p, lds_loc loc, const lds_instruction *ins, const char *name)
{
    lds_nv_access *nv = lds_arena_alloc(p->arena, sizeof *nv);
    memset(nv, 0, sizeof *nv);
    nv->kind = (lds_nv_kind)ins->nv_kind;
    nv->to_shared = ins->to_shared;
    nv->tmem_lanes = ins->tmem_lanes;
    lds_target t;
    memset(&t, 0, sizeof t);
    if (nv->kind == LDS_NV_TMEM) {   /* tcgen05.ld... @ TADDR: checked, not counted */
        if (p->tok.kind != TK_AT) {
            pr_error_at_tok(p, "'@' and the tensor-memory address (lane << 16 | column)");
            return NULL;
        }
        if (pr_parse_target(p, &t) < 0)
            return NULL;
        return nv_access(p, loc, ins->kind, 4, &t, name, NULL, nv, NULL);
    }
    if (pr_parse_target(p, &t) < 0)
        return NULL;
    if (t.kind != T_ELEM) {
        lds_diag_set(p->diag, t.loc, "%s copies to or from an array: ARRAY, or ARRAY[i] for the sub-tile it starts",
                     name);
        return NULL;
    }
    t.slice = true;
    if (nv->kind == LDS_NV_BULK) {   /* cp.async.bulk ARRAY[i], BYTES */
        lds_expr *bytes;
        if (pr_expect_tok(p, TK_COMMA, "',' and the bytes copied (cp.async.bulk A[i], 4096)") < 0
            || !(bytes = pr_parse_expr(p)) || fold_u64(p, bytes, "the bytes copied", &nv->bytes) < 0)
            return NULL;
        if (nv->bytes == 0 || nv->bytes % 16 || nv->bytes > ((uint64_t)1 << 32)) {
            lds_diag_set(p->diag, bytes->loc, "cp.async.bulk copies a multiple of 16 bytes (PTX ISA), not %llu",
                         (unsigned long long)nv->bytes);
            return NULL;
        }
    }
    char note[sizeof BULK_NOTE + 64];
    snprintf(note, sizeof note, BULK_NOTE, nv->kind == LDS_NV_BULK ? "cp.async.bulk" : "cp.async.bulk.tensor",
             nv->to_shared ? "writes" : "reads", nv->to_shared ? "written" : "read");
    return nv_access(p, loc, ins->kind, 16, &t, name, "bulk", nv, note);
}

/* desc NAME = wgmma_desc(VALUE [, major=K|MN] [, elem=TYPE] [, rows=R] [, k=K])
 * (umma_desc, tcgen05_desc: tcgen05's format): the descriptor decoded when
 * it is read, its fields as the constants NAME.start, NAME.lbo ... */
static int desc_options(parser *p, lds_smem_operand *op)
{
    bool k_given = false;
    while (p->tok.kind == TK_COMMA) {
        pr_advance(p);
        const char *key = pr_tok_str(p);
        lds_loc key_loc = p->tok.loc;
        if (pr_expect_tok(p, TK_NAME, "an option: major=, elem=, rows= or k=") < 0
            || pr_expect_tok(p, TK_ASSIGN, "'=' and the option's value") < 0)
            return -1;
        if (!strcmp(key, "major") && (lds_tok_is(&p->tok, "K") || lds_tok_is(&p->tok, "MN"))) {
            op->mn_major = lds_tok_is(&p->tok, "MN");
            pr_advance(p);
        } else if (!strcmp(key, "elem") && p->tok.kind == TK_NAME) {
            char type[64];
            snprintf(type, sizeof type, "%.*s", (int)p->tok.len, p->tok.start);
            int bytes = pr_element_bytes(type);
            if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8) {
                pr_error_at_tok(p, "an element type of 1, 2, 4 or 8 bytes (f16, bf16, f32, u8 ...)");
                return -1;
            }
            op->elem_bytes = (unsigned)bytes;
            pr_advance(p);
        } else if ((!strcmp(key, "rows") || !strcmp(key, "k")) && p->tok.kind == TK_INT) {
            int64_t v;
            lds_loc at;
            if (pr_cute_number(p, &v, &at) < 0)
                return -1;
            if (v < 1 || v > 4096) {
                lds_diag_set(p->diag, at, "%s is 1..4096", key);
                return -1;
            }
            *(key[0] == 'r' ? &op->rows : &op->k) = (unsigned)v;
            k_given |= key[0] == 'k';
        } else {
            lds_diag_set(p->diag, key_loc, "a descriptor's options are major=K|MN, elem=TYPE, rows=N and k=N");
            return -1;
        }
    }
    if (!k_given)   /* one dense MMA's K: 32 bytes (PTX ISA, wgmma and tcgen05.mma shapes) */
        op->k = 32 / op->elem_bytes;
    return 0;
}

/* NAME.suffix = value, a constant */
static lds_stmt *desc_field(parser *p, lds_loc loc, const char *name, const char *suffix, uint64_t value)
{
    char full[160];
    snprintf(full, sizeof full, "%s.%s", name, suffix);
    lds_stmt *s = pr_new_stmt(p, S_LET, loc);
    s->u.let.name = lds_arena_strndup(p->arena, full, strlen(full));
    s->u.let.name_loc = loc;
    s->u.let.value = pr_lnum(p, loc, (int64_t)value);
    return s;
}

lds_stmt *pr_parse_desc(parser *p, lds_loc loc)
{
    const char *name;
    lds_loc name_loc;
    if (pr_take_named(p, "the descriptor's name", "'=' and wgmma_desc(VALUE, ...) or umma_desc(VALUE, ...)", &name,
                      &name_loc) < 0)
        return NULL;
    bool umma = lds_tok_is(&p->tok, "umma_desc") || lds_tok_is(&p->tok, "tcgen05_desc");
    if (!umma && !lds_tok_is(&p->tok, "wgmma_desc")) {
        pr_error_at_tok(p, "wgmma_desc(VALUE, ...) or umma_desc(VALUE, ...)");
        return NULL;
    }
    pr_advance(p);
    lds_expr *value;
    lds_desc_info info;
    memset(&info, 0, sizeof info);
    info.op.elem_bytes = 2;
    info.op.rows = 64;
    if (pr_expect_tok(p, TK_LPAREN, "'(' and the descriptor's 64-bit value") < 0 || !(value = pr_parse_expr(p))
        || fold_u64(p, value, "a descriptor", &info.value) < 0 || desc_options(p, &info.op) < 0
        || pr_expect_tok(p, TK_RPAREN, "')' to close the descriptor") < 0)
        return NULL;
    const char *why = NULL;
    if (!lds_smem_desc_decode(info.value, umma, &info.desc, &why)) {
        lds_diag_set(p->diag, value->loc, "%s", why);
        return NULL;
    }
    if (umma && info.desc.version != 1) {
        lds_diag_set(p->diag, value->loc, "a tcgen05 descriptor's bits 46-48 are 0b001 (PTX ISA); this one's are %u",
                     info.desc.version);
        return NULL;
    }
    lds_parse_ctx_set_desc(p->ctx, name, &info, sizeof info);
    const lds_smem_desc *d = &info.desc;
    struct { const char *suffix; uint64_t value; } fields[] = {
        { "value", info.value }, { "start", d->start }, { "lbo", d->lbo }, { "sbo", d->sbo },
        { "base_offset", d->base_offset }, { "layout", d->layout }, { "swizzle", d->swizzle },
        { "version", d->version }, { "lbo_mode", d->lbo_mode },
    };
    lds_stmt *first = NULL, **tail = &first;
    for (size_t i = 0; i < sizeof fields / sizeof fields[0] - (umma ? 0 : 2); i++) {
        if (i == 0 && info.value > INT64_MAX)
            continue;   /* a let holds what fits 64 signed bits */
        *tail = desc_field(p, loc, name, fields[i].suffix, fields[i].value);
        tail = &(*tail)->next;
    }
    return first;
}

/* read_desc NAME ARRAY[i]... [transposed]: operand element (mn, k) is
 * ARRAY[..][i + mn][j + k] ([i + k][j + mn] transposed). */
lds_stmt *pr_parse_read_desc(parser *p, lds_loc loc)
{
    if (p->tok.kind != TK_NAME) {
        pr_error_at_tok(p, "the descriptor's name (read_desc D A[i][j])");
        return NULL;
    }
    const char *dname = pr_tok_str(p);
    const lds_desc_info *info = lds_parse_ctx_desc(p->ctx, dname);
    if (!info) {
        pr_error_at_tok(p, "a descriptor's name (declare it with desc NAME = wgmma_desc(VALUE, ...))");
        return NULL;
    }
    pr_advance(p);
    lds_target t;
    memset(&t, 0, sizeof t);
    if (pr_parse_target(p, &t) < 0)
        return NULL;
    if (t.kind != T_ELEM || t.nidx < 2) {
        lds_diag_set(p->diag, t.loc, "read_desc names the array element the operand starts at: A[i][j] (the last two "
                     "indices its MN and K, or K and MN with 'transposed')");
        return NULL;
    }
    lds_nv_access *nv = lds_arena_alloc(p->arena, sizeof *nv);
    memset(nv, 0, sizeof *nv);
    nv->kind = LDS_NV_DESC_READ;
    nv->desc_name = dname;
    nv->desc = info->desc;
    nv->op = info->op;
    if (lds_tok_is(&p->tok, "transposed")) {
        nv->transposed = true;
        pr_advance(p);
    }
    char why[256];
    if (lds_smem_desc_unmodelled(&nv->desc, &nv->op, why, sizeof why)) {
        lds_diag_set(p->diag, loc, "descriptor '%s': %s", dname, why);
        return NULL;
    }
    char note[sizeof DESC_NOTE + 64];
    snprintf(note, sizeof note, DESC_NOTE, dname);
    return nv_access(p, loc, ACC_READ, 16, &t, "read_desc", "gmma", nv, note);
}

/* front/common/item.c - what a walk makes (front/common/flow.h): items
 * (accesses and skipped records) and why an access cannot be modelled
 * (its address or condition rests on data, or needs a -D value not
 * given); the -D names; names as lds writes them; and the driver that
 * walks a function's steps into items and writes them out. */
#include "front/common/flow.h"

#include <stdarg.h>
#include <stdio.h>

const char *fw_fmt(fw_walk *w, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *s = lds_arena_vprintf(w->arena, fmt, ap);
    va_end(ap);
    return s;
}

const char *fw_reg_name(const fw_walk *w, int reg) { return reg >= 0 ? w->rd->reg_name(w, reg) : "?"; }

pv *fw_unset(fw_walk *w, int reg, unsigned at)
{
    return pv_data(w->pc, fw_fmt(w, "%s, read before anything sets it", fw_reg_name(w, reg)), w->steps[at].line,
                   w->steps[at].col, false);
}

const csrc_define *fw_define(const fw_walk *w, const char *name)
{
    for (unsigned i = 0; i < w->ndefines; i++)
        if (!strcmp(w->defines[i].name, name))
            return &w->defines[i];
    return NULL;
}

/* -------------------------------------------------------------- items */

void fw_add_item(fw_walk *w, const fw_item *it)
{
    if (!w->emitting)
        return;
    fw_item *n = lds_arena_alloc(w->arena, sizeof *n);
    *n = *it;
    n->next = NULL;
    *w->tail = n;
    w->tail = &n->next;
    if (n->kind != IT_LOOP)
        w->accesses++;
}

void fw_add_skip(fw_walk *w, int at, pcond cond, const char *kind, const char *name, const char *why, unsigned line,
                 unsigned col)
{
    fw_add_skip_sized(w, at, cond, kind, name, why, line, col, 0, false);
}

void fw_add_skip_sized(fw_walk *w, int at, pcond cond, const char *kind, const char *name, const char *why,
                       unsigned line, unsigned col, unsigned bytes, bool global)
{
    fw_item it = { .kind = IT_SKIP, .at = at, .cond = cond, .kind_word = kind, .name = name, .why = why,
                   .why_line = line, .why_col = col, .skip_bytes = bytes, .skip_global = global };
    fw_add_item(w, &it);
}

void fw_add_access(fw_walk *w, int at, pcond cond, const char *kind, const char *name, const char *text)
{
    fw_item it = { .kind = IT_ACCESS, .at = at, .cond = cond, .kind_word = kind, .name = name, .text = text };
    fw_add_item(w, &it);
}

void fw_add_global_access(fw_walk *w, int at, pcond cond, const char *kind, unsigned bytes, const char *text)
{
    fw_item it = { .kind = IT_ACCESS, .at = at, .cond = cond, .kind_word = kind, .name = "global", .text = text,
                   .skip_bytes = bytes, .skip_global = true };
    fw_add_item(w, &it);
}

void fw_note_missing(fw_walk *w, const char *name)
{
    if (!w->emitting)
        return;
    for (unsigned i = 0; i < w->nmissing; i++)
        if (!strcmp(w->missing[i], name))
            return;
    w->missing = lds_xgrow(w->missing, w->nmissing, &w->capmissing, sizeof *w->missing, 4);
    w->missing[w->nmissing++] = name;
}

/* Every parameter no -D gives that a value names, noted for the
 * kernel's warning; the first one names the access's reason. */
typedef struct {
    fw_walk *w;
    const pv *skip;
    const char *first;
    bool extern_size;             /* first is a dynamic shared array's size */
} missing_names;

static void note_missing_sym(void *ctx, const pv *s)
{
    missing_names *m = ctx;
    if (!s->missing || s == m->skip)
        return;
    fw_note_missing(m->w, s->text);
    if (!m->first) {
        m->first = s->text;
        m->extern_size = s->index == PV_EXTERN_SIZE;
    }
}

static const char *data_why(fw_walk *w, const pv *d, const char *what, unsigned *line, unsigned *col)
{
    *line = d->line;
    *col = d->col;
    return fw_fmt(w, "%s %s", what, d->text);
}

const char *fw_why_not(fw_walk *w, pcond cond, const pv *v, const pv *skip, unsigned *line, unsigned *col)
{
    *line = *col = 0;
    if (cond.unknown)
        return "it runs under a condition larger than lds-calc follows";
    const pv *d = v ? pv_data_of(w->pc, v) : NULL;
    if (d)
        return data_why(w, d, "its address depends on", line, col);
    if ((d = pc_data_of(w->pc, cond)))
        return data_why(w, d, "whether it runs depends on", line, col);
    missing_names names = { .w = w, .skip = skip };
    if (v)
        pv_collect(w->pc, v, SYM_PARAM, note_missing_sym, &names);
    for (unsigned i = 0; i < cond.nterms; i++)
        for (unsigned j = 0; j < cond.terms[i].n; j++)
            pv_collect(w->pc, cond.terms[i].lits[j].v, SYM_PARAM, note_missing_sym, &names);
    if (names.first && names.extern_size)
        return fw_fmt(w, "it needs '%s', the bytes of the dynamic shared memory it is in (give them with -D %s=BYTES)",
                      names.first, names.first);
    if (names.first)
        return fw_fmt(w, "it needs '%s' (give its value with -D %s=VALUE)", names.first, names.first);
    return NULL;
}

/* -------------------------------------------------------------- names */

/* Names an array may not take: lds's words and built-in names. */
static bool reserved(const char *s)
{
    static const char *const words[] = {
        "arch", "set", "rules", "threads", "groups", "let", "def", "layout", "fragment", "array", "read", "write",
        "atomic", "for", "if", "else", "in", "while", "next", "skipped", "kernel", "print", "expect", "show",
        "explain", "suggest", "global", "at", "size", "lane", "wave", "tid", "group", "banks", "bank_bytes",
        "wave_size", "min", "max", "abs", "gcd", "lcm", "log2", "popcount", "pow", "swizzle", "true", "false",
        "warpSize", "get_local_id", "get_group_id", "get_local_size", NULL
    };
    for (int i = 0; words[i]; i++)
        if (!strcmp(s, words[i]))
            return true;
    return false;
}

pv *fw_base_term(const pv *v, pv_symkind k, bool params_too)
{
    pv *found = NULL;
    unsigned n = 0;
    pv_term one = { 1, (pv *)v };
    const pv_term *t = v->op == PV_LIN ? v->terms : &one;
    unsigned nt = v->op == PV_LIN ? v->nterms : 1;
    for (unsigned i = 0; i < nt; i++) {
        const pv *x = t[i].v;
        bool hit = x->op == PV_SYM && (x->sym == k || (params_too && x->sym == SYM_PARAM && x->index > 0));
        if (hit) {
            n++;
            if (t[i].coef == 1)
                found = t[i].v;
        }
    }
    return n == 1 ? found : NULL;
}

int fw_threads(fw_walk *w, const char *name, const long long *d, const char *from, const char *given, unsigned line,
               unsigned col, long long most, lds_buf *out)
{
    if (!from) {   /* a guess: said, where the kernel is (as for a kernel file) */
        lds_buf_printf(out, "# no workgroup size in the file: one wave (give it with --threads X,Y,Z)\n");
        if (w->warn) {
            lds_diag wd = { 0 };
            lds_diag_set(&wd, (lds_loc){ w->src, line, col },
                         "no --threads, and nothing in the file, gives the workgroup size of '%s': one wave of each "
                         "profile is assumed, and every total counts that wave alone (give it with --threads X,Y,Z)",
                         name);
            wd.warning = 1;
            w->warn(w->warn_ctx, &wd);
        }
        return 0;
    }
    for (int k = 0; k < 3; k++) {
        if (d[k] < 1 || d[k] > most) {
            lds_diag_set(w->diag, (lds_loc){ w->src, line, col }, "the workgroup size %lld along %c (%s) is out of range",
                         d[k], "xyz"[k], from);
            return -1;
        }
        w->tdim[k] = (long)d[k];
    }
    if (given)
        lds_buf_printf(out, "threads %s\n", given);
    else
        lds_buf_printf(out, "threads %lld, %lld, %lld   # %s\n", d[0], d[1], d[2], from);
    return 0;
}

int fw_hand_back(csrc_lowered *res, unsigned done, int rc, csrc_lowered **out, unsigned *n)
{
    if (rc < 0) {
        csrc_lowered_free(res, done);
        return -1;
    }
    *out = res;
    *n = done;
    return 0;
}

void fw_finish(fw_walk *w, const char *name, unsigned line, unsigned col, lds_buf *out, csrc_lowered *res)
{
    fw_warn_missing(w, name, line, col);
    res->kernel = lds_xstrdup(name);
    res->line = line;
    res->col = col;
    res->text = lds_buf_take(out);
    res->accesses = w->accesses;
}

const char *fw_base_name(const char *path)
{
    const char *s = path ? strrchr(path, '/') : NULL;
    return s ? s + 1 : path ? path : "?";
}

const char *fw_lds_name(fw_walk *w, const char *s)
{
    lds_buf b = { 0 };
    if (!(*s >= 'a' && *s <= 'z') && !(*s >= 'A' && *s <= 'Z') && *s != '_')
        lds_buf_putc(&b, 'v');
    for (; *s; s++)
        lds_buf_putc(&b, (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ? *s : '_');
    if (reserved(lds_buf_str(&b)))
        lds_buf_puts(&b, "_s");
    const char *r = fw_fmt(w, "%s", lds_buf_str(&b));
    lds_buf_free(&b);
    return r;
}

const char *fw_demangled(lds_arena *a, const char *s)
{
    size_t n = strlen(s);
    if (!strncmp(s, "_ZZ", 3)) {
        for (size_t i = n; i-- > 3;) {
            if (s[i] != 'E')
                continue;
            size_t j = i + 1, len = 0;
            while (j < n && s[j] >= '0' && s[j] <= '9' && len < 1000)
                len = len * 10 + (size_t)(s[j++] - '0');
            if (j == i + 1 || j + len > n || !len)
                continue;
            const char *rest = s + j + len;   /* nothing, or a discriminator _N / __N_ */
            bool ok = !*rest || (rest[0] == '_' && rest[1] >= '0' && rest[1] <= '9' && strspn(rest + 1, "0123456789") == strlen(rest + 1))
                      || (rest[0] == '_' && rest[1] == '_' && strspn(rest + 2, "0123456789") + 3 == strlen(rest)
                          && rest[strlen(rest) - 1] == '_');
            if (ok)
                return lds_arena_strndup(a, s + j, len);
        }
        return NULL;
    }
    if (!strncmp(s, "_Z", 2) && s[2] >= '1' && s[2] <= '9') {
        size_t j = 2, len = 0;
        while (j < n && s[j] >= '0' && s[j] <= '9' && len < 1000)
            len = len * 10 + (size_t)(s[j++] - '0');
        if (j + len <= n)
            return lds_arena_strndup(a, s + j, len);
    }
    return NULL;
}

void fw_warn_missing(fw_walk *w, const char *kernel, unsigned line, unsigned col)
{
    if (!w->nmissing || !w->warn)
        return;
    lds_buf b = { 0 };
    for (unsigned i = 0; i < w->nmissing; i++)
        lds_buf_printf(&b, "%s'%s'", i ? ", " : "", w->missing[i]);
    lds_diag d = { 0 };
    lds_diag_set(&d, (lds_loc){ w->src, line, col },
                 "kernel '%s' needs %s, which no -D gives: the accesses that need %s are reported as not modelled", kernel,
                 lds_buf_str(&b), w->nmissing > 1 ? "them" : "it");
    d.warning = 1;
    w->warn(w->warn_ctx, &d);
    lds_buf_free(&b);
}

/* ------------------------------------------------------------ the run */

static int too_big(fw_walk *w, const char *what, unsigned line, unsigned col)
{
    lds_diag_set(w->diag, (lds_loc){ w->src, line, col },
                 "kernel '%s' is larger than lds-calc follows: %u basic blocks, %u loops, %u registers (at most %u "
                 "blocks, and %llu blocks x loops, %llu blocks x registers)",
                 what, w->g.nblocks, w->g.nloops, w->nregs, FW_MAX_BLOCKS, (unsigned long long)FW_MAX_LOOP_CELLS,
                 (unsigned long long)FW_MAX_REG_CELLS);
    return -1;
}

int fw_run(fw_walk *w, const char *what, unsigned line, unsigned col, lds_buf *out)
{
    fw_cfg_build(w->arena, w->steps, w->nsteps, &w->g);
    if (w->g.too_big || (uint64_t)w->g.nblocks * (w->nregs + 1) > FW_MAX_REG_CELLS)
        return too_big(w, what, line, col);
    fw_item *items = NULL;
    w->tail = &items;
    w->emitting = true;
    pv **env = lds_xcalloc(w->nregs + 1, sizeof *env);
    if (w->entry)
        memcpy(env, w->entry, w->nregs * sizeof *env);
    if (w->g.why_not) {   /* every access of the function, said so */
        fw_item all = { .kind = IT_LOOP, .at = -1, .cond = pc_true(),
                        .loop_why = fw_fmt(w, "it is in a function whose control flow lds-calc does not follow: %s",
                                           w->g.why_not),
                        .loop_line = w->g.why_line, .loop_col = w->g.why_col };
        fw_item *body = NULL;
        w->tail = &body;
        for (unsigned i = 0; i < w->nsteps; i++)
            w->rd->exec(w, i, env, pc_true());
        all.body = body;
        items = body ? lds_arena_alloc(w->arena, sizeof *items) : NULL;
        if (items)
            *items = all;
    } else {
        fw_edges exits = { 0 }, back = { 0 };
        fw_walk_region(w, -1, pc_true(), env, &exits, &back);
        fw_edges_free(&exits);
        fw_edges_free(&back);
    }
    lds_free(env);
    if (w->pc->exhausted) {
        lds_diag_set(w->diag, (lds_loc){ w->src, line, col },
                     "kernel '%s' is larger than lds-calc follows: it makes more than %u symbolic values", what,
                     PV_MAX_NODES);
        return -1;
    }
    fw_emit(w, items, out);
    return 0;
}

/* front/ptx/lower.c - a PTX file's kernels as lds programs (front/ptx/ptx.h).
 *
 * Each .entry (or the one --kernel names) becomes a program: its
 * workgroup (--threads, else .reqntid, else .maxntid), its shared
 * variables as byte arrays at their offsets, each aligned as declared
 * (the module's that its code names, then its own, then the dynamic
 * .extern ones, all at one offset, sized by -D NAME_size=BYTES), and
 * the items its blocks make (walk.c), as lds text (emit.c).  The special
 * registers are lds names: %tid.x is tid.x, %ctaid.x group, %ntid.x the
 * workgroup's size, %laneid and %warpid the thread's place in its warp
 * of 32; parameters are -D names (access.c). */
#include "front/ptx/ptx_impl.h"

#include <stdio.h>
#include <stdlib.h>

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

/* The source name a mangled one carries: _Z7reduce3PKfPfj is reduce3,
 * a local static _ZZ...E4tile (nvcc's demoted __shared__) is tile;
 * NULL where it carries none lds-calc reads. */
static const char *demangled(ptx_walk *w, const char *s)
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
                return lds_arena_strndup(w->arena, s + j, len);
        }
        return NULL;
    }
    if (!strncmp(s, "_Z", 2) && s[2] >= '1' && s[2] <= '9') {
        size_t j = 2, len = 0;
        while (j < n && s[j] >= '0' && s[j] <= '9' && len < 1000)
            len = len * 10 + (size_t)(s[j++] - '0');
        if (j + len <= n)
            return lds_arena_strndup(w->arena, s + j, len);
    }
    return NULL;
}

/* s as an lds name: letters, digits and _, not one of lds's words. */
static const char *lds_name(ptx_walk *w, const char *s)
{
    lds_buf b = { 0 };
    if (!(*s >= 'a' && *s <= 'z') && !(*s >= 'A' && *s <= 'Z') && *s != '_')
        lds_buf_putc(&b, 'v');
    for (; *s; s++)
        lds_buf_putc(&b, (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ? *s : '_');
    if (reserved(lds_buf_str(&b)))
        lds_buf_puts(&b, "_s");
    const char *r = ptx_fmt(w, "%s", lds_buf_str(&b));
    lds_buf_free(&b);
    return r;
}

/* --------------------------------------------------------- the arrays */

static bool code_names(const ptx_func *f, const char *name)
{
    for (unsigned i = 0; i < f->nins; i++)
        for (unsigned k = 0; k < f->ins[i].nops; k++) {
            const ptx_operand *o = &f->ins[i].ops[k];
            if ((o->kind == OP_SYM || o->kind == OP_ADDR) && o->sym && !strcmp(o->sym, name))
                return true;
        }
    return false;
}

static void add_array(ptx_walk *w, const ptx_var *v)
{
    w->arrays = lds_xreallocarray(w->arrays, w->narrays + 1, sizeof *w->arrays);
    ptx_array *a = &w->arrays[w->narrays++];
    memset(a, 0, sizeof *a);
    a->var = v;
    a->bytes = v->bytes;
    const char *src = demangled(w, v->name);
    a->name = lds_name(w, src ? src : v->name);
    for (unsigned i = 0; i + 1 < w->narrays; i++)   /* two of one name: the PTX names */
        if (!strcmp(w->arrays[i].name, a->name)) {
            a->name = lds_name(w, v->name);
            w->arrays[i].name = lds_name(w, w->arrays[i].var->name);
        }
}

static int64_t align_up(int64_t x, unsigned a) { return a > 1 ? (x + a - 1) / a * a : x; }

/* Place the arrays; -1 with diag set when an extern one has no size. */
static int lay_out(ptx_walk *w, lds_buf *out)
{
    const ptx_func *f = w->f;
    for (unsigned i = 0; i < w->m->nvars; i++)
        if (w->m->vars[i].space == SP_SHARED && code_names(f, w->m->vars[i].name))
            add_array(w, &w->m->vars[i]);
    for (unsigned i = 0; i < f->nvars; i++)
        if (f->vars[i].space == SP_SHARED)
            add_array(w, &f->vars[i]);
    int64_t off = 0, dyn_align = 1;
    for (unsigned pass = 0; pass < 2; pass++) {
        if (pass == 1)
            off = align_up(off, (unsigned)dyn_align);
        for (unsigned i = 0; i < w->narrays; i++) {
            ptx_array *a = &w->arrays[i];
            if ((a->bytes < 0) != (pass == 1))
                continue;
            if (a->bytes < 0) {   /* dynamic shared memory: -D NAME_size=BYTES */
                const char *n = ptx_fmt(w, "%s_size", a->name);
                const csrc_define *d = ptx_define(w, n);
                if (!d || !d->has_value || d->value < 1 || d->value > LDS_PTX_MAX_SHARED) {
                    if (d && d->has_value) {
                        lds_diag_set(w->diag, (lds_loc){ w->m->src, a->var->line, a->var->col },
                                     "-D %s=%lld: the size of '%s' in bytes, 1 .. %lld", n, (long long)d->value, a->var->name,
                                     (long long)LDS_PTX_MAX_SHARED);
                        return -1;
                    }
                    /* its accesses need the name, as a parameter's would */
                    a->base = pv_symbol(w->pc, SYM_PARAM, n, PTX_EXTERN_SIZE, DEP_PARAM, 0, 0, true);
                    a->bytes = 0;
                    if (d)
                        ((csrc_define *)d)->used = true;
                    continue;
                }
                ((csrc_define *)d)->used = true;
                a->bytes = d->value;
                a->offset = off;
            } else {
                off = align_up(off, a->var->align);
                a->offset = off;
                off += a->bytes;
            }
            a->base = pv_symbol(w->pc, SYM_SHARED, a->name, (int)i, 0, a->offset, a->offset, false);
            if (a->bytes == 0)
                continue;
            lds_buf_printf(out, "#line %u:%u\n", a->var->line, a->var->col);
            lds_buf_printf(out, "array u8 %s[%lld] at %lld\n", a->name, (long long)a->bytes, (long long)a->offset);
        }
        for (unsigned i = 0; i < w->narrays; i++)   /* every extern array: the one dynamic shared memory */
            if (pass == 0 && w->arrays[i].bytes < 0 && w->arrays[i].var->align > dyn_align)
                dyn_align = w->arrays[i].var->align;
    }
    return 0;
}

/* ----------------------------------------------- workgroup and threads */

/* threads X, Y, Z: --threads, else .reqntid, else .maxntid; else the
 * shape is not known (one wave at run time, as for source files). */
static int threads(ptx_walk *w, lds_buf *out)
{
    const ptx_func *f = w->f;
    long long d[3] = { 1, 1, 1 };
    const char *from = NULL;
    if (w->o->threads && sscanf(w->o->threads, "%lld, %lld, %lld", &d[0], &d[1], &d[2]) >= 1) {
        from = "--threads";
        if (f->reqntid[0] && (d[0] != f->reqntid[0] || d[1] != f->reqntid[1] || d[2] != f->reqntid[2]) && w->o->warn) {
            lds_diag wd = { 0 };
            lds_diag_set(&wd, (lds_loc){ w->m->src, f->line, f->col },
                         "kernel '%s' requires a workgroup of %ld, %ld, %ld threads (.reqntid); --threads gives another",
                         f->name, f->reqntid[0], f->reqntid[1], f->reqntid[2]);
            wd.warning = 1;
            w->o->warn(w->o->warn_ctx, &wd);
        }
    } else if (f->reqntid[0] || f->maxntid[0]) {
        const long *t = f->reqntid[0] ? f->reqntid : f->maxntid;
        for (int k = 0; k < 3; k++)
            d[k] = t[k];
        from = f->reqntid[0] ? ".reqntid" : ".maxntid";
    }
    if (!from) {   /* a guess: said, where the kernel is (as for a kernel file) */
        lds_buf_printf(out, "# no workgroup size in the file: one wave (give it with --threads X,Y,Z)\n");
        if (w->o->warn) {
            lds_diag wd = { 0 };
            lds_diag_set(&wd, (lds_loc){ w->m->src, f->line, f->col },
                         "no --threads, .reqntid or .maxntid gives the workgroup size of '%s': one wave of each "
                         "profile is assumed, and every total counts that wave alone (give it with --threads X,Y,Z)",
                         f->name);
            wd.warning = 1;
            w->o->warn(w->o->warn_ctx, &wd);
        }
        return 0;
    }
    for (int k = 0; k < 3; k++) {
        if (d[k] < 1 || d[k] > LDS_PTX_MAX_THREADS) {
            lds_diag_set(w->diag, (lds_loc){ w->m->src, f->line, f->col },
                         "the workgroup size %lld along %c (%s) is out of range", d[k], "xyz"[k], from);
            return -1;
        }
        w->tdim[k] = (long)d[k];
    }
    if (w->o->threads)
        lds_buf_printf(out, "threads %s\n", w->o->threads);
    else
        lds_buf_printf(out, "threads %lld, %lld, %lld   # %s\n", d[0], d[1], d[2], from);
    return 0;
}

static void specials(ptx_walk *w)
{
    pv_ctx *c = w->pc;
    static const char *const tid[3] = { "tid.x", "tid.y", "tid.z" }, *const dim[3] = { "blockDim.x", "blockDim.y", "blockDim.z" };
    static const long most[3] = { 1024, 1024, 64 };
    pv *linear = NULL;
    for (int k = 0; k < 3; k++) {
        long n = w->tdim[k];
        w->special[PS_TID_X + k] = pv_sym(c, tid[k], DEP_LANE, 0, (n ? n : most[k]) - 1);
        w->special[PS_NTID_X + k] = n ? pv_const(c, n) : pv_sym(c, dim[k], 0, 1, most[k]);
    }
    if (w->tdim[0]) {
        linear = pv_add(c, w->special[PS_TID_X],
                        pv_add(c, pv_scale(c, w->special[PS_TID_Y], w->tdim[0]),
                               pv_scale(c, w->special[PS_TID_Z], (pw)w->tdim[0] * w->tdim[1])));
        long n = w->tdim[0] * w->tdim[1] * w->tdim[2];
        w->special[PS_NWARPID] = pv_const(c, (n + 31) / 32);
    } else {
        linear = pv_sym(c, "tid", DEP_LANE, 0, 1023);
    }
    w->special[PS_LANEID] = pv_bin(c, PV_REM, linear, pv_const(c, 32));
    w->special[PS_WARPID] = pv_bin(c, PV_DIV, linear, pv_const(c, 32));
    w->special[PS_CTAID_X] = pv_sym(c, "group", DEP_GROUP, 0, ((pw)1 << 31) - 1);
    w->special[PS_CTAID_Y] = w->special[PS_CTAID_Z] = pv_const(c, 0);
    w->special[PS_NCTAID_X] = pv_sym(c, "gridDim.x", 0, 1, ((pw)1 << 31) - 1);
    w->special[PS_NCTAID_Y] = w->special[PS_NCTAID_Z] = pv_const(c, 1);
    w->window = pv_symbol(c, SYM_WINDOW, "shared_window", 0, 0, (pw)1 << 48, (pw)1 << 48, false);
}

/* ------------------------------------------------------------ an entry */

/* The name the program gives the kernel: the source name its mangling
 * carries, unless another entry of the file carries it too. */
static const char *kernel_name(ptx_walk *w, const ptx_func *f)
{
    const char *s = demangled(w, f->name);
    if (!s)
        return f->name;
    for (const ptx_func *g = w->m->funcs; g; g = g->next) {
        const char *t = g != f && g->entry ? demangled(w, g->name) : NULL;
        if (t && !strcmp(s, t))
            return f->name;
    }
    return lds_name(w, s);
}

static void warn_missing(ptx_walk *w, const char *kernel)
{
    if (!w->nmissing || !w->o->warn)
        return;
    lds_buf b = { 0 };
    for (unsigned i = 0; i < w->nmissing; i++)
        lds_buf_printf(&b, "%s'%s'", i ? ", " : "", w->missing[i]);
    lds_diag d = { 0 };
    lds_diag_set(&d, (lds_loc){ w->m->src, w->f->line, w->f->col },
                 "kernel '%s' needs %s, which no -D gives: the accesses that need %s are reported as not modelled", kernel,
                 lds_buf_str(&b), w->nmissing > 1 ? "them" : "it");
    d.warning = 1;
    w->o->warn(w->o->warn_ctx, &d);
    lds_buf_free(&b);
}

static int lower_entry(ptx_walk *w, csrc_lowered *res)
{
    const ptx_func *f = w->f;
    lds_buf out = { 0 };
    const char *name = kernel_name(w, f);
    lds_buf_printf(&out, "# PTX, kernel %s, lowered by lds-calc (--show-lowered): '#line L:C' places the next line in the file\n",
                   f->name);
    lds_buf_printf(&out, "#line %u:%u\nkernel %s\n", f->line, f->col, name);
    ptx_cfg g;
    ptx_cfg_build(w->arena, f, &g);
    w->g = &g;
    if (g.too_big || (uint64_t)g.nblocks * (f->nregs + 1) > PTX_MAX_REG_CELLS) {
        lds_diag_set(w->diag, (lds_loc){ w->m->src, f->line, f->col },
                     "kernel '%s' is larger than lds-calc follows: %u basic blocks, %u loops, %u registers (at most %u "
                     "blocks, and %llu blocks x loops, %llu blocks x registers)",
                     f->name, g.nblocks, g.nloops, f->nregs, PTX_MAX_BLOCKS, (unsigned long long)PTX_MAX_LOOP_CELLS,
                     (unsigned long long)PTX_MAX_REG_CELLS);
        lds_buf_free(&out);
        return -1;
    }
    if (threads(w, &out) < 0 || (specials(w), lay_out(w, &out)) < 0) {
        lds_buf_free(&out);
        return -1;
    }
    ptx_item *items = NULL;
    w->tail = &items;
    w->emitting = true;
    pv **env = lds_xcalloc(f->nregs + 1, sizeof *env);
    if (g.why_not) {   /* every access of the function, said so */
        ptx_item all = { .kind = IT_LOOP, .cond = pc_true(),
                         .loop_why = ptx_fmt(w, "it is in a function whose control flow lds-calc does not follow: %s", g.why_not),
                         .loop_line = g.why_line, .loop_col = g.why_col };
        ptx_item *body = NULL;
        w->tail = &body;
        for (unsigned i = 0; i < f->nins; i++)
            ptx_exec(w, &f->ins[i], env, pc_true());
        all.body = body;
        items = body ? lds_arena_alloc(w->arena, sizeof *items) : NULL;
        if (items)
            *items = all;
    } else {
        ptx_edges exits = { 0 }, back = { 0 };
        ptx_walk_region(w, -1, pc_true(), env, &exits, &back);
        ptx_edges_free(&exits);
        ptx_edges_free(&back);
    }
    lds_free(env);
    if (w->pc->exhausted) {
        lds_diag_set(w->diag, (lds_loc){ w->m->src, f->line, f->col },
                     "kernel '%s' is larger than lds-calc follows: it makes more than %u symbolic values", f->name,
                     PV_MAX_NODES);
        lds_buf_free(&out);
        return -1;
    }
    ptx_emit(w, items, &out);
    warn_missing(w, name);
    res->kernel = lds_xstrdup(name);
    res->line = f->line;
    res->col = f->col;
    res->text = lds_buf_take(&out);
    res->accesses = w->accesses;
    return 0;
}

/* ------------------------------------------------------------ the file */

static bool wanted(ptx_walk *w, const ptx_lower_options *o, const ptx_func *f)
{
    if (!f->entry || !f->defined)
        return false;
    if (!o->kernel)
        return true;
    const char *s = demangled(w, f->name);
    return !strcmp(o->kernel, f->name) || (s && !strcmp(o->kernel, s));
}

int ptx_lower_file(const lds_source *src, const ptx_lower_options *o, csrc_lowered **out, unsigned *n, lds_diag *diag)
{
    *out = NULL;
    *n = 0;
    lds_arena *arena = lds_arena_new();
    ptx_module m;
    int rc = ptx_parse(src, arena, &m, diag);
    for (unsigned i = 0; rc == 0 && i < m.nfiles; i++)
        m.files[i].src = lds_source_file_find(o->sources, m.files[i].name, src);
    ptx_walk probe = { .arena = arena, .m = &m, .o = o };
    unsigned nk = 0;
    for (const ptx_func *f = rc == 0 ? m.funcs : NULL; f; f = f->next)
        nk += wanted(&probe, o, f);
    if (rc == 0 && nk == 0) {
        lds_buf names = { 0 };
        for (const ptx_func *f = m.funcs; f; f = f->next)
            if (f->entry && f->defined) {
                const char *s = demangled(&probe, f->name);
                lds_buf_printf(&names, "%s%s", names.len ? ", " : "", f->name);
                if (s)
                    lds_buf_printf(&names, " (%s)", s);
            }
        if (o->kernel)
            lds_diag_set(diag, (lds_loc){ src, 1, 1 }, "no kernel named '%s' in the file (its kernels: %s)", o->kernel,
                         names.len ? lds_buf_str(&names) : "none");
        else
            lds_diag_set(diag, (lds_loc){ src, 1, 1 }, "no kernel in the file (in PTX, a kernel is a .entry with a body)");
        lds_buf_free(&names);
        rc = -1;
    }
    csrc_lowered *res = rc == 0 ? lds_xcalloc(nk, sizeof *res) : NULL;
    unsigned done = 0;
    for (const ptx_func *f = rc == 0 ? m.funcs : NULL; f && rc == 0; f = f->next) {
        if (!wanted(&probe, o, f))
            continue;
        pv_ctx pc;
        pv_init(&pc, arena);
        ptx_walk w = { .pc = &pc, .arena = arena, .m = &m, .f = f, .o = o, .diag = diag };
        rc = lower_entry(&w, &res[done]);
        pv_fini(&pc);
        lds_free(w.arrays);
        lds_free(w.preads);
        lds_free(w.gnames);
        lds_free(w.missing);
        if (rc == 0)
            done++;
    }
    ptx_module_free(&m);
    lds_arena_free(arena);
    if (rc < 0) {
        csrc_lowered_free(res, done);
        return -1;
    }
    *out = res;
    *n = done;
    return 0;
}

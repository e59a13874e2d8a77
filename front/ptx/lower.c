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

static const char *demangled(ptx_walk *w, const char *s) { return fw_demangled(w->fw.arena, s); }
static const char *lds_name(ptx_walk *w, const char *s) { return fw_lds_name(&w->fw, s); }

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
                const char *n = fw_fmt(&w->fw, "%s_size", a->name);
                const csrc_define *d = fw_define(&w->fw, n);
                if (!d || !d->has_value || d->value < 1 || d->value > LDS_PTX_MAX_SHARED) {
                    if (d && d->has_value) {
                        lds_diag_set(w->fw.diag, (lds_loc){ w->m->src, a->var->line, a->var->col },
                                     "-D %s=%lld: the size of '%s' in bytes, 1 .. %lld", n, (long long)d->value, a->var->name,
                                     (long long)LDS_PTX_MAX_SHARED);
                        return -1;
                    }
                    /* its accesses need the name, as a parameter's would */
                    a->base = pv_symbol(w->fw.pc, SYM_PARAM, n, PV_EXTERN_SIZE, DEP_PARAM, 0, 0, true);
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
            a->base = pv_symbol(w->fw.pc, SYM_SHARED, a->name, (int)i, 0, a->offset, a->offset, false);
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
    return fw_threads(&w->fw, f->name, d, from, w->o->threads, f->line, f->col, LDS_PTX_MAX_THREADS, out);
}

static void specials(ptx_walk *w)
{
    pv_ctx *c = w->fw.pc;
    static const char *const tid[3] = { "tid.x", "tid.y", "tid.z" }, *const dim[3] = { "blockDim.x", "blockDim.y", "blockDim.z" };
    static const long most[3] = { 1024, 1024, 64 };
    pv *linear = NULL;
    for (int k = 0; k < 3; k++) {
        long n = w->fw.tdim[k];
        w->special[PS_TID_X + k] = pv_sym(c, tid[k], DEP_LANE, 0, (n ? n : most[k]) - 1);
        w->special[PS_NTID_X + k] = n ? pv_const(c, n) : pv_sym(c, dim[k], 0, 1, most[k]);
    }
    if (w->fw.tdim[0]) {
        linear = pv_add(c, w->special[PS_TID_X],
                        pv_add(c, pv_scale(c, w->special[PS_TID_Y], w->fw.tdim[0]),
                               pv_scale(c, w->special[PS_TID_Z], (pw)w->fw.tdim[0] * w->fw.tdim[1])));
        long n = w->fw.tdim[0] * w->fw.tdim[1] * w->fw.tdim[2];
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
    for (int k = 0; k < 3; k++)
        w->fw.tid[k] = w->special[PS_TID_X + k];
    w->fw.group = w->special[PS_CTAID_X];
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

/* ----------------------------------------------------- the walk's view */

static ptx_walk *ptx_of(fw_walk *fw) { return (ptx_walk *)fw; }

static void rd_exec(fw_walk *fw, unsigned at, pv **env, pcond cond)
{
    ptx_walk *w = ptx_of(fw);
    ptx_exec(w, &w->f->ins[at], env, cond);
}

static pv *rd_branch(fw_walk *fw, unsigned at, pv **env, bool *neg)
{
    ptx_walk *w = ptx_of(fw);
    const ptx_ins *in = &w->f->ins[at];
    *neg = in->guard_neg;
    return env[in->guard] ? env[in->guard] : fw_unset(fw, in->guard, at);
}

static void rd_assigns(fw_walk *fw, unsigned at, bool *set)
{
    const ptx_ins *in = &ptx_of(fw)->f->ins[at];
    if (!in->opcode || !in->nops)
        return;
    const ptx_operand *o = &in->ops[0];
    if (o->kind == OP_REG) {
        set[o->reg] = true;
        if (o->reg2 >= 0)
            set[o->reg2] = true;
    } else if (o->kind == OP_VEC) {
        for (unsigned i = 0; i < o->nelems; i++)
            if (o->elems[i].kind == OP_REG) {
                set[o->elems[i].reg] = true;
                if (o->elems[i].reg2 >= 0)
                    set[o->elems[i].reg2] = true;
            }
    }
}

static const char *rd_reg_name(const fw_walk *fw, int reg) { return ((const ptx_walk *)fw)->f->regs[reg].name; }


static const lds_source *source_of(const ptx_module *m, unsigned id)
{
    for (unsigned i = m->nfiles; i-- > 0;)
        if (m->files[i].id == id)
            return m->files[i].src;
    return NULL;
}

/* Where an access is: its .loc in the source file (read: the options'
 * sources), at the kernel's own line where the .loc was inlined (as the
 * kernel-file reader places a helper's access at its call), the PTX
 * instruction and the helper's line in a note; else its PTX line. */
void ptx_mark(fw_walk *fw, unsigned at, lds_buf *out, unsigned indent)
{
    (void)indent;   /* a mark is not indented: lds(5) reads it at a line's start */
    ptx_walk *w = ptx_of(fw);
    const ptx_ins *in = &w->f->ins[at];
    const ptx_module *m = w->m;
    const ptx_place *pl = in->place >= 0 ? &m->places[in->place] : NULL;
    const ptx_place *top = pl;
    for (int o = pl ? pl->outer : -1, n = 0; o >= 0 && n < 16; o = m->places[o].outer, n++)
        top = &m->places[o];
    const char *what = top == pl ? "the PTX of the source line"
                                 : fw_fmt(fw, "the PTX of %s:%u:%u, inlined", fw_base_name(ptx_file_name(m, pl->file)),
                                          pl->line, pl->col);
    lds_mark_compiled(out, top ? source_of(m, top->file) : NULL, top ? top->line : 0, top ? top->col : 0, in->line,
                      in->col, what);
}

static const fw_reader reader = { .exec = rd_exec, .branch = rd_branch, .assigns = rd_assigns, .mark = ptx_mark,
                                  .reg_name = rd_reg_name };

/* What each instruction does to the control flow. */
static fw_step *steps_of(ptx_walk *w, const ptx_func *f)
{
    fw_step *s = lds_arena_alloc(w->fw.arena, (f->nins + 1) * sizeof *s);
    for (unsigned i = 0; i < f->nins; i++) {
        const ptx_ins *in = &f->ins[i];
        s[i] = (fw_step){ .kind = FW_PLAIN, .line = in->line, .col = in->col, .conditional = in->guarded };
        const char *op = in->opcode ? in->parts[0] : NULL;
        if (in->label) {
            s[i].kind = FW_LABEL;
            s[i].label = in->label;
        } else if (!strcmp(op, "bra")) {
            s[i].kind = FW_BRANCH;
            s[i].target = in->nops == 1 && in->ops[0].kind == OP_SYM ? in->ops[0].sym : NULL;
        } else if (!strcmp(op, "ret") || !strcmp(op, "exit") || !strcmp(op, "trap")) {
            s[i].kind = FW_EXIT;
        } else if (!strcmp(op, "brx")) {
            s[i].kind = FW_UNFOLLOWED;
            s[i].why = "an indirect branch (brx.idx)";
        }
    }
    return s;
}

static int lower_entry(ptx_walk *w, csrc_lowered *res)
{
    const ptx_func *f = w->f;
    lds_buf out = { 0 };
    const char *name = kernel_name(w, f);
    lds_buf_printf(&out, "# PTX, kernel %s, lowered by lds-calc (--show-lowered): '#line L:C' places the next line in the file\n",
                   f->name);
    lds_buf_printf(&out, "#line %u:%u\nkernel %s\n", f->line, f->col, name);
    w->fw.steps = steps_of(w, f);
    w->fw.nsteps = f->nins;
    w->fw.nregs = f->nregs;
    if (threads(w, &out) < 0 || (specials(w), lay_out(w, &out)) < 0 || fw_run(&w->fw, f->name, f->line, f->col, &out) < 0) {
        lds_buf_free(&out);
        return -1;
    }
    fw_finish(&w->fw, name, f->line, f->col, &out, res);
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
    ptx_walk probe = { .fw = { .arena = arena }, .m = &m, .o = o };
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
        ptx_walk w = { .fw = { .rd = &reader, .pc = &pc, .arena = arena, .diag = diag, .src = src, .warn = o->warn,
                               .warn_ctx = o->warn_ctx, .defines = o->defines, .ndefines = o->ndefines },
                       .m = &m, .f = f, .o = o };
        rc = lower_entry(&w, &res[done]);
        pv_fini(&pc);
        lds_free(w.arrays);
        lds_free(w.preads);
        lds_free(w.gnames);
        lds_free(w.fw.missing);
        if (rc == 0)
            done++;
    }
    ptx_module_free(&m);
    lds_arena_free(arena);
    return fw_hand_back(res, done, rc, out, n);
}

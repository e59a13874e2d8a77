/* front/amdgcn/lower.c - an AMDGPU assembly file's kernels as lds
 * programs (front/amdgcn/amdgcn.h).
 *
 * Each kernel (a function with a descriptor or metadata, or a pasted
 * snippet) becomes a program: its workgroup (--threads, else the
 * metadata's .reqd_workgroup_size, else for a kernel of x ids alone its
 * .max_flat_workgroup_size), the registers as the hardware sets them at
 * its start (the kernarg pointer and workgroup ids in the SGPRs the
 * descriptor enables; the work-item ids in v0, v1, v2, or packed in v0 as
 * x | y << 10 | z << 20 on targets that pack them: gfx90a, gfx94x,
 * gfx95x, gfx11 on), and the items its instructions make (front/common).
 * The target (.amdgcn_target) picks the profile unless -a names one. */
#include "front/amdgcn/amdgcn_impl.h"
#include "sim/profile.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/input.h"
#include "base/linemark.h"
#include "base/limits.h"


/* Where an access is: its .loc's source line (the sources kept: the
 * options'), the assembly instruction a note; else its assembly line,
 * the source place a comment. */
void ag_mark(fw_walk *fw, unsigned at, lds_buf *out, unsigned indent)
{
    const ag_walk *w = ag_of(fw);
    const ag_ins *in = &w->f->ins[at];
    const ag_place *pl = in->place >= 0 ? &w->m->places[in->place] : NULL;
    const ag_srcfile *sf = pl ? ag_file_of(w->m, pl->file) : NULL;
    if (sf && sf->src && pl->line) {
        lds_mark_compiled(out, sf->src, pl->line, pl->col, in->line, in->col, "the assembly of the source line");
        return;
    }
    if (sf && pl->line) {
        for (unsigned i = 0; i < indent; i++)
            lds_buf_puts(out, "    ");
        lds_buf_printf(out, "# %s:%u:%u\n", fw_base_name(sf->name), pl->line, pl->col);
    }
    lds_buf_printf(out, "#line %u:%u\n", in->line, in->col);
}

/* ----------------------------------------------------- the walk's view */

static void rd_exec(fw_walk *fw, unsigned at, pv **env, pcond cond)
{
    ag_walk *w = ag_of(fw);
    ag_exec(w, &w->f->ins[at], env, cond);
}

/* s_cbranch_scc1: scc; s_cbranch_execnz: the lane's exec bit (a lane
 * whose bit is clear does nothing on the other path); s_cbranch_vccnz:
 * vcc's bit where lanes agree on it. */
static pv *rd_branch(fw_walk *fw, unsigned at, pv **env, bool *neg)
{
    ag_walk *w = ag_of(fw);
    const ag_ins *in = &w->f->ins[at];
    const char *cc = in->op + strlen("s_cbranch_");
    *neg = !strcmp(cc, "scc0") || !strcmp(cc, "vccz") || !strcmp(cc, "execz");
    if (ag_starts(cc, "scc"))
        return ag_get(w, in, env, AG_SCC);
    if (ag_starts(cc, "exec"))
        return ag_exec_bit(w, in, env);
    static const ag_operand vcc = { .kind = AO_REG, .reg = AG_VCC, .count = 2, .text = "vcc" };
    ag_operand v = vcc;
    v.count = w->wave == 64 ? 2 : 1;
    pv *bit = ag_mask_bit(w, in, env, &v);
    if (bit && !(bit->deps & DEP_LANE))
        return bit;
    return pv_data(fw->pc, fw_fmt(fw, "whether any lane's vcc bit is set ('%s' of a mask lanes differ in)", in->opcode),
                   in->line, in->col, false);
}

static void rd_assigns(fw_walk *fw, unsigned at, bool *set) { ag_dests(&ag_of(fw)->f->ins[at], set); }

static const char *rd_reg_name(const fw_walk *fw, int reg) { return ag_reg_text((const ag_walk *)fw, reg); }

static const fw_reader reader = { .exec = rd_exec, .branch = rd_branch, .assigns = rd_assigns, .mark = ag_mark,
                                  .reg_name = rd_reg_name };

static fw_step *steps_of(ag_walk *w, const ag_func *f)
{
    fw_step *s = lds_arena_alloc(w->fw.arena, (f->nins + 1) * sizeof *s);
    for (unsigned i = 0; i < f->nins; i++) {
        const ag_ins *in = &f->ins[i];
        s[i] = (fw_step){ .kind = FW_PLAIN, .line = in->line, .col = in->col };
        const char *op = in->op;
        if (in->label) {
            s[i].kind = FW_LABEL;
            s[i].label = in->label;
        } else if (!strcmp(op, "s_branch") || (ag_starts(op, "s_cbranch_") &&
                   (!strcmp(op + 10, "scc0") || !strcmp(op + 10, "scc1") || !strcmp(op + 10, "vccz") ||
                    !strcmp(op + 10, "vccnz") || !strcmp(op + 10, "execz") || !strcmp(op + 10, "execnz")))) {
            s[i].kind = FW_BRANCH;
            s[i].conditional = op[2] == 'c';
            s[i].target = in->nops == 1 && in->ops[0].kind == AO_SYM ? in->ops[0].text : NULL;
        } else if (!strcmp(op, "s_endpgm") || !strcmp(op, "s_trap") || !strcmp(op, "s_endpgm_saved")) {
            s[i].kind = FW_EXIT;
        } else if (ag_starts(op, "s_cbranch") || ag_starts(op, "s_setpc") || ag_starts(op, "s_swappc") ||
                   ag_starts(op, "s_call") || ag_starts(op, "s_rfe")) {
            s[i].kind = FW_UNFOLLOWED;
            s[i].why = fw_fmt(&w->fw, "'%s' (a call or a branch lds-calc does not follow)", in->opcode);
        }
    }
    return s;
}

/* ----------------------------------------------- workgroup and inputs */

static void warn(ag_walk *w, unsigned line, const char *msg)
{
    if (!w->o->warn)
        return;
    lds_diag d = { 0 };
    lds_diag_set(&d, (lds_loc){ w->m->src, line ? line : 1, 1 }, "%s", msg);
    d.warning = 1;
    w->o->warn(w->o->warn_ctx, &d);
}

static int threads(ag_walk *w, lds_buf *out)
{
    const ag_func *f = w->f;
    long long d[3] = { 1, 1, 1 };
    const char *from = NULL;
    if (w->o->threads && sscanf(w->o->threads, "%lld, %lld, %lld", &d[0], &d[1], &d[2]) >= 1) {
        from = "--threads";
    } else if (f->reqd[0]) {
        for (int k = 0; k < 3; k++)
            d[k] = f->reqd[k] ? f->reqd[k] : 1;
        from = ".reqd_workgroup_size";
    } else if (f->max_flat && f->workitem_ids == 0) {
        d[0] = f->max_flat;
        from = ".max_flat_workgroup_size, a kernel of x ids alone";
    }
    return fw_threads(&w->fw, f->name, d, from, w->o->threads, f->line, f->col, 1024, out);
}

/* Whether the target packs the work-item ids into v0. */
static bool packed_ids(const char *t)
{
    if (!t)
        return false;
    return !strcmp(t, "gfx90a") || !strncmp(t, "gfx94", 5) || !strncmp(t, "gfx95", 5) ||
           (!strncmp(t, "gfx1", 4) && strlen(t) >= 7 && t[4] >= '1');
}

static void inputs(ag_walk *w, pv **env)
{
    pv_ctx *c = w->fw.pc;
    const ag_func *f = w->f;
    static const char *const tid[3] = { "tid.x", "tid.y", "tid.z" };
    pv *id[3];
    for (int k = 0; k < 3; k++) {
        long n = w->fw.tdim[k];
        id[k] = k > f->workitem_ids ? pv_const(c, 0) : pv_sym(c, tid[k], DEP_LANE, 0, (n ? n : 1024) - 1);
        w->fw.tid[k] = id[k];
    }
    pv *linear = w->fw.tdim[0] ? pv_add(c, id[0], pv_add(c, pv_scale(c, id[1], w->fw.tdim[0]),
                                                        pv_scale(c, id[2], (pw)w->fw.tdim[0] * w->fw.tdim[1])))
                               : pv_sym(c, "tid", DEP_LANE, 0, 1023);
    w->lane = pv_bin(c, PV_REM, linear, pv_const(c, w->wave));
    if (packed_ids(w->m->target))
        env[AG_V0] = pv_add(c, id[0], pv_add(c, pv_scale(c, id[1], 1 << 10), pv_scale(c, id[2], 1 << 20)));
    else
        for (int k = 0; k <= f->workitem_ids && k < 3; k++)
            env[AG_V0 + k] = id[k];
    w->mask_hi = pv_symbol(c, SYM_NAME, "mask_hi", 0, 0, 0, 0, false);
    w->kernarg_hi = pv_symbol(c, SYM_NAME, "kernarg_hi", 0, 0, 0, 0, false);
    w->kernarg = pv_symbol(c, SYM_NAME, "kernarg", 0, 0, 0, ((pw)1 << 31), false);
    long ka = f->kernarg_at >= 0 ? f->kernarg_at : f->user_sgprs < 0 ? 4 : -1;   /* a snippet: hipcc's s[4:5] */
    if (ka >= 0 && ka + 1 < AG_NS) {
        env[AG_S0 + ka] = w->kernarg;
        env[AG_S0 + ka + 1] = w->kernarg_hi;
    }
    w->fw.group = pv_sym(c, "group", DEP_GROUP, 0, ((pw)1 << 31) - 1);
    for (int k = 0, s = (int)f->user_sgprs; k < 3 && f->user_sgprs >= 0; k++)
        if (f->group_id[k] && s < AG_NS)
            env[AG_S0 + s++] = k == 0 ? w->fw.group : pv_const(c, 0);
    env[AG_EXEC] = pv_const(c, 1);
    env[w->wave == 64 ? AG_EXEC + 1 : ag_flag_of(AG_EXEC)] = w->mask_hi;
}

/* The profile: -a's, else the target's (said where they differ). */
static void profile(ag_walk *w, lds_buf *out)
{
    const char *t = w->m->target;
    const lds_sim_profile *p = t ? lds_sim_profile_find(t) : NULL;
    if (w->o->arch) {
        const lds_sim_profile *a = lds_sim_profile_find(w->o->arch);
        if (p && a && strcmp(p->name, a->name))
            warn(w, w->m->target_line,
                 fw_fmt(&w->fw, "the file's target is %s (.amdgcn_target), but -a gives %s: the numbers are -a's", t,
                        a->name));
    } else if (p) {
        lds_buf_printf(out, "arch %s   # .amdgcn_target %s\n", p->name, t);
    } else if (t) {
        warn(w, w->m->target_line,
             fw_fmt(&w->fw, "the file's target %s has no profile in lds-calc (lds-calc --arch-info lists them): give "
                            "one with -a", t));
    }
    const lds_sim_profile *run = w->o->arch ? lds_sim_profile_find(w->o->arch) : p;   /* the profile the run takes */
    unsigned wave = w->f->wave ? w->f->wave : run ? run->wave : 64;
    w->wave = wave == 32 ? 32 : 64;
}

static const char *kernel_name(ag_walk *w, const ag_func *f)
{
    const char *n = f->source_name ? f->source_name : f->name;   /* HIP's metadata names the mangled symbol */
    const char *s = fw_demangled(w->fw.arena, n);
    return fw_lds_name(&w->fw, s ? s : n);
}

static int lower_kernel(ag_walk *w, csrc_lowered *res)
{
    const ag_func *f = w->f;
    lds_buf out = { 0 };
    const char *name = kernel_name(w, f);
    lds_buf_printf(&out, "# AMDGPU assembly, kernel %s, lowered by lds-calc (--show-lowered): '#line L:C' places the next "
                         "line in the file\n", f->name);
    lds_buf_printf(&out, "#line %u:%u\nkernel %s\n", f->line, f->col, name);
    profile(w, &out);
    if (f->group_segment > 0)
        lds_buf_printf(&out, "# static LDS: %ld bytes (.amdhsa_group_segment_fixed_size); accesses at byte addresses\n",
                       f->group_segment);
    w->fw.steps = steps_of(w, f);
    w->fw.nsteps = f->nins;
    w->fw.nregs = AG_NREGS;
    pv **entry = lds_xcalloc(AG_NREGS, sizeof *entry);
    int rc = threads(w, &out);
    if (rc == 0) {
        inputs(w, entry);
        w->fw.entry = entry;
        rc = fw_run(&w->fw, f->name, f->line, f->col, &out);
    }
    lds_free(entry);
    if (rc < 0) {
        lds_buf_free(&out);
        return -1;
    }
    fw_finish(&w->fw, name, f->line, f->col, &out, res);
    return 0;
}

/* ------------------------------------------------------------ the file */

/* The source file f names (DIR/NAME where the compiler gave its
 * directory), found as a PTX file's are (front/lowered.h). */
static void read_source(const lds_source *src, ag_srcfile *f, const amdgcn_lower_options *o)
{
    char path[LDS_MAX_PATH];
    int n = f->name[0] == '/' || !f->dir ? snprintf(path, sizeof path, "%s", f->name)
                                         : snprintf(path, sizeof path, "%s/%s", f->dir, f->name);
    if (n > 0 && (size_t)n < sizeof path && src->name[0] != '<')
        f->src = lds_source_file_find(o->sources, path, src);
}


static bool wanted(lds_arena *a, const amdgcn_lower_options *o, const ag_func *f)
{
    if (!f->kernel || !f->line)
        return false;
    if (!o->kernel)
        return true;
    const char *s = fw_demangled(a, f->name);
    return !strcmp(o->kernel, f->name) || (s && !strcmp(o->kernel, s)) ||
           (f->source_name && !strcmp(o->kernel, f->source_name));
}

static void no_kernel(const lds_source *src, const amdgcn_lower_options *o, const ag_module *m, lds_diag *diag)
{
    lds_buf names = { 0 };
    for (const ag_func *f = m->funcs; f; f = f->next)
        if (f->kernel && f->line)
            lds_buf_printf(&names, "%s%s", names.len ? ", " : "", f->name);
    if (o->kernel)
        lds_diag_set(diag, (lds_loc){ src, 1, 1 }, "no kernel named '%s' in the file (its kernels: %s)", o->kernel,
                     names.len ? lds_buf_str(&names) : "none");
    else
        lds_diag_set(diag, (lds_loc){ src, 1, 1 },
                     "no kernel in the file (in AMDGPU assembly, a kernel is a function with an .amdhsa_kernel "
                     "descriptor or .amdgpu_metadata entry)");
    lds_buf_free(&names);
}

int amdgcn_lower_file(const lds_source *src, const amdgcn_lower_options *o, csrc_lowered **out, unsigned *n,
                      lds_diag *diag)
{
    *out = NULL;
    *n = 0;
    lds_arena *arena = lds_arena_new();
    ag_module m;
    int rc = ag_parse(src, arena, &m, diag);
    for (unsigned i = 0; rc == 0 && o->sources && i < m.nfiles && i < 64; i++)
        read_source(src, &m.files[i], o);
    unsigned nk = 0;
    for (const ag_func *f = rc == 0 ? m.funcs : NULL; f; f = f->next)
        nk += wanted(arena, o, f);
    if (rc == 0 && nk == 0) {
        no_kernel(src, o, &m, diag);
        rc = -1;
    }
    csrc_lowered *res = rc == 0 ? lds_xcalloc(nk, sizeof *res) : NULL;
    unsigned done = 0;
    for (const ag_func *f = m.funcs; f && rc == 0; f = f->next) {
        if (!wanted(arena, o, f))
            continue;
        pv_ctx pc;
        pv_init(&pc, arena);
        ag_walk w = { .fw = { .rd = &reader, .pc = &pc, .arena = arena, .diag = diag, .src = src, .warn = o->warn,
                              .warn_ctx = o->warn_ctx, .defines = o->defines, .ndefines = o->ndefines },
                      .m = &m, .f = f, .o = o };
        w.argv = lds_xcalloc(f->nargs + 1, sizeof *w.argv);
        rc = lower_kernel(&w, &res[done]);
        pv_fini(&pc);
        lds_free(w.argv);
        lds_free(w.fw.missing);
        if (rc == 0)
            done++;
    }
    ag_module_free(&m);
    lds_arena_free(arena);
    return fw_hand_back(res, done, rc, out, n);
}

/* src/settings.c - the statements that shape the run rather than
 * simulate: arch, set, rules, threads, groups; and the description of a
 * profile's overrides, which every report header carries. */
#include "src/interp.h"

#include <string.h>

#include "sim/phases.h"
#include "sim/sim.h"

void lds_settings_sync(lds_interp *in)
{
    if (!in->threads_given)
        in->threads[0] = in->profile.wave;
    in->env.banks = in->profile.banks;
    in->env.bank_bytes = in->profile.bank_bytes;
    in->env.wave_size = in->profile.wave;
    memcpy(in->env.threads, in->threads, sizeof in->threads);
    in->env.groups = in->groups;
}

int lds_settings_arch(lds_interp *in, const char *name)
{
    const lds_sim_profile *p = lds_sim_profile_find(name);
    if (!p)
        return -1;
    in->profile = *p;
    lds_settings_sync(in);
    return 0;
}

int lds_settings_arch_statement(lds_interp *in, const lds_stmt *s)
{
    const lds_sim_profile *p = lds_sim_profile_find(s->u.arch.name);   /* the parser checked it */
    const lds_sim_profile *chosen = in->arch_option ? lds_sim_profile_find(in->arch_option) : NULL;
    if (!p)
        return -1;
    if (chosen && p != chosen && !in->arch_warned && in->warn) {
        lds_diag w = { 0 };
        lds_diag_set(&w, s->loc, "'arch %s' replaces %s, the profile the command line chose: what follows runs on %s",
                     s->u.arch.name, chosen->name, p->name);
        w.warning = 1;
        in->warn(in->warn_ctx, &w);
        in->arch_warned = true;
    }
    return lds_settings_arch(in, s->u.arch.name);
}

void lds_settings_rules(lds_interp *in, lds_rules which)
{
    in->profile.r2 = which == RULES_SEED ? LDS_R2_STRICT : LDS_R2_WORD;
    in->profile.r3 = which == RULES_SEED ? LDS_R3_SUBSTEPS : LDS_R3_PHASES;
}

/* The entries a set statement's class names ([KIND] WIDTH): bit k*W+wc
 * of *mask for kind k and width class wc.  Returns 0, or -1 (reported). */
static int class_entries(lds_interp *in, const lds_stmt *s, uint32_t *mask)
{
    static const struct { const char *w; int kind; lds_sim_width_class wc; } widths[] = {
        { "b8", -1, LDS_WC_B16 }, { "b16", -1, LDS_WC_B16 }, { "b32", -1, LDS_WC_B32 },
        { "b64", -1, LDS_WC_B64 }, { "b96", -1, LDS_WC_B96 }, { "b128", -1, LDS_WC_B128 },
        { "b128-read", LDS_ACCESS_READ, LDS_WC_B128 }, { "b128-write", LDS_ACCESS_WRITE, LDS_WC_B128 },
    };
    int kind = -1;
    if (s->u.set.kind)
        kind = !strcmp(s->u.set.kind, "read") ? LDS_ACCESS_READ
               : !strcmp(s->u.set.kind, "write") ? LDS_ACCESS_WRITE : LDS_ACCESS_ATOMIC;
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        if (strcmp(widths[i].w, s->u.set.width))
            continue;
        if (widths[i].kind >= 0 && kind >= 0) {
            lds_diag_set(in->diag, s->u.set.word_loc, "'%s' names its kind already: write '%s b128'", widths[i].w,
                         widths[i].kind == LDS_ACCESS_READ ? "read" : "write");
            return -1;
        }
        if (widths[i].kind >= 0)
            kind = widths[i].kind;
        *mask = 0;
        for (int k = 0; k < LDS_ACCESS_KINDS; k++)
            if (kind < 0 || k == kind)
                *mask |= (uint32_t)1 << (k * LDS_WC_COUNT + (int)widths[i].wc);
        return 0;
    }
    lds_diag_set(in->diag, s->u.set.word_loc, "set %s: unknown width '%s' (b8 b16 b32 b64 b96 b128)",
                 s->u.set.key == SET_PHASES ? "phases" : "banks", s->u.set.width);
    return -1;
}

/* The entries of mask: their new phases (NULL: keep) or bank period
 * (0: keep); they become the program's, not the profile's. */
static void set_entries(lds_interp *in, uint32_t mask, const char *phases, unsigned banks)
{
    for (int k = 0; k < LDS_ACCESS_KINDS; k++)
        for (int wc = 0; wc < LDS_WC_COUNT; wc++) {
            if (!(mask >> (k * LDS_WC_COUNT + wc) & 1))
                continue;
            lds_sim_entry *e = &in->profile.geometry[k][wc];
            if (phases)
                memcpy(e->phases, phases, strlen(phases) + 1);
            if (banks)
                e->banks = banks;
            e->confidence = LDS_CONF_SET;
            e->source = LDS_SIM_TEXT_SET;
        }
}

/* set phases [KIND] WIDTH TABLE: a plain number N means contiguous
 * groups of N */
static int set_phases(lds_interp *in, const lds_stmt *s)
{
    const char *table = s->u.set.table;
    size_t len = strlen(table);
    char spec[LDS_SIM_SPEC_LEN];
    uint32_t mask;
    if (class_entries(in, s, &mask) < 0)
        return -1;
    if (len + 2 > sizeof spec) {
        lds_diag_set(in->diag, s->loc, "lane-phase table too long");
        return -1;
    }
    memcpy(spec, table, len + 1);
    if (strspn(table, "0123456789") == len)
        memcpy(spec + len, "c", 2);
    uint8_t map[LDS_SIM_MAX_WAVE];
    const char *why = NULL;
    if (lds_sim_phase_map(spec, LDS_SIM_MAX_WAVE, map, &why) == 0) {
        lds_diag_set(in->diag, s->loc, "bad lane-phase table '%s': %s", table, why);
        return -1;
    }
    set_entries(in, mask, spec, 0);
    return 0;
}

/* set banks [KIND] WIDTH N: one class's bank period */
static int set_class_banks(lds_interp *in, const lds_stmt *s)
{
    uint32_t mask;
    int64_t v;
    if (class_entries(in, s, &mask) < 0
        || lds_exec_uniform(in, s->u.set.value, "a bank period", 1, LDS_SIM_MAX_BANKS, &v) < 0)
        return -1;
    set_entries(in, mask, NULL, (unsigned)v);
    return 0;
}

/* A value that must be a or b or c (spelled in `list`). */
static int one_of(lds_interp *in, const lds_expr *e, const char *what, const char *list, int64_t a, int64_t b,
                  int64_t c, int64_t *v)
{
    if (lds_exec_uniform(in, e, what, a, c, v) < 0)
        return -1;
    if (*v != a && *v != b && *v != c) {
        lds_diag_set(in->diag, e->loc, "%s must be %s, not %lld", what, list, (long long)*v);
        return -1;
    }
    return 0;
}

int lds_settings_set(lds_interp *in, const lds_stmt *s)
{
    lds_sim_profile *p = &in->profile;
    const lds_expr *e = s->u.set.value;
    int64_t v;
    switch (s->u.set.key) {
    case SET_PHASES:
        return set_phases(in, s);
    case SET_R2:
        p->r2 = strcmp(s->u.set.word, "strict") ? LDS_R2_WORD : LDS_R2_STRICT;
        return 0;
    case SET_R3:
        p->r3 = strcmp(s->u.set.word, "substeps") ? LDS_R3_PHASES : LDS_R3_SUBSTEPS;
        return 0;
    case SET_WRITE_MERGE:
        p->write_merge = strcmp(s->u.set.word, "yes") == 0;
        return 0;
    case SET_IDLE_WAVES:
        p->predicate_idle = strcmp(s->u.set.word, "predicate") == 0;
        return 0;
    case SET_BANKS:
        if (s->u.set.width)
            return set_class_banks(in, s);
        if (lds_exec_uniform(in, e, "banks", 1, LDS_SIM_MAX_BANKS, &v) < 0)
            return -1;
        p->banks = (unsigned)v;
        in->banks_warned = false;
        break;
    case SET_BANK_BYTES:
        if (one_of(in, e, "bank_bytes", "4 or 8", 4, 8, 8, &v) < 0)
            return -1;
        p->bank_bytes = (unsigned)v;
        break;
    case SET_WAVE:
        if (one_of(in, e, "wave", "16, 32 or 64", 16, 32, 64, &v) < 0)
            return -1;
        p->wave = (unsigned)v;
        break;
    case SET_LDS:
        if (lds_exec_uniform(in, e, "lds", 16, (int64_t)1 << 40, &v) < 0)
            return -1;
        p->lds_bytes = (uint64_t)v;
        break;
    }
    lds_settings_sync(in);
    return 0;
}

int lds_settings_threads(lds_interp *in, const lds_stmt *s)
{
    int64_t t[3] = { 1, 1, 1 }, total = 1;
    for (unsigned i = 0; i < s->u.threads.n; i++) {
        const lds_expr *e = s->u.threads.dim[i];
        if (lds_exec_uniform(in, e, "a thread count", 1, LDS_MAX_THREADS, &t[i]) < 0)
            return -1;
        total *= t[i];
        if (total > LDS_MAX_THREADS) {
            lds_diag_set(in->diag, s->loc, "more than %lld threads in a workgroup", (long long)LDS_MAX_THREADS);
            return -1;
        }
    }
    memcpy(in->threads, t, sizeof t);
    in->threads_given = true;
    lds_settings_sync(in);
    return 0;
}

int lds_settings_groups(lds_interp *in, const lds_stmt *s)
{
    int64_t v;
    if (lds_exec_uniform(in, s->u.groups.count, "groups", 1, LDS_MAX_GROUPS, &v) < 0)
        return -1;
    in->groups = v;
    lds_settings_sync(in);
    return 0;
}

void lds_settings_check_banks(lds_interp *in, const lds_stmt *s, unsigned width)
{
    const lds_sim_profile *p = &in->profile, *b = lds_sim_profile_find(p->name);
    lds_sim_kind kind = (lds_sim_kind)s->u.access.kind;
    if (in->banks_warned || !in->warn || !b || p->banks == b->banks || p->r3 != LDS_R3_PHASES)
        return;
    const lds_sim_entry *e = lds_sim_entry_of(p, kind, width);
    if (e->banks || strcmp(e->phases, lds_sim_entry_of(b, kind, width)->phases))
        return;   /* the program gave this class its own period or phases */
    unsigned words = lds_sim_phase_words(p, kind, width);
    if (words == 0 || words == p->banks)
        return;
    lds_diag w = { 0 };
    const char *cls = lds_sim_width_class_name(lds_sim_width_class_of(width));
    lds_diag_set(&w, s->loc, "set banks %u keeps %s's %s %s phases (%s: %u words a phase); set them too (set phases %s %s N) or its ideal passes are not those of a %u-bank part",
                 p->banks, p->name, lds_sim_kind_name(kind), cls, e->phases, words, lds_sim_kind_name(kind),
                 width <= 2 ? "b16" : cls, p->banks);
    w.warning = 1;
    in->banks_warned = true;
    in->warn(in->warn_ctx, &w);
}
